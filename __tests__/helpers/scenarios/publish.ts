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

export const BASE = '2222222222222222222222222222222222222222'; // the pull_request fixture's base
export const WORKFLOW = '.github/workflows/benchgate.yml';

/**
 * The publish job's scenario (workflow_run of a fork's pull request): main's push run of the PR's
 * base commit measured the baseline (the trusted one); the fork's run uploads the candidate (and a
 * baseline publish never takes). Declares its test and returns the runs' writers and the publish job
 * for the caller's own tests in the same describe.
 */
export function forkPublish(job: JobOf, setup: ReturnType<typeof publishSetup>) {
  const { botComments } = setup;
  const FORK_HEAD = '4444444444444444444444444444444444444444';
  let runs = 0;

  /** A pull_request event of the fork's PR (number `claimed`, what the candidate's stamps say) at `head`. */
  function prEvent(head = FORK_HEAD, claimed = 42): string {
    const file = join(setup.doubles.root, `pr-${++runs}.json`);
    const repo = (full_name: string) => ({ full_name });
    writeFileSync(
      file,
      JSON.stringify({
        number: claimed,
        pull_request: {
          number: claimed,
          head: { sha: head, ref: 'codemode', repo: repo('contributor/benchgate') },
          base: { sha: BASE, ref: 'main', repo: repo('octo-org/benchgate') },
        },
        repository: { full_name: 'octo-org/benchgate', default_branch: 'main' },
      }),
    );
    return file;
  }

  /** main's push run of `commit` (default the PR's base): the baseline job of gate.yml, the suite once; listed by the API as a success. */
  async function mainRun(
    commit = BASE,
    strategy: 'tool_call' | 'codemode' = 'tool_call',
    more: { path?: string; event?: string; createdAt?: string } = {},
  ): Promise<number> {
    const { results, gh, root } = setup.doubles;
    const run = `main-run-${++runs}`;
    const event = join(root, `push-${run}.json`);
    writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: commit, repository: { full_name: 'octo-org/benchgate', default_branch: 'main' } }));
    const r = await job(results, root, 'baseline', run).run(
      { mode: 'run', suite: 'demo', role: 'baseline', command: suiteCommand(strategy) },
      { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_SHA: commit, GITHUB_REF: 'refs/heads/main', GITHUB_RUN_ID: String(results.runId(run)) },
    );
    expect(r.exitCode, r.log).toBe(0);
    gh.addWorkflowRun({
      id: results.runId(run),
      headSha: commit,
      event: more.event ?? 'push',
      ...(more.path ? { path: more.path } : {}),
      ...(more.createdAt ? { createdAt: more.createdAt } : {}),
    });
    return results.runId(run);
  }

  /** The fork's pull_request run: its baseline and candidate jobs, stamped as gate.yml's would be (the PR's head and base, the run's id). */
  async function forkRun(candidate: 'tool_call' | 'codemode' = 'codemode', o: { baseline?: 'tool_call' | 'codemode'; head?: string } = {}): Promise<string> {
    const { results, root } = setup.doubles;
    const run = `fork-run-${++runs}`;
    const event = prEvent(o.head ?? FORK_HEAD);
    for (const [role, strategy] of [
      ['baseline', o.baseline ?? 'tool_call'],
      ['candidate', candidate],
    ] as const) {
      const r = await job(results, root, role, run).run(
        { mode: 'run', suite: 'demo', role, command: suiteCommand(strategy) },
        { GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: String(results.runId(run)) },
      );
      expect(r.exitCode, r.log).toBe(0);
    }
    return run;
  }

  function workflowRunEvent(
    run: string,
    pullRequests: number[] = [],
    conclusion = 'failure',
    more: { path?: string; headRepo?: string; head?: string; createdAt?: string } = {},
  ): string {
    const { results, root } = setup.doubles;
    const file = join(root, `workflow_run-${run}-${++runs}.json`);
    const headRepo = more.headRepo ?? 'contributor/benchgate';
    writeFileSync(
      file,
      JSON.stringify({
        action: 'completed',
        workflow_run: {
          id: results.runId(run),
          event: 'pull_request',
          conclusion,
          head_sha: more.head ?? FORK_HEAD,
          head_branch: 'codemode',
          head_repository: { full_name: headRepo, owner: { login: headRepo.split('/')[0] } },
          pull_requests: pullRequests.map((number) => ({ number })),
          html_url: `https://github.com/octo-org/benchgate/actions/runs/${results.runId(run)}`,
          path: more.path ?? WORKFLOW,
          ...(more.createdAt ? { created_at: more.createdAt } : {}),
        },
        repository: { full_name: 'octo-org/benchgate', default_branch: 'main' },
      }),
    );
    return file;
  }

  const publish = (run: string, event: string, inputs: Record<string, string> = {}) => {
    const { results, gh, root } = setup.doubles;
    return job(results, root, 'publish', `publisher-${run}-${++runs}`).run(
      { mode: 'publish', suite: 'demo', 'github-token': TOKEN, ...inputs },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event },
    );
  };

  /** The check run of the fork's head: the newest. */
  const forkCheck = () =>
    setup.doubles.gh
      .checkRuns()
      .filter((c) => c.head_sha === FORK_HEAD && c.name === 'benchgate (demo)')
      .at(-1);

  /** The newest check run of a head commit (default the fork's), of any name. */
  const headCheck = (head = FORK_HEAD) =>
    setup.doubles.gh
      .checkRuns()
      .filter((c) => c.head_sha === head)
      .at(-1);

  let mainRunId = 0;
  beforeAll(async () => {
    mainRunId = await mainRun();
  });

  it("verifies the PR the artifact claims through the API, takes the baseline from main's run, then comments and checks the head commit", async () => {
    const { results, gh } = setup.doubles;
    const run = await forkRun(); // the candidate's metadata claims PR 42
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    const result = await publish(run, workflowRunEvent(run));
    expect(result.exitCode, result.log).toBe(0);
    // 42's head is another commit, so the claim is refused; the search by head branch finds 142.
    expect(result.log).toContain('benchgate: pull request #142 (found by search, head 4444444 verified)');
    expect(result.log).toContain(
      `benchgate: the baseline of base commit 2222222 comes from the push run ${mainRunId} on main (https://github.com/octo-org/benchgate/actions/runs/${mainRunId})`,
    );
    expect(result.outputs['pull-request']).toBe('142');
    expect(botComments(142)).toHaveLength(1);
    expect(forkCheck()).toEqual(expect.objectContaining({ status: 'completed', conclusion: 'failure' }));
    // The run failed (its gate job holds too): the title gives the comparison's reasons first.
    expect(forkCheck()?.output?.title).toBe('Hold (failed gates: completion_regressions; findings: guardrail-rise; the triggering run ended with failure)');
    expect(gh.calls.some((c) => c.forwarded && c.path.includes(`/actions/runs/${results.runId(run)}/artifacts`))).toBe(true);
    expect(gh.calls.some((c) => c.forwarded && c.path.includes(`/actions/runs/${mainRunId}/artifacts`))).toBe(true);
  });

  return { FORK_HEAD, workflowRunEvent, publish, forkRun, mainRun, forkCheck, headCheck, prEvent, mainRunId: () => mainRunId };
}
