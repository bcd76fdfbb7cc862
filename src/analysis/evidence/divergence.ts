/**
 * Where two runs of a case part: at the first **action** that differs, never at wording alone.
 *
 * - rlm-code trajectories: rlm-code's own rule (SuperagenticAI/rlm-code @ 144be74,
 *   `rlm_code/rlm/session_replay.py` `compare_sessions`): step by step, the first whose action type,
 *   code or success flag differs, in that order. Every step of rlm-code is an action.
 * - Chat transcripts (tau-bench `traj`, Inspect AI `messages`): the assistant's tool calls, in
 *   order, compared by tool name and arguments parsed as JSON (key order and whitespace do not
 *   matter); a free-text message is no action, so paraphrased wording parts nothing. The same
 *   action may sit at different step numbers on the two sides.
 * - When the common actions agree, the runs part where one's actions stop, else at the final answer
 *   (when the format records one); when they agree too, it says so plainly.
 * - Without a step-by-step record on a side, it says what is known (the step counts the table
 *   shows) and that no parting can be told from steps.
 *
 * Every reason is trusted text: built from the kind and numbers only, never from the runs' strings.
 */
import { formatFacts } from '../../adapters/registry.js';
import { CONTEXT_STEPS, type Divergence, hasStepRecord, type Trace, type TraceStep } from './model.js';

type StepKind = 'action' | 'input' | 'success';

function partedBy(a: TraceStep, b: TraceStep): StepKind | null {
  if (a.key === null || b.key === null) return null;
  if (a.key.action !== b.key.action) return 'action';
  if (a.key.input !== b.key.input) return 'input';
  if (a.success !== null && b.success !== null && a.success !== b.success) return 'success';
  return null;
}

/**
 * What one action is called in the words of the reason: rlm-code's steps (each one is an action),
 * else the transcripts' actions (their tool calls, less tau-bench's thoughts), counted apart from
 * their steps.
 */
/** "step" when both sides' steps are their tool's own (the registry entry's `ownSteps`: rlm-code), else "action". */
const actionWord = (b: Trace, c: Trace): 'step' | 'action' => (formatFacts(b.format).ownSteps && formatFacts(c.format).ownSteps ? 'step' : 'action');

function why(kind: StepKind, a: TraceStep, b: TraceStep, word: string): string {
  if (kind === 'success')
    return `the same action ${a.success ? 'succeeded' : 'failed'} in the baseline, ${b.success ? 'succeeded' : 'failed'} in the candidate`;
  if (word === 'step') return kind === 'action' ? 'a different action' : 'different code';
  return kind === 'action' ? 'a different tool' : 'the same tool, different arguments';
}

const same = (a: string | null, b: string | null): boolean => (a ?? '').trim() === (b ?? '').trim();

/** The indices of the steps that are actions. */
const actionsOf = (steps: readonly TraceStep[]): number[] => steps.flatMap((s, i) => (s.key === null ? [] : [i]));

/** The final answers in words, after a clause about the steps; empty when neither run records one. */
function answers(b: Trace, c: Trace): { differ: boolean; words: string } {
  if (b.final_answer === null && c.final_answer === null) return { differ: false, words: '' };
  return same(b.final_answer, c.final_answer)
    ? { differ: false, words: ', and so do the final answers' }
    : { differ: true, words: '; the final answers differ' };
}

function result(kind: Divergence['kind'], reason: string, rest: Partial<Divergence> = {}): Divergence {
  return { kind, baseline_index: null, candidate_index: null, reason, before: [], baseline_step: null, candidate_step: null, ...rest };
}

/** Neither side, or only one, holds its steps one by one: what is known, never "no steps" beside a count. */
function withoutRecord(b: Trace, c: Trace): Divergence {
  const counts = b.step_count !== null && c.step_count !== null ? `${b.step_count} → ${c.step_count} steps; ` : '';
  const a = answers(b, c);
  if (!hasStepRecord(b) && !hasStepRecord(c)) {
    const words = a.words === '' ? '' : a.differ ? a.words : '; the final answers agree';
    return result(a.differ ? 'answer' : 'none', `${counts}no step-by-step trajectory is recorded${words}`);
  }
  const [has, lacks] = hasStepRecord(b) ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
  const tail = a.differ ? a.words : '';
  return result('unrecorded', `${counts}only the ${has}'s steps are recorded, not the ${lacks}'s: no parting step can be told${tail}`);
}

