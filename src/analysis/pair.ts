/**
 * Pairs the cases of two runs by id and derives rlm-code's per-case report rows and case summary.
 */
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';

/** One case id with its row on each side (null where the run does not have it). */
export interface CasePair {
  id: string;
  baseline: CaseResult | null;
  candidate: CaseResult | null;
}

/**
 * A row of the per-case report, under rlm-code's report column names. A side that lacks the case
 * contributes completed=false, reward 0 and steps 0, as rlm-code's report does; `in_baseline` and
 * `in_candidate` say which sides really have it.
 */
export interface CaseRow {
  case_id: string;
  in_baseline: boolean;
  in_candidate: boolean;
  baseline_completed: boolean;
  candidate_completed: boolean;
  baseline_reward: number;
  candidate_reward: number;
  /** candidate_reward − baseline_reward, unrounded. */
  reward_delta: number;
  baseline_steps: number;
  candidate_steps: number;
  steps_delta: number;
  /** Completed by the baseline, not by the candidate (only for cases on both sides). */
  completion_regression: boolean;
  /** Strictly lower reward for the candidate (only for cases on both sides); never gated. */
  reward_regression: boolean;
  baseline_error: string | null;
  candidate_error: string | null;
  /** rlm-code harness rows: the CodeMode guardrail blocked the plan. */
  baseline_guardrail_blocked: boolean;
  candidate_guardrail_blocked: boolean;
}

/** rlm-code's `_benchmark_case_regressions` result. */
export interface CaseSummary {
  common_cases: number;
  completion_regressions: number;
  reward_regressions: number;
}

/**
 * Orders strings by Unicode code point, as Python's `sorted` does (rlm-code sorts case ids that way).
 * JavaScript's default order compares UTF-16 units, which puts U+10000 and above before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

function codeUnitRank(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return c + 0x2000; // surrogates: code points >= U+10000 sort last
  if (c >= 0xe000) return c - 0x800;
  return c;
}

/** All case ids of both runs, sorted by code point, each with its rows. */
export function pairCases(baseline: BenchmarkSummary, candidate: BenchmarkSummary): CasePair[] {
  return sortById(sameOrder(baseline, candidate) ?? pairById(baseline, candidate));
}

/** Runs of one preset usually list the same ids in the same order: pair them without a map. */
function sameOrder(baseline: BenchmarkSummary, candidate: BenchmarkSummary): CasePair[] | null {
  const b = baseline.cases;
  const c = candidate.cases;
  if (b.length !== c.length) return null;
  for (let i = 0; i < b.length; i++) if (b[i]?.id !== c[i]?.id) return null;
  return b.map((row, i) => ({ id: row.id, baseline: row, candidate: c[i] ?? null }));
}

function pairById(baseline: BenchmarkSummary, candidate: BenchmarkSummary): CasePair[] {
  const pairs = new Map<string, CasePair>();
  for (const c of baseline.cases) pairs.set(c.id, { id: c.id, baseline: c, candidate: null });
  for (const c of candidate.cases) {
    const pair = pairs.get(c.id);
    if (pair) pair.candidate = c;
    else pairs.set(c.id, { id: c.id, baseline: null, candidate: c });
  }
  return [...pairs.values()];
}

function sortById(pairs: CasePair[]): CasePair[] {
  let sorted = true;
  let wide = false;
  for (let i = 0; i < pairs.length; i++) {
    const id = (pairs[i] as CasePair).id;
    if (i > 0 && compareCodePoints((pairs[i - 1] as CasePair).id, id) > 0) sorted = false;
    if (!wide && /[\ud800-\uffff]/.test(id)) wide = true;
  }
  if (sorted) return pairs;
  // UTF-16 order equals code-point order unless an id holds a unit from U+D800 up; the built-in
  // comparison is then much faster on 100,000 ids.
  if (wide) return pairs.sort((a, b) => compareCodePoints(a.id, b.id));
  return pairs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The report row of one pair. */
export function toCaseRow({ id, baseline: b, candidate: c }: CasePair): CaseRow {
  const both = b !== null && c !== null;
  const baselineReward = b?.reward ?? 0;
  const candidateReward = c?.reward ?? 0;
  return {
    case_id: id,
    in_baseline: b !== null,
    in_candidate: c !== null,
    baseline_completed: b?.completed ?? false,
    candidate_completed: c?.completed ?? false,
    baseline_reward: baselineReward,
    candidate_reward: candidateReward,
    reward_delta: candidateReward - baselineReward,
    baseline_steps: b?.steps ?? 0,
    candidate_steps: c?.steps ?? 0,
    steps_delta: (c?.steps ?? 0) - (b?.steps ?? 0),
    completion_regression: both && b.completed && !c.completed,
    reward_regression: both && c.reward < b.reward,
    baseline_error: b?.error ?? null,
    candidate_error: c?.error ?? null,
    baseline_guardrail_blocked: b?.harness?.codemode_guardrail_blocked ?? false,
    candidate_guardrail_blocked: c?.harness?.codemode_guardrail_blocked ?? false,
  };
}

/** Counts common cases and regressions over the rows, as rlm-code does (one-sided cases ignored). */
export function summarizeCases(rows: readonly CaseRow[]): CaseSummary {
  let common = 0;
  let completion = 0;
  let reward = 0;
  for (const r of rows) {
    if (!r.in_baseline || !r.in_candidate) continue;
    common++;
    if (r.completion_regression) completion++;
    if (r.reward_regression) reward++;
  }
  return { common_cases: common, completion_regressions: completion, reward_regressions: reward };
}
