/**
 * The comparison of two runs: rlm-code's gates, the per-case rows, the integrity findings and the
 * verdict. Pure: summaries in, a {@link Comparison} out.
 */
import { formatFacts } from '../adapters/registry.js';
import type { PackedSummary } from '../schema/pack.js';
import type { AcceptanceMarks } from './acceptance/model.js';
import { type BenchmarkComparison, benchmarkFindings, compareBenchmarks } from './custom-gates/benchmark-ratios.js';
import { type Price, type RunCost, runCost } from './custom-gates/cost.js';
import { evaluateMetricGates, type MetricGateResult, type MetricGateSpec } from './custom-gates/metric-gates.js';
import { evaluateSlices, type SliceGateSpec, type SliceResult } from './custom-gates/slices.js';
import type { EvidenceReport } from './evidence/model.js';
import { checkComparability, type Comparability, type ComparabilityOptions } from './integrity/comparability.js';
import { type Difference, differenceFindings, findDifferences } from './integrity/differences.js';
import { collectFindings, type Finding, type FindingDraft } from './integrity/findings.js';
import {
  type Infrastructure,
  InfrastructureClassifier,
  type InfrastructureOptions,
  type InfrastructureSide,
  infrastructureSide,
} from './integrity/infrastructure.js';
import { runTotals } from './integrity/run-totals.js';
import { checkSafety, type Safety, type SafetyOptions } from './integrity/safety.js';
import { usageFromTotals, type UsageStats } from './integrity/usage.js';
import type {
  CaseDecline,
  CaseEvidence,
  DecisionPolicy,
  LoadedSummary,
  NoiseMarks,
  PairedCases,
  RewardScale,
  RunOutcomes,
  SideRuns,
  SignificanceOptions,
  SignificanceResult,
  TrialLabels,
} from './model.js';
import { gatherEvidence, pairedCaseAt, rateAt } from './paired-cases.js';
import { evaluateRlmGates, GATE_NAMES, type GateName, type RlmGateResult } from './rlm/gates.js';
import { type CaseRowList, type CaseRows, compareCodePoints, pairRows, sameIds, sortByCodePoint, summarizeCases } from './rlm/pair.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './rlm/thresholds.js';
import { AUTO_MIN_CLUSTERS, autoGrouping } from './significance/clusters.js';
import { significantSlices } from './significance/error-budget.js';
import { rewardScale } from './significance/margins.js';
import type { SequentialDecision } from './significance/sequential.js';
import { testGates } from './significance/significance.js';
import { fisherOneSided, mergeTrials, passAtK, passHatK, rowRewards, type TrialSide } from './trials.js';

/** inconclusive: only under the `significant` policy, when no gate fails but not every gate passes. */
export type Verdict = 'promote' | 'hold' | 'inconclusive';

/**
 * The significant policy's rule, the one place it is written: a gate shown violated (or a blocking
 * finding) holds; otherwise a gate not yet shown to hold leaves it inconclusive; else promote. The
 * calibration's simulation kernels, which test gates without building a comparison, use it too.
 */
export function significantVerdict(held: boolean, undecided: boolean): Verdict {
  return held ? 'hold' : undecided ? 'inconclusive' : 'promote';
}

/**
 * The verdict from what holds and what is undecided (always false under point), the one rule the
 * comparison and the acceptances (acceptance/apply.ts) decide by. Too many cases failed for
 * infrastructure reasons (`rerun`): a promote (or an undecided verdict) may rest on what was not
 * measured, so it is inconclusive. A hold stands: under point it is rlm-code's own result (rlm-code
 * counts every failure row), under significant a gate shown violated on the measured cases or a
 * blocking finding; cases not measured can add evidence, never remove what was measured.
 */
export function verdictOf(held: boolean, undecided: boolean, rerun: boolean): Verdict {
  const verdict = significantVerdict(held, undecided);
  return rerun && verdict !== 'hold' ? 'inconclusive' : verdict;
}

