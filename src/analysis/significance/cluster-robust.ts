/**
 * The gates on few clusters: when whole groups are the units and there are fewer than 20
 * of them, a sign-flip test over 2^G patterns reads only signs (six groups give 64 patterns: a gate
 * fails only when nearly every group moves one way). This reads magnitudes instead: the
 * cluster-robust t statistic of the mean per-case change with the CR2 variance and Bell–McCaffrey
 * degrees of freedom (Bell & McCaffrey 2002; Imbens & Kolesár 2016; Pustejovsky & Tipton 2018). For
 * a mean, CR2 scales group g's residual sum by (1 − n_g/n)^−½, and the degrees of freedom under a
 * working model of independent, equal-variance cases are n² / Σ_{g,h} M_gh² with M_gg = n_g and
 * M_gh = −c_g·c_h·n_g·n_h/n: G − 1 for equal groups, where the test is Ibragimov and Müller's t on the
 * group means (valid for G ≥ 2 at α ≤ 0.083 with unequal group variances; Bakirov & Székely 2006).
 *
 * Across the gates, a max-T adjustment as the sign-flip tests have: the gates' t statistics are
 * drawn jointly from seeded Gaussian multipliers on the groups' adjusted residual sums (their
 * correlation is the data's), over one common χ²/df scale, so correlated quality gates do not
 * multiply false holds; no screening step and no α/10 is added. Pure and seeded.
 */
import { bitSource, normalQuantile } from '../../stats/distributions.js';
import { studentTQuantileUpper, studentTUpper } from '../../stats/student-t.js';
import type { GateData } from './gate-evidence.js';

/** Draws of the max-T adjustment. */
export const CLUSTER_T_DRAWS = 9999;
const SEED = 0x00c12c2b;

/** One gate's cluster-robust estimate: θ̂, its CR2 standard error, and the groups' scaled residual sums c_g·(S_g − θ̂·n_g). */
export interface RobustEstimate {
  theta: number;
  se: number;
  residuals: Float64Array;
}

/** Bell–McCaffrey degrees of freedom of a mean over groups of these sizes (G − 1 for equal groups). */
export function bellMcCaffreyDf(sizes: ArrayLike<number>): number {
  const G = sizes.length;
  let n = 0;
  for (let g = 0; g < G; g++) n += sizes[g] as number;
  let diag = 0;
  let su = 0;
  let su2 = 0;
  for (let g = 0; g < G; g++) {
    const ng = sizes[g] as number;
    const c2 = 1 / (1 - ng / n);
    const u = c2 * ng * ng;
    diag += ng * ng;
    su += u;
    su2 += u * u;
  }
  return (n * n) / (diag + (su * su - su2) / (n * n));
}

/**
 * θ̂ and its CR2 standard error from the groups' sums of per-case changes; needs 2+ groups. With the
 * per-case changes, the standard error is never below the independent cases' (clustering can only
 * add noise; groups that happen to move by the same amount would otherwise give a zero error).
 */
export function cr2Estimate(sums: ArrayLike<number>, sizes: ArrayLike<number>, perCase?: ArrayLike<number>): RobustEstimate {
  const G = sums.length;
  let n = 0;
  let total = 0;
  for (let g = 0; g < G; g++) {
    n += sizes[g] as number;
    total += sums[g] as number;
  }
  const theta = total / n;
  const residuals = new Float64Array(G);
  let v = 0;
  for (let g = 0; g < G; g++) {
    const ng = sizes[g] as number;
    const r = ((sums[g] as number) - theta * ng) / Math.sqrt(1 - ng / n);
    residuals[g] = r;
    v += r * r;
  }
  let se = Math.sqrt(v) / n;
  if (perCase !== undefined && perCase.length > 1) {
    let ss = 0;
    for (let i = 0; i < perCase.length; i++) ss += ((perCase[i] as number) - theta) ** 2;
    se = Math.max(se, Math.sqrt(ss / (perCase.length * (perCase.length - 1))));
  }
  return { theta, se, residuals };
}

/** A gate as the cluster-robust test reads it: its data and estimate, and the pass threshold (threshold moved by the margin). */
export interface RobustGate {
  d: GateData;
  est: RobustEstimate;
  pass: number;
}

