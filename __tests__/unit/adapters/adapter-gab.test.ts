import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const dir = join(FIXTURES, 'adapters-gab');
const base = join(dir, 'baseline.json');
const cand = join(dir, 'candidate.json');

interface Report {
  verdict: string;
  gates: { reward: boolean };
  cases: { case_id: string; reward_regression: boolean }[];
  findings: { code: string; case_ids: string[]; message: string }[];
  benchmarks: { geomean_worse_factor: number; worse: string[]; benchmarks: { case_id: string; ratio: number; worse_factor: number }[] };
}

async function compareJson(b: string, c: string, ...args: string[]): Promise<{ code: number; report: Report }> {
  const r = await runCli('compare', '--baseline', b, '--candidate', c, '--format', 'json', ...args);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

const bench = (entries: [string, number][]): string => JSON.stringify(entries.map(([name, value]) => ({ name, unit: 'ns', value })));

describe('github-action-benchmark custom JSON', () => {
  it('is recognized, and the direction must be named: the file cannot say it', async () => {
    const r = await runCli('compare', '--baseline', base, '--candidate', cand);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'a github-action-benchmark file does not say whether bigger or smaller is better; give --input-format github-action-benchmark-bigger or github-action-benchmark-smaller',
    );
  });

  it('smaller is better: each benchmark a case, -ln(value) its reward (golden); a slowdown beyond the tolerance holds and is listed', async () => {
    const s = loadSummary(base, 'github-action-benchmark-smaller');
    expect(s.cases.map((c) => [c.id, c.reward, c.completed])).toEqual([
      ['parse 1 MB summary', -Math.log(41.2), true],
      ['compare 10k cases', -Math.log(12.5), true],
      ['render markdown', -Math.log(3.1), true],
    ]);
    expect(s.cases[0]?.extra).toEqual({ unit: 'ms', value: 41.2, range: '± 1.3', extra: '200 samples' });
    expectCanonical('gab-smaller', s);
    const { code, report } = await compareJson(base, cand, '--input-format', 'github-action-benchmark-smaller');
    expect(code).toBe(1);
    expect(report.findings.filter((f) => f.code === 'benchmark-regression').map((f) => f.case_ids)).toEqual([['compare 10k cases']]);
    expect(report.benchmarks.benchmarks.map((b) => [b.case_id, Number(b.worse_factor.toFixed(4))])).toEqual([
      ['compare 10k cases', 1.352],
      ['parse 1 MB summary', 0.9903],
      ['render markdown', 0.9677],
    ]);
    // The geometric mean (9.0 % worse) is within the 10 % tolerance: the reward gate passes.
    expect(report.gates.reward).toBe(true);
    expect(report.cases.filter((c) => c.reward_regression).map((c) => c.case_id)).toEqual(['compare 10k cases']);
    // Bigger is better reads the same change as a gain.
    expect((await compareJson(base, cand, '--input-format', 'github-action-benchmark-bigger')).code).toBe(0);
  });

  it('ratios, not raw values: a 2x slowdown is not outvoted by a 5 % gain on a larger number, nor a 0.5 % loss outweighs a 10 % gain', async () => {
    const d = tempFiles({
      'b.json': bench([
        ['small', 10],
        ['large', 1000],
      ]),
      'slow.json': bench([
        ['small', 20],
        ['large', 950],
      ]),
      'fast.json': bench([
        ['small', 9],
        ['large', 1005],
      ]),
    });
    const slow = await compareJson(join(d, 'b.json'), join(d, 'slow.json'), '--input-format', 'github-action-benchmark-smaller');
    expect(slow.code).toBe(1);
    expect(slow.report.benchmarks.worse).toEqual(['small']);
    expect(slow.report.benchmarks.geomean_worse_factor).toBeCloseTo(Math.sqrt(2 * 0.95), 12);
    expect(slow.report.gates.reward).toBe(false);
    const fast = await compareJson(join(d, 'b.json'), join(d, 'fast.json'), '--input-format', 'github-action-benchmark-smaller');
    expect(fast.code).toBe(0);
    expect(fast.report.findings).toEqual([]);
  });

  it('the tolerance is configurable: on the command line and in the configuration file', async () => {
    const smaller = ['--input-format', 'github-action-benchmark-smaller'];
    expect((await compareJson(base, cand, ...smaller, '--benchmark-tolerance', '40%')).code).toBe(0);
    expect((await compareJson(base, cand, ...smaller, '--benchmark-tolerance', '0.3')).code).toBe(1);
    const d = tempFiles({ 'loose.yml': 'benchmark_tolerance: "40%"\n', 'bad.yml': 'benchmark_tolerance: "ten"\n' });
    expect((await compareJson(base, cand, ...smaller, '--config', join(d, 'loose.yml'))).code).toBe(0);
    const bad = await runCli('compare', '--baseline', base, '--candidate', cand, ...smaller, '--config', join(d, 'bad.yml'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/benchmark_tolerance/);
    const flag = await runCli('compare', '--baseline', base, '--candidate', cand, ...smaller, '--benchmark-tolerance', 'lots');
    expect(flag.stderr).toContain('Invalid value "lots" for --benchmark-tolerance: expected a fraction of at least 0 or a percentage, such as 0.1 or 10%');
  });

  it('reads what the action reads: range and extra as a string or a number, value as a numeric string', () => {
    const d = tempFiles({ 'ok.json': JSON.stringify([{ name: 'a', unit: 'ns', value: '12.5', range: 0.5, extra: 3 }]) });
    expect(loadSummary(join(d, 'ok.json'), 'github-action-benchmark-bigger').cases[0]).toMatchObject({
      reward: Math.log(12.5),
      extra: { value: 12.5, range: 0.5, extra: 3 },
    });
  });

  it('names the entry and the field of a broken benchmark', () => {
    const d = tempFiles({
      'bad.json': JSON.stringify([
        { name: 'a', unit: 'ms', value: 1 },
        { name: 'b', unit: 'ms', value: 'fast' },
        { name: 'a', unit: 'ms', value: 2 },
        { name: 'z', unit: 'ms', value: 0 },
        { name: 'r', unit: 'ms', value: 1, range: { lo: 1 } },
      ]),
    });
    expect(() => loadSummary(join(d, 'bad.json'), 'github-action-benchmark-smaller')).toThrow(
      `${join(d, 'bad.json')}: 4 problems:\n  - $[1]: "value": expected a number, got the string "fast"\n  - $[3]: "value": expected a number above 0 (each benchmark is compared by its ratio to the baseline, as github-action-benchmark compares it), got the number 0\n  - $[4]: "range": expected a string or a number, got an object\n  - $[2]: case id "a" is also at $[0]; expected each id once`,
    );
  });
});
