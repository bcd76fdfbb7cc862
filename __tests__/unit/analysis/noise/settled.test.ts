import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadSummary } from '../../../../src/adapters/registry.js';
import type { CaseNoise, LoadedSummary } from '../../../../src/analysis/model.js';
import { buildNoiseProfile } from '../../../../src/analysis/noise/profile.js';
import { serializeNoiseProfile } from '../../../../src/analysis/noise/profile-file.js';
import { auditDraw, deterministicOutcome, isSettled, MIN_PROFILE_RUNS, runsInRound, settleRounds } from '../../../../src/analysis/noise/settled.js';
import { mergeTrials } from '../../../../src/analysis/trials.js';
import { NO_FIELDS } from '../../../../src/schema/pack.js';
import { runCli } from '../../../helpers/cli-run.js';
import { caseNoise } from '../../../helpers/noise-profile.js';
import { asLoaded, rlmSummary } from '../../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-settled-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const noise = (runs: number, passed: number): CaseNoise => caseNoise('x', runs, passed);
const id = (i: number): string => `case_${String(i).padStart(2, '0')}`;
const N = 12;

/** A run of the cases `ids` (default all N), case i completing when `completes(i)`. */
function run(name: string, completes: (i: number) => boolean, ids: number[] = Array.from({ length: N }, (_, i) => i)): string {
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name, model: 'm1', cases: ids.map((i) => ({ id: id(i), completed: completes(i), steps: 3 })) })));
  return path;
}
const loaded = (path: string): LoadedSummary => asLoaded(path, loadSummary(path), NO_FIELDS);

// Main: cases 0–3 always pass, 4–5 never, 6–11 pass in every other run (flaky).
const onMain = (i: number, t: number): boolean => (i < 4 ? true : i < 6 ? false : (i + t) % 2 === 0);
const mainRuns = Array.from({ length: 6 }, (_, t) => run(`main-${t}.json`, (i) => onMain(i, t)));
const profile = buildNoiseProfile(mainRuns.map(loaded));
const profileFile = join(tmp, 'profile.json');
writeFileSync(profileFile, serializeNoiseProfile(profile));
const flaky = [6, 7, 8, 9, 10, 11];

