import { describe, expect, it } from 'vitest';
import { testGates, type PairedCase } from '../src/analysis/significance.js';
import { DEFAULT_THRESHOLDS } from '../src/analysis/thresholds.js';
import { normalQuantile } from '../src/stats/distributions.js';

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
    // The regressions gate has no margin: 10 against 10 is undecided.
    expect(gate(r, 'completion_regressions').status).toBe('inconclusive');
  });

  it('is deterministic: the same input gives the same result', () => {
    const a = testGates(suite(200, 12, 4, true), DEFAULT_THRESHOLDS, ONE);
    const b = testGates(suite(200, 12, 4, true), DEFAULT_THRESHOLDS, ONE);
    expect(b).toEqual(a);
  });

  it('clusters: auto takes task_family with 20+ groups; fewer groups are reported and not used', () => {
    const labelled = (groups: number) =>
      suite(200, 12, 4, true).map((c, i) => ({ ...c, labels: { ...NO_LABELS, task_family: `f${i % groups}` } }));
    const many = testGates(labelled(25), DEFAULT_THRESHOLDS, ONE);
    expect(many.cluster).toMatchObject({ field: 'task_family', units: 25 });
    const few = testGates(labelled(4), DEFAULT_THRESHOLDS, ONE);
    expect(few.cluster.field).toBeNull();
    expect(few.drafts.map((d) => d.code)).toEqual(['too-few-clusters']);
    const forced = testGates(labelled(4), DEFAULT_THRESHOLDS, ONE, { cluster: 'task_family' });
    expect(forced.cluster).toMatchObject({ field: 'task_family', units: 4 });
    expect(forced.method).toBe('exact');
    expect(forced.drafts.map((d) => d.code)).toEqual(['too-few-clusters']);
    expect(forced.gates.filter((g) => g.status === 'fail')).toEqual([]);
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
