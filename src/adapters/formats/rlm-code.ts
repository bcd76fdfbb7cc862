/**
 * rlm-code benchmark summaries (`.rlm_code/rlm/benchmarks/<benchmark_id>.json`) to the canonical
 * summary. Covers native, harness, direct-llm and failure rows (see shared/reference/rlm-code-format.md)
 * and older hand-made summaries without `mode`, `attempted_cases`, `latency_seconds`, `usage_totals`
 * or `cancelled`.
 *
 * Stricter than rlm-code where rlm-code would pass broken data: `completed` must be a boolean (rlm-code
 * counts the string "false" as completed), numbers must be finite, case ids non-empty unique strings.
 */
import { z } from 'zod';

import { InputError } from '../../errors.js';
import { type CaseFields, type PackedSummary, SummaryPacker } from '../../schema/pack.js';
import { type BenchmarkSummary, type CaseResult, type CaseUsage, type HarnessCounters, SUMMARY_SCHEMA } from '../../schema/summary.js';
import { tableShape } from '../parsing/field-kinds.js';
import { assertFiniteValues, caseAwarePath, formatIssues, MAX_LISTED_PROBLEMS, throwProblems } from '../parsing/issues.js';
import { formatPath } from '../parsing/json-locate.js';
import { isValidRow, type RawCase, type RawSummary, rlmCodeHead, ROW_FIELDS, ROW_KEYS, TOP_FIELDS, TOP_KEYS } from './rlm-code-fields.js';

/** True when `data` looks like an rlm-code summary (used by format detection). */
export function isRlmCodeSummary(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'case_results' in data;
}

/** Why `data` is not an rlm-code summary, for detection errors. */
export const RLM_CODE_SHAPE = 'an rlm-code summary: a JSON object with `case_results`, `total_cases`, `completed_cases`, `avg_reward`, `avg_steps`';

/** Names exact problems; run only on rows {@link isValidRow} refuses. */
const RowSchema = z.object(tableShape(ROW_FIELDS));
/** The top level; unknown fields are allowed (kept as the summary's `extra`). */
const TopSchema = z.looseObject(tableShape(TOP_FIELDS));

/** Receives each valid row, with its unknown fields, while no row has failed. */
type RowSink = (raw: RawCase, extra: Record<string, unknown>) => void;

/**
 * Validates every row and hands the valid ones to `sink` at once, so zod's intermediate objects die
 * young (a 100,000-row file otherwise keeps 100,000 of them alive until the end, and the collector pays).
 */
function parseRows(file: string, rows: readonly unknown[], sink: RowSink): void {
  const problems: string[] = [];
  const locate = caseAwarePath({ case_results: rows }, 'case_results', 'case_id');
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      total++;
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(`$.case_results[${i}]: expected a case object`);
      continue;
    }
    if (isValidRow(row)) {
      const raw = row as Record<string, unknown>;
      const kept = extraOf(raw, ROW_KEYS);
      const answer = raw['expected_answer'];
      if (kept !== NO_EXTRA || (answer != null && typeof answer !== 'string')) {
        assertFiniteValues(file, { ...kept, expected_answer: answer }, ['case_results', i], locate);
      }
      if (total === 0) sink(raw as RawCase, kept);
      continue;
    }
    const parsed = RowSchema.safeParse(row);
    if (parsed.success) throw new Error(`row ${i}: the fast row check and the schema disagree`);
    total += parsed.error.issues.length;
    const where = (p: readonly PropertyKey[]) => locate(['case_results', i, ...p]);
    problems.push(...formatIssues(parsed.error.issues, row, where).slice(0, MAX_LISTED_PROBLEMS));
  }
  if (total > 0) throwProblems(file, problems, total);
}

function isAscending(ids: readonly string[]): boolean {
  for (let i = 1; i < ids.length; i++) if (!((ids[i - 1] as string) < (ids[i] as string))) return false;
  return true;
}

/** `sorted`: the ids are known to be strictly ascending. */
function checkUniqueIds(file: string, ids: readonly string[], sorted = false): void {
  // Strictly ascending ids are unique: the common case needs no map.
  if (sorted || isAscending(ids)) return;
  const seen = new Map<string, number>();
  const dups: string[] = [];
  ids.forEach((id, i) => {
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else dups.push(`case ${JSON.stringify(id)} appears at $.case_results[${first}] and [${i}]`);
  });
  if (dups.length > 0) {
    throwProblems(
      file,
      dups.map((d) => `duplicate case id: ${d}; expected each case_id once`),
      dups.length,
    );
  }
}

