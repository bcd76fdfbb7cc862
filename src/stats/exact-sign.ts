/**
 * The paired sign-flip test in closed form for per-case differences in {−1, 0, +1} (completion with
 * one trial per side, and its sign test): I cases improved, R regressed, Z tied. Flipping a random
 * subset F of the cases (each in F with probability ½) puts a ~ Binomial(I, ½) improved, b ~
 * Binomial(R, ½) regressed and c ~ Binomial(Z, ½) tied cases in F, independently, so the share of
 * the 2^n patterns whose flipped mean is at least (at most) a threshold τ is a sum over (a, b) of
 * binomial weights times a binomial tail in c: exact, with no sampling. At τ = 0 the ties drop out
 * and it is McNemar's exact test, P(B ≥ R) for B ~ Binomial(I + R, ½) (McNemar 1947; the exact form
 * as in Fagerland, Lydersen and Laake 2013). The shares count the identity pattern (F empty) as the
 * sampled and enumerated tests do (sign-flip.ts), so the three agree.
 */

/** Probability mass of Binomial(n, ½), computed in log space (n up to millions). */
function halfBinomial(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  let logC = 0;
  const base = n * Math.LN2;
  for (let k = 0; k <= n; k++) {
    out[k] = Math.exp(logC - base);
    logC += Math.log(n - k) - Math.log(k + 1);
  }
  return out;
}

/** Above this many (a, b) terms per evaluation the closed form is slower than sampling. */
export const EXACT_SIGN_MAX_TERMS = 250_000;

export interface TernaryCounts {
  improved: number;
  regressed: number;
  tied: number;
}

/** Counts of +1, −1 and 0 when every value is one of them; null otherwise. */
export function ternaryCounts(perCase: ArrayLike<number>): TernaryCounts | null {
  let improved = 0;
  let regressed = 0;
  let tied = 0;
  for (let i = 0; i < perCase.length; i++) {
    const x = perCase[i];
    if (x === 1) improved++;
    else if (x === -1) regressed++;
    else if (x === 0) tied++;
    else return null;
  }
  return { improved, regressed, tied };
}

/** Whether the closed form is cheap enough at any threshold (at τ = 0 it always is: McNemar's sum). */
export function exactSignFeasible(c: TernaryCounts): boolean {
  return (c.improved + 1) * (c.regressed + 1) <= EXACT_SIGN_MAX_TERMS;
}

/**
 * The exact randomization distribution of the flipped mean for ternary per-case differences:
 * `atLeast(τ)` = share of patterns with F empty or mean_F ≥ τ, `atMost(τ)` likewise with ≤, and the
 * one-sided bounds read off it (the m-th order statistics of the flipped means, as sign-flip.ts).
 */
export class ExactSign {
  private readonly pa: Float64Array;
  private readonly pb: Float64Array;
  /** cdfZ[k] = P(c ≤ k − 1), k = 0 … Z + 1. */
  private readonly cdfZ: Float64Array;
  readonly n: number;

  constructor(readonly counts: TernaryCounts) {
    this.pa = halfBinomial(counts.improved);
    this.pb = halfBinomial(counts.regressed);
    const pz = halfBinomial(counts.tied);
    this.cdfZ = new Float64Array(counts.tied + 2);
    for (let k = 0; k <= counts.tied; k++) this.cdfZ[k + 1] = (this.cdfZ[k] as number) + (pz[k] as number);
    this.n = counts.improved + counts.regressed + counts.tied;
  }

  /** P(c in [lo, hi]) for c ~ Binomial(Z, ½), with the bounds clipped. */
  private cRange(lo: number, hi: number): number {
    const Z = this.counts.tied;
    const l = Math.max(0, lo);
    const h = Math.min(Z, hi);
    if (h < l) return 0;
    return Math.min(1, (this.cdfZ[h + 1] as number) - (this.cdfZ[l] as number));
  }

  /**
   * Share of patterns with L(a, b) − τ·c ≥ 0 (sign +1) or ≤ 0 (sign −1), L = a(1 − τ) − b(1 + τ):
   * mean_F ≥ τ ⟺ a − b ≥ τ(a + b + c). A relative slack of 1e-9 absorbs rounding, as the float
   * comparison of the sampled test would take an exact tie as a tie.
   */
  private share(tau: number, sign: 1 | -1): number {
    const { improved: I, regressed: R, tied: Z } = this.counts;
    const eps = 1e-9;
    let total = 0;
    for (let a = 0; a <= I; a++) {
      const wa = this.pa[a] as number;
      if (wa === 0) continue;
      for (let b = 0; b <= R; b++) {
        const w = wa * (this.pb[b] as number);
        if (w === 0) continue;
        const L = sign * (a * (1 - tau) - b * (1 + tau)); // need sign·(L − τc) ≥ 0, i.e. L' ≥ sign·τ·c
        const t = sign * tau;
        let pc: number;
        if (t === 0) pc = L >= -eps ? 1 : 0;
        else if (t > 0) pc = this.cRange(0, Math.floor(L / t + eps));
        else pc = this.cRange(Math.ceil(L / t - eps), Z);
        total += w * pc;
      }
    }
    return Math.min(1, total);
  }

  atLeast(tau: number): number {
    if (tau === 0) return this.mcnemar(true);
    return this.share(tau, 1);
  }

  atMost(tau: number): number {
    if (tau === 0) return this.mcnemar(false);
    return this.share(tau, -1);
  }

  /** At τ = 0: P(a ≥ b) (or ≤) = P(B ≥ R) (or B ≤ R) for B = a + (R − b) ~ Binomial(I + R, ½). */
  private mcnemar(atLeast: boolean): number {
    const { improved: I, regressed: R } = this.counts;
    const pd = halfBinomial(I + R);
    let p = 0;
    for (let k = 0; k <= I + R; k++) if (atLeast ? k >= R : k <= R) p += pd[k] as number;
    return Math.min(1, p);
  }

  /**
   * A one-sided bound: the smallest x with atMost(x) ≥ target (lower), or the largest with
   * atLeast(x) ≥ target (upper), by bisection over [−1, 1] to 1e-10. With target = (m + 2)/2^n it is
   * the m-th order statistic (0-based) of the non-empty patterns' means, the bound sign-flip.ts reads
   * off its sorted means (the shares here count the empty pattern too, hence m + 2).
   */
  bound(target: number, lower: boolean): number {
    let lo = -1;
    let hi = 1;
    while (hi - lo > 1e-10) {
      const mid = (lo + hi) / 2;
      const reached = (lower ? this.atMost(mid) : this.atLeast(mid)) >= target - 1e-12;
      if (lower === reached) hi = mid;
      else lo = mid;
    }
    return lower ? hi : lo;
  }
}
