/**
 * Infrastructure failures are not model failures: a case whose own error text says that the service
 * the agent calls, or the network to it, failed (an HTTP 429, 502, 503, 504 or 529, a provider's
 * rate-limit, connection or overload error, a hosted model API's server error or API timeout by its
 * SDK's class, a socket timeout such as `ETIMEDOUT`) measured nothing about the agent. Such a case is
 * *not measured*: left out of the paired tests under `decide: significant`, counted and shown beside
 * the verdict; above a share of a side's cases (default 5%) a verdict that is not already a hold is
 * inconclusive ("rerun"). Under `decide: point` nothing here touches rlm-code's gates, deltas or case
 * summary: rlm-code counts every failure row, whatever its `error` says
 * (`_benchmark_case_regressions`, rlm_code/rlm/benchmark_manager.py at 144be74).
 *
 * Only signals that cannot be the agent's own are built in. A timeout, or an exception the agent's
 * own code raised, is the agent's failure: rlm-code's sandbox writes a case that ran past its limit
 * as `Execution timed out after {timeout}s` (rlm_code/rlm/docker_interpreter.py,
 * `subprocess.TimeoutExpired`) and its kernel `Python timed out after {timeout}s`
 * (rlm_code/agent/kernel.py); a candidate that loops times out more, and must hold. So are
 * terminal-bench's `test_timeout` (the task's tests ran past `max_test_timeout_sec` on the state the
 * agent left) and `agent_installation_failed` (an installed agent returns it when its own install
 * script exits non-zero: terminal_bench/agents/failure_mode.py `FailureMode` and the installed
 * agents' `perform_task`; terminal-bench scores both unresolved), and an Inspect AI sample error
 * (the sample's solver or scorer raised: the solver is the agent; inspect_ai/log/_log.py
 * `EvalSample.error`), unless its text names a provider's or the network's layer. A timeout is read
 * as an outage only when its text names that layer: an SDK's API timeout class
 * (`openai.APITimeoutError`, `anthropic.APITimeoutError`: openai-python src/openai/_exceptions.py),
 * a socket's (`ETIMEDOUT`, "Connection timed out", `socket.timeout`), an HTTP client's connect
 * timeout (`httpx.ConnectTimeout`, requests' `ConnectTimeout` / "ConnectionPool(...): Read timed
 * out"), a gRPC `DEADLINE_EXCEEDED` / `google.api_core.exceptions.DeadlineExceeded`. (Issue 31 listed
 * "timeouts" and "rlm-code exceptions" among the signals; issue 42 replaced that list.)
 *
 * Two failures look like outages and are not read as one, on purpose:
 * - A promptfoo error row (`failureReason` 2) is the provider's error, and in promptfoo the provider
 *   is the system under test (a custom provider, an HTTP provider that calls the team's own app); its
 *   error counts against the candidate, as promptfoo counts it, unless its text is an outage's.
 * - A bare HTTP 500 ("upstream 500", "500 Internal Server Error") says the server failed on this
 *   request (RFC 9110 §15.6.1), which a rerun of the same input often repeats, and the server may be
 *   the agent's own; 429 (RFC 6585), 502, 503, 504 and 529 say the service was busy or unreachable
 *   (§15.6.3–15.6.5). A hosted model API's server error by its SDK's name
 *   (`openai.InternalServerError`, `anthropic.InternalServerError`) is an outage: the SDK has
 *   already retried it. A suite whose 500s, or whose own timeouts, are outages adds them to
 *   `infrastructure.patterns`.
 *
 * The built-in patterns are plain JavaScript regular expressions without nested quantifiers
 * (linear on any text); a suite's own patterns run on RE2 (policy-pattern.ts).
 *
 * Only the rows with an error text are read (the packed form keeps them by index), so a 100,000-case
 * run with few failures costs a few regular-expression tests.
 */
import { formatFacts, type InfrastructureReason } from '../../adapters/registry.js';
import type { PackedSummary } from '../../schema/pack.js';
import { compilePolicyPattern, type PolicyPattern } from './policy-pattern.js';

/** Share of a side's case rows (over its trials) above which the verdict is "rerun" (inconclusive). */
export const DEFAULT_INFRASTRUCTURE_SHARE = 0.05;

export interface InfrastructureOptions {
  /** The suite's own error texts that mean an infrastructure failure: RE2 syntax, case-insensitive. */
  patterns?: readonly string[];
  /** 0 ≤ share ≤ 1; default {@link DEFAULT_INFRASTRUCTURE_SHARE}. */
  max_share?: number;
  /** False: no case is classified (every failure is the agent's, as rlm-code counts them). Default true. */
  enabled?: boolean;
}

/** Why a case is not measured: benchgate's own words (the error text itself is untrusted). */
export type { InfrastructureReason };

