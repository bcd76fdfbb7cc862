/**
 * Per-run group noise from repeated trials (variance components), in place of the correlation
 * check: with two or more runs of each side, a shock that moves every case of one group in one run
 * (a tool outage, a rate limit, a slow endpoint for one family) shows up as the runs' group means
 * disagreeing more than the cases' own trial-to-trial noise allows, and its size can be estimated
 * rather than tested for.
 *
 * Model, per side and gate: y_ri = μ_i + u_rg + ε_ri (run r, case i of group g), u the per-run
 * group shock with variance τ², ε the case's own noise. With e_ri = y_ri − ȳ_i (a case's deviation
 * from its own mean over the runs), per group
 *
 *   A_g = Σ_r (mean_{i∈g} e_ri)² / (T − 1)   has mean τ² + σ̄_g²/n_g,
 *   W_g = mean_{i∈g} Σ_r e_ri² / (T − 1)     has mean τ² + σ̄_g²,
 *
 * so τ² = (n_g·A_g − W_g)/(n_g − 1), averaged over the groups (weights n_g) and truncated at 0
 * (the ANOVA estimator of a variance component; Searle, Casella & McCulloch 1992, ch. 3). The shock
 * adds Σ_g n_g²·τ²/(n²·T) per side to the variance of the mean change (the cases' own spread
 * carries almost none of it: the shock is shared within a group). The gates are then tested with cases as units
 * and that variance added (significance.ts), at Satterthwaite's degrees of freedom: no pre-test,
 * and no collapse to a handful of groups when the shock is small.
 */
import type { PairedCases, RunOutcomes, SideRuns } from '../model.js';
import type { GateName } from '../rlm/gates.js';
import { unitsOf, unitTotals } from './clusters.js';

type Metric = keyof RunOutcomes;

/** What the runs say of one gate: the added variance of θ̂, and pseudo-residuals (side, run, group) whose squares sum to it, for the max-T draws. */
export interface GateRunNoise {
  variance: number;
  residuals: Float64Array;
  /**
   * Degrees of freedom of the variance estimate: Satterthwaite's over the sides and, within a side,
   * over its groups (each group's run means give T − 1; groups whose means vary more weigh more),
   * so a few noisy groups do not pass for G·(T − 1) degrees of freedom.
   */
  df: number;
}

export interface RunNoise {
  field: string;
  groups: number;
  runs: { baseline: number; candidate: number };
  /** Per gate (the regressions gate reads completion's). */
  gates: Record<GateName, GateRunNoise>;
  /** τ² of completion per side, for the note. */
  completionShock: { baseline: number; candidate: number };
}

const METRIC: Record<GateName, Metric> = { reward: 'reward', completion: 'completion', steps: 'steps', completion_regressions: 'completion' };

/**
 * The per-run group noise of `cases` grouped by `field`; null when a side has fewer than two runs,
 * a run leaves a case unmeasured (partial trials), or the field does not give 2 or more groups.
 */
