/**
 * Where two runs of a case part, by rlm-code's rule (`session_replay.compare_sessions`): the first
 * step whose action type, code or success flag differs. For chat transcripts, where no success flag
 * is recorded, the first assistant action (tools called, or text) that differs. When every common
 * step agrees, the runs part where the shorter one stops; with no steps at all, at the final answer.
 */
import { CONTEXT_STEPS, type Divergence, type Trace, type TraceStep } from './model.js';

function partedBy(a: TraceStep, b: TraceStep): 'action' | 'input' | 'success' | null {
  if (a.action !== b.action) return 'action';
  if ((a.input ?? '') !== (b.input ?? '')) return 'input';
  if (a.success !== null && b.success !== null && a.success !== b.success) return 'success';
  return null;
}

function why(kind: 'action' | 'input' | 'success', a: TraceStep, b: TraceStep, format: string): string {
  if (kind === 'action') return 'a different action';
  if (kind === 'success')
    return `the same action ${a.success ? 'succeeded' : 'failed'} in the baseline, ${b.success ? 'succeeded' : 'failed'} in the candidate`;
  if (a.action === 'message') return 'a different message';
  return format === 'rlm-code' ? 'different code' : 'different arguments';
}

/** The first step where `baseline` and `candidate` part, with the steps just before it. */
export function findDivergence(baseline: Trace, candidate: Trace): Divergence {
  const b = baseline.steps;
  const c = candidate.steps;
  const n = Math.min(b.length, c.length);
  for (let i = 0; i < n; i++) {
    const kind = partedBy(b[i] as TraceStep, c[i] as TraceStep);
    if (kind === null) continue;
    return {
      kind,
      index: i,
      reason: `parted at step ${i + 1}: ${why(kind, b[i] as TraceStep, c[i] as TraceStep, baseline.format)}`,
      before: b.slice(Math.max(0, i - CONTEXT_STEPS), i),
      baseline_step: b[i] as TraceStep,
      candidate_step: c[i] as TraceStep,
    };
  }
  if (b.length !== c.length) {
    const longer = b.length > c.length ? 'baseline' : 'candidate';
    return {
      kind: 'length',
      index: n,
      reason:
        n === 0
          ? `only the ${longer} recorded steps (${b.length} → ${c.length})`
          : `the first ${n} step${n === 1 ? '' : 's'} agree; the ${longer} went on to step ${n + 1} (${b.length} → ${c.length} steps)`,
      before: b.slice(Math.max(0, n - CONTEXT_STEPS), n),
      baseline_step: b[n] ?? null,
      candidate_step: c[n] ?? null,
    };
  }
  const same = (baseline.final_answer ?? '') === (candidate.final_answer ?? '');
  const stepsWord = n === 0 ? 'no steps recorded' : `all ${n} steps agree`;
  return {
    kind: same ? 'none' : 'answer',
    index: null,
    reason: same ? `${stepsWord}, and so do the final answers` : `${stepsWord}; the final answers differ`,
    before: b.slice(Math.max(0, n - CONTEXT_STEPS)),
    baseline_step: null,
    candidate_step: null,
  };
}