export interface CompareOptions {
  thresholds?: Thresholds;
  /** Finding codes that are reported but do not hold the verdict. */
  allowFindings?: readonly string[];
  /** point (default): rlm-code's gates on point estimates. significant: paired tests (significance.ts). */
  decide?: DecisionPolicy;
  significance?: SignificanceOptions;
  /**
   * Repeated runs of each side (significant only), the first of each being `baseline` / `candidate`;
   * merged by case id. Absent: one trial per side.
   */
  trials?: { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] };
  /** Cases settled in sequential rounds (noise/settled.ts): missing from later trials on purpose, not partial trials. */
  settled?: ReadonlySet<string>;
  /** The baseline is main's runs and the candidate ran alone, `rounds` rounds so far (main-design.ts): the paired cases carry the design. */
  main?: { rounds: number };
  /**
   * Under point, a completion regression on a case that passes less often than this on main does
   * not by itself hold (the configuration's `flaky_below`); it needs {@link passRateOnMain}.
   */
  flakyBelow?: number;
  /**
   * The share of later sequential rounds a settled case still runs (the configuration's
   * `settle_share`; noise/settled.ts). Read by the callers that list a round's cases and settle
   * them (load/noise-profile.ts `settledByProfile`), not by the comparison itself.
   */
  settleShare?: number;
  /** Each case's pass rate on main, from a noise profile made with this run's fingerprint (noise/flaky.ts). */
  passRateOnMain?: ReadonlyMap<string, number>;
  /** Findings the caller made while loading (a role's shards that do not cover the suite exactly once). */
  findings?: readonly FindingDraft[];
  /** The comparability fingerprint's configuration (comparability.ts). */
  comparability?: ComparabilityOptions;
  /** The user's own gates on other metrics (metric-gates.ts). */
  metricGates?: readonly MetricGateSpec[];
  /** Policy patterns and explained failures (safety.ts). */
  safety?: SafetyOptions;
  /** Prices per model, USD per million tokens (cost.ts). */
  pricing?: Readonly<Record<string, Price>>;
  /** Gates within each group of a case label (slices.ts). */
  slices?: readonly SliceGateSpec[];
  /**
   * github-action-benchmark files: how much worse a benchmark, or the geometric mean of the ratios,
   * may get (0.1 = 10 %); default DEFAULT_BENCHMARK_TOLERANCE, or DEFAULT_TASK_TOLERANCE (in points)
   * for lm-eval aggregates. See benchmark-ratios.ts.
   */
  benchmarkTolerance?: number;
  /** Which failures are the infrastructure's, not the agent's (infrastructure.ts); default: the built-in signals, 5% share. */
  infrastructure?: InfrastructureOptions;
}

/** The design `main` as the reports show it (main-design.ts). */
export interface MainDesignMarks {
  /** Main's runs the baseline is made of (paid once per merge, shown apart from the spend). */
  main_runs: number;
  /** The candidate's rounds so far, and at most. */
  rounds: number;
  max_rounds: number;
  /** The expected share of the cases a round after the first runs, and the least probability of any case. */
  share: number;
  floor: number;
  /** The draw's key (the pull request): the same key draws the same cases. */
  key: string;
  /** Main's cases, and the candidate's runs of cases over its rounds. */
  cases: number;
  case_runs: number;
  /** The candidate's case runs over twice the cases: one full run of both sides is 1.0. */
  spend: number;
  /** The cases the next round runs. */
  next_cases: number;
  /**
   * Rounds of the candidate that ran after an earlier round decided the verdict, and so were not
   * judged (pipeline/judge.ts: the first decided look is the verdict); absent when none.
   */
  ignored_rounds?: number;
}

