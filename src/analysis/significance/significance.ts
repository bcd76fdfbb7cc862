/**
 * The `significant` decision policy: each gate judged on the paired, per-case evidence.
 *
 * Every gate is a question about the mean per-case difference θ (candidate − baseline) against its
 * threshold τ: completion rate, reward and steps by their per-case differences, completion
 * regressions by the sign of each case's completion change (more cases worse than better?). Each is
 * answered by a paired sign-flip randomization test: under "no difference beyond the threshold" the
 * two sides of a case (or of a whole cluster of cases) are exchangeable, so flipping the sign of its
 * difference is as likely as not. The flips are all 2^G patterns when there are at most 2^14 of
 * them, else a seeded sample: the same input gives the same answer. A gate whose per-case changes
 * are −1, 0 or +1 with cases as units (completion and its sign test with one trial per side) is
 * tested in closed form instead (exact-sign.ts): at a zero threshold exactly McNemar's test, with no
 * sampling error.
 *
 * A gate **fails** when the data show it violated (one-sided test, with a max-T adjustment across the
 * gates: the max of the gates' studentized statistics over the same flips, so correlated gates do not
 * multiply false holds and the family-wise error stays at α (Westfall and Young 1993). The gates
 * weigh the same: the steps gate, nearly independent of the quality gates (which move as one),
 * takes about half of α when it is near its cap and none when it is far, so its power is close to
 * its own test's (a weighted family that handicapped it by one standard error held a +0.7 rise over
 * a +0.5 cap half as often). A gate already shown to hold at level
 * γ = α/10 leaves that family, and γ is added to the adjusted p-values, after Berger and Boos 1994);
 * it **passes** when the data show it holds (one-sided at α per gate, which is enough: promote needs
 * every gate to pass, an intersection-union test); otherwise it is **inconclusive**. Confidence
 * bounds are the same randomization test inverted (the mean of a flipped subset is the pivot), so a
 * bound past the threshold and the unadjusted test agree.
 */
import { normalQuantile } from '../../stats/distributions.js';
import { ExactSign, exactSignFeasible, ternaryCounts } from '../../stats/exact-sign.js';
import { countAtLeast, countAtMost, defaultResamples, flippedMeans, type Patterns, SIGN_FLIP_SEED, signPatterns } from '../../stats/sign-flip.js';
import type { GateStatus, SideRuns } from '../model.js';
import { DEFAULT_CONFIDENCE, type GateTest, type PairedCase, type PairedCases, type SignificanceOptions, type SignificanceResult } from '../model.js';
import { asPairedCases } from '../paired-cases.js';
import { GATE_NAMES, type GateName } from '../rlm/gates.js';
import type { Thresholds } from '../rlm/thresholds.js';
import {
  bellMcCaffreyDf,
  CLUSTER_T_DRAWS,
  cr2Estimate,
  robustBounds,
  robustDetectable,
  type RobustEstimate,
  type RobustGate,
  robustMaxT,
  robustPs,
} from './cluster-robust.js';
import { AUTO_MIN_CLUSTERS, autoGrouping, chooseCluster, type ClusterDecision, unitsOf, unitTotals } from './clusters.js';
import { clusterSe, type GateData, gateData, sideMeans } from './gate-evidence.js';
import { groupApart } from './heterogeneity.js';
import { type ResolvedMargin, resolveMargins, rewardScale } from './margins.js';
import { type RunNoise, runNoiseOf } from './run-noise.js';
import { signalOf, sizingTarget, trialsFor, unitsFor, verdictUnits } from './sizing.js';

/** Labels the heterogeneity note may read when the cluster is one of them. */
const CLUSTER_LABELS = new Set(['task_family', 'environment', 'domain', 'split', 'length_bucket']);
/** With fewer units than this, 2^units sign patterns cannot reach 95% confidence one-sided. */
const MIN_DECIDING_UNITS = 5;
/**
 * γ as a share of α: a gate already shown to hold at level γ leaves the max-T family, and γ is added
 * to the family's p-values (Berger & Boos 1994), so the family-wise error stays within α.
 */
const SCREEN = 0.1;
/** Power at which the minimum detectable effect and the needed suite size are stated. */
export const POWER = 0.8;

