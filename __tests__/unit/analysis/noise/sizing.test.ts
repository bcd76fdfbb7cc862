import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { serializeNoiseProfile } from '../../../../src/analysis/noise/profile-file.js';
import { casesForPower, profileVariance } from '../../../../src/analysis/noise/sizing.js';
import { runCli } from '../../../helpers/cli-run.js';
import { caseNoise, noiseProfileOf } from '../../../helpers/noise-profile.js';
import { rlmSummary } from '../../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-psizing-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sizing at the profile’s noise', () => {
  it('reads each case’s variance without bias and halves it per doubling of trials', () => {
    // A case passing 5 of 10: p̂(1 − p̂)·10/9 = 0.25·10/9; two sides: twice that; a stable case adds 0.
    const p = noiseProfileOf([caseNoise('a', 10, 5), caseNoise('b', 10, 10)]);
    expect(profileVariance(p, 1)).toBeCloseTo((2 * (0.25 * 10)) / 9 / 2, 12);
    expect(profileVariance(p, 2)).toBeCloseTo((0.25 * 10) / 9 / 2, 12);
    // Only the compared cases, when the profile has them.
    expect(profileVariance(p, 1, new Set(['b']))).toBe(0);
    expect(profileVariance(p, 1, new Set(['zzz']))).toBeCloseTo((0.25 * 10) / 9, 12);
  });

  it('gives n = ((c + z₀.₈)·σ/δ)² cases', () => {
    // σ² = 0.25, c = 1.645, δ = 0.05: (2.486·0.5/0.05)² = 618.0…
    expect(casesForPower(0.25, 1.6448536269514722, 0.05)).toBe(619);
    expect(casesForPower(0, 1.64, 0.05)).toBeNull();
  });

  it('the report gives the advice at the profile’s noise beside the pair’s', async () => {
    const n = 40;
    const id = (i: number): string => `case_${String(i).padStart(2, '0')}`;
    // Half the cases flip each run on main; an A/A pair: 4 flip each way.
    const p = noiseProfileOf(Array.from({ length: n }, (_, i) => caseNoise(id(i), 10, i % 2 === 0 ? 5 : 10)));
    const pfile = join(tmp, 'p.json');
    writeFileSync(pfile, serializeNoiseProfile(p));
    const write = (name: string, done: (i: number) => boolean): string => {
      const path = join(tmp, name);
      writeFileSync(path, JSON.stringify(rlmSummary({ id: name, cases: Array.from({ length: n }, (_, i) => ({ id: id(i), completed: done(i) })) })));
      return path;
    };
    const b = write('b.json', (i) => i % 2 === 1 || i < 20);
    const c = write('c.json', (i) => i % 2 === 1 || (i >= 8 && i < 28));
    const r = await runCli('compare', '--decide', 'significant', '--baseline', b, '--candidate', c, '--noise-profile', pfile, '--format', 'json');
    const sizing = JSON.parse(r.stdout).noise.sizing;
    expect(sizing).toMatchObject({ decides: 'pass', effect: 0.05 });
    // σ² from the profile: half the cases at 0.25·10/9, two sides → 0.2778; a pass needs z₀.₉₅.
    expect(sizing.cases).toBe(casesForPower((2 * 0.5 * 0.25 * 10) / 9, 1.6448536269514722, 0.05));
    expect(sizing.pair).toBeGreaterThan(0);
    const md = await runCli('compare', '--decide', 'significant', '--baseline', b, '--candidate', c, '--noise-profile', pfile);
    expect(md.stdout).toContain(
      `At the profile's noise, about ${sizing.cases} cases show an equal candidate within 5 points in completion with 80% power (this pair's noise says ${sizing.pair}).`,
    );
  });
});
