/**
 * The analysis's shared shapes, in one module that imports no analysis code (these types
 * lived beside the code that computes them and tied analysis in type-only import cycles): a loaded
 * summary, the decision policy and gate statuses, the significant policy's evidence and results
 * (significance/ computes them), the case evidence of trials, and the cluster choice.
 */
import type { CaseLabels } from '../schema/summary.js';
import type { FindingDraft } from './integrity/findings.js';
import type { GateName } from './rlm/gates.js';

/** One run of one side: per paired case (in the paired order), its completion (0 or 1), reward and steps; NaN when the run does not measure it. */
export interface RunOutcomes {
  completion: Float64Array;
  reward: Float64Array;
  steps: Float64Array;
}

/** Each side's runs (significance/run-noise.ts reads them). */
export interface SideRuns {
  baseline: readonly RunOutcomes[];
  candidate: readonly RunOutcomes[];
}

/** The significant policy's confidence level when none is given. */
export const DEFAULT_CONFIDENCE = 0.95;

export interface SignificanceOptions {
  /** Confidence level, 0.5 < confidence < 1; default 0.95. */
  confidence?: number;
  cluster?: ClusterChoice;
  /** Random flips when not enumerating; default from the suite size (1,999–9,999). */
  resamples?: number;
  /** The effect an undecided gate on a zero threshold is sized for (sizing.ts; default 5 points of completion, 0.05 reward, 0.5 steps). */
  effects?: Partial<Record<GateName, number>>;
  /**
   * Non-inferiority margins: a gate passes when the data show it within this distance of its
   * threshold on the wrong side (θ > threshold − margin for reward, completion and the regressions'
   * sign test), and fails only when they show the threshold itself violated. A number is absolute;
   * `{ share }` is a share of the metric's scale (reward: the baseline's, significance/margins.ts).
   * Default: significance/margins.ts `DEFAULT_MARGIN_SETTINGS`. 0 asks the candidate to be shown at
   * least as good.
   */
  margins?: Partial<Record<GateName, MarginSetting>>;
  /**
   * The baseline's reward scale a relative reward margin is a share of. Default: read from the
   * paired cases' baseline means (compare.ts gives the scale of the baseline's rows instead). A sequential caller fixes it at the first look (or from main's
   * runs), so the margin does not move between looks (sequential-compare.ts).
   */
  marginScale?: RewardScale;
  /**
   * The confidence at which a gate is shown to hold (pass), when it differs from `confidence` (the
   * level of a failure): a sequential look's promote boundary. Default: `confidence`.
   */
  passConfidence?: number;
  /**
   * Each side's runs, case by case in the paired order (2+ a side): under `cluster: auto` with fewer
   * than 20 groups, the per-run group noise is estimated from them (run-noise.ts) instead of
   * the correlation check deciding whether to cluster.
   */
  runs?: SideRuns;
}

/** A non-inferiority margin as given: an absolute distance on the metric's scale, or a share of the scale ("5%": `{ share: 0.05 }`). */
export type MarginSetting = number | { share: number };

/** A baseline's reward scale (significance/margins.ts `rewardScale`): its low and high ends, how they were read, from how many rows. */
export interface RewardScale {
  lo: number;
  hi: number;
  /** percentiles: the 5th–95th percentile of the rows' rewards; range: their min–max; floor: no spread, 1 reward unit. */
  basis: 'percentiles' | 'range' | 'floor';
  /** The reward rows read (each trial's row of each case). */
  rows: number;
}

/** One paired case: both sides over their trials, with its labels. */
export interface PairedCase {
  id: string;
  /** The baseline's first trial's labels (labels that differ between trials are not an error). */
  labels: TrialLabels;
  baseline: CaseEvidence;
  candidate: CaseEvidence;
}

/**
 * One side's per-case evidence ({@link CaseEvidence}) as columns: case i's at index i. A large suite
 * keeps no object per case (100,000 cases made 300,000 long-lived objects).
 */
export interface EvidenceColumns {
  trials: Float64Array;
  successes: Float64Array;
  reward: Float64Array;
  steps: Float64Array;
}

/**
 * The cases both sides have, ordered by the code points of their ids, as columns: case i's id,
 * labels (objects shared between cases with the same labels, never modified) and each side's
 * evidence at index i. What the paired tests and the slices read (paired-cases.ts makes and reads it).
 */
export interface PairedCases {
  length: number;
  ids: readonly string[];
  labels: readonly TrialLabels[];
  baseline: EvidenceColumns;
  candidate: EvidenceColumns;
  /**
   * Present when the baseline is main's runs of the suite and the candidate ran alone in rounds
   * (analysis/main-design.ts): the regressions gate then reads the completion differences, and with
   * `inclusion` the differences are Horvitz–Thompson estimates (gate-evidence.ts).
   */
  design?: MainDesign;
}

