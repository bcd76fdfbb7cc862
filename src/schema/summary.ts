/**
 * The canonical benchmark summary: what every adapter produces and what the analysis reads.
 *
 * It is a file format (normalized summaries are stored as artifacts and read back), so its keys are
 * snake_case like the benchmark tools it comes from, and it is versioned by {@link SUMMARY_SCHEMA}.
 * Nothing an adapter reads is dropped: fields the model does not name go to `extra`.
 */
import { z } from 'zod';

/** Identifies the canonical format and its version; bump on any incompatible change. */
export const SUMMARY_SCHEMA = 'benchgate.summary/v1';

const nullableString = z.string().nullable();
const count = z.int().nonnegative();

/** LLM usage of one case or one role: call and token counts (integers). */
export const UsageCounts = z.object({
  total_calls: count,
  prompt_tokens: count,
  completion_tokens: count,
});
export type UsageCounts = z.infer<typeof UsageCounts>;

/** Usage of one case; `roles` splits it by model role (rlm-code native runs: `root`, `sub`). */
export const CaseUsage = UsageCounts.extend({
  roles: z.record(z.string(), UsageCounts).nullable(),
});
export type CaseUsage = z.infer<typeof CaseUsage>;

/** Harness-mode counters of one case (rlm-code `HarnessRunner`); null for other modes. */
export const HarnessCounters = z.object({
  mcp_enabled: z.boolean().nullable(),
  mcp_server: nullableString,
  harness_strategy: nullableString,
  harness_tool_calls: count,
  mcp_tool_calls: count,
  codemode_chain_calls: count,
  codemode_search_calls: count,
  codemode_discovery_calls: count,
  codemode_guardrail_blocked: z.boolean(),
});
export type HarnessCounters = z.infer<typeof HarnessCounters>;

/** Grouping labels of a case, used for slices and clusters. Unknown is null. */
export const CaseLabels = z.object({
  environment: nullableString,
  task_family: nullableString,
  domain: nullableString,
  split: nullableString,
  length_bucket: nullableString,
});
export type CaseLabels = z.infer<typeof CaseLabels>;

/** One case of one run. */
export const CaseResult = z.object({
  /** Non-empty, unique within a run. */
  id: z.string().min(1),
  /** Whether the case finished (rlm-code `completed`); strictly a boolean. */
  completed: z.boolean(),
  /** rlm-code `total_reward`: may exceed 1 (native) and is -1.0 on failure rows. */
  reward: z.number(),
  /** Agent steps taken; 0 on failure rows. */
  steps: count,
  /** Wall time of the case in seconds; null when the tool did not record it. */
  duration_seconds: z.number().nonnegative().nullable(),
  /** Null when the row has no usage (rlm-code failure rows). */
  usage: CaseUsage.nullable(),
  /** The exception text of a failure row; null otherwise. */
  error: nullableString,
  mode: nullableString,
  labels: CaseLabels,
  harness: HarnessCounters.nullable(),
  description: nullableString,
  task: nullableString,
  started_at: nullableString,
  finished_at: nullableString,
  run_id: nullableString,
  run_path: nullableString,
  final_response: nullableString,
  expected_answer: z.unknown(),
  /** Only meaningful when an expected answer was set; null otherwise. */
  answer_match: z.boolean().nullable(),
  /** Every field of the source row this model does not name, kept verbatim. */
  extra: z.record(z.string(), z.unknown()),
});
export type CaseResult = z.infer<typeof CaseResult>;

/** Latency statistics over case durations, seconds. */
export const LatencyStats = z.object({
  avg: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  max: z.number(),
});
export type LatencyStats = z.infer<typeof LatencyStats>;

/** Run-level facts: what was run and how. Unknown is null. */
export const RunInfo = z.object({
  preset: nullableString,
  /** `native` | `harness` | `direct-llm` for rlm-code; null when the summary predates the field. */
  mode: nullableString,
  mcp_enabled: z.boolean().nullable(),
  mcp_server: nullableString,
  harness_strategy: nullableString,
  model: nullableString,
  source: nullableString,
  description: nullableString,
  pack_paths: z.array(z.string()),
  started_at: nullableString,
  finished_at: nullableString,
  duration_seconds: z.number().nonnegative().nullable(),
  /** True when the run was cancelled; null when the summary does not say. */
  cancelled: z.boolean().nullable(),
});
export type RunInfo = z.infer<typeof RunInfo>;

/**
 * The aggregates as the tool reported them at the top level. rlm-code's gates read these, not
 * the case rows, so they are kept exactly; the integrity checks compare them with the rows.
 */
export const ReportedTotals = z.object({
  total_cases: count,
  /** Null when the summary predates the field. */
  attempted_cases: count.nullable(),
  completed_cases: count,
  avg_reward: z.number(),
  avg_steps: z.number(),
  latency_seconds: LatencyStats.nullable(),
  usage_totals: UsageCounts.nullable(),
});
export type ReportedTotals = z.infer<typeof ReportedTotals>;

/** A metadata value stamped on a run (commit, model, seed …). */
export const MetadataValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const BenchmarkSummary = z.object({
  schema: z.literal(SUMMARY_SCHEMA),
  /** rlm-code `benchmark_id`, or the file stem when the summary has none. */
  id: z.string().min(1),
  /** The source format the summary was read from, e.g. `rlm-code`. */
  format: z.string(),
  run: RunInfo,
  reported: ReportedTotals,
  metadata: z.record(z.string(), MetadataValue),
  cases: z.array(CaseResult),
  /** Top-level fields of the source this model does not name, kept verbatim. */
  extra: z.record(z.string(), z.unknown()),
});
export type BenchmarkSummary = z.infer<typeof BenchmarkSummary>;

/**
 * Metadata an adapter sets when its format tells a case that raised (no answer at all) from one that
 * was measured and failed: how many cases produced an answer. 0 with case rows is an empty run.
 * (A failing JUnit test is a measurement; a model call that raised is not.)
 */
export const ANSWERED_CASES = 'answered_cases';

/**
 * Metadata an adapter sets when its format may record a measure per case but no case of this run
 * does: the measures, comma-separated (`steps`, `calls`). The 0s the schema holds for them then mean
 * unknown, as for a format that never records them (adapters/recorded.ts).
 */
export const UNRECORDED = 'unrecorded';
