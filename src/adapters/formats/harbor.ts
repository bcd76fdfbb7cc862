/**
 * A Harbor job folder (Harbor, the harness of terminal-bench 2.x: harbor-framework/harbor, formerly
 * laude-institute/harbor; read at wrongbutworks/harbor 7d91dbfaf1fcd569b9b04cd242c99239254ac516, a
 * fork that merges harbor-framework/harbor main, version 0.22.0). src/harbor/job.py writes the job's
 * `result.json` (`JobResult`, src/harbor/models/job/result.py) and `config.json` in the job folder,
 * and each trial writes its folder `<trial_name>/` with `config.json` and `result.json`
 * (`TrialResult`, src/harbor/models/trial/result.py; paths in src/harbor/models/trial/paths.py).
 * A retried trial's folder is deleted before the retry (src/harbor/trial/queue.py), so each trial
 * folder is the final attempt of one trial.
 *
 * A task (`task_name`) is a case and its trials are merged (parsing/attempts.ts): a trial's reward
 * is its `verifier_result.rewards`' one value (or its `reward` key), solved when it is 1 (the
 * success of src/harbor/utils/pass_at_k.py). A trial without `verifier_result` (its verifier never
 * ran) has no verdict and counts 0, as Harbor's mean (src/harbor/metrics/base.py
 * `aggregate_reward_dicts`) and pass@k count it.
 *
 * `exception_info` (`ExceptionInfo.from_exception`: `exception_type` is the class name) is the
 * trial's error, written `<exception_type>: <exception_message>`, for the outage classifier to read.
 * From the code: an `AgentTimeoutError` (the agent ran past its time, trial.py `_run_agent_phase`)
 * or a `NonZeroAgentExitCodeError` (the agent's process failed) is recorded and the verifier still
 * runs (single_step.py `_run_agent`), so such a trial is scored as Harbor scores it; a solved one
 * keeps the exception in `extra` only. Other exceptions stop the trial before its verdict. Of them
 * only these cannot be the agent's: `EnvironmentStartTimeoutError` (the environment did not start),
 * `SandboxBuildFailedError` (environments/base.py: the task's environment definition),
 * `HealthcheckError` (the environment's check before the agent runs) and `CancelledError` (the job
 * was cancelled); the API errors of agents/installed/base.py (`ApiRateLimitError`,
 * `ApiOverloadedError`, …) name the provider's layer. The text says which it was.
 */
import { join } from 'node:path';

