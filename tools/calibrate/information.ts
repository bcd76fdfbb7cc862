/**
 * `npm run calibrate -- --sequential --information observed`: the promote boundary of the sequential
 * design spent on the observed information fraction instead of t = k/K. At look k the completion
 * gate's per-case changes d_i (candidate's rate minus the baseline's over k trials) have variance
 * σ_b² + σ_w²/k: σ_b² the cases' own differences, σ_w² the trial-to-trial noise, estimated from the
 * trials (each side's p̂(1 − p̂)/(k − 1) per case; variance components). The information at look k
 * over the information extrapolated to K rounds is t_k = (σ_b² + σ_w²/K) / (σ_b² + σ_w²/k) ≥ k/K;
 * the boundary of the look solves the recursion at the fractions observed so far
 * (stats/sequential.ts boundariesAtFractions). The hold boundary stays on k/K. An experiment: the
 * decision in src uses k/K (docs/statistics.md gives both figures).
 */
import type { PairedCase } from '../../src/analysis/model.js';
import { sequentialLevels } from '../../src/analysis/significance/sequential.js';
import { boundariesAtFractions } from '../../src/stats/sequential.js';

/** The observed information fraction of look k of at most K, never below k/K or the previous look's. */
export function observedFraction(cases: readonly PairedCase[], k: number, K: number, previous: number): number {
  if (k >= K) return 1;
  const floor = Math.max(k / K, previous + 2e-3);
  const cap = 1 - (K - k) * 2e-3;
  if (k < 2 || cases.length < 2) return Math.min(cap, floor);
  const n = cases.length;
  const d = cases.map((c) => c.candidate.successes / k - c.baseline.successes / k);
  const mean = d.reduce((a, x) => a + x, 0) / n;
  const s2 = d.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  const within =
    cases.reduce((a, c) => {
      const pb = c.baseline.successes / k;
      const pc = c.candidate.successes / k;
      return a + (pb * (1 - pb) + pc * (1 - pc)) / (k - 1);
    }, 0) / n;
  const between = Math.max(0, s2 - within);
  const t = between + within === 0 ? k / K : (between + (k / K) * within) / (between + within);
  return Math.min(cap, Math.max(floor, t));
}

const cache = new Map<string, number>();

/** A fresh look-by-look level function for one pair: hold on k/K, promote on the observed fractions so far. */
export function observedLevels(K: number): (cases: PairedCase[], k: number) => { hold: number; promote: number } {
  const fractions: number[] = [];
  return (cases, k) => {
    fractions.push(observedFraction(cases, k, K, fractions.at(-1) ?? 0));
    const key = fractions.map((t) => t.toFixed(3)).join(',');
    let nominal = cache.get(key);
    if (nominal === undefined) {
      const rounded = fractions.map((t) => Number(t.toFixed(3)));
      nominal = (boundariesAtFractions(0.05, rounded, K, 'pocock')[k - 1] as { nominal: number }).nominal;
      cache.set(key, nominal);
    }
    return { hold: sequentialLevels(k, K, 0.95).hold, promote: 1 - Math.max(nominal, 1e-12) };
  };
}
