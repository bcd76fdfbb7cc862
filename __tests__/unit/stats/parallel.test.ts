// Resampling loops split with a helper thread (stats/parallel.ts) must give the values one thread
// gives, bit for bit: the generator positioned at any draw, the sign-flip sums, the correlation
// check's p-values, and the fallback when the helper cannot take its half.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { groupCorrelationPs } from '../../../src/analysis/significance/group-correlation.js';
import { bitSource } from '../../../src/stats/distributions.js';
import { bitSourceAt, runSplit, sharedFloat64, sharedInt32, threadsAllowed, warmHelper } from '../../../src/stats/parallel.js';
import { type Patterns, signPatterns } from '../../../src/stats/sign-flip.js';

/** Who computes the second part when the helper can: with BENCHGATE_THREADS=0, this thread. */
const HELPER = threadsAllowed() ? 'helper' : 'here';
const bytes = (a: Float64Array) => [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
/** The output arrays of flipLanes over 5 float columns (as a unit's size and 4 gates' sums), for patterns 0 … 1000. */
const sink = () => [0, 1, 2, 3, 4].map(() => sharedFloat64(1001));
/** No integer series packed in lanes: every column is a float column. */
const NO_FIELDS = sharedFloat64(0);
const bytesOf = (ps: Patterns) => ({ method: ps.method, count: ps.count, size: bytes(ps.flippedSize), sums: ps.flippedSum.map(bytes) });

describe('bitSourceAt', () => {
  it('is the generator after that many draws, for any seed and skip', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 3000 }), (seed, skip) => {
        const plain = bitSource(seed);
        for (let k = 0; k < skip; k++) plain();
        const at = bitSourceAt(seed, skip);
        expect([at(), at(), at()]).toEqual([plain(), plain(), plain()]);
      }),
      { seed: 23, numRuns: 200 },
    );
  });
  it('wraps the state modulo 2^32 for skips past 2^32', () => {
    // Draw k uses state seed + (k + 1)·C mod 2^32, so skips 2^32 apart give the same stream.
    expect(bitSourceAt(5, 2 ** 32 + 7)()).toBe(bitSourceAt(5, 7)());
    expect(bitSourceAt(5, 2 ** 40)()).toBe(bitSource(5)());
  });
});

describe('a loop split with a helper thread', () => {
  it('gives the sign-flip sums of one thread, bit for bit', () => {
    const next = bitSource(11);
    for (const G of [13, 700, 4097]) {
      const size = Float64Array.from({ length: G }, () => 1 + (next() % 3));
      const sums = [0, 1, 2].map(() => Float64Array.from({ length: G }, () => ((next() % 20001) - 10000) / 7));
      const one = signPatterns(size, sums, 301, false);
      const two = signPatterns(size, sums, 301, true);
      expect(bytesOf(two)).toEqual(bytesOf(one));
    }
  });

  it('gives the correlation check p-values of one thread, bit for bit', () => {
    const next = bitSource(3);
    const n = 5000;
    const groupOf = Int32Array.from({ length: n }, () => next() % 6);
    const series = [0, 1, 2].map((k) => Array.from({ length: n }, (_, i) => ((next() % 100) / 100) * (k + 1) + ((groupOf[i] as number) === 2 ? 0.05 : 0)));
    expect(groupCorrelationPs(series, groupOf, 6, 201, true)).toEqual(groupCorrelationPs(series, groupOf, 6, 201, false));
  });

  it('computes the helper’s half here when the helper cannot take it', () => {
    // The helper's arguments cannot be sent to a thread (a function is not cloneable): the job fails
    // to start, and this thread runs that range too.
    const G = 300;
    const x = sharedFloat64(G * 5).map((_, i) => (i % 5 === 0 ? 1 : (i % 7) - 3));
    const run = (split: boolean) => {
      const out = sink();
      runSplit('flipLanes', 1, 101, 1, (from, to) => [x, 5, 5, NO_FIELDS, 10, (1 << 12) - 1, false, 9, from, to, out, ...(from === 1 ? [] : [() => 0])], split);
      return out.map(bytes);
    };
    expect(run(true)).toEqual(run(false));
    expect(run(false)[1]?.some((b) => b !== 0)).toBe(true);
    expect(runSplit('flipLanes', 1, 101, 1, (from, to) => [x, 5, 5, NO_FIELDS, 10, (1 << 12) - 1, false, 9, from, to, sink(), () => 0], true)).toBe('here');
  });

  it('has the helper thread compute its half when it can', () => {
    const x = sharedFloat64(64 * 5).map((_, i) => (i % 5 === 0 ? 1 : i / 3));
    const out = sink();
    expect(runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 5, 5, NO_FIELDS, 2, -1, false, 4, from, to, out], true)).toBe(HELPER);
    const alone = sink();
    expect(runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 5, 5, NO_FIELDS, 2, -1, false, 4, from, to, alone], false)).toBe('here');
    expect(out.map(bytes)).toEqual(alone.map(bytes));
  });

  it('has the helper thread run the lanes kernel (flipLanes, which names nothing imported), with this thread’s values', () => {
    // 64 units: a float column and a lane holding one integer series (values 0 … 4, low −2, 9 bits wide).
    const x = sharedFloat64(64 * 2).map((_, i) => (i % 2 === 0 ? i / 3 : i % 5));
    const fields = sharedFloat64(4);
    fields.set([1, 0, 9, -2]);
    const run = (split: boolean) => {
      const out = [sharedFloat64(1001), sharedFloat64(1001)];
      const who = runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 2, 1, fields, 2, -1, false, 4, from, to, out], split);
      return { who, out: out.map(bytes) };
    };
    const two = run(true);
    const one = run(false);
    expect([two.who, one.who]).toEqual([HELPER, 'here']);
    expect(two.out).toEqual(one.out);
    expect(one.out[1]?.some((b) => b !== 0)).toBe(true);
  });

  it('has the helper thread run the correlation kernel (spreadRange), with this thread’s values', () => {
    // 3,000 cases in 5 groups of 600 (case i in group i mod 5), 2 series.
    const n = 3000;
    const e = sharedFloat64(n * 2).map((_, k) => Math.sin(k) / 7);
    const order = sharedInt32(n).map((_, t) => (t % 600) * 5 + Math.floor(t / 600));
    const start = sharedInt32(6).map((_, g) => g * 600);
    const observed = sharedFloat64(2).fill(30);
    const run = (split: boolean) => {
      const reached = sharedFloat64(400 * 2);
      const who = runSplit('spreadRange', 0, 400, 1, (from, to) => [e, order, start, n, 2, 5, 77, from, to, observed, reached], split);
      return { who, reached: [...reached] };
    };
    const two = run(true);
    const one = run(false);
    expect([two.who, one.who]).toEqual([HELPER, 'here']);
    expect(two.reached).toEqual(one.reached);
    expect(new Set(one.reached)).toEqual(new Set([0, 1]));
  });

  it('splits with a helper started ahead of the loop (warmHelper), with the same values', () => {
    warmHelper();
    const x = sharedFloat64(64 * 5).map((_, i) => (i % 5 === 0 ? 1 : i / 7));
    const out = sink();
    expect(runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 5, 5, NO_FIELDS, 2, -1, false, 8, from, to, out], true)).toBe(HELPER);
    const alone = sink();
    runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 5, 5, NO_FIELDS, 2, -1, false, 8, from, to, alone], false);
    expect(out.map(bytes)).toEqual(alone.map(bytes));
  });
});
