/**
 * rlm-code native runs: the trajectory a case's `run_path` points at, one JSON event per line, as
 * `RLMRunner._append_event` writes it (`type: "step"` per step, then `type: "final"`). The steps are
 * read as rlm-code's own session replay reads them (`session_replay._convert_legacy_step`): action
 * type `action.action`, code `action.code`, success `observation.success`, else no `error` and no
 * `stderr`; output `output` or `stdout`; error `error` or `stderr`; tokens prompt plus completion.
 * (SuperagenticAI/rlm-code @ 144be74, `rlm_code/rlm/session_replay.py`.)
 */
import type { CaseResult } from '../../schema/summary.js';
import { canonicalJson, capText, isObj, nonEmptyText, type Obj, STEPS_MAX, textOf, type Trace, type TraceStep } from './model.js';

/** Python's `bool(v)` of a JSON value: null, false, 0, "", [] and {} are false. */
function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).length > 0;
  return true;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The events of a trajectory file's text; lines that are not JSON objects are counted, not kept. */
export function parseTrajectory(text: string): { events: Obj[]; bad_lines: number } {
  const events: Obj[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const v: unknown = JSON.parse(line);
      if (isObj(v)) events.push(v);
      else bad++;
    } catch {
      bad++;
    }
  }
  return { events, bad_lines: bad };
}

/** Python's `d.get(key, "")`: a field present as null stays null, a missing one is "". */
const pyGet = (o: Obj, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : '');

/** One `type: "step"` event as a step. */
export function rlmStep(e: Obj, position: number): TraceStep {
  const action = isObj(e['action']) ? e['action'] : {};
  const obs = isObj(e['observation']) ? e['observation'] : {};
  const usage = isObj(e['usage']) ? e['usage'] : null;
  const error = nonEmptyText(obs['error']) ?? nonEmptyText(obs['stderr']);
  // _convert_legacy_step: `success = observation.get("success")`; when None, `not bool(error or
  // stderr)`; then `bool(success)`.
  const raw = obs['success'];
  const success = raw === null || raw === undefined ? !(pyTruthy(obs['error']) || pyTruthy(obs['stderr'])) : pyTruthy(raw);
  const tokens = usage === null ? null : (num(usage['prompt_tokens']) ?? 0) + (num(usage['completion_tokens']) ?? 0);
  return {
    step: num(e['step']) ?? position + 1,
    action: String(action['action'] ?? '')
      .trim()
      .toLowerCase(),
    input: nonEmptyText(action['code']),
    rationale: nonEmptyText(action['rationale']) ?? nonEmptyText(action['reasoning']),
    output: nonEmptyText(obs['output']) ?? nonEmptyText(obs['stdout']) ?? nonEmptyText(obs['message']),
    error,
    success,
    reward: num(e['reward']),
    tokens,
    // compare_sessions compares `action_type` and `action_code` as written (`action.get("action",
    // "")`, `action.get("code", "")`: not trimmed, not lower-cased, a missing field ""), so the key
    // keeps the raw values (Python's == on JSON values: dicts whatever their key order).
    key: { action: canonicalJson(pyGet(action, 'action')), input: canonicalJson(pyGet(action, 'code')) },
  };
}

/**
 * A native case's evidence from its trajectory events (`events` null: the file was not read, and
 * `missing` says why). The final answer and the failure are the row's (the summary is what was
 * gated); the trajectory's final event fills a row that has none.
 */
export function rlmCodeTrace(c: CaseResult, format: string, events: readonly Obj[] | null, missing: string | null): Trace {
  const steps: TraceStep[] = [];
  let total = 0;
  let final: Obj | null = null;
  for (const e of events ?? []) {
    if (e['type'] === 'step') {
      if (total < STEPS_MAX) steps.push(rlmStep(e, total));
      total++;
    } else if (e['type'] === 'final') final = e;
  }
  const answer = c.final_response !== null && c.final_response !== '' ? c.final_response : final === null ? null : nonEmptyText(final['final_response']);
  let note = missing;
  if (events === null && note === null)
    note = c.mode === 'native' || c.mode === null ? 'no trajectory: the row has no `run_path`' : `rlm-code ${c.mode} rows keep no step-by-step trajectory`;
  return {
    format,
    source: events === null ? 'row' : 'trajectory',
    final_answer: capText(answer),
    expected_answer: textOf(c.expected_answer),
    reason: capText(c.error),
    steps,
    steps_dropped: total - steps.length,
    note,
    step_count: null,
    last_message: null,
  };
}
