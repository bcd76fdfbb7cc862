/**
 * The RLM benchmark runner's `summary.json` (OOLONG, Deep Research, RULER): per benchmark its
 * accuracy (a string holding a number, as the runner writes it), task counts and times. When the
 * per-benchmark results file (`<benchmark>_results.json`) sits next to the summary, its tasks are the
 * cases (`<benchmark>/<task id>`, family = the benchmark); otherwise the benchmark is one case whose
 * reward is its accuracy. The summary's own task counts are kept as the reported totals, so results
 * files that contradict them are caught (finding aggregate-mismatch).
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import { caseOf, checkUniqueIds, firstOf, flagField, numberField, Problems, summaryOf, isObj, recordsAt, type Obj } from './records-common.js';
import { fileSource, type Source } from './source.js';

export const RLM_RUNNER_SHAPE = 'an RLM benchmark runner summary.json: a JSON object with `benchmarks` (each with `metrics.overall_accuracy` or a `status`)';


export function rlmRunnerMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (!isObj(data) || !isObj(data['benchmarks'])) return 'no `benchmarks` object';
  const entries = Object.values(data['benchmarks']);
  return entries.length > 0 && entries.every((b) => isObj(b) && (isObj(b['metrics']) || typeof b['status'] === 'string')) ? null : 'its benchmarks have no `metrics` or `status`';
}

const TASK = { id: ['task_id', 'id', 'question_id'], correct: ['correct', 'is_correct', 'success', 'passed'], score: ['score', 'accuracy'], time: ['time', 'elapsed', 'duration', 'completion_time', 'time_seconds'] };

/** The task records of a results file: an array, or the array under `results` / `tasks`. */
const taskRecords = (data: unknown) => recordsAt(data, ['results', 'tasks']);

/** The tasks of one benchmark's results file as cases; problems name that file. */
function taskCases(key: string, file: string): CaseResult[] {
  const source = fileSource(file);
  const found = taskRecords(source.json());
  if (found === null) throw new InputError(`${file}: expected the per-task results of ${key}: a JSON array of task records (or one under "results" / "tasks")`);
  const p = new Problems(file);
  const out: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  found.items.forEach((r, i) => {
    const place = `${found.at}[${i}]`;
    if (!isObj(r)) return p.add(place, null, 'a task record (an object)', r);
    const id = firstOf(r, TASK.id);
    if (id === undefined || (typeof id.value !== 'string' && typeof id.value !== 'number')) return p.add(place, TASK.id[0] ?? null, 'a task id (a string or number)', id?.value);
    const correct = firstOf(r, TASK.correct);
    const score = firstOf(r, TASK.score);
    if (correct === undefined && score === undefined) return p.note(`${place}: no correctness flag (${TASK.correct.join(', ')}) or score (${TASK.score.join(', ')})`);
    const ok = correct === undefined ? undefined : flagField(p, place, correct.name, correct.value);
    const s = score === undefined ? undefined : numberField(p, place, score.name, score.value, { strings: true });
    const time = firstOf(r, TASK.time);
    const t = time === undefined ? null : (numberField(p, place, time.name, time.value, { min: 0 }) ?? null);
    const completed = ok ?? (s ?? 0) > 0;
    out.push(caseOf({ id: `${key}/${String(id.value)}`, completed, reward: s ?? (completed ? 1 : 0), duration_seconds: t, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: r }));
    ids.push({ id: `${key}/${String(id.value)}`, place });
  });
  checkUniqueIds(p, ids);
  p.check();
  return out;
}

interface BenchmarkCounts {
  total: number;
  correct: number;
}

/** One benchmark of the summary: its cases, and the task counts it reports. */
function benchmarkCases(p: Problems, source: Source, key: string, b: Obj): { cases: CaseResult[]; counts: BenchmarkCounts | null } {
  const place = `$.benchmarks.${key}`;
  const metrics = isObj(b['metrics']) ? b['metrics'] : null;
  const rest = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'metrics'));
  if (metrics === null) {
    // A benchmark that did not run: reported with a status instead of metrics.
    return { cases: [caseOf({ id: key, completed: false, reward: 0, error: `status ${String(b['status'] ?? 'unknown')}`, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: rest })], counts: null };
  }
  const accuracy = numberField(p, place, 'metrics.overall_accuracy', metrics['overall_accuracy'], { min: 0, max: 1, strings: true });
  const total = metrics['total_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.total_tasks', metrics['total_tasks'], { min: 0 });
  const correct = metrics['correct_tasks'] === undefined ? undefined : numberField(p, place, 'metrics.correct_tasks', metrics['correct_tasks'], { min: 0 });
  const time = b['total_time'] === undefined ? null : (numberField(p, place, 'total_time', b['total_time'], { min: 0 }) ?? null);
  const counts = total !== undefined && correct !== undefined ? { total, correct } : null;
  const results = source.sibling(`${key}_results.json`);
  if (existsSync(results)) return { cases: taskCases(key, results), counts };
  if (accuracy === undefined) return { cases: [], counts: null };
  return { cases: [caseOf({ id: key, completed: true, reward: accuracy, duration_seconds: time, labels: { environment: null, task_family: key, domain: null, split: null, length_bucket: null }, extra: { ...rest, metrics } })], counts: null };
}

export function fromRlmRunner(source: Source): BenchmarkSummary {
  const data = source.json();
  if (!isObj(data) || !isObj(data['benchmarks'])) throw new InputError(`${source.file}: expected ${RLM_RUNNER_SHAPE}`);
  const p = new Problems(source.file);
  const cases: CaseResult[] = [];
  let reportedTotal = 0;
  let reportedCorrect = 0;
  let granular = 0;
  for (const [key, b] of Object.entries(data['benchmarks'])) {
    if (!isObj(b)) {
      p.add(`$.benchmarks.${key}`, null, 'an object', b);
      continue;
    }
    const got = benchmarkCases(p, source, key, b);
    const byTask = got.cases.length > 0 && got.cases[0]?.id !== key;
    if (byTask) granular++;
    cases.push(...got.cases);
    reportedTotal += byTask && got.counts ? got.counts.total : got.cases.length;
    reportedCorrect += byTask && got.counts ? got.counts.correct : got.cases.filter((c) => c.completed).length;
  }
  p.check();
  const { model, max_depth, configuration, total_time } = data;
  const top = Object.fromEntries(Object.entries(data).filter(([k]) => !['benchmarks', 'model', 'max_depth', 'configuration', 'total_time'].includes(k)));
  const cfg = isObj(configuration) ? configuration : {};
  const summary = summaryOf({
    id: `${basename(source.file).replace(/\.json$/i, '')}${typeof model === 'string' ? ` ${model}` : ''}`,
    format: 'rlm-runner',
    cases,
    run: { model: typeof model === 'string' ? model : null, duration_seconds: typeof total_time === 'number' && total_time >= 0 ? total_time : null },
    metadata: { ...(typeof model === 'string' ? { model } : {}), ...(typeof max_depth === 'number' ? { max_depth } : {}), ...(typeof cfg['max_tasks'] === 'number' ? { max_tasks: cfg['max_tasks'] } : {}), 'rlm_runner.cases': granular > 0 ? 'tasks' : 'benchmarks' },
    extra: { ...top, configuration },
  });
  summary.reported = { ...summary.reported, total_cases: Math.max(reportedTotal, cases.length), completed_cases: reportedCorrect };
  return summary;
}
