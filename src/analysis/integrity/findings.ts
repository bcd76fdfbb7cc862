/**
 * Integrity checks rlm-code does not make. rlm-code passes a candidate that skipped cases, a cancelled
 * run, two empty runs, runs of different presets and summaries whose totals contradict their rows;
 * each of those is a finding here. Findings of severity `error` hold the verdict unless the user
 * allows their code; the four rlm-code gate booleans are never changed by them.
 */
import type { SummaryHead } from '../../schema/loaded.js';
import { ANSWERED_CASES, type BenchmarkSummary } from '../../schema/summary.js';
import type { CaseRowList } from '../rlm/pair.js';
import type { RunTotals } from './run-totals.js';

export type Severity = 'error' | 'warning' | 'notice';
export type Side = 'baseline' | 'candidate';

/** Every finding code, with its default severity. */
export const FINDING_SEVERITY = {
  'empty-run': 'error',
  'incomplete-run': 'error',
  'cancelled-run': 'error',
  'command-failed': 'error',
  'aggregate-mismatch': 'error',
  'preset-mismatch': 'error',
  'not-comparable': 'error',
  'guardrail-rise': 'error',
  'policy-failure': 'error',
  'missing-cases': 'error',
  'new-cases': 'notice',
  'multiple-differences': 'warning',
  'case-errors': 'notice',
  'partial-trials': 'error',
  'too-few-clusters': 'warning',
  'shard-coverage': 'error',
  'benchmark-regression': 'error',
  'aggregates-only': 'notice',
  'regression-budget': 'error',
  'infrastructure-failures': 'warning',
  'base-tree-changed': 'error',
  'suite-job-failed': 'error',
  'provenance-mismatch': 'error',
  'stale-baseline': 'error',
} as const satisfies Record<string, Severity>;
export type FindingCode = keyof typeof FINDING_SEVERITY;
export const FINDING_CODES = Object.keys(FINDING_SEVERITY) as FindingCode[];

/**
 * Problems of the run, not of the comparison, which the action finds and the pipeline makes findings
 * (pipeline/judge.ts): a suite job that did not succeed (what it uploaded may be partial), a summary
 * whose stamps say it is another role's, commit's or run's (action/decide/provenance.ts). They hold
 * whatever the configuration allows: allowing them would let a broken or swapped run pass the check.
 */
export const RUN_PROBLEM_CODES = ['suite-job-failed', 'provenance-mismatch'] as const satisfies readonly FindingCode[];
/** Whether a finding code is one of the run's problems ({@link RUN_PROBLEM_CODES}). */
export const isRunProblem = (code: string): boolean => (RUN_PROBLEM_CODES as readonly string[]).includes(code);
/** The codes a configuration may allow (`allow_findings`, `--allow-finding`). */
export const ALLOWABLE_FINDING_CODES: readonly FindingCode[] = FINDING_CODES.filter((c) => !isRunProblem(c));

export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** True when this finding holds the verdict (severity error and not allowed by the user). */
  blocking: boolean;
  /** The run it concerns; null when it concerns the pair. */
  side: Side | null;
  /** One sentence of benchgate's own words and numbers: never text from the input (that goes in case_ids). */
  message: string;
  /** The cases concerned, sorted; empty when the finding is about the run as a whole. */
  case_ids: string[];
}

type Draft = Omit<Finding, 'severity' | 'blocking'>;

/**
 * Mode ab's stamp on the trials of a job in which something other than the base side's own runs
 * changed the base side's tree or environment (src/action/ab/isolation.ts): the paths, comma-separated.
 */
export const BASE_CHANGED_STAMP = 'ab.base_changed';

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Tolerances for comparing rounded top-level averages with the rows (rlm-code rounds to 4 and 2 dp). */
const REWARD_TOLERANCE = 0.00005 + 1e-9;
const STEPS_TOLERANCE = 0.005 + 1e-9;

function runFindings(side: Side, s: SummaryHead, totals: RunTotals): Draft[] {
  const out: Draft[] = [];
  const r = s.reported;
  const rows = totals.rows;
  const attempted = r.attempted_cases ?? rows;
  const changed = s.metadata[BASE_CHANGED_STAMP];
  if (typeof changed === 'string' && changed !== '')
    out.push({
      code: 'base-tree-changed',
      side,
      message: `In the interleaved job of the ${side} run, the baseline's tree or environment changed outside its own runs (${plural(changed.split(',').length, 'path')}): the baseline rounds may have measured other code.`,
      case_ids: [],
    });
  if (r.total_cases === 0 || rows === 0) {
    out.push({ code: 'empty-run', side, message: `The ${side} run has no cases (total_cases ${r.total_cases}, ${plural(rows, 'case row')}).`, case_ids: [] });
  } else if (s.metadata[ANSWERED_CASES] === 0) {
    // The format says none of its rows is a measurement (a model that answered nothing, a runner whose benchmarks all raised).
    out.push({
      code: 'empty-run',
      side,
      message: `The ${side} run answered none of its ${plural(rows, 'case')}: every one raised an error, so it measured nothing.`,
      case_ids: [],
    });
  }
  if (attempted < r.total_cases || rows < r.total_cases) {
    out.push({
      code: 'incomplete-run',
      side,
      message: `The ${side} run attempted ${Math.min(attempted, rows)} of ${r.total_cases} planned cases.`,
      case_ids: [],
    });
  }
  if (s.run.cancelled === true) {
    out.push({ code: 'cancelled-run', side, message: `The ${side} run was cancelled (cancelled: true).`, case_ids: [] });
  }
  const failure = commandFailure(s.metadata);
  if (failure !== null) {
    out.push({ code: 'command-failed', side, message: `The ${side} suite command ${failure}; its summary may be partial.`, case_ids: [] });
  }
  const mismatches = aggregateMismatches(s, totals);
  if (mismatches.length > 0) {
    out.push({
      code: 'aggregate-mismatch',
      side,
      message: `The ${side} summary's top-level totals disagree with its case rows: ${mismatches.join('; ')}.`,
      case_ids: [],
    });
  }
  if (s.metadata['lm_eval.aggregate_only'] === 'true') {
    out.push({
      code: 'aggregates-only',
      side,
      message: `The ${side} run is lm-evaluation-harness aggregate results: one case per task, no per-sample rows; paired statistics need the samples files lm_eval writes with --log_samples.`,
      case_ids: [],
    });
  }
  const errored = [...totals.errored];
  if (errored.length > 0) {
    out.push({ code: 'case-errors', side, message: `${plural(errored.length, 'case')} of the ${side} run raised an error.`, case_ids: errored.sort() });
  }
  return out;
}

