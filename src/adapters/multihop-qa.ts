/**
 * The multi-hop QA benchmarking suite's raw results (`hotpot_qa_results_<stamp>.jsonl`): one record
 * per model and example, with exact match, F1, LLM calls and time. A file holds one run per model:
 * the model is chosen per side (`--baseline-model` / `--candidate-model`, `input.baseline_model` /
 * `input.candidate_model`), and one file may serve both. Each example is a case: F1 is the reward,
 * exact match the completion, LLM calls the steps, time the duration. The file is streamed: only the
 * chosen model's records are kept.
 */
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import type { LoadOptions } from './index.js';
import { caseOf, checkUniqueIds, firstOf, numberField, Problems, stemOf, summaryOf } from './records-common.js';
import type { Source } from './source.js';

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

export const MULTIHOP_SHAPE = 'multi-hop QA results: JSON Lines, one record per model and example with `model`, an example id, `em` (exact match) and `f1`';

export function multihopMismatch(source: Source): string | null {
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
    const rec = r as Record<string, unknown>;
    return firstOf(rec, F.model) && firstOf(rec, F.em) && firstOf(rec, F.f1) ? null : 'the first record lacks a model, exact match or F1';
  }
  return 'no records';
}

function toCase(p: Problems, place: string, r: Record<string, unknown>): CaseResult | null {
  const id = firstOf(r, F.id);
  if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number') || id.value === '') return (p.add(place, F.id[0], 'an example id (a string or number)', id?.value), null);
  const em = firstOf(r, F.em);
  const f1 = firstOf(r, F.f1);
  const emValue = em === undefined ? undefined : numberField(p, place, em.name, typeof em.value === 'boolean' ? Number(em.value) : em.value, { min: 0, max: 1 });
  const f1Value = f1 === undefined ? (p.add(place, F.f1[0], 'a number from 0 to 1', undefined), undefined) : numberField(p, place, f1.name, f1.value, { min: 0, max: 1 });
  if (em === undefined) p.add(place, F.em[0], 'exact match, 0 or 1', undefined);
  else if (emValue !== undefined && emValue !== 0 && emValue !== 1) p.add(place, em.name, 'exact match, 0 or 1', em.value);
  const calls = firstOf(r, F.calls);
  const callsValue = calls === undefined ? 0 : numberField(p, place, calls.name, calls.value, { min: 0 });
  const time = firstOf(r, F.time);
  const timeValue = time === undefined ? null : (numberField(p, place, time.name, time.value, { min: 0 }) ?? null);
  if (emValue === undefined || f1Value === undefined || callsValue === undefined) return null;
  const known = new Set<string>([...F.model, ...F.id, ...F.em, ...F.f1, ...F.calls, ...F.time, ...F.prediction, ...F.gold]);
  const prediction = firstOf(r, F.prediction)?.value;
  return caseOf({
    id: String(id.value),
    completed: emValue === 1,
    reward: f1Value,
    steps: Math.round(callsValue),
    duration_seconds: timeValue,
    final_response: typeof prediction === 'string' ? prediction : prediction === undefined ? null : JSON.stringify(prediction),
    expected_answer: firstOf(r, F.gold)?.value ?? null,
    answer_match: emValue === 1,
    extra: Object.fromEntries(Object.entries(r).filter(([k]) => !known.has(k))),
  });
}

/** The models of the file with their record counts, in first-seen order. */
function describeModels(counts: Map<string, number>): string {
  return [...counts].map(([m, n]) => `${JSON.stringify(m)} (${n} records)`).join(', ');
}

export function fromMultihop(source: Source, options: LoadOptions): BenchmarkSummary {
  const p = new Problems(source.file);
  const counts = new Map<string, number>();
  const chosen = options.model ?? null;
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
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
    if (typeof r !== 'object' || r === null || Array.isArray(r)) { p.add(place, null, 'an object (one result)', r); continue; }
    const model = firstOf(r as Record<string, unknown>, F.model);
    if (model === undefined || typeof model.value !== 'string' || model.value === '') { p.add(place, F.model[0], 'the model name (a string)', model?.value); continue; }
    counts.set(model.value, (counts.get(model.value) ?? 0) + 1);
    if (chosen !== null && model.value !== chosen) continue;
    const c = toCase(p, place, r as Record<string, unknown>);
    if (c === null) continue;
    cases.push(c);
    ids.push({ id: c.id, place });
  }
  p.check();
  if (chosen === null && counts.size > 1) throw new InputError(`${source.file}: holds ${counts.size} models: ${describeModels(counts)}; choose one per side with --baseline-model / --candidate-model (input.baseline_model / input.candidate_model in the configuration)`);
  if (chosen !== null && !counts.has(chosen)) throw new InputError(`${source.file}: no records of model ${JSON.stringify(chosen)}; the file holds ${describeModels(counts)}`);
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no results');
  p.check();
  const model = chosen ?? [...counts.keys()][0] ?? null;
  return summaryOf({ id: `${stemOf(source.file)}${model === null ? '' : ` ${model}`}`, format: 'multihop-qa', cases, run: { model } });
}
