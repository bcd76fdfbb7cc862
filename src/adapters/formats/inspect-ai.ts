/**
 * Inspect AI eval logs in the JSON log format (`inspect eval … --log-format json`, or `inspect log
 * convert --to json`): `eval` (task, model, dataset), `results`, `stats`, `samples[]`. Each sample ×
 * epoch is a case (`<id>`, or `<id> (epoch <n>)` when the log ran several epochs; then the sample is
 * also the case's task_family, so `--decide significant` clusters a sample's epochs). The score is the
 * first scorer's value mapped as inspect_ai's value_to_float maps it (scorer/_metric.py): "C" 1,
 * "P" 0.5, "I" and "N" 0, numbers and booleans as they are, "yes"/"true" 1, "no"/"false" 0, numeric
 * strings; the reward is that number, and only a full score (1) completes the case. A sample's
 * `error` is the case's error; `model_usage` (every model the sample called) its tokens, one call per
 * `model` event; `total_time` its duration. A log whose status is not `success` is a cancelled run.
 * The `.eval` log is a zip (log/_recorders/eval.py): `header.json` (the log without samples; a log
 * still being written has only `_journal/start.json`) and `samples/<id>_epoch_<n>.json`, read with
 * zip-read.ts (deflate, and zstd where Node.js has it).
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, isObj, labelsOf, type Obj, Problems, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { ZipArchive } from '../parsing/zip-read.js';

export const INSPECT_SHAPE =
  'an Inspect AI eval log (JSON log format): `version`, `status`, `eval` with `task` and `model`, and `samples[]` with `id`, `epoch` and `scores`';

const isLog = (d: unknown): d is Obj =>
  isObj(d) &&
  typeof d['version'] === 'number' &&
  typeof d['status'] === 'string' &&
  isObj(d['eval']) &&
  typeof d['eval']['task'] === 'string' &&
  typeof d['eval']['model'] === 'string';

const isEvalZip = (source: Source): boolean => source.kind === 'other' && /\.eval$/i.test(source.file);

export function inspectMismatch(source: Source): string | null {
  if (isEvalZip(source)) return null;
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  return isLog(source.json()) ? null : 'no `eval` with `task` and `model`, `version` and `status`';
}

function entryJson(file: string, zip: ZipArchive, name: string): unknown {
  try {
    return JSON.parse(zip.read(name).toString('utf8')) as unknown;
  } catch (err) {
    if (err instanceof SyntaxError) throw new InputError(`${file}: ${name} in the archive is not JSON (${err.message})`);
    throw err;
  }
}

/** A `.eval` log as the JSON log's object, with each sample's place (its entry's name). */
function readEvalZip(file: string): { log: unknown; samples: { sample: unknown; place: string }[] | null } {
  const zip = ZipArchive.open(file);
  const header = zip.entries.has('header.json')
    ? entryJson(file, zip, 'header.json')
    : zip.entries.has('_journal/start.json')
      ? { status: 'started', ...(entryJson(file, zip, '_journal/start.json') as Obj) }
      : null;
  if (header === null) throw new InputError(`${file}: an Inspect .eval log holds header.json (or _journal/start.json); this archive holds neither`);
  const names = [...zip.entries.keys()].filter((n) => n.startsWith('samples/') && n.endsWith('.json'));
  return { log: header, samples: names.map((name) => ({ sample: entryJson(file, zip, name), place: name })) };
}

