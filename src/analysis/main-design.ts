/**
 * The baseline from main, and the cases chosen by the information they carry (issue 45): a pull
 * request runs only its candidate, and is compared with main's K runs of the suite at its base
 * commit. Each round of the candidate runs case i with a probability π_i fixed before any of the
 * candidate's data, from main's runs alone; the draw is by case id, the pull request's key and the
 * round, so the same PR draws the same cases on every machine. The paired differences are
 * Horvitz–Thompson estimates (significance/gate-evidence.ts), unbiased whatever π is, so the
 * probabilities can follow where the information is:
 *
 * - **Neyman allocation** (Neyman 1934; Cochran, Sampling Techniques, 3rd ed., §5.5): the variance of
 *   the estimated mean change, Σ σ_i² / π_i over N², is least for a given expected number of runs
 *   Σ π_i when π_i ∝ σ_i, the case's outcome SD. σ_i is read from main's runs as √(p̃(1 − p̃)) with
 *   p̃ = (passed + ½) / (runs + 1), the posterior mean of the rate under Jeffreys' prior: a case that
 *   passed on every run still has a small SD (it may fail), never zero.
 * - **A floor** for the cases whose outcome never varied on main: a candidate that breaks such a case
 *   shows it only when it runs, and the Horvitz–Thompson weight 1/π makes one break strong evidence,
 *   so they run at least `floor` of the rounds.
 * - The expected share of the suite a round runs is `share` (Σ π_i = share · N, clamped to [floor, 1]
 *   per case); later rounds draw afresh with the same π, so every case's expected trials grow in step.
 *
 * Why the error rates stay: π depends on main's runs only, and the draw on the case, the key and the
 * round only, so how many trials a case gets does not depend on the candidate's outcomes; each case's
 * estimate is unbiased for its change, and the sign-flip tests read them as any paired differences.
 * What is not exact is the symmetry the flips assume: the differences are means of a few trials
 * against a rate, weighted, so the tests are asymptotically valid (studentized) rather than exact;
 * `npm run calibrate -- --only main` measures the error rates on simulated suites (docs/statistics.md).
 * Pure: no I/O.
 */
import type { BenchmarkSummary } from '../schema/summary.js';
import { auditDraw } from './noise/settled.js';

/**
 * When a run of main was measured (main_max_age): its suite's end as benchgate stamped it
 * (`command.finished_at`, suite/metadata.ts), else as the file says (its end, else its start); null
 * when it records none. The gate's judge and the baseline job's reuse both read the age from here.
 */
export function measuredAt(summary: Pick<BenchmarkSummary, 'metadata' | 'run'>): number | null {
  for (const t of [summary.metadata['command.finished_at'], summary.run.finished_at, summary.run.started_at]) {
    const ms = typeof t === 'string' ? Date.parse(t) : NaN;
    if (!Number.isNaN(ms)) return ms;
  }
  return null;
}

export interface MainDesignRule {
  /** The expected share of the suite's cases one round of the candidate runs (0 < share ≤ 1). */
  share: number;
  /** The least probability a case runs in a round, for the cases that never varied on main (0 < floor ≤ share). */
  floor: number;
}

/**
 * After the first round, 40% of the suite a round on average, a case that never varied on main in
 * at least a quarter of the rounds; at most {@link DEFAULT_MAIN_ROUNDS} rounds. Chosen by `npm run
 * calibrate -- --only main` (docs/statistics.md, where the table and its command are).
 */
export const DEFAULT_MAIN_DESIGN: Readonly<MainDesignRule> = Object.freeze({ share: 0.4, floor: 0.25 });

/** The most rounds of the candidate by default: at more, the first rounds' hold boundary is so strict that a clear drop needs a second round. */
export const DEFAULT_MAIN_ROUNDS = 3;

/** A case's record on main: its runs and how many it completed in. */
export interface MainRecord {
  runs: number;
  passed: number;
}

/** The outcome SD main's runs suggest (Jeffreys' posterior mean of the rate). */
export const mainSd = (r: MainRecord): number => {
  const p = (r.passed + 0.5) / (r.runs + 1);
  return Math.sqrt(p * (1 - p));
};

/**
 * Each case's probability of running in a round: π_i = min(1, max(floor, c·σ_i)), with c chosen so
 * that the mean of π is `share` (bisection; the mean rises with c). A rule whose share is 1 runs
 * every case every round.
 */
