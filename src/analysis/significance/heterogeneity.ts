/**
 * A group that moved apart: when one group of a case label (a task family collapsing while the
 * others improve) changes far from the rest, the mean change can pass every gate while hiding it.
 * Each group's mean per-case completion change against the rest's, by Welch's z, Bonferroni over
 * the groups at the confidence level (two-sided); the group furthest below the rest is named when
 * it clears that bar and did worse in its own right. It is a note under the verdict, not a gate:
 * a slice by the label gates on it.
 */
import { normalQuantile } from '../../stats/distributions.js';
import type { PairedCases } from '../model.js';
import { type GroupApart } from '../model.js';
import { labelAt, rateAt } from '../paired-cases.js';

/** The first of task_family, environment, domain that every case has, with 2 or more groups and fewer than the cases. */
function grouping(cases: PairedCases, preferred: string | null): string | null {
  const fields = preferred === null ? ['task_family', 'environment', 'domain'] : [preferred];
  for (const f of fields) {
    const seen = new Set<string>();
    if (cases.labels.some((l) => (l[f] ?? null) === null)) continue;
    for (const l of cases.labels) seen.add(l[f] as string);
    if (seen.size >= 2 && seen.size < cases.length) return f;
  }
  return null;
}

/** The group furthest below the rest in completion change, when it is beyond chance (see above); else null. */
export function groupApart(cases: PairedCases, alpha: number, preferred: string | null = null): GroupApart | null {
  const field = grouping(cases, preferred);
  if (field === null) return null;
  // Per group and over all cases: the count, the sum and the sum of squares of the per-case
  // completion changes, each added in case order from 0.
  const groups = new Map<string, { n: number; s: number; q: number }>();
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < cases.length; i++) {
    const key = labelAt(cases, i, field) as string; // every case has one (grouping)
    const d = rateAt(cases.candidate, i) - rateAt(cases.baseline, i);
    sum += d;
    sumSq += d * d;
    const g = groups.get(key);
    if (g === undefined) groups.set(key, { n: 1, s: 0 + d, q: 0 + d * d });
    else {
      g.n++;
      g.s += d;
      g.q += d * d;
    }
  }
  const bar = normalQuantile(1 - alpha / (2 * groups.size));
  let worst: GroupApart | null = null;
  for (const [group, { n: n1, s: s1, q: q1 }] of groups) {
    const n2 = cases.length - n1;
    if (n1 < 2 || n2 < 2) continue;
    const m1 = s1 / n1;
    const m2 = (sum - s1) / n2;
    const v1 = (q1 - n1 * m1 * m1) / (n1 - 1);
    const v2 = (sumSq - q1 - n2 * m2 * m2) / (n2 - 1);
    const se = Math.sqrt(Math.max(0, v1) / n1 + Math.max(0, v2) / n2);
    if (!(se > 0)) continue;
    const z = (m1 - m2) / se;
    if (z <= -bar && m1 < 0 && (worst === null || z < worst.z)) worst = { field, group, cases: n1, change: m1, rest: m2, z };
  }
  return worst;
}
