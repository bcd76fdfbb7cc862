/**
 * Whether `/benchgate rerun` may re-run a pull request's gate run (issue 46: "asks for more trials
 * where the verdict is undecided or a regression is flaky on main"). More trials help only where the
 * gate has not decided, or where what holds is a case main itself does not pass every time. A decided
 * verdict re-run until it changes is no test at all: the error rate of the one-shot comparison and of
 * the group-sequential design holds for one look (or stopping at the first boundary crossed), not for
 * "run again until it promotes". So a promote is not re-run (there is nothing to decide), nor a hold
 * on regressions main does not show flaky, nor a hold on a finding about what the runs measured; a
 * hold on the run's own failure (a suite job that failed, cases lost to the infrastructure) is
 * re-run, as long as its regressions, if any, are flaky on main. Pure: a comparison
 * (as the check shows it, with the acceptances so far) in, the decision out.
 */
import type { Comparison } from '../compare.js';
import { isFlaky } from '../noise/profile.js';
import { heldRegressions } from './regressions.js';

/**
 * The findings a run gets from what happened to it rather than from what the agent did: a suite job
 * that did not succeed, too many cases failed for infrastructure reasons. The same code again may
 * well measure; a rerun is for them (docs/github-actions.md: "a run that failed for a reason outside
 * the agent").
 */
export const RERUN_FINDINGS: readonly string[] = ['suite-job-failed', 'infrastructure-failures'];

export type RerunDecision =
  | { rerun: true; why: 'undecided' }
  /** The hold rests on the run's own failure ({@link RERUN_FINDINGS}), and on regressions flaky on main at most. */
  | { rerun: true; why: 'run-failed'; codes: string[] }
  /** Every regression that holds is a case flaky on main (the noise profile's pass rate strictly between 0 and 1). */
  | { rerun: true; why: 'flaky-on-main'; cases: string[] }
  | { rerun: false; why: 'promote' }
  /** A blocking finding holds (a broken run, a failed suite job, the regression budget): the same runs again do not change it. */
  | { rerun: false; why: 'finding'; codes: string[] }
  /**
   * Regressions that are not shown flaky on main hold: `notFlaky` those cases and gates (a gate's
   * aggregate is never a case flaky on main); `profile` false when no noise profile of main's
   * fingerprint marked the cases at all.
   */
  | { rerun: false; why: 'decided-hold'; notFlaky: string[]; profile: boolean };

/** What `/benchgate rerun` does with the gate run whose comparison the check shows. */
export function rerunDecision(cmp: Comparison): RerunDecision {
  if (cmp.verdict === 'inconclusive') return { rerun: true, why: 'undecided' };
  if (cmp.verdict === 'promote') return { rerun: false, why: 'promote' };
  const codes = [...new Set(cmp.blocking_findings.map((f) => f.code as string))];
  const others = codes.filter((c) => !RERUN_FINDINGS.includes(c));
  if (others.length > 0) return { rerun: false, why: 'finding', codes: others };
  const held = cmp.acceptance?.held ?? heldRegressions(cmp);
  const profile = cmp.noise !== undefined && cmp.noise.unused === null;
  const marks = new Map(profile ? (cmp.noise?.regressed ?? []).map((r) => [r.id, r.noise]) : []);
  const flaky = (caseId: string | null): boolean => {
    const noise = caseId === null ? null : marks.get(caseId);
    return noise !== null && noise !== undefined && isFlaky(noise);
  };
  const notFlaky = held.filter((h) => h.gate !== 'completion_regressions' || !flaky(h.case_id)).map((h) => h.case_id ?? h.gate);
  if (notFlaky.length === 0 && codes.length > 0) return { rerun: true, why: 'run-failed', codes };
  if (held.length > 0 && notFlaky.length === 0) return { rerun: true, why: 'flaky-on-main', cases: held.map((h) => h.case_id as string) };
  return { rerun: false, why: 'decided-hold', notFlaky, profile };
}
