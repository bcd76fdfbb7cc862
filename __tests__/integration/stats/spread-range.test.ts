// The correlation check's kernel (stats/parallel.ts's spreadRange) visits the cases group by group
// with the group sums in locals (issue 23): every draw's spread Q must be the one the plain loop
// over the cases (the kernel before that change, plainQ below) gives, bit for bit, with 1 and 3
// series (their own loops) and 2, 4, 5 (the general one), each draw alone or within a range. The
// kernel says only whether Q reaches `observed`, so each draw is asked at the plain loop's Q
// (reached) and at the next double up (not).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { bitSourceAt, sharedFloat64, spreadRange } from '../../../src/stats/parallel.js';

/** The kernel's input: the cases grouped, ascending within each group, and their values in that order (as group-correlation.ts lays them out). */
function grouped(e: Float64Array, groupOf: Int32Array, n: number, L: number, groups: number) {
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) start[(groupOf[i] as number) + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g] as number;
  const order = new Int32Array(n);
  const at = start.slice(0, groups);
  for (let i = 0; i < n; i++) order[at[groupOf[i] as number]!++] = i;
  const sorted = new Float64Array(n * L);
  for (let t = 0; t < n; t++) for (let j = 0; j < L; j++) sorted[t * L + j] = e[(order[t] as number) * L + j] as number;
  return { sorted, order, start };
}

/** The kernel's loop before the change: the cases in order, the group sums in an array. Q per draw and series, re-centred. */
function plainQ(e: Float64Array, groupOf: Int32Array, n: number, L: number, groups: number, seed: number, draws: number): number[][] {
  const next = bitSourceAt(seed, 0);
  const out: number[][] = [];
  for (let r = 0; r < draws; r++) {
    const sums = new Float64Array(groups * L);
    let bits = 0;
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 0) bits = next();
      const s = (((bits >>> (i & 31)) & 1) << 1) - 1;
      for (let j = 0; j < L; j++) sums[(groupOf[i] as number) * L + j]! += s * (e[i * L + j] as number);
    }
    // Re-centred like the observed sums (issue 31): Σ_g (A_g − n_g·x̄)², x̄ = Σ_g A_g / n.
    const size = new Float64Array(groups);
    for (let i = 0; i < n; i++) size[groupOf[i] as number]! += 1;
    const qs: number[] = [];
    for (let j = 0; j < L; j++) {
      let tot = 0;
      for (let g = 0; g < groups; g++) tot += sums[g * L + j] as number;
      const mean = tot / n;
      let q = 0;
      for (let g = 0; g < groups; g++) q += ((sums[g * L + j] as number) - (size[g] as number) * mean) ** 2;
      qs.push(q);
    }
    out.push(qs);
  }
  return out;
}

/** The next double above a finite x ≥ 0. */
function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x === 0 ? 0 : x);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  return v.getFloat64(0);
}

const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.constantFrom(0, -0, 0.1, -0.9926, 1.0074, 1e15, -1e-9, 1 / 3),
);

const input = fc
  .record({ n: fc.integer({ min: 1, max: 200 }), L: fc.integer({ min: 1, max: 5 }), groups: fc.integer({ min: 1, max: 12 }) })
  .chain(({ n, L, groups }) =>
    fc.record({
      n: fc.constant(n),
      L: fc.constant(L),
      groups: fc.constant(groups),
      e: fc.array(value, { minLength: n * L, maxLength: n * L }),
      groupOf: fc.array(fc.integer({ min: 0, max: groups - 1 }), { minLength: n, maxLength: n }),
      seed: fc.integer(),
      draws: fc.integer({ min: 1, max: 12 }),
    }),
  );

describe('spreadRange', () => {
  it('gives each draw the spread Q of the plain loop over the cases, bit for bit, alone or in a range of 2 or 3', () => {
    fc.assert(
      fc.property(input, ({ n, L, groups, e, groupOf, seed, draws }) => {
        const E = Float64Array.from(e);
        const G = Int32Array.from(groupOf);
        const want = plainQ(E, G, n, L, groups, seed, draws + 2);
        const { sorted, order, start } = grouped(E, G, n, L, groups);
        for (let r = 0; r < draws; r++) {
          const qs = want[r] as number[];
          // Draw r on its own, first of a pair, second of a pair, and in the middle of 3 (a pair, then one left).
          for (const [from, to] of [
            [r, r + 1],
            [r, r + 2],
            [r - 1, r + 1],
            [r - 1, r + 2],
          ] as const) {
            if (from < 0) continue;
            for (const observed of [qs, qs.map(nextUp)]) {
              const reached = sharedFloat64(to * L);
              spreadRange(sorted, order, start, n, L, groups, seed, from, to, Float64Array.from(observed), reached);
              // At Q itself every series reaches it; at the next double up none does; the other draws as the plain loop's Q say.
              const expected = [];
              for (let d = from; d < to; d++)
                for (let j = 0; j < L; j++) expected.push(((want[d] as number[])[j] as number) >= (observed[j] as number) ? 1 : 0);
              expect([...reached.subarray(from * L)]).toEqual(expected);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
