/**
 * `flaky_below`: under point, completion regressions that are all on cases flaky on main (below
 * the level, by the noise profile) do not by themselves hold; a stable case's regression still
 * holds, rlm-code's own gates stay exact, and the paired tests of significant are unchanged.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { tempFiles } from '../../../helpers/adapter-files.js';
import { runCli } from '../../../helpers/cli-run.js';
import { caseNoise, noiseProfileOf } from '../../../helpers/noise-profile.js';
import { rlmSummary } from '../../../helpers/rlm-builder.js';

interface Report {
  verdict: string;
  passed: boolean;
  gates: { completion_regressions: boolean };
  failed_gates: string[];
  flaky_regressions?: { below: number; cases: string[] };
}

/** 20 cases; `flip` regresses one case and completes another (the completion rate stays equal). */
function pair(regressed: string, improved: string): { base: string; cand: string; dir: string } {
  const ids = Array.from({ length: 20 }, (_, i) => `c${String(i).padStart(2, '0')}`);
  const side = (cand: boolean) =>
    rlmSummary({ cases: ids.map((id, i) => ({ id, completed: cand ? (id === regressed ? false : id === improved ? true : i % 2 === 0) : i % 2 === 0 })) });
  const dir = tempFiles({});
  writeFileSync(join(dir, 'b.json'), JSON.stringify(side(false)));
  writeFileSync(join(dir, 'c.json'), JSON.stringify(side(true)));
  // c00 passes 6 of 10 on main (flaky), c02 10 of 10 (stable), the odd cases never.
  const profile = noiseProfileOf(ids.map((id, i) => (id === 'c00' ? caseNoise(id, 10, 6) : caseNoise(id, 10, i % 2 === 0 ? 10 : 0))));
  writeFileSync(join(dir, 'profile.json'), JSON.stringify(profile));
  return { base: join(dir, 'b.json'), cand: join(dir, 'c.json'), dir };
}

async function compare(p: { base: string; cand: string; dir: string }, ...more: string[]): Promise<{ code: number; report: Report; stdout: string }> {
  const r = await runCli('compare', '--baseline', p.base, '--candidate', p.cand, '--noise-profile', join(p.dir, 'profile.json'), ...more);
  if (more.includes('json')) return { code: r.code, report: JSON.parse(r.stdout) as Report, stdout: r.stdout };
  return { code: r.code, report: {} as Report, stdout: r.stdout };
}

describe('flaky_below', () => {
  it('a regression only on a case flaky on main does not hold by itself; rlm-code gates stay as they are', async () => {
    const p = pair('c00', 'c01');
    const without = await compare(p, '--format', 'json');
    expect(without.code).toBe(1);
    expect(without.report.failed_gates).toEqual(['completion_regressions']);
    const withLevel = await compare(p, '--flaky-below', '90%', '--format', 'json');
    expect(withLevel.code).toBe(0);
    expect(withLevel.report).toMatchObject({ verdict: 'promote', passed: false, gates: { completion_regressions: false }, failed_gates: [] });
    expect(withLevel.report.flaky_regressions).toEqual({ below: 0.9, cases: ['c00'] });
    const md = await compare(p, '--flaky-below', '0.9');
    expect(md.stdout).toContain("| Completion regressions |  |  | **1** | = 0; it passes less than 90% of main's runs: no hold by itself | ✅ |");
    expect(md.stdout).toContain('flaky: passes 6 of 10 on main');
  });

  it('reads the level from the configuration file too', async () => {
    const p = pair('c00', 'c01');
    writeFileSync(join(p.dir, 'c.yml'), 'version: 1\nflaky_below: "90%"\n');
    expect((await compare(p, '--config', join(p.dir, 'c.yml'), '--format', 'json')).report.verdict).toBe('promote');
    writeFileSync(join(p.dir, 'bad.yml'), 'version: 1\nflaky_below: 1.5\n');
    const bad = await runCli('compare', '--baseline', p.base, '--candidate', p.cand, '--config', join(p.dir, 'bad.yml'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('flaky_below');
  });

  it('below a level the case is not under, or a stable case regressed: the gate holds', async () => {
    expect((await compare(pair('c00', 'c01'), '--flaky-below', '50%', '--format', 'json')).code).toBe(1);
    const stable = await compare(pair('c02', 'c01'), '--flaky-below', '90%', '--format', 'json');
    expect(stable.code).toBe(1);
    expect(stable.report.flaky_regressions).toBeUndefined();
  });

  it('has no effect without a profile, and a bad level is refused naming the flag', async () => {
    const p = pair('c00', 'c01');
    const r = await runCli('compare', '--baseline', p.base, '--candidate', p.cand, '--flaky-below', '90%');
    expect(r.code).toBe(1);
    const bad = await runCli('compare', '--baseline', p.base, '--candidate', p.cand, '--flaky-below', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--flaky-below');
    expect(bad.stderr).toContain('a pass rate above 0 and at most 1');
  });
});