/** What every gate's test reads: the units, their sums per gate, the sign patterns and the levels. */
interface Context {
  cases: PairedCases;
  n: number;
  units: number;
  alpha: number;
  /** The level of a pass (α unless a sequential look's promote boundary sets it). */
  alphaPass: number;
  unitSize: Float64Array;
  unitSums: Float64Array[];
  ps: Patterns;
  /** The units are the cases themselves (no cluster): the closed-form test applies to ternary differences. */
  caseUnits: boolean;
  effects: Partial<Record<GateName, number>>;
  margins: Margins;
}

/** One gate on its own: its estimate, and its randomization distribution (null when it has no spread). */
interface Single {
  d: GateData;
  g: number;
  theta: number;
  meets: boolean;
  sorted: Float64Array | null;
  /** The closed-form test when the units are cases, the differences are −1/0/+1 and 2^n is past enumeration. */
  exact: ExactSign | null;
}

function single(ctx: Context, d: GateData, g: number): Single {
  const sums = ctx.unitSums[g] as Float64Array;
  const theta = ctx.n === 0 ? 0 : sums.reduce((a, b) => a + b, 0) / ctx.n;
  const spread = d.perCase.some((x) => x !== d.perCase[0]);
  const meets = d.direction === 'at_least' ? theta >= d.threshold : theta <= d.threshold;
  const decidable = ctx.n > 0 && spread && Number.isFinite(d.threshold);
  const counts = decidable && ctx.caseUnits && ctx.ps.method === 'sampled' ? ternaryCounts(d.perCase) : null;
  // At a zero threshold the closed form is McNemar's sum, linear in the cases; at another it is a double sum, used while cheap.
  const exact = counts !== null && (d.threshold === 0 || exactSignFeasible(counts)) ? new ExactSign(counts) : null;
  return { d, g, theta, meets, sorted: decidable ? flippedMeans(ctx.ps, g) : null, exact };
}

/** The share of patterns at or below / at or above x; the identity pattern (the observed data) always counts. */
const sampledAtMost = (ctx: Context, sorted: Float64Array, x: number): number => (1 + countAtMost(sorted, x)) / ctx.ps.count;
const sampledAtLeast = (ctx: Context, sorted: Float64Array, x: number): number => (1 + countAtLeast(sorted, x)) / ctx.ps.count;
/** The closed form at `at` when it has one there (at 0 always: McNemar's sum; elsewhere while cheap). */
const exactAt = (x: Single, at: number): ExactSign | null => (x.exact !== null && (at === 0 || exactSignFeasible(x.exact.counts)) ? x.exact : null);
/** Shares of patterns at or below / at or above x: exact when the gate has its closed form there, else counted. */
const atMost = (ctx: Context, x: Single, at: number): number => exactAt(x, at)?.atMost(at) ?? sampledAtMost(ctx, x.sorted as Float64Array, at);
const atLeast = (ctx: Context, x: Single, at: number): number => exactAt(x, at)?.atLeast(at) ?? sampledAtLeast(ctx, x.sorted as Float64Array, at);

/** Each gate's margin, resolved on its scale before any test (margins.ts). */
type Margins = Readonly<Record<GateName, ResolvedMargin>>;
/** The margin of a gate (0 for steps by default, and for a gate not gated). */
const marginOf = (margins: Margins, d: GateData): number => (d.gated ? margins[d.gate].value : 0);
/** Where the margin comes from, in words (the report's `margin_basis`). */
const basisOf = (margins: Margins, d: GateData): string => (d.gated ? margins[d.gate].basis : 'not gated');
/** Where the gate passes: its threshold moved by the margin to the unsafe side (θ shown beyond it holds the gate within the margin). */
const passThreshold = (margins: Margins, d: GateData): number =>
  d.direction === 'at_least' ? d.threshold - marginOf(margins, d) : d.threshold + marginOf(margins, d);

function pHolds(ctx: Context, x: Single): number {
  if (x.sorted === null) return x.meets ? 0 : 1;
  return x.d.direction === 'at_least' ? atMost(ctx, x, x.d.threshold) : atLeast(ctx, x, x.d.threshold);
}

/**
 * The max-T family's studentized violation statistics per pattern (pattern 0 observed), and their
 * maximum per pattern. The family: gates that can decide and are not already shown to hold at level
 * γ (their randomization spread would only raise everyone's bar); Berger–Boos adds γ to its p-values.
 */
interface Family {
  violation: Map<number, Float64Array>;
  maxV: Float64Array;
  /** The value the family's maximum must pass for a gate to fail (the upper α − γ point of maxV over the flips), for sizing. */
  critical: number;
}