import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { type Attempt, casesOfAttempts } from '../parsing/attempts.js';
import { hasFile, jsonIn, subfolders } from '../parsing/folder.js';
import { isObj, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const HARBOR_SHAPE =
  'a Harbor job folder: result.json (JobResult) and one <trial_name>/ folder per trial with result.json (TrialResult: task_name, verifier_result, exception_info)';

const RESULT = 'result.json';
const CONFIG = 'config.json';

/** A trial folder: trial.py `_finalize` writes result.json, and the trial wrote config.json first. */
const trialsIn = (dir: string): string[] => subfolders(dir).filter((n) => hasFile(join(dir, n), RESULT) && hasFile(join(dir, n), CONFIG));

export function harborMismatch(source: Source): string | null {
  if (source.kind !== 'directory') return `not a directory (${source.kind}), where a Harbor job is a folder`;
  if (!hasFile(source.file, RESULT) && !hasFile(source.file, CONFIG)) return `a directory without ${RESULT} or ${CONFIG}`;
  return trialsIn(source.file).length > 0 ? null : `a directory without <trial_name>/ folders holding ${RESULT} and ${CONFIG}`;
}

function secondsBetween(start: unknown, end: unknown): number | null {
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  const s = Date.parse(start);
  const e = Date.parse(end);
  return Number.isFinite(s) && Number.isFinite(e) && e >= s ? (e - s) / 1000 : null;
}

/** TrialResult.compute_token_cost_totals: the trial's agent context, else its steps'; unknown when any side is. */
function usageOf(r: Obj): CaseResult['usage'] {
  const steps = Array.isArray(r['step_results']) ? r['step_results'] : [];
  const contexts = isObj(r['agent_result']) ? [r['agent_result']] : steps.flatMap((s) => (isObj(s) && isObj(s['agent_result']) ? [s['agent_result']] : []));
  let input: number | null = null;
  let output: number | null = null;
  for (const c of contexts) {
    if (typeof c['n_input_tokens'] === 'number') input = (input ?? 0) + c['n_input_tokens'];
    if (typeof c['n_output_tokens'] === 'number') output = (output ?? 0) + c['n_output_tokens'];
  }
  return input === null || output === null ? null : { total_calls: 0, prompt_tokens: input, completion_tokens: output, roles: null };
}

/** The trial's reward: the rewards' one value, or their `reward` key; null when the verifier gave none. */
function rewardOf(p: Problems, place: string, r: Obj): number | null | undefined {
  const v = r['verifier_result'];
  if (v === null || v === undefined) return null;
  const rewards = isObj(v) ? v['rewards'] : undefined;
  if (rewards === null) return null;
  if (!isObj(rewards)) return (p.add(place, 'verifier_result.rewards', 'an object of named rewards (VerifierResult)', rewards), undefined);
  const keys = Object.keys(rewards);
  const key = keys.length === 1 ? (keys[0] as string) : 'reward' in rewards ? 'reward' : null;
  if (key === null) return (p.add(place, 'verifier_result.rewards', 'one reward, or a `reward` key among several', rewards), undefined);
  const value = rewards[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return (p.add(place, `verifier_result.rewards.${key}`, 'a finite number', value), undefined);
  return value;
}

const MAX_MESSAGE = 2000;

function attemptOf(p: Problems, place: string, r: unknown): Attempt | null {
  if (!isObj(r)) return (p.add(place, null, 'a TrialResult object', r), null);
  if (typeof r['task_name'] !== 'string' || r['task_name'] === '')
    return (p.add(place, 'task_name', 'the task name, a non-empty string', r['task_name']), null);
  const reward = rewardOf(p, place, r);
  if (reward === undefined) return null;
  const x = r['exception_info'];
  if (x !== null && x !== undefined && !(isObj(x) && typeof x['exception_type'] === 'string'))
    return (p.add(place, 'exception_info', 'null or an ExceptionInfo with `exception_type`', x), null);
  const solved = reward === null ? null : reward === 1;
  let error: string | null = null;
  if (isObj(x) && solved !== true) {
    const message = typeof x['exception_message'] === 'string' ? x['exception_message'] : '';
    const text = `${x['exception_type'] as string}${message === '' ? '' : `: ${message}`}`;
    error = text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
  }
  const exception = isObj(x) ? { exception_type: x['exception_type'], exception_message: x['exception_message'], occurred_at: x['occurred_at'] } : null;
  return {
    task: r['task_name'],
    solved,
    reward: reward ?? 0,
    error,
    duration: secondsBetween(r['started_at'], r['finished_at']),
    usage: usageOf(r),
    extra: {
      trial_name: r['trial_name'],
      source: r['source'] ?? null,
      agent_info: r['agent_info'] ?? null,
      rewards: isObj(r['verifier_result']) ? (r['verifier_result']['rewards'] ?? null) : null,
      exception_info: exception,
    },
  };
}

/** The agent and model of the trials (AgentInfo, ModelInfo); several are several runs, refused. */
function agentOf(file: string, trials: readonly Obj[]): string | null {
  const names = new Set<string>();
  for (const t of trials) {
    const a = isObj(t['agent_info']) ? t['agent_info'] : {};
    const m = isObj(a['model_info']) && typeof a['model_info']['name'] === 'string' ? a['model_info']['name'] : null;
    names.add(JSON.stringify([typeof a['name'] === 'string' ? a['name'] : null, m]));
  }
  if (names.size > 1)
    throw new InputError(
      `${file}: its trials are of ${names.size} agent and model pairs (${[...names].join(', ')}); each pair is its own run (JobStats.evals): give a job of one agent and model`,
    );
  const [agent, model] = JSON.parse([...names][0] ?? '[null,null]') as [string | null, string | null];
  return model ?? agent;
}

export function fromHarbor(source: Source): BenchmarkSummary {
  const dir = source.file;
  const p = new Problems(dir);
  const names = trialsIn(dir);
  const trials = names.map((n) => ({ place: `${n}/${RESULT}`, r: jsonIn(join(dir, n), RESULT) }));
  const attempts = trials.flatMap(({ place, r }) => attemptOf(p, place, r) ?? []);
  if (p.empty && attempts.length === 0) p.note(`no trial folders with ${RESULT}`);
  p.check();
  const model = agentOf(
    dir,
    trials.map(({ r }) => r as Obj),
  );
  const job = hasFile(dir, RESULT) ? jsonIn(dir, RESULT) : null;
  const metadata: BenchmarkSummary['metadata'] = {};
  const total = isObj(job) && typeof job['n_total_trials'] === 'number' ? job['n_total_trials'] : null;
  if (total !== null) metadata['harbor.n_total_trials'] = total;
  if (isObj(job) && typeof job['id'] === 'string') metadata['harbor.job_id'] = job['id'];
  const unfinished = subfolders(dir).filter((n) => !n.startsWith('.') && hasFile(join(dir, n), CONFIG) && !hasFile(join(dir, n), RESULT));
  if (unfinished.length > 0) metadata['harbor.unfinished_trials'] = unfinished.join(', ');
  const cases = casesOfAttempts(attempts);
  const n = cases.length;
  const left = total !== null && total > attempts.length ? `; ${total - attempts.length} of the job's ${total} trials have no result.json` : '';
  return summaryOf({
    id: stemOf(dir),
    format: 'harbor',
    cases,
    run: { model, description: `Harbor job: ${n} task${n === 1 ? '' : 's'}, ${attempts.length} trial${attempts.length === 1 ? '' : 's'}${left}` },
    metadata,
  });
}
