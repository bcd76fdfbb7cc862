// The sampled sign-flip loop for up to 4 gates (stats/sign-flip.ts's byLanes, parallel.ts's
// flipLanes) sums integer series as exact fields of packed lanes and float series in ascending
// order: its sums must be the plain loop's (helpers/sign-flip-oracle.ts), bit for bit, whatever mix
// of series it is given: integer series small and wide (several lanes), at and just past the 2^53
// bound where the counting stops being exact, floats, integers with one float, constants, −0,
// repeated gates, cluster sizes, and unit counts around multiples of 32.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { integerField, type Patterns, signPatterns } from '../../../src/stats/sign-flip.js';
import { signPatternsOracle } from '../../helpers/sign-flip-oracle.js';

/** The bytes of each array: equal bytes are equal doubles, −0 included. */
function bytesOf(ps: Omit<Patterns, 'kernel'>): { method: string; count: number; size: number[]; sums: number[][] } {
  const bytes = (a: Float64Array) => [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
  return { method: ps.method, count: ps.count, size: bytes(ps.flippedSize), sums: ps.flippedSum.map(bytes) };
}

/** Integers whose sum over G units lands near 2^53, on either side. */
const nearBound = (G: number) => {
  const b = Math.floor(2 ** 53 / G);
  return fc.tuple(fc.constantFrom(1, -1), fc.integer({ min: -3, max: 3 })).map(([s, d]) => s * (b + d));
};

/** One series of G values, of a kind the gates meet (or should not, but might). */
function series(G: number): fc.Arbitrary<number[]> {
  const of = (v: fc.Arbitrary<number>) => fc.array(v, { minLength: G, maxLength: G });
  return fc.oneof(
    of(fc.constantFrom(-1, 0, 1, -0)), // completion changes and their signs
    of(fc.integer({ min: -2, max: 9 })), // step differences
    of(fc.integer({ min: -(2 ** 31), max: 2 ** 31 })), // wide: a lane each, or more
    of(fc.integer({ min: -(2 ** 40), max: 2 ** 40 })),
    of(nearBound(G)),
    of(fc.constantFrom(2 ** 60, -(2 ** 60), 3, 2 ** 52 + 1)), // integers whose sums round: floats
    of(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })),
    of(fc.integer({ min: -1e4, max: 1e4 }).map((k) => k / 1e4)), // rewards like the benchmark's
    fc
      .tuple(of(fc.integer({ min: -5, max: 5 })), fc.nat(G - 1), fc.constantFrom(0.5, 0.1, 1e-300))
      .map(([xs, at, f]) => xs.map((x, u) => (u === at ? x + f : x))),
    fc.constantFrom(0, -0, 1, -7, 2 ** 40).map((c) => new Array<number>(G).fill(c)),
    fc.constantFrom(Infinity, -Infinity, NaN).chain((v) => of(fc.oneof(fc.constant(v), fc.integer({ min: -3, max: 3 })))),
  );
}

/** Unit sizes: one case a unit, small clusters, large clusters, or sizes whose sums round. */
function sizes(G: number): fc.Arbitrary<number[]> {
  const of = (v: fc.Arbitrary<number>) => fc.array(v, { minLength: G, maxLength: G });
  return fc.oneof(
    fc.constant(new Array<number>(G).fill(1)),
    of(fc.integer({ min: 1, max: 9 })),
    of(fc.integer({ min: 1, max: 5000 })),
    of(fc.constantFrom(1, 2 ** 52 + 1)),
  );
}

const unitCounts = fc.oneof(fc.constantFrom(15, 31, 32, 33, 63, 64, 65, 96, 97), fc.integer({ min: 15, max: 200 }));

const suite = unitCounts.chain((G) =>
  fc.record({
    size: sizes(G),
    sums: fc.array(series(G), { minLength: 1, maxLength: 4 }),
    // Gates that repeat an earlier one (completion and its sign): which gate copies which.
    repeat: fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { maxLength: 2 }),
    resamples: fc.integer({ min: 1, max: 80 }),
  }),
);

