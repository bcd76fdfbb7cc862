/**
 * The machine-readable report. Its first fields are rlm-code's `/rlm bench validate --json` fields
 * under rlm-code's names and with rlm-code's values, so scripts written for rlm-code keep working;
 * benchgate's additions (verdict, findings, differences, usage, per-case rows) follow.
 */
import type { AcceptanceMarks } from '../analysis/acceptance/model.js';
import type { Comparison, MainDesignMarks, Verdict } from '../analysis/compare.js';
import type { BenchmarkComparison } from '../analysis/custom-gates/benchmark-ratios.js';
import type { RunCost } from '../analysis/custom-gates/cost.js';
import type { MetricGateResult } from '../analysis/custom-gates/metric-gates.js';
import type { SliceResult } from '../analysis/custom-gates/slices.js';
import type { EvidenceReport } from '../analysis/evidence/model.js';
import type { Comparability } from '../analysis/integrity/comparability.js';
import type { Difference } from '../analysis/integrity/differences.js';
import type { Finding } from '../analysis/integrity/findings.js';
import type { Infrastructure } from '../analysis/integrity/infrastructure.js';
import type { PolicyFailure } from '../analysis/integrity/safety.js';
import type { UsageStats } from '../analysis/integrity/usage.js';
import type { GateTest, NoiseMarks, SignificanceResult } from '../analysis/model.js';
import type { Deltas, Gates, RunMetrics } from '../analysis/rlm/gates.js';
import type { CaseRow, CaseSummary } from '../analysis/rlm/pair.js';
import type { Thresholds } from '../analysis/rlm/thresholds.js';
import type { SequentialDecision } from '../analysis/significance/sequential.js';
import { SUMMARY_SCHEMA } from '../schema/summary.js';
import { BENCHGATE_VERSION } from '../version.js';
import { gateLines, unknownSides } from './markdown/words.js';

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
  /** Only with flaky_below, when every completion regression is on a case flaky on main below that rate: the gate does not hold by itself. */
  flaky_regressions?: { below: number; cases: string[] };
  /** Under the significant policy only (absent under point, so point reports stay as they were). */
  decision?: 'significant';
  undecided_gates?: string[];
  significance?: JsonSignificance;
  /** Only with --sequential: the round, whether to stop and why, and the runs against the fixed design. */
  sequential?: SequentialDecision;
  /** Only under the design main (--design main): main's runs, the candidate's rounds, the draws and the spend. */
  main_design?: MainDesignMarks;
  /** Only with a noise profile: the regressed cases' behaviour on main, or why the profile was not used. */
  noise?: NoiseMarks;
  /** Only when the caller gathered it (CLI, action): each regressed case's evidence and where the runs part. */
  evidence?: EvidenceReport;
  /** Only when acceptances were given (issue 46): what they cover, what expired or covers nothing, what still holds, the verdict before them. */
  acceptance?: AcceptanceMarks;
  /** Only when fingerprint keys differ. */
  comparability?: Comparability;
  /** Only when the configuration has slice gates. */
  slices?: SliceResult[];
  /** Only when at least one run's cost is known. */
  cost?: { baseline: RunCost; candidate: RunCost };
  /** Only when a case error matches a policy pattern. */
  policy_failures?: PolicyFailure[];
  /** github-action-benchmark pairs only: each benchmark's ratio and the geometric mean. */
  benchmarks?: BenchmarkComparison;
  /** Only when a case failed for infrastructure reasons (not measured): each side's counts, and whether to rerun. */
  infrastructure?: Infrastructure;
  /** Only when the configuration has gates of its own. */
  metric_gates?: MetricGateResult[];
  failed_metric_gates?: string[];
  undecided_metric_gates?: string[];
  findings: Finding[];
  differences: Difference[];
  usage: { baseline: UsageStats; candidate: UsageStats };
  /**
   * Only when a run does not record a measure (JUnit, promptfoo, agent benchmarks: steps, LLM
   * calls, tokens): its 0s in `usage` and the metrics are unknown, and the gates on it not judged.
   */
  unrecorded?: { baseline: string[]; candidate: string[]; not_judged_gates: { gate: string; reason: string }[] };
  cases: CaseRow[];
  benchgate: { version: string; summary_schema: string };
}

