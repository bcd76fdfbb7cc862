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
import { InputError } from '../errors.js';
import {
  SUMMARY_SCHEMA,
  type BenchmarkSummary,
  type CaseResult,
  type CaseUsage,
  type HarnessCounters,
} from '../schema/summary.js';
import { bool, count, nonEmptyStr, nullableBool, nullableStr, num, seconds, str } from './fields.js';
import { formatPath } from './json-locate.js';
import { formatIssues, MAX_LISTED_PROBLEMS, throwProblems } from './issues.js';

const Counts = z.object({ total_calls: count(), prompt_tokens: count(), completion_tokens: count() });
const RawUsage = Counts.extend({ roles: z.record(z.string(), Counts).nullable().optional() });
const Latency = z.object({ avg: num(), p50: num(), p95: num(), p99: num(), max: num() });

const ROW_SHAPE = {
  case_id: nonEmptyStr(),
  completed: bool(),
  steps: count(),
  total_reward: num(),
  duration_seconds: seconds().nullable().optional(),
  usage: RawUsage.nullable().optional(),
  error: nullableStr().optional(),
  mode: nullableStr().optional(),
  environment: nullableStr().optional(),
  description: nullableStr().optional(),
  task: nullableStr().optional(),
  started_at: nullableStr().optional(),
  finished_at: nullableStr().optional(),
  run_id: nullableStr().optional(),
  run_path: nullableStr().optional(),
  final_response: nullableStr().optional(),
  task_family: nullableStr().optional(),
  domain: nullableStr().optional(),
  split: nullableStr().optional(),
  length_bucket: nullableStr().optional(),
  expected_answer: z.unknown().optional(),
  answer_match: nullableBool().optional(),
  mcp_enabled: nullableBool().optional(),
  mcp_server: nullableStr().optional(),
  harness_strategy: nullableStr().optional(),
  harness_tool_calls: count().optional(),
  mcp_tool_calls: count().optional(),
  codemode_chain_calls: count().optional(),
  codemode_search_calls: count().optional(),
  codemode_discovery_calls: count().optional(),
  codemode_guardrail_blocked: bool().optional(),
};
const RawCase = z.looseObject(ROW_SHAPE);
type RawCase = z.infer<typeof RawCase>;
const ROW_KEYS = new Set(Object.keys(ROW_SHAPE));

const TOP_SHAPE = {
  benchmark_id: nonEmptyStr().optional(),
  preset: nullableStr().optional(),
  mode: nullableStr().optional(),
  mcp_enabled: nullableBool().optional(),
  mcp_server: nullableStr().optional(),
  harness_strategy: nullableStr().optional(),
  model: nullableStr().optional(),
  source: nullableStr().optional(),
  description: nullableStr().optional(),
  pack_paths: z.array(str()).optional(),
  started_at: nullableStr().optional(),
  finished_at: nullableStr().optional(),
  duration_seconds: seconds().nullable().optional(),
  total_cases: count(),
  attempted_cases: count().optional(),
  completed_cases: count(),
  avg_reward: num(),
  avg_steps: num(),
  latency_seconds: Latency.optional(),
  usage_totals: Counts.optional(),
  cancelled: bool().optional(),
  case_results: z.array(z.unknown(), { error: 'expected an array of case rows' }),
};
const RawSummary = z.looseObject(TOP_SHAPE);
type RawSummary = z.infer<typeof RawSummary>;
const TOP_KEYS = new Set(Object.keys(TOP_SHAPE));

/** True when `data` looks like an rlm-code summary (used by format detection). */
export function isRlmCodeSummary(data: unknown): boolean {
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'case_results' in data;
}

/** Why `data` is not an rlm-code summary, for detection errors. */
export const RLM_CODE_SHAPE = 'an rlm-code summary: a JSON object with `case_results`, `total_cases`, `completed_cases`, `avg_reward`, `avg_steps`';

function caseLabel(rows: readonly unknown[], index: number): string {
  const row = rows[index];
  const id = typeof row === 'object' && row !== null ? (row as { case_id?: unknown }).case_id : undefined;
  return typeof id === 'string' && id !== '' ? `case ${JSON.stringify(id)} ` : '';
}

