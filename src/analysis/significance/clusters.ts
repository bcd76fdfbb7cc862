/**
 * Which cases are tested as one unit under the significant policy: each case, or each group of a
 * case label (cases of one task family tend to fail together, so they count once).
 *
 * `auto` with 20 or more groups clusters by them. With fewer, it asks the data: when the groups'
 * changes spread more than independent cases allow (group-correlation.ts, p ≤ 0.20 after Bonferroni
 * over reward, completion, steps), the groups are the units (a small-sample cluster-robust t test,
 * cluster-robust.ts); otherwise cases are tested on their own, at full power. Deciding on the data costs little size: when correlation is missed, it was small,
 * and the case-level test is then nearly right (`npm run calibrate` measures both errors with and
 * without per-run family shocks).
 */
import { UsageError } from '../../errors.js';
import type { FindingDraft } from '../integrity/findings.js';
import type { ClusterChoice, CorrelationCheck, PairedCases } from '../model.js';
import { labelAt } from '../paired-cases.js';
import { groupCorrelationPs } from './group-correlation.js';

/** A field to cluster by (not auto or none): a label or a case field. */
export const CLUSTER_FIELD_NAME = /^[^.\s][^\s]{0,127}$/;
/** Fewest groups `auto` clusters by without asking the data: with fewer, it clusters only when the groups' cases move together. */
export const AUTO_MIN_CLUSTERS = 20;
/** The level of the correlation check: liberal, since missing a shock costs size and a false alarm only some power. */
export const CORRELATION_LEVEL = 0.2;

export interface ClusterDecision {
  field: string | null;
  note: string;
  drafts: FindingDraft[];
  correlation: CorrelationCheck | null;
}

/** The number of groups of `field` when every case has one (null otherwise). */
function groupCount(cases: PairedCases, field: string): number | null {
  const seen = new Set<string>();
  for (let i = 0; i < cases.length; i++) {
    const v = labelAt(cases, i, field);
    if (v === null) return null;
    seen.add(v);
  }
  return seen.size;
}

/** The grouping `auto` reads: the first of task_family, environment, domain that every case has, with 2 or more groups and fewer than the cases. */
export function autoGrouping(cases: PairedCases): { field: string; groups: number } | null {
  for (const f of ['task_family', 'environment', 'domain'] as const) {
    const g = groupCount(cases, f);
    if (g !== null && g >= 2 && g < cases.length) return { field: f, groups: g };
  }
  return null;
}

/** Picks the clustering and says why, as a sentence of benchgate's own words; `columns` are the gates' per-case changes the correlation check reads. */
export function chooseCluster(
  cases: PairedCases,
  choice: ClusterChoice,
  columns: readonly { gate: string; perCase: ArrayLike<number> }[] = [],
): ClusterDecision {
  const decided = (d: Omit<ClusterDecision, 'correlation'>, correlation: CorrelationCheck | null = null): ClusterDecision => ({ ...d, correlation });
  if (choice === 'none') return decided({ field: null, note: 'cases treated as independent (cluster: none)', drafts: [] });
  const groups = (f: string): number | null => groupCount(cases, f);
  if (choice !== 'auto') {
    if (cases.length > 0 && !cases.labels.some((l) => (l[choice] ?? null) !== null)) {
      // A field no case has would silently test the cases as independent: name what is there instead.
      const present = [...new Set(cases.labels.flatMap((l) => Object.keys(l).filter((k) => l[k] !== null && l[k] !== undefined)))].sort();
      throw new UsageError(
        `cluster ${JSON.stringify(choice)}: no case has a value for this field, so nothing could be clustered by it; ` +
          (present.length > 0 ? `the cases have ${present.map((k) => JSON.stringify(k)).join(', ')}` : 'the cases have no label or field to cluster by') +
          ' (or choose auto or none)',
      );
    }
    const g = groups(choice);
    if (g === null) return decided({ field: choice, note: `clustered by ${choice}; cases without one count as their own cluster`, drafts: [] });
    return decided({ field: choice, note: `clustered by ${choice}`, drafts: [] });
  }
  for (const f of ['task_family', 'environment', 'domain'] as const) {
    const g = groups(f);
    if (g === null || g < 2 || g >= cases.length) continue;
    if (g >= AUTO_MIN_CLUSTERS) return decided({ field: f, note: `clustered by ${f} (auto)`, drafts: [] });
    const check = correlationCheck(cases, f, columns);
    if (check.p > CORRELATION_LEVEL) {
      return decided(
        {
          field: null,
          note: `cases treated as independent: the ${g} ${f} groups spread no more than independent cases do (correlation check p=${check.p.toFixed(2)})`,
          drafts: [],
        },
        check,
      );
    }
    return decided(
      {
        field: f,
        note: `clustered by ${f}: the cases of its ${g} groups move together (correlation check on ${check.gate}, p=${check.p.toFixed(3)}), so the groups are the units of a small-sample cluster-robust t test`,
        drafts: [
          {
            code: 'too-few-clusters',
            side: null,
            message: `The cases of each ${f} move together (correlation check on ${check.gate}, p=${check.p.toFixed(3)}): a per-run shock or a group-level change, so the ${g} groups are the units of evidence, and ${g} units make a weaker test (a cluster-robust t test with about ${g - 1} degrees of freedom). More ${f} groups would sharpen it.`,
            case_ids: [],
          },
        ],
      },
      check,
    );
  }
  return decided({ field: null, note: 'cases treated as independent (no grouping on every case)', drafts: [] });
}

/**
 * The correlation check over the given gates' per-case changes for one grouping: the smallest p,
 * Bonferroni-adjusted over the columns that vary (the smallest of three unadjusted p's
 * fired about 23% of the time at a level of 0.20), and which gate gave it.
 */
function correlationCheck(cases: PairedCases, field: string, columns: readonly { gate: string; perCase: ArrayLike<number> }[]): CorrelationCheck {
  const { unitOf, count } = unitsOf(cases, field);
  let best: CorrelationCheck = { field, groups: count, p: 1, gate: columns[0]?.gate ?? 'completion' };
  const ps = groupCorrelationPs(
    columns.map((c) => c.perCase),
    unitOf,
    count,
  );
  const varying = columns.filter((c) => Array.prototype.some.call(c.perCase, (x: number) => x !== c.perCase[0])).length;
  columns.forEach((c, k) => {
    const p = Math.min(1, (ps[k] as number) * Math.max(1, varying));
    if (p < best.p) best = { field, groups: count, p, gate: c.gate };
  });
  return best;
}

/** Unit index per case: one unit per case, or per cluster value (unlabeled cases alone). */
export function unitsOf(cases: PairedCases, field: string | null): { unitOf: Int32Array; count: number } {
  const unitOf = new Int32Array(cases.length);
  if (field === null) {
    for (let i = 0; i < cases.length; i++) unitOf[i] = i;
    return { unitOf, count: cases.length };
  }
  const ids = new Map<string, number>();
  let count = 0;
  cases.labels.forEach((labels, i) => {
    const v = labels[field] ?? null;
    if (v === null) {
      unitOf[i] = count++;
      return;
    }
    let u = ids.get(v);
    if (u === undefined) ids.set(v, (u = count++));
    unitOf[i] = u;
  });
  return { unitOf, count };
}

/** Per unit, the sum of `values` over its cases (in case order), or without values its number of cases. */
export function unitTotals(unitOf: Int32Array, count: number, values?: ArrayLike<number>): Float64Array {
  const out = new Float64Array(count);
  for (let i = 0; i < unitOf.length; i++) out[unitOf[i] as number]! += values === undefined ? 1 : (values[i] as number);
  return out;
}
