/**
 * Paired sign-flip randomization: for each sign pattern (which units swap sides), the sums of the
 * flipped units. Every pattern is enumerated when there are at most 2^14, else a seeded sample is
 * drawn (pattern 0 is always the identity: the observed data). The mean of a flipped set is the
 * pivot the tests and their confidence bounds are read from (significance.ts).
 */
import { bitSource } from './distributions.js';
import { runSplit, sharedFloat64 } from './parallel.js';

const EXACT_MAX_UNITS = 14;
export const SIGN_FLIP_SEED = 0x5eed2024;
/**
 * The most gates the fast kernel takes (the gates' tests use 4, a slice's 1). With more, the sums
 * come from {@link manyGates}: the same values, bit for bit, but a plain loop on this thread only
 * (no lanes, no helper thread), several times slower on a large suite. {@link Patterns.kernel} says
 * which ran.
 */
export const LANES_MAX_GATES = 4;

/** Sign patterns: for each, which units are flipped (as unit sums of the flipped sets). */
export interface Patterns {
  method: 'exact' | 'sampled';
  count: number;
  /** flippedSize[p] = Σ n_u over flipped units; flippedSum[g][p] = Σ X_gu over flipped units. */
  flippedSize: Float64Array;
  flippedSum: Float64Array[];
  /** Which loop computed the sums: `lanes` (up to {@link LANES_MAX_GATES} gates) or `many-gates` (more, slower). */
  kernel: 'lanes' | 'many-gates';
}

/**
 * The sign patterns of `unitSums` (one array per gate, one sum per unit) and their flipped sums.
 * `split` forces (true) or forbids (false) splitting the work with a helper thread; by default a
 * large suite splits it. The values are the same either way. Two loops give the same sums as a
 * plain loop over the units, bit for bit: {@link byLanes} for up to {@link LANES_MAX_GATES} gates,
 * {@link manyGates} (slower, never split) for more; the result's `kernel` says which.
 */
export function signPatterns(unitSize: Float64Array, unitSums: Float64Array[], resamples: number, split?: boolean): Patterns {
  const G = unitSize.length;
  const exact = G <= EXACT_MAX_UNITS;
  const count = exact ? 2 ** G : resamples + 1;
  const gates = unitSums.length;
  // Shared memory: a helper thread may write half of the patterns (parallel.ts).
  const flippedSize = sharedFloat64(count);
  const flippedSum = unitSums.map(() => sharedFloat64(count));
  const words = Math.ceil(G / 32);
  // The last word's bits past the last unit are drawn but stand for no unit.
  const lastMask = G % 32 === 0 ? -1 : (1 << G % 32) - 1;
  const kernel = gates <= LANES_MAX_GATES ? 'lanes' : 'many-gates';
  if (kernel === 'lanes') byLanes(G, words, lastMask, count, exact, unitSize, unitSums, flippedSize, flippedSum, split);
  else manyGates(G, words, lastMask, count, exact, bitSource(SIGN_FLIP_SEED), unitSize, unitSums, flippedSize, flippedSum);
  return { method: exact ? 'exact' : 'sampled', count, flippedSize, flippedSum, kernel };
}

type Draw = () => number;

/** Bits of a double's significand: integers below 2^53 are exact, and so are their sums while they stay below. */
const EXACT_BITS = 53;

/**
 * An integer series as a field of a lane (see parallel.ts's flipLanes): its values less `low`,
 * which sum to less than 2^width over all units, so a flipped subset's sum fits in `width` bits.
 * Null when the series must be added as floats: a non-integer value, or sums that could reach 2^53
 * (there a plain loop's partial sums could round, and the counting is no longer exact).
 */
export function integerField(values: Float64Array): { low: number; width: number } | null {
  const G = values.length;
  let low = 0;
  let total = 0;
  for (let u = 0; u < G; u++) {
    const v = values[u] as number;
    if (!Number.isInteger(v)) return null;
    if (u === 0 || v < low) low = v;
    total += Math.abs(v);
  }
  const bound = 2 ** EXACT_BITS;
  // A sum of non-negative terms computed below 2^53 is exact: every partial sum is exact until one
  // reaches 2^53, and rounding cannot bring a later one back below it.
  if (!(total < bound) || !(G * Math.abs(low) < bound)) return null;
  let spread = 0;
  for (let u = 0; u < G; u++) spread += (values[u] as number) - low;
  if (!(spread < bound)) return null;
  let width = 0;
  while (2 ** width <= spread) width++;
  return { low: low + 0, width };
}

