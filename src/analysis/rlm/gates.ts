/**
 * rlm-code's four promotion gates, reproduced exactly: metrics from the summaries' top-level fields
 * (case rows are not re-aggregated), deltas by plain double subtraction (3.65 → 4.15 steps is
 * 0.5000000000000004 and fails a 0.5 cap, as in rlm-code), and `passed` = all four gates.
 */
import type { SummaryHead } from '../../schema/loaded.js';
import type { CaseSummary } from './pair.js';
import type { Thresholds } from './thresholds.js';

/** rlm-code's per-run metrics, from top-level fields. */
export interface RunMetrics {
  avg_reward: number;
  /** completed_cases / total_cases, 0 when total_cases is 0; can exceed 1 in broken summaries. */
  completion_rate: number;
  avg_steps: number;
  total_cases: number;
  completed_cases: number;
}

export interface Deltas {
  avg_reward: number;
  completion_rate: number;
  avg_steps_increase: number;
}

export type GateName = 'reward' | 'completion' | 'steps' | 'completion_regressions';
export const GATE_NAMES: readonly GateName[] = ['reward', 'completion', 'steps', 'completion_regressions'];

export type Gates = Record<GateName, boolean>;

/** The rlm-code-compatible part of a comparison, field for field as `/rlm bench validate --json`. */
export interface RlmGateResult {
  candidate_metrics: RunMetrics;
  baseline_metrics: RunMetrics;
  deltas: Deltas;
  case_summary: CaseSummary;
  gates: Gates;
  passed: boolean;
}

/** rlm-code's `_benchmark_metrics`. */
export function runMetrics(summary: SummaryHead): RunMetrics {
  const { total_cases: total, completed_cases: completed, avg_reward, avg_steps } = summary.reported;
  return {
    avg_reward,
    completion_rate: total ? completed / total : 0.0,
    avg_steps,
    total_cases: total,
    completed_cases: completed,
  };
}

/** Evaluates the four gates; NaN anywhere makes the affected gate false, as in rlm-code. */
export function evaluateRlmGates(baseline: SummaryHead, candidate: SummaryHead, caseSummary: CaseSummary, t: Thresholds): RlmGateResult {
  const base = runMetrics(baseline);
  const cand = runMetrics(candidate);
  const deltas: Deltas = {
    avg_reward: cand.avg_reward - base.avg_reward,
    completion_rate: cand.completion_rate - base.completion_rate,
    avg_steps_increase: cand.avg_steps - base.avg_steps,
  };
  const gates: Gates = {
    reward: deltas.avg_reward >= t.min_reward_delta,
    completion: deltas.completion_rate >= t.min_completion_delta,
    steps: deltas.avg_steps_increase <= t.max_steps_increase,
    completion_regressions: t.fail_on_completion_regression ? caseSummary.completion_regressions === 0 : true,
  };
  const passed = GATE_NAMES.every((g) => gates[g]);
  return { candidate_metrics: cand, baseline_metrics: base, deltas, case_summary: caseSummary, gates, passed };
}
