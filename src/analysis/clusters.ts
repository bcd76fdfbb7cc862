/**
 * Which cases are tested as one unit under the significant policy: each case, or each group of a
 * case label (cases of one task family tend to fail together, so they count once).
 */
import type { FindingDraft } from './findings.js';
import type { PairedCase } from './significance.js';

/** The case labels a cluster can be taken from. */
export const CLUSTER_FIELDS = ['task_family', 'environment', 'domain', 'split', 'length_bucket'] as const;
export type ClusterField = (typeof CLUSTER_FIELDS)[number];
/**
 * `auto` takes the first of task_family, environment, domain that every case has, with enough
 * groups; a label or any other field of the case rows (kept when packing) clusters by its values.
 */
export type ClusterChoice = 'auto' | 'none' | ClusterField | (string & {});
/** A field to cluster by (not auto or none): a label or a case field. */
export const CLUSTER_FIELD_NAME = /^[^.\s][^\s]{0,127}$/;
/** Fewest groups `auto` clusters by: fewer make a cluster-level test too coarse to decide. */
export const AUTO_MIN_CLUSTERS = 20;

/** Picks the clustering and says why, as a sentence of benchgate's own words. */
export function chooseCluster(cases: readonly PairedCase[], choice: ClusterChoice): { field: string | null; note: string; drafts: FindingDraft[] } {
  if (choice === 'none') return { field: null, note: 'cases treated as independent (cluster: none)', drafts: [] };
  const groups = (f: string): number | null => {
    const seen = new Set<string>();
    for (const c of cases) {
      const v = c.labels[f] ?? null;
      if (v === null) return null;
      seen.add(v);
    }
    return seen.size;
  };
  if (choice !== 'auto') {
    const g = groups(choice);
    if (g === null) return { field: choice, note: `clustered by ${choice}; cases without one count as their own cluster`, drafts: [] };
    return { field: choice, note: `clustered by ${choice}`, drafts: [] };
  }
  for (const f of ['task_family', 'environment', 'domain'] as const) {
    const g = groups(f);
    if (g === null || g < 2 || g >= cases.length) continue;
    if (g >= AUTO_MIN_CLUSTERS) return { field: f, note: `clustered by ${f} (auto)`, drafts: [] };
    return {
      field: null,
      note: `cases treated as independent: ${f} has only ${g} groups, too few to cluster by (auto needs ${AUTO_MIN_CLUSTERS})`,
      drafts: [{ code: 'too-few-clusters', side: null, message: `Cases carry ${g} ${f} groups, too few for cluster-robust tests (auto needs ${AUTO_MIN_CLUSTERS}), so cases are treated as independent; if cases of one ${f} fail together, the gates are too confident. To cluster anyway, set cluster to ${f} (--cluster ${f}).`, case_ids: [] }],
    };
  }
  return { field: null, note: 'cases treated as independent (no grouping on every case)', drafts: [] };
}

/** Unit index per case: one unit per case, or per cluster value (unlabeled cases alone). */
export function unitsOf(cases: readonly PairedCase[], field: string | null): { unitOf: Int32Array; count: number } {
  const unitOf = new Int32Array(cases.length);
  if (field === null) {
    for (let i = 0; i < cases.length; i++) unitOf[i] = i;
    return { unitOf, count: cases.length };
  }
  const ids = new Map<string, number>();
  let count = 0;
  cases.forEach((c, i) => {
    const v = c.labels[field] ?? null;
    if (v === null) { unitOf[i] = count++; return; }
    let u = ids.get(v);
    if (u === undefined) ids.set(v, (u = count++));
    unitOf[i] = u;
  });
  return { unitOf, count };
}
