/**
 * The evidence of a case: why it ended as it did, as its tool recorded it. One shape for every
 * format (the final answer, the expected answer, the failure or scorer reason, and the steps), filled
 * by one extractor per format from what the case row holds (extract.ts), and for rlm-code from the
 * run's trajectory (rlm-code.ts). Untrusted text throughout: renderers escape every string.
 */

/** Longest text kept in one field of the evidence, in UTF-16 units; longer text ends in "…". */
export const TEXT_MAX = 16_384;
/** Most steps kept of one case; later steps are counted, not kept. */
export const STEPS_MAX = 200;

/** One step of a case: an action the agent took and what came of it. Unknown is null. */
export interface TraceStep {
  /** The step's number as its tool numbered it (1-based). */
  step: number;
  /** Action type (rlm-code `action.action`), tool name(s) of an assistant turn, or `message`. */
  action: string;
  /** Code or tool arguments, as text. */
  input: string | null;
  /** The agent's stated reason (rlm-code `rationale`). */
  rationale: string | null;
  /** What the action returned (stdout, tool result). */
  output: string | null;
  /** What went wrong (stderr, an error field). */
  error: string | null;
  /** rlm-code's success flag (`observation.success`, else no error and no stderr); null when the format has none. */
  success: boolean | null;
  reward: number | null;
  /** Prompt plus completion tokens of the step. */
  tokens: number | null;
  /**
   * What the parting rule compares of the step, in a canonical form (divergence.ts): the action and
   * its code or arguments. Null for a step that is no action: an assistant's free text to the user,
   * or a tool that only writes down a thought. Paraphrased text alone never parts two runs.
   */
  key: StepKey | null;
}

/** The canonical action of a step: what it did and with what, as equal on both sides when the action is. */
export interface StepKey {
  /** The action type (rlm-code) or the tools called (a transcript). */
  action: string;
  /** The code (rlm-code) or the arguments, parsed as JSON and written with sorted keys, no whitespace. */
  input: string;
}

/**
 * JSON with object keys sorted and no whitespace: two values equal as parsed JSON give the same
 * text, whatever their key order or spacing. Undefined (a missing field) is the empty text.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (isObj(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, walk(v[k])]),
      );
    return v;
  };
  try {
    return JSON.stringify(walk(value)) ?? '';
  } catch {
    return String(value);
  }
}

/** Where the evidence of a case came from. */
export type TraceSource = 'trajectory' | 'transcript' | 'row' | 'none';

/** One side's evidence for one case. */
export interface Trace {
  /** The summary's format (`rlm-code`, `inspect-ai`, …). */
  format: string;
  source: TraceSource;
  final_answer: string | null;
  expected_answer: string | null;
  /** The failure or scorer reason: an error, a failing assertion's reason, a failed test's message. */
  reason: string | null;
  steps: TraceStep[];
  /** Steps recorded beyond {@link STEPS_MAX}, not kept. */
  steps_dropped: number;
  /** What is missing and why (a format that records no steps, a trajectory that could not be read). */
  note: string | null;
  /**
   * The case's step count as the comparison has it (the report's table shows the same number), or
   * null when the run does not record steps. Known even when no step-by-step trajectory is.
   */
  step_count: number | null;
  /** A transcript's last free-text message to the user (tau-bench's agent has no final answer of its own); not compared. */
  last_message: string | null;
}

/** Whether a trace holds the run's steps one by one (a trajectory or a transcript), not only what the row says. */
export const hasStepRecord = (t: Trace): boolean => t.source === 'trajectory' || t.source === 'transcript' || t.steps.length > 0;

/**
 * How the runs part: at an action whose type (`action`), code or arguments (`input`) or success
 * (`success`) differs, where one run's actions stop (`length`), at the final answers (`answer`),
 * not at all (`none`), or not to be told: one side's steps are not recorded (`unrecorded`).
 */
export type DivergenceKind = 'action' | 'input' | 'success' | 'length' | 'answer' | 'none' | 'unrecorded';

/** Where two runs of a case part. */
export interface Divergence {
  kind: DivergenceKind;
  /**
   * Index into each side's `steps` of the step where the runs part; null on a side with no such step
   * (it stopped first) and on both when no action differs. The two differ when free-text messages
   * come between the actions in different numbers.
   */
  baseline_index: number | null;
  candidate_index: number | null;
  /** In words, trusted (built from the kind and numbers only). */
  reason: string;
  /** Up to {@link CONTEXT_STEPS} actions just before the parting (equal on both sides by the rule), from the baseline. */
  before: TraceStep[];
  baseline_step: TraceStep | null;
  candidate_step: TraceStep | null;
}

/** Steps shown before the parting step. */
export const CONTEXT_STEPS = 2;

/** The evidence of one regressed case: both sides and where they part. */
export interface CaseEvidenceReport {
  case_id: string;
  baseline: Trace;
  candidate: Trace;
  divergence: Divergence;
}

/** Text kept within {@link TEXT_MAX}; null stays null. */
export function capText(value: string | null, max = TEXT_MAX): string | null {
  if (value === null || value.length <= max) return value;
  return `${value.slice(0, max - 1)}…`;
}

/** Any value as text: strings as they are, the rest as JSON; null and undefined are null. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return capText(value);
  try {
    return capText(JSON.stringify(value) ?? null);
  } catch {
    return null;
  }
}

/** A JSON object of a row or a trajectory event (not an array, not null). */
export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** {@link textOf}, with the empty text as null. */
export function nonEmptyText(value: unknown): string | null {
  const t = textOf(value);
  return t === null || t === '' ? null : t;
}

/** The evidence of a comparison's regressed cases (set on the comparison by the caller that gathered it). */
export interface EvidenceReport {
  cases: CaseEvidenceReport[];
  /** Regressed cases beyond the cap, not given evidence. */
  more: number;
}
