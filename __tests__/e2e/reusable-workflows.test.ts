// The repository's two callers and the reusable workflows they call (gate.yml, publish.yml), played
// as GitHub plays them (helpers/workflow-player.ts: GitHub's parser and expression engine, the
// committed dist/ behind action.yml, only the services doubled), on pull requests whose base and head
// are real commits of a git repository made here: a push to main that measures the baseline, a PR
// that promotes (reusing that baseline), one that regresses, a fork's PR, a re-run of publish, a
// private repository, and a PR for which the gate workflow does not run. Through all of them the
// required check `benchgate (demo)` is on the head commit, completed, and never left in progress.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startWorkflowDoubles, stopWorkflowDoubles, type WorkflowDoubles } from '../helpers/action-jobs.js';
import { REPO_ROOT } from '../helpers/composite.js';
import { octokitClient, TEST_TOKEN } from '../helpers/octokit-client.js';
import { type PlayEvent, playWorkflow, type PlayWorld, type WorkflowPlay } from '../helpers/workflow-player.js';
import { commit, suiteAt } from '../helpers/workflow-repo.js';
import { unzip } from '../helpers/zip.js';

const GATE_CALLER = readFileSync(join(REPO_ROOT, '.github', 'workflows', 'benchgate.yml'), 'utf8');
const PUBLISH_CALLER = readFileSync(join(REPO_ROOT, '.github', 'workflows', 'benchgate-publish.yml'), 'utf8');
const CHECK = 'benchgate (demo)';
const REPO = 'octo-org/benchgate';
const TIMEOUT = 900_000;

let d: WorkflowDoubles;
let world: PlayWorld;
const sha: Record<string, string> = {};
let runs = 0;
let pushPlay: WorkflowPlay;

beforeAll(async () => {
  d = await startWorkflowDoubles(TEST_TOKEN, 'benchgate-workflows-');
  const git = join(d.root, 'repo');
  mkdirSync(git);
  sha['main'] = commit(git, 'main', null, { 'examples/suite/run-suite.mjs': suiteAt('tool_call'), 'README.md': 'agent\n' });
  sha['promote'] = commit(git, 'promote', 'main', { 'agent.txt': 'a prompt that changes nothing measurable\n' });
  sha['regress'] = commit(git, 'regress', 'main', { 'examples/suite/run-suite.mjs': suiteAt('codemode') });
  sha['docs'] = commit(git, 'docs', 'main', { 'README.md': 'agent, documented\n' });
  sha['flaky'] = commit(git, 'flaky', 'main', { 'agent.txt': 'another prompt\n' });
  sha['killed'] = commit(git, 'killed', 'main', { 'agent.txt': 'a third prompt\n' });
  // A base branch whose configuration asks for rlm-code's exact gates, and a PR on it.
  sha['main-point'] = commit(git, 'main-point', 'main', { '.github/benchgate.yml': 'version: 1\ndecide: point\n' });
  sha['on-point'] = commit(git, 'on-point', 'main-point', { 'agent.txt': 'a prompt judged by the point gates\n' });
  sha['private'] = commit(git, 'private', 'main', { 'agent.txt': 'a prompt of a private repository\n' });
  world = { results: d.results, gh: d.gh, root: d.root, git, defaultSha: sha['main'] as string };
  // Every PR's trusted baseline: the push to main, measured once (each test reads it, none makes it).
  pushPlay = await playWorkflow(GATE_CALLER, world, {
    name: 'push',
    payload: { ref: 'refs/heads/main', after: sha['main'], repository },
    sha: sha['main'] as string,
    ref: 'refs/heads/main',
    run: 'push-main',
  });
  d.gh.addWorkflowRun({ id: d.results.runId('push-main'), headSha: sha['main'] as string, headBranch: 'main', event: 'push' });
});
afterAll(() => stopWorkflowDoubles(d));
afterEach(() => {
  expect(d.gh.invalidCalls(), "requests GitHub's OpenAPI description rejects").toEqual([]);
  expect(
    d.gh.checkRuns().filter((c) => c.status !== 'completed'),
    'a check run left in progress',
  ).toEqual([]);
});

