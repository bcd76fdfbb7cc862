/**
 * lm-evaluation-harness outputs (EleutherAI/lm-evaluation-harness, lm_eval/loggers/evaluation_tracker.py):
 * - per-sample rows, `samples_<task>_<date>.jsonl` (`lm_eval … --output_path DIR --log_samples`), or
 *   the directory lm_eval writes them to (every task of one run, one date): one line per document
 *   and filter with `doc_id`, `filter`, `metrics` (the metric names) and each
 *   metric's value (evaluator.py: `example.update(metrics)`). Each line is a case, `<task>/<doc_id>`
 *   (the task from the file name), with ` [<filter>]` when the file holds several filters. The reward
 *   is the first per-sample number among `metrics` (acc, exact_match, …), read as higher is better;
 *   the case completed when it is 1 (a correct answer).
 * - the aggregate results file, `results_<date>.json`: per task, its metrics (`"acc,none": 0.34`,
 *   metric and filter). Each task is a case whose reward is its first metric on that metric's own
 *   range, higher better ({@link taskScore}), completed; groups that list their subtasks are left out
 *   (their subtasks are the cases). The summary's format is `lm-eval-results`, so the comparison
 *   judges each task by its own drop in points (analysis/custom-gates/benchmark-ratios.ts), never a
 *   mean of unlike scales (a 0–100 BLEU beside 0–1 accuracies). `higher_is_better` exists only
 *   since v0.4.3 (evaluator.py); files of v0.4.0–0.4.2 lack it and are read with lm-eval's own
 *   registry of lower-is-better metrics (lm_eval/api/metrics.py @ v0.4.2). Aggregates carry no
 *   per-sample evidence: the paired statistics need the samples files of `--log_samples`, which the
 *   run's description says.
 * - the results JSON of v0.3 (`python main.py … --output_path results.json`): main.py @ v0.3.0
 *   (62ca18400ebe0fc0dbb14274b27170d2d5ae9e3d) writes what `evaluator.simple_evaluate` returns,
 *   `{"results": {task: {metric: value, metric_stderr: …}}, "versions": {task: n}, "config":
 *   {model, model_args, num_fewshot, …}}` (evaluator.py: `results[task_name][metric]`, no filter in
 *   the metric's name), and no per-sample file at all. Read as the later results files are, one case
 *   per task on its first metric; the file does not say which way a metric is better, so v0.3's own
 *   tasks do (their `higher_is_better()` @ v0.3.0: `ppl`, `word_perplexity`, `byte_perplexity`,
 *   `bits_per_byte` and `ter` are lower-is-better).
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, isObj, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import { fileSource, type Source } from '../parsing/source.js';

export const LM_EVAL_SHAPE =
  'lm-evaluation-harness output: a samples_<task>_<date>.jsonl file (one line per document with `doc_id`, `filter`, `metrics`), or its results JSON (`results` per task of "<metric>,<filter>" numbers, with `higher_is_better`, `versions` or `configs`; v0.3: plain metric names, with `versions` and `config`)';

export const AGGREGATE_NOTE =
  'lm-evaluation-harness aggregate results: one case per task, with no per-sample evidence; paired per-sample statistics need the samples_<task>_<date>.jsonl files that lm_eval writes with --log_samples';

const isSampleRow = (r: unknown): r is Obj => isObj(r) && 'doc_id' in r && typeof r['filter'] === 'string' && Array.isArray(r['metrics']);
/** A task's entry as lm-eval ≥ 0.4.0 writes it: metric keys `<metric>,<filter>`. */
const isTaskEntry = (e: unknown): boolean => isObj(e) && Object.keys(e).some((k) => k.includes(','));
/** The results file: `higher_is_better` (v0.4.3 on), else `versions`/`configs` beside entries of `<metric>,<filter>` keys (v0.4.0–0.4.2). */
const isResults = (d: unknown): d is Obj =>
  isObj(d) &&
  isObj(d['results']) &&
  !Array.isArray(d['results']['results']) &&
  (isObj(d['higher_is_better']) || ((isObj(d['versions']) || isObj(d['configs'])) && Object.values(d['results']).some(isTaskEntry)));