describe('which cases a profile settles', () => {
  it('settles a case deterministic on main, from enough runs, after the rounds every case runs', () => {
    expect(deterministicOutcome(noise(MIN_PROFILE_RUNS, MIN_PROFILE_RUNS))).toBe(true);
    expect(deterministicOutcome(noise(10, 0))).toBe(false);
    expect(deterministicOutcome(noise(10, 9))).toBeNull();
    expect(deterministicOutcome(noise(MIN_PROFILE_RUNS - 1, 0))).toBeNull();
    expect(deterministicOutcome(null)).toBeNull();
    expect(isSettled(noise(10, 10), 1)).toBe(true);
    expect(isSettled(noise(10, 10), 1, { minRounds: 2, within: 0 })).toBe(false);
    expect(isSettled(noise(10, 10), 2, { minRounds: 2, within: 0 })).toBe(true);
    expect(isSettled(noise(10, 9), 3)).toBe(false);
    // A band around 0 and 1 settles the nearly deterministic too.
    expect(isSettled(noise(10, 9), 3, { minRounds: 1, within: 0.1 })).toBe(true);
  });

  it('never reads the pair: a deterministic case the candidate broke is settled all the same', () => {
    const b = run('b1.json', (i) => onMain(i, 0));
    const c = run('c1.json', (i) => onMain(i, 0) && i !== 0);
    const s = settleRounds({ baseline: [loaded(b)], candidate: [loaded(c)] }, profile);
    expect([...s.settled].sort()).toEqual([0, 1, 2, 3, 4, 5].map(id));
    // Round 2 runs the flaky cases and the settled ones drawn for it: case_04 alone (its draw is 0.13).
    expect(s.next).toEqual([4, ...flaky].map(id));
  });

  it('draws the later rounds of a settled case from its id and the round alone: about the share, independently per round', () => {
    // Pinned: the same draw on every machine and in every version, or a gate would settle other cases than its rounds did.
    expect(auditDraw('case_04', 2)).toBeCloseTo(0.1318, 4);
    expect(auditDraw('case_00', 3)).toBeCloseTo(0.1857, 4);
    expect(auditDraw('case_00', 4)).toBeCloseTo(0.75, 4);
    const ids = Array.from({ length: 20000 }, (_, i) => `task-${i}`);
    const share = (round: number): number => ids.filter((x) => auditDraw(x, round) < 0.2).length / ids.length;
    for (const round of [2, 3, 10]) expect(Math.abs(share(round) - 0.2)).toBeLessThan(0.012);
    // Independent across rounds: drawn in both rounds 2 and 3 about 0.2 × 0.2 of the time.
    const both = ids.filter((x) => auditDraw(x, 2) < 0.2 && auditDraw(x, 3) < 0.2).length / ids.length;
    expect(Math.abs(both - 0.04)).toBeLessThan(0.006);
    const rule = { minRounds: 1, within: 0, share: 0.2 };
    expect(runsInRound('case_04', noise(10, 10), 1, rule)).toBe(true);
    expect(runsInRound('case_04', noise(10, 10), 2, rule)).toBe(true);
    expect(runsInRound('case_05', noise(10, 10), 2, rule)).toBe(false);
    expect(runsInRound('case_05', noise(10, 10), 2, { ...rule, share: 0 })).toBe(false);
    expect(runsInRound('case_05', noise(10, 5), 2, rule)).toBe(true);
  });

  it('does not settle a case a side missed before it was settled', () => {
    const b = run('b-missing.json', (i) => onMain(i, 0), [1, 2, 3, 4, 5, ...flaky]);
    const c = run('c-full.json', (i) => onMain(i, 0));
    const s = settleRounds({ baseline: [loaded(b)], candidate: [loaded(c)] }, profile);
    expect(s.settled.has(id(0))).toBe(false);
    expect(s.next).toContain(id(0));
  });

  it('a settled case missing from later trials is not a partial trial; any other case is', () => {
    const full = loaded(run('m-full.json', (i) => onMain(i, 0)));
    const later = loaded(run('m-later.json', (i) => onMain(i, 1), flaky.slice(1)));
    const settled = new Set([0, 1, 2, 3, 4, 5].map(id));
    const merged = mergeTrials('baseline', [full, later], undefined, settled);
    expect(merged.drafts.map((d) => [d.code, d.case_ids])).toEqual([['partial-trials', [id(6)]]]);
    const i0 = merged.ids.indexOf(id(0));
    const i7 = merged.ids.indexOf(id(7));
    expect([merged.evidence.trials[i0], merged.evidence.trials[i7]]).toEqual([1, 2]);
  });
});