export function runNoiseOf(cases: PairedCases, field: string, runs: SideRuns): RunNoise | null {
  const n = cases.length;
  const T = { baseline: runs.baseline.length, candidate: runs.candidate.length };
  if (T.baseline < 2 || T.candidate < 2 || n < 2) return null;
  const { unitOf, count: G } = unitsOf(cases, field);
  if (G < 2 || G >= n) return null;
  const sizes = unitTotals(unitOf, G);
  for (const side of [runs.baseline, runs.candidate])
    for (const r of side) for (const m of ['completion', 'reward', 'steps'] as const) if (r[m].length !== n || r[m].some((x) => Number.isNaN(x))) return null;
  let squares = 0;
  for (let g = 0; g < G; g++) squares += (sizes[g] as number) ** 2;
  const byMetric = new Map<Metric, GateRunNoise & { tau: { baseline: number; candidate: number } }>();
  for (const m of ['completion', 'reward', 'steps'] as const) {
    const parts = (['baseline', 'candidate'] as const).map((side) =>
      sideShock(
        runs[side].map((r) => r[m]),
        unitOf,
        sizes,
      ),
    );
    const [b, c] = parts as [SideShock, SideShock];
    const vb = (b.tau * squares) / (n * n * T.baseline);
    const vc = (c.tau * squares) / (n * n * T.candidate);
    // Pseudo-residuals: each side's run-group means, scaled so their squares sum to its added variance; the baseline's enter θ = c − b with a minus sign.
    const scaled = (s: SideShock, v: number, sign: number): number[] => {
      const norm = s.deviations.reduce((a, x) => a + x * x, 0);
      const k = norm > 0 ? Math.sqrt(v / norm) : 0;
      return s.deviations.map((x) => sign * k * x);
    };
    byMetric.set(m, {
      variance: vb + vc,
      residuals: Float64Array.from([...scaled(b, vb, -1), ...scaled(c, vc, 1)]),
      df: vb + vc > 0 ? (vb + vc) ** 2 / ((vb > 0 ? vb ** 2 / b.df : 0) + (vc > 0 ? vc ** 2 / c.df : 0)) : G * (T.baseline - 1) + G * (T.candidate - 1),
      tau: { baseline: b.tau, candidate: c.tau },
    });
  }
  const gate = (g: GateName): GateRunNoise => {
    const x = byMetric.get(METRIC[g]) as GateRunNoise;
    return { variance: x.variance, residuals: x.residuals, df: x.df };
  };
  return {
    field,
    groups: G,
    runs: T,
    gates: { reward: gate('reward'), completion: gate('completion'), steps: gate('steps'), completion_regressions: gate('completion_regressions') },
    completionShock: (byMetric.get('completion') as { tau: { baseline: number; candidate: number } }).tau,
  };
}

interface SideShock {
  /** τ̂², truncated at 0. */
  tau: number;
  /** Satterthwaite's degrees of freedom over the groups' run-mean variances (at most G·(T − 1)). */
  df: number;
  /** Per run and group: the group's mean deviation weighted by its share of the cases, n_g/n·mean e. */
  deviations: number[];
}

/** τ̂² of one side from its runs of one metric (see the module comment). */
function sideShock(runs: readonly Float64Array[], unitOf: Int32Array, sizes: Float64Array): SideShock {
  const T = runs.length;
  const n = unitOf.length;
  const G = sizes.length;
  const mean = new Float64Array(n);
  for (const r of runs) for (let i = 0; i < n; i++) mean[i]! += (r[i] as number) / T;
  const within = new Float64Array(G); // Σ_i Σ_r e² per group
  const groupDev: Float64Array[] = runs.map(() => new Float64Array(G)); // Σ_{i∈g} e_ri
  runs.forEach((r, t) => {
    const dev = groupDev[t] as Float64Array;
    for (let i = 0; i < n; i++) {
      const e = (r[i] as number) - (mean[i] as number);
      const g = unitOf[i] as number;
      within[g]! += e * e;
      dev[g]! += e;
    }
  });
  let acc = 0;
  let weight = 0;
  let sum = 0;
  let sumSquares = 0;
  for (let g = 0; g < G; g++) {
    const ng = sizes[g] as number;
    if (ng < 2) continue;
    let A = 0;
    for (let t = 0; t < T; t++) A += ((groupDev[t] as Float64Array)[g] as number) ** 2 / (ng * ng);
    A /= T - 1;
    const W = (within[g] as number) / ng / (T - 1);
    acc += ng * ((ng * A - W) / (ng - 1));
    weight += ng;
    sum += ng * ng * A;
    sumSquares += (ng * ng * A) ** 2;
  }
  const tau = weight > 0 ? Math.max(0, acc / weight) : 0;
  const df = sumSquares > 0 ? ((T - 1) * sum * sum) / sumSquares : G * (T - 1);
  const deviations: number[] = [];
  for (let t = 0; t < T; t++) for (let g = 0; g < G; g++) deviations.push(((groupDev[t] as Float64Array)[g] as number) / n);
  return { tau, df, deviations };
}