export interface Comparison {
  baseline: LoadedSummary;
  candidate: LoadedSummary;
  thresholds: Thresholds;
  rlm: RlmGateResult;
  /** Union of both runs' cases, sorted by code point (rlm-code's report order). */
  cases: CaseRows;
  findings: Finding[];
  differences: Difference[];
  usage: { baseline: UsageStats; candidate: UsageStats };
  /** The fingerprint keys checked and those that differ. */
  comparability: Comparability;
  /** Guardrail-blocked counts and policy failures. */
  safety: Safety;
  /** Each run's cost and where its price came from. */
  cost: { baseline: RunCost; candidate: RunCost };
  /** The slice gates' results, one per group of each configured slice. */
  slices: SliceResult[];
  /** The user's own gates, in the order configured, and the required ones that failed or are undecided. */
  metric_gates: MetricGateResult[];
  failed_metric_gates: string[];
  undecided_metric_gates: string[];
  decision: DecisionPolicy;
  /** Per-case wins and losses on reward over the common cases (multi-hop QA results: F1); absent for other formats. */
  head_to_head?: HeadToHead;
  /** github-action-benchmark pairs only: each benchmark's ratio and the geometric mean. */
  benchmarks?: BenchmarkComparison;
  /** The paired tests, under the significant policy; null under point. */
  significance: SignificanceResult | null;
  /** Set by the caller when the significant policy is decided sequentially (analysis/significance/sequential.ts); absent otherwise. */
  sequential?: SequentialDecision;
  /** Set by the caller when a noise profile of the suite is given (analysis/noise/profile.ts); absent otherwise. */
  noise?: NoiseMarks;
  /** Set by the pipeline under the design `main` (the baseline from main's runs, main-design.ts); absent otherwise. */
  main_design?: MainDesignMarks;
  /** Set by the caller that read the regressed cases' rows and trajectories (load/evidence.ts); absent otherwise. */
  evidence?: EvidenceReport;
  /** Set by the pipeline when acceptances are given (acceptance/apply.ts): what they cover, and the verdict before them; absent otherwise. */
  acceptance?: AcceptanceMarks;
  /**
   * point: promote only when all four gates pass and no finding blocks. significant: hold when a gate
   * fails or a finding blocks, promote when every gate passes, else inconclusive.
   */
  verdict: Verdict;
  failed_gates: GateName[];
  /**
   * Under point with `flaky_below`: the regressed cases flaky on main below that pass rate, when they
   * are all of the completion regressions; that gate then does not hold by itself. Null otherwise.
   */
  flaky_regressions: { below: number; cases: string[] } | null;
  /** Gates neither shown to hold nor shown to fail (significant only). */
  undecided_gates: GateName[];
  blocking_findings: Finding[];
  /** Cases not measured (infrastructure failures) on each side; `rerun` when a side's share is above the maximum. */
  infrastructure: Infrastructure;
}

/**
 * The cases on both sides, by code point, with their trial evidence (the labels are the baseline's).
 * Runs of one suite usually list the same ids in the same order, sorted: the sides' own columns are
 * then the pairs', with nothing copied.
 */
export function pairTrials(b: TrialSide, c: TrialSide): PairedCases {
  const same = sameIds(b.ids, c.ids);
  const whole = (): PairedCases => ({ length: b.ids.length, ids: b.ids, labels: b.labels, baseline: b.evidence, candidate: c.evidence });
  if (same && b.sorted) return whole();
  // Pair k is case bAt[k] of the baseline and cAt[k] of the candidate.
  const bAt: number[] = [];
  const cAt: number[] = [];
  if (same) {
    for (let i = 0; i < b.ids.length; i++) bAt.push(i);
  } else {
    const at = new Map<string, number>();
    c.ids.forEach((id, j) => at.set(id, j));
    b.ids.forEach((id, i) => {
      const j = at.get(id);
      if (j === undefined) return;
      bAt.push(i);
      cAt.push(j);
    });
  }
  const order = sortByCodePoint(
    bAt.map((_, k) => k),
    (k) => b.ids[bAt[k] as number] as string,
  );
  const inOrder = order.every((k, i) => k === i);
  if (same && inOrder) return whole();
  const bs = order.map((k) => bAt[k] as number);
  const cs = same ? bs : order.map((k) => cAt[k] as number);
  return {
    length: bs.length,
    ids: bs.map((i) => b.ids[i] as string),
    labels: bs.map((i) => b.labels[i] as TrialLabels),
    baseline: gatherEvidence(b.evidence, bs),
    candidate: gatherEvidence(c.evidence, cs),
  };
}

