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
import { normalQuantile } from '../../stats/distributions.js';
import type { EvidenceColumns, PairedCases } from '../model.js';
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
