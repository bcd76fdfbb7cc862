// design: main in the reusable workflows, played as GitHub plays them (helpers/workflow-player.ts):
// the example caller (examples/workflows/benchgate-design-main.yml, as docs/github-actions.md shows
// it) on a push to main measures main's runs once; on a pull request the suite job runs round 1 (every
// case once), and while the verdict is undecided the round jobs look, then run only the cases drawn
// for their round; the gate job and publish.yml judge every round that ran; its nightly schedule
// measures main's runs again at the head, which a pull request then reuses. The example suite's 10
// cases fall in 2 environments, too few clusters to decide anything: every round runs.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startWorkflowDoubles, stopWorkflowDoubles, type WorkflowDoubles } from '../helpers/action-jobs.js';
import { REPO_ROOT } from '../helpers/composite.js';
import { TEST_TOKEN } from '../helpers/octokit-client.js';
import { playWorkflow, type PlayWorld, type WorkflowPlay } from '../helpers/workflow-player.js';
import { commit, suiteAt } from '../helpers/workflow-repo.js';
import { unzip } from '../helpers/zip.js';

const REPO = 'octo-org/benchgate';
const TIMEOUT = 900_000;
// The documented caller, with fewer runs of main (the test's time, not the design, sets the number);
// codemode's guardrail blocks are allowed, so that the rounds are judged on the gates alone.
const CALLER = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-design-main.yml'), 'utf8')
  .replace('uses: benchgate/benchgate/.github/workflows/gate.yml@v1', 'uses: ./.github/workflows/gate.yml')
  .replace('main-runs: 5', 'main-runs: 3\n      allow-findings: guardrail-rise');
const PUBLISH = `name: benchgate-publish
on:
  workflow_run:
    workflows: [benchgate]
    types: [completed]
permissions:
  actions: read
  checks: write
  contents: read
  pull-requests: write
jobs:
  publish:
    uses: ./.github/workflows/publish.yml
    with:
      suite: demo
      design: main
      main-rounds: 3
      allow-findings: guardrail-rise
`;

let d: WorkflowDoubles;
let world: PlayWorld;
const sha: Record<string, string> = {};
const repository = { full_name: REPO, default_branch: 'main', private: false };

beforeAll(async () => {
  d = await startWorkflowDoubles(TEST_TOKEN, 'benchgate-design-main-');
  const git = join(d.root, 'repo');
  mkdirSync(git);
  sha['main'] = commit(git, 'main', null, { 'examples/suite/run-suite.mjs': suiteAt('tool_call') });
  sha['pr'] = commit(git, 'pr', 'main', { 'examples/suite/run-suite.mjs': suiteAt('codemode') });
  world = { results: d.results, gh: d.gh, root: d.root, git, defaultSha: sha['main'] as string };
});
afterAll(() => stopWorkflowDoubles(d));

const jobs = (play: WorkflowPlay) => play.jobs.map((j) => [j.name, j.result]);
const logOf = (play: WorkflowPlay, name: string) =>
  play.jobs
    .filter((j) => j.name === name)
    .flatMap((j) => j.steps.map((s) => s.log))
    .join('\n');
/** An event of main's head (push, schedule) played as run `run`: the suite measures main's runs once (the baseline job only). */
async function measureMain(name: string, payload: Record<string, unknown>, run: string): Promise<void> {
  const play = await playWorkflow(CALLER, world, { name, payload, sha: sha['main'] as string, ref: 'refs/heads/main', run });
  expect(jobs(play)).toEqual([
    ['benchgate / plan', 'success'],
    ['benchgate / suite (baseline, )', 'success'],
    ['benchgate / round-2', 'skipped'],
    ['benchgate / round-3', 'skipped'],
    ['benchgate / gate', 'success'],
  ]);
}

/** Pull request `number` (branch pr onto main) opened and played: its run is `pr-<number>`. */
async function playPull(number: number): Promise<WorkflowPlay> {
  d.gh.addPull({ number, headSha: sha['pr'] as string, headRef: 'pr', headRepo: REPO, baseSha: sha['main'] as string });
  const pull_request = {
    number,
    head: { sha: sha['pr'], ref: 'pr', repo: { full_name: REPO, fork: false } },
    base: { sha: sha['main'], ref: 'main', repo: { full_name: REPO, fork: false } },
  };
  return playWorkflow(CALLER, world, {
    name: 'pull_request',
    payload: { action: 'synchronize', number, pull_request, repository },
    sha: sha['pr'] as string,
    ref: `refs/pull/${number}/merge`,
    run: `pr-${number}`,
  });
}
const artifact = (run: string, name: string, file: string) =>
  unzip(d.results.artifacts(run).get(name)?.bytes as Buffer)
    .get(file)
    ?.toString() ?? '';