export function toJsonReport(cmp: Comparison, version = BENCHGATE_VERSION): JsonReport {
  return jsonReport(cmp, version, cmp.cases.toArray());
}

/** The report with the given case rows (the chunked writer gives none and writes them itself). */
function jsonReport(cmp: Comparison, version: string, cases: CaseRow[]): JsonReport {
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
    ...(cmp.flaky_regressions === null ? {} : { flaky_regressions: cmp.flaky_regressions }),
    ...(cmp.comparability.differing.length === 0 ? {} : { comparability: cmp.comparability }),
    ...(cmp.cost.baseline.source === 'unknown' && cmp.cost.candidate.source === 'unknown' ? {} : { cost: cmp.cost }),
    ...(cmp.safety.policy_failures.length === 0 ? {} : { policy_failures: cmp.safety.policy_failures }),
    ...(cmp.slices.length === 0 ? {} : { slices: cmp.slices }),
    ...(cmp.head_to_head === undefined ? {} : { head_to_head: cmp.head_to_head }),
    ...(cmp.benchmarks === undefined ? {} : { benchmarks: cmp.benchmarks }),
    ...(cmp.metric_gates.length === 0
      ? {}
      : { metric_gates: cmp.metric_gates, failed_metric_gates: cmp.failed_metric_gates, undecided_metric_gates: cmp.undecided_metric_gates }),
    ...(cmp.significance === null ? {} : { decision: 'significant' as const, undecided_gates: cmp.undecided_gates, significance: jsonSafe(cmp.significance) }),
    ...(cmp.sequential === undefined ? {} : { sequential: cmp.sequential }),
    ...(cmp.main_design === undefined ? {} : { main_design: cmp.main_design }),
    ...(cmp.noise === undefined ? {} : { noise: cmp.noise }),
    ...(cmp.infrastructure.baseline.not_measured + cmp.infrastructure.candidate.not_measured === 0 ? {} : { infrastructure: cmp.infrastructure }),
    ...(cmp.evidence === undefined ? {} : { evidence: cmp.evidence }),
    ...(cmp.acceptance === undefined ? {} : { acceptance: cmp.acceptance }),
    findings: cmp.findings,
    differences: cmp.differences,
    usage: cmp.usage,
    ...unrecordedOf(cmp),
    cases,
    benchgate: { version, summary_schema: SUMMARY_SCHEMA },
  };
}

function unrecordedOf(cmp: Comparison): Pick<JsonReport, 'unrecorded'> {
  const measures = (['steps', 'calls', 'tokens'] as const).map((m) => ({ m, u: unknownSides(cmp, m) }));
  const baseline = measures.filter(({ u }) => u.baseline).map(({ m }) => m);
  const candidate = measures.filter(({ u }) => u.candidate).map(({ m }) => m);
  if (baseline.length === 0 && candidate.length === 0) return {};
  const notJudged = gateLines(cmp).flatMap((l) => (l.notJudged === null ? [] : [{ gate: l.gate, reason: l.notJudged }]));
  return { unrecorded: { baseline, candidate, not_judged_gates: notJudged } };
}

type Bound = number | null;
/** The significance result as JSON: a bound the data cannot give (±∞) is null; drafts are in `findings`. */
export type JsonSignificance = Omit<SignificanceResult, 'drafts' | 'gates'> & {
  gates: (Omit<GateTest, 'lower' | 'upper' | 'threshold'> & { lower: Bound; upper: Bound; threshold: Bound })[];
};