/** The candidate's rounds against main's runs (analysis/main-design.ts). */
export interface MainDesign {
  /**
   * Present when every round drew its cases, case i with probability `inclusion[i]` fixed before the
   * candidate's data (a case not drawn has 0 candidate trials): the differences are then weighted by
   * the trials a case ran over the rounds' expected trials. Absent: every case ran at least once, and
   * each case's difference is its own mean over the trials it ran against main's mean.
   */
  inclusion?: Float64Array;
  /** The candidate's rounds so far. */
  rounds: number;
}

export interface GateTest {
  gate: GateName;
  /** False for completion_regressions when fail_on_completion_regression is off: never decides. */
  gated: boolean;
  /** at_least: θ ≥ threshold holds the gate; at_most: θ ≤ threshold. */
  direction: 'at_least' | 'at_most';
  threshold: number;
  /** The non-inferiority margin: the gate passes when shown within it of the threshold (0: shown past the threshold). */
  margin: number;
  /** Where the margin comes from, in words: "5% of the baseline's reward range 0.00–1.40 (…) = 0.070" (significance/margins.ts). */
  margin_basis: string;
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
  /** One-sided p-value that the gate holds within its margin (θ beyond threshold − margin, on the safe side). */
  p_holds: number;
  status: GateStatus;
  /** The change from zero is significant at the confidence level. */
  significant: boolean;
  /** Cases (completion regressions gate): how many got worse and better. */
  regressed: number | null;
  improved: number | null;
  /** The smallest distance from the threshold this suite decides with 80% power (same units as θ). */
  minimum_detectable: number | null;
  /**
   * For an inconclusive gate: about how many units (cases or clusters) in all decide it with 80%
   * power at this suite's noise, for the stated effect in `sizing` (not the observed one); null when
   * the noise is unknown.
   */
  units_needed: number | null;
  /** What `units_needed` is sized for (sizing.ts), and the trials per side that would do it at this many cases (completion with 2+ trials a side; null otherwise or when trials cannot). */
  sizing: {
    effect: number;
    decides: 'fail' | 'pass';
    trials: number | null;
    /** The studentized value deciding needs (the test's own bar: max-T family's for a failure, the one-sided level for a pass). */
    critical: number;
    /** The effect over the standard error of one unit: at N units the statistic's mean is signal·√N (sizing.ts verdictUnits). */
    signal: number;
  } | null;
}

