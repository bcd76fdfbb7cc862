/**
 * The sizing advice from the suite's noise profile: how many cases decide the completion gate with
 * 80% power, with the per-case noise read from the profile's K runs on main rather than from the
 * one pair compared. One pair's differences are a noisy estimate of the noise (and of a changed
 * agent's, not an unchanged one's); the profile has K runs of every case. Under an unchanged agent
 * a case that passes with probability p on both sides, over k trials a side, has a difference of
 * variance 2p(1 − p)/k; the profile estimates p(1 − p) per case without bias (p̂(1 − p̂)·K/(K − 1)).
 * The critical value is the gate's own, read back from the pair's test (its minimum detectable
 * effect over its standard error), so only the noise changes. Pure.
 */
import { normalQuantile } from '../../stats/distributions.js';
import type { Comparison } from '../compare.js';
import type { NoiseProfile } from '../model.js';

/** The power the advice is for (the significance tests' own). */
export const PROFILE_POWER = 0.8;

/** The profile's per-case variance of a difference at `trials` per side, over the cases in `ids` (all when none of them is in it). */
export function profileVariance(profile: NoiseProfile, trials: number, ids: ReadonlySet<string> | null = null): number | null {
  const known = profile.cases.filter((c) => c.runs >= 2);
  const used = ids === null ? known : known.filter((c) => ids.has(c.id));
  const cases = used.length === 0 ? known : used;
  if (cases.length === 0 || !(trials >= 1)) return null;
  let v = 0;
  for (const c of cases) {
    const p = c.passed / c.runs;
    v += (p * (1 - p) * c.runs) / (c.runs - 1);
  }
  return (2 * v) / cases.length / trials;
}

/** Cases for `power` against `effect` at per-case variance `variance`, when a decision needs the statistic past `critical`. */
export function casesForPower(variance: number, critical: number, effect: number, power = PROFILE_POWER): number | null {
  if (!(variance > 0 && effect > 0 && Number.isFinite(critical))) return null;
  return Math.max(2, Math.ceil(((critical + normalQuantile(power)) ** 2 * variance) / effect ** 2));
}

export interface ProfileSizing {
  /** Cases for 80% power at the profile's noise, and what the pair's own noise said (null when it gave none). */
  cases: number;
  pair: number | null;
  effect: number;
  decides: 'fail' | 'pass';
}

/** The pair's per-case standard deviation of completion differences, from its rows (one trial a side; null otherwise). */
function pairSd(cmp: Comparison): number | null {
  const d: number[] = [];
  for (const r of cmp.cases) if (r.in_baseline && r.in_candidate) d.push(Number(r.candidate_completed) - Number(r.baseline_completed));
  if (d.length < 2) return null;
  const mean = d.reduce((a, x) => a + x, 0) / d.length;
  return Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1));
}

/**
 * The completion gate's advice at the profile's noise, when the pair left it undecided with a
 * sizing; null otherwise. A failure's critical value is read back from the pair's test (one trial a
 * side, cases as units), else the one-sided level; a pass's is the one-sided level, as the test's.
 */
export function profileSizing(cmp: Comparison, profile: NoiseProfile): ProfileSizing | null {
  const sig = cmp.significance;
  const gate = sig?.gates.find((g) => g.gate === 'completion');
  if (sig === null || sig === undefined || gate === undefined || gate.status !== 'inconclusive' || gate.sizing === null) return null;
  const trials = sig.trials.baseline;
  const variance = profileVariance(profile, trials, new Set(cmp.cases.map((r) => r.case_id)));
  if (variance === null) return null;
  let critical = normalQuantile(1 - sig.alpha);
  const sd = trials === 1 && sig.cluster.field === null ? pairSd(cmp) : null;
  if (gate.sizing.decides === 'fail' && sd !== null && sd > 0 && gate.minimum_detectable !== null) {
    critical = (gate.minimum_detectable * Math.sqrt(sig.cases)) / sd - normalQuantile(PROFILE_POWER);
  }
  const cases = casesForPower(variance, critical, gate.sizing.effect);
  if (cases === null) return null;
  return { cases, pair: gate.units_needed, effect: gate.sizing.effect, decides: gate.sizing.decides };
}
