// How many requests a gate job makes to GitHub (issue 23, item 4), counted on the doubles: every
// REST request the GitHub API double saw (forwarded artifact REST calls included) and every request
// to the artifact service (Twirp RPCs and blob transfers) the results double saw. Each scenario
// names the requests it expects, so a change that adds one says which. The action runs in this
// process through runAction, with the real @actions/artifact client and a real @actions/github
// client on loopback.
// In e2e, not unit: the real artifact client's cross-run downloads use @actions/github, which fixes
// GITHUB_API_URL when first imported, so this file needs a module graph of its own (the unit project
// shares one per worker thread, where another file may have imported @actions/github first).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ActionIo } from '../../src/action/io.js';
import { loadSummary } from '../../src/adapters/registry.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import { addEntry, historyEntry, type HistoryFile, serializeHistory } from '../../src/history/history-file.js';
import { runtimeToken } from '../doubles/results-service.js';
import { EVENT_PATH, startWorkflowDoubles, stopWorkflowDoubles, suiteCommand, type WorkflowDoubles } from '../helpers/action-jobs.js';

const TOKEN = 'ghs_count_token';
let d: WorkflowDoubles;
let client: ArtifactClient;
let runAction: (io: ActionIo) => Promise<number>;
let octokit: (token: string) => GitHubClient;
let saved: Record<string, string | undefined>;
let pushEvent: string;
let jobs = 0;

beforeAll(async () => {
  // @actions/core writes the artifact client's log lines straight to stdout.
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  d = await startWorkflowDoubles(TOKEN, 'benchgate-requests-');
  // The artifact client reads these from the environment on every call, and @actions/github (which
  // its cross-run downloads use) fixes GITHUB_API_URL when first imported: so set them, then import.
  const env = { ...d.results.env(), GITHUB_API_URL: d.gh.url };
  saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const artifact = await import('@actions/artifact');
  client = new artifact.DefaultArtifactClient();
  ({ runAction } = await import('../../src/action/main.js'));
  const github = await import('@actions/github');
  const { retry } = await import('@octokit/plugin-retry');
  const { throttling } = await import('@octokit/plugin-throttling');
  octokit = (token) =>
    github.getOctokit(token, { baseUrl: d.gh.url, throttle: { enabled: false }, retry: { enabled: false } }, retry, throttling) as unknown as GitHubClient;
  pushEvent = join(d.root, 'push.json');
  writeFileSync(pushEvent, JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'octo-org/benchgate', default_branch: 'main' } }));
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.restoreAllMocks();
  await stopWorkflowDoubles(d ?? {});
});

