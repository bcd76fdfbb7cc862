// Publishing on the pull request, end to end: the gate job (mode: compare) and the fork-safe publish
// job (mode: publish, on workflow_run) as child processes of the committed dist/index.js, through
// action.yml, against the GitHub REST double (every request body validated against GitHub's OpenAPI
// description) and the artifact service double behind it. Only what needs the bundle: the REST
// client as index.ts builds it (the throttling plugin waits out a real `retry-after: 1`), and the
// publish mode's wiring (the same test runs in process too). The other scenarios run in process:
// unit/action/publish.test.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubApiDouble } from '../doubles/github-api.js';
import type { ResultsServiceDouble } from '../doubles/results-service.js';
import { job, startWorkflowDoubles, stopWorkflowDoubles, suiteCommand } from '../helpers/action-jobs.js';

const TOKEN = 'ghs_test_token';
const HEAD = '1111111111111111111111111111111111111111'; // the pull_request fixture's head
const MARKER = '<!-- benchgate:v1 gate=demo -->';
const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };

let results: ResultsServiceDouble;
let gh: GitHubApiDouble;
let root: string;
let runs = 0;

beforeAll(async () => {
  ({ results, gh, root } = await startWorkflowDoubles(TOKEN, 'benchgate-publish-'));
  gh.addPull({ number: 42, headSha: HEAD, headRepo: 'octo-org/benchgate' });
});
afterAll(() => stopWorkflowDoubles({ results, gh, root }));
afterEach(() => {
  expect(gh.invalidCalls(), "requests that GitHub's OpenAPI description rejects").toEqual([]);
});

/** Baseline (tool_call) and candidate (codemode, one regression: hold) uploaded in a fresh run. */
async function suites(candidate: 'tool_call' | 'codemode' = 'codemode'): Promise<string> {
  const run = `pub-run-${++runs}`;
  for (const [role, strategy] of [
    ['baseline', 'tool_call'],
    ['candidate', candidate],
  ] as const) {
    const r = await job(results, root, role, run).run({ mode: 'run', suite: 'demo', role, command: suiteCommand(strategy) });
    expect(r.exitCode, r.log).toBe(0);
  }
  return run;
}

const gate = (run: string, inputs: Record<string, string> = {}) =>
  job(results, root, 'gate', run).run({ mode: 'compare', suite: 'demo', 'github-token': TOKEN, ...inputs }, { GITHUB_API_URL: gh.url });

const botComments = (issue: number) => gh.comments(issue).filter((c) => c.body.includes(MARKER) && c.user.login === BOT.login);

describe('the gate job of a same-repository pull request', () => {
  it('rides out a secondary rate limit and a 502, and turns a refused comment into a warning', async () => {
    const run = await suites();
    gh.failNext(
      { method: 'POST', path: /\/check-runs$/ },
      {
        status: 403,
        headers: { 'retry-after': '1' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      },
    );
    gh.failNext({ method: 'GET', path: /\/issues\/42\/comments$/ }, { status: 502, body: { message: 'Server Error' } });
    gh.failNext(
      { method: 'PATCH', path: /\/issues\/comments\/\d+$/ },
      {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }],
        },
      },
    );
    gh.failNext({ method: 'POST', path: /\/issues\/42\/comments$/ }, { status: 422, body: { message: 'Validation Failed' } });
    const result = await gate(run, { comment: 'always', 'check-name': 'bench gate' });
    expect(result.log).toContain('GitHub secondary rate limit on POST');
    expect(result.log).toMatch(/::warning::benchgate: GitHub refused the comment \(HTTP 422: Validation Failed/);
    expect(gh.checkRuns().filter((c) => c.name === 'bench gate')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
    expect(result.outputs['verdict']).toBe('hold');
  });
});

describe('the publish job (workflow_run, fork-safe)', () => {
  const FORK_HEAD = '4444444444444444444444444444444444444444';

  function workflowRunEvent(run: string, pullRequests: number[] = [], conclusion = 'failure'): string {
    const file = join(root, `workflow_run-${run}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        action: 'completed',
        workflow_run: {
          id: results.runId(run),
          event: 'pull_request',
          conclusion,
          head_sha: FORK_HEAD,
          head_branch: 'codemode',
          head_repository: { full_name: 'contributor/benchgate', owner: { login: 'contributor' } },
          pull_requests: pullRequests.map((number) => ({ number })),
          html_url: `https://github.com/octo-org/benchgate/actions/runs/${results.runId(run)}`,
        },
      }),
    );
    return file;
  }

  const publish = (run: string, event: string) =>
    job(results, root, 'publish', `publisher-${run}`).run(
      { mode: 'publish', suite: 'demo', 'github-token': TOKEN },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event },
    );

  it('verifies the PR the artifact claims through the API, then comments and checks the head commit', async () => {
    const run = await suites(); // the candidate's metadata claims PR 42 (the pull_request fixture)
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate' });
    const result = await publish(run, workflowRunEvent(run));
    expect(result.exitCode, result.log).toBe(0);
    // 42's head is another commit, so the claim is refused; the search by head branch finds 142.
    expect(result.log).toContain('benchgate: pull request #142 (found by search, head 4444444 verified)');
    expect(result.outputs['pull-request']).toBe('142');
    expect(botComments(142)).toHaveLength(1);
    expect(gh.checkRuns().filter((c) => c.head_sha === FORK_HEAD)).toEqual([
      expect.objectContaining({ name: 'benchgate (demo)', status: 'completed', conclusion: 'failure' }),
    ]);
    expect(gh.calls.some((c) => c.forwarded && c.path.includes(`/actions/runs/${results.runId(run)}/artifacts`))).toBe(true);
  });
});
