import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadSummary, parseSummary } from '../../../../src/adapters/registry.js';
import type { NoiseProfile } from '../../../../src/analysis/model.js';
import { buildNoiseProfile, caseNoiseWords, profileMismatch } from '../../../../src/analysis/noise/profile.js';
import { parseNoiseProfiles, serializeNoiseProfile, serializeNoiseProfiles } from '../../../../src/analysis/noise/profile-file.js';
import { isUserError } from '../../../../src/errors.js';
import { flakiest, renderNoiseProfile } from '../../../../src/report/noise-profile-report.js';
import { NO_FIELDS } from '../../../../src/schema/pack.js';
import { runCli } from '../../../helpers/cli-run.js';
import { expectGolden } from '../../../helpers/golden.js';
import { asLoaded, type CaseSpec, rlmSummary } from '../../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-noise-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const N = 20;
const id = (i: number): string => `case_${String(i).padStart(2, '0')}`;
/**
 * Run t of 10 on main: cases 0–9 always pass, 10–14 never, case 15 passes in 6 of 10 runs (t < 6),
 * 16 in 9 of 10 (t ≠ 3), 17–19 in half (t even).
 */
function mainCompletes(i: number, t: number): boolean {
  if (i < 10) return true;
  if (i < 15) return false;
  if (i === 15) return t < 6;
  if (i === 16) return t !== 3;
  return t % 2 === 0;
}

// The runs as files, and as loaded summaries through the CLI's own reader.
const mainFiles = Array.from({ length: 10 }, (_, t) => {
  const cases: CaseSpec[] = Array.from({ length: N }, (_, i) => ({ id: id(i), completed: mainCompletes(i, t), steps: 3 + (i % 3) }));
  const path = join(tmp, `main-${t}.json`);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: `main-${t}`, cases, model: 'm1' })));
  return path;
});

/** The one profile of a file `benchgate profile --format json` wrote. */
const parseNoiseProfile = (text: string, file: string): NoiseProfile => parseNoiseProfiles(text, file)[0] as NoiseProfile;

async function profileJson(...files: string[]): Promise<NoiseProfile> {
  const out = join(tmp, `profile-${files.length}-${Math.random().toString(36).slice(2)}.json`);
  const r = await runCli('profile', ...files, '--format', 'json', '--output', out);
  expect(r.code, r.stderr).toBe(0);
  return parseNoiseProfile(readFileSync(out, 'utf8'), out);
}

