// Issue 43 through the reusable workflows, played as GitHub plays them (helpers/workflow-player.ts:
// GitHub's parser and expression engine, the committed dist/ behind action.yml, only the services
// doubled): gate.yml's interleaved job (base and head checked out side by side, mode ab), its plain
// suite jobs (mode run, one per side) and profile.yml's suite job, each with a hostile suite
// (helpers/hostile-suite.ts) committed on the branch it runs: it reads every ancestor's
// /proc/<pid>/environ up to the test's process (the runner's place), writes verdict=promote into
// every runner file it can find (its step's, in RUNNER_TEMP/_runner_file_commands/) and a NODE_OPTIONS
// into its step's GITHUB_ENV file, and rewrites every file of ../base it can reach. The gate keeps
// holding (the check that publish.yml derives from the gate run fails), no ancestor holds a token or a
// runner file, no later step runs the suite's code, and the history branch is not written. The same
// attacks from the `install` input (PR code in `pip install -e .` or an npm lifecycle script, on a
// branch whose suite is benign) fare no better: benchgate runs the install in the suite's step.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startWorkflowDoubles, stopWorkflowDoubles, type WorkflowDoubles } from '../helpers/action-jobs.js';
import { REPO_ROOT } from '../helpers/composite.js';
import { ANCESTORS, HOSTILE_FILES } from '../helpers/hostile-suite.js';
import { TEST_TOKEN } from '../helpers/octokit-client.js';
import { playWorkflow, type PlayWorld, type WorkflowPlay } from '../helpers/workflow-player.js';
import { commit, suiteAt } from '../helpers/workflow-repo.js';
import { unzip } from '../helpers/zip.js';

const REPO = 'octo-org/benchgate';
const BRANCH = 'benchgate-history';
const TIMEOUT = 900_000;
const repository = { full_name: REPO, default_branch: 'main', private: false };

/** The suite's entry point on main: the ancestor scan, then the example suite. */
const BENIGN = [
  'set -e',
  'node ancestors.mjs',
  'node examples/suite/run-suite.mjs --strategy tool_call --out "${OUT:-.rlm_code/rlm/benchmarks/demo.json}"',
  '',
].join('\n');
/** The PR's: the same scan, then every attack of hostile.sh, then a suite that regresses. */
const HOSTILE_BENCH = ['set -e', 'node ancestors.mjs', '. ./hostile.sh', 'rewrite_base ../base', BENIGN.split('\n')[2], ''].join('\n');
/** design main's later rounds: the scan, the attacks once BENCHGATE_ROUND says a round after the first, then the listed cases. */
const HOSTILE_ROUND = [
  'set -e',
  'node ancestors.mjs',
  'if [ -n "${BENCHGATE_ROUND:-}" ]; then . ./hostile.sh; fi',
  'node examples/suite/run-suite.mjs --strategy tool_call ${BENCHGATE_CASES_FILE:+--cases-file "$BENCHGATE_CASES_FILE"} --out .rlm_code/rlm/benchmarks/demo.json',
  '',
].join('\n');
/** The install of the caller's `install:` input: the scan on main; on pr-install the scan, then hostile.sh's attacks. */
const INSTALL = `STOP_PID=${process.pid} bash install.sh`;
const BENIGN_INSTALL = ['set -e', 'node ancestors.mjs', ''].join('\n');
const HOSTILE_INSTALL = ['set -e', 'node ancestors.mjs', '. ./hostile.sh', ''].join('\n');

let d: WorkflowDoubles;
let world: PlayWorld;
const sha: Record<string, string> = {};
let runs = 0;

beforeAll(async () => {
  d = await startWorkflowDoubles(TEST_TOKEN, 'benchgate-workflow-isolation-');
  const git = join(d.root, 'repo');
  mkdirSync(git);
  sha['main'] = commit(git, 'main', null, {
    'examples/suite/run-suite.mjs': suiteAt('tool_call'),
    'bench.sh': BENIGN,
    'install.sh': BENIGN_INSTALL,
    'ancestors.mjs': ANCESTORS,
  });
  // The PR: its agent regresses (codemode), and its bench.sh attacks.
  sha['pr'] = commit(git, 'pr', 'main', { ...HOSTILE_FILES, 'examples/suite/run-suite.mjs': suiteAt('codemode'), 'bench.sh': HOSTILE_BENCH });
  // A PR under design main: codemode (round 1 undecided: the example's 2 environments decide nothing), whose suite attacks in the rounds after the first only.
  sha['pr-round'] = commit(git, 'pr-round', 'main', { ...HOSTILE_FILES, 'examples/suite/run-suite.mjs': suiteAt('codemode'), 'bench.sh': HOSTILE_ROUND });
  // Another PR: the same agent and a benign suite; its install attacks.
  sha['pr-install'] = commit(git, 'pr-install', 'main', { ...HOSTILE_FILES, 'install.sh': HOSTILE_INSTALL });
  world = { results: d.results, gh: d.gh, root: d.root, git, defaultSha: sha['main'] as string };
});
afterAll(() => stopWorkflowDoubles(d));
afterEach(() => {
  expect(d.gh.invalidCalls(), "requests GitHub's OpenAPI description rejects").toEqual([]);
  // Nothing any of these runs did wrote the history branch.
  expect(d.gh.git.log(BRANCH)).toEqual([]);
  // No later step ran the code the suite put in NODE_OPTIONS (it would leave a file named pwned).
  expect(readdirSync(d.root, { recursive: true }).filter((p) => String(p).endsWith('pwned'))).toEqual([]);
});

