// design: main in the action (issue 45): the baseline is main's runs at the base commit (a baseline
// artifact of several trials), the candidate one run of every case, judged as round 1 of 1 of the
// CLI's --design main. In process, against the results service double.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

  it("stamps when each run of main finished, and main-max-age judges main's runs by it", async () => {
    const run = bench.freshRun();
    const main = await job(double, root, 'baseline', run).run({ mode: 'run', suite: 's', role: 'baseline', command: suiteCommand('tool_call'), trials: '2' });
    expect(main.exitCode, main.log).toBe(0);
    const candidate = await job(double, root, 'candidate', run).run({ mode: 'run', suite: 's', role: 'candidate', command: suiteCommand('codemode') });
    expect(candidate.exitCode, candidate.log).toBe(0);
    const r = await gate(run, { decide: 'significant', design: 'main', 'main-max-age': '1d', 'fail-on-hold': 'false', 'fail-on-inconclusive': 'false' });
    expect(r.exitCode, r.log).toBe(0);
    const report = JSON.parse(readFileSync(r.outputs['report-json'] as string, 'utf8'));
    const finished = Date.parse(JSON.parse(readFileSync(main.outputs['summary-path'] as string, 'utf8')).metadata['command.finished_at']);
    expect(Date.now() - finished).toBeGreaterThanOrEqual(0);
    expect(Date.now() - finished).toBeLessThan(36e5);
    expect(report.findings.map((f: { code: string }) => f.code)).not.toContain('stale-baseline');
    const bad = await gate(run, { decide: 'significant', design: 'main', 'main-max-age': 'a week' });
    expect(bad.exitCode).toBe(1);
    expect(bad.log).toContain('main-max-age');
    expect(bad.log).toContain('an age above 0 in hours or days, such as 36h or 7d');
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

/** The suite under `strategy`, running only the cases of BENCHGATE_CASES_FILE when a round lists them. */
const roundCommand = (strategy: 'tool_call' | 'codemode') =>
  `${suiteCommand(strategy).replace(' --out ', ' ${BENCHGATE_CASES_FILE:+--cases-file "$BENCHGATE_CASES_FILE"} --out ')}`;

/** A look between rounds: the rounds of `run` so far judged, the next round's cases written to a file of the look's workspace. */
async function look(run: string, mainRounds: string, extra: Record<string, string> = {}) {
  const j = job(double, root, 'look', run);
  const r = await j.run({
    mode: 'compare',
    suite: 's',
    decide: 'significant',
    design: 'main',
    'main-rounds': mainRounds,
    'next-cases': 'next.json',
    'allow-findings': 'guardrail-rise',
    ...extra,
  });
  return { ...r, next: JSON.parse(readFileSync(join(j.workspace, 'next.json'), 'utf8')) as string[], workspace: j.workspace };
}

/** Round `round` of the candidate, running the cases `list` names (a file of the round job's workspace). */
async function round(run: string, n: number, list: readonly string[], strategy: 'tool_call' | 'codemode' = 'codemode') {
  const j = job(double, root, `round-${n}`, run);
  writeFileSync(join(j.workspace, 'round.json'), JSON.stringify(list));
  const r = await j.run({ mode: 'run', suite: 's', role: 'candidate', command: roundCommand(strategy), round: String(n), 'round-cases': 'round.json' });
  expect(r.exitCode, r.log).toBe(0);
  return r;
}

describe('design: main, in rounds (main-rounds, next-cases, round, round-cases)', () => {
  it('a look lists the cases the design draws for round 2; the round runs them; the gate judges both rounds, each at its look', async () => {
    const run = await sides('codemode', 3);
    const first = await look(run, '3');
    expect(first.exitCode, first.log).toBe(0);
    expect(first.outputs['verdict']).toBe('inconclusive');
    expect(first.outputs['next-round']).toBe('2');
    expect(first.next.length).toBeGreaterThan(0);
    expect(first.next.length).toBeLessThanOrEqual(10);
    expect(new Set(first.next).size).toBe(first.next.length);
    expect(first.summary).toContain(`round 2 runs ${first.next.length} of the 10 cases`);
    const ran = await round(run, 2, first.next);
    expect(ran.outputs['artifact-name']).toBe('benchgate-s-candidate-round-2');
    expect(ran.outputs['cases']).toBe(String(first.next.length));
    const r = await gate(run, { decide: 'significant', design: 'main', 'main-rounds': '3', 'fail-on-hold': 'false', 'fail-on-inconclusive': 'false' });
    expect(r.exitCode, r.log).toBe(0);
    const report = JSON.parse(readFileSync(r.outputs['report-json'] as string, 'utf8'));
    expect(report.main_design).toMatchObject({ main_runs: 3, rounds: 2, max_rounds: 3, cases: 10, case_runs: 10 + first.next.length });
    // At the last round a look lists nothing, whatever the verdict.
    const last = await look(run, '2');
    expect(last.outputs['next-round'], last.log).toBe('');
    expect(last.next).toEqual([]);
    // The gate draws round 2 with its own key: a list the look drew otherwise would be missing cases.
    expect(JSON.stringify(report.findings)).not.toContain('drawn for a round');
  });

  it('a round that skips cases drawn for it holds on the missing cases; more rounds than main-rounds are refused', async () => {
    const run = await sides('codemode', 3);
    const first = await look(run, '3');
    expect(first.next.length, first.log).toBeGreaterThan(1);
    await round(run, 2, first.next.slice(1));
    const r = await gate(run, { decide: 'significant', design: 'main', 'main-rounds': '3', 'fail-on-hold': 'false', 'fail-on-inconclusive': 'false' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('hold');
    expect(r.summary).toContain(`was drawn for a round of the candidate that did not run it: ${first.next[0]} (round 2)`);
    const one = await gate(run, { decide: 'significant', design: 'main', 'fail-on-hold': 'false' });
    expect(one.exitCode).toBe(1);
    expect(one.log).toContain('input "main-rounds": 1, but the run holds 2 rounds of the candidate');
  });

  it('a decided look lists nothing: a broken candidate held at its only round (main-rounds 1) has no round after it', async () => {
    const run = bench.freshRun();
    for (const [role, command, trials] of [
      ['baseline', suiteCommand('tool_call'), 3],
      [
        'candidate',
        `${suiteCommand('tool_call')}\nnode -e "const f='.rlm_code/rlm/benchmarks/tool_call.json';const s=JSON.parse(require('fs').readFileSync(f));for(const c of s.case_results){c.completed=false;c.total_reward=0}s.completed_cases=0;s.avg_reward=0;require('fs').writeFileSync(f,JSON.stringify(s))"`,
        1,
      ],
    ] as const) {
      const r = await job(double, root, role, run).run({ mode: 'run', suite: 's', role, command, trials: String(trials) });
      expect(r.exitCode, r.log).toBe(0);
    }
    // Not clustered: the example's 10 cases fall in 2 environments, too few clusters to decide anything.
    const first = await look(run, '1', { cluster: 'none' });
    expect(first.exitCode, first.log).toBe(0);
    expect(first.outputs['verdict'], first.log).toBe('hold');
    expect(first.outputs['next-round']).toBe('');
    expect(first.next).toEqual([]);
    expect(first.summary).toContain('no more rounds (decided)');
  });

  it('refuses rounds where they cannot be: round 2 without its list, a round of the baseline, a look outside design main', async () => {
    const run = bench.freshRun();
    const noList = await job(double, root, 'r', run).run({ mode: 'run', suite: 's', role: 'candidate', command: 'true', round: '2' });
    expect(noList.exitCode).toBe(1);
    expect(noList.log).toContain('input "round-cases": required with round: 2');
    const baseline = await job(double, root, 'r', run).run({ mode: 'run', suite: 's', role: 'baseline', command: 'true', round: '2', 'round-cases': 'x.json' });
    expect(baseline.exitCode).toBe(1);
    expect(baseline.log).toContain('input "round": only the candidate runs in rounds');
    const paired = await job(double, root, 'g', run).run({ mode: 'compare', suite: 's', decide: 'significant', 'next-cases': 'next.json' });
    expect(paired.exitCode).toBe(1);
    expect(paired.log).toContain('input "next-cases": lists the next round of the candidate under design: main');
  });
});
