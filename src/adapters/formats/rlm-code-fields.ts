/**
 * rlm-code's summary format, written once: every field of a case row (of any mode: native, harness,
 * direct-llm, failure; see shared/reference/rlm-code-format.md) and of the top level that benchgate
 * names, with its kind. Both readers derive what they check from these tables: the full reader
 * (rlm-code.ts) its zod schemas and fast row predicate (parsing/field-kinds.ts, field-checks.ts),
 * the streaming reader (rlm-code-stream.ts) its keys, the kind it scans each value as, and its
 * check of the top level. Where a value goes once read is in `toCase` (rlm-code.ts), `pack` of
 * the streaming reader and {@link rlmCodeHead}, all typed by these tables.
 *
 * No zod here: the loading thread's small entry (load/load-worker.ts) imports this file.
 */
import type { BenchmarkSummary } from '../../schema/summary.js';
import { type FieldTable, type RowOf, tableCheck } from '../parsing/field-checks.js';

/** The counters of a usage object and of each of its roles (and of the top level's `usage_totals`). */
const COUNTER_FIELDS = {
  total_calls: { kind: 'count' },
  prompt_tokens: { kind: 'count' },
  completion_tokens: { kind: 'count' },
} as const satisfies FieldTable;

/** A case's `usage`: its counters, and per-role counters (checked, not kept when packed). */
export const USAGE_FIELDS = {
  ...COUNTER_FIELDS,
  roles: { kind: 'record', fields: COUNTER_FIELDS, optional: true, nullable: true },
} as const satisfies FieldTable;

const optStr = { kind: 'string', optional: true, nullable: true } as const;
/** A string the packed form keeps: a label column (schema/pack.ts COLUMNS) or the error text. */
const packedStr = { ...optStr, packed: true } as const;
const optCount = { kind: 'count', optional: true } as const;

/** Every field of a case row that benchgate names, of any mode (native, harness, direct-llm, failure). */
export const ROW_FIELDS = {
  case_id: { kind: 'id' },
  completed: { kind: 'bool' },
  steps: { kind: 'count' },
  total_reward: { kind: 'number' },
  duration_seconds: { kind: 'seconds', optional: true, nullable: true },
  usage: { kind: 'object', fields: USAGE_FIELDS, optional: true, nullable: true },
  error: packedStr,
  mode: packedStr,
  environment: packedStr,
  description: optStr,
  task: optStr,
  started_at: optStr,
  finished_at: optStr,
  run_id: optStr,
  run_path: optStr,
  final_response: optStr,
  task_family: packedStr,
  domain: packedStr,
  split: packedStr,
  length_bucket: packedStr,
  expected_answer: { kind: 'unknown', optional: true },
  answer_match: { kind: 'bool', optional: true, nullable: true },
  mcp_enabled: { kind: 'bool', optional: true, nullable: true },
  mcp_server: packedStr,
  harness_strategy: packedStr,
  harness_tool_calls: optCount,
  mcp_tool_calls: optCount,
  codemode_chain_calls: optCount,
  codemode_search_calls: optCount,
  codemode_discovery_calls: optCount,
  codemode_guardrail_blocked: { kind: 'bool', optional: true },
} as const satisfies FieldTable;
export type RawCase = RowOf<typeof ROW_FIELDS>;
/** Accepts exactly what rlm-code.ts `RawCase` accepts, ten times faster (see field-checks.ts). */
export const isValidRow = tableCheck(ROW_FIELDS);
export const ROW_KEYS: ReadonlySet<string> = new Set(Object.keys(ROW_FIELDS));

const LATENCY_FIELDS = {
  avg: { kind: 'number' },
  p50: { kind: 'number' },
  p95: { kind: 'number' },
  p99: { kind: 'number' },
  max: { kind: 'number' },
} as const satisfies FieldTable;

/** The top-level fields benchgate names; others are kept as the summary's `extra`. */
export const TOP_FIELDS = {
  benchmark_id: { kind: 'id', optional: true, nullable: true }, // rlm-code: `benchmark_id or file stem`
  preset: optStr,
  mode: optStr,
  mcp_enabled: { kind: 'bool', optional: true, nullable: true },
  mcp_server: optStr,
  harness_strategy: optStr,
  model: optStr,
  source: optStr,
  description: optStr,
  pack_paths: { kind: 'strings', optional: true },
  started_at: optStr,
  finished_at: optStr,
  duration_seconds: { kind: 'seconds', optional: true, nullable: true },
  total_cases: { kind: 'count' },
  attempted_cases: optCount,
  completed_cases: { kind: 'count' },
  avg_reward: { kind: 'number' },
  avg_steps: { kind: 'number' },
  latency_seconds: { kind: 'object', fields: LATENCY_FIELDS, optional: true },
  usage_totals: { kind: 'object', fields: COUNTER_FIELDS, optional: true },
  cancelled: { kind: 'bool', optional: true },
  case_results: { kind: 'rows' },
} as const satisfies FieldTable;
export type RawSummary = RowOf<typeof TOP_FIELDS>;
/** Accepts exactly what rlm-code.ts `RawSummary` accepts (the rows themselves are checked one by one). */
export const isValidTop = tableCheck(TOP_FIELDS);
export const TOP_KEYS: ReadonlySet<string> = new Set(Object.keys(TOP_FIELDS));

/** The file stem: rlm-code's id for a summary without `benchmark_id`. */
function fileStem(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.json$/i, '') || base;
}

/** Only the named fields of a validated nested object, in the table's order (as zod leaves it). */
function pick<T extends FieldTable>(table: T, o: RowOf<T>): RowOf<T> {
  const out: Record<string, unknown> = {};
  for (const key in table) out[key] = o[key];
  return out as RowOf<T>;
}

/**
 * Everything of the summary but the cases, from a validated top level (`top`: {@link isValidTop}
 * accepts it) and its unknown fields. `schema`: schema/summary.ts SUMMARY_SCHEMA (passed in: that
 * module builds zod schemas).
 */
export function rlmCodeHead(
  file: string,
  top: RawSummary,
  extra: Record<string, unknown>,
  schema: BenchmarkSummary['schema'],
): Omit<BenchmarkSummary, 'cases'> {
  return {
    schema,
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
      pack_paths: top.pack_paths === undefined ? [] : [...top.pack_paths],
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
      latency_seconds: top.latency_seconds === undefined ? null : pick(LATENCY_FIELDS, top.latency_seconds),
      usage_totals: top.usage_totals === undefined ? null : pick(COUNTER_FIELDS, top.usage_totals),
    },
    metadata: {},
    extra,
  };
}
