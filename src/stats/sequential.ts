/**
 * Group-sequential boundaries: how much of the error budget α a test may spend at each of K equally
 * spaced looks so that looking after every round and stopping at the first crossing keeps the
 * overall error at α.
 *
 * The spending function is Lan and DeMets' O'Brien–Fleming type (Lan & DeMets 1983, "Discrete
 * sequential boundaries for clinical trials", Biometrika 70:659–663), one-sided:
 *
 *   α(t) = 2 − 2·Φ(z_{1−α/2} / √t),  t = k / K the information fraction,
 *
 * which spends almost nothing early (the first looks stop only on overwhelming evidence) and leaves
 * the last look a nominal level close to α, so a design that runs to the end keeps nearly the fixed
 * design's power. The boundaries c_k on the standardized statistic Z_k = S_k/√k, with S_k a sum of
 * k independent N(0, 1) increments (a round adds as much information as any other: under "no
 * difference" each round's trials are independent of the earlier ones), solve
 *
 *   P(Z_1 < c_1, …, Z_{k−1} < c_{k−1}, Z_k ≥ c_k) = α(t_k) − α(t_{k−1})
 *
 * by the recursive numerical integration of Armitage, McPherson and Rowe (1969), as in Jennison and
 * Turnbull (2000), "Group Sequential Methods with Applications to Clinical Trials", ch. 19: the
 * density of S_k on the continuation region on a grid, convolved with the N(0, 1) increment.
 * Pure and deterministic.
 */
import { normalQuantile } from './distributions.js';

/** The upper tail 1 − Φ(x) of the standard normal, with relative error below 1.2e-7 (Numerical Recipes' erfc). */
export function normalUpper(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** Lan–DeMets O'Brien–Fleming-type spending: the share of the one-sided α spent by information fraction t. */
export function obrienFlemingSpent(t: number, alpha: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return alpha;
  return 2 * normalUpper(normalQuantile(1 - alpha / 2) / Math.sqrt(t));
}

/**
 * Lan–DeMets Pocock-type spending, α·ln(1 + (e − 1)·t): spends early, for the promote boundary of
 * the sequential decision: an equal agent is shown within the margin after a few rounds.
 */
export function pocockSpent(t: number, alpha: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return alpha;
  return alpha * Math.log(1 + (Math.E - 1) * t);
}

/** The spending functions a design can use. */
export type Spending = 'obrien-fleming' | 'pocock';

/** One look of the design. */
export interface Look {
  /** 1-based round (trials per side so far). */
  round: number;
  /** α(k/K): the error spent up to and including this look. */
  spent: number;
  /** The boundary on the standardized statistic: stop when Z_k ≥ z. */
  z: number;
  /** The nominal one-sided level of this look, 1 − Φ(z): a p-value at or below it decides. */
  nominal: number;
}

/** Grid step on the S scale (the increments have standard deviation 1), and the lower tail kept, in standard deviations. */
const STEP = 0.025;
const TAIL_SD = 8;
const KERNEL = Math.ceil(TAIL_SD / STEP);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** A sub-density on the grid lo, lo + STEP, …: the paths that have not crossed yet. */
interface Grid {
  lo: number;
  f: Float64Array;
}

/** The probability of crossing b at the next look, whose increment has standard deviation sd: ∫ f(x)·(1 − Φ((b − x)/sd)) dx, by the trapezoid rule. */
function crossing(g: Grid, b: number, sd = 1): number {
  let s = 0;
  const n = g.f.length;
  for (let i = 0; i < n; i++) s += (i === 0 || i === n - 1 ? 0.5 : 1) * (g.f[i] as number) * normalUpper((b - (g.lo + i * STEP)) / sd);
  return s * STEP;
}

/**
 * The sub-density of the next look on a grid from about −TAIL_SD·√k up to exactly b (the boundary):
 * g convolved with the N(0, sd²) increment, ∫ g(x)·φ((s − x)/sd)/sd dx, banded to |s − x| ≤ TAIL_SD·sd.
 * Both grids have step STEP, so s − x takes the values δ + m·STEP and φ is tabled once per look.
 * `k` is the variance of S at this look (the rounds, when each adds the same information).
 */
function nextGrid(g: Grid, k: number, b: number, sd = 1): Grid {
  const n = Math.max(2, Math.ceil((b + TAIL_SD * Math.sqrt(k)) / STEP) + 1);
  const lo = b - (n - 1) * STEP;
  const shift = Math.floor((lo - g.lo) / STEP);
  const delta = lo - g.lo - shift * STEP; // in [0, STEP)
  const kernel = sd === 1 ? KERNEL : Math.ceil((TAIL_SD * sd) / STEP);
  const phi = new Float64Array(2 * kernel + 1); // phi[m + kernel] = φ((δ + m·STEP)/sd)/sd
  for (let m = -kernel; m <= kernel; m++) phi[m + kernel] = Math.exp(-(((delta + m * STEP) / sd) ** 2) / 2) / (sd * SQRT_2PI);
  const last = g.f.length - 1;
  const w = Float64Array.from(g.f, (v, i) => (i === 0 || i === last ? 0.5 : 1) * v * STEP);
  const f = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const c = j + shift; // s_j − x_i = δ + (c − i)·STEP
    const from = Math.max(0, c - kernel);
    const to = Math.min(last, c + kernel);
    let sum = 0;
    for (let i = from; i <= to; i++) sum += (w[i] as number) * (phi[c - i + kernel] as number);
    f[j] = sum;
  }
  return { lo, f };
}

