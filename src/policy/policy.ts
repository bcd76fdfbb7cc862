/**
 * One gate policy: every default once, the gate options under one spelling (the
 * configuration file's keys), and one way to merge them: defaults <- configuration file <- the
 * action's inputs or the CLI's flags. The two programs only turn their raw strings into a partial
 * configuration through GATE_OPTIONS (options.ts) and call {@link resolvePolicy}; the analysis gets its
 * options from {@link compareOptionsOf}.

 */
import type { CompareOptions } from '../analysis/compare.js';
import type { Price } from '../analysis/custom-gates/cost.js';
import type { MetricGateSpec } from '../analysis/custom-gates/metric-gates.js';
import type { SliceGateSpec } from '../analysis/custom-gates/slices.js';
import type { ComparabilityOptions } from '../analysis/integrity/comparability.js';
import type { InfrastructureOptions } from '../analysis/integrity/infrastructure.js';
import type { SafetyOptions } from '../analysis/integrity/safety.js';
import { type ClusterChoice, type DecisionPolicy, DEFAULT_CONFIDENCE } from '../analysis/model.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../analysis/rlm/thresholds.js';
import type { GateConfig } from './config-file.js';
import { GATE_OPTIONS, type GateOption } from './options.js';
import { toleranceFraction, ValueProblem } from './values.js';

/** The policy a comparison runs under, every field resolved. */
export interface GatePolicy {
  thresholds: Thresholds;
  allowFindings: string[];
  decide: DecisionPolicy;
  confidence: number;
  cluster: ClusterChoice;
  /** An inconclusive verdict fails the check run (and the compare step) instead of a neutral check. */
  failOnInconclusive: boolean;
  /** From the configuration file only. */
  comparability: ComparabilityOptions;
  metricGates: MetricGateSpec[];
  safety: SafetyOptions;
  infrastructure: InfrastructureOptions;
  pricing: Record<string, Price>;
  slices: SliceGateSpec[];
  /** github-action-benchmark files: the tolerance as a fraction; undefined: the analysis's default (10%). */
  benchmarkTolerance?: number | undefined;
  /** The merged configuration (file and overrides), for options declared only in options.ts. */
  config: GateConfig;
}

/** Every default of the policy, once. */
export const DEFAULT_POLICY: Readonly<GatePolicy> = Object.freeze({
  thresholds: DEFAULT_THRESHOLDS,
  allowFindings: [],
  decide: 'point',
  confidence: DEFAULT_CONFIDENCE,
  cluster: 'auto',
  // Issue 45: an undecided verdict is not a state a pull request ends in unless the team asks for
  // advisory mode (false): GitHub counts a neutral check run as passing a required check.
  failOnInconclusive: true,
  comparability: {},
  metricGates: [],
  safety: {},
  infrastructure: {},
  pricing: {},
  slices: [],
  benchmarkTolerance: undefined,
  config: {},
});

/**
 * The options given, as a partial configuration: `raw(option)` is the raw string given for it
 * (undefined when not given); `problem` words a bad value the program's way.
 */
export function overridesOf(raw: (option: GateOption) => string | undefined, problem: (option: GateOption, p: ValueProblem) => Error): GateConfig {
  const out: Record<string, unknown> = {};
  for (const option of GATE_OPTIONS) {
    const given = raw(option);
    if (given === undefined) continue;
    try {
      out[option.key] = option.parse(given);
    } catch (err) {
      if (err instanceof ValueProblem) throw problem(option, err);
      throw err;
    }
  }
  return out as GateConfig;
}

/**
 * The policy of a configuration file (null: none) under the given overrides: overrides <- file <-
 * the caller's defaults <- DEFAULT_POLICY. The caller's defaults are a program's own choice that a
 * configuration file still overrides: the reusable workflows' `default-decide: significant`, mode ab's
 * significant.
 */
export function resolvePolicy(file: GateConfig | null, overrides: GateConfig = {}, defaults: GateConfig = {}): GatePolicy {
  const c: GateConfig = { ...defaults, ...(file ?? {}), ...overrides };
  const D = DEFAULT_POLICY;
  return {
    thresholds: {
      min_reward_delta: c.min_reward_delta ?? D.thresholds.min_reward_delta,
      min_completion_delta: c.min_completion_delta ?? D.thresholds.min_completion_delta,
      max_steps_increase: c.max_steps_increase ?? D.thresholds.max_steps_increase,
      fail_on_completion_regression: c.fail_on_completion_regression ?? D.thresholds.fail_on_completion_regression,
    },
    allowFindings: c.allow_findings ?? [...D.allowFindings],
    decide: c.decide ?? D.decide,
    confidence: c.confidence ?? D.confidence,
    cluster: c.cluster ?? D.cluster,
    failOnInconclusive: c.fail_on_inconclusive ?? D.failOnInconclusive,
    comparability: c.comparability ?? D.comparability,
    metricGates: c.gates ?? [...D.metricGates],
    safety: c.safety ?? D.safety,
    infrastructure: c.infrastructure ?? D.infrastructure,
    pricing: c.pricing ?? D.pricing,
    slices: c.slices ?? [...D.slices],
    benchmarkTolerance: toleranceFraction(c.benchmark_tolerance),
    config: c,
  };
}

/** The analysis options of a policy; `confidence` overrides the policy's (a sequential round's level). */
export function compareOptionsOf(policy: GatePolicy, extra: Pick<CompareOptions, 'trials' | 'findings'> & { confidence?: number } = {}): CompareOptions {
  const options: CompareOptions = {
    thresholds: policy.thresholds,
    allowFindings: policy.allowFindings,
    decide: policy.decide,
    significance: { confidence: extra.confidence ?? policy.confidence, cluster: policy.cluster },
    comparability: policy.comparability,
    metricGates: policy.metricGates,
    safety: policy.safety,
    infrastructure: policy.infrastructure,
    pricing: policy.pricing,
    slices: policy.slices,
    benchmarkTolerance: policy.benchmarkTolerance,
  };
  if (extra.trials !== undefined) options.trials = extra.trials;
  if (extra.findings !== undefined) options.findings = extra.findings;
  const given = policy.config as Record<string, unknown>;
  for (const option of GATE_OPTIONS) if (option.compare && given[option.key] !== undefined) option.compare(options, given[option.key]);
  return options;
}
