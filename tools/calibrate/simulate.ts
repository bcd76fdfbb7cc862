/**
 * A simulated noisy agent suite for `npm run calibrate`: per-case success probabilities from a mix of
 * easy, impossible and coin-flip cases, runs drawn from them, and the hold rate of both decision
 * policies on many such pairs. Pure and seeded: the same options print the same table.
 */
import { significantVerdict } from '../../src/analysis/compare.js';
import type { SliceGateSpec } from '../../src/analysis/custom-gates/slices.js';
import type { CaseEvidence, PairedCase, SignificanceOptions, SignificanceResult } from '../../src/analysis/model.js';
import { pairedCasesOf } from '../../src/analysis/paired-cases.js';
import { GATE_NAMES } from '../../src/analysis/rlm/gates.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../src/analysis/rlm/thresholds.js';
import { significantSlices } from '../../src/analysis/significance/error-budget.js';
import { testGates } from '../../src/analysis/significance/significance.js';
import { bitSource } from '../../src/stats/distributions.js';

export interface Scenario {
  cases: number;
  trials: number;
  /** How much lower the candidate's success probability is on every case (0 = the same agent). */
  drop: number;
  /** The candidate's reward is lower by this on every trial, its completion unchanged (a candidate at the reward margin). */
  rewardDrop?: number;
  /** The candidate's mean steps are higher by this (on each trial, one more step with this probability; 0–1). */
  stepsRise?: number;
  /** Cases fall into this many task families, case i in family ⌊i·F/n⌋ (none when absent). */
  families?: number;
  /**
   * A per-run family shock: on each run (each side's each trial), each family's success probability
   * moves up or down by this together (a tool outage, a rate limit, a flaky dependency of one family).
   */
  shock?: number;
  /** One family (the first) loses this much success probability while the others gain `rest` (heterogeneity). */
  collapse?: { drop: number; rest: number };
}

/** A uniform draw in [0, 1) from a seeded source. */
type Uniform = () => number;
export function uniform(seed: number): Uniform {
  const next = bitSource(seed);
  return () => next() / 2 ** 32;
}

/** Success probabilities: a third easy (0.85–1), a third impossible (0–0.05), a third coin flips (0.3–0.7). */
export function suiteProbabilities(n: number, u: Uniform): number[] {
  return Array.from({ length: n }, (_, i) => {
    const kind = i % 3;
    if (kind === 0) return 0.85 + 0.15 * u();
    if (kind === 1) return 0.05 * u();
    return 0.3 + 0.4 * u();
  });
}

export interface Draw {
  ok: boolean;
  reward: number;
  steps: number;
}

/**
 * The rewards drawn (--reward-model): unit, near 1 on success and near 0 otherwise; rlm, rlm-code's
 * scale: 0.6–1.4 on success (a sum of clamped per-step rewards can pass 1), 0–0.2 otherwise, and 1%
 * of the trials a failure row (the executor raised: not completed, reward −1.0).
 */
export type RewardModel = 'unit' | 'rlm';
let rewardModel: RewardModel = 'unit';
export function setRewardModel(m: RewardModel): void {
  rewardModel = m;
}

/** One trial: success with probability p; reward near 1 on success, near 0 otherwise (or on rlm-code's scale); 3–6 steps (+1 with probability `rise`). */
export function draw(p: number, u: Uniform, rise = 0): Draw {
  if (rewardModel === 'rlm' && u() < 0.01) return { ok: false, reward: -1, steps: 0 };
  const ok = u() < p;
  const reward = rewardModel === 'rlm' ? (ok ? 0.6 + 0.8 * u() : 0.2 * u()) : ok ? 0.8 + 0.2 * u() : 0.2 * u();
  const steps = 3 + Math.floor(4 * u());
  return { ok, reward, steps: rise > 0 && u() < rise ? steps + 1 : steps };
}

export const clamp = (p: number): number => Math.min(1, Math.max(0, p));

