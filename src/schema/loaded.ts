/**
 * The one loaded form of a run: what every analysis and report is handed. It carries its case rows
 * packed (schema/pack.ts), explicitly, in `rows`: a small file loaded whole is packed once, when it
 * is loaded; a large one loads straight into the packed form (load/load.ts). `summary` is the run's
 * head only (id, format, run, reported, metadata, extra): it has no `cases`, so a read of case
 * objects on a loaded run does not type-check. Who really needs case objects (the evidence, which
 * needs their text, reads the file again: load/evidence.ts) builds them explicitly from a whole
 * summary, or with `unpackSummary(run.rows)` (what packing dropped stays dropped: see pack.ts).
 *
 * The rows keep the case fields the policy names (`rows.fields`): the loader works them out from the
 * resolved policy (load/kept-fields.ts), never the analysis.
 */
import type { CaseFields, PackedSummary } from './pack.js';
import { packSummary } from './pack.js';
import type { BenchmarkSummary } from './summary.js';

/** A summary without its cases: the run's head. */
export type SummaryHead = Omit<BenchmarkSummary, 'cases'>;

/** A run as loaded, with the path it was read from (shown in reports). */
export interface LoadedSummary {
  path: string;
  /** The run's head (the same object as `rows.head`). */
  summary: SummaryHead;
  /** The run's cases, packed: the only form the analysis and the reports read them in. */
  rows: PackedSummary;
  /**
   * Formats that merge a task's attempts into one case (load/attempts.ts): attempt t of every task,
   * packed, as run t; worked out when the run was loaded whole (a run loaded packed kept no
   * attempts). Absent: the run has no task with two attempts or more.
   */
  attempts?: readonly PackedSummary[];
}

/** The loaded form of a packed summary. */
export function loadedRows(path: string, rows: PackedSummary): LoadedSummary {
  return { path, summary: rows.head, rows };
}

/** The loaded form of a whole summary: its cases packed now, keeping `fields` (what the policy names). */
export function loadedWhole(path: string, summary: BenchmarkSummary, fields: CaseFields): LoadedSummary {
  return loadedRows(path, packSummary(summary, fields));
}

/** The number of cases of a loaded run. */
export function caseCount(run: LoadedSummary): number {
  return run.rows.ids.length;
}
