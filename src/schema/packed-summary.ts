/**
 * Summaries backed by their packed form (schema/pack.ts): what loading a large pair returns. Their
 * case objects are built only if something asks for them; the comparison reads the packed form.
 */
import { NO_FIELDS, packSummary, unpackSummary, type CaseFields, type PackedSummary } from './pack.js';
import type { BenchmarkSummary, CaseResult } from './summary.js';

/** Summaries made by {@link packedSummary} whose cases have not been handed out yet. */
const BACKING = new WeakMap<BenchmarkSummary, PackedSummary>();
/** Every summary made by {@link packedSummary}, also after its cases were handed out. */
const PACKED = new WeakSet<BenchmarkSummary>();

/**
 * Whether the summary was loaded packed: its case rows lost their text (final response, run path,
 * `extra`), so whoever needs them reads the file again. Asking does not build the cases.
 */
export function loadedPacked(summary: BenchmarkSummary): boolean {
  return PACKED.has(summary);
}

/**
 * The summary of a packed form, without building its case objects: `cases` is built (as
 * {@link unpackSummary} builds it) on first access. The comparison reads the packed form instead
 * (see {@link packedOf}), so comparing large files never builds 100,000 case objects.
 */
export function packedSummary(p: PackedSummary): BenchmarkSummary {
  const { schema, id, format, run, reported, metadata, extra } = p.head;
  const summary = { schema, id, format, run, reported, metadata } as BenchmarkSummary;
  let cases: CaseResult[] | null = null;
  // Once the cases are out, they may be changed in place: from then on the packed form is stale.
  Object.defineProperty(summary, 'cases', {
    enumerable: true,
    configurable: true,
    get: () => {
      BACKING.delete(summary);
      return (cases ??= unpackSummary(p).cases);
    },
    set: (value: CaseResult[]) => {
      BACKING.delete(summary);
      cases = value;
    },
  });
  summary.extra = extra;
  BACKING.set(summary, p);
  PACKED.add(summary);
  return summary;
}

/**
 * The packed form of a summary's cases: the one it was loaded from when still current, else packed
 * now, keeping the case `fields` asked for. A summary loaded packed must have been loaded with them
 * (the loaders take them from the configuration): its cases no longer hold the fields.
 */
export function packedOf(summary: BenchmarkSummary, fields: CaseFields = NO_FIELDS): PackedSummary {
  const backing = BACKING.get(summary);
  if (backing === undefined) return packSummary(summary, fields);
  const missing = [...fields.numbers.filter((f) => !Object.hasOwn(backing.fields.numbers, f)), ...fields.labels.filter((f) => !Object.hasOwn(backing.fields.labels, f))];
  if (missing.length > 0) throw new Error(`${summary.id}: loaded packed without the case fields ${missing.join(', ')}; load it with them (LoadOptions.keep)`);
  return backing;
}

/** The number of cases of a summary, without building the case objects of a packed one. */
export function caseCount(summary: BenchmarkSummary): number {
  return BACKING.get(summary)?.ids.length ?? summary.cases.length;
}
