/**
 * tau2-bench results (sierra-research/tau2-bench at a2c024725189473d2d7cea3a5cfdbcc67478e41f).
 * The runner saves a run to `data/simulations/<run name>/results.json` (src/tau2/runner/batch.py
 * `_run_save_paths`; older releases wrote `data/simulations/<name>.json`) as `Results`
 * (src/tau2/data_model/simulation.py) in one of two layouts (`Results.save`):
 * - `json`, text runs: one file `{timestamp, info, tasks, simulations: [SimulationRun…]}`;
 * - `dir`, voice runs: `results.json` without `simulations` but with `simulation_index`, and one
 *   `simulations/<id>.json` per simulation. `Results.load` refuses a run whose files and index
 *   differ (missing or extra files), and so does this reader.
 * Given the folder, its `results.json` is read (and `simulations/` when it is there); given the file,
 * a `simulations/` folder beside it makes it the `dir` layout, as `Results._detect_format` decides.
 * A folder of several results files (as tau2-bench's own `data/tau2/results/final/`) holds several
 * runs (one agent, domain and user model each, as their names say): it is refused, give one.
 *
 * A task (`task_id`) is a case and its trials (`trial`) are merged (parsing/attempts.ts), as the
 * tau-bench reader does: a trial succeeded when `reward_info.reward` is 1 (src/tau2/metrics/
 * agent_metrics.py `is_successful`: within 1e-6), the case completed when every trial did (pass^k),
 * its reward the mean. The `termination_reason` (`TerminationReason`) other than `agent_stop` /
 * `user_stop` is the trial's error, written `termination_reason: <reason>`; the evaluator scores
 * those 0 (src/tau2/evaluator/evaluator.py: "terminated prematurely"). Whose failure each is, from
 * the code: `max_steps`, `too_many_errors` (the agent's tool calls that errored, orchestrator.py
 * `_execute_tool_calls`), `agent_error` (the agent broke the protocol), `timeout` (the simulation's
 * own time limit) and `context_window_exceeded` are the agent's; `user_error` is the user
 * simulator's protocol violation; `infrastructure_error` is what `run_with_retry`
 * (src/tau2/runner/progress.py) writes when every retry raised, with no `reward_info` and the
 * exception in `info.error_type` / `info.error` (controller.py: `WorkerFailure` for a crashed
 * worker); tau2 leaves those out of its own metrics. Such a trial has no verdict here, its error the
 * exception as the runner recorded it (`termination_reason: infrastructure_error (<type>: <text>)`),
 * for the outage classifier to read: a provider's rate limit is not measured, an exception of the
 * agent's own code is the agent's failure.
 */
import { basename, dirname, join } from 'node:path';

