/**
 * The regressions that hold a comparison's verdict, one by one, as an acceptance names and binds them
 * (issue 46): each case's completion regression, and each failed gate whose failure is an aggregate
 * (rlm-code's reward, completion and steps gates; the configuration's required gates and slices).
 * Findings are not regressions: a finding says the comparison cannot be trusted as it is, or is a
 * rule of the reviewed configuration (the regression budget), and no comment accepts it away.
 * Pure: a comparison in, data out.
 */
import type { Comparison } from '../compare.js';
import type { SliceResult } from '../custom-gates/slices.js';
import { GATE_NAMES } from '../rlm/gates.js';
import type { HeldRegression } from './model.js';

/** The gate names a comment may name: rlm-code's four, then the configuration's required gates and slices of this comparison. */
export function gateNamesOf(cmp: Comparison): string[] {
  const metric = cmp.metric_gates.filter((g) => g.level === 'required').map((g) => g.metric);
  const slices = cmp.slices.filter((x) => x.level === 'required').map(sliceName);
  return [...new Set([...GATE_NAMES, ...metric, ...slices])];
}

/** A slice gate's name as compare.ts lists it among the failed gates of the configuration. */
export function sliceName(x: SliceResult): string {
  return `${x.metric}[${x.by}=${x.group ?? '(none)'}]`;
}

/** The regressions that hold the verdict, in report order: rlm-code's gates in their order (a case's regressions by case), then the configuration's. */
export function heldRegressions(cmp: Comparison): HeldRegression[] {
  const out: HeldRegression[] = [];
  for (const gate of cmp.failed_gates) {
    if (gate === 'completion_regressions') {
      const cases = caseRegressions(cmp);
      out.push(...(cases.length > 0 ? cases : [gateRegression(cmp, gate)]));
    } else out.push(gateRegression(cmp, gate));
  }
  for (const name of cmp.failed_metric_gates) out.push(configRegression(cmp, name));
  return out;
}

/**
 * The cases that regressed: with repeated trials (significant), each case whose success rate fell
 * (as the noise marks read them, noise/profile.ts); else each case completed by the baseline and not
 * by the candidate (rlm-code's count).
 */
function caseRegressions(cmp: Comparison): HeldRegression[] {
  const sig = cmp.significance;
  if (sig !== null && (sig.trials.baseline > 1 || sig.trials.candidate > 1))
    return sig.declines.map((d) => {
      const b = d.baseline.successes / d.baseline.trials;
      const c = d.candidate.successes / d.candidate.trials;
      return { gate: 'completion_regressions', case_id: d.case_id, baseline: b, candidate: c, loss: b - c };
    });
  return cmp.cases
    .filter((r) => r.completion_regression)
    .map((r) => ({ gate: 'completion_regressions', case_id: r.case_id, baseline: 1, candidate: 0, loss: 1 }));
}

const LOWER_IS_BETTER = new Set(['steps']);

/** A gate of rlm-code's failed as a whole: under significant its paired estimate, else the summaries' figures. */
function gateRegression(cmp: Comparison, gate: (typeof GATE_NAMES)[number]): HeldRegression {
  const test = cmp.significance?.gates.find((g) => g.gate === gate);
  if (test !== undefined) {
    const loss = test.direction === 'at_least' ? -test.estimate : test.estimate;
    return { gate, case_id: null, baseline: test.baseline, candidate: test.candidate, loss };
  }
  const { baseline_metrics: b, candidate_metrics: c, deltas: d, case_summary } = cmp.rlm;
  switch (gate) {
    case 'reward':
      return { gate, case_id: null, baseline: b.avg_reward, candidate: c.avg_reward, loss: -d.avg_reward };
    case 'completion':
      return { gate, case_id: null, baseline: b.completion_rate, candidate: c.completion_rate, loss: -d.completion_rate };
    case 'steps':
      return { gate, case_id: null, baseline: b.avg_steps, candidate: c.avg_steps, loss: d.avg_steps_increase };
    case 'completion_regressions':
      return { gate, case_id: null, baseline: 0, candidate: case_summary.completion_regressions, loss: case_summary.completion_regressions };
  }
}

/** A required gate (or slice) of the configuration that failed: its change against its direction. */
function configRegression(cmp: Comparison, name: string): HeldRegression {
  const g = cmp.metric_gates.find((x) => x.level === 'required' && x.metric === name);
  if (g !== undefined) {
    const loss = g.change === null ? null : g.direction === 'higher' ? -g.change : g.change;
    return { gate: name, case_id: null, baseline: g.baseline, candidate: g.candidate, loss };
  }
  const s = cmp.slices.find((x) => x.level === 'required' && sliceName(x) === name);
  if (s === undefined) return { gate: name, case_id: null, baseline: null, candidate: null, loss: null };
  return { gate: name, case_id: null, baseline: s.baseline, candidate: s.candidate, loss: LOWER_IS_BETTER.has(s.metric) ? s.change : -s.change };
}

/** Rounding of the figures a record keeps (JSON round trips, a summary's printed digits) does not make a regression new. */
const SLACK = 1e-9;

/**
 * True when `accepted` (a regression as an acceptance recorded it) covers `now` (one of this
 * comparison's): the same gate and case, and not worse than it was (a lost pass rate or a gate's
 * loss no larger; both unknown counts as the same). A case that regresses again after a push is
 * covered; a larger drop of the same gate, or another case, is a new regression and holds.
 */
export function coversRegression(accepted: HeldRegression, now: HeldRegression): boolean {
  if (accepted.gate !== now.gate || accepted.case_id !== now.case_id) return false;
  if (accepted.loss === null || now.loss === null) return accepted.loss === null && now.loss === null;
  return now.loss <= accepted.loss + SLACK;
}
