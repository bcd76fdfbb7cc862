/**
 * Trials only where they matter: in sequential rounds (one trial of each side per round), a later
 * round runs only the cases whose outcome is not settled. What settles a case is fixed before the
 * pair's data are seen: the noise profile shows it deterministic on main (completed on all or on
 * none of at least {@link MIN_PROFILE_RUNS} runs), and such a case runs the first `minRounds`
 * rounds, then only the later rounds drawn for it (`share` of them, by its id and the round number
 * alone); every other case (flaky on main, or not in the profile) runs every round.
 *
 * Why the error rates stay: how many trials a case gets does not depend on its outcomes in the
 * pair, so each case's difference (candidate − baseline, over the trials it ran) stays an unbiased
 * estimate of its true difference, and under an unchanged agent a symmetric one: the paired tests
 * ask no more, whatever the rounds a case ran. A rule that also read the pair ("settled once both
 * sides matched main so far") would not be: the cases that deviated would get more trials and drift
 * back toward their mean while the others stay frozen at no change, so a worse candidate looks
 * closer to the baseline than it is (in the calibration, a 10-point drop promoted in 16.0% of the
 * sequential pairs, against 0.6% when every case reruns). What skipping costs is power on a
 * deterministic case the candidate changed only sometimes: its drop shows in the rounds it runs,
 * which the drawn share keeps from being one; `npm run calibrate -- --only per-case` measures it
 * against rerunning every case. Pure: no I/O.
 */
import { InputError } from '../../errors.js';
import type { CaseNoise, LoadedSummary, NoiseProfile } from '../model.js';

/** A profile case must have at least this many runs to settle a case (the profile's RECOMMENDED_RUNS). */
export const MIN_PROFILE_RUNS = 5;

export interface SettleRule {
  /** Rounds every case runs; after them a settled case runs no more (≥ 1). */
  minRounds: number;
  /**
   * A case settles when its pass rate on main is within this of 0 or 1 (0: only a case that passed
   * on all or on none of its runs). Such a case's outcome varies little: p(1 − p) ≤ 0.09 at 0.1.
   */
  within: number;
  /**
   * The share of later rounds a settled case still runs (0 to 1; 0: none): in each round after
   * `minRounds`, a settled case runs when {@link auditDraw} of its id and the round is below it. The
   * draw depends on nothing but the id and the round, so it is fixed before the pair is seen, and
   * every settled case gets about `share` of the later rounds: its drop, if the candidate changed
   * it, is seen more often than in its first rounds alone.
   */
  share?: number;
}

/**
 * One round for the cases deterministic on main, then a fifth of the later rounds for them (drawn by
 * their id and the round), and every round for the flaky ones. The fifth is what the calibration
 * (`npm run calibrate -- --only per-case`, docs/statistics.md) found buys back most of the power
 * the first round alone loses on a small drop spread over the deterministic cases (in the fixed
 * 10-round design held 91.6% against 76.2%, where rerunning every case holds 100%) while staying
 * under half the runs of rerunning every case.
 */
export const DEFAULT_SETTLE: Readonly<SettleRule> = { minRounds: 1, within: 0, share: 0.2 };

/** The outcome a profile case always had on main, or null when it is flaky or has too few runs. */
export function deterministicOutcome(noise: CaseNoise | null | undefined): boolean | null {
  if (noise === null || noise === undefined || noise.runs < MIN_PROFILE_RUNS) return null;
  if (noise.passed === noise.runs) return true;
  return noise.passed === 0 ? false : null;
}

/**
 * A number in [0, 1) from a case id and a round number alone: the FNV-1a hash of the id's UTF-16
 * code units, mixed with the round by murmur3's fmix32. Which later rounds a settled case runs
 * ({@link SettleRule.share}) is this draw below the share: the same on every machine and in every
 * pair, and independent of any outcome.
 */
export function auditDraw(id: string, round: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= Math.imul(round, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** True when the settled case `id` is drawn for round `round` under `rule` (its {@link SettleRule.share}). */
export const isDrawn = (id: string, round: number, rule: SettleRule = DEFAULT_SETTLE): boolean => auditDraw(id, round) < (rule.share ?? 0);

/** True when the case `id`, with this profile entry, runs in round `round` (1-based) under `rule`. */
export function runsInRound(id: string, noise: CaseNoise | null | undefined, round: number, rule: SettleRule = DEFAULT_SETTLE): boolean {
  return !isSettled(noise, round - 1, rule) || isDrawn(id, round, rule);
}

/** True when a case with this profile entry is settled after `round` rounds under `rule`: later it runs only in the rounds drawn for it ({@link runsInRound}). */
export function isSettled(noise: CaseNoise | null | undefined, round: number, rule: SettleRule = DEFAULT_SETTLE): boolean {
  if (round < Math.max(1, rule.minRounds) || noise === null || noise === undefined || noise.runs < MIN_PROFILE_RUNS) return false;
  const rate = noise.passed / noise.runs;
  return rate <= rule.within || rate >= 1 - rule.within;
}

export interface SettledRounds {
  /** The cases settled after the rounds so far: they may be missing from any later round. */
  settled: Set<string>;
  /** The cases the next round runs: every case of the first round, in its order, that is not settled or is drawn for that round ({@link SettleRule.share}). */
  next: string[];
  /** The rule that settled them. */
  rule: SettleRule;
  /** The rounds so far, and how many settled cases a later round left out (a suite that ignores the list leaves none out). */
  round: number;
  leftOut: number;
}

/**
 * Which cases the rounds so far settled, and which the next round runs: the cases of each side's
 * first round, settled by the profile once `rule.minRounds` rounds ran.
 */
export function settleRounds(
  rounds: { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] },
  profile: NoiseProfile,
  rule: SettleRule = DEFAULT_SETTLE,
): SettledRounds {
  const n = Math.min(rounds.baseline.length, rounds.candidate.length);
  const ids = firstRoundIds(rounds);
  const noise = new Map(profile.cases.map((x) => [x.id, x]));
  // A case settles only when both sides ran it in every round before settling (else its trials are partial).
  const ran = [...rounds.baseline.slice(0, rule.minRounds), ...rounds.candidate.slice(0, rule.minRounds)].map((r) => new Set(r.rows.ids));
  const settled = new Set(ids.filter((id) => isSettled(noise.get(id), n, rule) && ran.every((s) => s.has(id))));
  const later = [...rounds.baseline.slice(rule.minRounds, n), ...rounds.candidate.slice(rule.minRounds, n)].map((r) => new Set(r.rows.ids));
  const leftOut = [...settled].filter((id) => later.some((s) => !s.has(id))).length;
  return { settled, next: ids.filter((id) => !settled.has(id) || isDrawn(id, n + 1, rule)), rule, round: n, leftOut };
}

/** The case ids of the first round, either side's, in order: what a round runs when nothing is settled. */
export function firstRoundIds(rounds: { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] }): string[] {
  return [...new Set([rounds.baseline[0], rounds.candidate[0]].flatMap((r) => (r === undefined ? [] : r.rows.ids)))];
}

/** The case list a round runs as the suite reads it (BENCHGATE_CASES_FILE): one id a line; an id with a line break cannot be listed. */
export function caseListText(ids: readonly string[]): string {
  const broken = ids.find((id) => /[\r\n]/.test(id));
  if (broken !== undefined)
    throw new InputError(`the next round's case list: case id ${JSON.stringify(broken)} has a line break; the list holds one id a line`);
  return ids.map((id) => `${id}\n`).join('');
}
