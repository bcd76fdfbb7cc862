/**
 * Generic records: any tool's per-case results as a JSON array of objects, JSON Lines (streamed), or
 * an object whose `records`, `items` or `cases` holds the array. Which field is what comes from the
 * configuration's `input.fields`, else from common names (`id`, `case_id`, `name`; `completed`,
 * `passed`, `success`; `reward`, `score`; …). Fields not mapped are kept in each case's `extra`,
 * so gates and slices of the configuration can name them. Tried last by detection.
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseLabels, CaseResult } from '../../schema/summary.js';
import { checkJsonText } from '../parsing/json-guard.js';
import {
  caseOf,
  checkUniqueIds,
  firstOf,
  flagField,
  isObj,
  numberField,
  Problems,
  type RecordPlace,
  recordsAt,
  stemOf,
  summaryOf,
} from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { type Measure, MEASURES, unrecordedMetadata } from '../recorded.js';
import type { FieldMapping, LoadOptions } from '../types.js';

type Key = keyof FieldMapping;

/** The names looked for when the configuration maps nothing, in order. */
const DEFAULTS: Record<Key, readonly string[]> = {
  id: ['id', 'case_id', 'name', 'test_id', 'example_id', 'task_id'],
  completed: ['completed', 'passed', 'success', 'pass', 'correct'],
  reward: ['reward', 'score'],
  steps: ['steps', 'turns'],
  calls: ['calls', 'llm_calls'],
  prompt_tokens: ['prompt_tokens', 'input_tokens'],
  completion_tokens: ['completion_tokens', 'output_tokens'],
  total_tokens: ['total_tokens', 'tokens'],
  cost: ['cost_usd', 'cost'],
  latency: ['latency_seconds', 'duration_seconds', 'latency', 'duration', 'time'],
  error: ['error'],
  cluster: ['cluster'],
  task_family: ['task_family'],
  environment: ['environment'],
  domain: ['domain'],
  split: ['split'],
  length_bucket: ['length_bucket'],
};
const LABELS = ['environment', 'task_family', 'domain', 'split', 'length_bucket'] as const;

export const RECORDS_SHAPE =
  'generic records: a JSON array of objects, JSON Lines, or an object with `records`, `items` or `cases`, each record with an id field (`id`, `case_id`, `name`, … or `input.fields.id`)';

function namesFor(key: Key, fields: FieldMapping | undefined): readonly string[] {
  const mapped = fields?.[key];
  return mapped !== undefined ? [mapped] : DEFAULTS[key];
}

/** The array of records of a parsed JSON document, and the path it is at; null when there is none. */
const recordArray = (data: unknown) => recordsAt(data, ['records', 'items', 'cases']);

/** Null when `source` reads as records (the first one has an id); else why not. */
export function recordsMismatch(source: Source, options: Pick<LoadOptions, 'fields'> = {}): string | null {
  const ids = namesFor('id', options.fields);
  let first: unknown;
  if (source.kind === 'jsonl') {
    for (const { text } of source.lines()) {
      if (text.trim() === '') continue;
      try {
        first = JSON.parse(text);
      } catch {
        return 'its first line is not JSON';
      }
      break;
    }
  } else if (source.kind === 'json') {
    const found = recordArray(source.json());
    if (found === null) return 'no array of records (nor `records`, `items` or `cases`)';
    if (found.items.length === 0) return 'an empty array of records';
    first = found.items[0];
  } else return `not JSON or JSON Lines (${source.kind})`;
  if (!isObj(first)) return 'the first record is not an object';
  return firstOf(first, ids) === undefined ? `the first record has no id field (looked for ${ids.map((n) => `"${n}"`).join(', ')})` : null;
}

/** Which of the measures a format may leave out some record of the run has carried. */
type Carried = Record<Measure, boolean>;

