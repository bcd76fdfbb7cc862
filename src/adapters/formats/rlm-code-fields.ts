/**
 * The fields of an rlm-code summary that benchgate names, with their types: case rows of every mode
 * (native, harness, direct-llm, failure; see shared/reference/rlm-code-format.md) and the top level.
 */
import { z } from 'zod';
import { bool, count, nonEmptyStr, nullableBool, nullableStr, num, seconds, str } from '../parsing/fields.js';
import { tableCheck, tableShape, type FieldTable, type RowOf } from '../parsing/field-kinds.js';

export const Counts = z.object({ total_calls: count(), prompt_tokens: count(), completion_tokens: count() });
const Latency = z.object({ avg: num(), p50: num(), p95: num(), p99: num(), max: num() });

const optStr = { kind: 'string', optional: true, nullable: true } as const;
const optCount = { kind: 'count', optional: true } as const;

/** Every field of a case row that benchgate names, of any mode (native, harness, direct-llm, failure). */
const ROW_FIELDS = {
  case_id: { kind: 'id' },
  completed: { kind: 'bool' },
  steps: { kind: 'count' },
  total_reward: { kind: 'number' },
  duration_seconds: { kind: 'seconds', optional: true, nullable: true },
  usage: { kind: 'usage', optional: true, nullable: true },
  error: optStr,
  mode: optStr,
  environment: optStr,
  description: optStr,
  task: optStr,
  started_at: optStr,
  finished_at: optStr,
  run_id: optStr,
  run_path: optStr,
  final_response: optStr,
  task_family: optStr,
  domain: optStr,
  split: optStr,
  length_bucket: optStr,
  expected_answer: { kind: 'unknown', optional: true },
  answer_match: { kind: 'bool', optional: true, nullable: true },
  mcp_enabled: { kind: 'bool', optional: true, nullable: true },
  mcp_server: optStr,
  harness_strategy: optStr,
  harness_tool_calls: optCount,
  mcp_tool_calls: optCount,
  codemode_chain_calls: optCount,
  codemode_search_calls: optCount,
  codemode_discovery_calls: optCount,
  codemode_guardrail_blocked: { kind: 'bool', optional: true },
} as const satisfies FieldTable;
/** Names exact problems; run only on rows {@link isValidRow} refuses. */
export const RawCase = z.object(tableShape(ROW_FIELDS));
export type RawCase = RowOf<typeof ROW_FIELDS>;
/** Accepts exactly what RawCase accepts, ten times faster (see field-kinds.ts). */
export const isValidRow = tableCheck(ROW_FIELDS);
export const ROW_KEYS = new Set(Object.keys(ROW_FIELDS));

const TOP_SHAPE = {
  benchmark_id: nonEmptyStr().nullable().optional(), // rlm-code: `benchmark_id or file stem`
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
export const RawSummary = z.looseObject(TOP_SHAPE);
export type RawSummary = z.infer<typeof RawSummary>;
export const TOP_KEYS = new Set(Object.keys(TOP_SHAPE));