/**
 * Up to 4 gates, by kind of series (parallel.ts's flipLanes): the same sums as a plain loop over
 * the units, bit for bit (sampled on the benchmark's 100,000 units, one thread: 243 ms against
 * 386 ms adding every series per flipped unit; scripts/bench-signflip.mjs). A gate whose
 * unit sums equal an earlier gate's (completion and its sign with one trial per case) copies that
 * gate's sums. Integer series (sizes, −1/0/+1 changes, step differences), whose sums are exact in
 * any order, are packed as fields into as few lanes (doubles) as fit in 53 bits, so that one add
 * per flipped unit sums them all; a constant one (sizes of 1) is its value × the number flipped.
 * The other series (rewards) are added as the plain loop adds them: flipped units in ascending
 * order from 0. A pattern visits its flipped units once for every column, floats and lanes.
 */
function byLanes(
  G: number,
  words: number,
  lastMask: number,
  count: number,
  exact: boolean,
  unitSize: Float64Array,
  unitSums: Float64Array[],
  flippedSize: Float64Array,
  flippedSum: Float64Array[],
  split: boolean | undefined,
): void {
  const series = [unitSize, ...unitSums];
  const outputs = [flippedSize, ...flippedSum];
  const same = (a: Float64Array, b: Float64Array) => a.every((v, u) => Object.is(v, b[u]));
  // The gate each repeats, if any (never the sizes: they are not a gate's sums).
  const copyOf = series.map((s, k) => (k === 0 ? -1 : series.findIndex((t, j) => j > 0 && j < k && same(s, t))));
  const floatAt: number[] = [];
  const intAt: number[] = [];
  const ints: { low: number; width: number }[] = [];
  series.forEach((s, k) => {
    if ((copyOf[k] as number) >= 0) return;
    const field = integerField(s);
    if (field === null) floatAt.push(k);
    else {
      intAt.push(k);
      ints.push(field);
    }
  });
  // Fields into lanes, first fit in order: a lane's fields side by side from bit 0, at most 53 bits.
  const floats = floatAt.length;
  const used: number[] = [];
  const fields = sharedFloat64(4 * ints.length);
  ints.forEach(({ low, width }, j) => {
    let lane = -1;
    if (width > 0) {
      lane = used.findIndex((bits) => bits + width <= EXACT_BITS);
      if (lane < 0) lane = used.push(0) - 1;
    }
    fields.set([lane < 0 ? -1 : floats + lane, lane < 0 ? 0 : (used[lane] as number), width, low], 4 * j);
    if (lane >= 0) used[lane]! += width;
  });
  const cols = floats + used.length;
  const x = sharedFloat64(G * cols);
  floatAt.forEach((k, f) => {
    const s = series[k] as Float64Array;
    for (let u = 0; u < G; u++) x[u * cols + f] = s[u] as number;
  });
  intAt.forEach((k, j) => {
    const col = fields[4 * j] as number;
    if (col < 0) return;
    const s = series[k] as Float64Array;
    const scale = 2 ** (fields[4 * j + 1] as number);
    const low = fields[4 * j + 3] as number;
    for (let u = 0; u < G; u++) x[u * cols + col]! += ((s[u] as number) - low) * scale;
  });
  const outs = [...floatAt, ...intAt].map((k) => outputs[k] as Float64Array);
  // Cost per pattern, in float adds: half the units per column (less for more columns, visited together), a popcount per word.
  const work = count * ((G / 2) * (cols > 0 ? 1 + (cols - 1) / 4 : 0) + words * 4);
  runSplit('flipLanes', 1, count, work, (from, to) => [x, cols, floats, fields, words, lastMask, exact, SIGN_FLIP_SEED, from, to, outs], split);
  copyOf.forEach((j, k) => {
    if (j >= 0) (outputs[k] as Float64Array).set(outputs[j] as Float64Array);
  });
}