/** Studentized violation: how far θ̂ sits past the threshold on the unsafe side, in standard errors. */
const violationT = (x: RobustGate): number =>
  x.d.direction === 'at_least' ? (x.d.threshold - x.est.theta) / x.est.se : (x.est.theta - x.d.threshold) / x.est.se;

/** One-sided p-values of one gate at `df`: violated, holds within its margin, and the two-sided p of no change. */
export function robustPs(x: RobustGate, df: number): { p_violated: number; p_holds: number; p_change: number } {
  const { theta, se } = x.est;
  const holds = x.d.direction === 'at_least' ? (theta - x.pass) / se : (x.pass - theta) / se;
  return {
    p_violated: studentTUpper(violationT(x), df),
    p_holds: studentTUpper(holds, df),
    p_change: Math.min(1, 2 * studentTUpper(Math.abs(theta) / se, df)),
  };
}

/** One-sided bounds at `level` (α, or α/2 for "significant"). */
export function robustBounds(x: RobustGate, df: number, level: number): { lower: number; upper: number } {
  const q = studentTQuantileUpper(level, df);
  return { lower: x.est.theta - q * x.est.se, upper: x.est.theta + q * x.est.se };
}

/**
 * Max-T adjusted p-values of the gates' violations (index by position in `gates`; NaN for a gate not
 * in the family): the share of draws whose largest studentized statistic reaches the gate's own.
 */
export function robustMaxT(gates: readonly RobustGate[], df: number, draws = CLUSTER_T_DRAWS): Float64Array {
  const out = new Float64Array(gates.length).fill(NaN);
  const family = gates.map((x, j) => j).filter((j) => (gates[j] as RobustGate).est.se > 0);
  if (family.length === 0) return out;
  const G = (gates[0] as RobustGate).est.residuals.length;
  // Each gate's residuals scaled to unit norm: Σ_g w_g·a_g is then N(0, 1) for Gaussian w.
  const a = family.map((j) => {
    const r = (gates[j] as RobustGate).est.residuals;
    let norm = 0;
    for (let g = 0; g < G; g++) norm += (r[g] as number) ** 2;
    const s = Math.sqrt(norm);
    // Groups that moved by the same amount: no between-group spread to draw from (the statistic is 0).
    return s === 0 ? new Float64Array(G) : Float64Array.from(r, (x) => x / s);
  });
  const sign = family.map((j) => ((gates[j] as RobustGate).d.direction === 'at_least' ? -1 : 1));
  const observed = family.map((j) => violationT(gates[j] as RobustGate));
  const reached = new Float64Array(family.length);
  const next = bitSource(SEED);
  const uniform = (): number => (next() + 0.5) / 2 ** 32;
  const gauss = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const w = new Float64Array(G);
  for (let r = 0; r < draws; r++) {
    for (let g = 0; g < G; g++) w[g] = gauss();
    // A common χ²_df/df scale (Wilson–Hilferty), so each statistic is t(df) and they share it.
    const z = gauss();
    const k = 2 / (9 * df);
    const scale = Math.sqrt(Math.max(1e-12, (1 - k + z * Math.sqrt(k)) ** 3));
    let max = -Infinity;
    for (let f = 0; f < family.length; f++) {
      let s = 0;
      const af = a[f] as Float64Array;
      for (let g = 0; g < G; g++) s += (w[g] as number) * (af[g] as number);
      const t = ((sign[f] as number) * s) / scale;
      if (t > max) max = t;
    }
    for (let f = 0; f < family.length; f++) if (max >= (observed[f] as number) - 1e-12) reached[f]! += 1;
  }
  family.forEach((j, f) => {
    out[j] = (1 + (reached[f] as number)) / (1 + draws);
  });
  return out;
}

/** The studentized value past which a violation is shown at α (the t quantile), and the 80%-power distance in standard errors. */
export function robustDetectable(df: number, alpha: number, power: number): { critical: number; distance: number } {
  const critical = studentTQuantileUpper(alpha, df);
  return { critical, distance: critical + normalQuantile(power) };
}