/** Each side's trials merged per case, and the cases both sides have: what the paired tests and the slices read. */
interface MergedSides {
  b: TrialSide;
  c: TrialSide;
  paired: PairedCases;
  /** Each side's runs case by case, when both have 2+ and `auto` meets fewer than 20 groups (the per-run group noise is estimated from them). */
  runs?: SideRuns;
  /**
   * The reward scale of the margins: the given one (a sequence's, fixed at its first look), else read
   * from every measured row of the baseline's runs, not only the paired cases' (which cases pair is the
   * candidate's doing).
   */
  marginScale: RewardScale;
}

function mergeSides(baseline: LoadedSummary, candidate: LoadedSummary, options: CompareOptions, classifier: InfrastructureClassifier): MergedSides {
  const skip = (p: PackedSummary) => classifier.rowsOf(p);
  const b = mergeTrials('baseline', options.trials?.baseline ?? [baseline], skip, options.settled);
  const marginScale = options.significance?.marginScale ?? rewardScale(rowRewards(options.trials?.baseline ?? [baseline], skip));
  const c = mergeTrials('candidate', options.trials?.candidate ?? [candidate], skip, options.settled);
  const paired: PairedCases = options.main === undefined ? pairTrials(b, c) : { ...pairTrials(b, c), design: { rounds: options.main.rounds } };
  const runsOf = (side: 'baseline' | 'candidate', runs: readonly LoadedSummary[]): RunOutcomes[] =>
    runs.map((run) => {
      const one = mergeTrials(side, [run], skip, options.settled);
      const at = new Map(one.ids.map((id, k) => [id, k]));
      const out: RunOutcomes = { completion: new Float64Array(paired.length), reward: new Float64Array(paired.length), steps: new Float64Array(paired.length) };
      paired.ids.forEach((id, i) => {
        const k = at.get(id);
        const measured = k !== undefined && (one.evidence.trials[k] as number) > 0;
        out.completion[i] = measured ? (one.evidence.successes[k] as number) : NaN;
        out.reward[i] = measured ? (one.evidence.reward[k] as number) : NaN;
        out.steps[i] = measured ? (one.evidence.steps[k] as number) : NaN;
      });
      return out;
    });
  if (b.trials < 2 || c.trials < 2 || options.trials === undefined || (options.significance?.cluster ?? 'auto') !== 'auto')
    return { b, c, paired, marginScale };
  if ((autoGrouping(paired)?.groups ?? AUTO_MIN_CLUSTERS) >= AUTO_MIN_CLUSTERS) return { b, c, paired, marginScale };
  return {
    b,
    c,
    paired,
    marginScale,
    runs: { baseline: runsOf('baseline', options.trials.baseline), candidate: runsOf('candidate', options.trials.candidate) },
  };
}

function significanceOf({ b, c, paired, runs, marginScale }: MergedSides, thresholds: Thresholds, options: CompareOptions): SignificanceResult {
  const result = testGates(
    paired,
    thresholds,
    { baseline: b.trials, candidate: c.trials },
    { ...options.significance, marginScale, ...(runs ? { runs } : {}) },
  );
  const declines = b.trials > 1 || c.trials > 1 ? caseDeclines(paired, result.alpha) : [];
  return { ...result, declines, drafts: [...b.drafts, ...c.drafts, ...result.drafts] };
}

/** Cases whose success rate fell, each with pass@k, pass^k (k = its trials) and Fisher's exact p. */
function caseDeclines(paired: PairedCases, alpha: number): CaseDecline[] {
  const side = (e: CaseEvidence) => ({
    trials: e.trials,
    successes: e.successes,
    pass_at_k: passAtK(e.trials, e.successes, e.trials),
    pass_hat_k: passHatK(e.trials, e.successes, e.trials),
  });
  const out: CaseDecline[] = [];
  for (let i = 0; i < paired.length; i++) {
    if (!(rateAt(paired.candidate, i) < rateAt(paired.baseline, i))) continue;
    const x = pairedCaseAt(paired, i);
    const p = fisherOneSided(x.baseline, x.candidate);
    out.push({ case_id: x.id, baseline: side(x.baseline), candidate: side(x.candidate), p, within_noise: p > alpha });
  }
  return out;
}

