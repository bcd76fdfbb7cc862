/**
 * The `significant` decision policy: each gate judged on the paired, per-case evidence.
 *
 * Every gate is a question about the mean per-case difference θ (candidate − baseline) against its
 * threshold τ: completion rate, reward and steps by their per-case differences, completion
 * regressions by the sign of each case's completion change (more cases worse than better?). Each is
 * answered by a paired sign-flip randomization test: under "no difference beyond the threshold" the
 * two sides of a case (or of a whole cluster of cases) are exchangeable, so flipping the sign of its
 * difference is as likely as not. For one trial per side the completion test is exactly McNemar's:
 * flipping discordant pairs makes the pass→fail count Binomial(discordant, ½). The flips are all 2^G
 * patterns when there are at most 2^14 of them, else a seeded sample: the same input gives the same
 * answer.
 *
 * A gate **fails** when the data show it violated (one-sided test, with a max-T adjustment across the
 * gates: the max of the gates' studentized statistics over the same flips, so correlated gates do not
 * multiply false holds and the family-wise error stays at α; a gate already shown to hold at level
 * γ = α/20 leaves that family, and γ is added to the adjusted p-values, after Berger and Boos 1994);
 * it **passes** when the data show it holds (one-sided at α per gate, which is enough: promote needs
 * every gate to pass, an intersection-union test); otherwise it is **inconclusive**. Confidence
 * bounds are the same randomization test inverted (the mean of a flipped subset is the pivot), so a
 * bound past the threshold and the unadjusted test agree.
 */
import { bitSource, normalQuantile } from '../stats/distributions.js';
import type { FindingDraft } from './findings.js';
import { GATE_NAMES, type GateName } from './gates.js';
import type { Thresholds } from './thresholds.js';
import type { CaseEvidence, TrialCase } from './trials.js';

export type DecisionPolicy = 'point' | 'significant';
export const DECISION_POLICIES: readonly DecisionPolicy[] = ['point', 'significant'];
export type GateStatus = 'pass' | 'fail' | 'inconclusive';

/** The case labels a cluster can be taken from. */
export const CLUSTER_FIELDS = ['task_family', 'environment', 'domain', 'split', 'length_bucket'] as const;
export type ClusterField = (typeof CLUSTER_FIELDS)[number];
/** `auto` takes the first of task_family, environment, domain that every case has, with enough groups. */
export type ClusterChoice = 'auto' | 'none' | ClusterField;
/** Fewest groups `auto` clusters by: fewer make a cluster-level test too coarse to decide. */
export const AUTO_MIN_CLUSTERS = 20;
/** With fewer units than this, 2^units sign patterns cannot reach 95% confidence one-sided. */
const MIN_DECIDING_UNITS = 5;
const EXACT_MAX_UNITS = 14;
const SEED = 0x5eed2024;
/**
 * γ as a share of α: a gate already shown to hold at level γ leaves the max-T family, and γ is added
 * to the family's p-values (Berger & Boos 1994), so the family-wise error stays within α.
 */
const SCREEN = 0.05;
/**
 * Weights of the max-T family, as a shift of each gate's studentized statistic: the quality gates
 * (reward, completion, regressions) share the error budget; the steps tolerance must exceed them
 * by one standard error to be the maximum, so it takes a small share instead of half of it. Fixed
 * in advance, so the adjustment stays exact (a weighted max-T).
 */
const HANDICAP: Record<GateName, number> = { reward: 0, completion: 0, completion_regressions: 0, steps: 1 };
/** Power at which the minimum detectable effect and the needed suite size are stated. */
export const POWER = 0.8;

export interface SignificanceOptions {
  /** Confidence level, 0.5 < confidence < 1; default 0.95. */
  confidence?: number;
  cluster?: ClusterChoice;
  /** Random flips when not enumerating; default from the suite size (1,999–9,999). */
  resamples?: number;
}

/** One paired case: both sides over their trials, with its labels. */
export interface PairedCase {
  id: string;
  labels: TrialCase['labels'];
  baseline: CaseEvidence;
  candidate: CaseEvidence;
}