describe('benchgate compare --sequential --noise-profile --next-cases', () => {
  // Round 1 runs every case; later rounds the flaky ones and the settled ones drawn for the round, as the next-cases file says (round 2: case_04).
  const round2 = [4, ...flaky];
  const base = [run('base-1.json', (i) => onMain(i, 0)), run('base-2.json', (i) => onMain(i, 1), round2)];
  const cand = [run('cand-1.json', (i) => onMain(i, 1)), run('cand-2.json', (i) => onMain(i, 0), round2)];
  const sides = ['--baseline', base[0]!, '--baseline', base[1]!, '--candidate', cand[0]!, '--candidate', cand[1]!];
  const seq = ['compare', '--decide', 'significant', '--sequential', '--max-trials', '5'];

  it('accepts later rounds without the settled cases and writes the cases the next round runs', async () => {
    const next = join(tmp, 'next.txt');
    const r = await runCli(...seq, ...sides, '--noise-profile', profileFile, '--next-cases', next, '--format', 'json');
    expect(r.stderr).not.toContain('Traceback');
    const report = JSON.parse(r.stdout);
    expect(report.findings.map((f: { code: string }) => f.code)).not.toContain('partial-trials');
    expect(report.noise.settled).toEqual({ cases: 6, rounds: 1, share: 0.2, next: 8 });
    // Round 3 runs the flaky cases and case_00 and case_02, drawn for it.
    expect(readFileSync(next, 'utf8')).toBe([0, 2, ...flaky].map((i) => `${id(i)}\n`).join(''));
    const md = await runCli(...seq, ...sides, '--noise-profile', profileFile);
    expect(md.stdout).toContain(
      '6 cases deterministic on main ran the first round, then 20% of the later rounds (drawn in advance by case and round); the next round runs 8.',
    );
  });

  it("--settle-share (or the configuration's settle_share) sets the share of later rounds a settled case runs", async () => {
    const none = join(tmp, 'next-none.txt');
    const r0 = await runCli(...seq, ...sides, '--noise-profile', profileFile, '--next-cases', none, '--settle-share', '0', '--format', 'json');
    expect(JSON.parse(r0.stdout).noise.settled).toEqual({ cases: 6, rounds: 1, share: 0, next: 6 });
    expect(readFileSync(none, 'utf8')).toBe(flaky.map((i) => `${id(i)}\n`).join(''));
    const md = await runCli(...seq, ...sides, '--noise-profile', profileFile, '--settle-share', '0%');
    expect(md.stdout).toContain('6 cases deterministic on main ran the first round only; the next round runs 6.');
    const config = join(tmp, 'settle-all.yml');
    writeFileSync(config, 'settle_share: 1\n');
    const all = join(tmp, 'next-every.txt');
    await runCli(...seq, ...sides, '--noise-profile', profileFile, '--next-cases', all, '--config', config);
    expect(readFileSync(all, 'utf8').trim().split('\n')).toHaveLength(N);
    const bad = await runCli(...seq, ...sides, '--noise-profile', profileFile, '--settle-share', '1.5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--settle-share');
    expect(bad.stderr).toContain('a share from 0 to 1, or a percentage, such as 0.2 or 20%');
    const alone = await runCli('compare', '--decide', 'significant', ...sides, '--settle-share', '0');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--settle-share has no effect without --sequential');
    const noProfile = await runCli(...seq, ...sides, '--settle-share', '0');
    expect(noProfile.stderr).toContain('--settle-share has no effect without --noise-profile');
    writeFileSync(config, 'settle_share: 2\n');
    const badConfig = await runCli(...seq, ...sides, '--noise-profile', profileFile, '--config', config);
    expect(badConfig.code).toBe(2);
    expect(badConfig.stderr).toContain('settle_share');
  });

  it('without a profile every case reruns: the missing cases are partial trials, and the next round lists them all', async () => {
    const next = join(tmp, 'next-all.txt');
    const r = await runCli(...seq, ...sides, '--next-cases', next, '--format', 'json');
    const partial = JSON.parse(r.stdout).findings.find((f: { code: string }) => f.code === 'partial-trials');
    // case_04 ran in round 2 (drawn for it): complete.
    expect(partial.case_ids).toEqual([0, 1, 2, 3, 5].map(id));
    expect(readFileSync(next, 'utf8').trim().split('\n')).toHaveLength(N);
  });

  it('a suite that ignored the list ran every case: nothing is said to be left out', async () => {
    const all = [
      '--baseline',
      base[0]!,
      '--baseline',
      run('base-2-all.json', (i) => onMain(i, 1)),
      '--candidate',
      cand[0]!,
      '--candidate',
      run('cand-2-all.json', (i) => onMain(i, 0)),
    ];
    const r = await runCli(...seq, ...all, '--noise-profile', profileFile, '--format', 'json');
    const report = JSON.parse(r.stdout);
    expect(report.noise.unused).toBeNull();
    expect(report.noise.settled).toBeUndefined();
    expect(report.findings.map((f: { code: string }) => f.code)).not.toContain('partial-trials');
  });

  it('does not use a profile of another model: every case reruns, and the report says why', async () => {
    const other = join(tmp, 'profile-other.json');
    writeFileSync(other, serializeNoiseProfile({ ...profile, fingerprint: { ...profile.fingerprint, 'run.model': 'm2' } }));
    const next = join(tmp, 'next-other.txt');
    const r = await runCli(...seq, ...sides, '--noise-profile', other, '--next-cases', next, '--format', 'json');
    const report = JSON.parse(r.stdout);
    expect(report.noise.unused).toBe('the profile was made with run.model "m2" and this run has "m1"');
    expect(report.noise.settled).toBeUndefined();
    expect(report.findings.find((f: { code: string }) => f.code === 'partial-trials').case_ids).toEqual([0, 1, 2, 3, 5].map(id));
    expect(readFileSync(next, 'utf8').trim().split('\n')).toHaveLength(N);
  });

  it('refuses --next-cases without --sequential', async () => {
    const r = await runCli('compare', '--decide', 'significant', '--baseline', base[0]!, '--candidate', cand[0]!, '--next-cases', join(tmp, 'x.txt'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--next-cases has no effect without --sequential');
  });
});