/** Each family's shock on one run: ±size, a fair coin per family. */
function shocks(families: number, size: number, u: Uniform): number[] {
  return Array.from({ length: families }, () => (size === 0 ? 0 : u() < 0.5 ? size : -size));
}

/** A case's evidence over its trials: successes, mean reward and mean steps. */
export function evidence(draws: readonly Draw[]): CaseEvidence {
  const n = draws.length;
  return {
    trials: n,
    successes: draws.filter((d) => d.ok).length,
    reward: draws.reduce((a, d) => a + d.reward, 0) / n,
    steps: draws.reduce((a, d) => a + d.steps, 0) / n,
  };
}

/** A simulated pair: the paired evidence over all trials, and each side's first trial (one run). */
export interface SimulatedPair {
  cases: PairedCase[];
  first: { baseline: Draw; candidate: Draw }[];
}

export function simulatePair(s: Scenario, u: Uniform): SimulatedPair {
  const probs = suiteProbabilities(s.cases, u);
  const F = s.families ?? 0;
  const family = (i: number): number => Math.floor((i * F) / s.cases);
  const noLabels = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
  const labelsOf = (i: number): PairedCase['labels'] => (F === 0 ? noLabels : { ...noLabels, task_family: `family_${String(family(i)).padStart(2, '0')}` });
  // One shock per family per run: trial t of each side.
  const shockOf = () => Array.from({ length: s.trials }, () => shocks(Math.max(F, 1), s.shock ?? 0, u));
  const bShock = shockOf();
  const cShock = shockOf();
  const candidateP = (p: number, i: number): number => {
    if (s.collapse !== undefined) return clamp(family(i) === 0 ? p - s.collapse.drop : p + s.collapse.rest);
    return Math.max(0, p - s.drop);
  };
  const cases: PairedCase[] = [];
  const first: SimulatedPair['first'] = [];
  probs.forEach((p, i) => {
    const f = F === 0 ? 0 : family(i);
    const b = Array.from({ length: s.trials }, (_, t) => draw(clamp(p + ((bShock[t] as number[])[f] as number)), u));
    const cp = candidateP(p, i);
    const c = Array.from({ length: s.trials }, (_, t) => {
      const d = draw(clamp(cp + ((cShock[t] as number[])[f] as number)), u, s.stepsRise ?? 0);
      return s.rewardDrop === undefined ? d : { ...d, reward: d.reward - s.rewardDrop };
    });
    cases.push({ id: `case_${i}`, labels: labelsOf(i), baseline: evidence(b), candidate: evidence(c) });
    first.push({ baseline: b[0] as Draw, candidate: c[0] as Draw });
  });
  return { cases, first };
}

/** rlm-code's point gates on one run per side (the first trial), as the `point` policy decides. */
export function pointHolds(first: SimulatedPair['first'], t: Thresholds): boolean {
  let reward = 0;
  let completion = 0;
  let steps = 0;
  let regressions = 0;
  for (const { baseline: b, candidate: c } of first) {
    completion += Number(c.ok) - Number(b.ok);
    reward += c.reward - b.reward;
    steps += c.steps - b.steps;
    if (b.ok && !c.ok) regressions++;
  }
  const n = first.length;
  const passed =
    reward / n >= t.min_reward_delta &&
    completion / n >= t.min_completion_delta &&
    steps / n <= t.max_steps_increase &&
    (!t.fail_on_completion_regression || regressions === 0);
  return !passed;
}

export interface CellResult {
  scenario: Scenario;
  runs: number;
  point: number;
  significant: { hold: number; inconclusive: number; promote: number };
  /** Exact one-sided McNemar test at α on the first trials' completion: the power reference. */
  mcnemar: number;
  /** The steps gate's own one-sided test at α, with no adjustment: the reference for the steps gate's power. */
  stepsAlone: number;
  /** How often each gate failed under significant (why it held). */
  failedGates: Record<string, number>;
  /** How often the cases were clustered (auto's correlation check, or a field chosen). */
  clustered: number;
  /** The comparisons themselves, for cells that read more than the verdict (the sizing check). */
  results: SignificanceResult[];
}