function jsonSafe(s: SignificanceResult): JsonSignificance {
  const finite = (x: number): Bound => (Number.isFinite(x) ? x : null);
  const { confidence, alpha, method, patterns, seed, cases, cluster, trials, gates, verdict_sizing, declines, closed_form, heterogeneity } = s;
  return {
    confidence,
    alpha,
    method,
    patterns,
    seed,
    cases,
    cluster,
    trials,
    verdict_sizing,
    declines,
    closed_form,
    heterogeneity,
    gates: gates.map((g) => ({ ...g, lower: finite(g.lower), upper: finite(g.upper), threshold: finite(g.threshold) })),
  };
}

/** The bytes of the case rows gathered before they are handed on (a chunk of {@link renderJsonChunks}). */
const CHUNK_BYTES = 1 << 20;
const ROW_SEPARATOR = ',\n    ';

/**
 * The JSON report in pieces: indented like rlm-code's (2 spaces), except that each case row is one
 * line. The rows are most of the bytes on a large suite: one line each halves the file, keeps it
 * greppable, and lets a 100,000-case report be written in chunks instead of one 50 MB string. The
 * rows come as UTF-8 bytes written straight into a buffer (see {@link RowWriter}); the rest as text.
 * A piece of bytes is a view of one reused 1 MiB buffer: it holds until the next piece is asked
 * for, so write or copy it first (a report's rows never take more memory than that buffer).
 */
export function* renderJsonChunks(cmp: Comparison, version = BENCHGATE_VERSION): Generator<string | Uint8Array> {
  const shell = JSON.stringify(jsonReport(cmp, version, []), null, 2);
  const marker = '\n  "cases": []';
  const at = shell.indexOf(marker);
  if (cmp.cases.length === 0 || at < 0) {
    yield `${JSON.stringify(toJsonReport(cmp, version), null, 2)}\n`;
    return;
  }
  yield `${shell.slice(0, at)}\n  "cases": [\n    `;
  const w = new RowWriter(CHUNK_BYTES);
  const rows = cmp.cases;
  const row = rows.length > 0 ? rows.at(0) : null; // filled in again for each row
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) w.ascii(ROW_SEPARATOR);
    w.row(rows.at(i, row as CaseRow));
    if (w.pos >= CHUNK_BYTES - ROW_ROOM) yield w.take();
  }
  if (w.pos > 0) yield w.take();
  yield `\n  ]${shell.slice(at + marker.length)}\n`;
}

/** The JSON report as one string (see {@link renderJsonChunks}). */
export function renderJson(cmp: Comparison, version = BENCHGATE_VERSION): string {
  const text: string[] = [];
  for (const piece of renderJsonChunks(cmp, version)) text.push(typeof piece === 'string' ? piece : Buffer.from(piece).toString('utf8'));
  return text.join('');
}

/** `JSON.stringify(row)` for a case row (see {@link RowWriter}). */
export function caseRowJson(r: CaseRow): string {
  const w = new RowWriter(256);
  w.row(r);
  return w.take().toString('utf8');
}

/** Room left in a chunk for the next row before it is handed on (a row grows the buffer when it needs more). */
const ROW_ROOM = 4096;

const bytes = (s: string): Uint8Array => Buffer.from(s, 'latin1');
const bit = (flags: number, b: number): boolean => (flags & b) !== 0;
/** The fixed text between a row's values, for each combination of the booleans it holds. */
const HEADS = Array.from({ length: 16 }, (_, f) =>
  bytes(`,"in_baseline":${bit(f, 1)},"in_candidate":${bit(f, 2)},"baseline_completed":${bit(f, 4)},"candidate_completed":${bit(f, 8)},"baseline_reward":`),
);
const MIDDLES = Array.from({ length: 4 }, (_, f) => bytes(`,"completion_regression":${bit(f, 1)},"reward_regression":${bit(f, 2)},"baseline_error":`));
const TAILS = Array.from({ length: 4 }, (_, f) => bytes(`,"baseline_guardrail_blocked":${bit(f, 1)},"candidate_guardrail_blocked":${bit(f, 2)}}`));
/** Whole numbers that rows hold most (steps, deltas of steps, 0 and 1 rewards), as text. */
const SMALL = Array.from({ length: 2048 }, (_, i) => String(i - 1024));

