/**
 * The regression budget: how far each gated figure may have moved against its direction since a
 * pinned reference (a release tag or commit whose baseline runs are in the history), whatever the
 * steps in between. Each pull request is judged against its own base, so a tolerance that lets an
 * equal agent pass also lets ten pull requests in a row each lose a little; the budget adds up what
 * they lost since the reference. The reference's figures are its stored runs (no suite is run
 * again); the candidate's are computed the same way (leaderboard.ts), so the two are alike.
 *
 * Pure: figures in, a {@link BudgetState} out. A candidate that would overspend, or a reference that
 * has no runs in the history, holds (finding `regression-budget`); moving the reference is a
 * reviewed commit to the configuration.
 */
import type { HistoryEntry } from './history-file.js';

/** The figures a budget may cover, with which way is better. */
export const BUDGET_METRICS = { completion_rate: 'higher', reward: 'higher', steps: 'lower', cost: 'lower' } as const;
export type BudgetMetric = keyof typeof BUDGET_METRICS;

/** How far a figure may move against its direction: in its unit, or a fraction of the reference's value. */
export interface BudgetLimit {
  amount: number;
  relative: boolean;
}

export interface BudgetSpec {
  /** A release tag or a commit, as the configuration names it. */
  reference: string;
  limits: Partial<Record<BudgetMetric, BudgetLimit>>;
}

/** One run's figures (a history entry's, or the candidate's computed alike). */
export type RunFigures = Record<BudgetMetric, number | null>;

/** Who committed the configuration that set the reference, when it is known. */
export interface ReferenceMove {
  commit: string;
  author: string | null;
  date: string | null;
}

export interface BudgetLine {
  metric: BudgetMetric;
  reference: number | null;
  candidate: number | null;
  /** How far the candidate is worse than the reference, in the metric's unit (negative: better); null when unknown. */
  used: number | null;
  /** The allowance in the metric's unit; null when relative to an unknown reference value. */
  allowed: number | null;
  /** True when `used` is more than `allowed` (or either is unknown: a budget is never passed blind). */
  over: boolean;
}

export interface BudgetState {
  reference: string;
  /** The commit the reference names, when it was resolved. */
  commit: string | null;
  /** The reference's runs found in the history (their figures are averaged). */
  runs: number;
  lines: BudgetLine[];
  /** Why the budget could not be judged (no runs of the reference), or null. */
  problem: string | null;
  moved: ReferenceMove | null;
  /**
   * The candidate's regressions accepted by a reviewer (issue 46; set by {@link chargeAcceptances}):
   * their loss is in the candidate's figures like any other, so they use the budget, and an accepted
   * regression never lifts a budget that holds (a finding no comment accepts). Absent: none.
   */
  accepted?: AcceptedCharge;
}

/** The accepted regressions charged to the budget: how many, and who accepted them (untrusted logins). */
export interface AcceptedCharge {
  regressions: number;
  by: string[];
}

/**
 * The budget with the candidate's accepted regressions counted (analysis/acceptance/apply.ts marks
 * the comparison with them): the figures, and so what is used and whether it holds, are unchanged,
 * because the figures already include the accepted losses; the count says how much of the use was
 * accepted rather than fixed.
 */
export function chargeAcceptances(state: BudgetState, marks: { accepted: number; applied: readonly { record: { by: string } }[] } | undefined): BudgetState {
  if (marks === undefined || marks.accepted === 0) return state;
  return { ...state, accepted: { regressions: marks.accepted, by: [...new Set(marks.applied.map((a) => a.record.by))] } };
}

/** A history entry's figures. */
export function entryFigures(e: Pick<HistoryEntry, BudgetMetric>): RunFigures {
  return { completion_rate: e.completion_rate, reward: e.reward, steps: e.steps, cost: e.cost };
}

/** The mean of each figure over runs (null when a run lacks it: a mean of some runs would be another figure). */
export function meanFigures(runs: readonly RunFigures[]): RunFigures {
  const out = {} as RunFigures;
  for (const m of Object.keys(BUDGET_METRICS) as BudgetMetric[]) {
    const xs = runs.map((r) => r[m]);
    out[m] = xs.length === 0 || xs.some((x) => x === null || !Number.isFinite(x)) ? null : (xs as number[]).reduce((a, b) => a + b, 0) / xs.length;
  }
  return out;
}

/** A tiny slack so that a candidate spending exactly the budget (up to rounding of the figures) is within it. */
const SLACK = 1e-9;

/**
 * The budget state of a candidate: `referenceRuns` are the history's runs of the reference commit
 * (`commit` null when the reference could not be resolved, with `problem` saying why).
 */
export function judgeBudget(
  spec: BudgetSpec,
  at: { commit: string | null; runs: readonly RunFigures[]; problem?: string | null; moved?: ReferenceMove | null },
  candidate: RunFigures,
): BudgetState {
  const problem =
    at.problem ?? (at.runs.length === 0 ? `the reference ${spec.reference}${at.commit ? ` (${at.commit.slice(0, 7)})` : ''} has no runs in the history` : null);
  const ref = meanFigures(at.runs);
  const lines: BudgetLine[] = [];
  for (const metric of Object.keys(BUDGET_METRICS) as BudgetMetric[]) {
    const limit = spec.limits[metric];
    if (limit === undefined) continue;
    const r = ref[metric];
    const c = candidate[metric];
    const used = r === null || c === null ? null : BUDGET_METRICS[metric] === 'higher' ? r - c : c - r;
    const allowed = limit.relative ? (r === null ? null : Math.abs(r) * limit.amount) : limit.amount;
    const over = used === null || allowed === null || used > allowed + SLACK;
    lines.push({ metric, reference: r, candidate: c, used, allowed, over: problem === null && over });
  }
  return { reference: spec.reference, commit: at.commit, runs: at.runs.length, lines, problem, moved: at.moved ?? null };
}

/** True when the budget holds the verdict: it could not be judged, or a figure is over. */
export function budgetHolds(state: BudgetState): boolean {
  return state.problem !== null || state.lines.some((l) => l.over);
}
