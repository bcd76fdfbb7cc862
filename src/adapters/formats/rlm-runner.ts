/**
 * The RLM benchmark runner (rlm-minimal's `benchmarks/run_benchmarks.py`): its `summary.json`, or one
 * benchmark's `<benchmark>_results.json`. Read to what the runner's code writes:
 *
 * - `run_all_benchmarks_async` / `run_all_benchmarks` write `summary.json` with `benchmarks`: each
 *   benchmark that ran is `{name, results: [...], metrics, total_time, avg_time_per_task}`; one that
 *   raised is `{"error": message}` (or `{name, error, total_time}` from the benchmark's own runner).
 * - A task row of the async runner (`process_task_async`) is `{task_index, query, result,
 *   expected_answer, is_correct, execution_time, success: true}`, or `{task_index, query, error,
 *   execution_time, success: false}` when its call raised; `is_correct` is null without an expected
 *   answer (the runner does not count it correct). The sync benchmarks (`oolong.py`, `ruler.py`, …
 *   `evaluate`) write `{task_id, correct, time_taken, error?}`.
 * - `metrics.overall_accuracy` is `f"{accuracy:.2%}"` ("75.00%"); the documented shape has a fraction
 *   in a string ("0.85") and no task rows.
 *
 * With task rows (inline, or in `<benchmark>_results.json` beside the summary), each task is a case
 * `<benchmark>/<task index>`; without, the benchmark is one case whose reward is its accuracy. A
 * benchmark that raised measured nothing: among task rows its planned tasks count as planned and not
 * attempted (finding incomplete-run); as a benchmark-level case it is a case that did not complete,
 * with the runner's message as its error.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { ANSWERED_CASES } from '../../schema/summary.js';
import {
  caseOf,
  checkUniqueIds,
  firstOf,
  flagField,
  isObj,
  labelsOf,
  numberField,
  type Obj,
  Problems,
  type RecordPlace,
  summaryOf,
} from '../parsing/records-common.js';
import { fileSource, type Source } from '../parsing/source.js';

export const RLM_RUNNER_SHAPE =
  'an RLM benchmark runner summary.json (a JSON object with `benchmarks`, each with `results`, `metrics`, `error` or a `status`) or a <benchmark>_results.json (`benchmark`, `results`, `metrics`)';

/** What a benchmark entry of summary.json holds when the runner wrote it. */
const isBenchmarkEntry = (b: unknown): boolean =>
  isObj(b) && (isObj(b['metrics']) || Array.isArray(b['results']) || typeof b['error'] === 'string' || typeof b['status'] === 'string');
/** A per-benchmark results file as the runner (or a benchmark's `save_results`) writes it. */
const isResultsFile = (d: unknown): d is Obj => isObj(d) && typeof d['benchmark'] === 'string' && Array.isArray(d['results']) && isObj(d['metrics']);

export function rlmRunnerMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (isResultsFile(data)) return null;
  if (!isObj(data) || !isObj(data['benchmarks'])) return 'no `benchmarks` object';
  const entries = Object.values(data['benchmarks']);
  return entries.length > 0 && entries.every(isBenchmarkEntry) ? null : 'its benchmarks have no `results`, `metrics`, `error` or `status`';
}

const TASK = {
  id: ['task_index', 'task_id', 'id', 'question_id'],
  correct: ['is_correct', 'correct', 'passed', 'success'],
  score: ['score'],
  time: ['execution_time', 'time_taken', 'time', 'elapsed', 'duration', 'completion_time', 'time_seconds'],
  answer: ['result', 'response', 'answer'],
  expected: ['expected_answer', 'correct_answer', 'needle'],
};

/**
 * An accuracy as the runner writes it: a number from 0 to 1, a fraction in a string ("0.85") or a
 * percentage string ("75.00%"); anything else is a problem naming the field.
 */
export function accuracyField(p: Problems, place: RecordPlace, field: string, value: unknown): number | undefined {
  const expected = 'a number from 0 to 1, a fraction in a string ("0.85") or a percentage ("75.00%")';
  const pct = typeof value === 'string' ? /^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*%\s*$/.exec(value) : null;
  const n = pct
    ? Number(pct[1]) / 100
    : typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1) {
    p.add(place, field, expected, value);
    return undefined;
  }
  return n;
}

