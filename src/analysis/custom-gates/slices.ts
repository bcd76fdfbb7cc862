/**
 * Slice gates (issue 6): a core metric judged within each group of a case label, so "no task family
 * loses more than 10 points of completion" can be said. Groups smaller than the minimum size are
 * shown and not judged. Under `point` a group compares its two means; under `significant` its paired
 * per-case differences go through the same sign-flip test as the core gates.
 */
import { worseByTest } from '../../stats/sign-flip.js';
import { allowanceOf } from './metric-gates.js';
import type { PairedCase } from '../model.js';
import type { GateStatus } from '../model.js';

export const SLICE_METRICS = ['completion_rate', 'reward', 'steps'] as const;
export type SliceMetric = (typeof SLICE_METRICS)[number];
export const DEFAULT_MIN_SLICE = 5;

export interface SliceGateSpec {
  /** A case label (task_family, …), or any other field of the case rows kept when packing. */
  by: string;
  metric: SliceMetric;
  /** How much worse a group may get: in the metric's unit (0.10 = 10 points of completion), or "N%" of its baseline. */
  tolerance?: number | string;
  min_cases?: number;
  level?: 'required' | 'advisory';
}

export interface SliceResult {
  by: string;
  metric: SliceMetric;
  /** The group's label (untrusted: the report escapes it); null for cases without one. */
  group: string | null;
  level: 'required' | 'advisory';
  cases: number;
  baseline: number;
  candidate: number;
  change: number;
  allowance: number;
  /** pass, fail or inconclusive; a group under the minimum size is not judged (`judged` false, status pass). */
  status: GateStatus;
  judged: boolean;
  basis: 'point' | 'paired';
  /**
   * Paired (significant) and judged only: the one-sided p that the group is worse than allowed, the
   * same after the comparison's shared error budget (Holm with the core gates; null for an advisory
   * slice, which never decides and is not adjusted), and the p that it is within the allowance.
   */
  p_violated?: number;
  p_adjusted?: number | null;
  p_holds?: number;
  /** The group's cases move together (the correlation check clustered by this field): one unit, which one run cannot judge alone. */
  moves_together?: true;
}

const value = (metric: SliceMetric, e: PairedCase['baseline']): number =>
  metric === 'reward' ? e.reward : metric === 'steps' ? e.steps : e.successes / e.trials;

/**
 * `together`: the grouping whose cases were found to move together (the significant policy's
 * correlation check); a slice by it cannot tell a shared shock from the group's own change with its
 * cases as units, so it stays undecided rather than hold on a shock.
 */
export function evaluateSlices(
  cases: readonly PairedCase[],
  specs: readonly SliceGateSpec[],
  policy: 'point' | 'significant',
  alpha: number,
  together: string | null = null,
): SliceResult[] {
  const out: SliceResult[] = [];
  for (const spec of specs) {
    const groups = new Map<string | null, PairedCase[]>();
    for (const c of cases) {
      const key = c.labels[spec.by] ?? null;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [c]);
      else group.push(c);
    }
    const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
    for (const group of keys) {
      const members = groups.get(group) as PairedCase[];
      const higher = spec.metric !== 'steps';
      const b = members.reduce((s, c) => s + value(spec.metric, c.baseline), 0) / members.length;
      const c = members.reduce((s, x) => s + value(spec.metric, x.candidate), 0) / members.length;
      const allowance = allowanceOf(spec.tolerance ?? 0, b) as number; // never null: the baseline mean is known
      const judged = members.length >= (spec.min_cases ?? DEFAULT_MIN_SLICE);
      const worseBy = (x: PairedCase): number =>
        higher ? value(spec.metric, x.baseline) - value(spec.metric, x.candidate) : value(spec.metric, x.candidate) - value(spec.metric, x.baseline);
      const level = spec.level ?? 'required';
      const row: SliceResult = {
        by: spec.by,
        metric: spec.metric,
        group,
        level,
        cases: members.length,
        baseline: b,
        candidate: c,
        change: c - b,
        allowance,
        status: 'pass',
        judged,
        basis: policy === 'significant' ? 'paired' : 'point',
      };
      if (judged && policy === 'point') row.status = (higher ? b - c : c - b) <= allowance ? 'pass' : 'fail';
      else if (judged && together === spec.by) Object.assign(row, { status: 'inconclusive', moves_together: true });
      else if (judged) {
        const t = worseByTest(members.map(worseBy), allowance, alpha);
        Object.assign(row, { status: t.status, p_violated: t.p_violated, p_adjusted: level === 'required' ? t.p_violated : null, p_holds: t.p_holds });
      }
      out.push(row);
    }
  }
  return out;
}
