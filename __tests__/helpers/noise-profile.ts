// A noise profile as the tests need it: the cases' runs and passes, nothing else measured.
import type { CaseNoise, NoiseProfile } from '../../src/analysis/model.js';
import { isDrawn } from '../../src/analysis/noise/settled.js';

/** Of these settled cases, the ones drawn for a later round by the default rule (settled.test.ts pins the draw itself). */
export const drawnFor = (ids: readonly string[], round: number): string[] => ids.filter((id) => isDrawn(id, round));

/** A case of a profile: passed `passed` of `runs` runs on main (reward and steps not measured). */
export const caseNoise = (id: string, runs: number, passed: number): CaseNoise => ({
  id,
  runs,
  passed,
  reward_mean: 0,
  reward_sd: 0,
  steps_mean: 0,
  steps_sd: 0,
});

/** A profile of these cases, of no commit or fingerprint (usable with any run). */
export function noiseProfileOf(cases: CaseNoise[]): NoiseProfile {
  const flaky = cases.filter((c) => c.passed > 0 && c.passed < c.runs).length;
  const always = cases.filter((c) => c.passed === c.runs).length;
  return {
    schema: 'benchgate.noise-profile/v1',
    suite: 'demo',
    created_at: null,
    commit: null,
    fingerprint: {},
    runs: [
      { file: 'a', id: 'a', started_at: null },
      { file: 'b', id: 'b', started_at: null },
    ],
    cases,
    figures: { cases: cases.length, flaky, always_pass: always, never_pass: cases.length - flaky - always, discordance: null, aa: [] },
  };
}
