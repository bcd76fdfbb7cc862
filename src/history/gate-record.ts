/**
 * The gate's record: for each merged pull request whose verdict the history keeps (history-file.ts
 * `verdicts`), was the verdict right? The truth is the change's real effect on the default branch:
 * main's runs just before the merge (the baseline) against main's runs from the merge commit on (the
 * candidate), judged by the one pipeline under the significant policy (pipeline/real-effect.ts
 * passes that judgement in here as {@link RealEffect}). This module only places each PR on main,
 * classifies and counts; it is generic over the run type, so it needs no loading.
 *
 * Classification (issue 46): a hold whose merge showed no drop (the real effect promotes) is a
 * **false hold**; a promote whose merge showed a drop (the real effect holds) is a **miss**; a real
 * effect the runs cannot decide (inconclusive, too few runs, runs that are not comparable, no run at
 * the merge) is **undecided**, never counted right or wrong; so is a PR the gate itself left
 * inconclusive. Everything else is **right**. A blocking check and an advisory (neutral) one are
 * recorded the same way: the verdict is what is judged, not what the check did with it.
 */
import { type BinomialInterval, clopperPearson } from '../stats/binomial-interval.js';
import type { GateVerdictEntry } from './history-file.js';

/** A verdict as the pipeline gives it (analysis/compare.ts `Verdict`). */
export type GateVerdict = GateVerdictEntry['verdict'];

export type RecordOutcome = 'right' | 'false-hold' | 'miss' | 'undecided';

/** Why a PR is undecided. */
export type UndecidedReason = 'gate-inconclusive' | 'no-merge-sha' | 'no-run-at-merge' | 'too-few-runs' | 'not-comparable' | 'main-inconclusive';

/** One run of main, in main's order (oldest first): the commit it measured. */
export interface MainRun<T> {
  commit: string;
  run: T;
}

/** The real effect of a merge: the verdict of main's runs after against before, and whether the two were comparable (no blocking finding of the runs themselves). */
export interface RealEffect {
  verdict: GateVerdict;
  comparable: boolean;
}

export interface GateRecordOptions {
  /** Main's runs taken on each side of a merge, nearest first; default 5. */
  window?: number;
  /** Fewest runs on each side to judge the real effect; default 2 (one run per side is one draw of each case, with none of main's own repeat). */
  minRuns?: number;
  /** The rates cover the last this many PRs (by merge time); default 50. */
  last?: number;
  /** Of the intervals; default 0.95. */
  confidence?: number;
}

export const GATE_RECORD_DEFAULTS = { window: 5, minRuns: 2, last: 50, confidence: 0.95 } as const;

/**
 * When the numbers support making the check required: at least {@link REQUIRED_RULE.minDecided} PRs
 * decided, and the upper end of the interval of false holds per decided PR under
 * {@link REQUIRED_RULE.maxFalseHolds}. Per decided PR (not per hold) because that is what a required
 * check costs a team: the share of its pull requests it would block wrongly. With no false hold the
 * 95% upper end falls under 10% from 36 decided PRs on (1 − 0.025^(1/36) = 9.7%).
 */
export const REQUIRED_RULE = { minDecided: 20, maxFalseHolds: 0.1 } as const;

export interface RecordedPr {
  pr: number;
  merge_sha: string | null;
  at: string;
  verdict: GateVerdict;
  check: GateVerdictEntry['check'];
  /** The real effect's verdict; null when it could not be judged (see `reason`). */
  real: GateVerdict | null;
  outcome: RecordOutcome;
  reason: UndecidedReason | null;
  /** Main's runs judged before and after the merge. */
  before: number;
  after: number;
}

export interface RecordRates {
  prs: number;
  decided: number;
  right: number;
  falseHolds: number;
  misses: number;
  undecided: number;
  /** False holds among the decided holds. */
  falseHoldRate: BinomialInterval;
  /** Misses among the decided promotes. */
  missRate: BinomialInterval;
  /** False holds among all decided PRs: what {@link REQUIRED_RULE} reads. */
  falseBlockRate: BinomialInterval;
  /** True when {@link REQUIRED_RULE} is met. */
  supportsRequired: boolean;
}