export interface HeadToHead {
  common: number;
  wins: number;
  losses: number;
  ties: number;
  /** (wins + ties / 2) / common: how often the candidate beats the baseline on a case, ties halved. */
  win_rate: number;
}

export function headToHead(rows: CaseRowList): HeadToHead {
  let wins = 0;
  let losses = 0;
  let ties = 0;
  for (const r of rows) {
    if (!r.in_baseline || !r.in_candidate) continue;
    if (r.candidate_reward > r.baseline_reward) wins++;
    else if (r.candidate_reward < r.baseline_reward) losses++;
    else ties++;
  }
  const common = wins + losses + ties;
  return { common, wins, losses, ties, win_rate: common === 0 ? 0 : (wins + ties / 2) / common };
}

export function compareSummaries(baseline: LoadedSummary, candidate: LoadedSummary, options: CompareOptions = {}): Comparison {
  const b = baseline.summary;
  const c = candidate.summary;
  // The cases are read in their loaded form: packed rows that keep every case field the policy names (load/kept-fields.ts).
  const bp = baseline.rows;
  const cp = candidate.rows;
  const classifier = new InfrastructureClassifier(options.infrastructure);
  const cases = pairRows(bp, cp);
  const benchmarks = compareBenchmarks(b.format, c.format, cases, options.benchmarkTolerance);
  const thresholds = thresholdsFor(options.thresholds ?? { ...DEFAULT_THRESHOLDS }, benchmarks);
  const totals = { baseline: runTotals(bp), candidate: runTotals(cp) };
  const rlm = evaluateRlmGates(b, c, summarizeCases(cases), thresholds);
  const differences = findDifferences(b, c);
  const decision = options.decide ?? 'point';
  if (decision === 'point' && options.trials && (options.trials.baseline.length > 1 || options.trials.candidate.length > 1)) {
    throw new RangeError('repeated trials need the significant decision policy');
  }
  const alpha = 1 - (options.significance?.confidence ?? 0.95);
  const sliceSpecs = options.slices ?? [];
  const merged = decision === 'significant' || sliceSpecs.length > 0 ? mergeSides(baseline, candidate, options, classifier) : null;
  const tested = decision === 'significant' && merged !== null ? significanceOf(merged, thresholds, options) : null;
  // Under significant the slices share the core gates' error budget (error-budget.ts), which may re-decide a gate.
  const judged = tested !== null && merged !== null && sliceSpecs.length > 0 ? significantSlices(merged.paired, sliceSpecs, tested) : null;
  const significance = judged?.significance ?? tested;
  const infrastructure = infrastructureOf(classifier, options, bp, cp);
  const comparability = checkComparability(b, c, options.comparability);
  const safety = checkSafety(bp, cp, options.safety);
  const extra = [
    ...(options.findings ?? []),
    ...differenceFindings(differences),
    ...benchmarkFindings(benchmarks),
    ...comparabilityFindings(comparability),
    ...commonCaseFindings(rlm.case_summary.common_cases, totals.baseline.rows, totals.candidate.rows),
    ...safety.drafts,
    ...infrastructureFindings(infrastructure, decision),
    ...(significance?.drafts ?? []),
  ];
  const findings = collectFindings(b, c, cases, extra, new Set(options.allowFindings ?? []), totals);
  const blocking_findings = findings.filter((f) => f.blocking);
  const metric_gates = evaluateMetricGates(bp, cp, options.metricGates ?? [], decision, alpha, options.pricing ?? {});
  const required = metric_gates.filter((g) => g.level === 'required');
  const slices = judged?.slices ?? (merged !== null && sliceSpecs.length > 0 ? evaluateSlices(merged.paired, sliceSpecs, decision, alpha) : []);
  const requiredSlices = slices.filter((x) => x.level === 'required' && x.judged);
  const sliceName = (x: SliceResult): string => `${x.metric}[${x.by}=${x.group ?? '(none)'}]`;
  // Under point a required gate whose values are unknown cannot pass: it holds, never silently passes.
  const metricFails = [
    ...required.filter((g) => g.status === 'fail' || (decision === 'point' && g.status === 'inconclusive')).map((g) => g.metric),
    ...requiredSlices.filter((x) => x.status === 'fail').map(sliceName),
  ];
  const metricUndecided =
    decision === 'point'
      ? []
      : [
          ...required.filter((g) => g.status === 'inconclusive').map((g) => g.metric),
          ...requiredSlices.filter((x) => x.status === 'inconclusive').map(sliceName),
        ];
  let verdict: Verdict;
  let failed_gates: GateName[];
  let undecided_gates: GateName[] = [];
  const flaky_regressions = significance === null ? flakyRegressions(cases, rlm.gates.completion_regressions, options) : null;
  if (significance === null) {
    // rlm-code's four gates stay exact (rlm); the verdict lets regressions that are all flaky on main pass.
    failed_gates = GATE_NAMES.filter((g) => !rlm.gates[g] && !(g === 'completion_regressions' && flaky_regressions !== null));
    verdict = verdictOf(failed_gates.length > 0 || blocking_findings.length > 0 || metricFails.length > 0, false, infrastructure.rerun);
  } else {
    failed_gates = significance.gates.filter((g) => g.status === 'fail').map((g) => g.gate);
    undecided_gates = significance.gates.filter((g) => g.status === 'inconclusive').map((g) => g.gate);
    verdict = verdictOf(
      failed_gates.length > 0 || blocking_findings.length > 0 || metricFails.length > 0,
      undecided_gates.length > 0 || metricUndecided.length > 0,
      infrastructure.rerun,
    );
  }
  return {
    baseline,
    candidate,
    thresholds,
    rlm,
    cases,
    findings,
    differences,
    usage: { baseline: usageFromTotals(totals.baseline), candidate: usageFromTotals(totals.candidate) },
    comparability,
    safety: safety.safety,
    cost: { baseline: runCost(bp, options.pricing ?? {}), candidate: runCost(cp, options.pricing ?? {}) },
    slices,
    metric_gates,
    failed_metric_gates: metricFails,
    undecided_metric_gates: metricUndecided,
    decision,
    // The head-to-head for formats whose reward is a per-example score compared pairwise (the registry entry's `headToHead`).
    ...(formatFacts(b.format).headToHead || formatFacts(c.format).headToHead ? { head_to_head: headToHead(cases) } : {}),
    ...(benchmarks === null ? {} : { benchmarks }),
    significance,
    verdict,
    failed_gates,
    flaky_regressions,
    undecided_gates,
    blocking_findings,
    infrastructure,
  };
}

