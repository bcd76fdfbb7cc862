/**
 * Sizing statements for an undecided gate, for a stated effect rather than the observed one (the
 * observed difference of an undecided gate is mostly noise, and sizing for it promises far too
 * little: Hoenig and Heisey 2001, "The abuse of power"). The effect is the gate's tolerance when it
 * has one (how far an equal candidate sits from the rule: the suite that shows it within the
 * tolerance), else a stated minimum effect (5 points of completion, 0.05 of reward, by default):
 * the suite that shows a drop that large. The noise is this suite's, per unit (case or cluster),
 * and the critical value is the test's own: the max-T family's for a failure, the one-sided level
 * for a pass. `npm run calibrate` checks the statements by simulating at the size they give.
 */
import { bitSource, normalQuantile } from '../../stats/distributions.js';
import type { EvidenceColumns, GateTest, PairedCases } from '../model.js';
import type { GateName } from '../rlm/gates.js';

/** The effect a gate on a zero threshold is sized for, in its own unit, unless the caller states one. */
export const DEFAULT_EFFECT: Readonly<Record<GateName, number>> = { reward: 0.05, completion: 0.05, completion_regressions: 0.05, steps: 0.5 };

/** What an undecided gate is sized for: a distance from the threshold, and which way deciding goes. */
export interface SizingTarget {
  /** In the gate's unit (a fraction for completion). */
  effect: number;
  /** 'fail': a candidate worse by `effect` than the rule is held; 'pass': an equal candidate is shown within the tolerance. */
  decides: 'fail' | 'pass';
}

/** The tolerance when the threshold has one, else the stated (or default) minimum effect. */
export function sizingTarget(gate: GateName, threshold: number, effects: Partial<Record<GateName, number>> = {}): SizingTarget | null {
  if (!Number.isFinite(threshold)) return null;
  // A tolerance lets an equal candidate pass: size for that. Steps' cap is how far an equal candidate sits from it.
  const tolerates = gate === 'steps' ? threshold > 0 : threshold < 0;
  if (tolerates) return { effect: Math.abs(threshold), decides: 'pass' };
  const effect = effects[gate] ?? DEFAULT_EFFECT[gate];
  return effect > 0 ? { effect, decides: 'fail' } : null;
}

/**
 * Units (cases or clusters) in all for power `power` against `effect`, when `units` give standard
 * error `se` and a decision needs the studentized statistic past `critical`: n·((c + z_power)·se/δ)².
 */
export function unitsFor(units: number, se: number, critical: number, effect: number, power: number): number | null {
  if (!(se > 0 && effect > 0 && Number.isFinite(critical))) return null;
  return Math.max(units, Math.ceil(units * (((critical + normalQuantile(power)) * se) / effect) ** 2));
}

/**
 * Trials per side for the completion gate at this many cases: the per-case variance splits into the
 * spread between cases (which trials do not shrink) and each side's trial-to-trial variance over K
 * trials (unbiased per case from its successes, p̂(1 − p̂)·k/(k − 1); needs 2+ trials a side).
 * Null when more trials cannot reach the power (the spread between cases alone is too large) or
 * when trials cannot be read.
 */
export function trialsFor(cases: PairedCases, critical: number, effect: number, power: number): number | null {
  const n = cases.length;
  const { baseline: b, candidate: c } = cases;
  if (n < 2 || b.trials.some((t) => t < 2) || c.trials.some((t) => t < 2)) return null;
  let mean = 0;
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) d[i] = (c.successes[i] as number) / (c.trials[i] as number) - (b.successes[i] as number) / (b.trials[i] as number);
  for (const x of d) mean += x / n;
  let total = 0;
  let within = 0; // mean over cases of var(d_i | case) at its own trials
  let perTrial = 0; // mean over cases of the two sides' per-trial variances
  const v = (e: EvidenceColumns, i: number): number => {
    const trials = e.trials[i] as number;
    const p = (e.successes[i] as number) / trials;
    return (p * (1 - p) * trials) / (trials - 1);
  };
  for (let i = 0; i < n; i++) {
    total += ((d[i] as number) - mean) ** 2 / (n - 1);
    within += (v(b, i) / (b.trials[i] as number) + v(c, i) / (c.trials[i] as number)) / n;
    perTrial += (v(b, i) + v(c, i)) / n;
  }
  const between = Math.max(0, total - within);
  const allowed = n * (effect / (critical + normalQuantile(power))) ** 2; // the per-case variance that reaches the power
  if (perTrial === 0 || allowed <= between) return null;
  return Math.max(2, Math.ceil(perTrial / (allowed - between)));
}

/** The effect over the standard error of one unit, when `units` give standard error `se`: the statistic's mean at N units is this times √N. */
export const signalOf = (units: number, se: number, effect: number): number => (se > 0 ? effect / (se * Math.sqrt(units)) : Number.NaN);

