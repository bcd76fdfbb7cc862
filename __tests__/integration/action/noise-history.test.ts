// The gate reads the suite's noise profile from the history branch (profile.yml stores it there as
// <suite>.noise-profile.json) with noise-profile: history-branch: through the action program in
// process, with a hand-written REST fake that records the calls.
import { describe, expect, it } from 'vitest';

import { serializeNoiseProfile } from '../../../src/analysis/noise/profile-file.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';

const PROFILE = serializeNoiseProfile(noiseProfileOf([caseNoise('a', 10, 10), caseNoise('b', 10, 4)]));

/** getContent answers the profile when `stored`, else 404 (as for every other file). */
function fakeClient(calls: string[], stored: boolean): GitHubClient {
  return {
    rest: {
      repos: {
        getContent: async (p: { path: string; ref: string }) => {
          calls.push(`getContent ${p.path}@${p.ref}`);
          if (stored && p.path === 'demo.noise-profile.json')
            return { data: { type: 'file', sha: 'blob', size: PROFILE.length, content: Buffer.from(PROFILE).toString('base64'), encoding: 'base64' } };
          throw Object.assign(new Error('Not Found'), { status: 404 });
        },
      },
    },
  } as unknown as GitHubClient;
}

async function gate(stored: boolean, more: Record<string, string> = {}) {
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
  const r = await runInProcess('', demoWorkspace(), inputs, {}, {}, fakeClient(calls, stored));
  return { ...r, calls };
}

describe('the noise profile on the history branch', () => {
  it('is read with noise-profile: history-branch, and the report says where it came from', async () => {
    const r = await gate(true);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.calls).toContain('getContent demo.noise-profile.json@refs/heads/benchgate-history');
    expect(r.summary).toContain('Noise profile `benchgate-history:demo.noise-profile.json` (2 runs, age unknown)');
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
