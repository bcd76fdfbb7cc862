// Publishing on the pull request against the GitHub REST double (every request body validated
// against GitHub's OpenAPI description) and the artifact service double behind it: the setup, and
// the publish job's fork-safe scenario, written once and played by two harnesses (see hold-chain.ts):
// the bundle through action.yml (e2e/action-publish.test.ts) and runAction in process
// (integration/action/publish.test.ts, which adds the other scenarios on the same setup).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import type { GitHubApiDouble } from '../../doubles/github-api.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { startWorkflowDoubles, stopWorkflowDoubles, suiteCommand } from '../action-jobs.js';
import type { JobOf } from './hold-chain.js';

export const TOKEN = 'ghs_test_token';
export const HEAD = '1111111111111111111111111111111111111111'; // the pull_request fixture's head
export const MARKER = '<!-- benchgate:v1 gate=demo -->';
export const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };

/** The doubles (started before the caller's own hooks), the suites' run, the gate job and the bot's comments. */
export function publishSetup(job: JobOf) {
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

  return {
    get doubles() {
      return { results, gh, root };
    },
    nextRun: () => ++runs,
    suites,
    gate,
    botComments,
  };
}

/**
 * The publish job's scenario (workflow_run of a fork's pull request): declares its test and returns
 * the event writer and the publish job for the caller's own tests in the same describe.
 */
export function forkPublish(job: JobOf, setup: ReturnType<typeof publishSetup>) {
  const { suites, botComments } = setup;
  const FORK_HEAD = '4444444444444444444444444444444444444444';

  function workflowRunEvent(run: string, pullRequests: number[] = [], conclusion = 'failure'): string {
    const { results, root } = setup.doubles;
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

  const publish = (run: string, event: string) => {
    const { results, gh, root } = setup.doubles;
    return job(results, root, 'publish', `publisher-${run}`).run(
      { mode: 'publish', suite: 'demo', 'github-token': TOKEN },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event },
    );
  };

  it('verifies the PR the artifact claims through the API, then comments and checks the head commit', async () => {
    const { results, gh } = setup.doubles;
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

  return { FORK_HEAD, workflowRunEvent, publish };
}
