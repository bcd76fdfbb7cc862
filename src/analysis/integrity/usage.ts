/**
 * Usage, latency and safety figures of one run, computed from its case rows (the evidence), for the
 * report and the release checklist. None of these are gated in rlm-code.
 */
import { packedOf } from '../../schema/packed-summary.js';
import type { BenchmarkSummary, LatencyStats } from '../../schema/summary.js';
import { runTotals, type RunTotals } from './run-totals.js';

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

/**
 * rlm-code's latency percentile: linear interpolation at position (n−1)·q over ascending values,
 * computed as lo·(1−w) + hi·w (that exact form, for identical floating-point results).
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const w = pos - lo;
  return (sorted[lo] as number) * (1 - w) + (sorted[hi] as number) * w;
}

/** Latency statistics of the given durations, or null when there are none. */
export function latencyStats(durations: ArrayLike<number>): LatencyStats | null {
  return latencyOfSorted(Float64Array.from(durations).sort());
}

/** {@link latencyStats} of durations sorted ascending. */
function latencyOfSorted(sorted: Float64Array): LatencyStats | null {
  if (sorted.length === 0) return null;
  let sum = 0;
  for (const x of sorted) sum += x; // rlm-code sums the sorted values
  const avg = sum / sorted.length;
  return {
    avg,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] as number,
  };
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

export function usageStats(summary: BenchmarkSummary): UsageStats {
  return usageFromTotals(runTotals(packedOf(summary)));
}
