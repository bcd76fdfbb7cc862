// The per-run group noise of repeated trials (variance components), in place of the correlation check.
import { describe, expect, it } from 'vitest';

import type { PairedCase, RunOutcomes, SideRuns } from '../../../src/analysis/model.js';
import { pairedCasesOf } from '../../../src/analysis/paired-cases.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { runNoiseOf } from '../../../src/analysis/significance/run-noise.js';
import { testGates } from '../../../src/analysis/significance/significance.js';
import { methodLine } from '../../../src/report/sections/significance.js';

const N = 60;
const T = 4;
const family = (i: number): number => Math.floor(i / 20);

/** T runs of one side: case i completes in run r when `ok(i, r)`. */
function side(ok: (i: number, r: number) => boolean): RunOutcomes[] {
  return Array.from({ length: T }, (_, r) => {
    const completion = Float64Array.from({ length: N }, (_, i) => (ok(i, r) ? 1 : 0));
    return { completion, reward: Float64Array.from(completion, (x) => 0.1 + 0.8 * x), steps: new Float64Array(N).fill(3) };
  });
}

function casesOf(runs: SideRuns): PairedCase[] {
  const evidence = (rs: readonly RunOutcomes[], i: number) => {
    const successes = rs.reduce((a, r) => a + (r.completion[i] as number), 0);
    return { trials: rs.length, successes, reward: rs.reduce((a, r) => a + (r.reward[i] as number), 0) / rs.length, steps: 3 };
  };
  return Array.from({ length: N }, (_, i) => ({
    id: `c${String(i).padStart(2, '0')}`,
    labels: { environment: null, task_family: `f${family(i)}`, domain: null, split: null, length_bucket: null },
    baseline: evidence(runs.baseline, i),
    candidate: evidence(runs.candidate, i),
  }));
}

// Each case alone flips from run to run, the families' run means do not move: no group shock.
const quiet: SideRuns = { baseline: side((i, r) => (i + r) % 2 === 0), candidate: side((i, r) => (i + r + 1) % 2 === 0) };
// In odd runs the candidate's family 0 fails as a whole, in even runs it succeeds as a whole: a per-run shock.
const shocked: SideRuns = { baseline: quiet.baseline, candidate: side((i, r) => (family(i) === 0 ? r % 2 === 0 : (i + r + 1) % 2 === 0)) };

describe('runNoiseOf', () => {
  it('finds no group shock when the families’ run means do not move, and one when a family moves as a whole', () => {
    const q = runNoiseOf(pairedCasesOf(casesOf(quiet)), 'task_family', quiet);
    expect(q?.completionShock).toEqual({ baseline: 0, candidate: 0 });
    expect(q?.gates.completion.variance).toBe(0);
    const s = runNoiseOf(pairedCasesOf(casesOf(shocked)), 'task_family', shocked);
    expect(s?.completionShock.baseline).toBe(0);
    expect(s?.completionShock.candidate).toBeGreaterThan(0.05);
    expect(s?.gates.completion.variance).toBeGreaterThan(0);
    // Its pseudo-residuals carry exactly the added variance, and every gate has as many.
    const r = s?.gates.completion.residuals as Float64Array;
    expect(r.reduce((a, x) => a + x * x, 0)).toBeCloseTo(s?.gates.completion.variance as number, 12);
    expect(s?.gates.reward.residuals.length).toBe(r.length);
    expect(s?.groups).toBe(3);
  });

  it('needs 2+ runs a side, every case measured in every run, and 2+ groups', () => {
    const cases = pairedCasesOf(casesOf(quiet));
    expect(runNoiseOf(cases, 'task_family', { baseline: quiet.baseline.slice(0, 1), candidate: quiet.candidate })).toBeNull();
    const hole = quiet.candidate.map((r, k) => (k === 0 ? { ...r, reward: Float64Array.from(r.reward, (x, i) => (i === 5 ? NaN : x)) } : r));
    expect(runNoiseOf(cases, 'task_family', { baseline: quiet.baseline, candidate: hole })).toBeNull();
    expect(runNoiseOf(cases, 'domain', quiet)).toBeNull();
  });
});

describe('testGates with the runs', () => {
  it('auto on few groups: cases as units with the runs’ variance, no correlation check; an explicit cluster is kept', () => {
    const cases = casesOf(shocked);
    const withRuns = testGates(cases, DEFAULT_THRESHOLDS, { baseline: T, candidate: T }, { runs: shocked });
    expect(withRuns.method).toBe('variance-components');
    expect(withRuns.cluster).toMatchObject({ field: null, units: N, correlation: null });
    expect(withRuns.cluster.note).toMatch(/per-run noise of the 3 task_family groups estimated from the trials/);
    expect(methodLine(withRuns)).toMatch(
      /^<sub>Paired over 60 cases \(4 baseline and 4 candidate trials\), cases as units, with the per-run noise .*; t test on the mean change with that variance added to the cases' own \(Satterthwaite degrees of freedom; 9,999 seeded draws adjust across the gates\)\./,
    );
    const without = testGates(cases, DEFAULT_THRESHOLDS, { baseline: T, candidate: T });
    expect(without.method).not.toBe('variance-components');
    expect(without.cluster.correlation).not.toBeNull();
    // The shock widens the completion bounds beyond the cases' own spread.
    const completion = (r: typeof withRuns) => r.gates.find((g) => g.gate === 'completion') as (typeof r.gates)[number];
    const quietRuns = testGates(casesOf(quiet), DEFAULT_THRESHOLDS, { baseline: T, candidate: T }, { runs: quiet });
    expect(completion(quietRuns).upper - completion(quietRuns).lower).toBeLessThan(completion(withRuns).upper - completion(withRuns).lower);
    expect(testGates(cases, DEFAULT_THRESHOLDS, { baseline: T, candidate: T }, { runs: shocked, cluster: 'task_family' }).method).toBe('cluster-robust');
  });
});