/** Reads one record into a case; problems are collected in `p`. */
function toCase(p: Problems, place: RecordPlace, r: Record<string, unknown>, fields: FieldMapping | undefined, carried: Carried): CaseResult | null {
  const used = new Set<string>();
  const get = (key: Key) => {
    const hit = firstOf(r, namesFor(key, fields));
    if (hit) used.add(hit.name.split('.')[0] as string);
    return hit;
  };
  const id = get('id');
  if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number') || id.value === '') {
    p.add(place, id?.name ?? namesFor('id', fields)[0] ?? 'id', 'a non-empty string or number (the case id)', id?.value);
    return null;
  }
  const done = get('completed');
  const score = get('reward');
  const reward = score === undefined ? undefined : numberField(p, place, score.name, score.value);
  if (done === undefined && score === undefined) {
    p.note(
      `${place}: no completion field (${namesFor('completed', fields)
        .map((n) => `"${n}"`)
        .join(', ')}) and no reward field (${namesFor('reward', fields)
        .map((n) => `"${n}"`)
        .join(', ')}); map one with input.fields`,
    );
    return null;
  }
  const completed = done === undefined ? (reward ?? 0) > 0 : flagField(p, place, done.name, done.value);
  const num = (key: Key, min = 0): number | null => {
    const hit = get(key);
    return hit === undefined || hit.value === null ? null : (numberField(p, place, hit.name, hit.value, { min }) ?? null);
  };
  const steps = num('steps');
  const calls = num('calls');
  if (steps !== null) carried.steps = true;
  if (calls !== null) carried.calls = true;
  const prompt = num('prompt_tokens');
  const completion = num('completion_tokens');
  const total = num('total_tokens');
  const cost = num('cost');
  const latency = num('latency');
  const error = get('error');
  const labels: Record<string, string | null> = {};
  for (const l of LABELS) {
    const hit = get(l) ?? (l === 'task_family' ? get('cluster') : undefined);
    labels[l] = hit === undefined || hit.value === null ? null : String(hit.value);
  }
  if (fields?.cluster !== undefined && fields.task_family !== undefined)
    p.note(`input.fields maps both "cluster" and "task_family"; map one (cluster is read as the task family)`);
  const extra = Object.fromEntries(Object.entries(r).filter(([k]) => !used.has(k)));
  if (cost !== null) extra['cost_usd'] = cost;
  if (total !== null && (prompt === null || completion === null)) extra['total_tokens'] = total;
  return caseOf({
    id: String(id.value),
    completed: completed ?? false,
    reward: reward ?? (completed ? 1 : 0),
    steps: steps === null ? 0 : Math.round(steps),
    duration_seconds: latency,
    usage:
      prompt !== null && completion !== null
        ? { total_calls: calls === null ? 0 : Math.round(calls), prompt_tokens: Math.round(prompt), completion_tokens: Math.round(completion), roles: null }
        : null,
    error:
      error === undefined || error.value === null || error.value === '' ? null : typeof error.value === 'string' ? error.value : JSON.stringify(error.value),
    labels: labels as unknown as CaseLabels,
    extra,
  });
}

/** The records of `source` with their places: JSON Lines streamed a line at a time. */
function* recordsOf(p: Problems, source: Source): Generator<{ place: RecordPlace; value: unknown }> {
  if (source.kind === 'jsonl') {
    for (const { line, text } of source.lines()) {
      if (text.trim() === '') continue;
      try {
        const value = JSON.parse(text) as unknown;
        checkJsonText(`${source.file}: line ${line}`, text);
        yield { place: `line ${line}`, value };
      } catch (err) {
        if (err instanceof InputError) throw err; // a key given twice, nesting too deep
        p.note(`line ${line}: not valid JSON (${(err as Error).message})`);
      }
    }
    return;
  }
  const found = recordArray(source.json());
  if (found === null) return;
  for (let i = 0; i < found.items.length; i++) yield { place: `${found.at}[${i}]`, value: found.items[i] };
}

export function fromRecords(source: Source, options: LoadOptions): BenchmarkSummary {
  const p = new Problems(source.file);
  const cases: CaseResult[] = [];
  const ids: { id: string; place: RecordPlace }[] = [];
  const carried: Carried = { steps: false, calls: false };
  for (const { place, value } of recordsOf(p, source)) {
    if (!isObj(value)) {
      p.add(place, null, 'an object (one record)', value);
      continue;
    }
    const c = toCase(p, place, value, options.fields, carried);
    if (c !== null) {
      cases.push(c);
      ids.push({ id: c.id, place });
    }
  }
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no records');
  p.check();
  const costs = cases.map((c) => c.extra['cost_usd']);
  const container = source.kind === 'json' ? source.json() : null;
  const top = isObj(container) ? Object.fromEntries(Object.entries(container).filter(([k]) => k !== recordArray(container)?.at.slice(2))) : {};
  const metadata: Record<string, number | string> = {
    ...(costs.length > 0 && costs.every((x) => typeof x === 'number') ? { cost_usd: costs.reduce<number>((a, x) => a + (x as number), 0) } : {}),
    // A run whose records carry no steps (or no call counts) records them as unknown, never 0.
    ...unrecordedMetadata(MEASURES.filter((m) => !carried[m])),
  };
  return summaryOf({ id: stemOf(source.file), format: 'records', cases, metadata, extra: top });
}
