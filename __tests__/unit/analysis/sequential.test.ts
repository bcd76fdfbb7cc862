import { describe, expect, it } from 'vitest';

import type { GateTest } from '../../../src/analysis/model.js';
import { decideSequential, moreRounds, roundsToCross, sequentialConfidence } from '../../../src/analysis/significance/sequential.js';
import { normalQuantile } from '../../../src/stats/distributions.js';
import { boundariesAtFractions, normalUpper, obrienFlemingSpent, pocockSpent, sequentialBoundaries } from '../../../src/stats/sequential.js';
import { runSequentialCell } from '../../../tools/calibrate/sequential.js';

describe('normalUpper', () => {
  it('matches tabled tail probabilities and is symmetric', () => {
    expect(normalUpper(0)).toBeCloseTo(0.5, 7);
    expect(normalUpper(1.959963984540054)).toBeCloseTo(0.025, 8);
    expect(normalUpper(-1.959963984540054)).toBeCloseTo(0.975, 8);
    // 1 − Φ(6) = 9.865876e-10 (tables); relative accuracy in the far tail
    expect(normalUpper(6) / 9.865876450377e-10).toBeCloseTo(1, 5);
  });
});

describe('obrienFlemingSpent', () => {
  it('spends nothing at 0, everything at 1, and more as information grows', () => {
    expect(obrienFlemingSpent(0, 0.05)).toBe(0);
    expect(obrienFlemingSpent(1, 0.05)).toBe(0.05);
    // α(t) = 2 − 2Φ(z_{0.975}/√t); at t = 1/4: 2·(1 − Φ(3.919928)) = 8.8618e-5
    expect(obrienFlemingSpent(0.25, 0.05) / 8.8618e-5).toBeCloseTo(1, 3);
    for (let t = 0.1; t < 1; t += 0.1) expect(obrienFlemingSpent(t + 0.1, 0.05)).toBeGreaterThan(obrienFlemingSpent(t, 0.05));
  });
});

/**
 * P(Z1 < c1, Z2 ≥ c2) for two looks at information fractions t and 1, Z2 = √t·Z1 + √(1 − t)·W:
 * ∫_{−∞}^{c1} φ(z1)·P(W ≥ (c2 − √t·z1)/√(1 − t)) dz1, by Simpson's rule on a fine grid (an
 * integral independent of the recursion in stats/sequential.ts).
 */
function crossedSecond(c1: number, c2: number, t: number): number {
  const n = 20000;
  const lo = -12;
  const h = (c1 - lo) / n;
  let s = 0;
  for (let i = 0; i <= n; i++) {
    const z1 = lo + i * h;
    const w = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
    s += w * (Math.exp(-(z1 * z1) / 2) / Math.sqrt(2 * Math.PI)) * normalUpper((c2 - Math.sqrt(t) * z1) / Math.sqrt(1 - t));
  }
  return (s * h) / 3;
}

