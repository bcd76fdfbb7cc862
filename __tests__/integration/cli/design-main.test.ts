// `benchgate compare --design main` (issue 45, item 6): the baseline is main's runs, the candidate
// runs alone, round 1 every case and later rounds only the cases benchgate lists (--next-cases).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { casesInRound, DEFAULT_MAIN_DESIGN, inclusionOf } from '../../../src/analysis/main-design.js';
import { runCli } from '../../helpers/cli-run.js';
import { rlmSummary } from '../../helpers/rlm-builder.js';

const dir = mkdtempSync(join(tmpdir(), 'bg-design-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 120;
const id = (i: number): string => `case_${String(i).padStart(3, '0')}`;
/** Main's behaviour: a third always pass, a third never, the rest pass on run r when (i + r) % 2 === 0. */
const passesOnMain = (i: number, run: number): boolean => (i % 3 === 0 ? true : i % 3 === 1 ? false : (i + run) % 2 === 0);
const ids = Array.from({ length: N }, (_, i) => id(i));

function write(name: string, completes: (i: number) => boolean, only: readonly string[] = ids): string {
  const path = join(dir, name);
  const cases = only.map((cid) => ({ id: cid, completed: completes(Number(cid.slice(5))), steps: 3 }));
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name, model: 'm1', cases })));
  return path;
}
const mainRuns = Array.from({ length: 6 }, (_, r) => write(`main-${r}.json`, (i) => passesOnMain(i, r)));
const mainGlob = join(dir, 'main-*.json');
const common = ['compare', '--decide', 'significant', '--design', 'main', '--baseline', mainGlob, '--draw-key', 'pr-7'];
const pi = inclusionOf(
  ids.map((_, i) => ({ runs: 6, passed: mainRuns.filter((_, r) => passesOnMain(i, r)).length })),
  DEFAULT_MAIN_DESIGN,
);

