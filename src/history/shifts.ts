/**
 * Shifts in a branch's history: the change points (change-points.ts) of each gated metric, found
 * within each stretch of runs that share a fingerprint. A new model, scoring version, dataset or
 * suite makes a new series: its first run is not a shift of the old one, and no split crosses it.
 * Shifts are advisory: they are shown (the trend chart, the default branch's job summary, `benchgate
 * history`), never a reason to hold a pull request.
 */
import { BUDGET_METRICS, entryFigures } from './budget.js';
import { type ChangePointOptions, findChangePoints } from './change-points.js';
import type { HistoryEntry } from './history-file.js';

/** The metrics looked at, with which way is better: a run's gated figures, as the budget covers them. */
export const SHIFT_METRICS = BUDGET_METRICS;

/** The fingerprint keys whose change starts a new series (besides the entry's model and preset). */
export const SPLIT_KEYS = ['model', 'scoring_version', 'dataset_hash', 'suite', 'preset', 'harness_version'] as const;

/** One run of the series: where it ran and its figures (null: not recorded). */
export interface SeriesPoint {
  /** A commit SHA, or another label (a data.js entry's commit id). */
  commit: string;
  when: string | null;
  /** What must stay equal within one series; a change starts a new one. */
  identity: string;
  values: Readonly<Record<string, number | null>>;
}

export interface Shift {
  metric: string;
  /** Index in the points given: the first run at the new level. */
  index: number;
  commit: string;
  when: string | null;
  /** Means of the stretch before and after the shift (within its series, up to the neighbouring shifts). */
  before: number;
  after: number;
  p: number;
  /** True when the metric got worse, false when better, null when the direction is unknown. */
  worse: boolean | null;
}

/** The identity of a run: its model, preset and the {@link SPLIT_KEYS} of its facts (a history entry's fingerprint, a summary's metadata). */
export function runIdentity(model: string | null, preset: string | null, facts: Readonly<Record<string, unknown>>): string {
  const keys = SPLIT_KEYS.map((k) => [k, facts[k] ?? null]);
  return JSON.stringify([model, preset, keys]);
}

/** A history's entries as series points of the shift metrics. */
export function entryPoints(entries: readonly HistoryEntry[]): SeriesPoint[] {
  return entries.map((e) => ({
    commit: e.commit,
    when: e.started_at ?? e.recorded_at,
    identity: runIdentity(e.model, e.preset, e.fingerprint),
    values: entryFigures(e),
  }));
}

/** [start, end) of each stretch of equal identity, in order. */
export function identityRuns(points: readonly SeriesPoint[]): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= points.length; i++) {
    if (i === points.length || points[i]?.identity !== points[start]?.identity) {
      if (i > start) runs.push([start, i]);
      start = i;
    }
  }
  return runs;
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The shifts of each metric in `metrics` (name → which way is better, or null when unknown), oldest
 * first within a metric, metrics in the order given. Runs without a finite value of a metric are left
 * out of that metric's series. `minChange` (a fraction, default 0) leaves out shifts smaller than that
 * share of the level before them (for machine benchmarks, whose levels wobble by a few percent).
 */
export function findShifts(
  points: readonly SeriesPoint[],
  metrics: Readonly<Record<string, 'higher' | 'lower' | null>> = SHIFT_METRICS,
  options: ChangePointOptions & { minChange?: number } = {},
): Shift[] {
  const out: Shift[] = [];
  for (const [metric, better] of Object.entries(metrics)) {
    for (const [start, end] of identityRuns(points)) {
      const at: number[] = [];
      const values: number[] = [];
      for (let i = start; i < end; i++) {
        const v = points[i]?.values[metric];
        if (typeof v === 'number' && Number.isFinite(v)) {
          at.push(i);
          values.push(v);
        }
      }
      const cps = findChangePoints(values, options);
      const cuts = [0, ...cps.map((c) => c.index), values.length];
      cps.forEach((c, k) => {
        const before = mean(values.slice(cuts[k], c.index));
        const after = mean(values.slice(c.index, cuts[k + 2]));
        const index = at[c.index] as number;
        const p = points[index] as SeriesPoint;
        const worse = better === null || before === after ? null : better === 'higher' ? after < before : after > before;
        // As Otava's min_magnitude: a shift smaller than this fraction of the level before is not listed.
        if (Math.abs(after - before) < (options.minChange ?? 0) * Math.abs(before)) return;
        out.push({ metric, index, commit: p.commit, when: p.when, before, after, p: c.p, worse });
      });
    }
  }
  return out;
}