export interface GateRecord {
  /** The last `last` PRs, oldest first. */
  prs: RecordedPr[];
  rates: RecordRates;
  /** PRs advisory (neutral check) among them. */
  advisory: number;
  /** Main's runs the record had to place the PRs (0: none given, so nothing could be judged). */
  mainRuns: number;
  window: number;
  minRuns: number;
  confidence: number;
}

/** What the record makes of a gate verdict and the real effect (null: not judged, with why). */
export function classifyVerdict(
  gate: GateVerdict,
  real: RealEffect | null,
  why: UndecidedReason = 'too-few-runs',
): { outcome: RecordOutcome; reason: UndecidedReason | null } {
  if (gate === 'inconclusive') return { outcome: 'undecided', reason: 'gate-inconclusive' };
  if (real === null) return { outcome: 'undecided', reason: why };
  if (!real.comparable) return { outcome: 'undecided', reason: 'not-comparable' };
  if (real.verdict === 'inconclusive') return { outcome: 'undecided', reason: 'main-inconclusive' };
  if (gate === real.verdict) return { outcome: 'right', reason: null };
  return { outcome: gate === 'hold' ? 'false-hold' : 'miss', reason: null };
}

/** Where a PR sits on main: its runs before and after the merge, or why it cannot be placed. */
export type MergeWindow<T> = { before: T[]; after: T[]; problem: null } | { before: T[]; after: T[]; problem: UndecidedReason };

/**
 * Main's runs on each side of each PR's merge. Before: the runs at the base commit and before it (or
 * just before the merge when the base has no run after the previous recorded merge), back to the
 * previous recorded merge's commit at most: main's state when the PR merged, not another PR's. After:
 * the runs from the merge commit on, up to the next recorded merge. Each side the nearest `window`.
 */
export function mergeWindows<T>(verdicts: readonly GateVerdictEntry[], runs: readonly MainRun<T>[], window: number): Map<number, MergeWindow<T>> {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  runs.forEach((r, i) => {
    if (!first.has(r.commit)) first.set(r.commit, i);
    last.set(r.commit, i);
  });
  const merges = [...new Set(verdicts.flatMap((v) => (v.merge_sha !== null && first.has(v.merge_sha) ? [first.get(v.merge_sha) as number] : [])))].sort(
    (a, b) => a - b,
  );
  const out = new Map<number, MergeWindow<T>>();
  for (const v of verdicts) {
    const at = v.merge_sha === null ? undefined : first.get(v.merge_sha);
    if (at === undefined) {
      out.set(v.pr, { before: [], after: [], problem: v.merge_sha === null ? 'no-merge-sha' : 'no-run-at-merge' });
      continue;
    }
    const lo = merges.filter((m) => m < at).pop() ?? 0;
    const next = merges.find((m) => m > at) ?? runs.length;
    const base = last.get(v.base_sha);
    const hi = base !== undefined && base >= lo && base < at ? base + 1 : at;
    const before = runs.slice(Math.max(lo, hi - window), hi).map((r) => r.run);
    const after = runs.slice(at, Math.min(next, at + window)).map((r) => r.run);
    out.set(v.pr, { before, after, problem: null });
  }
  return out;
}

/** The rates of the PRs given (all of them: the caller picks the last ones). */
export function recordRates(prs: readonly RecordedPr[], confidence: number = GATE_RECORD_DEFAULTS.confidence): RecordRates {
  const count = (o: RecordOutcome): number => prs.filter((p) => p.outcome === o).length;
  const falseHolds = count('false-hold');
  const misses = count('miss');
  const right = count('right');
  const decided = prs.length - count('undecided');
  const holds = prs.filter((p) => p.outcome !== 'undecided' && p.verdict === 'hold').length;
  const falseBlockRate = clopperPearson(falseHolds, decided, confidence);
  return {
    prs: prs.length,
    decided,
    right,
    falseHolds,
    misses,
    undecided: prs.length - decided,
    falseHoldRate: clopperPearson(falseHolds, holds, confidence),
    missRate: clopperPearson(misses, decided - holds, confidence),
    falseBlockRate,
    supportsRequired: decided >= REQUIRED_RULE.minDecided && falseBlockRate.hi < REQUIRED_RULE.maxFalseHolds,
  };
}