/** The task rows of one benchmark as cases `<benchmark>/<task index>`; problems go to `p` (which names the file). */
function taskCases(p: Problems, key: string, rows: readonly unknown[], at: string): CaseResult[] {
  const out: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  rows.forEach((r, i) => {
    const place = `${at}[${i}]`;
    if (!isObj(r)) return p.add(place, null, 'a task record (an object)', r);
    const id = firstOf(r, TASK.id);
    if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number'))
      return p.add(place, TASK.id[0] ?? null, 'a task index (a number or string)', id?.value);
    const error = typeof r['error'] === 'string' ? r['error'] : null;
    // The runner counts a task correct only when is_correct is true; null means there was no expected answer.
    const flag = TASK.correct.map((name) => ({ name, value: r[name] })).find((f) => f.value !== undefined && !(f.value === null && f.name === 'is_correct'));
    const nullCorrect = r['is_correct'] === null;
    const score = firstOf(r, TASK.score);
    if (flag === undefined && score === undefined && error === null && !nullCorrect)
      return p.note(`${place}: no correctness flag (${TASK.correct.join(', ')}), score or error`);
    const ok = flag === undefined ? undefined : flagField(p, place, flag.name, flag.value);
    const s = score === undefined ? undefined : numberField(p, place, score.name, score.value, { min: 0, max: 1, strings: true });
    const time = firstOf(r, TASK.time);
    const t = time === undefined ? null : (numberField(p, place, time.name, time.value, { min: 0 }) ?? null);
    // A task that raised, or had no expected answer, is not correct. `success: true` only says the call
    // did not raise: it decides only when neither a correctness flag nor a score is recorded.
    const judged = flag !== undefined && flag.name !== 'success';
    const completed = error !== null || nullCorrect ? false : judged || s === undefined ? ok === true : s > 0;
    const answer = firstOf(r, TASK.answer)?.value;
    const expected = firstOf(r, TASK.expected)?.value;
    const caseId = `${key}/${String(id.value)}`;
    out.push(
      caseOf({
        id: caseId,
        completed,
        reward: s ?? (completed ? 1 : 0),
        duration_seconds: t,
        error,
        labels: labelsOf(key),
        final_response: typeof answer === 'string' ? answer : null,
        expected_answer: expected ?? null,
        answer_match: error === null && expected !== undefined && judged ? (ok ?? null) : null,
        extra: r,
      }),
    );
    ids.push({ id: caseId, place });
  });
  checkUniqueIds(p, ids);
  return out;
}

/** The rows of a `<benchmark>_results.json` beside the summary (its problems name that file). */
function siblingRows(key: string, file: string): CaseResult[] {
  const data = fileSource(file).json();
  const rows = Array.isArray(data)
    ? { items: data, at: '$' }
    : isObj(data) && Array.isArray(data['results'])
      ? { items: data['results'], at: '$.results' }
      : isObj(data) && Array.isArray(data['tasks'])
        ? { items: data['tasks'], at: '$.tasks' }
        : null;
  if (rows === null)
    throw new InputError(
      `${file}: expected the per-task results of ${key}: a JSON array of task records, or an object with \`results\` (as the runner writes <benchmark>_results.json)`,
    );
  const p = new Problems(file);
  const cases = taskCases(p, key, rows.items, rows.at);
  p.check();
  return cases;
}

/** How many tasks the runner plans for a benchmark: `max_tasks` of its configuration, halved for Deep Research (`run_all_benchmarks*`). */
function plannedTasks(key: string, configuration: unknown): number {
  const max = isObj(configuration) ? configuration['max_tasks'] : undefined;
  const n = typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : 10; // the runner's default
  return Math.max(1, key === 'deep_research' ? Math.floor(n / 2) : n);
}

interface BenchmarkCounts {
  total: number;
  correct: number;
}

interface Benchmark {
  key: string;
  /** Task cases, or one benchmark-level case (`byTask` false). */
  cases: CaseResult[];
  byTask: boolean;
  /** The task counts the benchmark's metrics report, when it has rows. */
  counts: BenchmarkCounts | null;
  /** The runner's message when the benchmark raised before its tasks ran. */
  error: string | null;
}

/** One benchmark entry of the summary. */
function readBenchmark(p: Problems, source: Source, key: string, b: Obj): Benchmark {
  const place = `$.benchmarks.${key}`;
  const metrics = isObj(b['metrics']) ? b['metrics'] : null;
  const rest = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'metrics' && k !== 'results'));
  const none = { key, cases: [], byTask: false, counts: null, error: null };
  if (typeof b['error'] === 'string') return { ...none, error: b['error'] };
  const counts = (): BenchmarkCounts | null => (metrics === null ? null : readMetrics(p, place, metrics, false).counts);
  if (Array.isArray(b['results'])) return { ...none, cases: taskCases(p, key, b['results'], `${place}.results`), byTask: true, counts: counts() };
  const beside = source.sibling(`${key}_results.json`);
  if (existsSync(beside)) return { ...none, cases: siblingRows(key, beside), byTask: true, counts: counts() };
  if (metrics === null) {
    if (typeof b['status'] !== 'string') return (p.add(place, null, 'a benchmark with `results`, `metrics`, `error` or `status`', b), none);
    // The documented shape's benchmark that did not run: a status instead of metrics.
    return { ...none, cases: [caseOf({ id: key, completed: false, reward: 0, error: `status ${b['status']}`, labels: labelsOf(key), extra: rest })] };
  }
  if (metrics['overall_accuracy'] === undefined && typeof metrics['error'] === 'string') return { ...none, error: metrics['error'] };
  const { accuracy } = readMetrics(p, place, metrics, true);
  const time = b['total_time'] === undefined ? null : (numberField(p, place, 'total_time', b['total_time'], { min: 0 }) ?? null);
  if (accuracy === undefined) return none;
  return {
    ...none,
    cases: [caseOf({ id: key, completed: true, reward: accuracy, duration_seconds: time, labels: labelsOf(key), extra: { ...rest, metrics } })],
  };
}

