/**
 * The acceptances' data (issue 46): the regressions that hold a verdict one by one, what a
 * `/benchgate accept` records, what happened to acceptances, and what they did to a comparison.
 * Types only, below compare.ts (which carries {@link AcceptanceMarks}). Every string that came from a
 * person or the API is untrusted: the reports escape it; nothing reads it as anything but data.
 */

/**
 * One regression that holds the verdict, with what was seen: the identity an acceptance is bound to.
 * `loss` says how far it is worse, in the gate's unit, the bad direction positive: a case's pass rate
 * lost (1 for a case that passed and now fails), a gate's lost reward or completion rate, or its
 * added steps; null when a value is unknown (a required gate of the configuration without values).
 */
export interface HeldRegression {
  /** One of rlm-code's four gates, or a gate of the configuration (its metric, a slice `metric[by=group]`). */
  gate: string;
  /** The case, for a case's completion regression; null for a gate's aggregate. */
  case_id: string | null;
  /** The value on each side: a case's pass rate (successes over trials), a gate's figure; null when unknown. */
  baseline: number | null;
  candidate: number | null;
  loss: number | null;
}

/** Longest reason an acceptance keeps, in code points (a reason is a sentence, not a report). */
export const ACCEPT_REASON_MAX = 300;

/** The permissions that may accept (policy/acceptance.ts `mayAccept`): write and above. */
export type AcceptingPermission = 'write' | 'maintain' | 'admin';

/** What a command names: every regression, or cases and gates by name. */
export type AcceptanceTargets = { all: true } | { all: false; cases: string[]; gates: string[] };

export interface AcceptanceRecord {
  /** The login that accepted, as the API gave it (untrusted). */
  by: string;
  /** Their permission on the repository when they accepted, as read from the API (never from the comment). */
  permission: AcceptingPermission;
  /** When they accepted (the comment's time, ISO 8601). */
  at: string;
  /** The pull request's head commit the regressions were seen at. */
  head_sha: string;
  /** What the command named. */
  targets: AcceptanceTargets;
  /** The regressions it covers, as they were at `at`: a later regression is not one of them (regressions.ts coversRegression). */
  regressions: HeldRegression[];
  /** Why, as written (untrusted, at most ACCEPT_REASON_MAX code points). */
  reason: string;
  /** When it stops covering (ISO 8601); after it the regressions hold again. */
  expires_at: string;
  /** The comment that made it: an edit of that comment replaces it, a deletion withdraws it. */
  comment_id: number;
}

/**
 * What happened to acceptances, in the order it happened:
 * - `accept`: a record (an earlier record of the same comment, an edit, is replaced);
 * - `revoke`: the named cases and gates leave every acceptance made before it; `targets` null or
 *   `all` revokes every acceptance;
 * - `withdrawn`: the comment that accepted was deleted, or edited into something that is no accept.
 */
export type AcceptanceEvent =
  | { kind: 'accept'; record: AcceptanceRecord }
  | { kind: 'revoke'; by: string; at: string; comment_id: number; targets: AcceptanceTargets | null }
  | { kind: 'withdrawn'; comment_id: number; at: string };

/** What the acceptances did to a comparison (acceptance/apply.ts), for the reports. */
export interface AcceptanceMarks {
  /** The verdict before any acceptance. */
  verdict_before: 'promote' | 'hold' | 'inconclusive';
  /** The acceptances that cover regressions of this comparison, each with those it covers (a regression is charged to the first in force that covers it). */
  applied: { record: AcceptanceRecord; covers: HeldRegression[] }[];
  /** Acceptances past their expiry at the comparison's time: ignored, and said so. */
  expired: AcceptanceRecord[];
  /** In force, but covering none of this comparison's regressions (they are gone, or changed after a push). */
  unused: AcceptanceRecord[];
  /** The regressions still holding the verdict: not covered by any acceptance in force. */
  held: HeldRegression[];
  /** The regressions accepted (the sum of `applied`'s covers): charged to the regression budget like any other. */
  accepted: number;
  /** The time expiry was judged at (ISO 8601). */
  now: string;
}