/**
 * How the suite command failed, from the metadata benchgate's run mode stamps (`command.timed_out`,
 * `command.exit_code`, `command.signal`), or null when it succeeded or the summary has no such stamp.
 * A run that failed with `allow-command-failure: true` was still uploaded; this keeps it from passing.
 */
export function commandFailure(m: BenchmarkSummary['metadata']): string | null {
  if (m['command.timed_out'] === true) return 'timed out (command.timed_out: true)';
  if (m['command.budget_exceeded'] === true) return 'was stopped at its spend cap (command.budget_exceeded: true)';
  const code = m['command.exit_code'];
  if (typeof code === 'number' && code !== 0) return `exited with code ${code} (command.exit_code)`;
  if (code === null && typeof m['command.signal'] === 'string') return 'was killed by a signal (command.signal)';
  return null;
}

/** True when the run mode stamped the suite command as finished with exit code 0 (an unstamped summary is not). */
export function commandSucceeded(m: BenchmarkSummary['metadata']): boolean {
  return m['command.exit_code'] === 0 && commandFailure(m) === null;
}

/**
 * The top-level fields that contradict the case rows, each as "field is X but the rows give Y".
 * `totals` are the rows' totals when the caller has them already.
 */
export function aggregateMismatches(s: SummaryHead, totals: RunTotals): string[] {
  const r = s.reported;
  const n = totals.rows;
  const out: string[] = [];
  if (r.attempted_cases !== null && r.attempted_cases !== n) out.push(`attempted_cases is ${r.attempted_cases} but there are ${n} case rows`);
  if (n > r.total_cases) out.push(`total_cases is ${r.total_cases} but there are ${n} case rows`);
  const completed = totals.completed;
  if (completed !== r.completed_cases) out.push(`completed_cases is ${r.completed_cases} but ${completed} rows are completed`);
  const reward = n ? totals.reward / n : 0;
  if (Math.abs(reward - r.avg_reward) > REWARD_TOLERANCE) out.push(`avg_reward is ${r.avg_reward} but the rows give ${round(reward, 4)}`);
  const steps = n ? totals.steps / n : 0;
  if (Math.abs(steps - r.avg_steps) > STEPS_TOLERANCE) out.push(`avg_steps is ${r.avg_steps} but the rows give ${round(steps, 2)}`);
  if (r.usage_totals) {
    for (const key of ['total_calls', 'prompt_tokens', 'completion_tokens'] as const) {
      const sum = totals[key];
      if (sum !== r.usage_totals[key]) out.push(`usage_totals.${key} is ${r.usage_totals[key]} but the rows sum to ${sum}`);
    }
  }
  return out;
}

function round(x: number, digits: number): number {
  return Number(x.toFixed(digits));
}

function pairFindings(baseline: SummaryHead, candidate: SummaryHead, rows: CaseRowList): Draft[] {
  const out: Draft[] = [];
  const bp = baseline.run.preset;
  const cp = candidate.run.preset;
  if (bp !== null && cp !== null && bp !== cp) {
    out.push({ code: 'preset-mismatch', side: null, message: 'The runs used different presets: they are not comparable.', case_ids: [] });
  }
  const missing = rows.filter((r) => r.in_baseline && !r.in_candidate).map((r) => r.case_id);
  if (missing.length > 0) {
    out.push({
      code: 'missing-cases',
      side: 'candidate',
      message: `${plural(missing.length, 'baseline case')} ${missing.length === 1 ? 'is' : 'are'} missing from the candidate run.`,
      case_ids: missing,
    });
  }
  const added = rows.filter((r) => !r.in_baseline && r.in_candidate).map((r) => r.case_id);
  if (added.length > 0) {
    out.push({
      code: 'new-cases',
      side: 'candidate',
      message: `The candidate run has ${plural(added.length, 'case')} the baseline does not (not compared).`,
      case_ids: added,
    });
  }
  return out;
}

/**
 * All findings of a comparison, in a stable order: baseline, candidate, then the pair. `totals` are
 * the two runs' row totals when the caller has them already.
 */
export function collectFindings(
  baseline: SummaryHead,
  candidate: SummaryHead,
  rows: CaseRowList,
  extra: readonly Draft[],
  allowed: ReadonlySet<string>,
  totals: { baseline: RunTotals; candidate: RunTotals },
): Finding[] {
  const drafts = [
    ...runFindings('baseline', baseline, totals.baseline),
    ...runFindings('candidate', candidate, totals.candidate),
    ...pairFindings(baseline, candidate, rows),
    ...extra,
  ];
  return drafts.map((d) => {
    const severity = FINDING_SEVERITY[d.code];
    return {
      code: d.code,
      severity,
      blocking: severity === 'error' && (!allowed.has(d.code) || isRunProblem(d.code)),
      side: d.side,
      message: d.message,
      case_ids: d.case_ids,
    };
  });
}

export type { Draft as FindingDraft };