/** Built-in signals of the error text, in the order they are tried. */
const TEXT_SIGNALS: readonly [InfrastructureReason, RegExp][] = [
  // SWE-bench's harness: an instance it lists in infra_failure_ids (the swe-bench adapter writes the words).
  ['harness failure', /\binfra_failure\b/i],
  [
    'rate limit',
    /rate[ _-]?limit|too many requests|\binsufficient_quota\b|\bquota exceeded|resource[ _]exhausted|\b(?:http|status|code|error)\W{0,8}429\b|\b429\W{0,3}(?:too|rate)/i,
  ],
  [
    'provider unavailable',
    /\boverloaded|\b(?:api)?connection ?error\b|\bconnection (?:reset|refused|aborted)|\bECONNRESET\b|\bECONNREFUSED\b|\bEAI_AGAIN\b|\bsocket hang up\b|\bAPIStatusError\b|\bServiceUnavailable/i,
  ],
  [
    'server error',
    /\b(?:openai|anthropic|litellm|mistralai?|cohere|groq|google\.api_core\.exceptions)\.InternalServerError\b|\bbad gateway\b|\bservice unavailable\b|\bgateway time-?out\b|\b(?:http|status|code|error|upstream)\W{0,8}5(?:0[2-4]|29)\b/i,
  ],
  // Only a timeout that names the provider's or the network's layer (see the comment at the top).
  [
    'provider timeout',
    /\bAPITimeoutError\b|\bETIMEDOUT\b|\bESOCKETTIMEDOUT\b|\bconnection timed out\b|\bsocket\.timeout\b|\b(?:httpx|httpcore|aiohttp|requests|requests\.exceptions|urllib3|urllib3\.exceptions)\.(?:Connect|Read|Pool|Write|ServerTimeout|ConnectionTimeout)?Timeout(?:Error)?\b|\bConnectTimeout(?:Error)?\b|ConnectionPool\(host=[^)]{0,300}\): (?:Read|Connect) timed out|\bDEADLINE_EXCEEDED\b|\bexceptions\.DeadlineExceeded\b|\b504 Deadline Exceeded\b/i,
  ],
];

/** The not-measured rows of one run: row index → reason. */
export type NotMeasured = ReadonlyMap<number, InfrastructureReason>;

const NONE: NotMeasured = new Map();

/** Classifies case rows; one per comparison (it remembers the runs it has read). */
export class InfrastructureClassifier {
  readonly maxShare: number;
  readonly enabled: boolean;
  private readonly patterns: PolicyPattern[];
  private readonly seen = new WeakMap<PackedSummary, NotMeasured>();

  constructor(options: InfrastructureOptions = {}) {
    this.maxShare = options.max_share ?? DEFAULT_INFRASTRUCTURE_SHARE;
    if (!(this.maxShare >= 0 && this.maxShare <= 1)) throw new RangeError(`infrastructure max_share must be between 0 and 1, got ${this.maxShare}`);
    this.enabled = options.enabled ?? true;
    this.patterns = (options.patterns ?? []).map(compilePolicyPattern);
  }

  /** Why a failure with this error text (in a run of this format) is not measured, or null: the agent's own failure. */
  reasonOf(format: string, error: string | null): InfrastructureReason | null {
    if (!this.enabled || error === null) return null;
    // A format's own signals and the built-in ones it does not read are facts of its registry entry
    // (`outageSignals`, `outageSkips`: Harbor's and tau2-bench's words, JUnit's timeouts), each citing its source.
    const facts = formatFacts(format);
    const skips = facts.outageSkips ?? [];
    for (const [reason, re] of TEXT_SIGNALS) if (!skips.includes(reason) && re.test(error)) return reason;
    for (const [reason, re] of facts.outageSignals ?? []) if (re.test(error)) return reason;
    if (this.patterns.some((p) => p.test(error))) return 'pattern of the configuration';
    return null;
  }

  /** The rows of a packed run that are not measured (reads only the rows with an error text). */
  rowsOf(p: PackedSummary): NotMeasured {
    if (!this.enabled) return NONE;
    const known = this.seen.get(p);
    if (known !== undefined) return known;
    let out: Map<number, InfrastructureReason> | null = null;
    for (const key of Object.keys(p.errors)) {
      const i = Number(key);
      const reason = this.reasonOf(p.head.format, p.errors[i] ?? null);
      if (reason === null) continue;
      (out ??= new Map()).set(i, reason);
    }
    const rows = out ?? NONE;
    this.seen.set(p, rows);
    return rows;
  }
}

/** One side's infrastructure failures over its trials, for the report and the verdict. */
export interface InfrastructureSide {
  /** Case rows over the side's trials, and those not measured. */
  rows: number;
  not_measured: number;
  /** not_measured / rows (0 for no rows). */
  share: number;
  /** Not-measured rows per reason, in the order of {@link InfrastructureReason}'s signals. */
  reasons: Partial<Record<InfrastructureReason, number>>;
  /** The ids of the cases with a not-measured row, each once, sorted by the caller. */
  case_ids: string[];
}

export interface Infrastructure {
  baseline: InfrastructureSide;
  candidate: InfrastructureSide;
  max_share: number;
  /** Either side's share is above max_share: the verdict is "rerun" (inconclusive). */
  rerun: boolean;
}

/** The side's counts over its runs' packed forms. */
export function infrastructureSide(classifier: InfrastructureClassifier, runs: readonly PackedSummary[]): InfrastructureSide {
  let rows = 0;
  let notMeasured = 0;
  const reasons: Partial<Record<InfrastructureReason, number>> = {};
  const ids = new Set<string>();
  for (const p of runs) {
    rows += p.ids.length;
    for (const [i, reason] of classifier.rowsOf(p)) {
      notMeasured++;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      ids.add(p.ids[i] as string);
    }
  }
  return { rows, not_measured: notMeasured, share: rows === 0 ? 0 : notMeasured / rows, reasons, case_ids: [...ids] };
}

/** The rerun line of the verdict: `rerun: N cases failed for infrastructure reasons`. */
export function rerunWords(x: Infrastructure): string {
  const n = x.baseline.not_measured + x.candidate.not_measured;
  return `rerun: ${n} ${n === 1 ? 'case' : 'cases'} failed for infrastructure reasons`;
}
