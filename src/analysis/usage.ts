/**
 * Usage, latency and safety figures of one run, computed from its case rows (the evidence), for the
 * report and the release checklist. None of these are gated in rlm-code.
 */
import type { BenchmarkSummary, LatencyStats } from '../schema/summary.js';

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
export function latencyStats(durations: readonly number[]): LatencyStats | null {
  if (durations.length === 0) return null;
  const sorted = Float64Array.from(durations).sort();
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

export function usageStats(summary: BenchmarkSummary): UsageStats {
  let calls = 0;
  let prompt = 0;
  let completion = 0;
  let blocked = 0;
  let mcp: number | null = null;
  let errors = 0;
  const durations: number[] = [];
  for (const c of summary.cases) {
    if (c.usage) {
      calls += c.usage.total_calls;
      prompt += c.usage.prompt_tokens;
      completion += c.usage.completion_tokens;
    }
    if (c.duration_seconds !== null) durations.push(c.duration_seconds);
    if (c.harness) {
      mcp = (mcp ?? 0) + c.harness.mcp_tool_calls;
      if (c.harness.codemode_guardrail_blocked) blocked++;
    }
    if (c.error !== null) errors++;
  }
  return {
    total_calls: calls,
    prompt_tokens: prompt,
    completion_tokens: completion,
    latency_seconds: latencyStats(durations),
    guardrail_blocked: blocked,
    mcp_tool_calls: mcp,
    errors,
  };
}
