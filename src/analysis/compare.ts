/**
 * The comparison of two runs: rlm-code's gates, the per-case rows, the integrity findings and the
 * verdict. Pure: summaries in, a {@link Comparison} out.
 */
import { packedOf } from '../schema/packed-summary.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { findDifferences, differenceFindings, type Difference } from './differences.js';
import { collectFindings, type Finding } from './findings.js';
import { evaluateRlmGates, GATE_NAMES, type GateName, type RlmGateResult } from './gates.js';
import { pairRows, summarizeCases, type CaseRow } from './pair.js';
import { runTotals } from './run-totals.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './thresholds.js';
import { usageFromTotals, type UsageStats } from './usage.js';

export type Verdict = 'promote' | 'hold';

/** A summary with the path it was read from (shown in reports). */
export interface LoadedSummary {
  path: string;
  summary: BenchmarkSummary;
}

export interface CompareOptions {
  thresholds?: Thresholds;
  /** Finding codes that are reported but do not hold the verdict. */
  allowFindings?: readonly string[];
}

export interface Comparison {
  baseline: LoadedSummary;
  candidate: LoadedSummary;
  thresholds: Thresholds;
  rlm: RlmGateResult;
  /** Union of both runs' cases, sorted by code point (rlm-code's report order). */
  cases: CaseRow[];
  findings: Finding[];
  differences: Difference[];
  usage: { baseline: UsageStats; candidate: UsageStats };
  /** promote only when all four gates pass and no finding blocks. */
  verdict: Verdict;
  failed_gates: GateName[];
  blocking_findings: Finding[];
}

export function compareSummaries(baseline: LoadedSummary, candidate: LoadedSummary, options: CompareOptions = {}): Comparison {
  const thresholds = options.thresholds ?? { ...DEFAULT_THRESHOLDS };
  const b = baseline.summary;
  const c = candidate.summary;
  // The cases are read in packed form: summaries loaded packed are read as loaded, others packed now.
  const bp = packedOf(b);
  const cp = packedOf(c);
  const cases = pairRows(bp, cp);
  const totals = { baseline: runTotals(bp), candidate: runTotals(cp) };
  const rlm = evaluateRlmGates(b, c, summarizeCases(cases), thresholds);
  const differences = findDifferences(b, c);
  const findings = collectFindings(b, c, cases, differenceFindings(differences), new Set(options.allowFindings ?? []), totals);
  const failed_gates = GATE_NAMES.filter((g) => !rlm.gates[g]);
  const blocking_findings = findings.filter((f) => f.blocking);
  const verdict: Verdict = rlm.passed && blocking_findings.length === 0 ? 'promote' : 'hold';
  return {
    baseline,
    candidate,
    thresholds,
    rlm,
    cases,
    findings,
    differences,
    usage: { baseline: usageFromTotals(totals.baseline), candidate: usageFromTotals(totals.candidate) },
    verdict,
    failed_gates,
    blocking_findings,
  };
}