/**
 * v0.3's results (evaluator.py @ v0.3.0 `evaluate`, `simple_evaluate`): `results` of tasks whose
 * metrics are plain names with numbers, beside `versions` and the run's `config`.
 */
const isLegacyEntry = (e: unknown): boolean =>
  isObj(e) && Object.keys(e).length > 0 && Object.entries(e).every(([k, v]) => !k.includes(',') && (typeof v === 'number' || v === null));
const isLegacyResults = (d: unknown): d is Obj =>
  isObj(d) &&
  isObj(d['results']) &&
  isObj(d['versions']) &&
  isObj(d['config']) &&
  Object.keys(d['results']).length > 0 &&
  Object.values(d['results']).every(isLegacyEntry);

/** `samples_<task>_<date>.jsonl`: the task and evaluation_tracker's date_id (an ISO time with `-` for `:`). */
const SAMPLES_FILE = /^samples_(.+)_(\d{4}-\d{2}-\d{2}T[\d.-]+)\.jsonl$/;

export function lmEvalMismatch(source: Source): string | null {
  if (source.kind === 'directory') return source.entries().some((n) => SAMPLES_FILE.test(n)) ? null : 'a directory without samples_<task>_<date>.jsonl files';
  if (source.kind === 'json')
    return isResults(source.json()) || isLegacyResults(source.json()) || isSampleRow(source.json())
      ? null
      : 'no `results` per task with `higher_is_better`, `versions` or `configs` (v0.4), nor with `versions` and `config` (v0.3)';
  if (source.kind !== 'jsonl') return `not JSON or JSON Lines (${source.kind})`;
  for (const { text } of source.lines()) {
    if (text.trim() === '') continue;
    try {
      return isSampleRow(JSON.parse(text)) ? null : 'the first line has no `doc_id`, `filter` and `metrics`';
    } catch {
      return 'its first line is not JSON';
    }
  }
  return 'no records';
}

/** The task of `samples_<task>_<date>.jsonl`; null for another name. */
export function taskOfSamplesFile(file: string): string | null {
  const base = file.split(/[\\/]/).pop() ?? file;
  const m = SAMPLES_FILE.exec(base);
  return m ? (m[1] as string) : null;
}

