/**
 * The evidence of every regressed case of a comparison: each side's trace and where they part. Pure:
 * the caller hands in the case rows (and, for rlm-code, the trajectories it read).
 *
 * Case rows: a loaded run (schema/loaded.ts) holds its cases packed, without their text. So the
 * caller reads the run's files again in full (load/evidence.ts), only when a case regressed, and
 * {@link caseRowsOf} picks the regressed ids out of each summary so read in one pass.
 */
import { records } from '../../adapters/registry.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import type { Comparison } from '../compare.js';
import { findDivergence } from './divergence.js';
import { extractTrace, type TrajectoryInput } from './extract.js';
import type { CaseEvidenceReport, Trace } from './model.js';

/** Most regressed cases given evidence; the rest are counted. */
export const EVIDENCE_CASES_MAX = 100;

export type Side = 'baseline' | 'candidate';

/** The ids of the regressed cases (completed by the baseline, not by the candidate), in report order, at most `max`. */
export function regressedIds(cmp: Comparison, max = EVIDENCE_CASES_MAX): { ids: string[]; more: number } {
  const all = cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id);
  return { ids: all.slice(0, max), more: Math.max(0, all.length - max) };
}

/** The rows of `ids` in a summary read whole (the last row of a repeated id, as the comparison pairs them). */
export function caseRowsOf(summary: BenchmarkSummary, ids: readonly string[]): Map<string, CaseResult> {
  const wanted = new Set(ids);
  const rows = new Map<string, CaseResult>();
  for (const c of summary.cases) if (wanted.has(c.id)) rows.set(c.id, c);
  return rows;
}

/** What the caller gathered: each side's rows of the regressed cases, and the rlm-code trajectories it read. */
export interface EvidenceInput {
  rows: Record<Side, ReadonlyMap<string, CaseResult>>;
  /** Why a side has no rows, when it has none on purpose (a large pair not read again). */
  unread?: Partial<Record<Side, string>>;
  trajectory?: (side: Side, c: CaseResult) => TrajectoryInput | undefined;
}

function missingTrace(format: string, note: string): Trace {
  return {
    format,
    source: 'none',
    final_answer: null,
    expected_answer: null,
    reason: null,
    steps: [],
    steps_dropped: 0,
    note,
    step_count: null,
    last_message: null,
  };
}

/** The evidence report of the regressed cases `ids`. */
export function collectEvidence(cmp: Comparison, ids: readonly string[], input: EvidenceInput): CaseEvidenceReport[] {
  // The step counts are the comparison's own (the report's table shows them), known when the run records steps.
  const wanted = new Set(ids);
  const rows = new Map(cmp.cases.filter((r) => wanted.has(r.case_id)).map((r) => [r.case_id, r]));
  const counted = { baseline: records(cmp.baseline.summary, 'steps'), candidate: records(cmp.candidate.summary, 'steps') };
  const traceOf = (side: Side, id: string): Trace => {
    const format = cmp[side].summary.format;
    const row = input.rows[side].get(id);
    const r = rows.get(id);
    const stepCount = r === undefined || !counted[side] ? null : side === 'baseline' ? r.baseline_steps : r.candidate_steps;
    if (row === undefined) return { ...missingTrace(format, input.unread?.[side] ?? 'the case row was not found'), step_count: stepCount };
    return { ...extractTrace(format, row, input.trajectory?.(side, row)), step_count: stepCount };
  };
  return ids.map((id) => {
    const baseline = traceOf('baseline', id);
    const candidate = traceOf('candidate', id);
    return { case_id: id, baseline, candidate, divergence: findDivergence(baseline, candidate) };
  });
}