/** gate.yml's caller on a pull request from a branch of the repository itself. */
async function gate(shape: 'separate' | 'interleaved' | 'main', branch: 'pr' | 'pr-install' | 'pr-round' = 'pr'): Promise<[WorkflowPlay, string]> {
  const caller = [
    'name: benchgate',
    'on: pull_request',
    'permissions:',
    '  actions: read',
    '  contents: read',
    'jobs:',
    '  benchgate:',
    '    uses: ./.github/workflows/gate.yml',
    '    with:',
    '      suite: demo',
    `      command: STOP_PID=${process.pid} bash bench.sh`,
    `      history-branch: ${BRANCH}`,
    ...(shape === 'interleaved' ? ['      shape: interleaved', '      max-trials: 2'] : []),
    // codemode's guardrail blocks allowed: the rounds are judged on the gates alone.
    ...(shape === 'main' ? ['      design: main', '      main-runs: 2', '      allow-findings: guardrail-rise'] : []),
    ...(branch === 'pr-install' ? [`      install: ${INSTALL}`] : []),
    '',
  ].join('\n');
  const run = `gate-${++runs}`;
  const number = 40 + runs;
  const pull = {
    number,
    head: { sha: sha[branch], ref: branch, repo: { full_name: REPO, fork: false } },
    base: { sha: sha['main'], ref: 'main', repo: { full_name: REPO, fork: false } },
  };
  const play = await playWorkflow(caller, world, {
    name: 'pull_request',
    payload: { action: 'synchronize', number, pull_request: pull, repository },
    sha: sha[branch] as string,
    ref: `refs/pull/${number}/merge`,
    run,
  });
  return [play, run];
}

const logOf = (play: WorkflowPlay, prefix: string) =>
  play.jobs
    .filter((j) => j.name.startsWith(prefix))
    .flatMap((j) => j.steps.map((st) => `[${st.name}: ${st.outcome}]\n${st.log}`))
    .join('\n');
const scans = (log: string) => log.match(/ancestors checked: [1-9]\d*, reached the runner: true, holding a token or runner file: none/g) ?? [];
const verdictOf = (run: string) =>
  (
    JSON.parse(
      unzip(d.results.artifacts(run).get('benchgate-demo-report')?.bytes as Buffer)
        .get('benchgate-report.json')
        ?.toString() ?? '{}',
    ) as { verdict: string }
  ).verdict;

