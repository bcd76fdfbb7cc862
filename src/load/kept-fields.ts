/**
 * The case fields a run's packed rows keep (schema/pack.ts `CaseFields`), worked out once from the
 * resolved policy: a metric gate's `field` (a number) and the fields a slice groups by or the
 * significance clusters by (labels), beyond the built-in metrics and labels. The loader keeps them
 * whenever it packs a run (large files load straight into the packed form, small ones are packed when
 * loaded), so the comparison reads every field its policy names and never chooses what loading keeps.
 */
import type { MetricGateSpec } from '../analysis/custom-gates/metric-gates.js';
import type { SliceGateSpec } from '../analysis/custom-gates/slices.js';
import { CLUSTER_FIELDS } from '../analysis/model.js';
import { type CaseFields, NO_FIELDS } from '../schema/pack.js';

/**
 * What of a resolved policy names case fields: its gates, slices and clustering, as the comparison
 * reads them (the compare options, policy/policy.ts `compareOptionsOf`, fit as they are).
 */
export interface FieldPolicy {
  metricGates?: readonly MetricGateSpec[] | undefined;
  slices?: readonly SliceGateSpec[] | undefined;
  /** The clustering: `auto`, `none`, a built-in label, or a case field. */
  significance?: { cluster?: string | undefined } | undefined;
}

/** The case fields the policy's gates, slices and clustering read (kept when packing). */
export function keptFields(policy: FieldPolicy): CaseFields {
  const known: readonly string[] = ['auto', 'none', ...CLUSTER_FIELDS];
  const groupings = [...(policy.slices ?? []).map((x) => x.by), policy.significance?.cluster ?? 'auto'].filter((f) => !known.includes(f));
  const numbers = (policy.metricGates ?? []).flatMap((g) => (g.field === undefined ? [] : [g.field]));
  return numbers.length === 0 && groupings.length === 0 ? NO_FIELDS : { numbers, labels: [...new Set(groupings)] };
}