function maxT(ctx: Context, singles: readonly Single[]): Family {
  const { units: G, ps, unitSize } = ctx;
  const family = singles.filter((x) => x.sorted !== null && x.d.gated && pHolds(ctx, x) > SCREEN * ctx.alpha);
  const violation = new Map<number, Float64Array>();
  for (const x of family) {
    const tau = x.d.threshold;
    const sums = ctx.unitSums[x.g] as Float64Array;
    let norm = 0;
    let obs = 0;
    for (let u = 0; u < G; u++) {
      const v = (sums[u] as number) - tau * (unitSize[u] as number);
      norm += v * v;
      obs += v;
    }
    const sign = x.d.direction === 'at_least' ? -1 : 1;
    const flipped = ps.flippedSum[x.g] as Float64Array;
    const v = new Float64Array(ps.count);
    for (let p = 0; p < ps.count; p++) v[p] = (sign * (obs - 2 * ((flipped[p] as number) - tau * (ps.flippedSize[p] as number)))) / Math.sqrt(norm);
    violation.set(x.g, v);
  }
  const maxV = new Float64Array(ps.count).fill(-Infinity);
  for (const v of violation.values()) for (let p = 0; p < ps.count; p++) if ((v[p] as number) > (maxV[p] as number)) maxV[p] = v[p] as number;
  const flips = maxV.slice(1).sort();
  const k = Math.floor(ctx.alpha * (1 - SCREEN) * ps.count) - 1;
  const critical = violation.size === 0 || k < 0 ? normalQuantile(1 - ctx.alpha * (1 - SCREEN)) : (flips[flips.length - 1 - k] as number);
  return { violation, maxV, critical };
}

/**
 * One-sided bounds at a level (α one-sided, α/2 for the two-sided "significant"): from the closed
 * form when it is cheap (the exact m-th order statistic of the 2^n patterns' means), else the m-th
 * of the sorted flipped means; unbounded when the patterns cannot reach the level.
 */
function bounds(ctx: Context, x: Single, level: number): { lower: number; upper: number } {
  const unbounded = { lower: -Infinity, upper: Infinity };
  if (x.exact !== null && exactSignFeasible(x.exact.counts)) {
    const n = x.exact.n;
    // The shares count the empty pattern, hence m + 2; past 2^52 patterns that is the level itself.
    const k = n <= 52 ? Math.floor(level * 2 ** n) - 1 : 0;
    if (k < 0) return unbounded;
    const target = n <= 52 ? (k + 2) / 2 ** n : level;
    return { lower: x.exact.bound(target, true), upper: x.exact.bound(target, false) };
  }
  const k = Math.floor(level * ctx.ps.count) - 1;
  if (k < 0) return unbounded;
  const sorted = x.sorted as Float64Array;
  return { lower: sorted[k] as number, upper: sorted[sorted.length - 1 - k] as number };
}

/**
 * The gate whose evidence shows a gate within its margin: its own, except for the regressions gate
 * with a margin, which is folded into completion: with repeated trials the sign of a
 * case's rate change is ±1 for nearly every noisy case, so a sign test can show an equal agent
 * within 5 points only on very large suites; with one trial the two are the same series.
 */
function passEvidence(x: Single, singles: readonly Single[], margin: number): Single {
  if (x.d.gate !== 'completion_regressions' || margin === 0) return x;
  const completion = singles.find((y) => y.d.gate === 'completion');
  return completion === undefined || completion.sorted === null ? x : completion;
}

