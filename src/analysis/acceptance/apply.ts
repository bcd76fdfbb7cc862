/**
 * Acceptances applied to a finished comparison, inside the one pipeline (pipeline/judge.ts; issue
 * 46): a regression an acceptance in force covers no longer holds the verdict, but stays in the
 * report (the gate tables show the figures as measured) and is counted in the marks; an acceptance
 * past its expiry is ignored and listed as expired; one that covers nothing now is listed as unused.
 * Findings hold as before (regressions.ts says why). Pure, but for setting the comparison's verdict
 * fields, which only the pipeline and the analysis may do.
 */
import { type Comparison, verdictOf } from '../compare.js';
import { isExpired } from './ledger.js';
import type { AcceptanceMarks, AcceptanceRecord, HeldRegression } from './model.js';
import { coversRegression, heldRegressions } from './regressions.js';

/**
 * Applies the acceptances in force (ledger.ts `acceptancesInForce`) to `cmp` at `now` (ISO 8601):
 * sets `cmp.acceptance`, and takes the covered gates out of `failed_gates` and
 * `failed_metric_gates` (a gate with any regression not covered still fails) and decides the verdict
 * again by the comparison's own rule (compare.ts `verdictOf`). Without records, nothing changes.
 */
export function applyAcceptances(cmp: Comparison, records: readonly AcceptanceRecord[], now: string): void {
  if (records.length === 0) return;
  const expired = records.filter((r) => isExpired(r, now));
  const live = records.filter((r) => !isExpired(r, now));
  const applied = new Map<AcceptanceRecord, HeldRegression[]>();
  const held: HeldRegression[] = [];
  for (const x of heldRegressions(cmp)) {
    const by = live.find((r) => r.regressions.some((a) => coversRegression(a, x)));
    if (by === undefined) held.push(x);
    else applied.set(by, [...(applied.get(by) ?? []), x]);
  }
  const holding = new Set(held.map((x) => x.gate));
  const marks: AcceptanceMarks = {
    verdict_before: cmp.verdict,
    applied: live.filter((r) => applied.has(r)).map((record) => ({ record, covers: applied.get(record) ?? [] })),
    expired,
    unused: live.filter((r) => !applied.has(r)),
    held,
    accepted: [...applied.values()].reduce((n, xs) => n + xs.length, 0),
    now,
  };
  cmp.acceptance = marks;
  if (marks.accepted === 0) return;
  cmp.failed_gates = cmp.failed_gates.filter((g) => holding.has(g));
  cmp.failed_metric_gates = cmp.failed_metric_gates.filter((g) => holding.has(g));
  cmp.verdict = verdictOf(
    cmp.failed_gates.length > 0 || cmp.blocking_findings.length > 0 || cmp.failed_metric_gates.length > 0,
    cmp.undecided_gates.length > 0 || cmp.undecided_metric_gates.length > 0,
    cmp.infrastructure.rerun,
  );
}