describe('the noise profile of repeated runs on one commit', () => {
  it('counts each case’s passes, the flaky cases and the discordance between runs', async () => {
    const p = await profileJson(...mainFiles);
    expect(p.runs).toHaveLength(10);
    expect(p.figures).toMatchObject({ cases: 20, always_pass: 10, never_pass: 5, flaky: 5 });
    const byId = new Map(p.cases.map((c) => [c.id, c]));
    expect(byId.get(id(15))).toMatchObject({ runs: 10, passed: 6 });
    expect(byId.get(id(16))).toMatchObject({ runs: 10, passed: 9 });
    expect(caseNoiseWords(byId.get(id(15))!)).toBe('flaky: passes 6 of 10 on main');
    expect(caseNoiseWords(byId.get(id(0))!)).toBe('stable: passes 10 of 10 on main');
    // Reward follows completion (1 or 0): case 15's sample SD over 6 ones and 4 zeros.
    expect(byId.get(id(15))!.reward_sd).toBeCloseTo(Math.sqrt((6 * 0.4 * 0.4 + 4 * 0.6 * 0.6) / 9), 12);
    // Discordance, by hand: per pair of runs, the cases that differ, over 45 pairs and 20 cases.
    let differ = 0;
    for (let a = 0; a < 10; a++) for (let b = a + 1; b < 10; b++) for (let i = 0; i < N; i++) if (mainCompletes(i, a) !== mainCompletes(i, b)) differ++;
    expect(p.figures.discordance).toBeCloseTo(differ / 45 / N, 12);
    // The A/A figures: every pair of the 10 runs under both policies.
    expect(p.figures.aa.map((a) => [a.policy, a.pairs, a.promote + a.hold + a.inconclusive])).toEqual([
      ['point', 45, 45],
      ['significant', 45, 45],
    ]);
    // rlm-code's point gates hold whenever a case flips one way: most pairs of a noisy suite.
    expect(p.figures.aa[0]!.hold).toBeGreaterThan(30);
  });

  it('renders as docs/cli.md shows it (golden)', async () => {
    const r = await runCli('profile', join(tmp, 'main-*.json'));
    expect(r.code, r.stderr).toBe(0);
    const md = r.stdout.split(tmp).join('runs');
    expectGolden('noise-profile.md', md);
    const docs = readFileSync(new URL('../../../../docs/cli.md', import.meta.url), 'utf8');
    expect(/<!-- profile-start -->\n([\s\S]*?)<!-- profile-end -->/.exec(docs)?.[1], 'docs/cli.md shows the golden').toBe(md);
  });

  it('lists the flakiest cases nearest a coin flip first and draws the histogram', async () => {
    const p = await profileJson(...mainFiles);
    expect(flakiest(p).map((c) => c.id)).toEqual([id(17), id(18), id(19), id(15), id(16)]);
    const md = renderNoiseProfile(p);
    expect(md).toContain('| never (0%) | 5 |');
    expect(md).toContain('| always (100%) | 10 |');
    expect(md).toContain('| 40–60% | 3 |');
    expect(md).toContain('**5 flaky**');
  });

  it('refuses runs of two commits, of two models, or a single run, naming the files', async () => {
    // Normalized summaries (benchgate's own format), stamped with the commit as the run mode stamps them.
    const stamp = (name: string, sha: string, model = 'm1'): string => {
      const s = parseSummary(`${name}.json`, rlmSummary({ id: name, cases: [{ id: 'a' }], model }));
      s.metadata['github.sha'] = sha;
      const path = join(tmp, `${name}.json`);
      writeFileSync(path, JSON.stringify(s));
      return path;
    };
    const a = stamp('c1', 'a'.repeat(40));
    const b = stamp('c2', 'b'.repeat(40));
    const other = stamp('c3', 'a'.repeat(40), 'm2');
    const two = await runCli('profile', a, b);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/measured commit aaaaaaaaaaaa and .*c2\.json commit bbbbbbbbbbbb/);
    const models = await runCli('profile', a, other);
    expect(models.code).toBe(2);
    expect(models.stderr).toContain('differ in run.model ("m1" and "m2")');
    const one = await runCli('profile', a);
    expect(one.code).toBe(2);
    // One message, not also the warning about fewer runs than advised (issue 42).
    expect(one.stderr).toBe(
      `benchgate: error: got 1 run (${a}); a noise profile needs at least 2 runs of the suite on one commit (K >= 2; 5 or more advised)\n`,
    );
  });

  it('warns when fewer than 5 runs make it', async () => {
    const r = await runCli('profile', ...mainFiles.slice(0, 3));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('a profile of 3 runs gives coarse pass rates');
  });

  it('reads back only a valid profile, naming the field', () => {
    const good = buildNoiseProfile(mainFiles.slice(0, 2).map((path) => asLoaded(path, loadSummary(path), NO_FIELDS)));
    expect(parseNoiseProfile(serializeNoiseProfile(good), 'p.json')).toEqual(good);
    const bad = (text: string): string => {
      try {
        parseNoiseProfile(text, 'p.json');
      } catch (err) {
        expect(isUserError(err)).toBe(true);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad('{')).toMatch(/^p\.json: not JSON/);
    expect(bad('{"schema":"x"}')).toContain('at schema: expected "benchgate.noise-profile/v1"');
  });
});