function gateResult(ctx: Context, x: Single, family: Family, singles: readonly Single[] = [x]): GateTest {
  const { d, g, theta, meets, sorted } = x;
  const { alpha } = ctx;
  const counts =
    d.gate === 'completion_regressions'
      ? { regressed: d.perCase.filter((x) => x < 0).length, improved: d.perCase.filter((x) => x > 0).length }
      : { regressed: null, improved: null };
  const means = sideMeans(ctx.cases, d.gate, d.perCase);
  const base = {
    gate: d.gate,
    gated: d.gated,
    direction: d.direction,
    threshold: d.threshold,
    margin: marginOf(ctx.margins, d),
    margin_basis: basisOf(ctx.margins, d),
    baseline: means.baseline,
    candidate: means.candidate,
    estimate: theta,
    ...counts,
  };
  if (sorted === null) {
    // No spread: every case moved by exactly θ, so θ is known; an infinite threshold decides itself.
    const status: GateStatus = !d.gated || meets ? 'pass' : 'fail';
    return {
      ...base,
      lower: theta,
      upper: theta,
      p_change: theta === 0 ? 1 : 0,
      p_violated: meets ? 1 : 0,
      p_violated_adjusted: meets ? 1 : 0,
      p_holds: meets ? 0 : 1,
      status,
      significant: theta !== 0 && ctx.n > 0,
      minimum_detectable: null,
      units_needed: null,
      sizing: null,
    };
  }
  const tau = d.threshold;
  const pass = passThreshold(ctx.margins, d);
  const p_violated = d.direction === 'at_least' ? atLeast(ctx, x, tau) : atMost(ctx, x, tau);
  const shown = passEvidence(x, singles, marginOf(ctx.margins, d));
  const passAt = shown === x ? pass : d.threshold - marginOf(ctx.margins, d);
  const p_holds = d.direction === 'at_least' ? atMost(ctx, shown, passAt) : atLeast(ctx, shown, passAt);
  const one = bounds(ctx, x, alpha);
  const two = bounds(ctx, x, alpha / 2);
  const v = family.violation.get(g);
  let p_violated_adjusted = 1;
  if (v) {
    let k = 0;
    for (let p = 0; p < ctx.ps.count; p++) if ((family.maxV[p] as number) >= (v[0] as number) - 1e-12) k++;
    p_violated_adjusted = Math.min(1, Math.max(p_violated, k / ctx.ps.count) + SCREEN * alpha);
  }
  let status: GateStatus = 'inconclusive';
  if (!d.gated) status = 'pass';
  else if (p_violated_adjusted <= alpha) status = 'fail';
  else if (p_holds <= ctx.alphaPass) status = 'pass';
  const se = clusterSe(ctx.unitSums[g] as Float64Array, ctx.unitSize, theta, ctx.n);
  // A pass is read on `shown`'s series (the completion changes for the regressions gate with a margin): its sizing takes that series' noise.
  const passSe = shown === x ? se : clusterSe(ctx.unitSums[shown.g] as Float64Array, ctx.unitSize, shown.theta, ctx.n);
  const sizing = status === 'inconclusive' ? sizeGate(ctx, x, family, se, passSe) : null;
  return {
    ...base,
    lower: one.lower,
    upper: one.upper,
    p_change: Math.min(1, 2 * Math.min(atLeast(ctx, x, 0), atMost(ctx, x, 0))),
    p_violated,
    p_violated_adjusted,
    p_holds,
    status,
    significant: two.lower > 0 || two.upper < 0,
    minimum_detectable: se > 0 ? (failBar(ctx, x, family) + normalQuantile(POWER)) * se : null,
    units_needed: sizing?.units ?? null,
    sizing:
      sizing === null
        ? null
        : {
            effect: sizing.effect,
            decides: sizing.decides,
            trials: sizing.trials,
            critical: sizing.critical,
            signal: signalOf(ctx.units, sizing.se, sizing.effect),
          },
  };
}

/**
 * The correlation of two gates' estimates, from their per-unit deviations (each unit's sum less its
 * size times the gate's mean), oriented so that each gate's good direction is positive: what the
 * verdict's sizing (sizing.ts verdictUnits) draws the gates' statistics with. A gate is read as the
 * series its sized decision is tested on (`reads`): the regressions gate with a margin is sized for
 * a pass shown on the completion changes (passEvidence), so it moves as completion does.
 */
function gateCorrelation(
  data: readonly GateData[],
  unitSums: readonly Float64Array[],
  unitSize: Float64Array,
  reads: (gate: GateName) => GateName,
): (a: GateName, b: GateName) => number {
  const total = unitSize.reduce((x, y) => x + y, 0);
  const dev = data.map((d, g) => {
    const sums = unitSums[g] as Float64Array;
    const mean = sums.reduce((x, y) => x + y, 0) / total;
    const sign = d.direction === 'at_least' ? 1 : -1;
    return Float64Array.from(sums, (v, u) => sign * (v - mean * (unitSize[u] as number)));
  });
  const index = new Map(data.map((d, g) => [d.gate, g]));
  return (a, b) => {
    const x = dev[index.get(reads(a)) ?? -1];
    const y = dev[index.get(reads(b)) ?? -1];
    if (x === undefined || y === undefined) return 0;
    let xy = 0;
    let xx = 0;
    let yy = 0;
    for (let u = 0; u < x.length; u++) {
      xy += (x[u] as number) * (y[u] as number);
      xx += (x[u] as number) ** 2;
      yy += (y[u] as number) ** 2;
    }
    return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
  };
}

