/**
 * The multi-hop QA benchmarking suite's results (artvandelay/rlm `benchmarks/runner.py`,
 * `<task>_results_<run id>.jsonl`), in the shapes its code has written:
 *
 * - one line per example with every model under `models` (`BenchmarkRunner._assemble_results`:
 *   `{id, question, gold_answer, models: {<configured name>: {answer, time, model, llm_calls, usage?,
 *   error?, em, f1}}}`);
 * - the older layout with one object per model at the top level (`regular`, `rlm`) and a `winner`;
 * - flat lines, one per model and example, with `model`, an example id, `em` / `exact_match`, `f1`.
 *
 * A file holds one run per model: the model is chosen per side (`--baseline-model` /
 * `--candidate-model`, `input.baseline_model` / `input.candidate_model`), and one file may serve
 * both. Each example is a case: exact match is the completion, F1 the reward, the LLM calls (or the
 * calls in `usage`) the steps, `time` the latency, tokens from `usage`. An error entry (the runner
 * writes `{answer: "Error: …", time: 0, error, llm_calls: 0}` and still scores that text) is an
 * example the model did not answer: not completed, reward 0, the suite's F1 kept as `suite_f1`. The
 * file is streamed: only the chosen model's entries are kept.
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { ANSWERED_CASES } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, firstOf, isObj, numberField, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { type LoadOptions, SeveralRuns } from '../types.js';

const F = {
  model: ['model', 'model_name'],
  id: ['example_id', 'question_id', 'id', '_id'],
  em: ['em', 'exact_match', 'EM'],
  f1: ['f1', 'f1_score', 'F1'],
  calls: ['llm_calls', 'calls', 'num_calls'],
  time: ['time', 'latency', 'elapsed', 'time_seconds'],
  prediction: ['prediction', 'predicted_answer', 'answer_pred'],
  gold: ['gold', 'gold_answer', 'answer'],
} as const;

export const MULTIHOP_SHAPE =
  "multi-hop QA results: JSON Lines, one line per example with each model's `em` and `f1` under `models` (or in `regular` / `rlm`), or one line per model and example with `model`, an example id, `em` (exact match) and `f1`";

export function multihopMismatch(source: Source): string | null {
  // A run of one example is one line, which reads as a JSON document: its object decides, as a line would.
  if (source.kind === 'json') return isObj(source.json()) ? lineMismatch(source.json() as Obj) : 'not an object (one line per example)';
  if (source.kind !== 'jsonl') return `not JSON Lines (${source.kind})`;
  for (const { text } of source.lines()) {
    if (text.trim() === '') continue;
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch {
      return 'its first line is not JSON';
    }
    if (typeof r !== 'object' || r === null || Array.isArray(r)) return 'its first line is not an object';
    return lineMismatch(r as Obj);
  }
  return 'no records';
}

/** The per-model entries of a line holding every model of the run (`models`, or the older top-level `regular` / `rlm`); null for a flat line. */
function nestedEntries(r: Obj): { at: string; entries: Obj } | null {
  const isEntry = (v: unknown): v is Obj => isObj(v) && 'f1' in v && 'em' in v;
  if (isObj(r['models'])) return { at: 'models.', entries: r['models'] };
  const top = Object.entries(r).filter(([, v]) => isEntry(v));
  return top.length > 0 && firstOf(r, F.model) === undefined ? { at: '', entries: Object.fromEntries(top) } : null;
}

/** Usage as the suite records it: `usage.model_usage_summaries.<provider model>.{total_calls, total_input_tokens, total_output_tokens}`. */
function usageOf(p: Problems, place: string, field: string, usage: unknown): CaseResult['usage'] | undefined {
  if (usage === undefined || usage === null) return null;
  const per = isObj(usage) ? usage['model_usage_summaries'] : undefined;
  if (!isObj(per)) return (p.add(place, `${field}.model_usage_summaries`, 'an object of usage per model', per), undefined);
  const sum = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0, roles: null };
  for (const [model, u] of Object.entries(per)) {
    if (!isObj(u)) return (p.add(place, `${field}.model_usage_summaries.${model}`, 'an object of call and token counts', u), undefined);
    for (const [from, to] of [
      ['total_calls', 'total_calls'],
      ['total_input_tokens', 'prompt_tokens'],
      ['total_output_tokens', 'completion_tokens'],
    ] as const) {
      if (u[from] === undefined) continue;
      const name = `${field}.model_usage_summaries.${model}.${from}`;
      const n = numberField(p, place, name, u[from], { min: 0 });
      if (n === undefined) return undefined;
      if (!Number.isInteger(n)) return (p.add(place, name, 'a whole number', u[from]), undefined);
      sum[to] += n;
    }
  }
  return sum;
}

/** One model's result on one example as a case; `prefix` names where the entry sits in the line (for messages). */
/** Null when a line is one of the suite's: an example with its models' results, or one model's result. */
function lineMismatch(rec: Obj): string | null {
  if (nestedEntries(rec) !== null) return null;
  return firstOf(rec, F.model) && firstOf(rec, F.em) && firstOf(rec, F.f1)
    ? null
    : 'the first record has no `models` with `em` and `f1`, and lacks a model, exact match or F1';
}