export function inclusionOf(main: readonly MainRecord[], rule: MainDesignRule = DEFAULT_MAIN_DESIGN): Float64Array {
  checkRule(rule);
  const n = main.length;
  const out = new Float64Array(n);
  if (rule.share >= 1 || n === 0) return out.fill(1);
  const sd = main.map(mainSd);
  const meanAt = (c: number): number => {
    let s = 0;
    for (const x of sd) s += Math.min(1, Math.max(rule.floor, c * x));
    return s / n;
  };
  let lo = 0;
  let hi = 1;
  while (meanAt(hi) < rule.share && hi < 1e12) hi *= 2;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (meanAt(mid) < rule.share) lo = mid;
    else hi = mid;
  }
  sd.forEach((x, i) => (out[i] = Math.min(1, Math.max(rule.floor, hi * x))));
  return out;
}

function checkRule(rule: MainDesignRule): void {
  if (!(rule.share > 0 && rule.share <= 1)) throw new RangeError(`the design's share must be in (0, 1], got ${rule.share}`);
  if (!(rule.floor > 0 && rule.floor <= rule.share)) throw new RangeError(`the design's floor must be in (0, share], got ${rule.floor}`);
}

/**
 * A number in [0, 1) from the draw's key (the pull request), a case id and the round alone: the
 * settled rounds' hash (noise/settled.ts auditDraw) of the key and the id joined by a NUL, which
 * neither contains. Case i runs in round r when its draw is below π_i.
 */
export const mainDraw = (key: string, id: string, round: number): number => auditDraw(`${key}\u0000${id}`, round);

/** The cases (of `ids`, in order) that run in round `round` under the probabilities `inclusion`. */
export function casesInRound(ids: readonly string[], inclusion: Float64Array, key: string, round: number): string[] {
  return ids.filter((id, i) => mainDraw(key, id, round) < (inclusion[i] as number));
}

/** The rounds of a candidate against main's runs: the design's draws, checked against what ran. */
export interface MainRounds {
  rule: MainDesignRule;
  key: string;
  /** Main's runs of the suite: how many. */
  mainRuns: number;
  /** The cases of main's runs (code-point order) and each one's probability of running in a round after the first. */
  ids: string[];
  inclusion: Float64Array;
  /** The candidate's rounds so far. */
  round: number;
  /** The cases the next round runs (drawn now, from the key and the round alone). */
  next: string[];
  /** Cases that may be missing from a round after the first on purpose (their probability is below 1). */
  drawnOut: Set<string>;
  /** Cases drawn for a round the candidate ran, that the round does not have: each its first such round. */
  missing: { id: string; round: number }[];
  /** The candidate's runs of cases, over the rounds so far. */
  caseRuns: number;
}

/**
 * The design's draws for the candidate's rounds against main's runs: main's record of each case
 * (`main`, by id: runs and passes), the rounds the candidate ran (each its case ids), the rule and
 * the draw's key. The first round runs every case of main's runs: a candidate that breaks a case
 * shows it there, and every case then has a trial of its own, so each case's difference is its own
 * mean against main's and no weight is needed; later rounds run the cases drawn for them.
 */
export function mainRoundsOf(
  main: ReadonlyMap<string, MainRecord>,
  rounds: readonly (readonly string[])[],
  rule: MainDesignRule,
  key: string,
  mainRuns: number,
): MainRounds {
  const ids = [...main.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const inclusion = inclusionOf(
    ids.map((id) => main.get(id) as MainRecord),
    rule,
  );
  const drawnOut = new Set(ids.filter((_, i) => (inclusion[i] as number) < 1));
  const missing: { id: string; round: number }[] = [];
  const seen = new Set<string>();
  let caseRuns = 0;
  rounds.forEach((ran, r) => {
    const have = new Set(ran);
    caseRuns += ran.length;
    const due = r === 0 ? ids : casesInRound(ids, inclusion, key, r + 1);
    for (const id of due)
      if (!have.has(id) && !seen.has(id)) {
        seen.add(id);
        missing.push({ id, round: r + 1 });
      }
  });
  const round = rounds.length;
  return { rule, key, mainRuns, ids, inclusion, round, next: round === 0 ? ids : casesInRound(ids, inclusion, key, round + 1), drawnOut, missing, caseRuns };
}