/** The studentized value a gate's violation must pass to fail: the max-T family's bar, or the level less γ for a gate outside it. */
const failBar = (ctx: Context, x: Single, family: Family): number =>
  family.violation.has(x.g) ? family.critical : normalQuantile(1 - ctx.alpha * (1 - SCREEN));

/**
 * An undecided gate's sizing: the stated effect, the units for 80% power at this noise, and the
 * trials per side (completion). The noise is that of the statistic whose test makes the decision
 * sized for (the power formula n = ((z₁₋α + z₁₋β)·σ/δ)² holds for the σ of the tested series:
 * Chow, Shao and Wang 2008, "Sample Size Calculations in Clinical Research", §3.1.2, the one-sample
 * (paired-difference) non-inferiority test): `se` for a failure (the gate's own series), `passSe` for a pass (the series
 * passEvidence reads: the completion changes for the regressions gate with a margin, whose own
 * sign series is ±1 on nearly every noisy case with 2+ trials and would overstate the noise).
 */
function sizeGate(
  ctx: Context,
  x: Single,
  family: Family,
  se: number,
  passSe: number,
): { effect: number; decides: 'fail' | 'pass'; units: number | null; trials: number | null; critical: number; se: number } | null {
  const target = sizingTarget(x.d.gate, passThreshold(ctx.margins, x.d), ctx.effects);
  if (target === null) return null;
  // A failure must pass the max-T family's bar; a pass, the one-sided level.
  const critical = target.decides === 'pass' ? normalQuantile(1 - ctx.alpha) : failBar(ctx, x, family);
  const noise = target.decides === 'pass' ? passSe : se;
  const units = unitsFor(ctx.units, noise, critical, target.effect, POWER);
  const trials = x.d.gate === 'completion' && ctx.caseUnits ? trialsFor(ctx.cases, critical, target.effect, POWER) : null;
  return { ...target, units, trials, critical, se: noise };
}