/**
 * The completion regressions that do not hold by themselves (`flaky_below`): every regressed case
 * passes less often than the level on main; if any regressed case is stable there (or not in the
 * profile), none is excused and the gate holds as in rlm-code.
 */
function flakyRegressions(cases: CaseRows, gatePassed: boolean, options: CompareOptions): { below: number; cases: string[] } | null {
  const { flakyBelow, passRateOnMain } = options;
  if (gatePassed || flakyBelow === undefined || passRateOnMain === undefined) return null;
  const regressed = cases.filter((r) => r.completion_regression).map((r) => r.case_id);
  const flaky = regressed.length > 0 && regressed.every((id) => (passRateOnMain.get(id) ?? 1) < flakyBelow);
  return flaky ? { below: flakyBelow, cases: regressed } : null;
}

/** Each side's not-measured rows over its trials (the first run already packed as `bp` / `cp`). */
function infrastructureOf(classifier: InfrastructureClassifier, options: CompareOptions, bp: PackedSummary, cp: PackedSummary): Infrastructure {
  const side = (first: PackedSummary, runs: readonly LoadedSummary[] | undefined): InfrastructureSide =>
    infrastructureSide(classifier, runs === undefined || runs.length <= 1 ? [first] : runs.map((r) => r.rows));
  const baseline = side(bp, options.trials?.baseline);
  const candidate = side(cp, options.trials?.candidate);
  baseline.case_ids.sort(compareCodePoints);
  candidate.case_ids.sort(compareCodePoints);
  const max = classifier.maxShare;
  return { baseline, candidate, max_share: max, rerun: baseline.share > max || candidate.share > max };
}