/**
 * More than 4 gates: each pattern's sums add its flipped units in ascending order from 0, as a plain
 * loop over the units would (the set bits of each 32-unit word visited lowest first), the first 4
 * gates' in locals, the others in an array.
 */
function manyGates(
  G: number,
  words: number,
  lastMask: number,
  count: number,
  exact: boolean,
  next: Draw,
  unitSize: Float64Array,
  unitSums: Float64Array[],
  flippedSize: Float64Array,
  flippedSum: Float64Array[],
): void {
  const gates = unitSums.length;
  // The unit sums side by side (unit-major): the first 4 in locals, the others in an array.
  const stride = gates;
  const x = new Float64Array(G * stride);
  for (let g = 0; g < gates; g++) {
    const s = unitSums[g] as Float64Array;
    for (let u = 0; u < G; u++) x[u * stride + g] = s[u] as number;
  }
  const acc = new Float64Array(stride);
  for (let p = 1; p < count; p++) {
    let size = 0;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    acc.fill(0);
    for (let w = 0; w < words; w++) {
      let m = exact ? p : next();
      if (w === words - 1) m &= lastMask;
      while (m !== 0) {
        const low = m & -m;
        const u = (w << 5) | (31 - Math.clz32(low));
        m ^= low;
        size += unitSize[u] as number;
        const at = u * stride;
        a0 += x[at] as number;
        a1 += x[at + 1] as number;
        a2 += x[at + 2] as number;
        a3 += x[at + 3] as number;
        for (let g = 4; g < gates; g++) acc[g]! += x[at + g] as number;
      }
    }
    flippedSize[p] = size;
    (flippedSum[0] as Float64Array)[p] = a0;
    (flippedSum[1] as Float64Array)[p] = a1;
    (flippedSum[2] as Float64Array)[p] = a2;
    (flippedSum[3] as Float64Array)[p] = a3;
    for (let g = 4; g < gates; g++) (flippedSum[g] as Float64Array)[p] = acc[g] as number;
  }
}

/** Resamples by suite size: about 5·10^7 unit visits per gate at most, between 1,999 and 9,999. */
export function defaultResamples(units: number): number {
  return Math.max(1999, Math.min(9999, Math.floor(5e7 / Math.max(1, units))));
}

/** The mean of each flipped set, ascending: the randomization distribution, inverted into bounds. */
export function flippedMeans(ps: Patterns, g: number): Float64Array {
  const out = new Float64Array(ps.count - 1);
  const sums = ps.flippedSum[g] as Float64Array;
  for (let p = 1; p < ps.count; p++) out[p - 1] = (sums[p] as number) / (ps.flippedSize[p] as number);
  return out.sort();
}

/** #{means ≤ x} in a sorted array. */
export function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** #{means ≥ x} in a sorted array. */
export function countAtLeast(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}

/**
 * The paired sign-flip test of "the candidate is worse by at most `allowance` on average", from the
 * per-case amounts by which it is worse: fail when the data show more (one-sided, level alpha), pass
 * when they show at most that, else inconclusive. With no spread the mean is known and decides.
 */
export function worseByTest(
  worse: readonly number[],
  allowance: number,
  alpha: number,
): { status: 'pass' | 'fail' | 'inconclusive'; p_violated: number; p_holds: number } {
  if (worse.every((w) => w === worse[0])) {
    const ok = (worse[0] ?? 0) <= allowance;
    return { status: ok ? 'pass' : 'fail', p_violated: ok ? 1 : 0, p_holds: ok ? 0 : 1 };
  }
  const ps = signPatterns(new Float64Array(worse.length).fill(1), [Float64Array.from(worse)], defaultResamples(worse.length));
  const sorted = flippedMeans(ps, 0);
  const p_violated = (1 + countAtMost(sorted, allowance)) / ps.count;
  const p_holds = (1 + countAtLeast(sorted, allowance)) / ps.count;
  return { status: p_violated <= alpha ? 'fail' : p_holds <= alpha ? 'pass' : 'inconclusive', p_violated, p_holds };
}