/** The paired tests of the gates; `given` as columns (compare.ts) or as case objects (made columns here). */
export function testGates(
  given: PairedCases | readonly PairedCase[],
  thresholds: Thresholds,
  trials: { baseline: number; candidate: number },
  options: SignificanceOptions = {},
): SignificanceResult {
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!(confidence > 0.5 && confidence < 1)) throw new RangeError(`confidence must be between 0.5 and 1, got ${confidence}`);
  const alpha = 1 - confidence;
  const passConfidence = options.passConfidence ?? confidence;
  if (!(passConfidence > 0.5 && passConfidence < 1)) throw new RangeError(`pass confidence must be between 0.5 and 1, got ${passConfidence}`);
  const alphaPass = 1 - passConfidence;
  const cases = asPairedCases(given);
  const n = cases.length;
  const data = gateData(cases, thresholds);
  // The margins from the baseline side only (the caller's fixed scale under sequential looks), so the candidate cannot move them.
  const margins = resolveMargins(options.margins, options.marginScale ?? rewardScale(cases.baseline.reward));
  // With 2+ runs a side and few groups, `auto` estimates their per-run noise instead of testing for it.
  const grouping = (options.cluster ?? 'auto') === 'auto' && options.runs !== undefined ? autoGrouping(cases) : null;
  const noise = grouping !== null && grouping.groups < AUTO_MIN_CLUSTERS ? runNoiseOf(cases, grouping.field, options.runs as SideRuns) : null;
  const cluster: ClusterDecision =
    noise !== null
      ? { field: null, note: runNoiseNote(noise), drafts: [], correlation: null }
      : chooseCluster(
          cases,
          options.cluster ?? 'auto',
          data.filter((d) => d.gate !== 'completion_regressions'),
        );
  const { unitOf, count: G } = unitsOf(cases, cluster.field);
  const drafts = [...cluster.drafts];
  if (cluster.field !== null && G < MIN_DECIDING_UNITS) {
    drafts.splice(0, drafts.length, ...drafts.filter((d) => d.code !== 'too-few-clusters'));
    drafts.push({
      code: 'too-few-clusters',
      side: null,
      message:
        G < 2
          ? `Clustering by ${cluster.field} leaves ${G} cluster: one unit of evidence cannot decide any gate. Use more clusters, or no clustering if cases are independent (cluster: none in the configuration or the action, --cluster none on the command line).`
          : `Clustering by ${cluster.field} leaves ${G} clusters: the cluster-robust t test has about ${G - 1} degrees of freedom, so only a large change is decided. Use more clusters, or no clustering if cases are independent (cluster: none in the configuration or the action, --cluster none on the command line).`,
      case_ids: [],
    });
  }
  const unitSize = unitTotals(unitOf, G);
  const unitSums = data.map((d) => unitTotals(unitOf, G, d.perCase));
  // The series a gate's sizing reads: the regressions gate with a margin is sized for a pass shown on completion's changes.
  const passReads = (gate: GateName): GateName =>
    gate === 'completion_regressions' && data.some((d) => d.gate === gate && marginOf(margins, d) > 0) ? 'completion' : gate;
  // The result, by how the gates were tested: its fields other than these are the same either way.
  const result = (method: SignificanceResult['method'], patterns: number, gates: readonly GateTest[], closed_form: GateName[]): SignificanceResult => ({
    confidence,
    alpha,
    method,
    patterns,
    seed: SIGN_FLIP_SEED,
    cases: n,
    cluster: { field: cluster.field, units: G, note: cluster.note, correlation: cluster.correlation },
    trials,
    gates: GATE_NAMES.map((name) => gates.find((x) => x.gate === name) as GateTest),
    verdict_sizing: verdictUnits(gates, G, POWER, gateCorrelation(data, unitSums, unitSize, passReads)),
    declines: [],
    closed_form,
    heterogeneity: groupApart(
      cases,
      alpha,
      noise?.field ?? cluster.correlation?.field ?? (cluster.field !== null && CLUSTER_LABELS.has(cluster.field) ? cluster.field : null),
    ),
    drafts,
  });
  if (noise !== null) {
    const given = varianceComponents(data, noise);
    const gates = robustGates(cases, data, unitSums, unitSize, { alpha, alphaPass }, margins, options.effects ?? {}, given);
    return result('variance-components', CLUSTER_T_DRAWS, gates, []);
  }
  if (cluster.field !== null && G >= 2 && G < AUTO_MIN_CLUSTERS) {
    // Few groups: the small-sample cluster-robust t test (cluster-robust.ts) reads magnitudes, not only signs.
    const gates = robustGates(cases, data, unitSums, unitSize, { alpha, alphaPass }, margins, options.effects ?? {});
    return result('cluster-robust', CLUSTER_T_DRAWS, gates, []);
  }
  const ps = signPatterns(unitSize, unitSums, options.resamples ?? defaultResamples(G));
  const ctx: Context = {
    cases,
    n,
    units: G,
    alpha,
    alphaPass,
    unitSize,
    unitSums,
    ps,
    caseUnits: G === n,
    effects: options.effects ?? {},
    margins,
  };
  const singles = data.map((d, g) => single(ctx, d, g));
  const family = maxT(ctx, singles);
  const tested = singles.map((x) => gateResult(ctx, x, family, singles));
  // Cases tested on their own although a few groups exist: a promote must also hold with the groups as units (a shock the check missed).
  const guard = cluster.field === null ? (cluster.correlation?.field ?? null) : null;
  const gates = guard === null ? tested : guardPasses(tested, cases, data, guard, alphaPass, margins);
  return result(
    ps.method,
    ps.count,
    gates,
    singles.filter((x) => x.exact !== null).map((x) => x.d.gate),
  );
}

