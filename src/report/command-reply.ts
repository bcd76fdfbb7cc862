/**
 * mode command's replies besides the acceptance's (acceptance-report.ts): `/benchgate explain
 * <case>` and the short notes (a rerun asked, no gate run yet). Every string from a summary is
 * escaped by the one escaping function; each reply starts with the reply marker, which is not the
 * sticky comment's, so it is never mistaken for the report.
 */
import type { Comparison } from '../analysis/compare.js';
import { REPLY_MARKER } from './acceptance-report.js';
import { fitMarkdown } from './markdown/fit.js';
import { untrusted } from './markdown/markdown.js';
import { reward4 } from './markdown/words.js';
import { caseEvidence } from './sections/evidence.js';

/** A comment's limit is 65,536 characters (GitHub's); a reply keeps well under it. */
const REPLY_CHARS = 60_000;

/** A note of benchgate's own words (safe as given). */
export function renderNoteReply(text: string): string {
  return `${REPLY_MARKER}\n${text}\n`;
}

const outcome = (completed: boolean, error: string | null): string =>
  completed ? 'completed' : error === null ? 'not completed' : `not completed (${untrusted(error, { maxLength: 200 })})`;

/** `/benchgate explain <case>`: the case on both sides, and its evidence when the gate gathered it. */
export function renderExplainReply(cmp: Comparison, caseId: string): string {
  const row = cmp.cases.filter((r) => r.case_id === caseId)[0];
  const name = untrusted(caseId, { maxLength: 120 });
  if (row === undefined) return renderNoteReply(`The case ${name} is not in this comparison.`);
  const side = (label: string, here: boolean, completed: boolean, reward: number, steps: number, error: string | null) =>
    here ? `- ${label}: ${outcome(completed, error)}, reward ${reward4(reward)}, ${steps} steps` : `- ${label}: not run`;
  const lines = [
    REPLY_MARKER,
    `#### The case ${name}${row.completion_regression ? ': a completion regression' : ''}`,
    '',
    side('Baseline', row.in_baseline, row.baseline_completed, row.baseline_reward, row.baseline_steps, row.baseline_error),
    side('Candidate', row.in_candidate, row.candidate_completed, row.candidate_reward, row.candidate_steps, row.candidate_error),
    '',
    ...(caseEvidence(cmp, caseId) ?? ['The gate gathered no trajectories for this case (only regressed cases have them, when the suite writes them).']),
  ];
  return fitMarkdown(
    `${lines.join('\n')}\n`,
    { max: REPLY_CHARS, unit: 'chars' },
    '> [!NOTE]\n> Cut to fit a comment; the whole evidence is in the report artifact.',
  ).text;
}
