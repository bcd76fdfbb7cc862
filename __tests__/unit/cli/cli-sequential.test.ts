import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { sequentialBoundaries } from '../../../src/stats/sequential.js';
import { runCli as run } from '../../helpers/cli-run.js';
import { type CaseSpec, rlmSummary } from '../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-seq-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** n cases; `completes(i)` says whether case i completes in this trial. */
function write(name: string, n: number, completes: (i: number) => boolean, strategy: string): string {
  const cases: CaseSpec[] = Array.from({ length: n }, (_, i) => ({ id: `case_${String(i).padStart(3, '0')}`, completed: completes(i), steps: 3 + (i % 2) }));
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name.replace(/\.json$/, ''), strategy, cases })));
  return path;
}

// 80 cases, 5 trials per side. The baseline completes the even cases; the worse candidate loses the
// 20 even cases below 40 in every trial: all 2^20 sign flips of those 20 differences but one are
// less extreme, so each gate's sampled p-value is 1/10,000, the smallest 9,999 flips give.
const base = Array.from({ length: 5 }, (_, t) => write(`base-${t}.json`, 80, (i) => i % 2 === 0, 'tool_call'));
const worse = Array.from({ length: 5 }, (_, t) => write(`worse-${t}.json`, 80, (i) => i % 2 === 0 && i >= 40, 'codemode'));
// An equal, noisy candidate: 6 of the even cases flip each way, different ones each trial.
const noisy = Array.from({ length: 5 }, (_, t) =>
  write(`noisy-${t}.json`, 80, (i) => (i >= 12 * t && i < 12 * t + 12 ? i % 2 === 1 : i % 2 === 0), 'codemode'),
);

const sides = (b: string[], c: string[]): string[] => [...b.flatMap((f) => ['--baseline', f]), ...c.flatMap((f) => ['--candidate', f])];
const seq = ['compare', '--decide', 'significant', '--sequential'];