describe('design: main in gate.yml and publish.yml, played', () => {
  it(
    "a push measures main's runs once; a pull request runs round 1, then the rounds drawn for it while undecided, and both the gate and publish judge every round",
    async () => {
      await measureMain('push', { ref: 'refs/heads/main', after: sha['main'], repository }, 'push-main');
      d.gh.addWorkflowRun({ id: d.results.runId('push-main'), headSha: sha['main'] as string, headBranch: 'main', event: 'push' });

      const pr = await playPull(5);
      // Undecided after each round: both round jobs run their suite; inconclusive blocks (fail-on-inconclusive).
      expect(jobs(pr)).toEqual([
        ['benchgate / plan', 'success'],
        ['benchgate / suite (baseline, )', 'success'],
        ['benchgate / suite (candidate, )', 'success'],
        ['benchgate / round-2', 'success'],
        ['benchgate / round-3', 'success'],
        ['benchgate / gate', 'failure'],
      ]);
      expect(logOf(pr, 'benchgate / suite (baseline, )')).toMatch(new RegExp(`reus\\w+ .*${d.results.runId('push-main')}`));
      for (const n of [2, 3]) {
        const log = logOf(pr, `benchgate / round-${n}`);
        const listed = new RegExp(`look after round ${n - 1} of 3: inconclusive .*; round ${n} runs (\\d+) of the 10 cases`).exec(log);
        expect(listed, log).not.toBeNull();
        // The round ran exactly the listed cases (the suite read BENCHGATE_CASES_FILE), in an artifact of its own.
        const ran = JSON.parse(artifact('pr-5', `benchgate-demo-candidate-round-${n}`, 'summary.json')) as { cases: { id: string }[] };
        expect(ran.cases.length).toBe(Number(listed?.[1]));
        expect(artifact('pr-5', `benchgate-demo-candidate-round-${n}`, 'round-cases.txt').trim().split('\n').sort()).toEqual(ran.cases.map((c) => c.id).sort());
      }
      const report = JSON.parse(artifact('pr-5', 'benchgate-demo-report', 'benchgate-report.json')) as {
        verdict: string;
        main_design: { main_runs: number; rounds: number; max_rounds: number; cases: number };
        findings: unknown[];
      };
      expect(report.verdict).toBe('inconclusive');
      expect(report.main_design).toMatchObject({ main_runs: 3, rounds: 3, max_rounds: 3, cases: 10 });
      expect(JSON.stringify(report.findings)).not.toContain('drawn for a round');

      d.gh.addJobs(
        d.results.runId('pr-5'),
        pr.jobs.map((j) => ({ name: j.name, conclusion: j.result })),
      );
      const published = await playWorkflow(PUBLISH, world, {
        name: 'workflow_run',
        payload: {
          action: 'completed',
          workflow: { name: 'benchgate' },
          workflow_run: {
            id: d.results.runId('pr-5'),
            name: 'benchgate',
            event: 'pull_request',
            conclusion: 'failure',
            head_sha: sha['pr'],
            head_branch: 'pr',
            head_repository: { full_name: REPO, owner: { login: 'octo-org' } },
            pull_requests: [{ number: 5 }],
            html_url: `https://github.com/${REPO}/actions/runs/${d.results.runId('pr-5')}`,
            path: '.github/workflows/benchgate.yml',
          },
          repository,
        },
        sha: sha['main'] as string,
        ref: 'refs/heads/main',
        run: 'publish-5',
      });
      expect(jobs(published).find(([n]) => n === 'publish / publish')?.[1]).toBe('success');
      // The trusted baseline (the push run's) against the run's three rounds, drawn with the same key.
      const log = logOf(published, 'publish / publish');
      expect(log).toContain('candidate rounds 2 to 3 from artifacts benchgate-demo-candidate-round-2, benchgate-demo-candidate-round-3');
      const check = d.gh.checkRuns().find((c) => c.head_sha === sha['pr'] && c.name === 'benchgate (demo)');
      expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
      expect(JSON.stringify(check)).not.toContain('drawn for a round');
    },
    TIMEOUT,
  );

  it(
    "the nightly schedule measures main's runs again at the head, and a pull request based there takes that run's, the newest",
    async () => {
      await measureMain('schedule', { schedule: '17 3 * * *', repository }, 'nightly-main');
      const runId = d.results.runId('nightly-main');
      d.gh.addWorkflowRun({ id: runId, headSha: sha['main'] as string, headBranch: 'main', event: 'schedule' });
      const pr = await playPull(6);
      expect(logOf(pr, 'benchgate / suite (baseline, )')).toMatch(new RegExp(`reused the baseline of base commit \\w+ from workflow run ${runId} `));
      // Judged within main-max-age (36h): the runs were measured moments ago, so no stale-baseline.
      const report = JSON.parse(artifact('pr-6', 'benchgate-demo-report', 'benchgate-report.json')) as { findings: { code: string }[] };
      expect(report.findings.map((f) => f.code)).not.toContain('stale-baseline');
    },
    TIMEOUT,
  );
});