/** The wording of the free-text messages, in order, when the actions agree: only for saying so. */
const messagesDiffer = (b: Trace, c: Trace): boolean => {
  const text = (t: Trace): string[] => t.steps.filter((s) => s.key === null).map((s) => (s.input ?? '').trim());
  const x = text(b);
  const y = text(c);
  return x.length !== y.length || x.some((v, i) => v !== y[i]);
};

/** The first action where `baseline` and `candidate` part, with the actions just before it. */
export function findDivergence(baseline: Trace, candidate: Trace): Divergence {
  if (!hasStepRecord(baseline) || !hasStepRecord(candidate)) return withoutRecord(baseline, candidate);
  const b = baseline.steps;
  const c = candidate.steps;
  const ba = actionsOf(b);
  const ca = actionsOf(c);
  const word = actionWord(baseline, candidate);
  const n = Math.min(ba.length, ca.length);
  const before = (k: number): TraceStep[] => ba.slice(Math.max(0, k - CONTEXT_STEPS), k).map((i) => b[i] as TraceStep);
  for (let k = 0; k < n; k++) {
    const i = ba[k] as number;
    const j = ca[k] as number;
    const bs = b[i] as TraceStep;
    const cs = c[j] as TraceStep;
    const kind = partedBy(bs, cs);
    if (kind === null) continue;
    const where =
      word === 'step' || bs.step === cs.step
        ? `step ${bs.step}${word === 'step' ? '' : ` (action ${k + 1})`}`
        : `action ${k + 1} (baseline step ${bs.step}, candidate step ${cs.step})`;
    return result(kind, `parted at ${where}: ${why(kind, bs, cs, word)}`, {
      baseline_index: i,
      candidate_index: j,
      before: before(k),
      baseline_step: bs,
      candidate_step: cs,
    });
  }
  if (baseline.steps_dropped > 0 || candidate.steps_dropped > 0) {
    const total = (t: Trace): number => t.steps.length + t.steps_dropped;
    return result('unrecorded', `the first ${n} ${word}s kept agree; the later steps were not kept (${total(baseline)} → ${total(candidate)} steps)`, {
      before: before(n),
    });
  }
  if (ba.length !== ca.length) {
    const [longer, shorter, extra] =
      ba.length > ca.length ? (['baseline', 'candidate', b[ba[n] as number]] as const) : (['candidate', 'baseline', c[ca[n] as number]] as const);
    const counts = `${ba.length} → ${ca.length} ${word}s`;
    const at = word === 'step' ? '' : ` (step ${(extra as TraceStep).step})`;
    const reason =
      n === 0
        ? `the ${shorter} took no ${word}; the ${longer} did (${counts})`
        : `${n === 1 ? `the first ${word} agrees` : `the first ${n} ${word}s agree`}; the ${longer} went on to ${word} ${n + 1}${at} (${counts})`;
    return result('length', reason, {
      baseline_index: longer === 'baseline' ? (ba[n] as number) : null,
      candidate_index: longer === 'candidate' ? (ca[n] as number) : null,
      before: before(n),
      baseline_step: longer === 'baseline' ? (extra as TraceStep) : null,
      candidate_step: longer === 'candidate' ? (extra as TraceStep) : null,
    });
  }
  const agree = n === 0 ? `no ${word} in either run` : n === 1 ? `the one ${word} agrees` : `all ${n} ${word}s agree`;
  const a = answers(baseline, candidate);
  const words =
    a.words !== ''
      ? a.words
      : messagesDiffer(baseline, candidate)
        ? '; only the wording of the messages differs, which is not a parting'
        : ', and so do the messages';
  return result(a.differ ? 'answer' : 'none', `${agree}${words}`, { before: before(n) });
}
