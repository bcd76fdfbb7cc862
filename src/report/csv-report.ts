/**
 * The per-case CSV report: rlm-code's columns and number formats exactly (so its consumers keep
 * working), but quoted per RFC 4180 where rlm-code writes ids with commas or quotes unescaped and
 * breaks the row. Line ends are `\n` as rlm-code writes them (RFC 4180 readers accept both).
 */
import type { Comparison } from '../analysis/compare.js';
import type { CaseRow } from '../analysis/rlm/pair.js';
import { pyFixed } from '../stats/format.js';
import { joinLines } from './markdown/lines.js';

export const CSV_COLUMNS = [
  'case_id',
  'baseline_completed',
  'candidate_completed',
  'baseline_reward',
  'candidate_reward',
  'reward_delta',
  'baseline_steps',
  'candidate_steps',
  'steps_delta',
] as const;

/** Quotes a field when it holds a comma, a quote, or a line break (RFC 4180 section 2). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvLine(r: CaseRow): string {
  return [
    csvField(r.case_id),
    r.baseline_completed ? '1' : '0',
    r.candidate_completed ? '1' : '0',
    pyFixed(r.baseline_reward, 4),
    pyFixed(r.candidate_reward, 4),
    pyFixed(r.reward_delta, 4, true),
    String(r.baseline_steps),
    String(r.candidate_steps),
    pyFixed(r.steps_delta, 2, true),
  ].join(',');
}

export function renderCsv(cmp: Comparison): string {
  const header = CSV_COLUMNS.join(',');
  return cmp.cases.length === 0 ? `${header}\n` : `${header}\n${joinLines(cmp.cases, csvLine)}\n`;
}
