// `benchgate compare --decide significant` with the reward margin on the baseline's reward scale
// (issue 45, item 3): the JSON report's margin and margin_basis, the markdown's line, a number kept
// absolute, a percentage of the scale, and a sequence whose margin stays the first look's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../../helpers/cli-run.js';
import { type CaseSpec, rlmSummary } from '../../helpers/rlm-builder.js';

const dir = mkdtempSync(join(tmpdir(), 'bg-margins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const N = 101;
const id = (i: number): string => `case_${String(i).padStart(3, '0')}`;

/** Every case completed, case i's reward `reward(i)`; `failed` cases are rlm-code failure rows (reward −1.0). */
function write(name: string, reward: (i: number) => number, failed: readonly number[] = [], strategy = 'tool_call'): string {
  const cases: CaseSpec[] = Array.from({ length: N }, (_, i) =>
    failed.includes(i) ? { id: id(i), error: 'ValueError: boom' } : { id: id(i), reward: reward(i), steps: 3 },
  );
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name.replace(/\.json$/, ''), strategy, cases })));
  return path;
}

/** Rewards 0–1.4 evenly, rounded to 4 places as rlm-code writes them. */
const even = (i: number): number => Number(((1.4 * i) / (N - 1)).toFixed(4));
const baseline = write('base.json', even, [50]);
const candidate = write('cand.json', (i) => even((i * 37) % N), [], 'codemode');
const candidate2 = write('cand-2.json', (i) => even((i * 41) % N), [], 'codemode');

type Gate = { gate: string; margin: number; margin_basis: string };
async function rewardGate(...flags: string[]): Promise<Gate> {
  const r = await runCli('compare', '--decide', 'significant', ...flags, '--format', 'json');
  expect(r.stderr).not.toContain('error');
  const report = JSON.parse(r.stdout) as { significance: { gates: Gate[] } };
  const g = report.significance.gates.find((x) => x.gate === 'reward') as Gate;
  return { gate: g.gate, margin: g.margin, margin_basis: g.margin_basis };
}

describe('the reward margin on the baseline reward scale', () => {
  it("defaults to 5% of the baseline's 5th–95th percentile range (one failure row does not stretch it), said in the JSON and the markdown", async () => {
    const g = await rewardGate('--baseline', baseline, '--candidate', candidate);
    // 101 rows 0–1.4, the one at 0.7 a failure row at −1.0: the 5th–95th percentile is 0.056 to 1.33 (1.274), not −1.00 to 1.40.
    expect(g.margin).toBeCloseTo(0.05 * 1.274, 12);
    expect(g.margin_basis).toBe("5% of the baseline's reward range 0.06 to 1.33 (5th–95th percentile of 101 rows) = 0.064");
    const md = await runCli('compare', '--decide', 'significant', '--baseline', baseline, '--candidate', candidate);
    expect(md.stdout).toContain("Reward margin: 5% of the baseline's reward range 0.06 to 1.33 (5th–95th percentile of 101 rows) = 0.064.");
    expect(md.stdout).toMatch(/\| Reward \(mean\) \|.*margin 0\.0637/);
  });

  it('a number stays absolute, a percentage is a share of the scale, in the flag and in the configuration file', async () => {
    expect(await rewardGate('--baseline', baseline, '--candidate', candidate, '--reward-margin', '0.07')).toEqual({
      gate: 'reward',
      margin: 0.07,
      margin_basis: '0.070 absolute (in reward units)',
    });
    const tenth = await rewardGate('--baseline', baseline, '--candidate', candidate, '--reward-margin', '10%');
    expect(tenth.margin).toBeCloseTo(0.1 * 1.274, 12);
    const config = join(dir, 'benchgate.yml');
    writeFileSync(config, 'reward_margin: "10%"\ncompletion_margin: 0.02\n');
    const fromFile = await rewardGate('--config', config, '--baseline', baseline, '--candidate', candidate);
    expect(fromFile.margin).toBe(tenth.margin);
  });

  it("the candidate's rewards cannot move it: a candidate with a wider spread gets the same margin", async () => {
    const wide = write('wide.json', (i) => (i % 2 === 0 ? 0 : 1.4), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'codemode');
    expect(await rewardGate('--baseline', baseline, '--candidate', wide)).toEqual(await rewardGate('--baseline', baseline, '--candidate', candidate));
  });

  it("under --sequential the margin is the first look's: a later baseline trial on another scale does not move it", async () => {
    const first = await rewardGate('--sequential', '--baseline', baseline, '--candidate', candidate);
    const wider = write('base-2.json', (i) => 2 * even(i));
    const second = await rewardGate('--sequential', '--baseline', baseline, '--baseline', wider, '--candidate', candidate, '--candidate', candidate2);
    expect(second.margin_basis).toBe(first.margin_basis);
    expect(second.margin).toBe(first.margin);
    // Judged as a fixed design, both trials' rows make the scale.
    const fixed = await rewardGate('--baseline', baseline, '--baseline', wider, '--candidate', candidate, '--candidate', candidate2);
    expect(fixed.margin).toBeGreaterThan(first.margin);
  });
});
