/**
 * Change points in one series of numbers: E-divisive means (Matteson and James 2014, "A
 * nonparametric approach for multiple change point analysis of multivariate data"), as Hunter and
 * Apache Otava find shifts in a main branch's benchmark history (Otava's `compute_change_points_orig`).
 *
 * The series is split recursively where the energy distance between the part before and the part
 * after is largest: for a segment [s, e) the statistic of a split τ with right end κ (s < τ < κ ≤ e) is
 *
 *   Q(τ, κ) = m·n/(m+n) · ( 2/(m·n) Σ|x−y| − 1/C(m,2) Σ|x−x'| − 1/C(n,2) Σ|y−y'| )
 *
 * with X = series[s, τ) (m values) and Y = series[τ, κ) (n values), maximised over τ and κ. A split
 * is kept when a permutation test finds it significant: the values within each current segment are
 * shuffled `permutations` times and the largest statistic of each shuffle compared with the one found
 * (p = (1 + #shuffles at least as large) / (1 + permutations)). The shuffles come from a seeded
 * generator, so the same series always gives the same change points. Each split is tested at
 * `alpha`; the search stops at the first split that is not significant.
 *
 * Why this method: it makes no assumption about the distribution (agent metrics are bounded rates and
 * skewed costs), it finds several shifts, and the permutation test accounts for the split having
 * been chosen as the largest one (a t-test on the chosen split, as Hunter's faster variant does, is
 * anti-conservative, which Hunter offsets with p < 0.001). At a few hundred runs per series the exact
 * test is cheap: O(n²) per shuffle.
 */
import { bitSource } from '../stats/distributions.js';

export interface ChangePointOptions {
  /** Level of each split's test; default 0.01. */
  alpha?: number;
  /** Shuffles per test; default 199 (p can reach 0.005). */
  permutations?: number;
  /** Fewest values on each side of a split; default 4. */
  minSize?: number;
  /** Seed of the shuffles; the same seed gives the same answer. */
  seed?: number;
}

export const CHANGE_POINT_DEFAULTS = { alpha: 0.01, permutations: 199, minSize: 4, seed: 0x5eed37 } as const;

export interface ChangePoint {
  /** The first index of the new level: series[index] is the first value after the shift. */
  index: number;
  /** The permutation p-value of the split when it was found. */
  p: number;
  /** The statistic Q of the split. */
  q: number;
}

interface Candidate {
  tau: number;
  q: number;
}

/**
 * Column prefix sums of the distance matrix of `x` over [s, e): P[k·L + i] = Σ_{s ≤ i' < s+i} |x_i' − x_k|
 * for k in [s, e) (row index relative to s), so a block sum of a column is two look-ups.
 */
function prefixes(x: Float64Array, s: number, e: number): Float64Array {
  const L = e - s;
  const P = new Float64Array(L * (L + 1));
  for (let k = 0; k < L; k++) {
    const xk = x[s + k] as number;
    const row = k * (L + 1);
    let acc = 0;
    for (let i = 0; i < L; i++) {
      P[row + i] = acc;
      acc += Math.abs((x[s + i] as number) - xk);
    }
    P[row + L] = acc;
  }
  return P;
}

/** The best split of x[s, e): the τ (absolute) and its Q maximised over κ; null when the segment is too short. */
export function bestSplit(x: Float64Array, s: number, e: number, minSize: number): Candidate | null {
  const L = e - s;
  if (L < 2 * minSize) return null;
  const P = prefixes(x, s, e);
  const W = L + 1;
  let best: Candidate | null = null;
  let withinLeft = 0; // Σ_{s ≤ i < i' < τ} |x_i − x_i'|
  for (let t = 1; t < L; t++) {
    withinLeft += P[(t - 1) * W + (t - 1)] as number; // add column t−1 against rows [0, t−1)
    const m = t;
    if (m < minSize) continue;
    if (L - t < minSize) break;
    let cross = 0; // Σ_{i < t, t ≤ j < k} |x_i − x_j|
    let withinRight = 0; // Σ_{t ≤ j < j' < k}
    for (let k = t; k < L; k++) {
      const col = k * W;
      cross += (P[col + t] as number) - (P[col] as number);
      withinRight += (P[col + k] as number) - (P[col + t] as number);
      const n = k - t + 1;
      if (n < minSize) continue;
      const between = (2 * cross) / (m * n);
      const left = m > 1 ? withinLeft / ((m * (m - 1)) / 2) : 0;
      const right = n > 1 ? withinRight / ((n * (n - 1)) / 2) : 0;
      const q = ((m * n) / (m + n)) * (between - left - right);
      if (best === null || q > best.q) best = { tau: s + t, q };
    }
  }
  return best;
}

/** The largest split over all segments (bounds: sorted cut points from 0 to n). */
function bestOverSegments(x: Float64Array, bounds: readonly number[], minSize: number): Candidate | null {
  let best: Candidate | null = null;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const c = bestSplit(x, bounds[i] as number, bounds[i + 1] as number, minSize);
    if (c !== null && (best === null || c.q > best.q)) best = c;
  }
  return best;
}

/** Fisher–Yates within each segment, in place. */
function shuffleWithin(x: Float64Array, bounds: readonly number[], next: () => number): void {
  for (let b = 0; b + 1 < bounds.length; b++) {
    const s = bounds[b] as number;
    for (let i = (bounds[b + 1] as number) - 1; i > s; i--) {
      const j = s + (next() % (i - s + 1));
      const t = x[i] as number;
      x[i] = x[j] as number;
      x[j] = t;
    }
  }
}

/**
 * The change points of `values` (oldest first), in index order. Non-finite values are refused by
 * the caller; a series shorter than two segments of `minSize` has none.
 */
export function findChangePoints(values: readonly number[], options: ChangePointOptions = {}): ChangePoint[] {
  const alpha = options.alpha ?? CHANGE_POINT_DEFAULTS.alpha;
  const R = options.permutations ?? CHANGE_POINT_DEFAULTS.permutations;
  const minSize = Math.max(2, options.minSize ?? CHANGE_POINT_DEFAULTS.minSize);
  const next = bitSource(options.seed ?? CHANGE_POINT_DEFAULTS.seed);
  const x = Float64Array.from(values);
  const found: ChangePoint[] = [];
  const bounds = [0, x.length];
  // More exceedances than this and the split cannot reach alpha: stop shuffling (the answer is the same).
  const most = Math.floor(alpha * (R + 1)) - 1;
  const work = new Float64Array(x.length);
  for (;;) {
    const best = bestOverSegments(x, bounds, minSize);
    if (best === null || !(best.q > 0)) break;
    let over = 0;
    work.set(x);
    for (let r = 0; r < R && over <= most; r++) {
      shuffleWithin(work, bounds, next);
      const shuffled = bestOverSegments(work, bounds, minSize);
      if (shuffled !== null && shuffled.q >= best.q) over++;
    }
    const p = (1 + over) / (1 + R);
    if (over > most || p > alpha) break;
    found.push({ index: best.tau, p, q: best.q });
    bounds.push(best.tau);
    bounds.sort((a, b) => a - b);
  }
  return found.sort((a, b) => a.index - b.index);
}
