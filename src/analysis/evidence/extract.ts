/**
 * One extractor per kind of row: the evidence of a case from what its row holds (the known fields
 * and `extra`, where every adapter keeps the source row's other fields). Which one a format's rows
 * take is a fact of its registry entry (`evidence`, `reactTranscript`: adapters/registry.ts).
 * rlm-code native cases read their trajectory instead (rlm-code.ts; the caller reads the file). A
 * format that records nothing beyond the outcome says so in `note`.
 */
import { formatFacts } from '../../adapters/registry.js';
import type { CaseResult } from '../../schema/summary.js';
import { canonicalJson, capText, isObj, nonEmptyText, type Obj, STEPS_MAX, textOf, type Trace, type TraceStep } from './model.js';
import { rlmCodeTrace } from './rlm-code.js';
import { type Call, reactAction, TAU_THOUGHT_TOOLS, tauRewardReason } from './tau-bench.js';

/** A trajectory the caller read for an rlm-code case: its events, or why there are none. */
export interface TrajectoryInput {
  events: readonly Obj[] | null;
  missing: string | null;
}

/** The text of a chat message's content: a string, or the text parts of a list. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return nonEmptyText(content);
  if (!Array.isArray(content)) return nonEmptyText(content);
  const parts = content.map((p) => (isObj(p) && typeof p['text'] === 'string' ? p['text'] : null));
  return nonEmptyText(parts.filter((p): p is string => p !== null).join('\n'));
}

/** A tool call's arguments, parsed when they are JSON text (OpenAI writes a string), in canonical form. */
function argsKey(args: unknown): string {
  if (typeof args !== 'string') return canonicalJson(args);
  try {
    return canonicalJson(JSON.parse(args) as unknown);
  } catch {
    return args.trim();
  }
}

/** A tool call's name and arguments: Inspect AI (`function`, `arguments`) and OpenAI (`function.name`, `function.arguments`). */
function toolCall(call: unknown): Call {
  if (!isObj(call)) return { name: 'tool', args: nonEmptyText(call), key: argsKey(call) };
  const f = call['function'];
  if (isObj(f)) return { name: String(f['name'] ?? 'tool'), args: nonEmptyText(f['arguments']), key: argsKey(f['arguments']) };
  const args = call['arguments'] ?? call['input'];
  return { name: String(f ?? call['name'] ?? 'tool'), args: nonEmptyText(args), key: argsKey(args) };
}

/** One assistant turn as a step: its tool calls (the action, keyed on names and parsed arguments), else its text (no action). */
function assistantStep(m: Obj, n: number, react: boolean): TraceStep {
  let calls = Array.isArray(m['tool_calls']) ? m['tool_calls'].map(toolCall) : [];
  let text = contentText(m['content']);
  let rationale: string | null = null;
  if (calls.length === 0 && react) {
    const react = reactAction(text);
    if (react !== null) {
      calls = react.call === null ? [] : [react.call];
      rationale = react.thought;
      if (react.call === null) text = react.said;
    }
  }
  const thoughtOnly = react && calls.length > 0 && calls.every((c) => TAU_THOUGHT_TOOLS.has(c.name));
  return {
    step: n,
    action: calls.length > 0 ? calls.map((c) => c.name).join(', ') : 'message',
    input: calls.length > 0 ? capText(calls.map((c) => c.args ?? '').join('\n')) : text,
    rationale: calls.length > 0 ? (rationale ?? text) : null,
    output: null,
    error: null,
    success: null,
    reward: null,
    tokens: null,
    key: calls.length === 0 || thoughtOnly ? null : { action: calls.map((c) => c.name).join('\n'), input: calls.map((c) => c.key).join('\n') },
  };
}

/**
 * The steps of a chat transcript (Inspect AI `messages`, tau-bench `traj`): one per assistant turn,
 * its action the tools it called (or `message`: free text, no action), its input their arguments
 * (or its text), its output the tool results that follow it. tau-bench's agents write `traj` as
 * OpenAI chat messages (tau_bench/agents/tool_calling_agent.py `solve`: each assistant message
 * with its first tool call only, then a `tool` message with the result; a text answer, then the
 * user's reply), its ReAct agents with the action in the text ({@link reactAction}).
 */