function parseRows(file: string, rows: readonly unknown[]): RawCase[] {
  const out: RawCase[] = [];
  const problems: string[] = [];
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      total++;
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(`$.case_results[${i}]: expected a case object`);
      continue;
    }
    const parsed = RawCase.safeParse(row);
    if (parsed.success) {
      out.push(parsed.data);
      continue;
    }
    total += parsed.error.issues.length;
    const where = (p: readonly PropertyKey[]) =>
      `${caseLabel(rows, i)}(${formatPath(['case_results', i, ...(p as (string | number)[])])})`;
    problems.push(...formatIssues(parsed.error.issues, row, where).slice(0, MAX_LISTED_PROBLEMS));
  }
  if (total > 0) throwProblems(file, problems, total);
  return out;
}

function checkUniqueIds(file: string, rows: readonly RawCase[]): void {
  const seen = new Map<string, number>();
  const dups: string[] = [];
  rows.forEach((row, i) => {
    const first = seen.get(row.case_id);
    if (first === undefined) seen.set(row.case_id, i);
    else dups.push(`case ${JSON.stringify(row.case_id)} appears at $.case_results[${first}] and [${i}]`);
  });
  if (dups.length > 0) {
    throwProblems(file, dups.map((d) => `duplicate case id: ${d}; expected each case_id once`), dups.length);
  }
}

function toUsage(raw: RawCase['usage']): CaseUsage | null {
  if (!raw) return null;
  const { total_calls, prompt_tokens, completion_tokens } = raw;
  return { total_calls, prompt_tokens, completion_tokens, roles: raw.roles ?? null };
}

function toHarness(r: RawCase): HarnessCounters | null {
  const isHarness =
    r.mode === 'harness' || r.harness_tool_calls !== undefined || r.codemode_guardrail_blocked !== undefined;
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

function extraOf(raw: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) if (!known.has(key)) extra[key] = raw[key];
  return extra;
}

function toCase(r: RawCase): CaseResult {
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
    extra: extraOf(r, ROW_KEYS),
  };
}

function parseTop(file: string, data: unknown): RawSummary {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InputError(`${file}: expected ${RLM_CODE_SHAPE}`);
  }
  const parsed = RawSummary.safeParse(data);
  if (!parsed.success) throwProblems(file, formatIssues(parsed.error.issues, data));
  return parsed.data;
}

/** The file stem: rlm-code's id for a summary without `benchmark_id`. */
function fileStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, '') || base;
}

/** Converts a parsed rlm-code summary read from `file` into the canonical summary. */
export function fromRlmCode(file: string, data: unknown): BenchmarkSummary {
  const top = parseTop(file, data);
  const rows = parseRows(file, top.case_results);
  checkUniqueIds(file, rows);
  return {
    schema: SUMMARY_SCHEMA,
    id: top.benchmark_id ?? fileStem(file),
    format: 'rlm-code',
    run: {
      preset: top.preset ?? null,
      mode: top.mode ?? null,
      mcp_enabled: top.mcp_enabled ?? null,
      mcp_server: top.mcp_server ?? null,
      harness_strategy: top.harness_strategy ?? null,
      model: top.model ?? null,
      source: top.source ?? null,
      description: top.description ?? null,
      pack_paths: top.pack_paths ?? [],
      started_at: top.started_at ?? null,
      finished_at: top.finished_at ?? null,
      duration_seconds: top.duration_seconds ?? null,
      cancelled: top.cancelled ?? null,
    },
    reported: {
      total_cases: top.total_cases,
      attempted_cases: top.attempted_cases ?? null,
      completed_cases: top.completed_cases,
      avg_reward: top.avg_reward,
      avg_steps: top.avg_steps,
      latency_seconds: top.latency_seconds ?? null,
      usage_totals: top.usage_totals ?? null,
    },
    metadata: {},
    cases: rows.map(toCase),
    extra: extraOf(top, TOP_KEYS),
  };
}
