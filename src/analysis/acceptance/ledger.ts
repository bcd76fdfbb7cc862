/**
 * The ledger of accepts, revokes and withdrawn comments that says which acceptances are in force
 * (issue 46), and when one has expired. Pure.
 */
import type { AcceptanceEvent, AcceptanceRecord, AcceptanceTargets } from './model.js';

/**
 * The acceptances in force after the events, in the order they were made: revoked regressions
 * removed (an acceptance left with none is gone), withdrawn comments' acceptances gone. Expiry is not
 * judged here (apply.ts judges it at the comparison's time, and says so).
 */
export function acceptancesInForce(events: readonly AcceptanceEvent[]): AcceptanceRecord[] {
  let records: AcceptanceRecord[] = [];
  for (const e of events) {
    if (e.kind === 'accept') records = [...records.filter((r) => r.comment_id !== e.record.comment_id), e.record];
    else if (e.kind === 'withdrawn') records = records.filter((r) => r.comment_id !== e.comment_id);
    else records = records.map((r) => revoked(r, e.targets)).filter((r): r is AcceptanceRecord => r !== null);
  }
  return records;
}

/** The record without the revoked targets' regressions, or null when none is left. */
function revoked(r: AcceptanceRecord, targets: AcceptanceTargets | null): AcceptanceRecord | null {
  if (targets === null || targets.all) return null;
  const cases = new Set(targets.cases);
  const gates = new Set(targets.gates);
  const left = r.regressions.filter((x) => !gates.has(x.gate) && !(x.case_id !== null && cases.has(x.case_id)));
  if (left.length === 0) return null;
  const named: AcceptanceTargets = r.targets.all
    ? r.targets
    : { all: false, cases: r.targets.cases.filter((c) => !cases.has(c)), gates: r.targets.gates.filter((g) => !gates.has(g)) };
  return { ...r, targets: named, regressions: left };
}

/** True once `now` is at or past the record's expiry (an unreadable time counts as expired: never covered blind). */
export function isExpired(r: AcceptanceRecord, now: string): boolean {
  const end = Date.parse(r.expires_at);
  const at = Date.parse(now);
  return !Number.isFinite(end) || !Number.isFinite(at) || at >= end;
}
