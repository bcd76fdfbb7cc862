// profile.yml played as GitHub plays it (helpers/workflow-player.ts), from the published example
// caller (examples/workflows/benchgate-profile.yml): a dispatched run profiles the suite on main's
// commit and its store job (the only one with contents: write) adds the profile to
// demo.noise-profile.json on the history branch through benchgate's mode store-profile; a second
// run on another model keeps both; then a PR's gate (gate.yml with noise-profile: history-branch)
// uses the profile of its runs' model, its interleaved rounds settle with it (the suite job checks
// the branch's file out, keeping no token), and a gate on a third model says which profiles the
// file holds.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { parseNoiseProfiles } from '../../src/analysis/noise/profile-file.js';
import { startWorkflowDoubles, stopWorkflowDoubles, type WorkflowDoubles } from '../helpers/action-jobs.js';
import { REPO_ROOT } from '../helpers/composite.js';
import { TEST_TOKEN } from '../helpers/octokit-client.js';
import { playWorkflow, type PlayWorld, type WorkflowPlay } from '../helpers/workflow-player.js';
import { commit, suiteAt } from '../helpers/workflow-repo.js';
import { unzip } from '../helpers/zip.js';

const EXAMPLE = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-profile.yml'), 'utf8');
const REPO = 'octo-org/benchgate';
const BRANCH = 'benchgate-history';
const FILE = 'demo.noise-profile.json';
const TIMEOUT = 900_000;
const repository = { full_name: REPO, default_branch: 'main', private: false };

let d: WorkflowDoubles;
let world: PlayWorld;
const sha: Record<string, string> = {};
let runs = 0;

beforeAll(async () => {
  d = await startWorkflowDoubles(TEST_TOKEN, 'benchgate-profile-workflow-');
  const git = join(d.root, 'repo');
  mkdirSync(git);
  sha['main'] = commit(git, 'main', null, { 'examples/suite/run-suite.mjs': suiteAt('codemode'), 'README.md': 'agent\n' });
  sha['pr'] = commit(git, 'pr', 'main', { 'agent.txt': 'a prompt that changes nothing measurable\n' });
  world = { results: d.results, gh: d.gh, root: d.root, git, defaultSha: sha['main'] as string };
});
afterAll(() => stopWorkflowDoubles(d));
afterEach(() => {
  expect(d.gh.invalidCalls(), "requests GitHub's OpenAPI description rejects").toEqual([]);
});

/** The example caller, dispatched: `runs` runs of the suite stamped with `model`. */
async function profile(model: string, k: number): Promise<WorkflowPlay & { run: string }> {
  const caller = EXAMPLE.replace('profile-runs: 10', `profile-runs: ${k}\n      fingerprint: "model: ${model}"`);
  expect(caller).toContain(`fingerprint: "model: ${model}"`);
  const run = `profile-${++runs}`;
  const event = { name: 'workflow_dispatch', payload: { repository }, sha: sha['main'] as string, ref: 'refs/heads/main', run };
  return { ...(await playWorkflow(caller, world, event)), run };
}

/** The models of the profiles on the history branch, newest first, with their runs. */
const stored = () => parseNoiseProfiles(d.gh.git.file(BRANCH, FILE) ?? 'null', FILE).map((p) => [p.fingerprint['metadata.model'], p.runs.length] as const);

interface Gated {
  verdict: string;
  noise?: { runs: number; unused: string | null; settled?: { cases: number } };
  /** The suite job's log (mode run, or mode ab's rounds). */
  suiteLog: string;
}