export interface SignificanceResult {
  confidence: number;
  alpha: number;
  /**
   * exact: all sign patterns; sampled: `resamples` seeded random patterns; cluster-robust: fewer than
   * 20 clusters, the CR2 t test with Bell–McCaffrey df (`patterns`: the max-T draws);
   * variance-components: cases as units, with the per-run group noise estimated from 2+ trials a
   * side added to the variance (run-noise.ts; `patterns`: the max-T draws).
   */
  method: 'exact' | 'sampled' | 'cluster-robust' | 'variance-components';
  patterns: number;
  seed: number;
  /** Cases on both sides (the paired evidence). */
  cases: number;
  /** The units flipped, and why: `correlation` is the data's check when `auto` met fewer than 20 groups. */
  cluster: { field: string | null; units: number; note: string; correlation: CorrelationCheck | null };
  trials: { baseline: number; candidate: number };
  gates: GateTest[];
  /**
   * When the verdict is undecided on gates sized the same way: about how many units (cases or
   * clusters) in all decide the verdict with 80% power, every undecided gate together (a promote
   * needs all of them shown within their margins; a hold, any one shown violated); null otherwise
   * (sizing.ts verdictUnits).
   */
  verdict_sizing: { units: number; decides: 'fail' | 'pass' } | null;
  /** Cases whose success rate fell, with repeated trials (empty with one trial per side). */
  declines: CaseDecline[];
  /** Gates tested in closed form (exact-sign.ts) rather than on the sampled patterns. */
  closed_form: GateName[];
  /** A group whose completion change sits far below the others' (heterogeneity.ts), or null. */
  heterogeneity: GroupApart | null;
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

/** The case labels a cluster can be taken from. */
export const CLUSTER_FIELDS = ['task_family', 'environment', 'domain', 'split', 'length_bucket'] as const;

export type ClusterField = (typeof CLUSTER_FIELDS)[number];

/**
 * `auto` takes the first of task_family, environment, domain that every case has, with enough
 * groups; a label or any other field of the case rows (kept when packing) clusters by its values.
 */
export type ClusterChoice = 'auto' | 'none' | ClusterField | (string & {});

/** What the correlation check saw, for the report: the grouping, its groups, and the smallest p over the gates it read. */
export interface CorrelationCheck {
  field: string;
  groups: number;
  p: number;
  /** The gate whose per-case changes gave that p. */
  gate: string;
}

export type DecisionPolicy = 'point' | 'significant';

export const DECISION_POLICIES: readonly DecisionPolicy[] = ['point', 'significant'];

export type GateStatus = 'pass' | 'fail' | 'inconclusive';

export interface GroupApart {
  /** The label (task_family, environment or domain). */
  field: string;
  /** The group's value (untrusted: the report escapes it). */
  group: string;
  cases: number;
  /** Mean per-case completion change in the group and in the other groups (fractions). */
  change: number;
  rest: number;
  /** Welch's z of the group against the rest (negative: worse). */
  z: number;
}

/** One side of one case over its trials. */
export interface CaseEvidence {
  /** The trials (files) that have the case. */
  trials: number;
  /** The trials in which the case completed. */
  successes: number;
  /** Mean over the trials. */
  reward: number;
  /** Mean over the trials. */
  steps: number;
}

/** The case labels, and the case fields a slice groups by (kept when packing), by name. */
export type TrialLabels = CaseLabels & Record<string, string | null>;

/** The one loaded form of a run (schema/loaded.ts). */
export type { LoadedSummary } from '../schema/loaded.js';

/**
 * Why an interleaved job (mode ab) ended its rounds, as it stamps every counted trial (`ab.stop`):
 * the design decided, its last round was in, the spend cap, or a side that failed.
 */
export type RoundsStop = 'decided' | 'max-trials' | 'budget' | 'failed';
export const ROUNDS_STOPS: readonly RoundsStop[] = ['decided', 'max-trials', 'budget', 'failed'];

/**
 * Why no round follows a look although the design would go on (its reason is `continue`): the job's
 * rounds ended on the spend cap or at a failed side; shards were merged at their common look (the
 * shard with the fewest rounds stopped there); or the trials do not say (`unknown`).
 */
export type RoundsHalt = 'budget' | 'failed' | 'common-look' | 'unknown';

/**
 * Interleaved rounds run in shards (mode ab with `shard`): each shard job stopped on its own, and
 * the gate merges rounds 1..`common` of every shard, the fewest any shard ran; later rounds are not
 * counted (a look the design did not plan for every case).
 */
export interface ShardRounds {
  /** The look the merged rounds are judged at: the fewest complete rounds any shard ran, on both sides. */
  common: number;
  /** One row per shard, by index. */
  shards: {
    index: number;
    total: number;
    /** Complete rounds the shard ran: the fewer of its two sides' trials. */
    rounds: number;
    /** Runs (trials of either side) the shard ran, counted or not. */
    ran: number;
    /** Why its job stopped, from its stamps (`ab.stop`); null when they do not say. */
    stop: RoundsStop | null;
    /** Trials beyond the common look, per side, not counted. */
    uncounted: { baseline: number; candidate: number };
  }[];
}

/** A fingerprint value of a noise profile (as metadata values are). */
export type NoiseScalar = string | number | boolean | null;

/** One case's behaviour over a noise profile's runs (noise/profile.ts). */
export interface CaseNoise {
  id: string;
  /** The runs that have the case, and how many of them it completed in. */
  runs: number;
  passed: number;
  reward_mean: number;
  reward_sd: number;
  steps_mean: number;
  steps_sd: number;
}

/** The A/A decisions of one policy over a profile's run pairs. */
export interface NoiseAa {
  policy: string;
  pairs: number;
  promote: number;
  hold: number;
  inconclusive: number;
}

/** A suite's noise measured on K runs of one commit (noise/profile.ts); a file format (`benchgate profile`). */
export interface NoiseProfile {
  schema: string;
  suite: string;
  /** When the profile was made (the newest run's time), or null when no run says. */
  created_at: string | null;
  /** The commit the runs measured, or null when they are not stamped. */
  commit: string | null;
  /** The facts equal on every run; a run whose known facts differ cannot use the profile. */
  fingerprint: Record<string, NoiseScalar>;
  runs: { file: string; id: string; started_at: string | null }[];
  /** By case id, in code-point order. */
  cases: CaseNoise[];
  figures: {
    cases: number;
    flaky: number;
    always_pass: number;
    never_pass: number;
    /** The mean share of cases on which two runs disagree about completion; null with no common cases. */
    discordance: number | null;
    aa: NoiseAa[];
  };
}

/** What a gate learned from the suite's noise profile (set by the caller, as `sequential` is). */
export interface NoiseMarks {
  /** The profile's file, its age in days (null when unknown), runs and commit. */
  file: string;
  age_days: number | null;
  runs: number;
  commit: string | null;
  /** Null when the profile was used; else why not (another fingerprint). */
  unused: string | null;
  /** The regressed cases (completion regressions) with their behaviour on main; null when the profile lacks the case. */
  regressed: { id: string; noise: CaseNoise | null }[];
  /**
   * Sequential rounds that run only the cases not settled (noise/settled.ts): the cases settled (deterministic
   * on main, run for the first `rounds` rounds, then in `share` of the later rounds, drawn in advance) and the
   * cases the next round runs. Absent: every case reruns.
   */
  settled?: { cases: number; rounds: number; share: number; next: number };
  /**
   * The completion gate's sizing at the profile's noise (noise/sizing.ts) when the pair left it undecided: cases for
   * 80% power, what the pair's own noise said, the effect and which way it decides.
   */
  sizing?: { cases: number; pair: number | null; effect: number; decides: 'fail' | 'pass' };
}