describe('sequentialBoundaries', () => {
  it('is the fixed test with one look', () => {
    const [look] = sequentialBoundaries(0.05, 1);
    expect(look?.z).toBeCloseTo(normalQuantile(0.95), 6);
    expect(look?.nominal).toBeCloseTo(0.05, 7);
  });

  it("matches the published Lan-DeMets O'Brien-Fleming boundaries (one-sided 0.025, 5 equally spaced looks)", () => {
    // Jennison & Turnbull (2000), gsDesign and rpact all give 4.8769, 3.3569, 2.6803, 2.2898, 2.0310.
    const z = sequentialBoundaries(0.025, 5).map((l) => l.z);
    [4.8769, 3.3569, 2.6803, 2.2898, 2.031].forEach((c, i) => expect(z[i]).toBeCloseTo(c, 3));
  });

  it('spends exactly α over two looks (an independent integral of the bivariate normal)', () => {
    const alpha = 0.05;
    const [a, b] = sequentialBoundaries(alpha, 2);
    // With Z2 = (Z1 + W)/√2.
    const c1 = a?.z as number;
    const total = normalUpper(c1) + crossedSecond(c1, b?.z as number, 0.5);
    expect(total).toBeCloseTo(alpha, 5); // the grid (step 0.025) is good to about 1e-6
    expect(normalUpper(c1)).toBeCloseTo(obrienFlemingSpent(0.5, alpha), 9);
  });

  it('at observed information fractions: equal spacing gives the same looks, and two unequal looks spend exactly α', () => {
    for (const spending of ['obrien-fleming', 'pocock'] as const) {
      const equal = sequentialBoundaries(0.05, 10, spending);
      const at = boundariesAtFractions(
        0.05,
        equal.map((l) => l.round / 10),
        10,
        spending,
      );
      at.forEach((l, i) => expect(l.z).toBeCloseTo(equal[i]?.z as number, 6));
    }
    // Looks at t = 0.3 and 1: Z2 = √0.3·Z1 + √0.7·W.
    const [a, b] = boundariesAtFractions(0.05, [0.3, 1], 10, 'pocock');
    const c1 = a?.z as number;
    expect(normalUpper(c1)).toBeCloseTo(pocockSpent(0.3, 0.05), 8);
    expect(normalUpper(c1) + crossedSecond(c1, b?.z as number, 0.3)).toBeCloseTo(0.05, 5);
    expect(() => boundariesAtFractions(0.05, [0.5, 0.4], 10)).toThrow(/increase/);
  });

  it('has falling boundaries, rising nominal levels, and a last level below α but near it', () => {
    const looks = sequentialBoundaries(0.05, 10);
    for (let k = 1; k < looks.length; k++) expect(looks[k]?.z).toBeLessThan(looks[k - 1]?.z as number);
    const last = looks[9]?.nominal as number;
    expect(last).toBeLessThan(0.05);
    expect(last).toBeGreaterThan(0.03);
    expect(looks[9]?.spent).toBe(0.05);
  });

  it('refuses impossible designs', () => {
    expect(() => sequentialBoundaries(0.05, 0)).toThrow(/maxRounds/);
    expect(() => sequentialBoundaries(0.05, 51)).toThrow(/from 1 to 50/);
    expect(() => sequentialBoundaries(0.6, 5)).toThrow(/alpha/);
  });
});

describe('sequentialConfidence', () => {
  it("is 1 minus the look's nominal level", () => {
    const looks = sequentialBoundaries(0.05, 10);
    expect(sequentialConfidence(4, 10, 0.95)).toBe(1 - (looks[3]?.nominal as number));
    expect(sequentialConfidence(1, 1, 0.95)).toBeCloseTo(0.95, 7);
    expect(() => sequentialConfidence(11, 10, 0.95)).toThrow(/rounds must be an integer from 1 to 10/);
    // round 1 of 50: a level of about 1e-43, floored at 1e-12 so the confidence stays below 1
    expect(sequentialBoundaries(0.05, 50)[0]?.nominal).toBeLessThan(1e-40);
    expect(sequentialConfidence(1, 50, 0.95)).toBe(1 - 1e-12);
  });
});

describe('roundsToCross', () => {
  const looks = sequentialBoundaries(0.05, 10);
  it('is the first later round whose boundary the √rounds-grown statistic reaches', () => {
    // z = 2 after 2 rounds grows to 2·√(k/2): 2.83 at 4 (< 2.906), 3.16 at 5 (≥ 2.579)
    expect(looks[3]?.z).toBeGreaterThan(2 * Math.sqrt(2));
    expect(looks[4]?.z).toBeLessThan(2 * Math.sqrt(5 / 2));
    expect(roundsToCross(2, 2, looks)).toBe(3);
    expect(roundsToCross(10, 2, looks)).toBe(1);
  });
  it('is null with no trend or none within the maximum', () => {
    expect(roundsToCross(0, 2, looks)).toBeNull();
    expect(roundsToCross(-1, 2, looks)).toBeNull();
    expect(roundsToCross(0.2, 2, looks)).toBeNull();
  });
});

