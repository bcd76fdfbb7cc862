// The required check `benchgate (<suite>)` exists and ends in every path (issue 18, item 6): an
// invalid input or configuration in compare and publish still completes it as a failure that says
// what is wrong (and the comment says it too); a check run that cannot be created or completed fails
// the step; a refused write says what GitHub refused it for. In process (runAction with a recording
// io) against the REST double: every request judged by GitHub's OpenAPI description.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';

const TOKEN = 'ghs_test_token';
const HEAD = '1'.repeat(40); // the pull_request fixture's head
const BASE = '2'.repeat(40); // and its base
const FORK_HEAD = '4'.repeat(40);
let gh: GitHubApiDouble;
const dirs: string[] = [];

beforeAll(async () => {
  gh = await startGitHubApi({ token: TOKEN });
  gh.addPull({ number: 42, headSha: HEAD, headRepo: 'octo-org/benchgate' });
});
afterAll(async () => {
  await gh.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  expect(gh.invalidCalls(), "requests that GitHub's OpenAPI description rejects").toEqual([]);
});

function workspace(): string {
  const dir = demoWorkspace();
  dirs.push(dir);
  return dir;
}

const checks = (name: string) => gh.checkRuns().filter((c) => c.name === name);
const commentOf = (issue: number, suite: string) => gh.comments(issue).find((c) => c.body.startsWith(`<!-- benchgate:v1 gate=${suite} -->\n`));