function both(s: { size: number[]; sums: number[][]; repeat: [number, number][]; resamples: number }) {
  const sums = s.sums.map((g) => [...g]);
  for (const [to, from] of s.repeat) if (from < to && to < sums.length) sums[to] = [...(sums[from] as number[])];
  const size = Float64Array.from(s.size);
  const gates = sums.map((g) => Float64Array.from(g));
  return [bytesOf(signPatterns(size, gates, s.resamples, false)), bytesOf(signPatternsOracle(size, gates, s.resamples))];
}

describe('the sampled loop by lanes gives the plain loop’s sums, bit for bit', () => {
  it('on any mix of integer and float series, sizes and unit counts', () => {
    fc.assert(
      fc.property(suite, (s) => {
        const [got, want] = both(s);
        expect(got).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('on the benchmark’s shape: reward floats, completion and its sign, steps, one unit a case', () => {
    let state = 7;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const G = 5000;
    const completion = Array.from({ length: G }, () => (next() < 0.9 ? 0 : next() < 0.5 ? 1 : -1));
    const steps = Array.from({ length: G }, () => (next() < 0.9 ? 0 : Math.floor(next() * 9) - 1));
    const reward = Array.from({ length: G }, () => Math.round((next() - 0.5) * 2e4) / 1e4);
    const sums = [reward, completion, steps, completion.map(Math.sign)];
    const [got, want] = both({ size: new Array<number>(G).fill(1), sums, repeat: [], resamples: 300 });
    expect(got).toEqual(want);
  });

  it('splits with the helper thread with the same sums', () => {
    const G = 3000;
    const size = Float64Array.from({ length: G }, (_, u) => 1 + (u % 4));
    const sums = [Float64Array.from({ length: G }, (_, u) => Math.sin(u) / 3), Float64Array.from({ length: G }, (_, u) => (u % 7) - 3)];
    expect(bytesOf(signPatterns(size, sums, 401, true))).toEqual(bytesOf(signPatterns(size, sums, 401, false)));
    expect(bytesOf(signPatterns(size, sums, 401, true))).toEqual(bytesOf(signPatternsOracle(size, sums, 401)));
  });
});

describe('integerField', () => {
  it('takes integer series whose sums stay below 2^53, with the width their spread needs', () => {
    expect(integerField(Float64Array.from([1, 2, 3]))).toEqual({ low: 1, width: 2 });
    expect(integerField(Float64Array.from([-1, 0, 1, -0]))).toEqual({ low: -1, width: 3 }); // spread 0 + 1 + 2 + 1 = 4
    expect(integerField(Float64Array.from([5, 5]))).toEqual({ low: 5, width: 0 });
    expect(Object.is(integerField(Float64Array.from([-0, -0]))?.low, 0)).toBe(true);
    expect(integerField(new Float64Array(16).fill(2 ** 49 - 1))).toEqual({ low: 2 ** 49 - 1, width: 0 });
  });

  it('leaves floats, infinities and sums that could reach 2^53 to the float loop', () => {
    expect(integerField(Float64Array.from([1, 0.5]))).toBeNull();
    expect(integerField(Float64Array.from([1, NaN]))).toBeNull();
    expect(integerField(Float64Array.from([1, Infinity]))).toBeNull();
    // Σ|x| = 2^53 exactly, and just past it (2^53 + 2 rounds to 2^53 + 2, 2^53 + 1 to 2^53): not below the bound.
    expect(integerField(new Float64Array(16).fill(2 ** 49))).toBeNull();
    expect(integerField(Float64Array.from([2 ** 52, 2 ** 52 + 1]))).toBeNull();
    expect(integerField(Float64Array.from([-(2 ** 52), 2 ** 52 - 1, 1]))).toBeNull();
    // Small values, but a low so far below that low × #flipped could reach 2^53.
    expect(integerField(Float64Array.from([-(2 ** 52), 2 ** 51, 0]))).toBeNull();
    expect(integerField(Float64Array.from([2 ** 52 - 1, 2 ** 52 - 1]))).toEqual({ low: 2 ** 52 - 1, width: 0 });
  });
});
