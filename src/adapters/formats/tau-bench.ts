/**
 * tau-bench results (sierra-research/tau-bench run.py: the checkpoint `<agent>-<model>-…json`, as
 * in its `historical_trajectories/`): a JSON array of `EnvRunResult` (tau_bench/types.py) with
 * `task_id` (an integer), `trial` (0 … num_trials − 1), `reward`, `info` and `traj` (the messages).
 * A task is a case and its trials are merged (parsing/attempts.ts): a trial succeeded when its reward
 * is 1 (run.py's `is_successful`: within 1e-6), the case completed when every trial did (pass^k),
 * its reward the mean reward. run.py writes an exception as `reward: 0` with `info.error` (and
 * `info.traceback`): that text is the case's error. The trajectory stays in each attempt's `traj`.
 */
import type { BenchmarkSummary } from '../../schema/summary.js';
import { type Attempt, casesOfAttempts } from '../parsing/attempts.js';
import { isObj, numberField, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const TAU_BENCH_SHAPE = 'tau-bench results: a JSON array of `{task_id, trial, reward, info, traj}` (run.py EnvRunResult)';

const isRun = (r: unknown): r is Obj => isObj(r) && 'task_id' in r && typeof r['trial'] === 'number' && 'reward' in r && Array.isArray(r['traj']);

export function tauBenchMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const d = source.json();
  if (!Array.isArray(d) || d.length === 0) return 'not a non-empty array';
  return isRun(d[0]) ? null : 'its first item has no `task_id`, `trial`, `reward` and `traj`';
}

function attemptOf(p: Problems, r: unknown, i: number): Attempt | null {
  const place = `$[${i}]`;
  if (!isRun(r)) return (p.add(place, null, 'a result with `task_id`, `trial`, `reward` and `traj`', r), null);
  const task = r['task_id'];
  if (typeof task !== 'number' && typeof task !== 'string') return (p.add(place, 'task_id', 'the task id, a number or string', task), null);
  const reward = numberField(p, place, 'reward', r['reward']);
  if (reward === undefined) return null;
  const info = isObj(r['info']) ? r['info'] : {};
  const error = typeof info['error'] === 'string' && info['error'] !== '' ? info['error'] : null;
  return {
    task: String(task),
    solved: Math.abs(reward - 1) <= 1e-6,
    reward,
    error,
    duration: null,
    usage: null,
    extra: { trial: r['trial'], info, traj: r['traj'] },
  };
}

export function fromTauBench(source: Source): BenchmarkSummary {
  const p = new Problems(source.file);
  const rows = source.json() as unknown[];
  const attempts = rows.flatMap((r, i) => attemptOf(p, r, i) ?? []);
  const seen = new Map<string, number>();
  for (const [i, r] of rows.entries()) {
    if (!isRun(r)) continue;
    const key = `${String(r['task_id'])}\u0000${String(r['trial'])}`;
    const at = seen.get(key);
    if (at !== undefined) p.note(`$[${i}]: task ${String(r['task_id'])} trial ${String(r['trial'])} is also at $[${at}]; expected each task × trial once`);
    else seen.set(key, i);
  }
  p.check();
  const cases = casesOfAttempts(attempts);
  const trials = new Set(rows.map((r) => (isObj(r) ? r['trial'] : null))).size;
  return summaryOf({
    id: stemOf(source.file),
    format: 'tau-bench',
    cases,
    run: { description: `tau-bench results: ${cases.length} task${cases.length === 1 ? '' : 's'} × ${trials} trial${trials === 1 ? '' : 's'}` },
    metadata: { 'tau_bench.trials': trials },
  });
}
