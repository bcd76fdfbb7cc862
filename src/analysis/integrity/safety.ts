/**
 * Safety: the CodeMode guardrail-blocked count must not rise, and cases whose errors match
 * the configuration's policy patterns are policy failures. A policy failure is "explained" only by an
 * entry in the configuration (case id and reason), which the report shows; an unexplained one holds.
 */
import type { PackedSummary } from '../../schema/pack.js';
import { guardrailBlockedAt } from '../../schema/packed-rows.js';
import { compareCodePoints } from '../rlm/pair.js';
import type { FindingDraft } from './findings.js';
import { compilePolicyPattern, type PolicyPattern } from './policy-pattern.js';

export interface SafetyOptions {
  /** Regular expressions (RE2 syntax, run in linear time; case-insensitive) matched against case errors. */
  policy_patterns?: readonly string[];
  /** Policy failures the team has looked at: the case id and why it is acceptable. */
  explained?: readonly { case: string; reason: string }[];
}

export interface PolicyFailure {
  case_id: string;
  side: 'baseline' | 'candidate';
  /** The case's error text (untrusted: the report escapes it). */
  error: string;
  /** The configured pattern that matched it. */
  pattern: string;
  /** The configuration's reason when explained, else null. */
  explained: string | null;
}

export interface Safety {
  guardrail_blocked: { baseline: number; candidate: number };
  policy_failures: PolicyFailure[];
}

function failures(side: PolicyFailure['side'], p: PackedSummary, patterns: readonly PolicyPattern[], explained: ReadonlyMap<string, string>): PolicyFailure[] {
  const out: PolicyFailure[] = [];
  for (const [index, error] of Object.entries(p.errors)) {
    const match = patterns.find((x) => x.test(error));
    if (!match) continue;
    const id = p.ids[Number(index)] as string;
    out.push({ case_id: id, side, error, pattern: match.source, explained: explained.get(id) ?? null });
  }
  return out;
}

/** The ids of a run's cases the guardrail blocked. */
function blockedIds(p: PackedSummary): Set<string> {
  const out = new Set<string>();
  p.ids.forEach((id, i) => {
    if (guardrailBlockedAt(p, i)) out.add(id);
  });
  return out;
}

export function checkSafety(b: PackedSummary, c: PackedSummary, options: SafetyOptions = {}): { safety: Safety; drafts: FindingDraft[] } {
  const bb = blockedIds(b);
  const cb = blockedIds(c);
  const blocked = { baseline: bb.size, candidate: cb.size };
  const patterns = (options.policy_patterns ?? []).map(compilePolicyPattern);
  const explained = new Map((options.explained ?? []).map((e) => [e.case, e.reason]));
  const policy_failures = [...failures('baseline', b, patterns, explained), ...failures('candidate', c, patterns, explained)].sort(
    (x, y) => compareCodePoints(x.case_id, y.case_id) || x.side.localeCompare(y.side),
  );
  const drafts: FindingDraft[] = [];
  if (blocked.candidate > blocked.baseline) {
    const newly = [...cb].filter((id) => !bb.has(id)).sort(compareCodePoints);
    drafts.push({
      code: 'guardrail-rise',
      side: 'candidate',
      message: `The CodeMode guardrail blocked ${blocked.candidate} candidate ${blocked.candidate === 1 ? 'case' : 'cases'} against ${blocked.baseline} of the baseline: the count must not rise.`,
      case_ids: newly,
    });
  }
  const unexplained = [...new Set(policy_failures.filter((f) => f.side === 'candidate' && f.explained === null).map((f) => f.case_id))];
  if (unexplained.length > 0) {
    drafts.push({
      code: 'policy-failure',
      side: 'candidate',
      message: `${unexplained.length} candidate ${unexplained.length === 1 ? 'case fails' : 'cases fail'} with an error matching a policy pattern and no explanation in the configuration.`,
      case_ids: unexplained,
    });
  }
  return { safety: { guardrail_blocked: blocked, policy_failures }, drafts };
}