describe('--sequential', () => {
  it('continues while no round level is reachable, then stops at the first decision with the runs saved', async () => {
    const looks = sequentialBoundaries(0.05, 10);
    // p = 1e-4 (+ the Berger-Boos screen, α_k/10) cannot pass round 2's level, and passes round 3's.
    expect(1e-4).toBeGreaterThan(looks[1]?.nominal as number);
    expect(1e-4 * 1.1).toBeLessThan((looks[2]?.nominal as number) * 1.1 - 1e-12);
    const two = await run(...seq, ...sides(base.slice(0, 2), worse.slice(0, 2)), '--format', 'json');
    expect(two.code).toBe(3);
    const r2 = JSON.parse(two.stdout);
    expect(r2.verdict).toBe('inconclusive');
    expect(r2.sequential).toMatchObject({ rounds: 2, max_rounds: 10, stop: false, reason: 'continue', runs: { spent: 4, fixed: 20, saved: null } });
    // z = Φ⁻¹(1 − p) ≈ 3.6 at round 2 grows to 3.6·√(3/2) ≈ 4.4 ≥ round 3's boundary 3.40: one more round.
    expect(r2.sequential.more_rounds).toBe(1);
    expect(r2.significance.confidence).toBe(1 - (looks[1]?.nominal as number));
    expect(two.stderr).toBe(
      'benchgate: inconclusive (undecided gates: reward, completion, completion_regressions; round 2 of at most 10: continue, run another round (about 1 more round on the current estimates))\n',
    );

    const three = await run(...seq, ...sides(base.slice(0, 3), worse.slice(0, 3)));
    expect(three.code).toBe(1);
    expect(three.stdout).toContain(
      '**Stop: decided after round 3 of at most 10.** Spent 6 runs (3 per side); the fixed design of 10 trials per side spends 20: 14 runs saved (70%).',
    );
    expect(three.stdout).toContain('at 99.965% confidence');
    expect(three.stderr).toBe(
      "benchgate: hold (failed gates: reward, completion, completion_regressions; round 3 of at most 10: stop, decided; 14 of the fixed design's 20 runs saved)\n",
    );
  });

  it('stops undecided at --max-trials, exit 3', async () => {
    // No margins: the noisy equal pair cannot be shown at least as good in 3 rounds (with the default margins it is promoted).
    const r = await run(
      ...seq,
      '--max-trials',
      '3',
      '--completion-margin',
      '0',
      '--reward-margin',
      '0',
      ...sides(base.slice(0, 3), noisy.slice(0, 3)),
      '--format',
      'json',
    );
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).sequential).toMatchObject({
      rounds: 3,
      max_rounds: 3,
      stop: true,
      reason: 'max-trials',
      more_rounds: null,
      runs: { spent: 6, fixed: 6, saved: 0 },
    });
    // At the last of 3 rounds the level is close to α: 0.05 spent in all.
    expect(JSON.parse(r.stdout).sequential.spent_alpha).toBeCloseTo(0.05, 12);
  });

  it('runs the first round of the longest design (a level below double precision, floored)', async () => {
    const r = await run(...seq, '--max-trials', '50', ...sides(base.slice(0, 1), worse.slice(0, 1)), '--format', 'json');
    expect(r.stderr).toMatch(/^benchgate: inconclusive .*round 1 of at most 50: continue/);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).sequential).toMatchObject({ rounds: 1, max_rounds: 50, reason: 'continue' });
  });

  it('the same files without --sequential give the fixed design: no sequential section', async () => {
    const r = await run('compare', '--decide', 'significant', ...sides(base.slice(0, 3), worse.slice(0, 3)), '--format', 'json');
    const report = JSON.parse(r.stdout);
    expect(report.significance.confidence).toBe(0.95);
    expect(Object.keys(report)).not.toContain('sequential');
    const md = await run('compare', '--decide', 'significant', ...sides(base.slice(0, 3), worse.slice(0, 3)));
    expect(md.stdout).not.toContain('Sequential');
  });

  it('refuses options that cannot apply, and rounds the design cannot take', async () => {
    const cases: [string[], string][] = [
      [
        ['compare', '--sequential', ...sides(base.slice(0, 1), worse.slice(0, 1))],
        '--sequential has no effect with --decide point (the default): it decides the significant policy round by round; add --decide significant',
      ],
      [
        ['compare', '--decide', 'significant', '--max-trials', '5', ...sides(base.slice(0, 1), worse.slice(0, 1))],
        '--max-trials 5 has no effect without --sequential: it is the most rounds a sequential decision may run',
      ],
      [
        [...seq, '--max-trials', '1', ...sides(base.slice(0, 1), worse.slice(0, 1))],
        'Invalid value "1" for --max-trials: expected a whole number of rounds (trials per side) from 2 to 50',
      ],
      [
        [...seq, '--max-trials', 'ten', ...sides(base.slice(0, 1), worse.slice(0, 1))],
        'Invalid value "ten" for --max-trials: expected a whole number of rounds (trials per side) from 2 to 50',
      ],
      [
        [...seq, '--max-trials', '51', ...sides(base.slice(0, 1), worse.slice(0, 1))],
        'Invalid value "51" for --max-trials: expected a whole number of rounds (trials per side) from 2 to 50',
      ],
      [
        [...seq, ...sides(base.slice(0, 2), worse.slice(0, 1))],
        '--sequential needs one trial of each side per round: got 2 baseline and 1 candidate file; give the same number of each',
      ],
      [
        [...seq, '--max-trials', '2', ...sides(base.slice(0, 3), worse.slice(0, 3))],
        '--sequential with --max-trials 2: got 3 trials per side, more than the 2 rounds the design allows; raise --max-trials (up to 50) before the first round, never after looking',
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await run(...argv);
      expect(r.stderr).toBe(`benchgate: error: ${message}\n`);
      expect(r.code).toBe(2);
    }
  });

  it('takes --decide significant from the configuration file', async () => {
    const config = join(tmp, 'benchgate.yml');
    writeFileSync(config, 'decide: significant\n');
    const r = await run('compare', '--config', config, '--sequential', ...sides(base.slice(0, 3), worse.slice(0, 3)), '--format', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).sequential).toMatchObject({ rounds: 3, reason: 'decided' });
  });
});
