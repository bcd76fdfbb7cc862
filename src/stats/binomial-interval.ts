/**
 * The exact (Clopper–Pearson, 1934) interval of a binomial proportion: the p whose binomial tails at
 * the count seen are at least (1 − confidence)/2 each. Its ends are beta quantiles,
 *
 *   lower = B⁻¹((1 − c)/2; x, n − x + 1)   (0 when x = 0)
 *   upper = B⁻¹((1 + c)/2; x + 1, n − x)   (1 when x = n)
 *
 * found by bisection on the regularized incomplete beta function (student-t.ts). Exact rather than
 * Wilson's or Wald's because the counts it is used for are small (a gate's wrong verdicts over tens
 * of pull requests, often 0): there the normal approximations undercover, and this one never does.
 */
import { incompleteBeta } from './student-t.js';

export interface BinomialInterval {
  /** The count seen, of `n`. */
  x: number;
  n: number;
  /** x / n; null when n = 0. */
  rate: number | null;
  /** The ends, in [0, 1]; [0, 1] when n = 0 (nothing is known). */
  lo: number;
  hi: number;
  confidence: number;
}

/** The x with I_x(a, b) = q, by bisection to 1e-12 (I_x is increasing in x). */
function betaQuantile(q: number, a: number, b: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 100 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (incompleteBeta(mid, a, b) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The two-sided Clopper–Pearson interval of x successes in n trials; a RangeError for counts that are not 0 ≤ x ≤ n integers or a confidence outside (0, 1). */
export function clopperPearson(x: number, n: number, confidence = 0.95): BinomialInterval {
  if (!Number.isInteger(x) || !Number.isInteger(n) || x < 0 || n < 0 || x > n)
    throw new RangeError(`clopperPearson: expected integers 0 ≤ x ≤ n, got x = ${x}, n = ${n}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`clopperPearson: confidence must be between 0 and 1, got ${confidence}`);
  if (n === 0) return { x, n, rate: null, lo: 0, hi: 1, confidence };
  const tail = (1 - confidence) / 2;
  const lo = x === 0 ? 0 : betaQuantile(tail, x, n - x + 1);
  const hi = x === n ? 1 : betaQuantile(1 - tail, x + 1, n - x);
  return { x, n, rate: x / n, lo, hi, confidence };
}