export interface GateTest {
  gate: GateName;
  /** False for completion_regressions when fail_on_completion_regression is off: never decides. */
  gated: boolean;
  /** at_least: θ ≥ threshold holds the gate; at_most: θ ≤ threshold. */
  direction: 'at_least' | 'at_most';
  threshold: number;
  /** Per-case means over the paired cases (completion as a rate; for regressions: null). */
  baseline: number | null;
  candidate: number | null;
  /** θ̂: the mean per-case difference (for regressions: (improved − regressed) / cases). */
  estimate: number;
  /** One-sided confidence bounds on θ at the confidence level (−inf / inf when the data cannot bound it). */
  lower: number;
  upper: number;
  /** Two-sided p-value for "no change" (θ = 0): benchstat's "~" when it is above α. */
  p_change: number;
  /** One-sided p-value that the gate is violated, and the same adjusted across the gates (max-T). */
  p_violated: number;
  p_violated_adjusted: number;
  /** One-sided p-value that the gate holds. */
  p_holds: number;
  status: GateStatus;
  /** The change from zero is significant at the confidence level. */
  significant: boolean;
  /** Cases (completion regressions gate): how many got worse and better. */
  regressed: number | null;
  improved: number | null;
  /** The smallest distance from the threshold this suite decides with 80% power (same units as θ). */
  minimum_detectable: number | null;
  /** For an inconclusive gate: about how many units (cases or clusters) in all would decide it; null when the estimate sits on the threshold. */
  units_needed: number | null;
}

export interface SignificanceResult {
  confidence: number;
  alpha: number;
  /** exact: all sign patterns; sampled: `resamples` seeded random patterns. */
  method: 'exact' | 'sampled';
  patterns: number;
  seed: number;
  /** Cases on both sides (the paired evidence). */
  cases: number;
  cluster: { field: ClusterField | null; units: number; note: string };
  trials: { baseline: number; candidate: number };
  gates: GateTest[];
  /** Cases whose success rate fell, with repeated trials (empty with one trial per side). */
  declines: CaseDecline[];
  drafts: FindingDraft[];
}

/** A case whose success rate fell across repeated trials. */
export interface CaseDecline {
  case_id: string;
  baseline: { trials: number; successes: number; pass_at_k: number; pass_hat_k: number };
  candidate: { trials: number; successes: number; pass_at_k: number; pass_hat_k: number };
  /** Fisher's exact one-sided p that the drop is chance; above α: within the case's own noise. */
  p: number;
  within_noise: boolean;
}

interface GateData {
  gate: GateName;
  gated: boolean;
  direction: 'at_least' | 'at_most';
  threshold: number;
  perCase: Float64Array;
}

const rate = (e: CaseEvidence): number => e.successes / e.trials;

function gateData(cases: readonly PairedCase[], t: Thresholds): GateData[] {
  const n = cases.length;
  const col = (f: (c: PairedCase) => number): Float64Array => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = f(cases[i] as PairedCase);
    return out;
  };
  return [
    { gate: 'reward', gated: true, direction: 'at_least', threshold: t.min_reward_delta, perCase: col((c) => c.candidate.reward - c.baseline.reward) },
    { gate: 'completion', gated: true, direction: 'at_least', threshold: t.min_completion_delta, perCase: col((c) => rate(c.candidate) - rate(c.baseline)) },
    { gate: 'steps', gated: true, direction: 'at_most', threshold: t.max_steps_increase, perCase: col((c) => c.candidate.steps - c.baseline.steps) },
    { gate: 'completion_regressions', gated: t.fail_on_completion_regression, direction: 'at_least', threshold: 0, perCase: col((c) => Math.sign(rate(c.candidate) - rate(c.baseline))) },
  ];
}

