// The change-point search (E-divisive means with a seeded permutation test) on series with known
// shifts, its statistic against a plain O(n³) oracle, and the shifts of a history split by fingerprint.
import { describe, expect, it } from 'vitest';

import { bestSplit, findChangePoints } from '../../../src/history/change-points.js';
import type { HistoryEntry } from '../../../src/history/history-file.js';
import { entryPoints, findShifts, identityRuns, type SeriesPoint } from '../../../src/history/shifts.js';
import { bitSource } from '../../../src/stats/distributions.js';
import { historyEntry } from '../../helpers/history-entry.js';

/** Seeded standard normal noise. */
function noise(n: number, seed: number): number[] {
  const bits = bitSource(seed);
  const u = (): number => (bits() + 0.5) / 4294967296;
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
}

const shifted = (n: number, seed: number, at: readonly number[], by: number): number[] =>
  noise(n, seed).map((x, i) => x + by * at.filter((a) => i >= a).length);

/** Q maximised over τ and κ the long way: every sum recomputed. */
function oracle(x: readonly number[], minSize: number): { tau: number; q: number } | null {
  let best: { tau: number; q: number } | null = null;
  for (let t = minSize; t <= x.length - minSize; t++) {
    for (let k = t + minSize; k <= x.length; k++) {
      const X = x.slice(0, t);
      const Y = x.slice(t, k);
      const m = X.length;
      const n = Y.length;
      let between = 0;
      for (const a of X) for (const b of Y) between += Math.abs(a - b);
      let wx = 0;
      for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) wx += Math.abs((X[i] as number) - (X[j] as number));
      let wy = 0;
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) wy += Math.abs((Y[i] as number) - (Y[j] as number));
      const q = ((m * n) / (m + n)) * ((2 * between) / (m * n) - wx / ((m * (m - 1)) / 2) - wy / ((n * (n - 1)) / 2));
      if (best === null || q > best.q + 1e-12) best = { tau: t, q };
    }
  }
  return best;
}

describe('findChangePoints', () => {
  it('finds one shift of 2 SD where it is', () => {
    const cps = findChangePoints(shifted(100, 1, [40], 2));
    expect(cps).toHaveLength(1);
    expect(Math.abs((cps[0]?.index ?? 0) - 40)).toBeLessThanOrEqual(2);
    expect(cps[0]?.p).toBeLessThanOrEqual(0.01);
  });

  it('finds two shifts, in index order', () => {
    const cps = findChangePoints(shifted(120, 2, [30, 80], 3));
    expect(cps.map((c) => c.index)).toHaveLength(2);
    expect(Math.abs((cps[0]?.index ?? 0) - 30)).toBeLessThanOrEqual(2);
    expect(Math.abs((cps[1]?.index ?? 0) - 80)).toBeLessThanOrEqual(2);
  });

  it('finds nothing in noise, a constant series or one too short to split', () => {
    expect(findChangePoints(noise(100, 3))).toEqual([]);
    expect(findChangePoints(Array(50).fill(0.7))).toEqual([]);
    expect(findChangePoints([0, 0, 0, 5, 5, 5])).toEqual([]);
  });

  it('gives the same answer every time (seeded), and the seed is what varies it', () => {
    const x = shifted(80, 4, [50], 1.2);
    expect(findChangePoints(x)).toEqual(findChangePoints(x));
    expect(findChangePoints(x, { seed: 1 })).toEqual(findChangePoints(x, { seed: 1 }));
  });

  it('keeps a split only when the permutation test reaches alpha', () => {
    const x = shifted(60, 5, [30], 0.8);
    const strict = findChangePoints(x, { alpha: 0.005, permutations: 199 });
    const loose = findChangePoints(x, { alpha: 0.2, permutations: 199 });
    expect(loose.length).toBeGreaterThanOrEqual(strict.length);
    for (const c of strict) expect(c.p).toBeLessThanOrEqual(0.005);
  });
});

describe('bestSplit', () => {
  it('agrees with the plain O(n³) statistic', () => {
    for (const seed of [7, 8, 9]) {
      const x = shifted(30, seed, [12], 1.5);
      const fast = bestSplit(Float64Array.from(x), 0, x.length, 3);
      const slow = oracle(x, 3);
      expect(fast?.tau).toBe(slow?.tau);
      expect(fast?.q).toBeCloseTo(slow?.q ?? NaN, 9);
    }
  });

  it('works within a segment: indices are absolute', () => {
    const x = Float64Array.from([9, 9, 9, 9, ...shifted(20, 10, [10], 4)]);
    expect(bestSplit(x, 4, 24, 3)?.tau).toBe(14);
  });
});

const entry = (i: number, completion: number, model = 'gpt-4o'): HistoryEntry =>
  historyEntry(i.toString(16).padStart(40, '0'), completion, {
    run_id: i + 1,
    recorded_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    id: `run-${i}`,
    preset: 'suite',
    model,
    steps: 5,
    fingerprint: { model },
  });

describe('findShifts', () => {
  const base = noise(60, 11).map((x) => 0.7 + 0.02 * x);

  it('names the commit where a drop starts and calls it worse', () => {
    const entries = base.map((v, i) => entry(i, i >= 35 ? v - 0.08 : v));
    const shifts = findShifts(entryPoints(entries), { completion_rate: 'higher', steps: 'lower' });
    expect(shifts).toHaveLength(1);
    const s = shifts[0];
    expect(s?.metric).toBe('completion_rate');
    expect(Math.abs((s?.index ?? 0) - 35)).toBeLessThanOrEqual(2);
    expect(s?.commit).toBe(entries[s?.index ?? 0]?.commit);
    expect(s?.worse).toBe(true);
    expect((s?.before ?? 0) - (s?.after ?? 0)).toBeGreaterThan(0.05);
  });

  it('does not report a new model as a shift: the series is split there first', () => {
    const entries = base.map((v, i) => (i >= 30 ? entry(i, v - 0.2, 'gpt-5') : entry(i, v)));
    expect(identityRuns(entryPoints(entries))).toEqual([
      [0, 30],
      [30, 60],
    ]);
    expect(findShifts(entryPoints(entries), { completion_rate: 'higher' })).toEqual([]);
    // The same drop without the change of model is one.
    const same = base.map((v, i) => entry(i, i >= 30 ? v - 0.2 : v));
    expect(findShifts(entryPoints(same), { completion_rate: 'higher' })).toHaveLength(1);
  });

  it('leaves runs without the metric out of its series and says better for a rise', () => {
    const points: SeriesPoint[] = base.map((v, i) => ({
      commit: `c${i}`,
      when: null,
      identity: 'x',
      values: { ops: i % 7 === 3 ? null : i >= 40 ? v + 0.1 : v },
    }));
    const shifts = findShifts(points, { ops: 'higher' });
    expect(shifts).toHaveLength(1);
    expect(shifts[0]?.worse).toBe(false);
    expect(points[shifts[0]?.index ?? 0]?.values['ops']).not.toBeNull();
    expect(findShifts(points, { ops: null })[0]?.worse).toBeNull();
  });
});
