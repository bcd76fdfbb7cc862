import { describe, expect, it } from 'vitest';

import type { PairedCase } from '../../../src/analysis/model.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { testGates } from '../../../src/analysis/significance/significance.js';
import { normalQuantile } from '../../../src/stats/distributions.js';
import { binomialUpperTail } from '../../../tools/calibrate/simulate.js';

const NO_LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
const ONE = { baseline: 1, candidate: 1 };

/** A single-trial case: completed or not on each side; reward = completion; steps as given. */
function pair(id: string, b: boolean, c: boolean, steps: [number, number] = [3, 3], labels: PairedCase['labels'] = NO_LABELS): PairedCase {
  return {
    id,
    labels,
    baseline: { trials: 1, successes: b ? 1 : 0, reward: b ? 1 : 0, steps: steps[0] },
    candidate: { trials: 1, successes: c ? 1 : 0, reward: c ? 1 : 0, steps: steps[1] },
  };
}

/** n cases: `regressed` pass→fail, `improved` fail→pass, the rest alternate pass→pass and fail→fail. */
function suite(n: number, regressed: number, improved: number, stepsNoise = false): PairedCase[] {
  return Array.from({ length: n }, (_, i) => {
    const steps: [number, number] = stepsNoise ? [3 + (i % 3), 3 + ((i * 7) % 3)] : [3, 3];
    if (i < regressed) return pair(`c${i}`, true, false, steps);
    if (i < regressed + improved) return pair(`c${i}`, false, true, steps);
    return pair(`c${i}`, i % 2 === 0, i % 2 === 0, steps);
  });
}

/** McNemar's exact one-sided p: P(B >= regressed), B ~ Binomial(regressed + improved, 1/2). */
function mcnemar(regressed: number, improved: number): number {
  const n = regressed + improved;
  let p = 0;
  let c = 1;
  for (let k = 0; k <= n; k++) {
    if (k >= regressed) p += c / 2 ** n;
    c = (c * (n - k)) / (k + 1);
  }
  return p;
}

const gate = (r: ReturnType<typeof testGates>, name: string) => r.gates.find((g) => g.gate === name)!;

