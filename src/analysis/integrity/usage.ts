/**
 * Usage, latency and safety figures of one run, computed from its case rows (the evidence), for the
 * report and the release checklist. None of these are gated in rlm-code.
 */
import type { PackedSummary } from '../../schema/pack.js';
import type { LatencyStats } from '../../schema/summary.js';
import { latencyOfSorted } from '../../stats/latency.js';
import { type RunTotals, runTotals } from './run-totals.js';

export interface UsageStats {
  /** LLM calls and tokens summed over rows that carry usage (failure rows have none). */
  total_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Over case durations; null when no row records a duration. */
  latency_seconds: LatencyStats | null;
  /** Rows with `codemode_guardrail_blocked: true`; rlm-code's docs call this the guardrail-blocked count. */
  guardrail_blocked: number;
  /** Summed over harness rows; null when the run has none (not a harness run). */
  mcp_tool_calls: number | null;
  /** Rows that raised an error (rlm-code failure rows). */
  errors: number;
}

/** The usage figures of a run from its {@link RunTotals}. */
export function usageFromTotals(t: RunTotals): UsageStats {
  return {
    total_calls: t.total_calls,
    prompt_tokens: t.prompt_tokens,
    completion_tokens: t.completion_tokens,
    latency_seconds: latencyOfSorted(t.sortedDurations),
    guardrail_blocked: t.guardrail_blocked,
    mcp_tool_calls: t.mcp_tool_calls,
    errors: t.errored.length,
  };
}

export function usageStats(rows: PackedSummary): UsageStats {
  return usageFromTotals(runTotals(rows));
}