/** inspect_ai's value_to_float with its default CORRECT / INCORRECT / PARTIAL / NOANSWER; undefined when it has no float. */
export function scoreValue(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (value === 'C') return 1;
  if (value === 'P') return 0.5;
  if (value === 'I' || value === 'N') return 0;
  const v = value.toLowerCase();
  if (v === 'yes' || v === 'true') return 1;
  if (v === 'no' || v === 'false') return 0;
  const n = v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The scorer read: the log's first scorer in `results.scores`, else the first in a sample's scores. */
function primaryScorer(log: Obj, samples: unknown[]): string | null {
  const results = isObj(log['results']) ? log['results'] : {};
  const first = Array.isArray(results['scores']) ? results['scores'][0] : undefined;
  if (isObj(first) && typeof first['name'] === 'string') return first['name'];
  for (const s of samples) if (isObj(s) && isObj(s['scores'])) return Object.keys(s['scores'])[0] ?? null;
  return null;
}

function usageOf(sample: Obj): CaseResult['usage'] {
  const usage = isObj(sample['model_usage']) ? Object.values(sample['model_usage']).filter(isObj) : [];
  if (usage.length === 0) return null;
  const sum = (k: string): number => usage.reduce((a, u) => a + (typeof u[k] === 'number' && u[k] >= 0 ? u[k] : 0), 0);
  const calls = Array.isArray(sample['events']) ? sample['events'].filter((e) => isObj(e) && e['event'] === 'model').length : 0;
  return { total_calls: calls, prompt_tokens: Math.round(sum('input_tokens')), completion_tokens: Math.round(sum('output_tokens')), roles: null };
}

function outputText(sample: Obj): string | null {
  const output = isObj(sample['output']) ? sample['output'] : {};
  const choice = Array.isArray(output['choices']) ? output['choices'][0] : undefined;
  const content = isObj(choice) && isObj(choice['message']) ? choice['message']['content'] : undefined;
  return typeof content === 'string' ? content : null;
}

function toCase(p: Problems, place: string, sample: Obj, scorer: string | null, epochs: boolean): CaseResult | null {
  const id = sample['id'];
  const epoch = sample['epoch'];
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') return (p.add(place, 'id', 'the sample id, a string or number', id), null);
  if (typeof epoch !== 'number' || !Number.isInteger(epoch) || epoch < 1) return (p.add(place, 'epoch', 'the epoch, an integer of at least 1', epoch), null);
  const error =
    isObj(sample['error']) && typeof sample['error']['message'] === 'string'
      ? sample['error']['message']
      : typeof sample['error'] === 'string'
        ? sample['error']
        : null;
  const scores = isObj(sample['scores']) ? sample['scores'] : null;
  const score = scores !== null && scorer !== null ? scores[scorer] : undefined;
  let reward = 0;
  if (score !== undefined) {
    const value = isObj(score) ? score['value'] : undefined;
    const n = scoreValue(value);
    if (n === undefined)
      return (
        p.add(
          place,
          `scores.${scorer}.value`,
          'a score inspect_ai maps to a number: "C", "I", "P", "N", a number, true/false, "yes"/"no" or a numeric string',
          value,
        ),
        null
      );
    reward = n;
  } else if (error === null) {
    return (
      p.add(
        place,
        `scores${scorer === null ? '' : `.${scorer}`}`,
        "the sample's score (a sample with neither a score nor an error was not scored)",
        scores ?? sample['scores'],
      ),
      null
    );
  }
  const name = String(id);
  const time = typeof sample['total_time'] === 'number' && sample['total_time'] >= 0 ? sample['total_time'] : null;
  const value = isObj(score) ? score['value'] : null;
  return caseOf({
    id: epochs ? `${name} (epoch ${epoch})` : name,
    completed: error === null && reward >= 1,
    reward,
    error,
    duration_seconds: time,
    usage: usageOf(sample),
    final_response: outputText(sample),
    expected_answer: sample['target'] ?? null,
    labels: labelsOf(epochs ? name : null),
    extra: {
      sample_id: id,
      epoch,
      scorer,
      score: value,
      ...(isObj(score) && typeof score['answer'] === 'string' ? { answer: score['answer'] } : {}),
      ...(isObj(score) && typeof score['explanation'] === 'string' ? { explanation: score['explanation'] } : {}),
      ...(scores !== null && Object.keys(scores).length > 1
        ? { scores: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, isObj(v) ? v['value'] : v])) }
        : {}),
      ...(isObj(sample['limit']) ? { limit: sample['limit'] } : {}),
      ...(isObj(sample['metadata']) && Object.keys(sample['metadata']).length > 0 ? { metadata: sample['metadata'] } : {}),
      // The transcript (chat messages, tool calls and results): the evidence of why a case regressed.
      ...(Array.isArray(sample['messages']) && sample['messages'].length > 0 ? { messages: sample['messages'] } : {}),
    },
  });
}

export function fromInspect(source: Source): BenchmarkSummary {
  const zipped = isEvalZip(source) ? readEvalZip(source.file) : null;
  const log = zipped ? zipped.log : source.json();
  if (!isLog(log)) throw new InputError(`${source.file}: expected ${INSPECT_SHAPE}${zipped ? ' (in header.json)' : ''}`);
  const spec = log['eval'] as Obj;
  const listed = zipped
    ? zipped.samples
    : Array.isArray(log['samples'])
      ? log['samples'].map((sample: unknown, i) => ({ sample, place: `$.samples[${i}]` }))
      : null;
  if (listed === null || (zipped && listed.length === 0))
    throw new InputError(
      `${source.file}: ${zipped ? 'samples/' : '$.samples'}: the log holds no samples (written with --no-log-samples, or a header only); benchgate needs each sample's score: run the eval with samples logged`,
    );
  const samples = listed.map((x) => x.sample);
  const p = new Problems(source.file);
  const scorer = primaryScorer(log, samples);
  const epochs = samples.some((s) => isObj(s) && typeof s['epoch'] === 'number' && s['epoch'] > 1);
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  listed.forEach(({ sample: s, place }) => {
    if (!isObj(s)) return p.add(place, null, 'a sample object', s);
    const c = toCase(p, place, s, scorer, epochs);
    if (c === null) return;
    cases.push(c);
    ids.push({ id: c.id, place });
  });
  checkUniqueIds(p, ids);
  p.check();
  const stats = isObj(log['stats']) ? log['stats'] : {};
  const dataset = isObj(spec['dataset']) ? spec['dataset'] : {};
  const status = log['status'] as string;
  const metadata: Record<string, string | number> = { task: spec['task'] as string, 'inspect.status': status };
  if (typeof spec['task_version'] === 'number' || typeof spec['task_version'] === 'string') metadata['task_version'] = spec['task_version'];
  if (typeof dataset['name'] === 'string') metadata['dataset'] = dataset['name'];
  if (scorer !== null) metadata['scorer'] = scorer;
  const runId =
    typeof spec['run_id'] === 'string' && spec['run_id'] !== '' ? spec['run_id'] : typeof spec['eval_id'] === 'string' ? spec['eval_id'] : 'inspect';
  return summaryOf({
    id: `${spec['task'] as string} ${runId}`,
    format: 'inspect-ai',
    cases,
    run: {
      model: spec['model'] as string,
      started_at: typeof stats['started_at'] === 'string' ? stats['started_at'] : null,
      finished_at: typeof stats['completed_at'] === 'string' ? stats['completed_at'] : null,
      cancelled: status !== 'success',
      description: status === 'success' ? null : `the eval's status is ${JSON.stringify(status)}, not "success": its samples may be incomplete`,
    },
    metadata,
    extra: { results: log['results'] ?? null, eval_id: spec['eval_id'] ?? null },
  });
}