/** Picks the clustering and says why, as a sentence of benchgate's own words. */
function chooseCluster(cases: readonly PairedCase[], choice: ClusterChoice): { field: ClusterField | null; note: string; drafts: FindingDraft[] } {
  if (choice === 'none') return { field: null, note: 'cases treated as independent (cluster: none)', drafts: [] };
  const groups = (f: ClusterField): number | null => {
    const seen = new Set<string>();
    for (const c of cases) {
      const v = c.labels[f];
      if (v === null) return null;
      seen.add(v);
    }
    return seen.size;
  };
  if (choice !== 'auto') {
    const g = groups(choice);
    if (g === null) return { field: choice, note: `clustered by ${choice}; cases without one count as their own cluster`, drafts: [] };
    return { field: choice, note: `clustered by ${choice}`, drafts: [] };
  }
  for (const f of ['task_family', 'environment', 'domain'] as const) {
    const g = groups(f);
    if (g === null || g < 2 || g >= cases.length) continue;
    if (g >= AUTO_MIN_CLUSTERS) return { field: f, note: `clustered by ${f} (auto)`, drafts: [] };
    return {
      field: null,
      note: `cases treated as independent: ${f} has only ${g} groups, too few to cluster by (auto needs ${AUTO_MIN_CLUSTERS})`,
      drafts: [{ code: 'too-few-clusters', side: null, message: `Cases carry ${g} ${f} groups, too few for cluster-robust tests (auto needs ${AUTO_MIN_CLUSTERS}), so cases are treated as independent; if cases of one ${f} fail together, the gates are too confident. To cluster anyway, set cluster to ${f} (--cluster ${f}).`, case_ids: [] }],
    };
  }
  return { field: null, note: 'cases treated as independent (no grouping on every case)', drafts: [] };
}

/** Unit index per case: one unit per case, or per cluster value (unlabeled cases alone). */
function unitsOf(cases: readonly PairedCase[], field: ClusterField | null): { unitOf: Int32Array; count: number } {
  const unitOf = new Int32Array(cases.length);
  if (field === null) {
    for (let i = 0; i < cases.length; i++) unitOf[i] = i;
    return { unitOf, count: cases.length };
  }
  const ids = new Map<string, number>();
  let count = 0;
  cases.forEach((c, i) => {
    const v = c.labels[field];
    if (v === null) { unitOf[i] = count++; return; }
    let u = ids.get(v);
    if (u === undefined) ids.set(v, (u = count++));
    unitOf[i] = u;
  });
  return { unitOf, count };
}

/** Sign patterns: for each, which units are flipped (as unit sums of the flipped sets). */
interface Patterns {
  method: 'exact' | 'sampled';
  count: number;
  /** flippedSize[p] = Σ n_u over flipped units; flippedSum[g][p] = Σ X_gu over flipped units. */
  flippedSize: Float64Array;
  flippedSum: Float64Array[];
}

function patterns(unitSize: Float64Array, unitSums: Float64Array[], resamples: number): Patterns {
  const G = unitSize.length;
  const exact = G <= EXACT_MAX_UNITS;
  const count = exact ? 2 ** G : resamples + 1;
  const flippedSize = new Float64Array(count);
  const flippedSum = unitSums.map(() => new Float64Array(count));
  const next = bitSource(SEED);
  const words = Math.ceil(G / 32);
  const mask = new Uint32Array(words);
  // Pattern 0 is the identity (nothing flipped) in both methods: the observed data count as one draw.
  const gates = unitSums.length;
  for (let p = 1; p < count; p++) {
    if (exact) mask[0] = p;
    else for (let w = 0; w < words; w++) mask[w] = next();
    let size = 0;
    for (let u = 0; u < G; u++) {
      if ((((mask[u >>> 5] as number) >>> (u & 31)) & 1) === 0) continue;
      size += unitSize[u] as number;
      for (let g = 0; g < gates; g++) (flippedSum[g] as Float64Array)[p]! += (unitSums[g] as Float64Array)[u] as number;
    }
    flippedSize[p] = size;
  }
  return { method: exact ? 'exact' : 'sampled', count, flippedSize, flippedSum };
}

/** Resamples by suite size: about 5·10^7 unit visits per gate at most, between 1,999 and 9,999. */
function defaultResamples(units: number): number {
  return Math.max(1999, Math.min(9999, Math.floor(5e7 / Math.max(1, units))));
}

/** The mean of each flipped set, ascending: the randomization distribution, inverted into bounds. */
function flippedMeans(ps: Patterns, g: number): Float64Array {
  const out = new Float64Array(ps.count - 1);
  const sums = ps.flippedSum[g] as Float64Array;
  for (let p = 1; p < ps.count; p++) out[p - 1] = (sums[p] as number) / (ps.flippedSize[p] as number);
  return out.sort();
}