interface Job {
  exitCode: number;
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

/** One job of workflow run `run` (a backend id of the results double), in a workspace of its own. */
async function runJob(run: string, inputs: Record<string, string>, env: Record<string, string>): Promise<Job> {
  const dir = mkdtempSync(join(d.root, `job-${++jobs}-`));
  mkdirSync(join(dir, 'temp'));
  process.env['ACTIONS_RUNTIME_TOKEN'] = runtimeToken(run, `job-${jobs}`);
  const lines: string[] = [];
  const outputs: Record<string, string> = {};
  let summary = '';
  const exitCode = await runAction({
    getInput: (name) => inputs[name] ?? '',
    env: {
      GITHUB_REPOSITORY: 'octo-org/benchgate',
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: EVENT_PATH,
      GITHUB_SHA: '3'.repeat(40),
      GITHUB_REF: 'refs/pull/42/merge',
      GITHUB_RUN_ID: String(d.results.runId(run)),
      GITHUB_API_URL: d.gh.url,
      ...env,
    },
    tempDir: join(dir, 'temp'),
    workspace: dir,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    startGroup: () => {},
    endGroup: () => {},
    write: () => {},
    setOutput: (name, value) => void (outputs[name] = String(value)),
    appendSummary: async (markdown) => void (summary += markdown),
    artifacts: client,
    github: octokit,
    workerScript: null,
    killGraceMs: 1000,
  });
  return { exitCode, log: lines.join('\n'), outputs, summary };
}

/** The baseline and candidate jobs of workflow run `run`: each uploads its summary as an artifact. */
async function suiteJobs(run: string, suite: string, env: Record<string, string> = {}): Promise<string> {
  let baseline = '';
  for (const [role, strategy] of [
    ['baseline', 'tool_call'],
    ['candidate', 'codemode'],
  ] as const) {
    const r = await runJob(run, { mode: 'run', suite, role, command: suiteCommand(strategy), fingerprint: 'model: demo-model' }, env);
    expect(r.exitCode, r.log).toBe(0);
    if (role === 'baseline') baseline = r.outputs['summary-path'] ?? '';
  }
  return baseline;
}

/** A request as the tests name it: REST by method and path template, the artifact service by RPC or blob operation. */
function restName(c: { method: string; path: string; operation?: string }): string {
  const template = c.operation?.replace(/^\S+ /, '') ?? c.path.replace(/\/\d+(?=\/|$)/g, '/{id}');
  return `${c.method} ${template.replace(/^\/repos\/(\{owner\}\/\{repo\}|octo-org\/benchgate)/, '')}`;
}
function serviceName(request: string): string {
  const [method, url] = request.split(' ') as [string, string];
  const twirp = /ArtifactService\/(\w+)/.exec(url);
  if (twirp) return `artifact ${twirp[1]}`;
  const comp = new URL(url, 'http://x').searchParams.get('comp');
  return `blob ${method}${comp ? ` ${comp}` : ''}`;
}

/** The requests `body` made: REST (reads and writes) and to the artifact service, each sorted by name. */
async function counted(body: () => Promise<Job>): Promise<{ job: Job; rest: string[]; service: string[]; reads: number; writes: number }> {
  const [calls, requests] = [d.gh.calls.length, d.results.requests.length];
  const job = await body();
  expect(job.exitCode, job.log).toBe(0);
  const rest = d.gh.calls.slice(calls);
  const service = d.results.requests.slice(requests).filter((r) => !r.includes(' /repos/')); // REST ones came through the API double
  const writes = rest.filter((c) => c.method !== 'GET').length;
  return { job, rest: rest.map(restName).sort(), service: service.map(serviceName).sort(), reads: rest.length - writes, writes };
}

const gateInputs = (suite: string, more: Record<string, string> = {}) => ({ mode: 'compare', suite, 'fail-on-hold': 'false', 'github-token': TOKEN, ...more });
const pr = (number: number) => {
  const event = join(d.root, `pr-${number}.json`);
  const payload = JSON.parse(readFileSync(EVENT_PATH, 'utf8')) as { number: number; pull_request: { number: number; head: { sha: string } } };
  payload.number = number;
  payload.pull_request.number = number;
  payload.pull_request.head.sha = String(number % 10).repeat(40);
  writeFileSync(event, JSON.stringify(payload));
  d.gh.addPull({ number, headSha: payload.pull_request.head.sha, baseSha: '2'.repeat(40) });
  return { GITHUB_EVENT_PATH: event, GITHUB_REF: `refs/pull/${number}/merge` };
};

const BRANCH = 'benchgate-history';
const pushEnv = (sha: string) => ({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: pushEvent, GITHUB_SHA: sha, GITHUB_REF: 'refs/heads/main' });

/** `count` earlier pushes to main that each left the suite's baseline artifact (the artifact trend's history). */
async function artifactHistory(suite: string, summaryFile: string, count: number, branch = 'main'): Promise<void> {
  const dir = mkdtempSync(join(d.root, 'seed-'));
  copyFileSync(summaryFile, join(dir, 'summary.json'));
  for (let i = 1; i <= count; i++) {
    const run = `${suite}-main-${i}`;
    process.env['ACTIONS_RUNTIME_TOKEN'] = runtimeToken(run, 'seed');
    await client.uploadArtifact(`benchgate-${suite}-baseline`, [join(dir, 'summary.json')], dir);
    d.gh.addWorkflowRun({
      id: d.results.runId(run),
      headBranch: branch,
      headSha: `${i.toString(16)}${'a'.repeat(39)}`,
      createdAt: new Date(Date.UTC(2026, 0, i)).toISOString(),
    });
  }
}

/** The suite's file on the history branch with `count` earlier runs of main. */
function branchHistory(suite: string, summaryFile: string, count: number): void {
  const summary = loadSummary(summaryFile, 'benchgate');
  const entry = historyEntry(summary, {}, { branch: 'main', runUrl: null, recordedAt: '2026-01-01T00:00:00Z', fingerprintKeys: [] });
  let history = null;
  for (let i = 1; i <= count; i++) history = addEntry(history, suite, { ...entry, run_id: 5000 + i, commit: `${i.toString(16)}${'b'.repeat(39)}` }).history;
  d.gh.git.seedFile(BRANCH, `${suite}.json`, serializeHistory(history as HistoryFile));
}

function workflowRunEvent(run: string, headSha: string, defaultBranch: string): string {
  const file = join(d.root, `workflow_run-${run}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      action: 'completed',
      workflow_run: {
        id: d.results.runId(run),
        event: 'pull_request',
        conclusion: 'success',
        head_sha: headSha,
        head_branch: 'codemode',
        head_repository: { full_name: 'contributor/benchgate', owner: { login: 'contributor' } },
        pull_requests: [],
        html_url: `https://github.com/octo-org/benchgate/actions/runs/${d.results.runId(run)}`,
        path: '.github/workflows/benchgate.yml',
      },
      repository: { full_name: 'octo-org/benchgate', default_branch: defaultBranch },
    }),
  );
  return file;
}

