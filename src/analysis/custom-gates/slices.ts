/**
 * Slice gates: a core metric judged within each group of a case label, so "no task family
 * loses more than 10 points of completion" can be said. Groups smaller than the minimum size are
 * shown and not judged. Under `point` a group compares its two means; under `significant` its paired
 * per-case differences go through the same sign-flip test as the core gates.
 */
import { worseByTest } from '../../stats/sign-flip.js';
import type { EvidenceColumns, GateStatus, PairedCases } from '../model.js';
import { labelAt } from '../paired-cases.js';
import { allowanceOf } from './metric-gates.js';

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

/** Case i's value of the metric on one side. */
const value = (metric: SliceMetric, e: EvidenceColumns, i: number): number =>
  metric === 'reward' ? (e.reward[i] as number) : metric === 'steps' ? (e.steps[i] as number) : (e.successes[i] as number) / (e.trials[i] as number);

/**
 * `together`: the grouping whose cases were found to move together (the significant policy's
 * correlation check); a slice by it cannot tell a shared shock from the group's own change with its
 * cases as units, so it stays undecided rather than hold on a shock.
 */
export function evaluateSlices(
  cases: PairedCases,
  specs: readonly SliceGateSpec[],
  policy: 'point' | 'significant',
  alpha: number,
  together: string | null = null,
): SliceResult[] {
  const out: SliceResult[] = [];
  for (const spec of specs) {
    // Each group's cases (their indices, in order).
    const groups = new Map<string | null, number[]>();
    for (let i = 0; i < cases.length; i++) {
      const key = labelAt(cases, i, spec.by);
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [i]);
      else group.push(i);
    }
    const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
    for (const group of keys) {
      const members = groups.get(group) as number[];
      const higher = spec.metric !== 'steps';
      const b = members.reduce((s, i) => s + value(spec.metric, cases.baseline, i), 0) / members.length;
      const c = members.reduce((s, i) => s + value(spec.metric, cases.candidate, i), 0) / members.length;
      const allowance = allowanceOf(spec.tolerance ?? 0, b) as number; // never null: the baseline mean is known
      const judged = members.length >= (spec.min_cases ?? DEFAULT_MIN_SLICE);
      const worseBy = (i: number): number => {
        const before = value(spec.metric, cases.baseline, i);
        const after = value(spec.metric, cases.candidate, i);
        return higher ? before - after : after - before;
      };
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