const isRun = <T>(r: T | null): r is T => r !== null;

/** The options with their defaults, bounded. */
function recordOptions(options: GateRecordOptions): Required<GateRecordOptions> {
  return {
    window: Math.max(1, options.window ?? GATE_RECORD_DEFAULTS.window),
    minRuns: Math.max(1, options.minRuns ?? GATE_RECORD_DEFAULTS.minRuns),
    confidence: options.confidence ?? GATE_RECORD_DEFAULTS.confidence,
    last: Math.max(0, options.last ?? GATE_RECORD_DEFAULTS.last),
  };
}

/** The last `last` verdicts by merge time, oldest first. */
function lastVerdicts(verdicts: readonly GateVerdictEntry[], last: number): GateVerdictEntry[] {
  const sorted = [...verdicts].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.pr - b.pr);
  return last === 0 ? [] : sorted.slice(-last);
}

/**
 * The runs of main whose cases the record of the last PRs judges ({@link gateRecord} places each PR
 * the same way), for a caller that has to fetch each run's cases (the action downloads main's
 * baseline artifacts): the newest PRs first, as many as `most` runs cover; `last` is how many PRs
 * that is (a PR that needs no run, being undecided whatever the runs show, costs nothing).
 */
export function recordRunsNeeded<T>(
  verdicts: readonly GateVerdictEntry[],
  runs: readonly MainRun<T>[],
  most: number,
  options: GateRecordOptions = {},
): { runs: Set<T>; last: number } {
  const { window, minRuns, last } = recordOptions(options);
  const windows = mergeWindows(verdicts, runs, window);
  const needed = new Set<T>();
  let covered = 0;
  for (const v of lastVerdicts(verdicts, last).reverse()) {
    const w = windows.get(v.pr) as MergeWindow<T>;
    const judged = v.verdict !== 'inconclusive' && w.problem === null && w.before.length >= minRuns && w.after.length >= minRuns;
    const more = judged ? [...w.before, ...w.after].filter((r) => !needed.has(r)) : [];
    if (needed.size + more.length > most) break;
    for (const r of more) needed.add(r);
    covered++;
  }
  return { runs: needed, last: covered };
}

/**
 * The record of the last `last` merged PRs: each placed on main ({@link mergeWindows}), its real
 * effect judged by `realEffect` (the pipeline, pipeline/real-effect.ts) when both sides have at least
 * `minRuns` runs, classified and counted. `runs` are main's runs oldest first; a null run (its cases
 * could not be read) keeps its place on main and is left out of the sides it falls in.
 */
export function gateRecord<T>(
  verdicts: readonly GateVerdictEntry[],
  runs: readonly MainRun<T | null>[],
  realEffect: (before: T[], after: T[]) => RealEffect,
  options: GateRecordOptions = {},
): GateRecord {
  const { window, minRuns, confidence, last } = recordOptions(options);
  const windows = mergeWindows(verdicts, runs, window);
  const prs = lastVerdicts(verdicts, last).map((v): RecordedPr => {
    const placed = windows.get(v.pr) as MergeWindow<T | null>;
    // A run whose cases could not be read (null: an expired artifact) holds its place on main and is not judged.
    const w = { ...placed, before: placed.before.filter(isRun), after: placed.after.filter(isRun) };
    const enough = w.problem === null && w.before.length >= minRuns && w.after.length >= minRuns;
    const real = v.verdict !== 'inconclusive' && enough ? realEffect(w.before, w.after) : null;
    const { outcome, reason } = classifyVerdict(v.verdict, real, w.problem ?? 'too-few-runs');
    return {
      pr: v.pr,
      merge_sha: v.merge_sha,
      at: v.at,
      verdict: v.verdict,
      check: v.check,
      real: real?.verdict ?? null,
      outcome,
      reason,
      before: w.before.length,
      after: w.after.length,
    };
  });
  return {
    prs,
    rates: recordRates(prs, confidence),
    advisory: prs.filter((p) => p.check === 'advisory').length,
    mainRuns: runs.length,
    window,
    minRuns,
    confidence,
  };
}