export function transcriptSteps(messages: readonly unknown[], format: string | null = null): { steps: TraceStep[]; dropped: number } {
  const react = format !== null && formatFacts(format).reactTranscript === true;
  const steps: TraceStep[] = [];
  let total = 0;
  let last: TraceStep | null = null;
  for (const m of messages) {
    if (!isObj(m)) continue;
    const role = m['role'];
    if (role === 'assistant') {
      last = assistantStep(m, total + 1, react);
      if (total < STEPS_MAX) steps.push(last);
      else last = null;
      total++;
    } else if (role === 'tool' && last !== null) {
      const out = contentText(m['content']);
      const err = isObj(m['error']) ? nonEmptyText(m['error']['message']) : nonEmptyText(m['error']);
      if (out !== null) last.output = capText(last.output === null ? out : `${last.output}\n${out}`);
      if (err !== null) last.error = capText(last.error === null ? err : `${last.error}\n${err}`);
    }
  }
  return { steps, dropped: total - steps.length };
}

function base(c: CaseResult, format: string): Trace {
  return {
    format,
    source: 'row',
    final_answer: capText(c.final_response),
    expected_answer: textOf(c.expected_answer),
    reason: capText(c.error),
    steps: [],
    steps_dropped: 0,
    note: null,
    step_count: null,
    last_message: null,
  };
}

/** A row with a transcript under `key` reads its steps from it; else it says what it lacks. */
function withTranscript(t: Trace, c: CaseResult, keys: readonly string[], lacking: string): Trace {
  const key = keys.find((k) => Array.isArray(c.extra[k]));
  if (key === undefined) return { ...t, note: lacking };
  const { steps, dropped } = transcriptSteps(c.extra[key] as unknown[], t.format);
  const lastMessage = [...steps].reverse().find((s) => s.action === 'message');
  return { ...t, source: 'transcript', steps, steps_dropped: dropped, last_message: lastMessage?.input ?? null };
}

function inspectTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const scorer = nonEmptyText(c.extra['scorer']);
  const explanation = nonEmptyText(c.extra['explanation']);
  const score = c.extra['score'];
  const answer = nonEmptyText(c.extra['answer']);
  // A scorer's explanation that only repeats the answer (inspect_ai's match scorer) says nothing more.
  const said = explanation !== null && explanation.trim() !== (answer ?? '').trim() && explanation !== t.final_answer ? explanation : null;
  const gave = score === undefined || score === null ? null : `scorer ${scorer ?? '(unnamed)'} gave ${textOf(score) ?? ''}`;
  const reason = t.reason ?? (gave === null ? said : said === null ? gave : `${gave}: ${said}`);
  return withTranscript(
    { ...t, reason, final_answer: t.final_answer ?? answer },
    c,
    ['messages'],
    'the summary keeps no messages of this sample (only its output and score)',
  );
}

function tauTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const info = isObj(c.extra['info']) ? c.extra['info'] : null;
  // A trial's own reward when the case keeps its attempts (extra is the attempt's then), else the row's.
  const rowReward = typeof c.extra['reward'] === 'number' ? c.extra['reward'] : c.reward;
  const reason = t.reason ?? (formatFacts(format).reactTranscript ? tauRewardReason(info, rowReward) : null) ?? nonEmptyText(info?.['reward_info'] ?? null);
  return withTranscript({ ...t, reason }, c, ['traj', 'messages'], 'the row keeps no `traj`');
}

function promptfooTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const failure = nonEmptyText(c.extra['failure']);
  const reason = nonEmptyText(c.extra['failure_reason']) ?? t.reason ?? (failure === null || failure === 'none' ? null : `failure: ${failure}`);
  return { ...t, reason, note: 'promptfoo records one response per test: no steps' };
}

function lmEvalTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const metric = nonEmptyText(c.extra['metric']);
  const resps = c.extra['resps'];
  const steps: TraceStep[] = Array.isArray(resps)
    ? [
        {
          step: 1,
          action: 'generate',
          input: null,
          rationale: null,
          output: textOf(resps),
          error: null,
          success: null,
          reward: c.reward,
          tokens: null,
          key: null,
        },
      ]
    : [];
  const reason = metric === null ? t.reason : `${metric} = ${textOf(c.extra[metric]) ?? String(c.reward)}`;
  return { ...t, reason, steps, note: steps.length > 0 ? null : 'lm-eval records one response per sample: no steps' };
}

function junitTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const output = nonEmptyText(c.extra['system-out'] ?? c.extra['system_out'] ?? null);
  const err = nonEmptyText(c.extra['system-err'] ?? c.extra['system_err'] ?? null);
  const reason = nonEmptyText(c.extra['failure']) ?? t.reason ?? nonEmptyText(c.extra['skipped']);
  return { ...t, reason, final_answer: t.final_answer ?? output, note: err === null ? 'a test records no steps' : `stderr: ${err}` };
}

function terminalTrace(c: CaseResult, format: string): Trace {
  const t = base(c, format);
  const keys = ['failure_mode', 'failure_reason', 'message', 'trace', 'parser_results'];
  const reason = t.reason ?? keys.map((k) => (c.extra[k] === undefined ? null : `${k}: ${textOf(c.extra[k]) ?? ''}`)).find((v) => v !== null) ?? null;
  return { ...t, reason, note: 'the summary keeps no step-by-step trajectory' };
}

/**
 * The evidence of one case of a summary in `format`. `trajectory` is the rlm-code run file the
 * caller read (or why it could not), absent for other formats.
 */
export function extractTrace(format: string, row: CaseResult, trajectory?: TrajectoryInput): Trace {
  const { c, attempt } = representativeAttempt(row);
  const trace = traceOf(format, c, trajectory);
  return attempt === null ? trace : { ...trace, note: trace.note === null ? attempt : `${attempt}; ${trace.note}` };
}

/**
 * A task whose attempts a benchmark repeated (tau-bench's trials, terminal-bench's attempts: their
 * adapters keep them in `extra.attempts`) is shown by one attempt whose outcome is the case's: for a
 * completed case its first solved attempt, else its first attempt not solved. Null for other rows.
 */
function representativeAttempt(c: CaseResult): { c: CaseResult; attempt: string | null } {
  const list = c.extra['attempts'];
  if (!Array.isArray(list) || list.length === 0) return { c, attempt: null };
  const solved = (a: unknown): boolean => isObj(a) && a['solved'] === true;
  let k = list.findIndex((a) => solved(a) === c.completed);
  if (k < 0) k = 0;
  const a = list[k] as unknown;
  if (!isObj(a)) return { c, attempt: null };
  const error = typeof a['error'] === 'string' ? a['error'] : c.error;
  return { c: { ...c, error, extra: { ...a } }, attempt: `attempt ${k + 1} of ${list.length} (${solved(a) ? 'solved' : 'not solved'})` };
}

function traceOf(format: string, c: CaseResult, trajectory?: TrajectoryInput): Trace {
  switch (formatFacts(format).evidence) {
    case 'trajectory':
      return rlmCodeTrace(c, format, trajectory?.events ?? null, trajectory?.missing ?? null);
    case 'inspect':
      return inspectTrace(c, format);
    case 'transcript':
      return tauTrace(c, format);
    case 'one-response':
      return promptfooTrace(c, format);
    case 'sample-response':
      return lmEvalTrace(c, format);
    case 'test':
      return junitTrace(c, format);
    case 'failure-fields':
      return terminalTrace(c, format);
    case undefined: {
      const t = base(c, format);
      if (Array.isArray(c.extra['messages']) || Array.isArray(c.extra['traj'])) return tauTrace(c, format);
      return { ...t, note: `the ${format} format keeps no step-by-step trajectory` };
    }
  }
}