describe('a gate with the noise profile', () => {
  const regress = (i: number): boolean => mainCompletes(i, 0) && i !== 15 && i !== 3;

  it('marks each regressed case flaky or stable on main, with the profile’s age', async () => {
    const p = await profileJson(...mainFiles);
    const pfile = join(tmp, 'profile.json');
    writeFileSync(pfile, serializeNoiseProfile(p));
    const base = join(tmp, 'pr-base.json');
    const cand = join(tmp, 'pr-cand.json');
    const mk = (path: string, f: (i: number) => boolean): void =>
      writeFileSync(path, JSON.stringify(rlmSummary({ id: path, model: 'm1', cases: Array.from({ length: N }, (_, i) => ({ id: id(i), completed: f(i) })) })));
    mk(base, (i) => mainCompletes(i, 0));
    mk(cand, regress);
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--noise-profile', pfile);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\| `case_03` \|.*\| stable: passes 10 of 10 on main \|/);
    expect(r.stdout).toMatch(/\| `case_15` \|.*\| ⚠️ flaky: passes 6 of 10 on main \|/);
    expect(r.stdout).toContain('1 of the 2 regressed cases is flaky on main');
    const json = await runCli('compare', '--baseline', base, '--candidate', cand, '--noise-profile', pfile, '--format', 'json');
    const noise = JSON.parse(json.stdout).noise;
    expect(noise.regressed.map((x: { id: string; noise: { passed: number } }) => [x.id, x.noise.passed])).toEqual([
      [id(3), 10],
      [id(15), 6],
    ]);
  });

  it('with repeated trials, marks the cases that completed less often across them, not the first trial’s flips', async () => {
    const p = await profileJson(...mainFiles);
    const pfile = join(tmp, 'profile-trials.json');
    writeFileSync(pfile, serializeNoiseProfile(p));
    // case_03 completes in the candidate's first trial only (3/3 → 1/3); case_18 flips in the first trial alone (2/3 both sides).
    const candidate = (i: number, t: number): boolean => (i === 3 ? t === 0 : i === 18 ? t !== 0 : mainCompletes(i, t));
    const files = (side: string, f: (i: number, t: number) => boolean): string[] =>
      [0, 1, 2].flatMap((t) => {
        const path = join(tmp, `trials-${side}-${t}.json`);
        writeFileSync(
          path,
          JSON.stringify(rlmSummary({ id: `${side}-${t}`, model: 'm1', cases: Array.from({ length: N }, (_, i) => ({ id: id(i), completed: f(i, t) })) })),
        );
        return [`--${side}`, path];
      });
    const args = ['compare', '--decide', 'significant', ...files('baseline', mainCompletes), ...files('candidate', candidate), '--noise-profile', pfile];
    const json = JSON.parse((await runCli(...args, '--format', 'json')).stdout);
    expect(json.significance.declines.map((d: { case_id: string }) => d.case_id)).toEqual([id(3)]);
    expect(json.noise.regressed.map((x: { id: string }) => x.id)).toEqual([id(3)]);
    const md = (await runCli(...args)).stdout;
    expect(md).toMatch(/\| `case_03` \| 3\/3 \| 1\/3 \|.*\| stable: passes 10 of 10 on main \|/);
    expect(md).toContain('the regressed case is stable on main');
  });

  it("takes, of a file of several fingerprints (the history branch's), the profile of the runs' model", async () => {
    const p = await profileJson(...mainFiles);
    const other = { ...p, fingerprint: { ...p.fingerprint, 'run.model': 'm0' }, cases: p.cases.map((c) => ({ ...c, passed: c.runs })) };
    const pfile = join(tmp, 'profiles.json');
    writeFileSync(pfile, serializeNoiseProfiles('demo', [other, p]));
    const base = join(tmp, 'set-base.json');
    const cand = join(tmp, 'set-cand.json');
    const mk = (path: string, f: (i: number) => boolean): void =>
      writeFileSync(path, JSON.stringify(rlmSummary({ id: path, model: 'm1', cases: Array.from({ length: N }, (_, i) => ({ id: id(i), completed: f(i) })) })));
    mk(base, (i) => mainCompletes(i, 0));
    mk(cand, regress);
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--noise-profile', pfile);
    expect(r.stdout).toMatch(/\| `case_15` \|.*\| ⚠️ flaky: passes 6 of 10 on main \|/);
  });

  it('does not use a profile of another model, and says why', () => {
    const profile = {
      schema: 'benchgate.noise-profile/v1',
      suite: 's',
      created_at: '2026-11-20T00:00:00Z',
      commit: null,
      fingerprint: { 'run.model': 'm1' },
      runs: [],
      cases: [],
      figures: { cases: 0, flaky: 0, always_pass: 0, never_pass: 0, discordance: null, aa: [] },
    };
    expect(profileMismatch(profile, { run: { model: 'm2' }, format: 'rlm-code', metadata: {} } as never)).toBe(
      'the profile was made with run.model "m1" and this run has "m2"',
    );
    expect(profileMismatch(profile, { run: { model: 'm1' }, format: 'rlm-code', metadata: {} } as never)).toBeNull();
  });
});