/** A benchmark's metrics: its accuracy (checked when present, or when `required`) and task counts. */
function readMetrics(p: Problems, place: string, metrics: Obj, required: boolean): { accuracy: number | undefined; counts: BenchmarkCounts | null } {
  const accuracy =
    required || metrics['overall_accuracy'] !== undefined ? accuracyField(p, place, 'metrics.overall_accuracy', metrics['overall_accuracy']) : undefined;
  return { accuracy, counts: countsOf(p, place, metrics) };
}

function countsOf(p: Problems, place: string, metrics: Obj): BenchmarkCounts | null {
  const total = metrics['total_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.total_tasks', metrics['total_tasks'], { min: 0 });
  const correct = metrics['correct_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.correct_tasks', metrics['correct_tasks'], { min: 0 });
  return total !== undefined && correct !== undefined ? { total, correct } : null;
}

/** A benchmark's results file given on its own: its tasks are the cases. */
function fromResultsFile(source: Source, data: Obj): BenchmarkSummary {
  const stem = basename(source.file).replace(/_results\.json$/i, '');
  const key = stem !== basename(source.file) ? stem : String(data['benchmark']);
  const p = new Problems(source.file);
  const cases = taskCases(p, key, data['results'] as unknown[], '$.results');
  const { counts } = readMetrics(p, '$', data['metrics'] as Obj, false);
  p.check();
  const summary = summaryOf({
    id: basename(source.file).replace(/\.json$/i, ''),
    format: 'rlm-runner',
    cases,
    metadata: { 'rlm_runner.cases': 'tasks', [ANSWERED_CASES]: cases.filter((c) => c.error === null).length },
    extra: Object.fromEntries(Object.entries(data).filter(([k]) => k !== 'results')),
  });
  if (counts) summary.reported = { ...summary.reported, total_cases: Math.max(counts.total, cases.length), completed_cases: counts.correct };
  return summary;
}

export function fromRlmRunner(source: Source): BenchmarkSummary {
  const data = source.json();
  if (isResultsFile(data)) return fromResultsFile(source, data);
  if (!isObj(data) || !isObj(data['benchmarks'])) throw new InputError(`${source.file}: expected ${RLM_RUNNER_SHAPE}`);
  const p = new Problems(source.file);
  const benchmarks: Benchmark[] = [];
  for (const [key, b] of Object.entries(data['benchmarks'])) {
    if (!isObj(b)) p.add(`$.benchmarks.${key}`, null, 'a benchmark entry (an object)', b);
    else benchmarks.push(readBenchmark(p, source, key, b));
  }
  p.check();
  const { model, max_depth, configuration, total_time } = data;
  const byTask = benchmarks.some((b) => b.byTask);
  const cases: CaseResult[] = [];
  let total = 0;
  let correct = 0;
  for (const b of benchmarks) {
    if (b.error !== null && byTask) {
      // Its tasks were planned and none ran: counted as planned, so the run reads as incomplete.
      total += plannedTasks(b.key, configuration);
      continue;
    }
    const got =
      b.error === null
        ? b.cases
        : [caseOf({ id: b.key, completed: false, reward: 0, error: b.error, labels: labelsOf(b.key), extra: { benchmark_error: b.error } })];
    cases.push(...got);
    total += b.byTask && b.counts ? b.counts.total : got.length;
    correct += b.byTask && b.counts ? b.counts.correct : got.filter((c) => c.completed).length;
  }
  const failed = benchmarks.filter((b) => b.error !== null);
  const top = Object.fromEntries(Object.entries(data).filter(([k]) => !['benchmarks', 'model', 'max_depth', 'configuration', 'total_time'].includes(k)));
  const cfg = isObj(configuration) ? configuration : {};
  const summary = summaryOf({
    id: `${basename(source.file).replace(/\.json$/i, '')}${typeof model === 'string' ? ` ${model}` : ''}`,
    format: 'rlm-runner',
    cases,
    run: {
      model: typeof model === 'string' ? model : null,
      duration_seconds: typeof total_time === 'number' && total_time >= 0 ? total_time : null,
      description: failed.length === 0 ? null : `benchmarks that raised before their tasks ran: ${failed.map((b) => `${b.key} (${b.error ?? ''})`).join('; ')}`,
    },
    metadata: {
      ...(typeof model === 'string' ? { model } : {}),
      ...(typeof max_depth === 'number' ? { max_depth } : {}),
      ...(typeof cfg['max_tasks'] === 'number' ? { max_tasks: cfg['max_tasks'] } : {}),
      'rlm_runner.cases': byTask ? 'tasks' : 'benchmarks',
      [ANSWERED_CASES]: cases.filter((c) => c.error === null).length,
    },
    extra: { ...top, configuration },
  });
  summary.reported = { ...summary.reported, total_cases: Math.max(total, cases.length), completed_cases: correct };
  return summary;
}
