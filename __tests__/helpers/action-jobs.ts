// Plays workflow jobs that use the action: each job gets its own workspace, RUNNER_TEMP and job id
// in the same workflow run of the results service double, and runs action.yml's steps through the
// composite player (which runs the committed dist/index.js with the runner's INPUT_* variables).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type GitHubApiDouble, startGitHubApi } from '../doubles/github-api.js';
import { type ResultsServiceDouble, startResultsService } from '../doubles/results-service.js';
import { type CompositeRun, REPO_ROOT, runComposite } from './composite.js';

export const EVENT_PATH = join(REPO_ROOT, '__tests__', 'fixtures', 'events', 'pull_request.json');
/** The same pull request from a branch of the repository itself (EVENT_PATH's comes from a fork): mode ab refuses a fork's. */
export const SAME_REPO_EVENT = { GITHUB_EVENT_PATH: join(REPO_ROOT, '__tests__', 'fixtures', 'events', 'pull_request-same-repo.json') };
export const SUITE_SCRIPT = join(REPO_ROOT, 'examples', 'suite', 'run-suite.mjs');

/** The command a suite job runs: the embedded example suite under one strategy, written where rlm-code writes. */
export function suiteCommand(strategy: 'tool_call' | 'codemode', then = ''): string {
  return `node '${SUITE_SCRIPT}' --strategy ${strategy} --out .rlm_code/rlm/benchmarks/${strategy}.json${then ? `\n${then}` : ''}`;
}

export interface Job {
  name: string;
  workspace: string;
  temp: string;
  run(inputs: Record<string, string>, extraEnv?: Record<string, string>): Promise<CompositeRun>;
}

/** A git checkout with one commit, as actions/checkout leaves the workspace. Returns the commit. */
export function gitWorkspace(dir: string): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
    });
  git('init', '-q');
  git('commit', '-q', '--allow-empty', '-m', 'checkout');
  return git('rev-parse', 'HEAD').stdout.trim();
}

/** A job's directories and environment, the same for the bundle played as action.yml and the program in process. */
export interface JobSetup {
  workspace: string;
  temp: string;
  /** The job's environment: what a `run:` step sees (GITHUB_*, RUNNER_*, PATH …). */
  env: Record<string, string>;
  /** What the runner gives JavaScript actions only: the artifact service's URL and token. */
  jsActionEnv: Record<string, string>;
}

/** A fresh workspace and RUNNER_TEMP under `root` for job `name` of workflow run `run` (a backend id of the double). */
export function jobSetup(double: ResultsServiceDouble, root: string, name: string, run: string): JobSetup {
  const dir = mkdtempSync(join(root, `${name}-`));
  const workspace = join(dir, 'workspace');
  const temp = join(dir, 'runner-temp');
  mkdirSync(workspace, { recursive: true });
  mkdirSync(temp, { recursive: true });
  const { ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL, ...serviceEnv } = double.env(run, `job-${name}`);
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: process.env['HOME'] ?? dir,
    ...serviceEnv,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: EVENT_PATH,
    GITHUB_SHA: '3333333333333333333333333333333333333333',
    GITHUB_REF: 'refs/pull/42/merge',
    GITHUB_RUN_ID: '987654321',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_WORKFLOW: 'Bench',
    // The runner's ref path to the workflow file (the file every seeded run of the API double ran).
    GITHUB_WORKFLOW_REF: `${String(serviceEnv['GITHUB_REPOSITORY'])}/.github/workflows/benchgate.yml@refs/pull/42/merge`,
    GITHUB_JOB: name,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: temp,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
  };
  return { workspace, temp, env, jsActionEnv: { ACTIONS_RUNTIME_TOKEN: ACTIONS_RUNTIME_TOKEN as string, ACTIONS_RESULTS_URL: ACTIONS_RESULTS_URL as string } };
}

/** A job of workflow run `run` (a backend id of the double), in a fresh workspace under `root`. */
export function job(double: ResultsServiceDouble, root: string, name: string, run = 'run-1'): Job {
  const { workspace, temp, env, jsActionEnv } = jobSetup(double, root, name, run);
  return {
    name,
    workspace,
    temp,
    run: (inputs, extraEnv = {}) =>
      runComposite({
        inputs,
        env: { ...env, ...extraEnv },
        jsActionEnv,
        github: { event_name: 'pull_request', sha: env['GITHUB_SHA'], workspace },
      }),
  };
}

/** What a test of jobs that talk to GitHub needs: the results service, the REST double in front of it, a scratch root. */
export interface WorkflowDoubles {
  results: ResultsServiceDouble;
  gh: GitHubApiDouble;
  root: string;
}

/** Starts the results service and the GitHub API double (forwarding the artifact REST calls to it) on loopback. */
export async function startWorkflowDoubles(token: string, prefix: string): Promise<WorkflowDoubles> {
  const results = await startResultsService({ apiToken: token });
  const gh = await startGitHubApi({ token, forward: results.url });
  return { results, gh, root: mkdtempSync(join(tmpdir(), prefix)) };
}

export async function stopWorkflowDoubles(d: Partial<WorkflowDoubles>): Promise<void> {
  await d.gh?.close();
  await d.results?.close();
  if (d.root) rmSync(d.root, { recursive: true, force: true });
}