const numeric = (v: unknown): number | undefined => (typeof v === 'boolean' ? Number(v) : typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function sampleCase(p: Problems, place: string, r: Obj, prefix: string): CaseResult | null {
  const doc = r['doc_id'];
  if (typeof doc !== 'number' && typeof doc !== 'string') return (p.add(place, 'doc_id', 'the document id, a number or string', doc), null);
  const names = (r['metrics'] as unknown[]).filter((m): m is string => typeof m === 'string');
  const metric = names.find((m) => numeric(r[m]) !== undefined);
  if (metric === undefined)
    return (
      p.add(
        place,
        names.length === 0 ? 'metrics' : (names[0] as string),
        `a per-sample number for one of the metrics ${JSON.stringify(names)} (corpus-level metrics such as bleu or perplexity hold their inputs per sample, not a score)`,
        names.length === 0 ? r['metrics'] : r[names[0] as string],
      ),
      null
    );
  const reward = numeric(r[metric]) as number;
  const resps = r['filtered_resps'];
  const answer = Array.isArray(resps) && resps.length > 0 ? resps[0] : null;
  return caseOf({
    id: `${prefix}${String(doc)}`,
    completed: reward >= 1,
    reward,
    final_response: typeof answer === 'string' ? answer : answer === null ? null : JSON.stringify(answer),
    expected_answer: r['target'] ?? null,
    extra: {
      doc_id: doc,
      filter: r['filter'],
      metric,
      ...Object.fromEntries(names.map((m) => [m, r[m]])),
      ...(typeof r['doc_hash'] === 'string' ? { doc_hash: r['doc_hash'] } : {}),
    },
  });
}

/** Every task of one run in a directory: the samples files of its one date (several dates are several runs). */
function fromSamplesDirectory(source: Source): BenchmarkSummary {
  const files = source.entries().flatMap((n) => {
    const m = SAMPLES_FILE.exec(n);
    return m ? [{ name: n, date: m[2] as string }] : [];
  });
  const dates = [...new Set(files.map((f) => f.date))];
  if (dates.length > 1)
    throw new InputError(
      `${source.file}: holds the samples of ${dates.length} lm_eval runs (dates ${dates.join(', ')}); give one run's samples_<task>_<date>.jsonl file, or a directory holding one run`,
    );
  const parts = files.map((f) => fromSamples(fileSource(source.sibling(f.name))));
  const cases = parts.flatMap((s) => s.cases);
  const seen = new Map<string, string>();
  for (const [i, part] of parts.entries()) {
    for (const c of part.cases) {
      const other = seen.get(c.id);
      if (other !== undefined)
        throw new InputError(`${source.file}: case ${JSON.stringify(c.id)} is in both ${other} and ${files[i]?.name ?? ''}; expected each document once`);
      seen.set(c.id, files[i]?.name ?? '');
    }
  }
  const tasks = files.map((f) => taskOfSamplesFile(f.name) ?? f.name);
  return summaryOf({
    id: `${stemOf(source.file)} ${dates[0] ?? ''}`.trim(),
    format: 'lm-eval',
    cases,
    metadata: { tasks: tasks.join(', ') },
    run: { description: `lm-evaluation-harness samples of ${tasks.length} task${tasks.length === 1 ? '' : 's'}` },
  });
}

function fromSamples(source: Source): BenchmarkSummary {
  const p = new Problems(source.file);
  const rows: { row: Obj; place: string }[] = [];
  for (const { line, text } of source.lines()) {
    if (text.trim() === '') continue;
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch {
      p.add(`line ${line}`, null, 'a JSON object (one lm-evaluation-harness sample per line)', text.length > 60 ? `${text.slice(0, 60)}…` : text);
      continue;
    }
    if (!isSampleRow(r)) p.add(`line ${line}`, null, 'a sample with `doc_id`, `filter` and `metrics`', r);
    else rows.push({ row: r, place: `line ${line}` });
  }
  p.check();
  const task = taskOfSamplesFile(source.file);
  const filters = new Set(rows.map(({ row }) => row['filter'] as string));
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  for (const { row, place } of rows) {
    const c = sampleCase(p, place, row, task === null ? '' : `${task}/`);
    if (c === null) continue;
    if (filters.size > 1) c.id = `${c.id} [${row['filter'] as string}]`;
    cases.push(c);
    ids.push({ id: c.id, place });
  }
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no samples');
  p.check();
  return summaryOf({
    id: stemOf(source.file),
    format: 'lm-eval',
    cases,
    metadata: task === null ? {} : { task },
    run: { description: task === null ? null : `lm-evaluation-harness samples of task ${task}` },
  });
}

/**
 * The first metric of a task's results (`name,filter`; in v0.3 a plain name), skipping the alias and
 * the standard errors (v0.3 evaluator.py: `metric + "_stderr"`, and `_decontaminate` copies after).
 */
function firstMetric(entry: Obj, legacy: boolean): [string, number] | null {
  for (const [k, v] of Object.entries(entry)) {
    const metric = legacy ? !k.endsWith('_stderr') && !k.includes('_decontaminate') : k.includes(',') && !/_stderr,/.test(k);
    if (metric && typeof v === 'number' && Number.isFinite(v)) return [k, v];
  }
  return null;
}

/**
 * Lower-is-better metrics as lm-eval registers them (lm_eval/api/metrics.py @ v0.4.2,
 * `higher_is_better=False`: perplexity, word_perplexity, byte_perplexity, bits_per_byte,
 * brier_score), and ter, an error rate ("Lower is better" in its aggregation's docstring).
 */
const LOWER_IS_BETTER = new Set(['perplexity', 'word_perplexity', 'byte_perplexity', 'bits_per_byte', 'brier_score', 'ter', 'ppl']);
/** sacrebleu's corpus scores, which lm-eval's bleu, chrf and ter aggregations return on 0–100. */
const PERCENT_SCALE = new Set(['bleu', 'chrf', 'ter']);
/** Unbounded ratios: compared by their logarithm (a point is about 1 % of the value). */
const LOG_SCALE = new Set(['perplexity', 'word_perplexity', 'byte_perplexity', 'ppl']);

/**
 * A task's score on its metric's own range, higher better, so that 0.01 is a point of that metric:
 * 0–100 scores divided by 100, perplexities as −ln, other lower-is-better metrics negated, the rest
 * (accuracies, exact match, F1: 0–1) as written. `lower` is the file's `higher_is_better: false`.
 */
export function taskScore(name: string, value: number, lower: boolean | undefined): { reward: number; scale: string; higher: boolean } {
  const higher = !(lower ?? LOWER_IS_BETTER.has(name));
  if (LOG_SCALE.has(name) && value > 0) return { reward: higher ? Math.log(value) : -Math.log(value), scale: 'ln(value)', higher };
  const scaled = PERCENT_SCALE.has(name) ? value / 100 : value;
  return { reward: higher ? scaled : -scaled, scale: PERCENT_SCALE.has(name) ? 'value / 100' : 'value', higher };
}

/**
 * Before v0.4.3 there is no `model_name`: the model is `pretrained=…` in `config.model_args` (hf
 * models; v0.3 main.py writes model_args as given, `engine=…` for the OpenAI models), else v0.3's
 * `config.model` names the model class only (`gpt2`, `hf-causal`): null then.
 */
function pretrainedOf(config: unknown): string | null {
  const args = isObj(config) ? config['model_args'] : undefined;
  const m = typeof args === 'string' ? /(?:^|,)\s*(?:pretrained|engine)=([^,]+)/.exec(args) : null;
  if (m) return (m[1] as string).trim();
  const pretrained = isObj(args) ? args['pretrained'] : undefined;
  return typeof pretrained === 'string' && pretrained.trim() !== '' ? pretrained.trim() : null;
}

function fromResults(source: Source, data: Obj, legacy: boolean): BenchmarkSummary {
  const p = new Problems(source.file);
  const results = data['results'] as Obj;
  const better = isObj(data['higher_is_better']) ? data['higher_is_better'] : {};
  const groups = isObj(data['group_subtasks']) ? data['group_subtasks'] : {};
  const cases: CaseResult[] = [];
  for (const [task, entry] of Object.entries(results)) {
    const place = `$.results[${JSON.stringify(task)}]`;
    if (Array.isArray(groups[task]) && groups[task].length > 0) continue;
    if (!isObj(entry)) {
      p.add(place, null, 'an object of metrics ("acc,none": 0.34)', entry);
      continue;
    }
    const metric = firstMetric(entry, legacy);
    if (metric === null) {
      p.add(place, null, legacy ? 'at least one metric with a number ("acc": 0.34)' : 'at least one metric "<name>,<filter>" with a number', entry);
      continue;
    }
    const [key, value] = metric;
    const name = key.split(',')[0] as string;
    const given = isObj(better[task]) && typeof better[task][name] === 'boolean' ? !better[task][name] : undefined;
    const { reward, scale, higher } = taskScore(name, value, given);
    cases.push(caseOf({ id: task, completed: true, reward, extra: { metric: key, value, higher_is_better: higher, score: scale, ...entry } }));
  }
  if (p.empty && cases.length === 0) p.note('no tasks in `results`');
  p.check();
  const model = typeof data['model_name'] === 'string' && data['model_name'] !== '' ? data['model_name'] : pretrainedOf(data['config']);
  const metadata: Record<string, string | number> = { 'lm_eval.aggregate_only': 'true', note: AGGREGATE_NOTE };
  if (typeof data['git_hash'] === 'string') metadata['lm_eval.git_hash'] = data['git_hash'];
  if (legacy) metadata['lm_eval.results_layout'] = 'v0.3';
  return summaryOf({
    id: stemOf(source.file),
    format: 'lm-eval-results',
    cases,
    run: { model, description: AGGREGATE_NOTE },
    metadata,
    extra: { 'n-samples': data['n-samples'] ?? null, versions: data['versions'] ?? null },
  });
}

export function fromLmEval(source: Source): BenchmarkSummary {
  if (source.kind === 'directory') return fromSamplesDirectory(source);
  if (source.kind === 'jsonl') return fromSamples(source);
  const data = source.json();
  if (isSampleRow(data)) return fromSamples(source); // a samples file of one line
  if (isLegacyResults(data)) return fromResults(source, data, true);
  if (!isResults(data)) throw new InputError(`${source.file}: expected ${LM_EVAL_SHAPE}`);
  return fromResults(source, data, false);
}
