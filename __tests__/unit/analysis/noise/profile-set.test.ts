// The profiles of several fingerprints in one file (analysis/noise/profile-set.ts, profile-file.ts):
// adding replaces the same fingerprint and caps the rest, reading takes one profile or the set, and
// the gate's choice is the newest profile that fits the pair, or a note naming what the file holds.
import { describe, expect, it } from 'vitest';

import type { LoadedSummary, NoiseProfile } from '../../../../src/analysis/model.js';
import { parseNoiseProfiles, serializeNoiseProfile, serializeNoiseProfiles } from '../../../../src/analysis/noise/profile-file.js';
import { addNoiseProfile, chooseProfile, MAX_STORED_PROFILES } from '../../../../src/analysis/noise/profile-set.js';
import { isUserError } from '../../../../src/errors.js';
import { loadedRows } from '../../../../src/schema/loaded.js';
import { packSummary } from '../../../../src/schema/pack.js';
import type { BenchmarkSummary } from '../../../../src/schema/summary.js';
import { caseNoise, noiseProfileOf } from '../../../helpers/noise-profile.js';

/** A profile of `model`, made at `day` (its cases say which: case `model` passes `day` of 10). */
const profileOf = (model: string, day: number, more: Record<string, string> = {}): NoiseProfile => ({
  ...noiseProfileOf([caseNoise(model, 10, day)]),
  created_at: `2026-11-${String(day).padStart(2, '0')}T00:00:00Z`,
  fingerprint: { format: 'rlm-code', 'run.model': model, ...more },
});
/** A loaded run with no cases whose head names `model` (what the choice reads: the fingerprint of the head). */
const run = (model: string | null): LoadedSummary =>
  loadedRows(`${model}.json`, packSummary({ run: { model }, format: 'rlm-code', metadata: {}, cases: [] } as unknown as BenchmarkSummary));
const pair = (b: string | null, c = b) => ({ baseline: [run(b)], candidate: [run(c)] });

describe('adding a profile to the stored ones', () => {
  it('puts it first and keeps the other fingerprints', () => {
    const one = addNoiseProfile([], profileOf('m1', 1));
    expect(one).toMatchObject({ replaced: false, dropped: 0 });
    const two = addNoiseProfile(one.profiles, profileOf('m2', 2));
    expect(two.profiles.map((p) => p.fingerprint['run.model'])).toEqual(['m2', 'm1']);
    expect(two).toMatchObject({ replaced: false, dropped: 0 });
  });

  it('replaces the profile of the same fingerprint (keys in any order), wherever it was', () => {
    const stored = [profileOf('m2', 2), profileOf('m1', 1)];
    const again = { ...profileOf('m1', 5), fingerprint: { 'run.model': 'm1', format: 'rlm-code' } };
    const r = addNoiseProfile(stored, again);
    expect(r.profiles.map((p) => [p.fingerprint['run.model'], p.created_at?.slice(0, 10)])).toEqual([
      ['m1', '2026-11-05'],
      ['m2', '2026-11-02'],
    ]);
    expect(r).toMatchObject({ replaced: true, dropped: 0 });
    // Another key or value is another fingerprint: kept beside it.
    expect(addNoiseProfile(stored, profileOf('m1', 6, { 'metadata.scoring_version': '3' })).profiles).toHaveLength(3);
  });

  it(`keeps the ${MAX_STORED_PROFILES} most recently stored fingerprints`, () => {
    let profiles: NoiseProfile[] = [];
    const dropped: number[] = [];
    for (let i = 1; i <= MAX_STORED_PROFILES + 2; i++) {
      const r = addNoiseProfile(profiles, profileOf(`m${i}`, i));
      profiles = r.profiles;
      dropped.push(r.dropped);
    }
    expect(profiles).toHaveLength(MAX_STORED_PROFILES);
    expect(profiles[0]?.fingerprint['run.model']).toBe(`m${MAX_STORED_PROFILES + 2}`);
    expect(profiles.at(-1)?.fingerprint['run.model']).toBe('m3');
    expect(dropped.slice(-3)).toEqual([0, 1, 1]);
  });
});

describe('reading a profile file of either form', () => {
  it('reads one profile as a set of one, and a set back as written', () => {
    const p = profileOf('m1', 1);
    expect(parseNoiseProfiles(serializeNoiseProfile(p), 'old.json')).toEqual([p]);
    const set = [profileOf('m2', 2), p];
    expect(parseNoiseProfiles(serializeNoiseProfiles('demo', set), 'set.json')).toEqual(set);
  });

  it('names the file and the field of a bad file', () => {
    const message = (text: string): string => {
      try {
        parseNoiseProfiles(text, 'h:demo.noise-profile.json');
      } catch (err) {
        expect(isUserError(err)).toBe(true);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(message('[1]')).toBe(
      'h:demo.noise-profile.json: not a benchgate noise profile: at schema: expected "benchgate.noise-profile/v1" (one profile) or "benchgate.noise-profiles/v1" (profiles by fingerprint), got null',
    );
    const bad = JSON.parse(serializeNoiseProfiles('demo', [profileOf('m2', 2), profileOf('m1', 1)])) as { profiles: { cases: { passed: number }[] }[] };
    (bad.profiles[1]?.cases[0] as { passed: number }).passed = 11;
    expect(message(JSON.stringify(bad))).toBe('h:demo.noise-profile.json: not a benchgate noise profile: at profiles.1.cases.0: expected passed ≤ runs');
    expect(message(JSON.stringify({ ...bad, profiles: [] }))).toContain('at profiles: expected at least one profile');
    expect(message('{')).toMatch(/^h:demo\.noise-profile\.json: not JSON/);
  });
});

describe("choosing the profile of the pair's fingerprint", () => {
  const stored = [profileOf('m2', 2), profileOf('m1', 1), profileOf('m1', 9, { 'metadata.seed_policy': 'x' })];

  it('takes the newest profile that fits both runs', () => {
    expect(chooseProfile(stored, pair('m1'))).toEqual({ profile: stored[1], unused: null });
    expect(chooseProfile(stored, pair('m2'))).toEqual({ profile: stored[0], unused: null });
    // A run that does not say its model fits any: the newest.
    expect(chooseProfile(stored, pair(null))?.profile).toBe(stored[0]);
    expect(chooseProfile([], pair('m1'))).toBeNull();
  });

  it('none fits: the newest, with a note naming each profile’s fingerprint where it differs', () => {
    expect(chooseProfile(stored.slice(0, 2), pair('m3'))).toEqual({
      profile: stored[0],
      unused:
        'none of its 2 profiles fits these runs: one was made with run.model "m2" and this run has "m3"; one was made with run.model "m1" and this run has "m3"',
    });
    // A pair of two models fits neither profile of one of them.
    expect(chooseProfile(stored.slice(0, 2), pair('m1', 'm2'))?.unused).toBe(
      'none of its 2 profiles fits these runs: one was made with run.model "m2" and this run has "m1"; one was made with run.model "m1" and this run has "m2"',
    );
  });

  it('one stored profile keeps the words of the single profile', () => {
    expect(chooseProfile([profileOf('m1', 1)], pair('m2'))?.unused).toBe('the profile was made with run.model "m1" and this run has "m2"');
  });
});