describe('the reusable workflows with a hostile suite', { timeout: TIMEOUT }, () => {
  it("gate.yml's interleaved job: no ancestor of either side holds a token or runner file, and the head's attacks leave the gate holding", async () => {
    const [play, run] = await gate('interleaved');
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['benchgate / plan', 'success'],
      ['benchgate / suite (ab, )', 'failure'],
      ['benchgate / round-2', 'skipped'],
      ['benchgate / round-3', 'skipped'],
      ['benchgate / gate', 'failure'],
    ]);
    const log = logOf(play, 'benchgate / suite');
    // Both sides scanned (the base first, then the head), and both found nothing.
    expect(scans(log).length).toBeGreaterThanOrEqual(2);
    expect(log).not.toMatch(/holding a token or runner file: \d/);
    // The head's attacks ran: its step's runner files were found and written, ../base rewritten.
    expect(log).toMatch(/hostile: wrote to set_env_/);
    expect(log).toContain('base-tree-changed');
    expect(log).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
    expect(verdictOf(run)).not.toBe('promote');
    expect(play.jobs.find((j) => j.name === 'benchgate / suite (ab, )')?.steps.at(-1)?.outputs['verdict']).not.toBe('promote');
  });

  it("gate.yml's plain suite jobs: the candidate's attacks fail its job and the gate holds; neither side's ancestors hold a token", async () => {
    const [play, run] = await gate('separate');
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['benchgate / plan', 'success'],
      ['benchgate / suite (baseline, )', 'success'],
      ['benchgate / suite (candidate, )', 'failure'],
      ['benchgate / round-2', 'skipped'],
      ['benchgate / round-3', 'skipped'],
      ['benchgate / gate', 'failure'],
    ]);
    expect(scans(logOf(play, 'benchgate / suite (baseline'))).toHaveLength(1);
    const candidate = logOf(play, 'benchgate / suite (candidate');
    expect(scans(candidate)).toHaveLength(1);
    expect(candidate).toMatch(/hostile: wrote to set_env_/);
    expect(candidate).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
    expect(logOf(play, 'benchgate / gate')).toMatch(/hold/i);
    expect(verdictOf(run)).toBe('hold');
  });

  it("gate.yml's plain suite jobs with a hostile install: it runs in the suite's tokenless step, its attacks fail the candidate's job and the gate holds", async () => {
    const [play, run] = await gate('separate', 'pr-install');
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['benchgate / plan', 'success'],
      ['benchgate / suite (baseline, )', 'success'],
      ['benchgate / suite (candidate, )', 'failure'],
      ['benchgate / round-2', 'skipped'],
      ['benchgate / round-3', 'skipped'],
      ['benchgate / gate', 'failure'],
    ]);
    // No step of its own: the suite job's steps have none that runs the install.
    for (const j of play.jobs.filter((x) => x.name.startsWith('benchgate / suite')))
      expect(j.steps.map((st) => st.name)).not.toContain("Install the suite's dependencies");
    // Each side: the install's scan, then the suite's, all clean.
    expect(scans(logOf(play, 'benchgate / suite (baseline'))).toHaveLength(2);
    const candidate = logOf(play, 'benchgate / suite (candidate');
    expect(scans(candidate)).toHaveLength(2);
    expect(candidate).not.toMatch(/holding a token or runner file: \d/);
    expect(candidate).toContain("benchgate: the candidate's install, in .: STOP_PID=");
    expect(candidate).toMatch(/hostile: wrote to set_env_/);
    expect(candidate).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
    expect(verdictOf(run)).toBe('hold');
  });

  it("gate.yml's round jobs (design main): the look runs before the PR's code, a round's attacks fail its job and the gate holds; no ancestor holds a token", async () => {
    const [play, run] = await gate('main', 'pr-round');
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['benchgate / plan', 'success'],
      ['benchgate / suite (baseline, )', 'success'],
      ['benchgate / suite (candidate, )', 'success'],
      ['benchgate / round-2', 'failure'],
      ['benchgate / round-3', 'skipped'],
      ['benchgate / gate', 'failure'],
    ]);
    const round = logOf(play, 'benchgate / round-2');
    // The look decided round 2 before any of the PR's code ran; the suite then ran with nothing in reach.
    expect(round.indexOf('benchgate: look after round 1 of 3: inconclusive')).toBeGreaterThanOrEqual(0);
    expect(round.indexOf('benchgate: look after round 1 of 3')).toBeLessThan(round.indexOf('ancestors checked:'));
    expect(scans(round)).toHaveLength(1);
    expect(round).not.toMatch(/holding a token or runner file: \d/);
    expect(round).toMatch(/hostile: wrote to set_env_/);
    expect(round).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
    expect(logOf(play, 'benchgate / gate')).toContain('job `round-2` ended with `failure`');
    expect(verdictOf(run)).toBe('hold');
  });

  it("profile.yml's suite job: its trials run with no token in reach; the attacks fail the job, so the store job never writes the history branch", async () => {
    const example = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-profile.yml'), 'utf8');
    const caller = example
      .replace(/command: .*/, `command: OUT=".rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json" STOP_PID=${process.pid} bash bench.sh`)
      .replace('profile-runs: 10', 'profile-runs: 2');
    expect(caller).toContain('bash bench.sh');
    // A scheduled run checks the default branch out: here, the hostile commit.
    const play = await playWorkflow(
      caller,
      { ...world, defaultSha: sha['pr'] as string },
      { name: 'workflow_dispatch', payload: { repository }, sha: sha['pr'] as string, ref: 'refs/heads/main', run: `profile-${++runs}` },
    );
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['profile / profile', 'failure'],
      ['profile / store', 'skipped'],
    ]);
    const log = logOf(play, 'profile / profile');
    expect(scans(log)).toHaveLength(2);
    expect(log).not.toMatch(/holding a token or runner file: \d/);
    expect(log).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
  });

  it("profile.yml's suite job with a hostile install: it runs in the suite's tokenless step; its attacks fail the job, so the store job never writes the history branch", async () => {
    const example = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-profile.yml'), 'utf8');
    const caller = example
      .replace(
        /command: .*/,
        (line) => `install: ${INSTALL}\n      ${line.replace('node examples', `STOP_PID=${process.pid} node ancestors.mjs && node examples`)}`,
      )
      .replace('profile-runs: 10', 'profile-runs: 2');
    expect(caller).toContain(`install: ${INSTALL}`);
    const play = await playWorkflow(
      caller,
      { ...world, defaultSha: sha['pr-install'] as string },
      { name: 'workflow_dispatch', payload: { repository }, sha: sha['pr-install'] as string, ref: 'refs/heads/main', run: `profile-${++runs}` },
    );
    expect(play.jobs.map((j) => [j.name, j.result])).toEqual([
      ['profile / profile', 'failure'],
      ['profile / store', 'skipped'],
    ]);
    const profile = play.jobs.find((j) => j.name === 'profile / profile');
    expect(profile?.steps.map((st) => st.name)).not.toContain("Install the suite's dependencies");
    const log = logOf(play, 'profile / profile');
    // The install's scan, then each trial's.
    expect(scans(log)).toHaveLength(3);
    expect(log).not.toMatch(/holding a token or runner file: \d/);
    expect(log).toContain("benchgate: the baseline's install, in .: STOP_PID=");
    expect(log).toMatch(/hostile: wrote to set_env_/);
    expect(log).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
  });
});
