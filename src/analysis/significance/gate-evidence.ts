/**
 * The per-case evidence of each gate under the significant policy: the paired differences the
 * tests read, each side's per-case means for the report, and a cluster-robust standard error for
 * sizing statements.
 */
import type { EvidenceColumns, MainDesign, PairedCases } from '../model.js';
import { rateAt } from '../paired-cases.js';
import type { GateName } from '../rlm/gates.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../rlm/thresholds.js';

export interface GateData {
  gate: GateName;
  gated: boolean;
  direction: 'at_least' | 'at_most';
  threshold: number;
  perCase: Float64Array;
}

export function gateData(cases: PairedCases, t: Thresholds): GateData[] {
  if (cases.design !== undefined) return sampledGateData(cases, cases.design, t);
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

/**
 * The gates' per-case differences when the candidate's cases were drawn with known probabilities
 * (a baseline of main's runs, analysis/main-design.ts). Case i ran n_i of R rounds, each with
 * probability π_i; its Horvitz–Thompson difference is n_i·(ȳ_i − b_i) / (R·π_i), where ȳ_i is the
 * candidate's mean over the trials it ran and b_i main's mean: E[n_i] = R·π_i, so the difference is
 * unbiased for the case's change whatever π_i is (Horvitz & Thompson 1952), and 0 for a case not
 * drawn. The mean over all N cases is then unbiased for the suite's change, and the sign-flip tests
 * read it as they read any paired difference (studentized by the same sum of squares, the
 * conservative Horvitz–Thompson variance under independent draws).
 *
 * The regressions gate: against a rate on main, the expected regressions minus improvements of a
 * case, b(1 − y) − (1 − b)y, is b − y, so its balance is the completion difference itself. The sign
 * of a difference between one trial and a rate is not symmetric under an unchanged agent (a case
 * that passes 90% of the time on main shows +0.1 nine times in ten and −0.9 once), so the sign test
 * of the paired design would be biased here: the gate reads the completion differences.
 */
function sampledGateData(cases: PairedCases, design: MainDesign, t: Thresholds): GateData[] {
  const n = cases.length;
  const { baseline: b, candidate: c } = cases;
  const completion = new Float64Array(n);
  const reward = new Float64Array(n);
  const steps = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const ran = c.trials[i] as number;
    if (ran === 0) continue;
    const w = design.inclusion === undefined ? 1 : ran / (design.rounds * (design.inclusion[i] as number));
    completion[i] = w * (rateAt(c, i) - rateAt(b, i));
    reward[i] = w * ((c.reward[i] as number) - (b.reward[i] as number));
    steps[i] = w * ((c.steps[i] as number) - (b.steps[i] as number));
  }
  return [
    { gate: 'reward', gated: true, direction: 'at_least', threshold: t.min_reward_delta, perCase: reward },
    { gate: 'completion', gated: true, direction: 'at_least', threshold: t.min_completion_delta, perCase: completion },
    { gate: 'steps', gated: true, direction: 'at_most', threshold: t.max_steps_increase, perCase: steps },
    { gate: 'completion_regressions', gated: t.fail_on_completion_regression, direction: 'at_least', threshold: 0, perCase: completion },
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

/**
 * Each side's per-case mean for a gate (the regressions gate has none). Under a sampled design the
 * candidate's is main's mean plus the Horvitz–Thompson mean difference (its cases not drawn have no
 * mean of their own).
 */
export function sideMeans(cases: PairedCases, gate: GateName, perCase?: Float64Array): { baseline: number | null; candidate: number | null } {
  if (gate === 'completion_regressions' || cases.length === 0) return { baseline: null, candidate: null };
  const pick = (e: EvidenceColumns, i: number): number =>
    gate === 'reward' ? (e.reward[i] as number) : gate === 'steps' ? (e.steps[i] as number) : rateAt(e, i);
  let b = 0;
  let c = 0;
  for (let i = 0; i < cases.length; i++) {
    b += pick(cases.baseline, i);
    if (cases.design === undefined) c += pick(cases.candidate, i);
  }
  if (cases.design !== undefined) {
    const d = perCase ?? (gateData(cases, DEFAULT_THRESHOLDS).find((x) => x.gate === gate)?.perCase as Float64Array);
    c = b + d.reduce((a, x) => a + x, 0);
  }
  return { baseline: b / cases.length, candidate: c / cases.length };
}
