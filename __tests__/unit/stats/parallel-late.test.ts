// The helper thread's late and failing paths (stats/parallel.ts), driven through its test seam: no
// sleep decides anything. A held helper cannot take its job until the test releases it, so the
// caller's grace period (0 here) runs out first and the caller computes the helper's part itself; the
// released helper then runs the job late, and must write only its own scratch memory. With
// BENCHGATE_THREADS=0 no helper exists, and each test checks the one-thread path instead. Last, the
// fast sign-flip kernel's limit of gates, made explicit.
import { afterEach, describe, expect, it } from 'vitest';

import { helperIdle, runSplit, setHelperSeam, sharedFloat64, sharedInt32, threadsAllowed } from '../../../src/stats/parallel.js';
import { LANES_MAX_GATES, type Patterns, signPatterns } from '../../../src/stats/sign-flip.js';
import { signPatternsOracle } from '../../helpers/sign-flip-oracle.js';

const bytes = (a: Float64Array) => [...new Uint8Array(a.buffer, a.byteOffset, a.byteLength)];
const NO_FIELDS = sharedFloat64(0);
/** 64 units, 3 float columns. */
const x = sharedFloat64(64 * 3).map((_, i) => (i % 3 === 0 ? 1 : Math.sin(i) * 5));
const flip = (out: Float64Array[], split: boolean) =>
  runSplit('flipLanes', 1, 1001, 1, (from, to) => [x, 3, 3, NO_FIELDS, 2, -1, false, 12, from, to, out], split);
const sink = () => [0, 1, 2].map(() => sharedFloat64(1001));

let restore: (() => void) | null = null;
let hold: Int32Array | null = null;
afterEach(async () => {
  if (hold !== null) {
    Atomics.store(hold, 0, 1);
    Atomics.notify(hold, 0);
    hold = null;
  }
  restore?.();
  restore = null;
  await helperIdle();
});

describe('a helper thread that is late', () => {
  it('leaves the part to this thread, and writes nothing of the caller’s when it runs the job after all', async () => {
    const alone = sink();
    flip(alone, false);
    hold = sharedInt32(1);
    restore = setHelperSeam({ graceMs: 0, hold });
    const out = sink();
    // Held: the helper cannot take the job, the grace period is over at once, this thread computes it.
    expect(flip(out, true)).toBe('here');
    expect(out.map(bytes)).toEqual(alone.map(bytes));
    // The caller moves on and reuses its arrays; then the helper is released and runs the job late.
    for (const a of out) a.fill(-7);
    Atomics.store(hold, 0, 1);
    Atomics.notify(hold, 0);
    await helperIdle();
    expect(out.every((a) => a.every((v) => v === -7))).toBe(true);
  });

  it('a later job with a prompt helper is the helper’s again, with one thread’s values', async () => {
    const alone = sink();
    flip(alone, false);
    const out = sink();
    expect(flip(out, true)).toBe(threadsAllowed() ? 'helper' : 'here');
    expect(out.map(bytes)).toEqual(alone.map(bytes));
  });
});

describe('a helper thread that fails', () => {
  it('leaves the part to this thread, with the same values', async () => {
    const alone = sink();
    flip(alone, false);
    restore = setHelperSeam({ fail: true });
    const out = sink();
    expect(flip(out, true)).toBe('here');
    expect(out.map(bytes)).toEqual(alone.map(bytes));
  });

  it('the correlation kernel too, whose part of its array is a multiple of the series', () => {
    const n = 640;
    const e = sharedFloat64(n * 2).map((_, k) => Math.cos(k) / 3);
    const order = sharedInt32(n).map((_, t) => t);
    const start = sharedInt32(5).map((_, g) => g * 160);
    const observed = sharedFloat64(2).fill(4);
    const run = (split: boolean) => {
      const reached = sharedFloat64(300 * 2);
      const who = runSplit('spreadRange', 0, 300, 1, (from, to) => [e, order, start, n, 2, 4, 5, from, to, observed, reached], split);
      return { who, reached: [...reached] };
    };
    const one = run(false);
    const two = run(true);
    expect(two).toEqual({ who: threadsAllowed() ? 'helper' : 'here', reached: one.reached });
    restore = setHelperSeam({ fail: true });
    expect(run(true)).toEqual({ who: 'here', reached: one.reached });
    expect(new Set(one.reached)).toEqual(new Set([0, 1]));
  });
});

describe('BENCHGATE_THREADS', () => {
  it('0 turns the threads off; anything else leaves them on', () => {
    expect(threadsAllowed({ BENCHGATE_THREADS: '0' })).toBe(false);
    expect(threadsAllowed({ BENCHGATE_THREADS: ' 0 ' })).toBe(false);
    for (const v of [undefined, '', '1', '2', 'auto']) expect(threadsAllowed({ BENCHGATE_THREADS: v })).toBe(true);
  });
});

describe('the fast sign-flip kernel’s limit', () => {
  it(`takes up to ${LANES_MAX_GATES} gates; more go to the plain loop, which says so and gives the oracle’s sums`, () => {
    const G = 40;
    const size = Float64Array.from({ length: G }, (_, u) => 1 + (u % 3));
    const gates = (k: number) => Array.from({ length: k }, (_, g) => Float64Array.from({ length: G }, (_, u) => Math.sin(u * (g + 1)) * 3));
    const bytesOf = (ps: Omit<Patterns, 'kernel'>) => [ps.flippedSize, ...ps.flippedSum].map(bytes);
    expect(signPatterns(size, gates(LANES_MAX_GATES), 50, true).kernel).toBe('lanes');
    const five = signPatterns(size, gates(LANES_MAX_GATES + 1), 50, true);
    expect(five.kernel).toBe('many-gates');
    expect(bytesOf(five)).toEqual(bytesOf(signPatternsOracle(size, gates(LANES_MAX_GATES + 1), 50)));
  });
});
