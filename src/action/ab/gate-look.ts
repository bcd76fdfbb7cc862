/**
 * The gate's side of `mode: ab`: trials that an interleaved job ran under a sequential design carry
 * its stamps (`ab.round`, `ab.max_rounds`), and the gate judges them at the look they stopped at,
 * as the job did, never at the fixed design's level: judging rounds that were stopped by looking at
 * the fixed level would spend the error the design keeps.
 */
import type { BenchmarkSummary } from '../../schema/summary.js';

/** The look of a pair of sides: both ran rounds 1..k of one design of at most `max`; null when they are not such trials. */
export function abLook(baseline: readonly BenchmarkSummary[], candidate: readonly BenchmarkSummary[]): { round: number; max: number } | null {
  if (baseline.length === 0 || baseline.length !== candidate.length) return null;
  const max = baseline[0]?.metadata['ab.max_rounds'];
  if (typeof max !== 'number') return null;
  for (const side of [baseline, candidate]) {
    const rounds = side.map((s) => s.metadata['ab.round']);
    if (side.some((s) => s.metadata['ab.max_rounds'] !== max)) return null;
    if (rounds.some((r, i) => r !== i + 1)) return null;
  }
  return { round: baseline.length, max };
}