function gate(gate: GateTest['gate'], status: GateTest['status'], p_violated_adjusted: number, p_holds: number): GateTest {
  return {
    gate,
    gated: true,
    direction: 'at_least',
    threshold: 0,
    margin: 0,
    margin_basis: '0: shown at least as good',
    baseline: null,
    candidate: null,
    estimate: 0,
    lower: 0,
    upper: 0,
    p_change: 1,
    p_violated: p_violated_adjusted,
    p_violated_adjusted,
    p_holds,
    status,
    significant: false,
    regressed: null,
    improved: null,
    minimum_detectable: null,
    units_needed: null,
    sizing: null,
  };
}

describe('moreRounds', () => {
  const looks = sequentialBoundaries(0.05, 10);
  // z = Φ⁻¹(1 − p): p = 1 − Φ(2) heads with z = 2 (3 more rounds from round 2, above); 1 − Φ(10) with z = 10 (1)
  const z2 = normalUpper(2);
  const z10 = normalUpper(10);
  it('takes the soonest gate heading to fail: a hold needs one', () => {
    expect(moreRounds([gate('reward', 'inconclusive', z2, 0.9), gate('completion', 'inconclusive', 0.5, z10)], 2, looks)).toBe(3);
  });
  it('takes the slowest gate heading to pass: a promote needs all', () => {
    expect(moreRounds([gate('reward', 'inconclusive', 0.9, z2), gate('completion', 'inconclusive', 0.9, z10), gate('steps', 'pass', 1, 0)], 2, looks)).toBe(3);
    expect(moreRounds([gate('reward', 'inconclusive', 0.5, 0.45), gate('completion', 'inconclusive', 0.9, z10)], 2, looks)).toBeNull();
  });
  it('is null when nothing is open', () => {
    expect(moreRounds([gate('reward', 'pass', 1, 0)], 2, looks)).toBeNull();
  });
});

describe('decideSequential', () => {
  it('stops on a decision, with the runs the fixed design would have spent', () => {
    const d = decideSequential('hold', [], 3, 10, 0.95);
    expect(d).toMatchObject({ stop: true, reason: 'decided', rounds: 3, max_rounds: 10, more_rounds: null, runs: { spent: 6, fixed: 20, saved: 14 } });
    expect(d.nominal_alpha).toBe(sequentialBoundaries(0.05, 10)[2]?.nominal);
  });
  it('stops undecided at the maximum, and continues before it', () => {
    expect(decideSequential('inconclusive', [], 10, 10, 0.95)).toMatchObject({ stop: true, reason: 'max-trials', runs: { spent: 20, fixed: 20, saved: 0 } });
    const d = decideSequential('inconclusive', [gate('reward', 'inconclusive', normalUpper(2), 0.9)], 2, 10, 0.95);
    expect(d).toMatchObject({ stop: false, reason: 'continue', more_rounds: 3, runs: { spent: 4, fixed: 20, saved: null } });
  });
});

describe('runSequentialCell (npm run calibrate -- --sequential)', () => {
  it('is seeded, counts every pair once, and stops a glaring drop before the maximum', () => {
    const cell = { cases: 60, shift: -0.6, maxRounds: 4 };
    const a = runSequentialCell(cell, 3, 7);
    expect(runSequentialCell(cell, 3, 7)).toEqual(a);
    expect(a.sequential.hold + a.sequential.promote + a.sequential.inconclusive).toBe(3);
    expect(a.fixed.hold + a.fixed.promote + a.fixed.inconclusive).toBe(3);
    // 60 cases, the candidate 60 points worse: every pair held, by the fixed design too, before round 4
    expect(a.sequential.hold).toBe(3);
    expect(a.agree).toBe(3);
    expect(a.rounds).toBeLessThan(3 * 4);
    expect(a.undecidedRounds).toBe(0);
  });
});
