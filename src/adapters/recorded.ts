/**
 * What a format's files never record. The summary schema has no null for a case's steps or LLM
 * calls (rlm-code always writes them), so adapters of formats without them write 0; the report and
 * the leaderboard ask here and show such a measure as unknown, never 0, and its gate as not judged.
 * Tokens need no entry: a row without usage says so itself (`hasUsage(p, i)`, schema/packed-rows.ts).
 */
export type Measure = 'steps' | 'calls';

const NEITHER: readonly Measure[] = ['steps', 'calls'];
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
  'github-action-benchmark-bigger': NEITHER,
  'github-action-benchmark-smaller': NEITHER,
  // One provider call per cell; no agent steps.
  promptfoo: NO_STEPS,
  // Model calls from the sample's events; no steps.
  'inspect-ai': NO_STEPS,
};

/** The measures a summary of `format` does not record (its 0s mean unknown). */
export function unrecorded(format: string): readonly Measure[] {
  return Object.hasOwn(NOT_RECORDED, format) ? (NOT_RECORDED[format] as readonly Measure[]) : [];
}

/** Whether a summary of `format` records `measure`. */
export function records(format: string, measure: Measure): boolean {
  return !unrecorded(format).includes(measure);
}