describe('the significant policy', () => {
  it('identical deterministic runs: every gate holds exactly (no spread, nothing to test)', () => {
    const r = testGates(suite(30, 0, 0), DEFAULT_THRESHOLDS, ONE);
    expect(r.gates.map((g) => g.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(gate(r, 'completion')).toMatchObject({ estimate: 0, lower: 0, upper: 0, significant: false });
  });

  it('with 12 cases every sign pattern is enumerated and the completion test is exactly McNemar', () => {
    const r = testGates(suite(12, 5, 0), DEFAULT_THRESHOLDS, ONE);
    expect(r.method).toBe('exact');
    expect(r.patterns).toBe(4096);
    const c = gate(r, 'completion');
    expect(c.p_violated).toBeCloseTo(mcnemar(5, 0), 12); // 1/32
    expect(c.p_violated).toBeCloseTo(1 / 32, 12);
    expect(c.estimate).toBeCloseTo(-5 / 12, 12);
    // Reward equals completion and the regressions gate is its sign test: the max-T family moves
    // as one, so the adjustment costs nothing beyond γ.
    expect(c.p_violated_adjusted).toBeCloseTo(1 / 32 + 0.1 * 0.05, 12);
    expect(c.status).toBe('fail');
    expect(gate(r, 'completion_regressions')).toMatchObject({ regressed: 5, improved: 0, status: 'fail' });
  });

  it('5 regressions against 3 improvements is noise: undecided, with what would decide it', () => {
    const r = testGates(suite(12, 5, 3), DEFAULT_THRESHOLDS, ONE);
    const c = gate(r, 'completion');
    expect(c.p_violated).toBeCloseTo(mcnemar(5, 3), 12); // 0.363
    expect(c.status).toBe('inconclusive');
    expect(c.significant).toBe(false);
    expect(c.lower).toBeLessThan(0);
    expect(c.upper).toBeGreaterThan(0);
    expect(c.minimum_detectable).toBeGreaterThan(0);
    expect(c.units_needed).toBeGreaterThan(12);
  });

  it('a large drop fails at 95% and the upper bound is below the threshold', () => {
    const r = testGates(suite(300, 40, 5, true), DEFAULT_THRESHOLDS, ONE);
    expect(r.method).toBe('sampled');
    const c = gate(r, 'completion');
    expect(c.status).toBe('fail');
    expect(c.upper).toBeLessThan(0);
    expect(c.p_violated_adjusted).toBeLessThanOrEqual(0.05);
    expect(c.significant).toBe(true);
    // Steps moved by noise only and are far under +0.5: shown to hold.
    expect(gate(r, 'steps').status).toBe('pass');
  });

  it('a clear improvement on every gate promotes', () => {
    const r = testGates(suite(300, 2, 60, true), DEFAULT_THRESHOLDS, ONE);
    expect(r.gates.map((g) => g.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(gate(r, 'completion').lower).toBeGreaterThan(0);
  });

  it('a non-inferiority margin lets a same-agent pair pass the completion gate', () => {
    const t = { ...DEFAULT_THRESHOLDS, min_completion_delta: -0.1, min_reward_delta: -0.1 };
    const r = testGates(suite(400, 10, 10, true), t, ONE);
    expect(gate(r, 'completion').status).toBe('pass');
    expect(gate(r, 'completion').lower).toBeGreaterThan(-0.1);
    // The regressions gate has its default margin of 5 points: 10 against 10 of 400 is shown within it.
    expect(gate(r, 'completion_regressions')).toMatchObject({ status: 'pass', margin: 0.05 });
    // With no margin, 10 against 10 is undecided (an equal agent cannot be shown at least as good).
    const strict = testGates(suite(400, 10, 10, true), t, ONE, { margins: { completion_regressions: 0 } });
    expect(gate(strict, 'completion_regressions').status).toBe('inconclusive');
  });

  it('non-inferiority by default: an equal agent passes within 5 points; a drop shown at the threshold still fails', () => {
    const equal = testGates(suite(400, 10, 10, true), DEFAULT_THRESHOLDS, ONE);
    expect(equal.gates.map((g) => [g.gate, g.status])).toEqual([
      ['reward', 'pass'],
      ['completion', 'pass'],
      ['steps', 'pass'],
      ['completion_regressions', 'pass'],
    ]);
    // p_holds is the exact sign-flip share at −0.05 (the closed form), below α.
    expect(gate(equal, 'completion').p_holds).toBeLessThan(0.05);
    expect(equal.closed_form).toContain('completion');
    const worse = testGates(suite(400, 30, 5, true), DEFAULT_THRESHOLDS, ONE);
    expect(gate(worse, 'completion').status).toBe('fail');
    // Without margins the same equal agent is undecided on the quality gates.
    const strict = testGates(suite(400, 10, 10, true), DEFAULT_THRESHOLDS, ONE, { margins: { reward: 0, completion: 0, completion_regressions: 0 } });
    expect(gate(strict, 'completion').status).toBe('inconclusive');
  });

  it('is deterministic: the same input gives the same result', () => {
    const a = testGates(suite(200, 12, 4, true), DEFAULT_THRESHOLDS, ONE);
    const b = testGates(suite(200, 12, 4, true), DEFAULT_THRESHOLDS, ONE);
    expect(b).toEqual(a);
  });

  it('clusters: auto takes task_family with 20+ groups; with fewer, independent cases unless the data show them moving together', () => {
    const labelled = (groups: number) => suite(200, 12, 4, true).map((c, i) => ({ ...c, labels: { ...NO_LABELS, task_family: `f${i % groups}` } }));
    const many = testGates(labelled(25), DEFAULT_THRESHOLDS, ONE);
    expect(many.cluster).toMatchObject({ field: 'task_family', units: 25, correlation: null });
    // 4 groups, the changes spread evenly over them: no correlation, no warning, full case-level power.
    const few = testGates(labelled(4), DEFAULT_THRESHOLDS, ONE);
    expect(few.cluster.field).toBeNull();
    expect(few.cluster.correlation).toMatchObject({ field: 'task_family', groups: 4 });
    expect(few.cluster.correlation?.p).toBeGreaterThan(0.2);
    expect(few.cluster.note).toMatch(
      /^cases treated as independent: the 4 task_family groups spread no more than independent cases do \(correlation check p=[01]\.\d\d\)$/,
    );
    expect(few.drafts).toEqual([]);
    const forced = testGates(labelled(4), DEFAULT_THRESHOLDS, ONE, { cluster: 'task_family' });
    expect(forced.cluster).toMatchObject({ field: 'task_family', units: 4 });
    // Few clusters are the units of a cluster-robust t test (issue 31), not of 2^4 sign patterns.
    expect(forced.method).toBe('cluster-robust');
    expect(forced.drafts.map((d) => d.code)).toEqual(['too-few-clusters']);
    expect(forced.gates.filter((g) => g.status === 'fail')).toEqual([]);
  });

  it('a family shock: 6 groups whose cases all moved one way are clustered, and that is what the warning says', () => {
    // Families f0–f2: every discordant case regressed; f3–f5: every one improved (a per-run shock, ±).
    const shocked = Array.from({ length: 120 }, (_, i) => {
      const f = i % 6;
      const moved = i % 4 === 0;
      const c = moved ? pair(`c${i}`, f < 3, f >= 3) : pair(`c${i}`, i % 3 === 0, i % 3 === 0);
      return { ...c, labels: { ...NO_LABELS, task_family: `f${f}` } };
    });
    const r = testGates(shocked, DEFAULT_THRESHOLDS, ONE);
    expect(r.cluster).toMatchObject({ field: 'task_family', units: 6 });
    expect(r.cluster.correlation?.p).toBeLessThanOrEqual(0.2);
    expect(r.cluster.note).toContain('so the groups are the units of a small-sample cluster-robust t test');
    expect(r.method).toBe('cluster-robust');
    expect(r.drafts.map((d) => d.code)).toEqual(['too-few-clusters']);
    expect(r.drafts[0]?.message).toMatch(/^The cases of each task_family move together \(correlation check on (reward|completion), p=0\.\d{3}\)/);
    // The same cases without labels are independent: the case-level test sees 10 against 10.
    expect(
      testGates(
        shocked.map((c) => ({ ...c, labels: NO_LABELS })),
        DEFAULT_THRESHOLDS,
        ONE,
      ).cluster.field,
    ).toBeNull();
  });

  it('with one trial a side past 2^14 patterns the completion test is McNemar in closed form, not sampled', () => {
    const r = testGates(suite(300, 40, 25, true), DEFAULT_THRESHOLDS, ONE);
    expect(r.method).toBe('sampled');
    expect(r.closed_form).toEqual(['reward', 'completion', 'completion_regressions']);
    const c = gate(r, 'completion');
    expect(c.p_violated).toBeCloseTo(mcnemar(40, 25), 13);
    expect(gate(r, 'completion_regressions').p_violated).toBeCloseTo(mcnemar(40, 25), 13);
    // Steps are not −1/0/+1: sampled as before.
    expect(r.closed_form).not.toContain('steps');
  });

  it('an undecided gate is sized for a stated effect, not the observed one', () => {
    // With the default margin an undecided equal agent is sized for passing within it (checked below); without, for a drop.
    const NO_MARGINS = { margins: { reward: 0, completion: 0, completion_regressions: 0 } };
    const r = testGates(suite(200, 10, 10, true), DEFAULT_THRESHOLDS, ONE, NO_MARGINS);
    const c = gate(r, 'completion');
    expect(c.status).toBe('inconclusive');
    expect(c.sizing).toMatchObject({ effect: 0.05, decides: 'fail', trials: null });
    // 20 discordant of 200: per-case sd √0.1; n·((bar + z_0.8)·se/δ)² with the family's bar near 1.7–2.
    const se = Math.sqrt(0.1 * (200 / 199)) / Math.sqrt(200);
    // The sizing keeps the test's bar and the effect per unit's standard error, from which the verdict's sizing reads each gate's power.
    expect(c.sizing?.critical).toBeGreaterThan(1.6);
    expect(c.sizing?.critical).toBeLessThan(2.1);
    expect(c.sizing?.signal).toBeCloseTo(0.05 / (se * Math.sqrt(200)), 2);
    expect(c.units_needed).toBe(Math.ceil(200 * (((c.sizing!.critical + normalQuantile(0.8)) * se) / 0.05) ** 2));
    const lo = Math.ceil(200 * (((1.6 + normalQuantile(0.8)) * se) / 0.05) ** 2);
    const hi = Math.ceil(200 * (((2.1 + normalQuantile(0.8)) * se) / 0.05) ** 2);
    expect(c.units_needed).toBeGreaterThanOrEqual(lo);
    expect(c.units_needed).toBeLessThanOrEqual(hi);
    // A stated effect half as large needs four times the cases; a tolerance sizes for passing.
    const half = gate(testGates(suite(200, 10, 10, true), DEFAULT_THRESHOLDS, ONE, { ...NO_MARGINS, effects: { completion: 0.025 } }), 'completion');
    expect(Math.abs((half.units_needed as number) - 4 * (c.units_needed as number))).toBeLessThanOrEqual(4);
    const tolerant = gate(testGates(suite(200, 10, 10, true), { ...DEFAULT_THRESHOLDS, min_completion_delta: -0.02 }, ONE, NO_MARGINS), 'completion');
    expect(tolerant.sizing).toMatchObject({ effect: 0.02, decides: 'pass', trials: null });
    const margin = gate(testGates(suite(60, 6, 6, true), DEFAULT_THRESHOLDS, ONE), 'completion');
    expect(margin).toMatchObject({ status: 'inconclusive', sizing: { effect: 0.05, decides: 'pass', trials: null } });
  });

  it('with 3 trials the regressions gate, shown within its margin on the completion changes, is sized on their noise, not its signs', () => {
    // 64 cases of 3 trials a side, as (baseline, candidate) successes: changes of 0, ±1/3 or ±2/3 in the rate, signs 0 or ±1.
    const pattern: [number, number][] = [
      [3, 3],
      [0, 0],
      [2, 1],
      [1, 2],
      [3, 2],
      [2, 3],
      [3, 1],
      [1, 3],
    ];
    const three = Array.from({ length: 64 }, (_, i): PairedCase => {
      const [b, c] = pattern[i % 8] as [number, number];
      return {
        id: `c${i}`,
        labels: NO_LABELS,
        baseline: { trials: 3, successes: b, reward: b / 3, steps: 3 },
        candidate: { trials: 3, successes: c, reward: c / 3, steps: 3 },
      };
    });
    const r = testGates(three, DEFAULT_THRESHOLDS, { baseline: 3, candidate: 3 });
    const c = gate(r, 'completion');
    const reg = gate(r, 'completion_regressions');
    expect(c).toMatchObject({ status: 'inconclusive', sizing: { effect: 0.05, decides: 'pass' } });
    expect(reg).toMatchObject({ status: 'inconclusive', sizing: { effect: 0.05, decides: 'pass' } });
    // Completion's per-case sd: of 8 cases 4 move by 1/3 and 2 by 2/3, so s² = (64/63)·(12/9)/8; the pass bar z_0.95.
    const se = Math.sqrt((64 / 63) * (12 / 9 / 8)) / Math.sqrt(64);
    const needed = Math.ceil(64 * (((normalQuantile(0.95) + normalQuantile(0.8)) * se) / 0.05) ** 2);
    expect(c.units_needed).toBe(needed);
    // The regressions gate passes on the same test (passEvidence), so the same noise and the same promise: its signs (sd about 0.87,
    // over twice completion's) would promise about five times the cases.
    expect(reg.units_needed).toBe(needed);
    expect(reg.sizing?.signal).toBeCloseTo(c.sizing?.signal as number, 12);
    // The verdict: the three quality gates are one test here (reward is the rate, the regressions gate passes on completion's), so
    // together they need what completion needs; drawn with the signs' correlation to the rates (0.94) they would need more.
    expect(r.verdict_sizing?.decides).toBe('pass');
    expect(r.verdict_sizing?.units).toBeGreaterThanOrEqual(needed);
    expect(r.verdict_sizing?.units).toBeLessThanOrEqual(Math.ceil(needed * 1.02));
    // Without a margin the regressions gate is sized for a failure of its own sign test: its signs' noise, as before.
    const noMargin = gate(
      testGates(three, DEFAULT_THRESHOLDS, { baseline: 3, candidate: 3 }, { margins: { completion_regressions: 0 } }),
      'completion_regressions',
    );
    expect(noMargin.sizing?.decides).toBe('fail');
    const signSe = Math.sqrt((64 / 63) * (6 / 8)) / Math.sqrt(64);
    expect(noMargin.sizing?.signal).toBeCloseTo(0.05 / (signSe * Math.sqrt(64)), 12);
    // The few-cluster path (cluster-robust t, 10 families) folds the same way: the regressions gate is sized on completion's CR2 error.
    const families = three.map((x, i) => ({ ...x, labels: { ...NO_LABELS, task_family: `f${i % 10}` } }));
    const robust = testGates(families, DEFAULT_THRESHOLDS, { baseline: 3, candidate: 3 }, { cluster: 'task_family' });
    expect(robust.method).toBe('cluster-robust');
    const [rc, rr] = [gate(robust, 'completion'), gate(robust, 'completion_regressions')];
    expect(rr).toMatchObject({ status: 'inconclusive', sizing: { decides: 'pass' } });
    expect(rr.units_needed).toBe(rc.units_needed);
    expect(rr.sizing?.signal).toBeCloseTo(rc.sizing?.signal as number, 12);
  });

  it('a family that collapses while the others improve is named, even with no slice', () => {
    const collapsed = Array.from({ length: 120 }, (_, i) => {
      const f = i % 6;
      const c = f === 0 ? pair(`c${i}`, i % 12 !== 6, false) : pair(`c${i}`, i % 3 === 0, i % 3 === 0 || i % 5 === 1);
      return { ...c, labels: { ...NO_LABELS, task_family: `f${f}` } };
    });
    const r = testGates(collapsed, DEFAULT_THRESHOLDS, ONE);
    expect(r.heterogeneity).toMatchObject({ field: 'task_family', group: 'f0', cases: 20 });
    expect(r.heterogeneity?.change).toBeCloseTo(-0.5, 12);
    expect(r.heterogeneity?.rest).toBeGreaterThan(0);
    expect(testGates(suite(200, 12, 4, true), DEFAULT_THRESHOLDS, ONE).heterogeneity).toBeNull();
  });

  it('an unchecked regressions gate never decides; an infinite threshold decides itself', () => {
    const t = { ...DEFAULT_THRESHOLDS, fail_on_completion_regression: false, max_steps_increase: Infinity };
    const r = testGates(suite(100, 30, 0, true), t, ONE);
    expect(gate(r, 'completion_regressions')).toMatchObject({ gated: false, status: 'pass' });
    expect(gate(r, 'steps').status).toBe('pass');
    expect(gate(r, 'completion').status).toBe('fail');
  });

  it('refuses a confidence outside (0.5, 1)', () => {
    expect(() => testGates(suite(10, 1, 1), DEFAULT_THRESHOLDS, ONE, { confidence: 1 })).toThrow(/confidence/);
  });
});

describe('normalQuantile', () => {
  it('matches tabulated quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644853627, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621234, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306, 7);
    expect(normalQuantile(0.5)).toBe(0);
  });
});

describe('the closed form on a large suite', () => {
  it('is used at a zero threshold however large the suite (McNemar is linear), and left to sampling past its cost with a tolerance', () => {
    // 4,000 cases, 700 regressed and 700 improved: 701² (a, b) terms per evaluation, past the closed form's budget.
    const big = suite(4000, 700, 700);
    const r = testGates(big, DEFAULT_THRESHOLDS, ONE, { resamples: 199 });
    expect(r.closed_form).toContain('completion');
    // The reference in log space (2^1400 overflows a double): calibrate's own binomial tail.
    expect(gate(r, 'completion').p_violated).toBeCloseTo(binomialUpperTail(1400, 700), 10);
    const tolerant = testGates(big, { ...DEFAULT_THRESHOLDS, min_completion_delta: -0.05 }, ONE, { resamples: 199 });
    expect(tolerant.closed_form).not.toContain('completion');
    expect(tolerant.closed_form).toContain('completion_regressions');
  });
});
