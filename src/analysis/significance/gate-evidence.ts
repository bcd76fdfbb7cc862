/**
 * The per-case evidence of each gate under the significant policy: the paired differences the
 * tests read, each side's per-case means for the report, and a cluster-robust standard error for
 * sizing statements.
 */
import type { GateName } from '../rlm/gates.js';
import type { PairedCase } from '../model.js';
import type { Thresholds } from '../rlm/thresholds.js';
import type { CaseEvidence } from '../model.js';

export interface GateData {
  gate: GateName;
  gated: boolean;
  direction: 'at_least' | 'at_most';
  threshold: number;
  perCase: Float64Array;
}

const rate = (e: CaseEvidence): number => e.successes / e.trials;

export function gateData(cases: readonly PairedCase[], t: Thresholds): GateData[] {
  const n = cases.length;
  const col = (f: (c: PairedCase) => number): Float64Array => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = f(cases[i] as PairedCase);
    return out;
  };
  return [
    { gate: 'reward', gated: true, direction: 'at_least', threshold: t.min_reward_delta, perCase: col((c) => c.candidate.reward - c.baseline.reward) },
    { gate: 'completion', gated: true, direction: 'at_least', threshold: t.min_completion_delta, perCase: col((c) => rate(c.candidate) - rate(c.baseline)) },
    { gate: 'steps', gated: true, direction: 'at_most', threshold: t.max_steps_increase, perCase: col((c) => c.candidate.steps - c.baseline.steps) },
    {
      gate: 'completion_regressions',
      gated: t.fail_on_completion_regression,
      direction: 'at_least',
      threshold: 0,
      perCase: col((c) => Math.sign(rate(c.candidate) - rate(c.baseline))),
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
export function sideMeans(cases: readonly PairedCase[], gate: GateName): { baseline: number | null; candidate: number | null } {
  if (gate === 'completion_regressions' || cases.length === 0) return { baseline: null, candidate: null };
  const pick = (e: CaseEvidence): number => (gate === 'reward' ? e.reward : gate === 'steps' ? e.steps : rate(e));
  let b = 0;
  let c = 0;
  for (const x of cases) {
    b += pick(x.baseline);
    c += pick(x.candidate);
  }
  return { baseline: b / cases.length, candidate: c / cases.length };
}