import { InputError } from '../../errors.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { type Attempt, casesOfAttempts } from '../parsing/attempts.js';
import { filesIn, hasFile, hasFolder, jsonIn } from '../parsing/folder.js';
import { isObj, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const TAU2_BENCH_SHAPE =
  'tau2-bench results (`Results`: `info`, `tasks` and `simulations` of `{task_id, trial, termination_reason, reward_info, messages}`), or its run folder: results.json, with simulations/<id>.json in the dir layout';

const RESULTS = 'results.json';
const SIMULATIONS = 'simulations'; // simulation.py SIMULATIONS_DIR

/** simulation.py TerminationReason. */
const REASONS = new Set([
  'user_stop',
  'agent_stop',
  'max_steps',
  'timeout',
  'too_many_errors',
  'agent_error',
  'user_error',
  'infrastructure_error',
  'context_window_exceeded',
  'unexpected_error',
]);
const STOPS = new Set(['user_stop', 'agent_stop']);

/** Results: `info` and `tasks`, and its simulations inline or (the dir layout) in the simulations/ folder of `base`. */
const isResults = (d: unknown, base: string | null): d is Obj =>
  isObj(d) &&
  isObj(d['info']) &&
  Array.isArray(d['tasks']) &&
  (Array.isArray(d['simulations']) || Array.isArray(d['simulation_index']) || (base !== null && hasFolder(base, SIMULATIONS)));

/** A run folder's results.json, parsed once for detection and reading (it may be tens of MB). */
const folderResults = new WeakMap<Source, unknown>();
function resultsOf(source: Source): unknown {
  if (!folderResults.has(source)) folderResults.set(source, jsonIn(source.file, RESULTS));
  return folderResults.get(source);
}

export function tau2BenchMismatch(source: Source): string | null {
  if (source.kind === 'directory') {
    if (!hasFile(source.file, RESULTS)) {
      const json = filesIn(source.file).filter((n) => n.endsWith('.json'));
      return json.length > 0
        ? `a directory without ${RESULTS} (its ${json.length} .json files are not read as one tau2-bench run)`
        : `a directory without ${RESULTS}`;
    }
    return isResults(resultsOf(source), source.file) ? null : `its ${RESULTS} has no \`info\` and \`tasks\` with \`simulations\` (or a simulations/ folder)`;
  }
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  return isResults(source.json(), null) ? null : 'no `info` and `tasks` with `simulations` (or `simulation_index`)';
}

/** The simulations of the `dir` layout, checked against the index as `Results.load` checks them. */
function dirSimulations(file: string, meta: Obj, sims: string): { place: string; sim: unknown }[] {
  const names = filesIn(sims).filter((n) => n.endsWith('.json'));
  const index = meta['simulation_index'];
  if (Array.isArray(index)) {
    const indexed = new Set(index.map((e) => (isObj(e) ? String(e['id']) : '')));
    const onDisk = new Set(names.map((n) => n.slice(0, -'.json'.length)));
    const missing = [...indexed].filter((id) => !onDisk.has(id)).sort();
    const extra = [...onDisk].filter((id) => !indexed.has(id)).sort();
    const why = [
      missing.length > 0 ? `missing simulation files: ${missing.join(', ')}` : '',
      extra.length > 0 ? `simulation files not in the index: ${extra.join(', ')}` : '',
    ]
      .filter((s) => s !== '')
      .join('; ');
    if (why !== '')
      throw new InputError(`${file}: the simulations/ folder and the simulation_index of ${RESULTS} differ (${why}); expected one file per indexed simulation`);
  }
  return names.map((n) => ({ place: `${SIMULATIONS}/${n}`, sim: jsonIn(sims, n) }));
}

function attemptOf(p: Problems, place: string, s: unknown): Attempt | null {
  if (!isObj(s)) return (p.add(place, null, 'a SimulationRun object', s), null);
  const task = s['task_id'];
  if (typeof task !== 'string' && typeof task !== 'number') return (p.add(place, 'task_id', 'the task id, a string or number', task), null);
  const reason = s['termination_reason'];
  if (typeof reason !== 'string' || !REASONS.has(reason)) return (p.add(place, 'termination_reason', `one of ${[...REASONS].join(', ')}`, reason), null);
  const info = isObj(s['info']) ? s['info'] : {};
  const ri = s['reward_info'];
  let reward: number | null = null;
  if (isObj(ri) && typeof ri['reward'] === 'number' && Number.isFinite(ri['reward'])) reward = ri['reward'];
  else if (reason !== 'infrastructure_error') return (p.add(place, 'reward_info', 'the evaluator’s RewardInfo with a finite `reward`', ri), null);
  const thrown = [info['error_type'], info['error']].filter((x): x is string => typeof x === 'string' && x !== '').join(': ');
  const error = STOPS.has(reason) ? null : `termination_reason: ${reason}${reason === 'infrastructure_error' && thrown !== '' ? ` (${thrown})` : ''}`;
  const duration = typeof s['duration'] === 'number' && Number.isFinite(s['duration']) && s['duration'] >= 0 ? s['duration'] : null;
  const { task_id: _task, ...kept } = s;
  void _task;
  return {
    task: String(task),
    solved: reward === null ? null : reward >= 1 - 1e-6 && reward <= 1 + 1e-6,
    reward: reward ?? 0,
    error,
    duration,
    usage: null,
    extra: kept,
  };
}

function checkTrials(p: Problems, rows: readonly { place: string; sim: unknown }[]): void {
  const seen = new Map<string, string>();
  for (const { place, sim } of rows) {
    if (!isObj(sim) || typeof sim['trial'] !== 'number') continue;
    const key = `${String(sim['task_id'])}\u0000${sim['trial']}`;
    const at = seen.get(key);
    if (at !== undefined) p.note(`${place}: task ${String(sim['task_id'])} trial ${sim['trial']} is also at ${at}; expected each task × trial once`);
    else seen.set(key, place);
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The run's head from `Results.info` (simulation.py Info): the agent's model, the domain, the user simulator. */
function headOf(meta: Obj): { model: string | null; metadata: BenchmarkSummary['metadata'] } {
  const info = meta['info'] as Obj;
  const agent = isObj(info['agent_info']) ? info['agent_info'] : {};
  const user = isObj(info['user_info']) ? info['user_info'] : {};
  const env = isObj(info['environment_info']) ? info['environment_info'] : {};
  const metadata: BenchmarkSummary['metadata'] = {};
  const put = (k: string, v: unknown): void => {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) metadata[`tau2.${k}`] = v;
  };
  put('domain', env['domain_name']);
  put('num_trials', info['num_trials']);
  put('agent', agent['implementation']);
  put('user', user['implementation']);
  put('user_llm', user['llm']);
  put('git_commit', info['git_commit']);
  return { model: text(agent['llm']), metadata };
}

export function fromTau2Bench(source: Source): BenchmarkSummary {
  const folder = source.kind === 'directory';
  if (folder && !hasFile(source.file, RESULTS)) {
    const json = filesIn(source.file).filter((n) => n.endsWith('.json'));
    throw new InputError(
      `${source.file}: no ${RESULTS}, expected a tau2-bench run folder (data/simulations/<run name>/results.json)${json.length > 1 ? `; its ${json.length} .json files (${json.join(', ')}) are each a run of their own: give one` : ''}`,
    );
  }
  const file = folder ? join(source.file, RESULTS) : source.file;
  const meta = folder ? resultsOf(source) : source.json();
  const p = new Problems(file);
  if (!isResults(meta, folder ? source.file : dirname(source.file))) p.note(`expected ${TAU2_BENCH_SHAPE}`);
  p.check();
  const m = meta as Obj;
  const base = folder ? source.file : dirname(source.file);
  // Results._detect_format: a simulations/ folder beside results.json is the dir layout.
  const rows = hasFolder(base, SIMULATIONS)
    ? dirSimulations(file, m, join(base, SIMULATIONS))
    : ((m['simulations'] ?? []) as unknown[]).map((sim, i) => ({ place: `$.simulations[${i}]`, sim }));
  const attempts = rows.flatMap(({ place, sim }) => attemptOf(p, place, sim) ?? []);
  checkTrials(p, rows);
  if (p.empty && attempts.length === 0) p.note('no simulations');
  p.check();
  const cases = casesOfAttempts(attempts);
  const { model, metadata } = headOf(m);
  const n = cases.length;
  return summaryOf({
    id: stemOf(file) === 'results' ? basename(dirname(file)) : stemOf(file),
    format: 'tau2-bench',
    cases,
    run: { model, description: `tau2-bench results: ${n} task${n === 1 ? '' : 's'}, ${attempts.length} simulation${attempts.length === 1 ? '' : 's'}` },
    metadata,
  });
}
