import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { type Patterns, signPatterns } from '../../../src/stats/sign-flip.js';
import { signPatternsOracle } from '../../helpers/sign-flip-oracle.js';

/** The bytes of each array: equal bytes are equal doubles, −0 and NaN payloads included. */
function bytesOf(ps: Omit<Patterns, 'kernel'>): { method: string; count: number; size: number[]; sums: number[][] } {
  const bytes = (a: Float64Array) => [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
  return { method: ps.method, count: ps.count, size: bytes(ps.flippedSize), sums: ps.flippedSum.map(bytes) };
}

/** Doubles of every kind the sums meet: fractions, −0, large and tiny magnitudes that round when added. */
const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
  fc.constantFrom(0, -0, 1, -1, 0.1, 0.2, 0.3, 1e16, -1e16, 5e-324, 1 / 3),
  fc.integer({ min: -5, max: 5 }),
);

function suite(maxUnits: number) {
  return fc.integer({ min: 0, max: maxUnits }).chain((G) =>
    fc.record({
      size: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: G, maxLength: G }),
      sums: fc.array(fc.array(value, { minLength: G, maxLength: G }), { minLength: 1, maxLength: 6 }), // 5 and 6: the loop for more than 4 gates
      resamples: fc.integer({ min: 1, max: 60 }),
    }),
  );
}

function both(s: { size: number[]; sums: number[][]; resamples: number }) {
  const args = [Float64Array.from(s.size), s.sums.map((g) => Float64Array.from(g)), s.resamples] as const;
  return [bytesOf(signPatterns(...args)), bytesOf(signPatternsOracle(...args))];
}

describe('the sign-flip loop gives the sums of the old loop, bit for bit', () => {
  it('enumerated patterns (at most 14 units)', () => {
    fc.assert(
      fc.property(suite(12), (s) => {
        const [got, want] = both(s);
        expect(got).toEqual(want);
      }),
      { numRuns: 150 },
    );
  });

  it('sampled patterns, including unit counts that do and do not fill the last 32-bit word', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 15, max: 140 }).chain((G) =>
          fc.record({
            size: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: G, maxLength: G }),
            sums: fc.array(fc.array(value, { minLength: G, maxLength: G }), { minLength: 1, maxLength: 6 }), // 5 and 6: the loop for more than 4 gates
            resamples: fc.integer({ min: 1, max: 60 }),
          }),
        ),
        (s) => {
          const [got, want] = both(s);
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('exactly 32 and 64 units, where no bit of the last word is spare', () => {
    for (const G of [32, 64]) {
      const size = Array.from({ length: G }, (_, u) => 1 + (u % 3));
      const sums = [Array.from({ length: G }, (_, u) => Math.sin(u) * 1e3), Array.from({ length: G }, (_, u) => (u % 5) - 2)];
      const [got, want] = both({ size, sums, resamples: 500 });
      expect(got).toEqual(want);
    }
  });

  it('a sampled suite as large as a real one', () => {
    const G = 3000;
    const size = Array.from({ length: G }, () => 1);
    const sums = [Array.from({ length: G }, (_, u) => ((u * 7919) % 1000) / 997 - 0.5)];
    const [got, want] = both({ size, sums, resamples: 200 });
    expect(got).toEqual(want);
  });
});
