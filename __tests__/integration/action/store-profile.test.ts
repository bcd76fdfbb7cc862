// mode store-profile (profile.yml's store job): the action program in process adds a profile file to
// <suite>.noise-profile.json on the history branch through the REST double on loopback (contents and
// git database endpoints, every request and answer checked against GitHub's OpenAPI description):
// it creates the branch, keeps the profiles of other fingerprints, replaces the same fingerprint,
// reads an old one-profile file, merges again after a conflict, and never overwrites a bad file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { NoiseProfile } from '../../../src/analysis/model.js';
import { parseNoiseProfiles, serializeNoiseProfile, serializeNoiseProfiles } from '../../../src/analysis/noise/profile-file.js';
import { InputError } from '../../../src/errors.js';
import { storeNoiseProfile } from '../../../src/github/noise-profile-branch.js';
import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { runInProcess } from '../../helpers/in-process.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';
import { octokitClient, TEST_TOKEN } from '../../helpers/octokit-client.js';

const BRANCH = 'benchgate-history';
const FILE = 'demo.noise-profile.json';
let api: GitHubApiDouble;
let ws: string;

beforeEach(async () => {
  api = await startGitHubApi();
  ws = mkdtempSync(join(tmpdir(), 'benchgate-store-profile-'));
  mkdirSync(join(ws, 'runner-temp'));
});
afterEach(async () => {
  expect(api.invalidCalls(), "requests or answers GitHub's OpenAPI description rejects").toEqual([]);
  await api.close();
  rmSync(ws, { recursive: true, force: true });
});

/** A profile made on `model` at commit `commit` (its one case passes `passed` of 10). */
const profileOf = (model: string, passed = 5, commit = 'c'.repeat(40)): NoiseProfile => ({
  ...noiseProfileOf([caseNoise('a', 10, passed)]),
  commit,
  fingerprint: { format: 'rlm-code', 'run.model': model },
});

/** The action's store-profile step with this profile built in the workspace. */
async function store(profile: NoiseProfile, more: Record<string, string> = {}, env: Record<string, string> = ON_MAIN) {
  writeFileSync(join(ws, 'noise-profile.json'), serializeNoiseProfile(profile));
  const inputs = { mode: 'store-profile', suite: 'demo', 'noise-profile': 'noise-profile.json', 'history-branch': BRANCH, 'github-token': TEST_TOKEN, ...more };
  return runInProcess(api.url, ws, inputs, env);
}
/** A scheduled run on the default branch (the event fixture's repository.default_branch is main). */
const ON_MAIN = { GITHUB_EVENT_NAME: 'schedule', GITHUB_REF: 'refs/heads/main' };

/** The models of the profiles on the branch, newest first. */
const stored = (): (string | number | boolean | null | undefined)[] =>
  parseNoiseProfiles(api.git.file(BRANCH, FILE) ?? 'null', FILE).map((p) => p.fingerprint['run.model']);

