// The correlation check of clusters.ts runs over several per-case series in one pass
// (groupCorrelationPs, issue 23: 2× faster on 100,000 cases). Each series must get the p-value the
// one-series loop gave before the change, bit for bit: `referenceP` below is that loop as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { correlationDraws, groupCorrelationP, groupCorrelationPs } from '../../../src/analysis/significance/group-correlation.js';
import { bitSource } from '../../../src/stats/distributions.js';

/** The loop before the fused version (commit cea877f), one series at a time, with a branch for the sign; flips re-centred (issue 31). */
function referenceP(perCase: ArrayLike<number>, groupOf: Int32Array, groups: number, draws = correlationDraws(perCase.length)): number {
  const n = perCase.length;
  if (groups < 2 || n === 0) return 1;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += perCase[i] as number;
  mean /= n;
  const e = new Float64Array(n);
  let spread = 0;
  for (let i = 0; i < n; i++) {
    e[i] = (perCase[i] as number) - mean;
    spread += Math.abs(e[i] as number);
  }
  if (spread === 0) return 1;
  const sums = new Float64Array(groups);
  const q = (): number => {
    let out = 0;
    for (let g = 0; g < groups; g++) out += (sums[g] as number) ** 2;
    return out;
  };
  for (let i = 0; i < n; i++) sums[groupOf[i] as number]! += e[i] as number;
  const observed = q();
  const next = bitSource(0x0c1a55e5);
  const size = new Float64Array(groups);
  for (let i = 0; i < n; i++) size[groupOf[i] as number]! += 1;
  // The flipped sums re-centred like the observed ones (issue 31): Σ_g (A_g − n_g·x̄)².
  const centred = (): number => {
    let tot = 0;
    for (let g = 0; g < groups; g++) tot += sums[g] as number;
    const mean = tot / n;
    let out = 0;
    for (let g = 0; g < groups; g++) out += ((sums[g] as number) - (size[g] as number) * mean) ** 2;
    return out;
  };
  let atLeast = 0;
  for (let r = 0; r < draws; r++) {
    sums.fill(0);
    let bits = 0;
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 0) bits = next();
      const s = (bits >>> (i & 31)) & 1 ? 1 : -1;
      sums[groupOf[i] as number]! += s * (e[i] as number);
    }
    if (centred() >= observed * (1 - 1e-12)) atLeast++;
  }
  return (1 + atLeast) / (1 + draws);
}

/** A problem: cases in groups, several series over them (some constant, some with a group shift). */
const problem = fc
  .record({ n: fc.integer({ min: 1, max: 90 }), groups: fc.integer({ min: 1, max: 7 }), series: fc.integer({ min: 1, max: 5 }), seed: fc.integer() })
  .chain(({ n, groups, series }) =>
    fc.record({
      groups: fc.constant(groups),
      groupOf: fc.array(fc.integer({ min: 0, max: groups - 1 }), { minLength: n, maxLength: n }).map((a) => Int32Array.from(a)),
      series: fc.array(
        fc.oneof(
          fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: n, maxLength: n }),
          fc.array(fc.constantFrom(-1, 0, 1), { minLength: n, maxLength: n }),
          fc.double({ min: -1, max: 1, noNaN: true }).map((v) => Array.from({ length: n }, () => v)),
        ),
        { minLength: series, maxLength: series },
      ),
      draws: fc.integer({ min: 1, max: 60 }),
    }),
  );

describe('groupCorrelationPs', () => {
  it('gives each series the one-series loop’s p-value, bit for bit', () => {
    fc.assert(
      fc.property(problem, ({ groups, groupOf, series, draws }) => {
        const fused = groupCorrelationPs(series, groupOf, groups, draws);
        const alone = series.map((s) => referenceP(s, groupOf, groups, draws));
        expect(fused).toEqual(alone);
        expect(series.map((s) => groupCorrelationP(s, groupOf, groups, draws))).toEqual(alone);
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it('agrees with the loop on a large suite with the default number of draws', () => {
    const n = 30_000;
    const next = bitSource(7);
    const groupOf = Int32Array.from({ length: n }, () => next() % 9);
    const shift = [0.3, 0, -0.2, 0, 0, 0.1, 0, 0, -0.4];
    const series = [
      Array.from({ length: n }, (_, i) => ((next() % 1000) / 1000) * 0.2 + (shift[groupOf[i] as number] as number)),
      Array.from({ length: n }, () => (next() % 10 === 0 ? -1 : 0)),
    ];
    const fused = groupCorrelationPs(series, groupOf, 9);
    expect(fused).toEqual(series.map((s) => referenceP(s, groupOf, 9)));
    expect(fused[0]).toBeLessThan(0.01); // the group shift is found
  });

  it('is 1 for a single group, no cases, or a series without spread', () => {
    expect(groupCorrelationPs([[1, 2, 3]], new Int32Array(3), 1)).toEqual([1]);
    expect(groupCorrelationPs([[]], new Int32Array(0), 3)).toEqual([1]);
    expect(
      groupCorrelationPs(
        [
          [2, 2, 2, 2],
          [0, 1, 0, 5],
        ],
        Int32Array.from([0, 1, 0, 1]),
        2,
        20,
      )[0],
    ).toBe(1);
  });

  it('refuses series of different lengths', () => {
    expect(() => groupCorrelationPs([[1, 2], [1]], Int32Array.from([0, 1]), 2)).toThrow(/series 1 has 1 cases, series 0 has 2/);
  });
});
