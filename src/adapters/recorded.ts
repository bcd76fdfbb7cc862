/**
 * What a run does not record. The summary schema has no null for a case's steps or LLM calls
 * (rlm-code always writes them), so adapters of formats without them write 0; the report and the
 * leaderboard ask (registry.ts `records`) and show such a measure as unknown, never 0, and its gate
 * as not judged. A format either never records a measure (its registry entry's `notRecorded`) or
 * records it when its rows carry it: then the adapter says of a run whose rows carry none (metadata
 * `unrecorded`, read here).
 * Tokens need no entry: a row without usage says so itself (`hasUsage(p, i)`, schema/packed-rows.ts).
 */
import { type BenchmarkSummary, UNRECORDED } from '../schema/summary.js';

export type Measure = 'steps' | 'calls';

/** Every measure a run may not record. */
export const MEASURES: readonly Measure[] = ['steps', 'calls'];

/**
 * Whether a run's rows record `measure`, by what its adapter said of the run (metadata `unrecorded`).
 * What a format never records is a fact of its registry entry (`notRecorded`); registry.ts `records`
 * asks both.
 */
export function recordedByRun(metadata: BenchmarkSummary['metadata'], measure: Measure): boolean {
  const byRun = metadata[UNRECORDED];
  return typeof byRun !== 'string' || !byRun.split(',').includes(measure);
}

/** The metadata an adapter adds for a run whose rows carry none of these measures (empty for none). */
export function unrecordedMetadata(missing: readonly Measure[]): Record<string, string> {
  return missing.length === 0 ? {} : { [UNRECORDED]: missing.join(',') };
}