describe('compare: invalid inputs or configuration', () => {
  it('an invalid configuration completes the check run as a failure and the comment says why', async () => {
    const ws = workspace();
    // The gate reads the PR's base commit's configuration (the fixture's base, 222…): the double serves
    // it under that name, and the PR's own copy in the workspace is valid and not used.
    gh.git.seedFile(BASE, '.github/benchgate.yml', 'min_reward_delta: lots\n');
    mkdirSync(join(ws, '.github'));
    writeFileSync(join(ws, '.github', 'benchgate.yml'), 'min_reward_delta: 0\n');
    const r = await runInProcess(gh.url, ws, { mode: 'compare', suite: 'cfg', 'github-token': TOKEN, baseline: 'baseline.json', candidate: 'candidate.json' });
    expect(r.exitCode).toBe(1);
    expect(checks('benchgate (cfg)')).toEqual([expect.objectContaining({ head_sha: HEAD, status: 'completed', conclusion: 'failure' })]);
    const check = checks('benchgate (cfg)')[0];
    expect(check?.output?.title).toBe('benchgate could not decide');
    expect(check?.output?.summary).toContain('benchgate.yml (base commit 2222222): line 1, column 19: "min_reward_delta": expected number, received string');
    expect(commentOf(42, 'cfg')?.body).toContain('benchgate could not decide');
    expect(commentOf(42, 'cfg')?.body).toContain('"min_reward_delta": expected number');
    // The double is shared by the file's tests: the base commit's file is valid again for the next.
    gh.git.seedFile(BASE, '.github/benchgate.yml', 'min_reward_delta: 0\n');
  });

  it('an invalid input does too, under the check name the inputs give; check-name: off makes none', async () => {
    const r = await runInProcess(gh.url, workspace(), { mode: 'compare', suite: 'inp', 'github-token': TOKEN, decide: 'maybe', 'check-name': 'bench gate' });
    expect(r.exitCode).toBe(1);
    expect(checks('bench gate')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
    expect(checks('bench gate')[0]?.output?.summary).toContain('input "decide": expected one of point, significant');
    const before = gh.checkRuns().length;
    const off = await runInProcess(gh.url, workspace(), {
      mode: 'compare',
      suite: 'inp',
      'github-token': TOKEN,
      decide: 'maybe',
      'check-name': 'off',
      comment: 'off',
    });
    expect(off.exitCode).toBe(1);
    expect(gh.checkRuns()).toHaveLength(before);
  });

  it('without a token nothing is attempted, and the step still fails with the message', async () => {
    const calls = gh.calls.length;
    const r = await runInProcess(gh.url, workspace(), { mode: 'compare', suite: 'tok', decide: 'maybe' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain('input "decide"');
    expect(gh.calls.length).toBe(calls);
  });
});

describe('publish: invalid inputs', () => {
  it("puts the failure on the triggering run's head commit and on the PR found through the API", async () => {
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate' });
    const ws = workspace();
    const event = join(ws, 'workflow_run.json');
    writeFileSync(
      event,
      JSON.stringify({
        action: 'completed',
        workflow_run: {
          id: 555,
          event: 'pull_request',
          conclusion: 'success',
          head_sha: FORK_HEAD,
          head_branch: 'codemode',
          head_repository: { full_name: 'contributor/benchgate', owner: { login: 'contributor' } },
          pull_requests: [],
        },
      }),
    );
    const r = await runInProcess(
      gh.url,
      ws,
      { mode: 'publish', suite: 'pub', 'github-token': TOKEN, confidence: '2' },
      { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event },
    );
    expect(r.exitCode).toBe(1);
    expect(checks('benchgate (pub)')).toEqual([expect.objectContaining({ head_sha: FORK_HEAD, status: 'completed', conclusion: 'failure' })]);
    expect(commentOf(142, 'pub')?.body).toContain('input "confidence"');
  });
});

describe('a check run that cannot be created or completed fails the step; a 403 says what it is', () => {
  it('completion refused (no checks: write): the step fails and says the check stays in progress', async () => {
    gh.failNext(
      { method: 'PATCH', path: /\/check-runs\/\d+$/ },
      { status: 403, headers: { 'x-accepted-github-permissions': 'checks=write' }, body: { message: 'Resource not accessible by integration' } },
    );
    const r = await runInProcess(gh.url, workspace(), {
      mode: 'compare',
      suite: 'stuck',
      'github-token': TOKEN,
      baseline: 'baseline.json',
      candidate: 'candidate.json',
      'fail-on-hold': 'false',
      comment: 'off',
    });
    expect(r.exitCode, r.log).toBe(1);
    expect(r.log).toContain('the check run "benchgate (stuck)" could not be completed and stays in progress');
    expect(r.log).toContain('the token is read-only, as on a pull request from a fork'); // the fixture's PR is from a fork
  });

  it('creation refused by a secondary rate limit: the step fails and says it is a rate limit, not a read-only token', async () => {
    gh.failNext(
      { method: 'POST', path: /\/check-runs$/ },
      {
        status: 403,
        headers: { 'retry-after': '60' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      },
    );
    const r = await runInProcess(gh.url, workspace(), {
      mode: 'compare',
      suite: 'limited',
      'github-token': TOKEN,
      baseline: 'baseline.json',
      candidate: 'candidate.json',
      'fail-on-hold': 'false',
      comment: 'off',
    });
    expect(r.exitCode, r.log).toBe(1);
    expect(r.log).toContain('the check run "benchgate (limited)" could not be created: GitHub\'s rate limit refused the check run after the retries');
    expect(r.log).not.toContain('read-only');
    expect(gh.statuses().filter((s) => s.context === 'benchgate (limited)')).toEqual([]); // no fallback on a rate limit
  });

  it('a token without the permission on a same-repository PR: names the permission GitHub asks for', async () => {
    const ws = workspace();
    const event = join(ws, 'same-repo.json');
    writeFileSync(
      event,
      JSON.stringify({
        number: 42,
        pull_request: {
          number: 42,
          head: { sha: HEAD, repo: { full_name: 'octo-org/benchgate' } },
          base: { sha: '2'.repeat(40), ref: 'main', repo: { full_name: 'octo-org/benchgate' } },
        },
      }),
    );
    gh.failNext(
      { method: 'POST', path: /\/issues\/42\/comments$/ },
      {
        status: 403,
        headers: { 'x-accepted-github-permissions': 'issues=write; pull_requests=write' },
        body: { message: 'Resource not accessible by integration' },
      },
    );
    const r = await runInProcess(
      gh.url,
      ws,
      {
        mode: 'compare',
        suite: 'perm',
        'github-token': TOKEN,
        baseline: 'baseline.json',
        candidate: 'candidate.json',
        'fail-on-hold': 'false',
        comment: 'always',
        trend: '0',
      },
      { GITHUB_EVENT_PATH: event },
    );
    expect(r.exitCode, r.log).toBe(0); // a refused comment is a warning: the check run carries the verdict
    expect(r.log).toContain(
      'cannot post the comment (HTTP 403: Resource not accessible by integration): the token lacks the permission; GitHub asks for issues=write; pull_requests=write',
    );
    expect(checks('benchgate (perm)')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
  });
});
