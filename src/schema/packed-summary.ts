/**
 * Summaries backed by their packed form (schema/pack.ts): what loading a large pair returns. They
 * hold the run's head and the packed rows, and no case objects: the comparison, the findings and the
 * reports read the rows through {@link packedOf} (by name, schema/packed-rows.ts) and count them with
 * {@link caseCount}. Reading such a summary's `cases` is a bug, and says so: nothing builds 100,000
 * case objects behind a property read. Who really needs case objects builds them, explicitly, with
 * `unpackSummary(packedOf(summary))` (what packing dropped stays dropped: see pack.ts).
 */
import { type CaseFields, NO_FIELDS, type PackedSummary, packSummary } from './pack.js';
import type { BenchmarkSummary } from './summary.js';

/** Every summary made by {@link packedSummary}, with the packed form it stands for. */
const BACKING = new WeakMap<BenchmarkSummary, PackedSummary>();

/**
 * Whether the summary was loaded packed: it has no case objects, and its rows lost their text
 * (final response, run path, `extra`), so whoever needs them reads the file again.
 */
export function loadedPacked(summary: BenchmarkSummary): boolean {
  return BACKING.has(summary);
}

/**
 * The summary of a packed form: its head, backed by the packed rows ({@link packedOf}). Its `cases`
 * (enumerable, so a spread or JSON.stringify of it fails too) throws an error naming the packed form.
 */
export function packedSummary(p: PackedSummary): BenchmarkSummary {
  const { schema, id, format, run, reported, metadata, extra } = p.head;
  const summary = { schema, id, format, run, reported, metadata } as BenchmarkSummary;
  Object.defineProperty(summary, 'cases', {
    enumerable: true,
    get: (): never => {
      throw new Error(
        `${id}: loaded packed, this summary has no case objects; read its rows with packedOf and caseCount (schema/packed-summary.ts), or build them explicitly with unpackSummary(packedOf(summary))`,
      );
    },
  });
  summary.extra = extra;
  BACKING.set(summary, p);
  return summary;
}

/**
 * The packed form of a summary's cases: the one it was loaded as, else packed now from its case
 * objects, keeping the case `fields` asked for. A summary loaded packed must have been loaded with
 * them (the loaders take them from the configuration): its rows no longer hold the fields.
 */
export function packedOf(summary: BenchmarkSummary, fields: CaseFields = NO_FIELDS): PackedSummary {
  const backing = BACKING.get(summary);
  if (backing === undefined) return packSummary(summary, fields);
  const missing = [
    ...fields.numbers.filter((f) => !Object.hasOwn(backing.fields.numbers, f)),
    ...fields.labels.filter((f) => !Object.hasOwn(backing.fields.labels, f)),
  ];
  if (missing.length > 0) throw new Error(`${summary.id}: loaded packed without the case fields ${missing.join(', ')}; load it with them (LoadOptions.keep)`);
  return backing;
}

/** The number of cases of a summary, packed or not. */
export function caseCount(summary: BenchmarkSummary): number {
  return BACKING.get(summary)?.ids.length ?? summary.cases.length;
}