function toCase(p: Problems, place: string, id: unknown, r: Obj, prefix: string, gold: unknown): CaseResult | null {
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '')
    return (p.add(place, prefix === '' ? (firstOf(r, F.id)?.name ?? F.id[0]) : 'id', 'an example id (a string or number)', id), null);
  const em = firstOf(r, F.em);
  const f1 = firstOf(r, F.f1);
  const emValue =
    em === undefined ? undefined : numberField(p, place, prefix + em.name, typeof em.value === 'boolean' ? Number(em.value) : em.value, { min: 0, max: 1 });
  const f1Value =
    f1 === undefined
      ? (p.add(place, prefix + F.f1[0], 'a number from 0 to 1', undefined), undefined)
      : numberField(p, place, prefix + f1.name, f1.value, { min: 0, max: 1 });
  if (em === undefined) p.add(place, prefix + F.em[0], 'exact match, 0 or 1', undefined);
  else if (emValue !== undefined && emValue !== 0 && emValue !== 1) p.add(place, prefix + em.name, 'exact match, 0 or 1', em.value);
  const usage = usageOf(p, place, `${prefix}usage`, r['usage']);
  const calls = firstOf(r, F.calls);
  const callsValue = calls === undefined ? (usage?.total_calls ?? 0) : numberField(p, place, prefix + calls.name, calls.value, { min: 0 });
  const time = firstOf(r, F.time);
  const timeValue = time === undefined ? null : (numberField(p, place, prefix + time.name, time.value, { min: 0 }) ?? null);
  if (emValue === undefined || f1Value === undefined || callsValue === undefined || usage === undefined) return null;
  const error = r['error'] === undefined || r['error'] === null ? null : typeof r['error'] === 'string' ? r['error'] : JSON.stringify(r['error']);
  const known = new Set<string>([...F.model, ...F.id, ...F.em, ...F.f1, ...F.calls, ...F.time, ...F.prediction, ...F.gold, 'answer', 'usage', 'error']);
  const answer = error === null ? firstOf(r, [...F.prediction, 'answer'])?.value : undefined;
  return caseOf({
    id: String(id),
    // An error entry is an example the model did not answer, whatever the suite scored its error text.
    completed: error === null && emValue === 1,
    reward: error === null ? f1Value : 0,
    steps: Math.round(callsValue),
    duration_seconds: error === null ? timeValue : null,
    usage,
    error,
    final_response: typeof answer === 'string' ? answer : answer === undefined ? null : JSON.stringify(answer),
    // A nested entry's `answer` is the model's: the gold answer is the line's.
    expected_answer: prefix === '' ? (firstOf(r, F.gold)?.value ?? null) : (gold ?? null),
    answer_match: error === null ? emValue === 1 : null,
    extra: {
      ...Object.fromEntries(Object.entries(r).filter(([k]) => !known.has(k))),
      ...(error === null ? {} : { suite_f1: f1Value }),
      ...(typeof r['model'] === 'string' && prefix !== '' ? { provider_model: r['model'] } : {}),
    },
  });
}

/** The models of the file with their entry counts, in first-seen order. */
function describeModels(counts: Map<string, number>): string {
  return [...counts].map(([m, n]) => `${JSON.stringify(m)} (${n} records)`).join(', ');
}

export function fromMultihop(source: Source, options: LoadOptions): BenchmarkSummary {
  const p = new Problems(source.file);
  const counts = new Map<string, number>();
  const chosen = options.model ?? null;
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  const lineFields = new Set<string>(['id', 'question', 'gold_answer', 'models', 'winner']);
  for (const { line, text } of source.lines()) {
    if (text.trim() === '') continue;
    const place = `line ${line}`;
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch (err) {
      p.note(`${place}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (!isObj(r)) {
      p.add(place, null, 'an object (one result)', r);
      continue;
    }
    const nested = nestedEntries(r);
    if (nested !== null) {
      // One line per example, every model of the run on it; a model the runner had no result for is absent.
      for (const name of Object.keys(nested.entries)) counts.set(name, (counts.get(name) ?? 0) + 1);
      if (chosen === null && Object.keys(nested.entries).length !== 1) continue;
      const name = chosen ?? Object.keys(nested.entries)[0] ?? '';
      const entry = nested.entries[name];
      if (entry === undefined) continue;
      if (!isObj(entry)) {
        p.add(place, nested.at + name, "the model's result (an object)", entry);
        continue;
      }
      const c = toCase(p, place, r['id'], entry, `${nested.at}${name}.`, r['gold_answer']);
      if (c === null) continue;
      const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !lineFields.has(k) && !(k in nested.entries)));
      c.extra = {
        ...(typeof r['question'] === 'string' ? { question: r['question'] } : {}),
        ...(r['winner'] === undefined ? {} : { winner: r['winner'] }),
        ...rest,
        ...c.extra,
      };
      cases.push(c);
      ids.push({ id: c.id, place });
      continue;
    }
    const model = firstOf(r, F.model);
    if (model === undefined || typeof model.value !== 'string' || model.value === '') {
      p.add(place, F.model[0], 'the model name (a string), or the models of the example under `models`', model?.value);
      continue;
    }
    counts.set(model.value, (counts.get(model.value) ?? 0) + 1);
    if (chosen !== null && model.value !== chosen) continue;
    const c = toCase(p, place, firstOf(r, F.id)?.value, r, '', undefined);
    if (c === null) continue;
    cases.push(c);
    ids.push({ id: c.id, place });
  }
  p.check();
  if (chosen === null && counts.size > 1)
    throw new SeveralRuns(
      `${source.file}: holds ${counts.size} models: ${describeModels(counts)}`,
      'models',
      [...counts.keys()].map((model) => ({ model })),
      options,
    );
  if (chosen !== null && !counts.has(chosen))
    throw new InputError(`${source.file}: no records of model ${JSON.stringify(chosen)}; the file holds ${describeModels(counts)}`);
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no results');
  p.check();
  const model = chosen ?? [...counts.keys()][0] ?? null;
  return summaryOf({
    id: `${stemOf(source.file)}${model === null ? '' : ` ${model}`}`,
    format: 'multihop-qa',
    cases,
    run: { model },
    metadata: { [ANSWERED_CASES]: cases.filter((c) => c.error === null).length },
  });
}
