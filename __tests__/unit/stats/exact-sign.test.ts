import { describe, expect, it } from 'vitest';

import { ExactSign, ternaryCounts } from '../../../src/stats/exact-sign.js';
import { countAtLeast, countAtMost, flippedMeans, signPatterns } from '../../../src/stats/sign-flip.js';

/** The enumerated sign-flip shares (sign-flip.ts) of a small ternary suite: the reference the closed form must equal. */
function enumerated(I: number, R: number, Z: number) {
  const d = [...Array<number>(I).fill(1), ...Array<number>(R).fill(-1), ...Array<number>(Z).fill(0)];
  const ps = signPatterns(new Float64Array(d.length).fill(1), [Float64Array.from(d)], 10);
  return { count: ps.count, sorted: flippedMeans(ps, 0) };
}

describe('the closed-form sign-flip test for −1/0/+1 differences', () => {
  it.each([
    [3, 2, 7],
    [1, 4, 5],
    [0, 3, 6],
    [5, 5, 2],
    [6, 0, 6],
  ])('equals the enumeration of all 2^n patterns: %i improved, %i regressed, %i tied', (I, R, Z) => {
    const { count, sorted } = enumerated(I, R, Z);
    const e = new ExactSign({ improved: I, regressed: R, tied: Z });
    for (const tau of [0, -0.1, 0.1, -0.25, 0.3, -1 / 3, 0.5, 1, -1]) {
      expect(e.atLeast(tau)).toBeCloseTo((1 + countAtLeast(sorted, tau)) / count, 12);
      expect(e.atMost(tau)).toBeCloseTo((1 + countAtMost(sorted, tau)) / count, 12);
    }
    const k = Math.floor(0.05 * count) - 1;
    expect(e.bound((k + 2) / count, true)).toBeCloseTo(sorted[k] as number, 8);
    expect(e.bound((k + 2) / count, false)).toBeCloseTo(sorted[sorted.length - 1 - k] as number, 8);
  });

  it('at τ = 0 it is McNemar: 40 regressed, 25 improved, 335 tied gives P(B ≥ 40), B ~ Binomial(65, ½)', () => {
    let tail = 0;
    let c = 1; // C(65, k), exact in doubles up to 2^53 and far beyond in relative terms
    for (let k = 0; k <= 65; k++) {
      if (k >= 40) tail += c / 2 ** 65;
      c = (c * (65 - k)) / (k + 1);
    }
    expect(new ExactSign({ improved: 25, regressed: 40, tied: 335 }).atLeast(0)).toBeCloseTo(tail, 14);
  });

  it('counts only −1, 0 and +1', () => {
    expect(ternaryCounts([1, 0, -1, -1])).toEqual({ improved: 1, regressed: 2, tied: 1 });
    expect(ternaryCounts([1, 0.5])).toBeNull();
  });
});