export interface CellOptions {
  significance?: SignificanceOptions;
  thresholds?: Thresholds;
  slices?: SliceGateSpec[];
  /** Keep each comparison's result (memory: one per run). */
  keep?: boolean;
}

/** Sign patterns for every cell unless its options say (calibrate's --resamples); undefined: the policy's default by suite size. */
let cellResamples: number | undefined;
export function setCellResamples(n: number | undefined): void {
  cellResamples = n;
}

export function runCell(s: Scenario, runs: number, seed: number, o: CellOptions = {}): CellResult {
  const t = o.thresholds ?? DEFAULT_THRESHOLDS;
  const options: SignificanceOptions = { ...(cellResamples === undefined ? {} : { resamples: cellResamples }), ...o.significance };
  const u = uniform(
    seed ^
      (s.cases * 7919) ^
      (s.trials * 104729) ^
      Math.round(s.drop * 1000) ^
      Math.round((s.stepsRise ?? 0) * 7e5) ^
      ((s.families ?? 0) * 15485863) ^
      Math.round((s.shock ?? 0) * 3e6) ^
      Math.round((s.rewardDrop ?? 0) * 5e6),
  );
  const out: CellResult = {
    scenario: s,
    runs,
    point: 0,
    mcnemar: 0,
    stepsAlone: 0,
    clustered: 0,
    significant: { hold: 0, inconclusive: 0, promote: 0 },
    failedGates: Object.fromEntries(GATE_NAMES.map((g) => [g, 0])),
    results: [],
  };
  const alpha = 1 - (options.confidence ?? 0.95);
  for (let r = 0; r < runs; r++) {
    const { cases, first } = simulatePair(s, u);
    if (pointHolds(first, t)) out.point++;
    if (mcnemarHolds(first, alpha)) out.mcnemar++;
    const paired = pairedCasesOf(cases);
    let res = testGates(paired, t, { baseline: s.trials, candidate: s.trials }, { cluster: 'none', ...options });
    let sliceHeld = false;
    let sliceUndecided = false;
    if (o.slices !== undefined && o.slices.length > 0) {
      const judged = significantSlices(paired, o.slices, res);
      res = judged.significance;
      sliceHeld = judged.slices.some((x) => x.level === 'required' && x.judged && x.status === 'fail');
      sliceUndecided = judged.slices.some((x) => x.level === 'required' && x.judged && x.status === 'inconclusive');
    }
    if (o.keep === true) out.results.push(res);
    if (res.cluster.field !== null) out.clustered++;
    const steps = res.gates.find((g) => g.gate === 'steps');
    if (steps !== undefined && steps.p_violated <= alpha) out.stepsAlone++;
    const failed = res.gates.filter((g) => g.status === 'fail');
    for (const g of failed) out.failedGates[g.gate] = (out.failedGates[g.gate] ?? 0) + 1;
    out.significant[significantVerdict(failed.length > 0 || sliceHeld, sliceUndecided || res.gates.some((g) => g.status === 'inconclusive'))]++;
  }
  return out;
}

/** McNemar's exact one-sided test on one run per side: P(B >= pass→fail) for B ~ Binomial(discordant, ½) at most α. */
export function mcnemarHolds(first: SimulatedPair['first'], alpha: number): boolean {
  let regressed = 0;
  let improved = 0;
  for (const { baseline: b, candidate: c } of first) {
    if (b.ok && !c.ok) regressed++;
    else if (!b.ok && c.ok) improved++;
  }
  return binomialUpperTail(regressed + improved, regressed) <= alpha;
}

/** P(B >= k) for B ~ Binomial(n, ½), summed in log space (n up to thousands). */
export function binomialUpperTail(n: number, k: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  let logC = 0; // log C(n, j), from j = 0
  let p = 0;
  for (let j = 0; j <= n; j++) {
    if (j >= k) p += Math.exp(logC - n * Math.LN2);
    logC += Math.log(n - j) - Math.log(j + 1);
  }
  return Math.min(1, p);
}