const repository = { full_name: REPO, default_branch: 'main', private: false };
function pullRequest(number: number, head: string, fork: boolean, base = 'main') {
  return {
    number,
    pull_request: {
      number,
      head: { sha: sha[head], ref: head, repo: { full_name: fork ? 'contributor/benchgate' : REPO, fork } },
      base: { sha: sha[base], ref: base, repo: { full_name: REPO, fork: false } },
    },
    repository,
  };
}

interface Pr {
  number: number;
  head: string;
  fork?: boolean;
  /** The base branch (default main). */
  base?: string;
}
/** pull_request_target on the publish caller: the check is put on the new head commit at once. */
const expectCheck = (pr: Pr, caller = PUBLISH_CALLER) =>
  playWorkflow(caller, world, {
    name: 'pull_request_target',
    payload: { action: 'synchronize', ...pullRequest(pr.number, pr.head, pr.fork ?? false) },
    sha: sha['main'] as string,
    ref: 'refs/heads/main',
    run: `expect-${++runs}`,
  });

/** The gate caller on pull_request (a fork's run: read-only token, no secrets). */
async function gate(pr: Pr, caller = GATE_CALLER, changed?: string[], rerun?: string): Promise<[WorkflowPlay, string]> {
  const run = rerun ?? `gate-${++runs}`;
  const event: PlayEvent = {
    name: 'pull_request',
    payload: { action: 'synchronize', ...pullRequest(pr.number, pr.head, pr.fork ?? false, pr.base) },
    sha: sha[pr.head] as string,
    ref: `refs/pull/${pr.number}/merge`,
    run,
    attempt: rerun ? 2 : 1,
    readOnlyToken: pr.fork ?? false,
    ...(changed ? { changed } : {}),
  };
  const play = await playWorkflow(caller, world, event);
  if (play.triggered)
    d.gh.addJobs(
      d.results.runId(run),
      play.jobs.map((j) => ({ name: j.name, conclusion: j.result })),
    );
  return [play, run];
}

/** The publish caller on workflow_run of the finished gate run. */
function publish(pr: Pr, run: string, conclusion: string, attempt = 1, caller = PUBLISH_CALLER, cancel?: PlayEvent['cancel']) {
  const fork = pr.fork ?? false;
  return playWorkflow(caller, world, {
    name: 'workflow_run',
    payload: {
      action: 'completed',
      workflow: { name: 'benchgate' },
      workflow_run: {
        id: d.results.runId(run),
        name: 'benchgate',
        event: 'pull_request',
        conclusion,
        head_sha: sha[pr.head],
        head_branch: pr.head,
        head_repository: { full_name: fork ? 'contributor/benchgate' : REPO, owner: { login: fork ? 'contributor' : 'octo-org' } },
        pull_requests: fork ? [] : [{ number: pr.number }],
        html_url: `https://github.com/${REPO}/actions/runs/${d.results.runId(run)}`,
        path: '.github/workflows/benchgate.yml',
      },
      repository,
    },
    sha: sha['main'] as string,
    ref: 'refs/heads/main',
    run: `publish-${++runs}`,
    attempt,
    ...(cancel ? { cancel } : {}),
  });
}

const checksOn = (head: string) => d.gh.checkRuns().filter((c) => c.head_sha === sha[head] && c.name === CHECK);
const job = (play: WorkflowPlay, prefix: string) => play.jobs.filter((j) => j.name.startsWith(prefix));
const logOf = (play: WorkflowPlay, prefix: string) =>
  job(play, prefix)
    .flatMap((j) => j.steps.map((s) => s.log))
    .join('\n');
/** The gate job's JSON report of a run: `decision` is there under decide: significant only. */
const reportOf = (run: string) =>
  JSON.parse(
    unzip(d.results.artifacts(run).get('benchgate-demo-report')?.bytes as Buffer)
      .get('benchgate-report.json')
      ?.toString() ?? '{}',
  ) as {
    verdict: string;
    decision?: string;
  };