/** Draws of the verdict's sizing (verdictUnits): enough that its power is read within about a point. */
const VERDICT_DRAWS = 4000;

/**
 * Standard normal draws, seeded (mulberry32 through Box–Muller): the same input sizes the same on
 * every machine.
 */
function normalDraws(count: number, seed: number): Float64Array {
  const next = bitSource(seed);
  const out = new Float64Array(count);
  for (let i = 0; i < count; i += 2) {
    const u = ((next() >>> 0) + 1) / 4294967297;
    const v = (next() >>> 0) / 4294967296;
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

/** The Cholesky factor of a correlation matrix, with a small ridge when it is not positive definite (two gates moving as one). */
function cholesky(r: readonly (readonly number[])[]): number[][] {
  const k = r.length;
  for (let ridge = 0; ridge < 1; ridge = ridge === 0 ? 1e-9 : ridge * 10) {
    const l = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    let ok = true;
    for (let i = 0; i < k && ok; i++)
      for (let j = 0; j <= i; j++) {
        let sum = ((r[i] as number[])[j] as number) + (i === j ? ridge : 0);
        for (let m = 0; m < j; m++) sum -= ((l[i] as number[])[m] as number) * ((l[j] as number[])[m] as number);
        if (i === j) {
          if (!(sum > 0)) ok = false;
          else (l[i] as number[])[i] = Math.sqrt(sum);
        } else (l[i] as number[])[j] = sum / ((l[j] as number[])[j] as number);
      }
    if (ok) return l;
  }
  return r.map((_, i) => r.map((__, j) => (i === j ? 1 : 0)));
}

/**
 * The verdict's sizing (issue 45, item 5: advice that comes true for the verdict, not one gate): the
 * fewest units, at least `units`, at which the undecided gates together decide the verdict with
 * `power`. At N units gate g's statistic is normal with mean signal·√N, and it decides past its
 * critical value; the gates' statistics are correlated as their per-unit deviations are
 * (`correlation`, oriented so that each gate's good direction is positive: a drop in completion
 * raises its regressions). A promote needs every undecided gate shown within its margin, a hold any
 * one shown violated; the joint probability is read from seeded multivariate normal draws. Null when
 * a gate is undecided without a sizing, or the gates are sized different ways (some for a pass, some
 * for a failure: which the truth is, the data do not say). `npm run calibrate -- --only
 * verdict-sizing` checks it by simulating at the size it gives.
 */
export function verdictUnits(
  gates: readonly GateTest[],
  units: number,
  power: number,
  correlation: (a: GateName, b: GateName) => number,
): { units: number; decides: 'fail' | 'pass' } | null {
  const open = gates.filter((g) => g.status === 'inconclusive');
  if (open.length === 0 || open.some((g) => g.sizing === null || !(g.sizing.signal > 0) || !Number.isFinite(g.sizing.critical))) return null;
  const sized = open.map((g) => g.sizing as NonNullable<GateTest['sizing']>);
  const decides = sized[0]?.decides as 'fail' | 'pass';
  if (sized.some((z) => z.decides !== decides)) return null;
  const k = open.length;
  const l = cholesky(open.map((a) => open.map((b) => (a === b ? 1 : Math.max(-1, Math.min(1, correlation(a.gate, b.gate)))))));
  const z = normalDraws(VERDICT_DRAWS * k, 0x5eed);
  const at = (n: number): number => {
    let decided = 0;
    for (let d = 0; d < VERDICT_DRAWS; d++) {
      let all = true;
      let any = false;
      for (let i = 0; i < k; i++) {
        let x = 0;
        for (let j = 0; j <= i; j++) x += ((l[i] as number[])[j] as number) * (z[d * k + j] as number);
        const s = sized[i] as NonNullable<GateTest['sizing']>;
        const past = x + s.signal * Math.sqrt(n) > s.critical;
        all &&= past;
        any ||= past;
      }
      if (decides === 'pass' ? all : any) decided++;
    }
    return decided / VERDICT_DRAWS;
  };
  const found = fewestUnits(at, units, power);
  if (found === null) return null;
  // The verdict needs every gate a promote needs: never fewer units than the one that needs the most (draws carry a point of noise).
  return { units: decides === 'pass' ? Math.max(found, ...open.map((g) => g.units_needed ?? 0)) : found, decides };
}

/** The fewest units, at least `from`, at which `at` (rising with the units) reaches `power`, to within half a percent; null past 10⁹. */
function fewestUnits(at: (n: number) => number, from: number, power: number): number | null {
  if (at(from) >= power) return from;
  let hi = from * 2;
  while (at(hi) < power) {
    hi *= 2;
    if (hi > 1e9) return null;
  }
  let lo = from;
  while (hi - lo > Math.max(1, Math.floor(lo / 200))) {
    const mid = Math.floor((lo + hi) / 2);
    if (at(mid) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}