/** The gates on few clusters: CR2 t tests with Bell–McCaffrey df, max-T across the gates (cluster-robust.ts). */
function robustGates(
  cases: PairedCases,
  data: readonly GateData[],
  unitSums: readonly Float64Array[],
  unitSize: Float64Array,
  { alpha, alphaPass }: { alpha: number; alphaPass: number },
  margins: Margins,
  effects: Partial<Record<GateName, number>>,
  given?: { est: RobustEstimate[]; df: number },
): GateTest[] {
  const df = given?.df ?? bellMcCaffreyDf(unitSize);
  const rg: RobustGate[] = data.map((d, g) => {
    const est = given?.est[g] ?? cr2Estimate(unitSums[g] as Float64Array, unitSize, d.perCase);
    return { d, est, pass: passThreshold(margins, d) };
  });
  // The regressions gate is shown within its margin on the completion changes, as in the sign-flip path.
  const completion = rg.find((x) => x.d.gate === 'completion');
  const adjusted = robustMaxT(
    rg.map((x) => (x.d.gated ? x : { ...x, est: { ...x.est, se: 0 } })),
    df,
  );
  const { critical, distance } = robustDetectable(df, alpha, POWER);
  return rg.map((x, j) => {
    const { d, est } = x;
    const means = sideMeans(cases, d.gate, d.perCase);
    const counts =
      d.gate === 'completion_regressions'
        ? { regressed: d.perCase.filter((v) => v < 0).length, improved: d.perCase.filter((v) => v > 0).length }
        : { regressed: null, improved: null };
    const base = {
      gate: d.gate,
      gated: d.gated,
      direction: d.direction,
      threshold: d.threshold,
      margin: marginOf(margins, d),
      margin_basis: basisOf(margins, d),
      ...means,
      estimate: est.theta,
      ...counts,
    };
    if (!(est.se > 0)) {
      const meets = d.direction === 'at_least' ? est.theta >= d.threshold : est.theta <= d.threshold;
      const status: GateStatus = !d.gated || meets ? 'pass' : 'fail';
      return {
        ...base,
        lower: est.theta,
        upper: est.theta,
        p_change: est.theta === 0 ? 1 : 0,
        p_violated: meets ? 1 : 0,
        p_violated_adjusted: meets ? 1 : 0,
        p_holds: meets ? 0 : 1,
        status,
        significant: est.theta !== 0,
        minimum_detectable: null,
        units_needed: null,
        sizing: null,
      };
    }
    const folded =
      d.gate === 'completion_regressions' && base.margin > 0 && completion !== undefined && completion.est.se > 0 ? { ...completion, pass: -base.margin } : x;
    const ps = robustPs(x, df);
    const p_holds = robustPs(folded, df).p_holds;
    const adj = adjusted[j] as number;
    const p_violated_adjusted = Number.isNaN(adj) ? ps.p_violated : Math.min(1, Math.max(ps.p_violated, adj));
    let status: GateStatus = 'inconclusive';
    if (!d.gated) status = 'pass';
    else if (p_violated_adjusted <= alpha) status = 'fail';
    else if (p_holds <= alphaPass) status = 'pass';
    const one = robustBounds(x, df, alpha);
    const two = robustBounds(x, df, alpha / 2);
    const target = status === 'inconclusive' ? sizingTarget(d.gate, x.pass, effects) : null;
    // A pass is sized on the series its test reads (`folded`: completion's for the regressions gate with a margin), as in sizeGate.
    const sizedSe = target?.decides === 'pass' ? folded.est.se : est.se;
    const units = target === null ? null : unitsFor(unitSize.length, sizedSe, critical, target.effect, POWER);
    return {
      ...base,
      lower: one.lower,
      upper: one.upper,
      p_change: ps.p_change,
      p_violated: ps.p_violated,
      p_violated_adjusted,
      p_holds,
      status,
      significant: two.lower > 0 || two.upper < 0,
      minimum_detectable: distance * est.se,
      units_needed: units,
      sizing:
        target === null
          ? null
          : { effect: target.effect, decides: target.decides, trials: null, critical, signal: signalOf(unitSize.length, sizedSe, target.effect) },
    };
  });
}

/**
 * Each gate's estimate with cases as units and the per-run group noise added (run-noise.ts): the
 * variance s²/n of the cases' own spread plus the runs' estimate, at Satterthwaite's degrees of
 * freedom (the fewest over the gates). The residuals (the cases', then the runs' group deviations)
 * carry the gates' correlation into the max-T draws. The regressions gate's sign changes take
 * completion's design effect.
 */
