/**
 * What a run does not record. The summary schema has no null for a case's steps or LLM calls
 * (rlm-code always writes them), so adapters of formats without them write 0; the report and the
 * leaderboard ask here and show such a measure as unknown, never 0, and its gate as not judged.
 * A format either never records a measure (the table below) or records it when its rows carry it:
 * then the adapter says of a run whose rows carry none (metadata `unrecorded`).
 * Tokens need no entry: a row without usage says so itself (`hasUsage(p, i)`, schema/packed-rows.ts).
 */
import { type BenchmarkSummary, UNRECORDED } from '../schema/summary.js';

export type Measure = 'steps' | 'calls';

/** Every measure a run may not record. */
export const MEASURES: readonly Measure[] = ['steps', 'calls'];

const NEITHER = MEASURES;
const NO_STEPS: readonly Measure[] = ['steps'];

/** By summary format (BenchmarkSummary.format). */
const NOT_RECORDED: Readonly<Record<string, readonly Measure[]>> = {
  junit: NEITHER,
  ctrf: NEITHER,
  'lm-eval': NEITHER,
  'lm-eval-results': NEITHER,
  'swe-bench': NEITHER,
  'tau-bench': NEITHER,
  // Tokens per trial, but neither turns nor calls (terminal_bench/harness/models.py TrialResults).
  'terminal-bench': NEITHER,
  // Messages, but no count of steps or calls per simulation (tau2 data_model/simulation.py SimulationRun).
  'tau2-bench': NEITHER,
  // Tokens per trial (AgentContext), no turns or calls (harbor models/trial/result.py TrialResult).
  harbor: NEITHER,
  'github-action-benchmark-bigger': NEITHER,
  'github-action-benchmark-smaller': NEITHER,
  // One provider call per cell; no agent steps.
  promptfoo: NO_STEPS,
  // Model calls from the sample's events; no steps.
  'inspect-ai': NO_STEPS,
};

/** The parts of a summary that say what it records. */
export type RecordedBy = Pick<BenchmarkSummary, 'format' | 'metadata'>;

/** Whether a summary records `measure` (else its 0s mean unknown): by its format, then by its run. */
export function records(s: RecordedBy, measure: Measure): boolean {
  if (Object.hasOwn(NOT_RECORDED, s.format) && (NOT_RECORDED[s.format] as readonly Measure[]).includes(measure)) return false;
  const byRun = s.metadata[UNRECORDED];
  return typeof byRun !== 'string' || !byRun.split(',').includes(measure);
}

/** The metadata an adapter adds for a run whose rows carry none of these measures (empty for none). */
export function unrecordedMetadata(missing: readonly Measure[]): Record<string, string> {
  return missing.length === 0 ? {} : { [UNRECORDED]: missing.join(',') };
}