describe('compare --design main', () => {
  it('a candidate that breaks the cases main always passes is held after its first round, at half a full run of both sides', async () => {
    const round1 = write('broken-1.json', (i) => (i % 3 === 0 ? false : passesOnMain(i, 0)));
    const out = join(dir, 'broken.json');
    const r = await runCli(...common, '--candidate', round1, '--format', 'json', '--output', out);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.verdict).toBe('hold');
    expect(report.main_design).toMatchObject({ main_runs: 6, rounds: 1, max_rounds: 3, cases: N, case_runs: N, spend: 0.5, key: 'pr-7' });
    expect(report.sequential.reason).toBe('decided');
  });

  it('lists the next round: the cases drawn by key and round, and a round that leaves a drawn case out holds', async () => {
    const same = (round: number) => (i: number) => passesOnMain(i, round);
    const round1 = write('cand-1.json', same(1));
    const next = join(dir, 'next.txt');
    const first = await runCli(...common, '--candidate', round1, '--next-cases', next, '--format', 'json', '--output', join(dir, 'r1.json'));
    expect([0, 3]).toContain(first.code);
    const listed = readFileSync(next, 'utf8').trim().split('\n');
    expect(listed).toEqual(casesInRound(ids, pi, 'pr-7', 2));
    expect(listed.length).toBeLessThan(N);

    // Round 2 runs the listed cases only: the spend counts them, and the design is judged at look 2.
    const round2 = write('cand-2.json', same(2), listed);
    const second = await runCli(...common, '--candidate', `${round1}`, '--candidate', round2, '--format', 'json', '--output', join(dir, 'r2.json'));
    expect(second.stderr).toBe('');
    const r2 = JSON.parse(readFileSync(join(dir, 'r2.json'), 'utf8'));
    expect(r2.main_design).toMatchObject({ rounds: 2, case_runs: N + listed.length });
    expect(r2.findings.map((f: { code: string }) => f.code)).not.toContain('partial-trials');

    // The same round without one listed case: its trials would be the ones the suite chose.
    const short = write('cand-2-short.json', same(2), listed.slice(1));
    const third = await runCli(...common, '--candidate', round1, '--candidate', short, '--format', 'json', '--output', join(dir, 'r3.json'));
    expect(third.code).toBe(1);
    const r3 = JSON.parse(readFileSync(join(dir, 'r3.json'), 'utf8'));
    const partial = r3.findings.find((f: { code: string }) => f.code === 'partial-trials');
    expect(partial.message).toContain(`${listed[0]} (round 2)`);
  });

  it('an unchanged candidate goes on while undecided, on the listed cases only, and is promoted; the report says where the baseline came from', async () => {
    const files: string[] = [];
    const next = join(dir, 'equal-next.txt');
    const out = join(dir, 'equal.md');
    let listed = ids;
    let code = 3;
    for (let round = 1; round <= 3 && code === 3; round++) {
      files.push(write(`equal-${round}.json`, (i) => passesOnMain(i, round - 1), listed));
      const r = await runCli(...common, ...files.flatMap((f) => ['--candidate', f]), '--next-cases', next, '--output', out);
      code = r.code;
      if (code === 3) expect(readFileSync(out, 'utf8')).toContain('run another round of the candidate');
      listed = readFileSync(next, 'utf8').trim().split('\n');
    }
    expect(code).toBe(0);
    const md = readFileSync(out, 'utf8');
    expect(md).toContain("The baseline is main's 6 runs of the suite");
    expect(md).toMatch(/Spent \d+ runs of cases over \d rounds?: 0\.\d\d of one full run of both sides \(240 runs of cases\)/);
  });

  it('rounds run after a decided round are not judged: a broken candidate held at round 1 stays held however many rounds follow', async () => {
    const broken = (round: number) => (i: number) => (i % 3 === 0 ? false : passesOnMain(i, round));
    const round1 = write('rerun-1.json', broken(0));
    // Rounds 2 and 3 that, judged alone with round 1, would look like an unchanged candidate's.
    const later = [2, 3].map((round) => write(`rerun-${round}.json`, (i) => passesOnMain(i, round)));
    const out = join(dir, 'rerun.json');
    const r = await runCli(...common, '--candidate', round1, ...later.flatMap((f) => ['--candidate', f]), '--format', 'json', '--output', out);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.verdict).toBe('hold');
    expect(report.main_design).toMatchObject({ rounds: 1, ignored_rounds: 2, case_runs: N });
    const md = join(dir, 'rerun.md');
    await runCli(...common, '--candidate', round1, ...later.flatMap((f) => ['--candidate', f]), '--output', md);
    expect(readFileSync(md, 'utf8')).toContain('Rounds 2 to 3 of the candidate ran after that and are not judged');
  });

  it.each([
    [['compare', '--design', 'main', '--baseline', mainGlob, '--candidate', mainRuns[0] as string], /--design main has no effect with --decide point/],
    [[...common, '--sequential', '--candidate', mainRuns[0] as string], /drop --sequential/],
    [[...common, '--max-trials', '1', '--candidate', mainRuns[0] as string, '--candidate', mainRuns[1] as string], /more than the design allows/],
    [
      ['compare', '--decide', 'significant', '--draw-key', 'x', '--baseline', mainGlob, '--candidate', mainRuns[0] as string],
      /--draw-key has no effect without --design main/,
    ],
    [
      ['compare', '--decide', 'significant', '--design', 'mains', '--baseline', mainGlob, '--candidate', mainRuns[0] as string],
      /Invalid value "mains" for --design/,
    ],
  ])('refuses %j with a clear message', async (argv, message) => {
    const r = await runCli(...(argv as string[]));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe('compare --design main --main-max-age', () => {
  /** Main's runs finished `hoursAgo` hours ago (null: the files record no time). */
  function mainAt(tag: string, hoursAgo: number | null): string {
    const sub = mkdtempSync(join(dir, `${tag}-`));
    for (let r = 0; r < 5; r++) {
      const cases = ids.map((cid) => ({ id: cid, completed: passesOnMain(Number(cid.slice(5)), r), steps: 3 }));
      const at =
        hoursAgo === null
          ? {}
          : { started_at: new Date(Date.now() - (hoursAgo + 1) * 36e5).toISOString(), finished_at: new Date(Date.now() - hoursAgo * 36e5).toISOString() };
      writeFileSync(join(sub, `main-${r}.json`), JSON.stringify({ ...rlmSummary({ id: `m${r}`, model: 'm1', cases }), ...at }));
    }
    return join(sub, 'main-*.json');
  }
  const designMain = (main: string): string[] => ['compare', '--decide', 'significant', '--design', 'main', '--baseline', main];
  let judgedRuns = 0;
  const judged = async (main: string, age: string) => {
    const k = ++judgedRuns;
    const out = join(dir, `age-${k}.json`);
    const candidate = write(`age-cand-${k}.json`, (i) => passesOnMain(i, 1));
    await runCli(...designMain(main), '--candidate', candidate, '--main-max-age', age, '--format', 'json', '--output', out);
    return JSON.parse(readFileSync(out, 'utf8')) as { verdict: string; findings: { code: string; blocking: boolean; message: string }[] };
  };

  it("holds on main's runs older than the limit, saying how old and how to measure them again; runs within it are judged as before", async () => {
    const old = await judged(mainAt('old', 10 * 24), '7d');
    expect(old.verdict).toBe('hold');
    const stale = old.findings.find((f) => f.code === 'stale-baseline');
    expect(stale?.blocking).toBe(true);
    expect(stale?.message).toMatch(/^main's runs were measured 10 days ago \(the oldest at .*\); main_max_age is 7d\. Measure main's runs again/);
    const fresh = await judged(mainAt('fresh', 20), '36h');
    expect(fresh.findings.map((f) => f.code)).not.toContain('stale-baseline');
    // 20 hours old against a limit of 12 (a bare number is hours).
    expect((await judged(mainAt('hours', 20), '12')).findings.find((f) => f.code === 'stale-baseline')?.message).toMatch(
      /^main's runs were measured 20 hours ago/,
    );
  });

  it('a run that records no time is of unknown age, which is not within the limit; a bad age is refused naming the flag', async () => {
    const unknown = await judged(mainAt('untimed', null), '7d');
    expect(unknown.findings.find((f) => f.code === 'stale-baseline')?.message).toMatch(
      /^5 of main's 5 runs record no time they were measured, so their age is unknown/,
    );
    const bad = await runCli(...designMain(mainGlob), '--candidate', mainRuns[0] as string, '--main-max-age', '7 weeks');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--main-max-age');
    expect(bad.stderr).toContain('an age above 0 in hours or days, such as 36h or 7d');
  });
});
