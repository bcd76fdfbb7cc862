// Each gate's margin on its metric's own scale (issue 45, item 3): completion absolute, reward a
// share of the baseline's scale, steps none; a number stays absolute and "5%" is a share.
import { describe, expect, it } from 'vitest';

import type { PairedCase } from '../../../src/analysis/model.js';
import { pairedCasesOf } from '../../../src/analysis/paired-cases.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { resolveMargins, rewardScale, SCALE_FLOOR } from '../../../src/analysis/significance/margins.js';
import { testGates } from '../../../src/analysis/significance/significance.js';

/** n rewards evenly from lo to hi. */
const spread = (n: number, lo: number, hi: number): number[] => Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));

describe('rewardScale', () => {
  it('reads the 5th–95th percentile of the rows: a few −1.0 failure rows do not widen it, as they widen the min–max range', () => {
    const rows = [...spread(396, 0, 1.4), -1, -1, -1, -1];
    const s = rewardScale(rows);
    expect(s.basis).toBe('percentiles');
    expect(s.rows).toBe(400);
    expect(s.lo).toBeGreaterThan(0);
    expect(s.hi).toBeLessThan(1.4);
    expect(s.hi - s.lo).toBeCloseTo(1.4 * 0.9, 1);
    // The min–max range would be 2.4: a margin of 0.12 instead of about 0.063.
    expect(resolveMargins(undefined, s).reward.value).toBeCloseTo(0.05 * (s.hi - s.lo), 12);
  });

  it('with 90% or more of the rows tied (a 1.0/0.0 reward at 97% success), the min–max range', () => {
    const s = rewardScale([...new Array<number>(97).fill(1), 0, 0, 0]);
    expect(s).toEqual({ lo: 0, hi: 1, basis: 'range', rows: 100 });
    expect(resolveMargins(undefined, s).reward).toEqual({ value: 0.05, basis: "5% of the baseline's reward range 0.00 to 1.00 (min–max of 100 rows) = 0.050" });
  });

  it('a constant baseline, or none, has the floor of 1 reward unit: the margin is 0.05, never 0', () => {
    for (const rows of [new Array<number>(50).fill(0.7), [], [NaN, NaN]]) {
      const s = rewardScale(rows);
      expect(s.basis).toBe('floor');
      expect(s.hi - s.lo).toBe(SCALE_FLOOR);
      expect(resolveMargins(undefined, s).reward.value).toBeCloseTo(0.05, 12);
    }
    expect(resolveMargins(undefined, rewardScale(new Array<number>(50).fill(0.7))).reward.basis).toBe(
      "5% of the baseline's reward scale (all 50 rows at 0.7: 1 reward unit) = 0.050",
    );
  });

  it('leaves out values that are not finite (a case not measured)', () => {
    expect(rewardScale([NaN, ...spread(101, 0, 1)])).toMatchObject({ basis: 'percentiles', rows: 101 });
  });
});

describe('resolveMargins', () => {
  const scale = rewardScale(spread(101, 0, 1.4));

  it('defaults: completion and its regressions 0.05 absolute, reward 5% of the scale, steps none', () => {
    const m = resolveMargins(undefined, scale);
    expect(m.completion).toEqual({ value: 0.05, basis: '0.050 absolute (5 points of the rate)' });
    expect(m.completion_regressions.value).toBe(0.05);
    expect(m.steps).toEqual({ value: 0, basis: 'none: the cap max_steps_increase is the tolerance' });
    expect(m.reward.value).toBeCloseTo(0.05 * 1.4 * 0.9, 12);
    expect(m.reward.basis).toBe("5% of the baseline's reward range 0.07 to 1.33 (5th–95th percentile of 101 rows) = 0.063");
  });

  it('an absolute number stays absolute whatever the scale; a share is of the scale', () => {
    const m = resolveMargins({ reward: 0.07, completion: { share: 0.1 } }, scale);
    expect(m.reward).toEqual({ value: 0.07, basis: '0.070 absolute (in reward units)' });
    // A rate's scale is 0–1: 10% of it is 0.1.
    expect(m.completion).toEqual({ value: 0.1, basis: "10% of the rate's scale 0–1 = 0.100" });
    expect(resolveMargins({ reward: { share: 0.1 } }, scale).reward.value).toBeCloseTo(0.1 * 1.4 * 0.9, 12);
    expect(resolveMargins({ reward: 0 }, scale).reward).toEqual({ value: 0, basis: '0: shown at least as good' });
  });

  it('refuses a negative or non-finite margin, and a relative one on steps, naming the gate', () => {
    expect(() => resolveMargins({ reward: -0.1 }, scale)).toThrow('the reward margin must be a finite number of at least 0, got -0.1');
    expect(() => resolveMargins({ completion: { share: NaN } }, scale)).toThrow('the completion margin must be');
    expect(() => resolveMargins({ steps: { share: 0.05 } }, scale)).toThrow('the steps gate takes no relative margin, got 5%');
  });
});

describe('testGates: the margin comes from the baseline side only', () => {
  const NO_LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
  const ONE = { baseline: 1, candidate: 1 };
  /** 200 cases, each completed; the baseline's rewards 0–1.4, the candidate's as given per case. */
  const suite = (candidate: (i: number, b: number) => number): PairedCase[] =>
    Array.from({ length: 200 }, (_, i) => {
      const b = (1.4 * ((i * 37) % 200)) / 199;
      return {
        id: `c${i}`,
        labels: NO_LABELS,
        baseline: { trials: 1, successes: 1, reward: b, steps: 3 },
        candidate: { trials: 1, successes: 1, reward: candidate(i, b), steps: 3 },
      };
    });
  const reward = (cases: PairedCase[], options = {}) =>
    testGates(pairedCasesOf(cases), DEFAULT_THRESHOLDS, ONE, options).gates.find((g) => g.gate === 'reward');

  it("a candidate's rewards cannot move its margin: the same baseline gives the same margin and basis", () => {
    const equal = reward(suite((_, b) => b));
    const wide = reward(suite((i) => (i % 2 === 0 ? -1 : 3)));
    expect(equal?.margin).toBeCloseTo(0.05 * 1.4 * 0.9, 2);
    expect(wide?.margin).toBe(equal?.margin);
    expect(wide?.margin_basis).toBe(equal?.margin_basis);
  });

  it("a fixed scale (a sequence's first look) is used as given, whatever this look's baseline", () => {
    const fixed = { lo: 0, hi: 2, basis: 'percentiles' as const, rows: 50 };
    expect(
      reward(
        suite((_, b) => b),
        { marginScale: fixed },
      )?.margin,
    ).toBeCloseTo(0.1, 12);
  });

  it('a margin on the reward scale decides: an equal candidate whose rewards differ a little is shown within 5% of the scale', () => {
    // Per case ±0.3 around the baseline (a standard error of 0.021): within 0.063 of it, not shown within an absolute 0.01.
    const noisy = suite((i, b) => b + (i % 2 === 0 ? 0.3 : -0.3));
    expect(reward(noisy)?.status).toBe('pass');
    expect(reward(noisy, { margins: { reward: 0.01 } })?.status).toBe('inconclusive');
  });
});