function varianceComponents(data: readonly GateData[], noise: RunNoise): { est: RobustEstimate[]; df: number } {
  const own = data.map((d) => {
    const n = d.perCase.length;
    let theta = 0;
    for (let i = 0; i < n; i++) theta += d.perCase[i] as number;
    theta /= n;
    let ss = 0;
    for (let i = 0; i < n; i++) ss += ((d.perCase[i] as number) - theta) ** 2;
    const scale = 1 / Math.sqrt(n * (n - 1));
    return { theta, v: ss / (n * (n - 1)), cases: Float64Array.from(d.perCase, (x) => (x - theta) * scale), n };
  });
  const completion = own[data.findIndex((d) => d.gate === 'completion')];
  const compact = choleskyRows(own.map((o) => o.cases));
  let df = Infinity;
  const est = data.map((d, g) => {
    const o = own[g] as (typeof own)[number];
    let runs = noise.gates[d.gate];
    if (d.gate === 'completion_regressions' && completion !== undefined && completion.v > 0) {
      const k = Math.sqrt(o.v / completion.v);
      runs = { ...runs, variance: runs.variance * k * k, residuals: runs.residuals.map((x) => x * k) };
    }
    const v = o.v + runs.variance;
    if (d.gated && v > 0) {
      const sat = (v * v) / ((o.v * o.v) / Math.max(1, o.n - 1) + (runs.variance * runs.variance) / Math.max(1, runs.df));
      df = Math.min(df, sat);
    }
    const mine = compact[g] as Float64Array;
    const residuals = new Float64Array(mine.length + runs.residuals.length);
    residuals.set(mine);
    residuals.set(runs.residuals, mine.length);
    return { theta: o.theta, se: Math.sqrt(v), residuals };
  });
  return { est, df: Number.isFinite(df) ? df : Math.max(1, (own[0]?.n ?? 2) - 1) };
}

/**
 * The cases' residuals of the gates (one vector of n per gate) as rows of a Cholesky factor of their
 * cross-products: k numbers per gate with the same inner products, so the max-T draws cost k
 * multipliers, not n. A gate whose residuals add nothing new (or are all 0) gets zeros there.
 */
function choleskyRows(vectors: readonly Float64Array[]): Float64Array[] {
  const k = vectors.length;
  const dot = (a: Float64Array, b: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
    return s;
  };
  const L = vectors.map(() => new Float64Array(k));
  for (let j = 0; j < k; j++) {
    const vj = vectors[j] as Float64Array;
    const Lj = L[j] as Float64Array;
    let d = dot(vj, vj);
    for (let m = 0; m < j; m++) d -= (Lj[m] as number) ** 2;
    if (!(d > 1e-12 * Math.max(1e-300, dot(vj, vj)))) continue;
    Lj[j] = Math.sqrt(d);
    for (let i = j + 1; i < k; i++) {
      const Li = L[i] as Float64Array;
      let c = dot(vectors[i] as Float64Array, vj);
      for (let m = 0; m < j; m++) c -= (Li[m] as number) * (Lj[m] as number);
      Li[j] = c / (Lj[j] as number);
    }
  }
  return L;
}

/** The method note of the variance components: which grouping, how many runs, and the completion shock it found. */
function runNoiseNote(noise: RunNoise): string {
  const tau = Math.sqrt(Math.max(noise.completionShock.baseline, noise.completionShock.candidate));
  return (
    `cases as units, with the per-run noise of the ${noise.groups} ${noise.field} groups estimated from the trials (variance components over ` +
    `${noise.runs.baseline} baseline and ${noise.runs.candidate} candidate runs: a per-run group shock of about ${(100 * tau).toFixed(1)} pp of completion)`
  );
}

/**
 * A pass decided on independent cases when `auto` saw few groups and its check did not fire: the
 * gate must also be shown within its margin with the groups as units (the cluster-robust t test), or
 * it stays undecided. A per-run shock the check missed then cannot promote a candidate at the margin,
 * while a hold keeps the case-level test's power.
 */
function guardPasses(gates: GateTest[], cases: PairedCases, data: readonly GateData[], field: string, alphaPass: number, margins: Margins): GateTest[] {
  if (!gates.some((g) => g.status === 'pass' && g.gated)) return gates;
  const { unitOf, count } = unitsOf(cases, field);
  if (count < 2) return gates;
  const sizes = unitTotals(unitOf, count);
  const df = bellMcCaffreyDf(sizes);
  const robust = (d: GateData): RobustGate => ({
    d,
    est: cr2Estimate(unitTotals(unitOf, count, d.perCase), sizes, d.perCase),
    pass: passThreshold(margins, d),
  });
  const completion = data.find((d) => d.gate === 'completion');
  return gates.map((g) => {
    if (g.status !== 'pass' || !g.gated) return g;
    const d = data.find((x) => x.gate === g.gate) as GateData;
    const shown = d.gate === 'completion_regressions' && g.margin > 0 && completion !== undefined ? { ...robust(completion), pass: -g.margin } : robust(d);
    if (!(shown.est.se > 0)) return g;
    const p = robustPs(shown, df).p_holds;
    return p <= alphaPass ? g : { ...g, status: 'inconclusive' as const, p_holds: Math.max(g.p_holds, p) };
  });
}