/** #{means ≤ x} and #{means ≥ x} in a sorted array. */
function countAtMost(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function countAtLeast(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}

export function testGates(cases: readonly PairedCase[], thresholds: Thresholds, trials: { baseline: number; candidate: number }, options: SignificanceOptions = {}): SignificanceResult {
  const confidence = options.confidence ?? 0.95;
  if (!(confidence > 0.5 && confidence < 1)) throw new RangeError(`confidence must be between 0.5 and 1, got ${confidence}`);
  const alpha = 1 - confidence;
  const n = cases.length;
  const cluster = chooseCluster(cases, options.cluster ?? 'auto');
  const { unitOf, count: G } = unitsOf(cases, cluster.field);
  const drafts = [...cluster.drafts];
  if (cluster.field !== null && G < MIN_DECIDING_UNITS) {
    drafts.push({ code: 'too-few-clusters', side: null, message: `Clustering by ${cluster.field} leaves ${G} clusters: ${2 ** G} sign patterns cannot reach ${Math.round(confidence * 100)}% confidence, so no gate can be decided. Use more clusters, or --cluster none if cases are independent.`, case_ids: [] });
  }
  const data = gateData(cases, thresholds);
  const unitSize = new Float64Array(G);
  for (let i = 0; i < n; i++) unitSize[unitOf[i] as number]! += 1;
  const unitSums = data.map((d) => {
    const s = new Float64Array(G);
    for (let i = 0; i < n; i++) s[unitOf[i] as number]! += d.perCase[i] as number;
    return s;
  });
  const ps = patterns(unitSize, unitSums, options.resamples ?? defaultResamples(G));
  const total = ps.count;
  const m = Math.floor(alpha * total) - 1;
  const m2 = Math.floor((alpha / 2) * total) - 1;
  const zPower = normalQuantile(confidence) + normalQuantile(POWER);

  // First pass: each gate on its own (estimate, bounds, one-sided p-values).
  const singles = data.map((d, g) => {
    const sums = unitSums[g] as Float64Array;
    const theta = n === 0 ? 0 : sums.reduce((a, b) => a + b, 0) / n;
    const spread = d.perCase.some((x) => x !== d.perCase[0]);
    const meets = d.direction === 'at_least' ? theta >= d.threshold : theta <= d.threshold;
    if (n === 0 || !spread || !Number.isFinite(d.threshold)) return { d, g, theta, meets, sorted: null };
    return { d, g, theta, meets, sorted: flippedMeans(ps, g) };
  });
  const pHolds = (x: (typeof singles)[number]): number => {
    if (x.sorted === null) return x.meets ? 0 : 1;
    return x.d.direction === 'at_least' ? (1 + countAtMost(x.sorted, x.d.threshold)) / total : (1 + countAtLeast(x.sorted, x.d.threshold)) / total;
  };
  // The max-T family: gates that can decide and are not already shown to hold at level γ (their
  // randomization spread would only raise everyone's bar). Berger–Boos: the family's p-value + γ.
  const family = singles.filter((x) => x.sorted !== null && x.d.gated && pHolds(x) > SCREEN * alpha);
  const violation = new Map<number, Float64Array>();
  for (const x of family) {
    const tau = x.d.threshold;
    const sums = unitSums[x.g] as Float64Array;
    let norm = 0;
    let obs = 0;
    for (let u = 0; u < G; u++) {
      const v = (sums[u] as number) - tau * (unitSize[u] as number);
      norm += v * v;
      obs += v;
    }
    const sign = x.d.direction === 'at_least' ? -1 : 1;
    const flipped = ps.flippedSum[x.g] as Float64Array;
    const handicap = HANDICAP[x.d.gate];
    const v = new Float64Array(total);
    for (let p = 0; p < total; p++) v[p] = (sign * (obs - 2 * ((flipped[p] as number) - tau * (ps.flippedSize[p] as number)))) / Math.sqrt(norm) - handicap;
    violation.set(x.g, v);
  }
  const maxV = new Float64Array(total).fill(-Infinity);
  for (const v of violation.values()) for (let p = 0; p < total; p++) if ((v[p] as number) > (maxV[p] as number)) maxV[p] = v[p] as number;

  const gates = singles.map(({ d, g, theta, meets, sorted }): GateTest => {
    const sums = unitSums[g] as Float64Array;
    const regressed = d.gate === 'completion_regressions' ? d.perCase.reduce((k, x) => k + (x < 0 ? 1 : 0), 0) : null;
    const improved = d.gate === 'completion_regressions' ? d.perCase.reduce((k, x) => k + (x > 0 ? 1 : 0), 0) : null;
    const means = side(cases, d.gate);
    const base = { gate: d.gate, gated: d.gated, direction: d.direction, threshold: d.threshold, baseline: means.baseline, candidate: means.candidate, estimate: theta, regressed, improved };
    if (sorted === null) {
      // No spread: every case moved by exactly θ, so θ is known; an infinite threshold decides itself.
      const status: GateStatus = !d.gated || meets ? 'pass' : 'fail';
      return { ...base, lower: theta, upper: theta, p_change: theta === 0 ? 1 : 0, p_violated: meets ? 1 : 0, p_violated_adjusted: meets ? 1 : 0, p_holds: meets ? 0 : 1, status, significant: theta !== 0 && n > 0, minimum_detectable: null, units_needed: null };
    }
    const tau = d.threshold;
    // The identity pattern (the observed data) counts toward every p-value.
    const atMost = (x: number): number => (1 + countAtMost(sorted, x)) / total;
    const atLeast = (x: number): number => (1 + countAtLeast(sorted, x)) / total;
    const lower = m >= 0 ? (sorted[m] as number) : -Infinity;
    const upper = m >= 0 ? (sorted[sorted.length - 1 - m] as number) : Infinity;
    const p_violated = d.direction === 'at_least' ? atLeast(tau) : atMost(tau);
    const p_holds = d.direction === 'at_least' ? atMost(tau) : atLeast(tau);
    const v = violation.get(g);
    let p_violated_adjusted = 1;
    if (v) {
      const observed = v[0] as number;
      let k = 0;
      for (let p = 0; p < total; p++) if ((maxV[p] as number) >= observed - 1e-12) k++;
      p_violated_adjusted = Math.min(1, Math.max(p_violated, k / total) + SCREEN * alpha);
    }
    const p_change = Math.min(1, 2 * Math.min(atLeast(0), atMost(0)));
    const lower2 = m2 >= 0 ? (sorted[m2] as number) : -Infinity;
    const upper2 = m2 >= 0 ? (sorted[sorted.length - 1 - m2] as number) : Infinity;
    let status: GateStatus = 'inconclusive';
    if (!d.gated) status = 'pass';
    else if (p_violated_adjusted <= alpha) status = 'fail';
    else if (p_holds <= alpha) status = 'pass';
    const se = clusterSe(sums, unitSize, theta, n);
    const minimum_detectable = se > 0 ? zPower * se : null;
    const gap = Math.abs(theta - tau);
    const units_needed = status === 'inconclusive' && se > 0 && gap > 0 ? Math.ceil(G * ((zPower * se) / gap) ** 2) : null;
    return { ...base, lower, upper, p_change, p_violated, p_violated_adjusted, p_holds, status, significant: lower2 > 0 || upper2 < 0, minimum_detectable, units_needed };
  });
  return {
    confidence,
    alpha,
    method: ps.method,
    patterns: total,
    seed: SEED,
    cases: n,
    cluster: { field: cluster.field, units: G, note: cluster.note },
    trials,
    gates: GATE_NAMES.map((name) => gates.find((x) => x.gate === name) as GateTest),
    declines: [],
    drafts,
  };
}

/** Cluster-robust (CR1) standard error of a mean over units, for sizing statements only. */
function clusterSe(sums: Float64Array, sizes: Float64Array, theta: number, n: number): number {
  const G = sums.length;
  if (G < 2) return 0;
  let acc = 0;
  for (let u = 0; u < G; u++) acc += ((sums[u] as number) - theta * (sizes[u] as number)) ** 2;
  return Math.sqrt((G / (G - 1)) * acc) / n;
}

/** Each side's per-case mean for a gate (the regressions gate has none). */
function side(cases: readonly PairedCase[], gate: GateName): { baseline: number | null; candidate: number | null } {
  if (gate === 'completion_regressions' || cases.length === 0) return { baseline: null, candidate: null };
  const pick = (e: CaseEvidence): number => (gate === 'reward' ? e.reward : gate === 'steps' ? e.steps : rate(e));
  let b = 0;
  let c = 0;
  for (const x of cases) {
    b += pick(x.baseline);
    c += pick(x.candidate);
  }
  return { baseline: b / cases.length, candidate: c / cases.length };
}