describe('profiles of real repeated runs', () => {
  const real = (name: string): string => new URL(`../../../fixtures/real/agent-bench/${name}`, import.meta.url).pathname;

  it("tau-bench: two files of two trials each are four runs; each task's passes match the rows (reward 1)", async () => {
    const files = ['tau-bench-gpt-4o-airline-trials-0-1.json', 'tau-bench-gpt-4o-airline-trials-2-3.json'].map(real);
    // By hand from the rows: per task_id, the trials and those with reward 1 (run.py's is_successful).
    const rows = files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as { task_id: number; reward: number }[]);
    const expected = new Map<string, { runs: number; passed: number }>();
    for (const r of rows) {
      const e = expected.get(String(r.task_id)) ?? { runs: 0, passed: 0 };
      e.runs++;
      if (Math.abs(r.reward - 1) <= 1e-6) e.passed++;
      expected.set(String(r.task_id), e);
    }
    const p = await profileJson(...files);
    expect(p.runs).toHaveLength(4);
    expect(new Map(p.cases.map((c) => [c.id, { runs: c.runs, passed: c.passed }]))).toEqual(expected);
    expect(p.figures).toMatchObject({ cases: 10, always_pass: 2, never_pass: 3, flaky: 5 });
  });

  it('terminal-bench: two runs of one agent; the discordance is the share of tasks resolved in one run only', async () => {
    const files = ['terminal-bench-goose-claude-4-sonnet-run1.json', 'terminal-bench-goose-claude-4-sonnet-run2.json'].map(real);
    const resolved = files.map(
      (f) =>
        new Map(
          (JSON.parse(readFileSync(f, 'utf8')).results as { task_id: string; is_resolved: boolean | null }[]).map((r) => [r.task_id, r.is_resolved === true]),
        ),
    );
    const common = [...resolved[0]!.keys()].filter((id) => resolved[1]!.has(id));
    const differ = common.filter((id) => resolved[0]!.get(id) !== resolved[1]!.get(id)).length;
    const r = await runCli('profile', ...files, '--format', 'json');
    expect(r.stderr).toContain('a profile of 2 runs gives coarse pass rates');
    const p = parseNoiseProfile(r.stdout, 'stdout');
    expect(p.figures.cases).toBe(common.length);
    expect(p.figures.discordance).toBeCloseTo(differ / common.length, 12);
    expect(p.figures.flaky).toBe(differ);
  });
});

describe('a profile of rlm-code runs of the example suite', () => {
  it('six runs of a flaky model: each case passes as often as its rows say', async () => {
    const script = new URL('../../../../examples/suite/run-suite.mjs', import.meta.url).pathname;
    const files = Array.from({ length: 6 }, (_, t) => {
      const out = join(tmp, `suite-run-${t + 1}.json`);
      execFileSync(process.execPath, [script, '--strategy', 'tool_call', '--flaky', '0.4', '--out', out], {
        env: { ...process.env, BENCHGATE_ROLE: 'baseline', BENCHGATE_TRIAL: String(t + 1) },
      });
      return out;
    });
    const expected = new Map<string, number>();
    for (const f of files)
      for (const c of JSON.parse(readFileSync(f, 'utf8')).case_results as { case_id: string; completed: boolean }[])
        expected.set(c.case_id, (expected.get(c.case_id) ?? 0) + Number(c.completed));
    const p = await profileJson(...files);
    expect(p.runs).toHaveLength(6);
    expect(new Map(p.cases.map((c) => [c.id, c.passed]))).toEqual(expected);
    // A flaky model on a deterministic harness: some cases pass in some runs only.
    expect(p.figures.flaky).toBe([...expected.values()].filter((n) => n > 0 && n < 6).length);
    expect(p.figures.flaky).toBeGreaterThan(0);
  });
});
