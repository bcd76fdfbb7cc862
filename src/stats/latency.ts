/**
 * Latency statistics as rlm-code computes them (its percentile's exact arithmetic), of a run's case
 * durations. Numbers only: the adapters (JUnit, records) and the usage figures both use them.
 */
import type { LatencyStats } from '../schema/summary.js';

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
export function latencyOfSorted(sorted: Float64Array): LatencyStats | null {
  if (sorted.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += sorted[i] as number; // rlm-code sums the sorted values (an index loop: an iterator is slow before the code is optimized)
  const avg = sum / sorted.length;
  return {
    avg,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] as number,
  };
}