const bot = (n: number) => d.gh.comments(n).filter((c) => c.body.includes('<!-- benchgate:v1 gate=demo -->'));

describe('the reusable workflows, played', () => {
  it(
    'a push to main measures the baseline; a PR that promotes reuses it and gets a passing required check',
    async () => {
      const push = pushPlay;
      // The suite runs once on a push: the baseline, which the gate job records; there is no candidate to compare.
      expect(push.jobs.map((j) => [j.name, j.result])).toEqual([
        ['benchgate / plan', 'success'],
        ['benchgate / suite (baseline, )', 'success'],
        ['benchgate / round-2', 'skipped'],
        ['benchgate / round-3', 'skipped'],
        ['benchgate / gate', 'success'],
      ]);
      expect(logOf(push, 'benchgate / gate')).toContain('measured the baseline of');

      const pr = { number: 7, head: 'promote' };
      d.gh.addPull({ number: 7, headSha: sha['promote'] as string, headRef: 'promote', headRepo: REPO, baseSha: sha['main'] as string });
      const expectPlay = await expectCheck(pr);
      expect(expectPlay.jobs.map((j) => [j.name, j.result])).toEqual([
        ['publish / expect', 'success'],
        ['publish / publish', 'skipped'],
      ]);
      expect(checksOn('promote')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'action_required' })]);

      const [play, run] = await gate(pr);
      expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
        ['benchgate / plan', 'success'],
        ['benchgate / suite (baseline, )', 'success'],
        ['benchgate / suite (candidate, )', 'success'],
        ['benchgate / round-2', 'skipped'],
        ['benchgate / round-3', 'skipped'],
        ['benchgate / gate', 'success'],
      ]);
      // The baseline was not run again: the push run's artifact for the base commit was taken.
      expect(logOf(play, 'benchgate / suite (baseline')).toMatch(new RegExp(`reus\\w+ .*${d.results.runId('push-main')}`));
      expect(job(play, 'benchgate / gate')[0]?.steps.at(-1)?.outputs['verdict']).toBe('promote');
      // No decide input and no configuration file: the workflows' default, the paired tests.
      expect(reportOf(run)).toMatchObject({ verdict: 'promote', decision: 'significant' });

      const published = await publish(pr, run, 'success');
      expect(published.jobs.map((j) => [j.name, j.result])).toEqual([
        ['publish / expect', 'skipped'],
        ['publish / publish', 'success'],
      ]);
      expect(checksOn('promote')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'success' })]);
      // The required check's baseline is the push run's, found through the API, not the PR run's copy of it.
      expect(logOf(published, 'publish / publish')).toContain(`comes from the push run ${d.results.runId('push-main')} on main`);
      expect(bot(7)).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'a PR that regresses: the gate job fails (and again when re-run), the check fails; a re-run of publish updates the same check and comment',
    async () => {
      const pr = { number: 8, head: 'regress' };
      d.gh.addPull({ number: 8, headSha: sha['regress'] as string, headRef: 'regress', headRepo: REPO, baseSha: sha['main'] as string });
      await expectCheck(pr);
      const [first, run] = await gate(pr);
      expect(job(first, 'benchgate / gate')[0]?.result).toBe('failure');
      // Re-run all jobs (attempt 2 of the same run): each job replaces its artifact, and the gate holds again.
      const [play] = await gate(pr, GATE_CALLER, undefined, run);
      expect(play.jobs.map((j) => [j.name, j.result])).toEqual(first.jobs.map((j) => [j.name, j.result]));
      expect([...d.results.artifacts(run).keys()].sort()).toEqual(['benchgate-demo-baseline', 'benchgate-demo-candidate', 'benchgate-demo-report']);
      expect(logOf(play, 'benchgate / gate')).toMatch(/hold/i);
      await publish(pr, run, 'failure');
      expect(checksOn('regress')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
      const id = checksOn('regress')[0]?.id;
      await publish(pr, run, 'failure', 2);
      expect(checksOn('regress')).toEqual([expect.objectContaining({ id, status: 'completed', conclusion: 'failure' })]);
      expect(bot(8)).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    "a fork's PR: its run has a read-only token and no secrets; publish finds the PR through the API and checks the head",
    async () => {
      const pr = { number: 9, head: 'regress', fork: true };
      // A second PR on the same head commit would confuse nothing: the fork's head repository decides.
      d.gh.addPull({ number: 9, headSha: sha['regress'] as string, headRef: 'regress', headRepo: 'contributor/benchgate', baseSha: sha['main'] as string });
      const [play, run] = await gate(pr);
      expect(job(play, 'benchgate / suite').map((j) => j.result)).toEqual(['success', 'success']);
      expect(job(play, 'benchgate / gate')[0]?.result).toBe('failure');
      await publish(pr, run, 'failure');
      expect(bot(9)).toHaveLength(1);
      expect(checksOn('regress').map((c) => [c.status, c.conclusion])).toEqual([['completed', 'failure']]);
    },
    TIMEOUT,
  );

  it(
    "a publish job whose check run GitHub refuses to complete: the job's last step completes it, failed, never left in progress",
    async () => {
      const pr = { number: 12, head: 'flaky' };
      d.gh.addPull({ number: 12, headSha: sha['flaky'] as string, headRef: 'flaky', headRepo: REPO, baseSha: sha['main'] as string });
      const [, run] = await gate(pr);
      d.gh.failNext({ method: 'PATCH', path: /\/check-runs\/\d+$/ }, { status: 422, body: { message: 'Validation Failed' } });
      const play = await publish(pr, run, 'success');
      const steps = job(play, 'publish / publish')[0]?.steps ?? [];
      expect(steps.map((st) => st.outcome)).toEqual(['success', 'success', 'failure', 'success']);
      expect(steps[2]?.log).toContain('could not be completed and stays in progress');
      expect(checksOn('flaky')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
    },
    TIMEOUT,
  );

  it(
    'a publish job cancelled (or timed out) while benchgate decides: its last step completes the check as cancelled',
    async () => {
      const pr = { number: 14, head: 'killed' };
      d.gh.addPull({ number: 14, headSha: sha['killed'] as string, headRef: 'killed', headRepo: REPO, baseSha: sha['main'] as string });
      const [, run] = await gate(pr);
      // What a killed benchgate step leaves: the check it started, in progress.
      const [owner, repo] = REPO.split('/') as [string, string];
      await octokitClient(d.gh.url, []).rest.checks.create({ owner, repo, name: CHECK, head_sha: sha['killed'] as string, status: 'in_progress' });
      expect(checksOn('killed').map((c) => c.status)).toEqual(['in_progress']);
      const play = await publish(pr, run, 'success', 3, PUBLISH_CALLER, { job: 'publish', step: 2 });
      const steps = job(play, 'publish / publish')[0]?.steps ?? [];
      expect(steps.map((st) => st.outcome)).toEqual(['success', 'success', 'cancelled', 'success']);
      expect(checksOn('killed')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'cancelled' })]);
    },
    TIMEOUT,
  );

  it(
    "environment: the suite jobs run in it and get its secret BENCHGATE_SUITE_ENV's lines; the plan and gate jobs do not",
    async () => {
      world.environments = { benchmarks: { BENCHGATE_SUITE_ENV: 'OPENAI_API_KEY=sk-from-environment' } };
      try {
        const caller = GATE_CALLER.replace('      reuse-baseline: prefer\n', '      environment: benchmarks\n').replace(
          'command: node',
          'command: test "$OPENAI_API_KEY" = sk-from-environment && node',
        );
        expect(caller).toContain('environment: benchmarks');
        expect(caller).toContain('test "$OPENAI_API_KEY"');
        const [play] = await gate({ number: 13, head: 'promote' }, caller);
        expect(play.jobs.map((j) => [j.name, j.environment, j.result])).toEqual([
          ['benchgate / plan', '', 'success'],
          ['benchgate / suite (baseline, )', 'benchmarks', 'success'],
          ['benchgate / suite (candidate, )', 'benchmarks', 'success'],
          ['benchgate / round-2', undefined, 'skipped'],
          ['benchgate / round-3', undefined, 'skipped'],
          ['benchgate / gate', '', 'success'],
        ]);
        expect(logOf(play, 'benchgate / suite')).toContain('::add-mask::sk-from-environment');
        // Without the environment the key is not there, and the suites fail.
        const [without] = await gate({ number: 13, head: 'promote' }, caller.replace('      environment: benchmarks\n', ''));
        expect(job(without, 'benchgate / suite').map((j) => j.result)).toEqual(['failure', 'failure']);
      } finally {
        world.environments = {};
      }
    },
    TIMEOUT,
  );

  it(
    "the base commit's configuration says decide: point: it wins over the workflows' default, so rlm-code's exact gates decide",
    async () => {
      const pr = { number: 15, head: 'on-point', base: 'main-point' };
      const [play, run] = await gate(pr);
      expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
        ['benchgate / plan', 'success'],
        ['benchgate / suite (baseline, )', 'success'],
        ['benchgate / suite (candidate, )', 'success'],
        ['benchgate / round-2', 'skipped'],
        ['benchgate / round-3', 'skipped'],
        ['benchgate / gate', 'success'],
      ]);
      const report = reportOf(run);
      expect(report.verdict).toBe('promote');
      expect(report).not.toHaveProperty('decision');
    },
    TIMEOUT,
  );

  it(
    'a PR for which the gate workflow does not run (a path filter) still has the check, completed and blocking',
    async () => {
      const pr = { number: 10, head: 'docs' };
      const filtered = GATE_CALLER.replace('  pull_request:\n', "  pull_request:\n    paths: ['examples/**', 'agent.txt']\n");
      expect(filtered).not.toBe(GATE_CALLER);
      await expectCheck(pr);
      const [play] = await gate(pr, filtered, ['README.md']);
      expect(play.triggered).toBe(false);
      expect(checksOn('docs')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'action_required' })]);
      // Another pull_request_target event on the same commit leaves the one check as it is.
      await expectCheck(pr);
      expect(checksOn('docs')).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'a private repository: the callers grant contents: read, so every checkout works; without it the publish job stops at checkout and the check stays completed',
    async () => {
      world.private = true;
      try {
        const pr = { number: 11, head: 'private' };
        d.gh.addPull({ number: 11, headSha: sha['private'] as string, headRef: 'private', headRepo: REPO, baseSha: sha['main'] as string });
        const [play, run] = await gate(pr);
        // Every job that runs succeeds (the round jobs are design main's only).
        expect(play.jobs.filter((j) => !j.name.includes('round-')).every((j) => j.result === 'success')).toBe(true);
        expect(play.jobs.filter((j) => j.name.includes('round-')).map((j) => j.result)).toEqual(['skipped', 'skipped']);
        const withoutRead = PUBLISH_CALLER.replace('  contents: read\n', '');
        expect(withoutRead).not.toBe(PUBLISH_CALLER);
        const broken = await publish(pr, run, 'success', 1, withoutRead);
        const steps = job(broken, 'publish / publish')[0]?.steps ?? [];
        expect(steps[0]?.log).toContain('Repository not found');
        // The action never ran; the last step runs on failure and finds no check in progress.
        expect(steps.slice(1).map((st) => st.outcome)).toEqual(['skipped', 'skipped', 'success']);
        const fine = await publish(pr, run, 'success');
        expect(job(fine, 'publish / publish')[0]?.result).toBe('success');
        expect(checksOn('private').map((c) => [c.status, c.conclusion])).toEqual([['completed', 'success']]);
      } finally {
        world.private = false;
      }
    },
    TIMEOUT,
  );
});
