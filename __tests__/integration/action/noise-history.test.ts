// The gate reads the suite's noise profile from the history branch (profile.yml stores it there as
// <suite>.noise-profile.json, the profiles of several fingerprints) with noise-profile:
// history-branch: through the action program in process, with a hand-written REST fake that records
// the calls. It takes the profile of the pair's fingerprint, or says which ones the file holds.
import { describe, expect, it } from 'vitest';

import type { NoiseProfile } from '../../../src/analysis/model.js';
import { serializeNoiseProfile, serializeNoiseProfiles } from '../../../src/analysis/noise/profile-file.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';

const PROFILE = serializeNoiseProfile(noiseProfileOf([caseNoise('a', 10, 10), caseNoise('b', 10, 4)]));

/** A profile of the demo suite's preset (the demo runs are demo_tool_use), of `runs` runs. */
const presetProfile = (preset: string, runs: number): NoiseProfile => {
  const p = noiseProfileOf([caseNoise('a', 10, 10), caseNoise('b', 10, 4)]);
  return { ...p, fingerprint: { 'run.preset': preset }, runs: Array.from({ length: runs }, (_, i) => ({ file: `r${i}`, id: `r${i}`, started_at: null })) };
};

/** getContent answers `stored` (the file's text) for the profile file when given, else 404 (as for every other file). */
function fakeClient(calls: string[], stored: string | null): GitHubClient {
  return {
    rest: {
      repos: {
        getContent: async (p: { path: string; ref: string }) => {
          calls.push(`getContent ${p.path}@${p.ref}`);
          if (stored !== null && p.path === 'demo.noise-profile.json')
            return { data: { type: 'file', sha: 'blob', size: stored.length, content: Buffer.from(stored).toString('base64'), encoding: 'base64' } };
          throw Object.assign(new Error('Not Found'), { status: 404 });
        },
      },
    },
  } as unknown as GitHubClient;
}

async function gate(stored: boolean | string, more: Record<string, string> = {}) {
  const calls: string[] = [];
  const inputs = {
    mode: 'compare',
    suite: 'demo',
    baseline: 'baseline.json',
    candidate: 'candidate.json',
    'github-token': 'ghs_profile',
    'history-branch': 'benchgate-history',
    'check-name': 'off',
    comment: 'off',
    trend: '0',
    'fail-on-hold': 'false',
    'noise-profile': 'history-branch',
    ...more,
  };
  const r = await runInProcess('', demoWorkspace(), inputs, {}, {}, fakeClient(calls, stored === true ? PROFILE : stored === false ? null : stored));
  return { ...r, calls };
}

describe('the noise profile on the history branch', () => {
  it('is read with noise-profile: history-branch, and the report says where it came from', async () => {
    const r = await gate(true);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.calls).toContain('getContent demo.noise-profile.json@refs/heads/benchgate-history');
    expect(r.summary).toContain('Noise profile `benchgate-history:demo.noise-profile.json` (2 runs, age unknown)');
  });

  it("holds profiles of several fingerprints: the gate takes the one of the pair's runs", async () => {
    const r = await gate(serializeNoiseProfiles('demo', [presetProfile('other_preset', 5), presetProfile('demo_tool_use', 3)]));
    expect(r.exitCode, r.log).toBe(0);
    expect(r.summary).toContain('Noise profile `benchgate-history:demo.noise-profile.json` (3 runs, age unknown)');
    expect(r.summary).not.toContain('not used');
  });

  it("holds none of the pair's fingerprint: the report and the log name the ones it has", async () => {
    const r = await gate(serializeNoiseProfiles('demo', [presetProfile('other_preset', 5), presetProfile('older_preset', 3)]));
    expect(r.exitCode, r.log).toBe(0);
    const why =
      'none of its 2 profiles fits these runs: one was made with run.preset "other_preset" and this run has "demo_tool_use"; one was made with run.preset "older_preset" and this run has "demo_tool_use"';
    expect(r.summary).toContain(`Noise profile \`benchgate-history:demo.noise-profile.json\` (5 runs, age unknown) not used: \`${why}\`.`);
    expect(r.log).toContain(`benchgate: the noise profile benchgate-history:demo.noise-profile.json is not used: ${why}`);
  });

  it('is not a profile file: the gate fails, naming the file and the field', async () => {
    const bad = JSON.parse(serializeNoiseProfiles('demo', [presetProfile('demo_tool_use', 3)])) as { profiles: Record<string, unknown>[] };
    delete bad.profiles[0]?.['figures'];
    const r = await gate(JSON.stringify(bad));
    expect(r.exitCode).not.toBe(0);
    expect(r.log).toContain('benchgate-history:demo.noise-profile.json: not a benchgate noise profile: at profiles.0.figures');
  });

  it('is not there: the gate goes on without one, and the log says so', async () => {
    const r = await gate(false);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.calls).toContain('getContent demo.noise-profile.json@refs/heads/benchgate-history');
    expect(r.summary).not.toContain('Noise profile');
    expect(r.log).toContain('no noise profile benchgate-history:demo.noise-profile.json yet');
  });

  it('needs the history branch', async () => {
    const r = await gate(true, { 'history-branch': '' });
    expect(r.exitCode).not.toBe(0);
    expect(r.log).toContain('input "noise-profile": history-branch reads the profile from the history branch; give history-branch and github-token too');
  });

  it('without noise-profile the branch is not asked for it', async () => {
    const r = await gate(true, { 'noise-profile': '' });
    expect(r.calls).not.toContain('getContent demo.noise-profile.json@refs/heads/benchgate-history');
    expect(r.summary).not.toContain('Noise profile');
  });

  it('a file given is read instead: the branch is not asked', async () => {
    const r = await gate(true, { 'noise-profile': 'missing.json' });
    expect(r.calls).not.toContain('getContent demo.noise-profile.json@refs/heads/benchgate-history');
    expect(r.log).toContain('missing.json: no such file');
  });
});