/** gate.yml on a PR, its runs stamped with `model`, reading the profile from the history branch; `interleaved`: shape interleaved. */
async function gate(model: string, interleaved = false): Promise<Gated> {
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
    '      command: node examples/suite/run-suite.mjs --strategy codemode --out .rlm_code/rlm/benchmarks/demo.json',
    `      fingerprint: "{model: ${model}, scoring_version: 1}"`,
    '      history-branch: benchgate-history',
    '      noise-profile: history-branch',
    ...(interleaved ? ['      shape: interleaved', '      max-trials: 3'] : []),
    '',
  ].join('\n');
  const run = `gate-${++runs}`;
  const number = runs;
  const pull = {
    number,
    head: { sha: sha['pr'], ref: 'pr', repo: { full_name: REPO, fork: false } },
    base: { sha: sha['main'], ref: 'main', repo: { full_name: REPO, fork: false } },
  };
  const play = await playWorkflow(caller, world, {
    name: 'pull_request',
    payload: { action: 'synchronize', number, pull_request: pull, repository },
    sha: sha['pr'] as string,
    ref: `refs/pull/${number}/merge`,
    run,
  });
  expect(play.jobs.map((j) => j.result)).not.toContain('failure');
  const zip = d.results.artifacts(run).get('benchgate-demo-report')?.bytes as Buffer;
  const suiteLog = play.jobs
    .filter((j) => j.name.startsWith('benchgate / suite'))
    .flatMap((j) => j.steps.map((st) => `[${st.name}: ${st.outcome}]\n${st.log}`))
    .join('\n');
  return { ...(JSON.parse(unzip(zip).get('benchgate-report.json')?.toString() ?? '{}') as Omit<Gated, 'suiteLog'>), suiteLog };
}

describe('profile.yml, played', () => {
  it(
    'stores a profile per fingerprint on the history branch, and the PR gate uses the one of its runs',
    async () => {
      // Before any profile: the interleaved rounds' checkout of the history branch fails alone, and they run every case.
      const before = await gate('m1', true);
      expect(before.suiteLog).toMatch(/couldn't find remote ref benchgate-history/);
      expect(before.suiteLog).not.toContain('deterministic on main are settled');

      const first = await profile('m1', 5);
      expect(first.jobs.map((j) => [j.name, j.result])).toEqual([
        ['profile / profile', 'success'],
        ['profile / store', 'success'],
      ]);
      expect([...d.results.artifacts(first.run).keys()].sort()).toEqual(['benchgate-demo-baseline', 'benchgate-noise-profile-demo']);
      const log = first.jobs[1]?.steps.map((s) => s.log).join('\n') ?? '';
      expect(log).toContain(`is stored as ${BRANCH}:${FILE}; the file holds 1 fingerprint`);
      expect(stored()).toEqual([['m1', 5]]);
      // The branch was created as an orphan holding only the profile file.
      expect(d.gh.git.log(BRANCH)).toEqual([expect.objectContaining({ parents: [] })]);

      // Another model: its profile is added, the first one stays.
      const second = await profile('m2', 3);
      expect(second.jobs.map((j) => j.result)).toEqual(['success', 'success']);
      expect(stored()).toEqual([
        ['m2', 3],
        ['m1', 5],
      ]);

      // A PR on m1 takes m1's profile (5 runs), not the newest (m2's, 3 runs).
      const onM1 = await gate('m1');
      expect(onM1.noise).toMatchObject({ file: `${BRANCH}:${FILE}`, runs: 5, unused: null });
      // Interleaved: the rounds settle with m1's profile, read from the branch beside the two trees (no token kept).
      const rounds = await gate('m1', true);
      expect(rounds.suiteLog).toMatch(
        /\d+ cases deterministic on main are settled \(each runs in 20% of the later rounds, drawn by case and round\); round 2 runs \d+/,
      );
      expect(rounds.noise).toMatchObject({ file: `${BRANCH}:${FILE}`, runs: 5, unused: null, settled: expect.any(Object) });
      // A PR on a model no profile was made with: the note names what the file holds.
      const onM3 = await gate('m3');
      expect(onM3.noise?.unused).toBe(
        'none of its 2 profiles fits these runs: one was made with metadata.model "m2" and this run has "m3"; one was made with metadata.model "m1" and this run has "m3"',
      );
    },
    TIMEOUT,
  );
});
