// Workflow jobs that use the action, played in this process: the same jobs as action-jobs.ts (own
// workspace, RUNNER_TEMP and job id in one workflow run of the results service double, the same
// environment), but the program is src/action/main.ts's runAction, not the committed bundle, so the
// tests exercise the source as it is and no process starts but the suite command itself.
//
// What a test sees is what the bundle under action.yml would give it:
//   - inputs: action.yml's `benchgate` step env, `${{ }}` evaluated by the composite player's
//     evaluator, read back as @actions/core's getInput does (INPUT_<NAME>, trimmed);
//   - log: what @actions/core writes behind log.ts's filter (info as a line, fenced when it could be
//     a command; `::warning::`/`::error::`/`::group::` commands with their data escaped as core
//     escapes it) and the suite's output as written;
//   - summary: each append with core.summary's trailing newline;
//   - outputs: action.yml's outputs evaluated over the step's outputs (so an unset one is '');
//   - artifacts: the in-memory client over the results service double's store;
//   - REST: @actions/github against GITHUB_API_URL (a loopback double, or nothing), retries
//     without the backoff and without the throttling plugin, whose write queue is process-wide and
//     would space every test's writes a second apart. Scenarios that need the throttling plugin's
//     waits stay in e2e.
import * as github from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

import type { ActionIo } from '../../src/action/io.js';
import { commandSafeLog } from '../../src/action/log.js';
import { runAction } from '../../src/action/main.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import { MemoryArtifactClient } from '../doubles/artifact-client.js';
import type { ResultsServiceDouble } from '../doubles/results-service.js';
import { jobSetup } from './action-jobs.js';
import { type ActionManifest, interpolate, loadManifest, REPO_ROOT } from './composite.js';

export interface InProcessResult {
  /** 0 when the step passed. */
  exitCode: number;
  outputs: Record<string, string>;
  log: string;
  summary: string;
}

export interface InProcessJob {
  name: string;
  workspace: string;
  temp: string;
  run(inputs: Record<string, string>, extraEnv?: Record<string, string>): Promise<InProcessResult>;
}

let manifest: ActionManifest | undefined;

/** @actions/core's escaping of a workflow command's data. */
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** @actions/core's toCommandValue: how setOutput writes a value. */
const commandValue = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** A job of workflow run `run` (a backend id of the double), in a fresh workspace under `root`. */
export function job(double: ResultsServiceDouble, root: string, name: string, run = 'run-1'): InProcessJob {
  const { workspace, temp, env, jsActionEnv } = jobSetup(double, root, name, run);
  return {
    name,
    workspace,
    temp,
    run: (inputs, extraEnv = {}) => runJob({ double, run, job: `job-${name}`, workspace, temp, env: { ...env, ...extraEnv }, jsActionEnv, inputs }),
  };
}

interface JobRun {
  double: ResultsServiceDouble;
  run: string;
  job: string;
  workspace: string;
  temp: string;
  env: Record<string, string>;
  jsActionEnv: Record<string, string>;
  inputs: Record<string, string>;
}

async function runJob(j: JobRun): Promise<InProcessResult> {
  manifest ??= loadManifest();
  for (const name of Object.keys(j.inputs)) {
    if (!Object.hasOwn(manifest.inputs, name)) throw new Error(`test error: action.yml declares no input "${name}"`);
  }
  const inputs = Object.fromEntries(Object.entries(manifest.inputs).map(([name, spec]) => [name, j.inputs[name] ?? spec.default ?? '']));
  const step = manifest.runs.steps.find((s) => s.id === 'benchgate');
  if (!step) throw new Error('test error: action.yml has no step with id benchgate');
  // The github-script step hands the artifact service's variables over as its outputs.
  const runtime = { outputs: { 'results-url': j.jsActionEnv['ACTIONS_RESULTS_URL'] ?? '', 'runtime-token': j.jsActionEnv['ACTIONS_RUNTIME_TOKEN'] ?? '' } };
  const contexts = { inputs, steps: { runtime }, github: { event_name: 'pull_request', sha: j.env['GITHUB_SHA'], workspace: j.workspace }, env: j.env };
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v), contexts)]));
  const env: Record<string, string> = { ...j.env, GITHUB_ACTION_PATH: REPO_ROOT, ...stepEnv };

  let log = '';
  let summary = '';
  const set: Record<string, string> = {};
  const apiUrl = env['GITHUB_API_URL'];
  const io: ActionIo = {
    getInput: (name) => (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
    env,
    tempDir: j.temp,
    workspace: j.workspace,
    // Through the filter index.ts puts between the program and @actions/core.
    ...commandSafeLog({
      info: (m) => void (log += `${m}\n`),
      warning: (m) => void (log += `::warning::${escapeData(m)}\n`),
      error: (m) => void (log += `::error::${escapeData(m)}\n`),
      startGroup: (t) => void (log += `::group::${escapeData(t)}\n`),
      endGroup: () => void (log += '::endgroup::\n'),
    }),
    write: (chunk) => void (log += chunk.toString()),
    setOutput: (name, value) => void (set[name] = commandValue(value)),
    appendSummary: async (markdown) => void (summary += `${markdown}\n`),
    artifacts: new MemoryArtifactClient(j.double, j.run, j.job, apiUrl ?? j.double.url),
    github: (token) => {
      if (!apiUrl || !/^http:\/\/127\.0\.0\.1:\d+$/.test(apiUrl)) throw new Error(`test error: GITHUB_API_URL is ${apiUrl ?? 'unset'}, not a loopback double`);
      const onLimit = () => false;
      return github.getOctokit(
        token,
        {
          baseUrl: apiUrl,
          throttle: { enabled: false, onRateLimit: onLimit, onSecondaryRateLimit: onLimit },
          retry: { doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451], retryAfterBaseValue: 1 },
        },
        retry,
        throttling,
      ) as unknown as GitHubClient;
    },
    workerScript: null,
    killGraceMs: 1000,
  };
  const exitCode = await runAction(io);
  const finalContexts = { inputs, steps: { runtime, benchgate: { outputs: set } }, github: contexts.github, env: j.env };
  const outputs = Object.fromEntries(Object.entries(manifest.outputs).map(([name, spec]) => [name, interpolate(spec.value, finalContexts)]));
  return { exitCode, outputs, log, summary };
}

export {
  EVENT_PATH,
  gitWorkspace,
  SAME_REPO_EVENT,
  startWorkflowDoubles,
  stopWorkflowDoubles,
  SUITE_SCRIPT,
  suiteCommand,
  type WorkflowDoubles,
} from './action-jobs.js';