/** One notice per side with cases not measured: how many, why (benchgate's words), and what that means under the policy. */
function infrastructureFindings(x: Infrastructure, decision: DecisionPolicy): FindingDraft[] {
  const meaning =
    decision === 'point'
      ? "they measured nothing about the agent; rlm-code's gates count them as it does (a failure row like any other), and the regressed cases mark them."
      : 'they are not measured: left out of the paired tests; a regressed case among them is marked, not judged.';
  return (['baseline', 'candidate'] as const).flatMap((side): FindingDraft[] => {
    const s = x[side];
    if (s.not_measured === 0) return [];
    const why = Object.entries(s.reasons)
      .map(([reason, n]) => `${reason}: ${n}`)
      .join(', ');
    const share = `${(s.share * 100).toFixed(1)}% of its ${s.rows} case ${s.rows === 1 ? 'row' : 'rows'}`;
    const over = s.share > x.max_share ? `, above the ${(x.max_share * 100).toFixed(1)}% allowed: rerun them` : '';
    return [
      {
        code: 'infrastructure-failures',
        side,
        message: `${s.not_measured} ${s.not_measured === 1 ? 'case' : 'cases'} of the ${side} run failed for infrastructure reasons (${why}; ${share}${over}); ${meaning}`,
        case_ids: s.case_ids,
      },
    ];
  });
}

/**
 * github-action-benchmark pairs: the reward gate reads the geometric mean of the ratios against the
 * benchmark tolerance. Their rewards are ±ln(value), so the mean reward delta is minus the log of
 * the geometric mean worse factor; an absolute min_reward_delta means nothing across units.
 */
function thresholdsFor(t: Thresholds, benchmarks: BenchmarkComparison | null): Thresholds {
  if (benchmarks === null) return t;
  return { ...t, min_reward_delta: benchmarks.direction === 'per-task' ? -benchmarks.tolerance : -Math.log1p(benchmarks.tolerance) };
}

/**
 * The not-comparable finding when two runs with cases have none in common (cases pair by id): no
 * change of any case was measured, and rlm-code's gates compare the averages of different cases
 * (issue 42: an rlm-code baseline against a JUnit candidate read as an ordinary hold). The gates are
 * reported as rlm-code computes them, beside it. An empty run has its own finding (empty-run).
 */
export function commonCaseFindings(common: number, baselineRows: number, candidateRows: number): FindingDraft[] {
  if (common > 0 || baselineRows === 0 || candidateRows === 0) return [];
  const cases = (n: number): string => `${n} ${n === 1 ? 'case' : 'cases'}`;
  return [
    {
      code: 'not-comparable',
      side: null,
      message: `The runs have no case in common (the baseline's ${cases(baselineRows)} and the candidate's ${cases(candidateRows)}, paired by case id): they are not comparable, no case's change was measured, and the gates compare the averages of different cases.`,
      case_ids: [],
    },
  ];
}

/** The not-comparable finding, when keys that must be equal differ (their values are in the report). */
function comparabilityFindings(c: Comparability): FindingDraft[] {
  const keys = c.differing.filter((d) => !d.allowed).map((d) => d.key);
  if (keys.length === 0) return [];
  const list = keys.join(', ');
  return [
    {
      code: 'not-comparable',
      side: null,
      message: `The runs differ in ${keys.length === 1 ? 'a key' : `${keys.length} keys`} that must be equal for a fair comparison: ${list}.`,
      case_ids: [],
    },
  ];
}