/** Set BENCHGATE_SHOW_REQUESTS=1 to print each scenario's requests (how the docs' figures were taken). */
const show = (label: string, c: Awaited<ReturnType<typeof counted>>) => {
  if (process.env['BENCHGATE_SHOW_REQUESTS'])
    console.error(label, JSON.stringify({ reads: c.reads, writes: c.writes, service: c.service.length, rest: c.rest, services: c.service }, null, 1));
};
const times = (n: number, names: string[]): string[] => Array.from({ length: n }, () => names).flat();
const sorted = (names: string[]): string[] => [...names].sort();

const CHECK_RUN = ['GET /commits/{ref}/check-runs', 'POST /check-runs', 'PATCH /check-runs/{check_run_id}'];
const COMMENT_CREATED = ['GET /issues/{issue_number}/comments', 'POST /issues/{issue_number}/comments'];
/** The configuration file at the PR's base commit (trusted-config.ts). */
const CONFIG = ['GET /contents/{path}'];
/** This run's artifacts listed once; each role's downloaded by the listed id (the client looks it up by id, then signs). */
const ROLES_DOWNLOADED = ['artifact ListArtifacts', ...times(2, ['artifact ListArtifacts', 'artifact GetSignedArtifactURL', 'blob GET'])];
const REPORT_UPLOADED = ['artifact CreateArtifact', 'blob PUT block', 'blob PUT blocklist', 'artifact FinalizeArtifact'];
/** The artifact trend over `n` earlier runs: the runs, then per run its artifacts listed once and the baseline's zip. */
const artifactTrend = (n: number) => ({
  rest: ['GET /actions/runs', ...times(n, ['GET /actions/runs/{id}/artifacts', 'GET /actions/artifacts/{id}/zip'])],
  service: times(n, ['blob GET']),
});

