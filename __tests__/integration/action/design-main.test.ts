// design: main in the action (issue 45): the baseline is main's runs at the base commit (a baseline
// artifact of several trials), the candidate one run of every case, judged as round 1 of 1 of the
// CLI's --design main. In process, against the results service double.
import { readFileSync } from 'node:fs';

import { beforeAll, describe, expect, it } from 'vitest';

import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { job, suiteCommand } from '../../helpers/in-process-jobs.js';
import { faultBench } from '../../helpers/scenarios/faults.js';

const bench = faultBench();
let double: ResultsServiceDouble;
let root: string;
beforeAll(() => void ({ double, root } = bench.doubles));

/** main's runs (`mainRuns` trials of tool_call) and the candidate's (`candidateTrials` of `strategy`) in a fresh run. */
async function sides(strategy: 'tool_call' | 'codemode', mainRuns: number, candidateTrials = 1): Promise<string> {
  const run = bench.freshRun();
  for (const [role, command, trials] of [
    ['baseline', suiteCommand('tool_call'), mainRuns],
    ['candidate', suiteCommand(strategy), candidateTrials],
  ] as const) {
    const r = await job(double, root, role, run).run({ mode: 'run', suite: 's', role, command, trials: String(trials) });
    expect(r.exitCode, r.log).toBe(0);
  }
  return run;
}

const gate = (run: string, inputs: Record<string, string>) =>
  job(double, root, 'gate', run).run({ mode: 'compare', suite: 's', 'report-dir': 'reports', 'allow-findings': 'guardrail-rise', ...inputs });

describe('design: main', () => {
  it("judges one run of the candidate against main's runs, and the JSON report says the design and what it spent", async () => {
    const run = await sides('codemode', 3);
    const r = await gate(run, { decide: 'significant', design: 'main', 'fail-on-hold': 'false', 'fail-on-inconclusive': 'false' });
    expect(r.exitCode, r.log).toBe(0);
    const report = JSON.parse(readFileSync(r.outputs['report-json'] as string, 'utf8'));
    expect(report.main_design).toMatchObject({ main_runs: 3, rounds: 1, max_rounds: 1, cases: 10, case_runs: 10 });
    expect(report.main_design.spend).toBeCloseTo(0.5, 10);
    expect(report.significance.trials).toEqual({ baseline: 3, candidate: 1 });
  });

  it('refuses a candidate of several trials, and decide: point, naming the input and what to give', async () => {
    const two = await sides('codemode', 3, 2);
    const many = await gate(two, { decide: 'significant', design: 'main' });
    expect(many.exitCode).toBe(1);
    expect(many.log).toContain('input "design": main takes one run of the candidate (every case once) against main\'s runs; the candidate holds 2 trials');
    const run = await sides('codemode', 3);
    const point = await gate(run, { decide: 'point', design: 'main' });
    expect(point.exitCode).toBe(1);
    expect(point.log).toMatch(/input "design": main judges main's runs against the candidate's with decide: significant|set decide: significant/);
  });

  it('the same pair under design: paired is judged case by case as before (the input changes the design, nothing else)', async () => {
    const run = await sides('codemode', 1);
    const r = await gate(run, { decide: 'significant', 'fail-on-hold': 'false', 'fail-on-inconclusive': 'false' });
    expect(r.exitCode, r.log).toBe(0);
    expect(JSON.parse(readFileSync(r.outputs['report-json'] as string, 'utf8')).main_design).toBeUndefined();
  });
});
