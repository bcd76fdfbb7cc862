/**
 * Do the cases of one group move together? With few groups, a cluster-level test is weak, and a
 * case-level test is too confident when a group's cases share a shock (a tool outage or a rate limit
 * that moves every case of one family in one run). This tells the two apart from the data: the
 * spread of the group sums of the centred per-case differences, Q = Σ_g (Σ_{i∈g} e_i)², against its
 * randomization distribution when each case's sign is flipped on its own (Q's reference under
 * independent, symmetric cases: a case-level sign-flip test of within-group correlation, in the
 * spirit of the randomization tests for clustering of Ibragimov and Müller 2016 and of the
 * heterogeneity Q statistic of meta-analysis). Large Q: the groups' changes disagree more than
 * independent cases allow, whether by a shared shock or by a real group-level effect; either way
 * the group, not the case, is the unit of evidence. Seeded: the same input gives the same p.
 */
import { bitSource } from '../../stats/distributions.js';

const CORRELATION_SEED = 0x0c1a55e5;

/** Draws by suite size: 999 up to 20,000 cases, fewer past that (at least 199), about 2·10^7 case visits. */
export function correlationDraws(cases: number): number {
  return Math.max(199, Math.min(999, Math.floor(2e7 / Math.max(1, cases))));
}

/**
 * One-sided randomization p-value that the group sums spread more than independent cases allow
 * (1 when there is no spread or a single group). `groupOf[i]` is case i's group, 0 … groups − 1.
 */
export function groupCorrelationP(perCase: ArrayLike<number>, groupOf: Int32Array, groups: number, draws = correlationDraws(perCase.length)): number {
  const n = perCase.length;
  if (groups < 2 || n === 0) return 1;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += perCase[i] as number;
  mean /= n;
  const e = new Float64Array(n);
  let spread = 0;
  for (let i = 0; i < n; i++) {
    e[i] = (perCase[i] as number) - mean;
    spread += Math.abs(e[i] as number);
  }
  if (spread === 0) return 1;
  const sums = new Float64Array(groups);
  const q = (): number => {
    let out = 0;
    for (let g = 0; g < groups; g++) out += (sums[g] as number) ** 2;
    return out;
  };
  for (let i = 0; i < n; i++) sums[groupOf[i] as number]! += e[i] as number;
  const observed = q();
  const next = bitSource(CORRELATION_SEED);
  let atLeast = 0;
  for (let r = 0; r < draws; r++) {
    sums.fill(0);
    let bits = 0;
    for (let i = 0; i < n; i++) {
      if ((i & 31) === 0) bits = next();
      const s = (bits >>> (i & 31)) & 1 ? 1 : -1;
      sums[groupOf[i] as number]! += s * (e[i] as number);
    }
    if (q() >= observed * (1 - 1e-12)) atLeast++;
  }
  return (1 + atLeast) / (1 + draws);
}
