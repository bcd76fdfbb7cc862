/**
 * The per-case evidence of each gate under the significant policy: the paired differences the
 * tests read, each side's per-case means for the report, and a cluster-robust standard error for
 * sizing statements.
 */
import type { EvidenceColumns, PairedCases } from '../model.js';
import { rateAt } from '../paired-cases.js';
import type { GateName } from '../rlm/gates.js';
import type { Thresholds } from '../rlm/thresholds.js';

export interface GateData {
  gate: GateName;
  gated: boolean;
  direction: 'at_least' | 'at_most';
  threshold: number;
  perCase: Float64Array;
}

export function gateData(cases: PairedCases, t: Thresholds): GateData[] {
  const n = cases.length;
  const { baseline: b, candidate: c } = cases;
  const difference = (x: Float64Array, y: Float64Array): Float64Array => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = (y[i] as number) - (x[i] as number);
    return out;
  };
  const completion = new Float64Array(n);
  for (let i = 0; i < n; i++) completion[i] = rateAt(c, i) - rateAt(b, i);
  return [
    { gate: 'reward', gated: true, direction: 'at_least', threshold: t.min_reward_delta, perCase: difference(b.reward, c.reward) },
    { gate: 'completion', gated: true, direction: 'at_least', threshold: t.min_completion_delta, perCase: completion },
    { gate: 'steps', gated: true, direction: 'at_most', threshold: t.max_steps_increase, perCase: difference(b.steps, c.steps) },
    {
      gate: 'completion_regressions',
      gated: t.fail_on_completion_regression,
      direction: 'at_least',
      threshold: 0,
      perCase: completion.map(Math.sign),
    },
  ];
}

/** Cluster-robust (CR1) standard error of a mean over units, for sizing statements only. */
export function clusterSe(sums: Float64Array, sizes: Float64Array, theta: number, n: number): number {
  const G = sums.length;
  if (G < 2) return 0;
  let acc = 0;
  for (let u = 0; u < G; u++) acc += ((sums[u] as number) - theta * (sizes[u] as number)) ** 2;
  return Math.sqrt((G / (G - 1)) * acc) / n;
}

/** Each side's per-case mean for a gate (the regressions gate has none). */
export function sideMeans(cases: PairedCases, gate: GateName): { baseline: number | null; candidate: number | null } {
  if (gate === 'completion_regressions' || cases.length === 0) return { baseline: null, candidate: null };
  const pick = (e: EvidenceColumns, i: number): number =>
    gate === 'reward' ? (e.reward[i] as number) : gate === 'steps' ? (e.steps[i] as number) : rateAt(e, i);
  let b = 0;
  let c = 0;
  for (let i = 0; i < cases.length; i++) {
    b += pick(cases.baseline, i);
    c += pick(cases.candidate, i);
  }
  return { baseline: b / cases.length, candidate: c / cases.length };
}