/** The grid of S_1 = N(0, sd²), from −TAIL_SD·sd up to exactly b. */
function firstGrid(b: number, sd = 1): Grid {
  const n = Math.max(2, Math.ceil((b + TAIL_SD * sd) / STEP) + 1);
  const lo = b - (n - 1) * STEP;
  return { lo, f: Float64Array.from({ length: n }, (_, j) => Math.exp(-(((lo + j * STEP) / sd) ** 2) / 2) / (sd * SQRT_2PI)) };
}

/** b with crossing(g, b, sd) = target, by bisection (crossing falls as b rises); k: the variance of S at this look. */
function solveBoundary(g: Grid, k: number, target: number, sd = 1): number {
  let hi = -normalQuantile(target) * Math.sqrt(k) + 1; // the marginal tail, which the crossing never exceeds
  let lo = hi - 12 * Math.sqrt(k);
  while (crossing(g, lo, sd) <= target) lo -= 12 * Math.sqrt(k);
  for (let it = 0; it < 200 && hi - lo > 1e-9; it++) {
    const mid = (lo + hi) / 2;
    if (crossing(g, mid, sd) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const cache = new Map<string, readonly Look[]>();

/**
 * The K looks of the one-sided design at overall level alpha, equally spaced (look k after k
 * rounds), O'Brien–Fleming-type by default or Pocock-type. The first look is the one-look test at
 * the level it may spend.
 */
export function sequentialBoundaries(alpha: number, maxRounds: number, spending: Spending = 'obrien-fleming'): readonly Look[] {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > MAX_ROUNDS)
    throw new RangeError(`maxRounds must be an integer from 1 to ${MAX_ROUNDS}, got ${maxRounds}`);
  const key = `${alpha}/${maxRounds}/${spending}`;
  const known = cache.get(key);
  if (known) return known;
  const looks: Look[] = [];
  let grid: Grid | null = null;
  let before = 0;
  for (let k = 1; k <= maxRounds; k++) {
    const spent = spending === 'pocock' ? pocockSpent(k / maxRounds, alpha) : obrienFlemingSpent(k / maxRounds, alpha);
    const target = spent - before;
    const b: number = grid === null ? -normalQuantile(target) : solveBoundary(grid, k, target);
    const z = b / Math.sqrt(k);
    looks.push({ round: k, spent, z, nominal: normalUpper(z) });
    before = spent;
    if (k < maxRounds) {
      grid = grid === null ? firstGrid(b) : nextGrid(grid, k, b);
    }
  }
  cache.set(key, looks);
  return looks;
}

/**
 * The looks of a one-sided design at overall level alpha taken at the information fractions
 * `fractions` (increasing, in (0, 1]; the last look of the design is at 1): the error spent by each
 * look follows the spending function at its fraction, and the boundaries solve the same recursion
 * with increments of variance proportional to the fraction gained (Lan & DeMets 1983: the
 * boundary of a look depends only on the fractions so far, so a later look's fraction may be
 * observed when it comes). `maxRounds` puts S on the scale of rounds (variance t·K), so equally
 * spaced fractions k/K give {@link sequentialBoundaries}' looks (to rounding). Not cached.
 */
export function boundariesAtFractions(alpha: number, fractions: readonly number[], maxRounds: number, spending: Spending = 'obrien-fleming'): Look[] {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  const looks: Look[] = [];
  let grid: Grid | null = null;
  let before = 0;
  let tau = 0;
  fractions.forEach((t, i) => {
    if (!(t > (i === 0 ? 0 : (fractions[i - 1] as number)) && t <= 1))
      throw new RangeError(`fractions must increase within (0, 1], got ${fractions.join(', ')}`);
    const next = t * maxRounds;
    const sd = Math.sqrt(next - tau);
    const spent = spending === 'pocock' ? pocockSpent(t, alpha) : obrienFlemingSpent(t, alpha);
    const target = spent - before;
    const b: number = grid === null ? -normalQuantile(target) * sd : solveBoundary(grid, next, target, sd);
    const z = b / Math.sqrt(next);
    looks.push({ round: i + 1, spent, z, nominal: normalUpper(z) });
    before = spent;
    tau = next;
    if (i < fractions.length - 1) grid = grid === null ? firstGrid(b, sd) : nextGrid(grid, next, b, sd);
  });
  return looks;
}

/** The largest design: boundaries of up to this many looks are computed (about a second at most, once per process). */
export const MAX_ROUNDS = 50;