/**
 * Writes case rows as `JSON.stringify(row)` would, as UTF-8 bytes straight into a buffer: the
 * booleans pick prebuilt text, plain ASCII strings are copied byte by byte, and only the others go
 * through `JSON.stringify`. Several times faster on 100,000 rows than joining strings (no rope of
 * small strings to flatten, no UTF-8 encoding of the whole), and tested to be byte-identical.
 * Numbers in a row are always finite (the adapters reject others).
 */
class RowWriter {
  buf: Buffer;
  pos = 0;
  constructor(size: number) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** The bytes written so far (a copy-free view of a buffer no longer written to); starts a new buffer. */
  /** The bytes written so far, as a view of the buffer, which the next row writes over: use it before writing on. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.pos = 0;
    return out;
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  /** Text known to be ASCII. */
  ascii(s: string): void {
    this.room(s.length);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  private raw(piece: Uint8Array): void {
    // A loop: `set` costs a native call per piece, more than copying ~100 bytes.
    this.room(piece.length);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < piece.length; i++) b[p++] = piece[i] as number;
    this.pos = p;
  }

  /** Writes a number as JSON.stringify would; returns the text (a reward the candidate shares is written again from it). */
  private number(x: number): string {
    const text = Number.isInteger(x) && x >= -1024 && x < 1024 ? (SMALL[x + 1024] as string) : JSON.stringify(x);
    this.ascii(text);
    return text;
  }

  /** A JSON string: copied as is when it is printable ASCII without a quote or backslash, else escaped by JSON.stringify. */
  private string(s: string | null): void {
    if (s === null) {
      this.ascii('null');
      return;
    }
    this.room(s.length + 2);
    const b = this.buf;
    let p = this.pos;
    b[p++] = 0x22;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
        this.escaped(s);
        return;
      }
      b[p++] = c;
    }
    b[p++] = 0x22;
    this.pos = p;
  }

  private escaped(s: string): void {
    const text = JSON.stringify(s);
    const n = Buffer.byteLength(text, 'utf8');
    this.room(n);
    this.pos += this.buf.write(text, this.pos, n, 'utf8');
  }

  row(r: CaseRow): void {
    const head = (r.in_baseline ? 1 : 0) | (r.in_candidate ? 2 : 0) | (r.baseline_completed ? 4 : 0) | (r.candidate_completed ? 8 : 0);
    const middle = (r.completion_regression ? 1 : 0) | (r.reward_regression ? 2 : 0);
    const tail = (r.baseline_guardrail_blocked ? 1 : 0) | (r.candidate_guardrail_blocked ? 2 : 0);
    this.ascii('{"case_id":');
    this.string(r.case_id);
    this.raw(HEADS[head] as Uint8Array);
    const base = this.number(r.baseline_reward);
    this.ascii(',"candidate_reward":');
    if (Object.is(r.candidate_reward, r.baseline_reward)) this.ascii(base);
    else this.number(r.candidate_reward);
    this.ascii(',"reward_delta":');
    this.number(r.reward_delta);
    this.ascii(',"baseline_steps":');
    this.number(r.baseline_steps);
    this.ascii(',"candidate_steps":');
    this.number(r.candidate_steps);
    this.ascii(',"steps_delta":');
    this.number(r.steps_delta);
    this.raw(MIDDLES[middle] as Uint8Array);
    this.string(r.baseline_error);
    this.ascii(',"candidate_error":');
    this.string(r.candidate_error);
    this.raw(TAILS[tail] as Uint8Array);
  }
}