describe('mode store-profile', () => {
  it('creates the branch with the file, then keeps every fingerprint, newest first, replacing the same one', async () => {
    const first = await store(profileOf('m1'));
    expect(first.exitCode, first.log).toBe(0);
    expect(api.git.log(BRANCH)).toEqual([{ sha: expect.any(String), parents: [], message: `benchgate: the noise profile of demo at ccccccc (2 runs)` }]);
    expect(stored()).toEqual(['m1']);
    expect(first.log).toContain(
      `info: benchgate: the noise profile of suite "demo" (2 runs; format "rlm-code", run.model "m1") is stored as ${BRANCH}:${FILE}; the file holds 1 fingerprint`,
    );

    expect((await store(profileOf('m2'))).exitCode).toBe(0);
    expect(stored()).toEqual(['m2', 'm1']);
    const again = await store(profileOf('m1', 9));
    expect(again.exitCode, again.log).toBe(0);
    expect(again.log).toContain('it replaces the profile of the same fingerprint; the file holds 2 fingerprints');
    expect(stored()).toEqual(['m1', 'm2']);
    expect(parseNoiseProfiles(api.git.file(BRANCH, FILE) as string, FILE)[0]?.cases[0]?.passed).toBe(9);
    expect(again.summary).toContain(`The noise profile is stored as \`${BRANCH}:${FILE}\` (2 fingerprints;`);
    // Each store is one commit on the branch; the writes carry the blob SHA they read.
    expect(api.git.log(BRANCH)).toHaveLength(3);
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.status, typeof (c.body as { sha?: string }).sha])).toEqual([
      [200, 'string'],
      [200, 'string'],
    ]);
  });

  it('keeps the file within its size: the oldest fingerprints go first, and a profile too large alone is refused with nothing written', async () => {
    expect((await store(profileOf('m1'))).exitCode).toBe(0);
    expect((await store(profileOf('m2'))).exitCode).toBe(0);
    const at = { owner: 'octo-org', repo: 'benchgate', branch: BRANCH, path: FILE };
    const octokit = octokitClient(api.url, []);
    // Room for two profiles, not three.
    const two = Buffer.byteLength(serializeNoiseProfiles('demo', [profileOf('m3'), profileOf('m2')]));
    const done = await storeNoiseProfile(octokit, at, 'demo', profileOf('m3'), { maxBytes: two });
    expect([done.dropped, done.profiles.length]).toEqual([1, 2]);
    expect(stored()).toEqual(['m3', 'm2']);
    expect(Buffer.byteLength(api.git.file(BRANCH, FILE) as string)).toBeLessThanOrEqual(two);
    const puts = api.calls.filter((c) => c.method === 'PUT').length;
    const big = { ...profileOf('m4'), cases: Array.from({ length: 200 }, (_, i) => caseNoise(`case_${i}`, 10, 5)) };
    const refused = storeNoiseProfile(octokit, at, 'demo', big, { maxBytes: two });
    await expect(refused).rejects.toThrow(InputError);
    await expect(storeNoiseProfile(octokit, at, 'demo', big, { maxBytes: two })).rejects.toThrow(
      `benchgate-history:demo.noise-profile.json: the profile alone is ${Math.ceil(Buffer.byteLength(serializeNoiseProfiles('demo', [big])) / 1024)} KiB, over the ${Math.ceil(two / 1024)} KiB the history branch's profile file may hold (200 cases); keep it as the workflow artifact`,
    );
    expect(api.calls.filter((c) => c.method === 'PUT').length).toBe(puts);
    expect(stored()).toEqual(['m3', 'm2']);
  });

  it('reads an old file of one profile and adds to it', async () => {
    api.git.seedFile(BRANCH, FILE, serializeNoiseProfile(profileOf('m0')));
    const r = await store(profileOf('m1'));
    expect(r.exitCode, r.log).toBe(0);
    expect(stored()).toEqual(['m1', 'm0']);
  });

  it('merges again after a conflict: a write another job made meanwhile is kept', async () => {
    api.git.seedFile(BRANCH, FILE, serializeNoiseProfile(profileOf('m0')));
    // GitHub answers the first write 409 (the file changed since it was read): the job reads, merges and writes again.
    api.failNext(
      { method: 'PUT' },
      { status: 409, body: { message: `${FILE} does not match`, documentation_url: 'https://docs.github.com/rest', status: '409' } },
    );
    const r = await store(profileOf('m1'));
    expect(r.exitCode, r.log).toBe(0);
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.status)).toEqual([409, 200]);
    expect(stored()).toEqual(['m1', 'm0']);
  });

  it('two jobs at once: both fingerprints land', async () => {
    api.git.seedFile(BRANCH, FILE, serializeNoiseProfile(profileOf('m0')));
    const other = mkdtempSync(join(tmpdir(), 'benchgate-store-profile-'));
    mkdirSync(join(other, 'runner-temp'));
    writeFileSync(join(other, 'noise-profile.json'), serializeNoiseProfile(profileOf('m2')));
    const inputs = { mode: 'store-profile', suite: 'demo', 'noise-profile': 'noise-profile.json', 'history-branch': BRANCH, 'github-token': TEST_TOKEN };
    const [a, b] = await Promise.all([store(profileOf('m1')), runInProcess(api.url, other, inputs, ON_MAIN)]);
    rmSync(other, { recursive: true, force: true });
    expect([a.exitCode, b.exitCode], `${a.log}\n${b.log}`).toEqual([0, 0]);
    expect(stored().sort()).toEqual(['m0', 'm1', 'm2']);
  });

  it('a bad file on the branch stops it, naming the file and the field: nothing is overwritten', async () => {
    const bad = { schema: 'benchgate.noise-profiles/v1', suite: 'demo', profiles: [{ ...profileOf('m0'), runs: [] }] };
    api.git.seedFile(BRANCH, FILE, JSON.stringify(bad));
    const r = await store(profileOf('m1'));
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain(`${BRANCH}:${FILE}: not a benchgate noise profile: at profiles.0.runs:`);
    expect(api.git.file(BRANCH, FILE)).toBe(JSON.stringify(bad));
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('needs the file, the branch and a token; takes no other input', async () => {
    for (const [more, message] of [
      [{ 'history-branch': '' }, 'input "history-branch": required with mode: store-profile'],
      [{ 'noise-profile': '' }, 'input "noise-profile": required with mode: store-profile'],
      [{ 'noise-profile': 'history-branch' }, 'input "noise-profile": expected the path of the profile file to store'],
      [{ 'github-token': '' }, 'input "github-token": required with mode: store-profile'],
      [{ command: 'true' }, 'input "command" is not used by mode: store-profile'],
      [{ 'noise-profile': 'missing.json' }, 'input "noise-profile": ' + join(ws, 'missing.json') + ': no such file'],
    ] as const) {
      const r = await store(profileOf('m1'), more);
      expect(r.exitCode, JSON.stringify(more)).toBe(1);
      expect(r.log).toContain(message);
    }
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses, writing nothing, on any run but a push, schedule or dispatch of the default branch', async () => {
    for (const [env, said] of [
      [{ GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REF: 'refs/heads/feature' }, 'this run is a workflow_dispatch on refs/heads/feature'],
      [{ GITHUB_EVENT_NAME: 'pull_request', GITHUB_REF: 'refs/heads/main' }, 'this run is a pull_request on refs/heads/main'],
      [{ GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/tags/v1' }, 'this run is a push on refs/tags/v1'],
    ] as const) {
      const r = await store(profileOf('m1'), {}, env);
      expect(r.exitCode, r.log).toBe(1);
      expect(r.log).toContain(
        `mode store-profile: refused: ${said}; only a push, schedule or workflow_dispatch run on the default branch (main) writes the history branch`,
      );
    }
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(api.git.file(BRANCH, FILE)).toBeNull();
    // The same profile on the default branch is stored.
    expect((await store(profileOf('m1'), {}, { GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REF: 'refs/heads/main' })).exitCode).toBe(0);
    expect(stored()).toEqual(['m1']);
  });
});
