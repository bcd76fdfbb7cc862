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
import { runSplit, sharedFloat64, sharedInt32 } from '../../stats/parallel.js';

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
  return groupCorrelationPs([perCase], groupOf, groups, draws)[0] as number;
}

/**
 * {@link groupCorrelationP} of several per-case series over the same cases and groups, in one pass:
 * every series sees the same draws (one seed), so the signs are drawn once and each case's group is
 * read once for all of them. Each series' sums add the same terms in the same order as it would
 * alone, so each p is the one {@link groupCorrelationP} gives for it, bit for bit. On a large suite
 * a helper thread takes half of the draws (`split` forces or forbids it; the p-values are the same).
 */
export function groupCorrelationPs(series: readonly ArrayLike<number>[], groupOf: Int32Array, groups: number, draws?: number, split?: boolean): number[] {
  const out = series.map(() => 1);
  const n = series[0]?.length ?? 0;
  if (groups < 2 || n === 0) return out;
  const count = draws ?? correlationDraws(n);
  // The centred series that spread at all (a constant one has p = 1).
  const live: number[] = [];
  const centred: Float64Array[] = [];
  series.forEach((perCase, k) => {
    if (perCase.length !== n) throw new RangeError(`series ${k} has ${perCase.length} cases, series 0 has ${n}`);
    let mean = 0;
    for (let i = 0; i < n; i++) mean += perCase[i] as number;
    mean /= n;
    const e = new Float64Array(n);
    let spread = 0;
    for (let i = 0; i < n; i++) {
      e[i] = (perCase[i] as number) - mean;
      spread += Math.abs(e[i] as number);
    }
    if (spread === 0) return;
    live.push(k);
    centred.push(e);
  });
  const L = live.length;
  if (L === 0) return out;
  // The cases group by group (ascending within a group: a counting sort), each case's values side
  // by side; in shared memory, as on a large suite a helper thread takes half of the draws (stats/parallel.ts).
  const starts = sharedInt32(groups + 1);
  for (let i = 0; i < n; i++) starts[(groupOf[i] as number) + 1]!++;
  for (let g = 0; g < groups; g++) starts[g + 1]! += starts[g] as number;
  const order = sharedInt32(n);
  const eo = sharedFloat64(n * L);
  const fill = Int32Array.from(starts.subarray(0, groups));
  for (let i = 0; i < n; i++) {
    const k = fill[groupOf[i] as number]!++;
    order[k] = i;
    for (let j = 0; j < L; j++) eo[k * L + j] = (centred[j] as Float64Array)[i] as number;
  }
  const sums = new Float64Array(groups * L);
  for (let i = 0; i < n; i++) {
    const at = (groupOf[i] as number) * L;
    for (let j = 0; j < L; j++) sums[at + j]! += (centred[j] as Float64Array)[i] as number;
  }
  const observed = sharedFloat64(L);
  for (let j = 0; j < L; j++) {
    let q = 0;
    for (let g = 0; g < groups; g++) q += (sums[g * L + j] as number) ** 2;
    observed[j] = q * (1 - 1e-12);
  }
  const reached = sharedFloat64(count * L);
  runSplit('spreadRange', 0, count, count * n * L, (from, to) => [eo, order, starts, n, L, groups, CORRELATION_SEED, from, to, observed, reached], split);
  const atLeast = new Float64Array(L);
  for (let r = 0; r < count; r++) for (let j = 0; j < L; j++) atLeast[j]! += reached[r * L + j] as number;
  for (let j = 0; j < L; j++) out[live[j] as number] = (1 + (atLeast[j] as number)) / (1 + count);
  return out;
}
