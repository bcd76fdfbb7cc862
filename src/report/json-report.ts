/**
 * The machine-readable report. Its first fields are rlm-code's `/rlm bench validate --json` fields
 * under rlm-code's names and with rlm-code's values, so scripts written for rlm-code keep working;
 * benchgate's additions (verdict, findings, differences, usage, per-case rows) follow.
 */
import type { Comparison, Verdict } from '../analysis/compare.js';
import type { Difference } from '../analysis/differences.js';
import type { Finding } from '../analysis/findings.js';
import type { Deltas, Gates, RunMetrics } from '../analysis/gates.js';
import type { CaseRow, CaseSummary } from '../analysis/pair.js';
import type { Thresholds } from '../analysis/thresholds.js';
import type { UsageStats } from '../analysis/usage.js';
import { SUMMARY_SCHEMA } from '../schema/summary.js';
import { BENCHGATE_VERSION } from '../version.js';

export interface JsonReport {
  candidate_id: string;
  baseline_id: string;
  candidate_path: string;
  baseline_path: string;
  candidate_metrics: RunMetrics;
  baseline_metrics: RunMetrics;
  deltas: Deltas;
  case_summary: CaseSummary;
  gates: Gates;
  /** rlm-code's `passed`: all four gates, findings not considered. */
  passed: boolean;
  thresholds: Thresholds;
  /** benchgate's decision: gates and blocking findings. */
  verdict: Verdict;
  failed_gates: string[];
  findings: Finding[];
  differences: Difference[];
  usage: { baseline: UsageStats; candidate: UsageStats };
  cases: CaseRow[];
  benchgate: { version: string; summary_schema: string };
}

export function toJsonReport(cmp: Comparison, version = BENCHGATE_VERSION): JsonReport {
  const { rlm } = cmp;
  return {
    candidate_id: cmp.candidate.summary.id,
    baseline_id: cmp.baseline.summary.id,
    candidate_path: cmp.candidate.path,
    baseline_path: cmp.baseline.path,
    candidate_metrics: rlm.candidate_metrics,
    baseline_metrics: rlm.baseline_metrics,
    deltas: rlm.deltas,
    case_summary: rlm.case_summary,
    gates: rlm.gates,
    passed: rlm.passed,
    thresholds: cmp.thresholds,
    verdict: cmp.verdict,
    failed_gates: cmp.failed_gates,
    findings: cmp.findings,
    differences: cmp.differences,
    usage: cmp.usage,
    cases: cmp.cases,
    benchgate: { version, summary_schema: SUMMARY_SCHEMA },
  };
}

/** The JSON report as text, indented like rlm-code's (2 spaces), with a trailing newline. */
export function renderJson(cmp: Comparison, version = BENCHGATE_VERSION): string {
  return `${JSON.stringify(toJsonReport(cmp, version), null, 2)}\n`;
}