/** The usage counters; per-role counters are kept as validated (the same objects, not copies). */
function toUsage(raw: RawCase['usage']): CaseUsage | null {
  if (!raw) return null;
  return { total_calls: raw.total_calls, prompt_tokens: raw.prompt_tokens, completion_tokens: raw.completion_tokens, roles: raw.roles ?? null };
}

function toHarness(r: RawCase): HarnessCounters | null {
  const isHarness = r.mode === 'harness' || r.harness_tool_calls !== undefined || r.codemode_guardrail_blocked !== undefined;
  if (!isHarness) return null;
  return {
    mcp_enabled: r.mcp_enabled ?? null,
    mcp_server: r.mcp_server ?? null,
    harness_strategy: r.harness_strategy ?? null,
    harness_tool_calls: r.harness_tool_calls ?? 0,
    mcp_tool_calls: r.mcp_tool_calls ?? 0,
    codemode_chain_calls: r.codemode_chain_calls ?? 0,
    codemode_search_calls: r.codemode_search_calls ?? 0,
    codemode_discovery_calls: r.codemode_discovery_calls ?? 0,
    codemode_guardrail_blocked: r.codemode_guardrail_blocked ?? false,
  };
}

/** Shared by every row without unknown fields (most rows), so 100,000 rows do not allocate 100,000 empty objects. */
const NO_EXTRA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function extraOf(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  let extra: Record<string, unknown> | null = null;
  for (const key in raw) {
    if (!known.has(key)) (extra ??= {})[key] = raw[key];
  }
  return extra ?? NO_EXTRA;
}

function toCase(r: RawCase, extra: Record<string, unknown>): CaseResult {
  return {
    id: r.case_id,
    completed: r.completed,
    reward: r.total_reward,
    steps: r.steps,
    duration_seconds: r.duration_seconds ?? null,
    usage: toUsage(r.usage),
    error: r.error ?? null,
    mode: r.mode ?? null,
    labels: {
      environment: r.environment ?? null,
      task_family: r.task_family ?? null,
      domain: r.domain ?? null,
      split: r.split ?? null,
      length_bucket: r.length_bucket ?? null,
    },
    harness: toHarness(r),
    description: r.description ?? null,
    task: r.task ?? null,
    started_at: r.started_at ?? null,
    finished_at: r.finished_at ?? null,
    run_id: r.run_id ?? null,
    run_path: r.run_path ?? null,
    final_response: r.final_response ?? null,
    expected_answer: r.expected_answer ?? null,
    answer_match: r.answer_match ?? null,
    extra,
  };
}

function parseTop(file: string, data: unknown): RawSummary {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputError(`${file}: expected ${RLM_CODE_SHAPE}`);
  }
  // zod would copy the whole row array to accept its items as unknown: check the rest, keep the rows.
  const rows = (data as Record<string, unknown>)['case_results'];
  const parsed = TopSchema.safeParse(Array.isArray(rows) ? { ...data, case_results: [] } : data);
  if (!parsed.success) throwProblems(file, formatIssues(parsed.error.issues, data));
  return { ...(parsed.data as RawSummary), case_results: rows as unknown[] };
}

/** Everything but the cases; checks the unknown top-level fields. */
function headOf(file: string, top: RawSummary, data: unknown): Omit<BenchmarkSummary, 'cases'> {
  const topExtra = extraOf(data as Record<string, unknown>, TOP_KEYS);
  assertFiniteValues(file, topExtra, [], (p) => formatPath(p as (string | number)[]));
  return rlmCodeHead(file, top, topExtra, SUMMARY_SCHEMA);
}

/** Converts a parsed rlm-code summary read from `file` into the canonical summary. */
export function fromRlmCode(file: string, data: unknown): BenchmarkSummary {
  const top = parseTop(file, data);
  const cases: CaseResult[] = [];
  parseRows(file, top.case_results, (raw, extra) => cases.push(toCase(raw, extra)));
  checkUniqueIds(
    file,
    cases.map((c) => c.id),
  );
  const { extra, ...head } = headOf(file, top, data);
  return { ...head, cases, extra };
}

/**
 * {@link fromRlmCode} straight into the packed form (same checks, same errors): each row is packed
 * as it is validated, so no case object outlives its row.
 */
export function packRlmCode(file: string, data: unknown, keep?: CaseFields): PackedSummary {
  const top = parseTop(file, data);
  const packer = new SummaryPacker(top.case_results.length, keep);
  parseRows(file, top.case_results, (raw, extra) => packer.add(toCase(raw, extra)));
  checkUniqueIds(file, packer.ids, packer.sortedIds);
  return packer.finish(headOf(file, top, data));
}
