/**
 * One error budget per comparison under the significant policy: the core gates (already one max-T
 * family, significance.ts) and every judged required slice share α, so adding slices never raises
 * the chance that an equal candidate is held. Holm's step-down (Holm 1979) over the core family and
 * the slices: it holds under any dependence, which matters here because the core family may flip
 * whole clusters while a slice flips its own cases (no common randomization for a joint max-T), and
 * it gives back α as tests are rejected. The core family enters as one hypothesis, each gate with
 * its own max-T p (single-step max-T is consonant enough that this is a conservative shortcut of
 * the closed test). With no judged required slice nothing changes.
 *
 * Passing needs no adjustment: promote needs every gate and slice to pass (an intersection-union
 * test), so each is shown to hold at α on its own.
 */
import { evaluateSlices, type SliceGateSpec, type SliceResult } from '../custom-gates/slices.js';
import type { GateStatus, GateTest, PairedCases, SignificanceResult } from '../model.js';

/** Holm-adjusted p-values, in the input's order: p̃_(j) = max_{i ≤ j} min(1, (m − i + 1)·p_(i)). */
export function holmAdjust(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m).fill(1);
  let running = 0;
  order.forEach(({ p, i }, j) => {
    running = Math.max(running, Math.min(1, (m - j) * p));
    out[i] = running;
  });
  return out;
}

const statusOf = (adjusted: number, holds: number, alpha: number): GateStatus => (adjusted <= alpha ? 'fail' : holds <= alpha ? 'pass' : 'inconclusive');

/** The core gates and the slices after sharing α: gates and slices re-decided on their Holm-adjusted p. */
export function shareErrorBudget(gates: readonly GateTest[], slices: readonly SliceResult[], alpha: number): { gates: GateTest[]; slices: SliceResult[] } {
  const inBudget = (x: SliceResult): boolean => x.judged && x.level === 'required' && x.p_violated !== undefined;
  const sliceP = slices.filter(inBudget).map((x) => x.p_violated as number);
  if (sliceP.length === 0) return { gates: [...gates], slices: [...slices] };
  // Each slice with the core family at its smallest p; each gate with its own p in the family's place.
  const core = Math.min(1, ...gates.filter((g) => g.gated).map((g) => g.p_violated_adjusted));
  const slicesAdjusted = holmAdjust([core, ...sliceP]).slice(1);
  let k = 0;
  const outSlices = slices.map((x) => {
    if (!inBudget(x)) return { ...x };
    const p_adjusted = slicesAdjusted[k++] as number;
    return { ...x, p_adjusted, status: statusOf(p_adjusted, x.p_holds as number, alpha) };
  });
  const outGates = gates.map((g) => {
    if (!g.gated) return { ...g };
    const p = holmAdjust([g.p_violated_adjusted, ...sliceP])[0] as number;
    return { ...g, p_violated_adjusted: p, status: statusOf(p, g.p_holds, alpha) };
  });
  return { gates: outGates, slices: outSlices };
}

/**
 * The slices of a significant comparison, judged inside its error budget: a slice by a grouping
 * whose cases were found to move together stays undecided, the rest are tested on their cases, and
 * the core gates and the slices share α.
 */
export function significantSlices(
  paired: PairedCases,
  specs: readonly SliceGateSpec[],
  sig: SignificanceResult,
): { significance: SignificanceResult; slices: SliceResult[] } {
  const together = sig.cluster.correlation !== null && sig.cluster.field !== null ? sig.cluster.field : null;
  const raw = evaluateSlices(paired, specs, 'significant', sig.alpha, together);
  const shared = shareErrorBudget(sig.gates, raw, sig.alpha);
  return { significance: { ...sig, gates: shared.gates }, slices: shared.slices };
}
