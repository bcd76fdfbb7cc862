import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSummary } from '../src/adapters/index.js';
import { runCli } from './helpers/cli-run.js';
import { expectCanonical, FIXTURES, tempFiles } from './helpers/adapter-files.js';

const dir = join(FIXTURES, 'adapters-gab');
const base = join(dir, 'baseline.json');
const cand = join(dir, 'candidate.json');

describe('github-action-benchmark custom JSON', () => {
  it('is recognized, and the direction must be named: the file cannot say it', async () => {
    const r = await runCli('compare', '--baseline', base, '--candidate', cand);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a github-action-benchmark file does not say whether bigger or smaller is better; give --input-format github-action-benchmark-bigger or github-action-benchmark-smaller');
  });

  it('smaller is better: each benchmark a case, the value negated as reward (golden); a slowdown holds', async () => {
    const s = loadSummary(base, 'github-action-benchmark-smaller');
    expect(s.cases.map((c) => [c.id, c.reward, c.completed])).toEqual([['parse 1 MB summary', -41.2, true], ['compare 10k cases', -12.5, true], ['render markdown', -3.1, true]]);
    expect(s.cases[0]?.extra).toEqual({ unit: 'ms', value: 41.2, range: '± 1.3', extra: '200 samples' });
    expectCanonical('gab-smaller', s);
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--input-format', 'github-action-benchmark-smaller', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { gates: { reward: boolean }; cases: { case_id: string; reward_regression: boolean }[] };
    expect(report.gates.reward).toBe(false);
    expect(report.cases.filter((c) => c.reward_regression).map((c) => c.case_id)).toEqual(['compare 10k cases']);
    // Bigger is better reads the same slowdown as a gain.
    expect((await runCli('compare', '--baseline', base, '--candidate', cand, '--input-format', 'github-action-benchmark-bigger')).code).toBe(0);
  });

  it('names the entry and the field of a broken benchmark', () => {
    const d = tempFiles({ 'bad.json': JSON.stringify([{ name: 'a', unit: 'ms', value: 1 }, { name: 'b', unit: 'ms', value: 'fast' }, { name: 'a', unit: 'ms', value: 2 }]) });
    expect(() => loadSummary(join(d, 'bad.json'), 'github-action-benchmark-smaller')).toThrow(`${join(d, 'bad.json')}: 2 problems:\n  - $[1]: "value": expected a number, got the string "fast"\n  - $[2]: case id "a" is also at $[0]; expected each id once`);
  });
});