describe('requests of a gate job (issue 23)', () => {
  it('PR gate with the history branch: 7 REST requests (3 writes) and 11 to the artifact service', async () => {
    const env = pr(61);
    const baseline = await suiteJobs('pr-61', 'branch', env);
    branchHistory('branch', baseline, 10);
    const c = await counted(() => runJob('pr-61', gateInputs('branch', { 'history-branch': BRANCH }), env));
    show('history-branch PR', c);
    expect(c.rest).toEqual(sorted([...CONFIG, ...CHECK_RUN, 'GET /contents/{path}', ...COMMENT_CREATED]));
    expect(c.service).toEqual(sorted([...ROLES_DOWNLOADED, ...REPORT_UPLOADED]));
    expect(c.writes).toBeLessThanOrEqual(3);
    expect(c.rest.length).toBeLessThanOrEqual(12);
    expect(d.gh.comments(61).at(-1)?.body).toContain(
      'x-axis ["1bbbbbb", "2bbbbbb", "3bbbbbb", "4bbbbbb", "5bbbbbb", "6bbbbbb", "7bbbbbb", "8bbbbbb", "9bbbbbb", "abbbbbb", "PR"]',
    );
  });

  it('PR gate with the artifact trend: each earlier run listed once; again with the comment unchanged: no trend at all', async () => {
    const env = pr(62);
    const baseline = await suiteJobs('pr-62', 'art', env);
    await artifactHistory('art', baseline, 10);
    const c = await counted(() => runJob('pr-62', gateInputs('art'), env));
    show('artifact PR', c);
    const trend = artifactTrend(10);
    expect(c.rest).toEqual(sorted([...CONFIG, ...CHECK_RUN, ...trend.rest, ...COMMENT_CREATED]));
    expect(c.service).toEqual(sorted([...ROLES_DOWNLOADED, ...REPORT_UPLOADED, ...trend.service]));
    expect(c.writes).toBe(3);
    expect(d.gh.comments(62).at(-1)?.body).toContain(
      'x-axis ["1aaaaaa", "2aaaaaa", "3aaaaaa", "4aaaaaa", "5aaaaaa", "6aaaaaa", "7aaaaaa", "8aaaaaa", "9aaaaaa", "aaaaaaa", "PR"]',
    );

    // The gate job re-run: the same verdict and numbers, so the comment stays and its trend is not read.
    const again = await counted(() => runJob('pr-62', gateInputs('art'), env));
    show('artifact PR again', again);
    expect(again.job.log).toContain('benchgate: comment unchanged');
    expect(again.rest).toEqual(
      sorted([
        ...CONFIG,
        'GET /commits/{ref}/check-runs',
        'PATCH /check-runs/{check_run_id}',
        'PATCH /check-runs/{check_run_id}',
        'GET /issues/{issue_number}/comments',
      ]),
    );
    // The earlier run's report (the job is re-run) is in this run's listing, so it is replaced (looked up by name, deleted).
    expect(again.service).toEqual(sorted([...ROLES_DOWNLOADED, 'artifact ListArtifacts', 'artifact DeleteArtifact', ...REPORT_UPLOADED]));
  });

  it('push to main with the history branch: the run recorded with one read and one write, and one look for the pull request it merged', async () => {
    const sha = 'c'.repeat(40);
    const baseline = await suiteJobs('push-1', 'push', pushEnv(sha));
    branchHistory('push', baseline, 3);
    const c = await counted(() => runJob('push-1', gateInputs('push', { 'history-branch': BRANCH }), pushEnv(sha)));
    show('push', c);
    expect(c.job.log).toContain('benchgate: history: recorded the baseline of ccccccc');
    // The gate's record: the pull request this push merged (none here), so no check run is read.
    expect(c.rest).toEqual(sorted([...CHECK_RUN, 'GET /contents/{path}', 'PUT /contents/{path}', 'GET /commits/{commit_sha}/pulls']));
    expect(c.service).toEqual(sorted([...ROLES_DOWNLOADED, ...REPORT_UPLOADED]));
  });

  it("publish mode: the triggering run's artifacts listed once, each downloaded by its id", async () => {
    const head = '7'.repeat(40);
    const baseline = await suiteJobs('pub-run', 'pub', pr(63));
    await artifactHistory('pub', baseline, 10, 'pub-main');
    // The PR is based on the newest of those pushes: its trusted baseline is that push run's.
    d.gh.addPull({ number: 163, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: 'a'.repeat(40) });
    const event = workflowRunEvent('pub-run', head, 'pub-main');
    const c = await counted(() =>
      runJob(
        'publisher',
        { mode: 'publish', suite: 'pub', 'github-token': TOKEN },
        { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event, GITHUB_REF: 'refs/heads/main' },
      ),
    );
    show('publish', c);
    expect(c.job.log).toContain('benchgate: pull request #163 (found by search, head 7777777 verified)');
    const trend = artifactTrend(10);
    const download = times(2, ['GET /actions/artifacts/{id}/zip']);
    const pull = ['GET /pulls/{pull_number}', 'GET /pulls']; // the PR the candidate claims (#63, another head) checked, then the head branch searched
    expect(c.rest).toEqual(
      sorted([
        'GET /actions/runs/{id}/artifacts',
        // The trusted baseline: the default branch's push run at the PR's base commit, found among the
        // workflow's own runs (issue 43) and its artifacts listed.
        'GET /actions/workflows/{workflow_id}/runs',
        'GET /actions/runs/{id}/artifacts',
        ...download,
        ...pull,
        'GET /actions/runs/{run_id}/jobs',
        ...CHECK_RUN,
        ...trend.rest,
        ...COMMENT_CREATED,
      ]),
    );
    expect(c.service).toEqual(sorted([...times(2, ['blob GET']), ...trend.service]));
    expect(c.writes).toBe(3);
  });
});
