/**
 * The verdict in words, for the log, the step's failure message and the check run's title: the
 * verdict and the reasons behind it, built once here so that no caller has to take a line apart.
 */
import type { Comparison, Verdict } from '../analysis/compare.js';
import { isRunProblem } from '../analysis/integrity/findings.js';
import { rerunWords } from '../analysis/integrity/infrastructure.js';
import type { RoundsHalt } from '../analysis/model.js';
import type { SequentialDecision } from '../analysis/significance/sequential.js';
import { acceptedWords, expiredWords } from './acceptance-report.js';

/** Why the verdict is what it is: failed and undecided gates, holding findings, the sequential state. */
export function verdictReasons(cmp: Comparison): string[] {
  const why: string[] = [];
  if (cmp.infrastructure.rerun && cmp.verdict === 'inconclusive') why.push(rerunWords(cmp.infrastructure));
  if (cmp.failed_gates.length > 0) why.push(`failed gates: ${cmp.failed_gates.join(', ')}`);
  if (cmp.failed_metric_gates.length > 0) why.push(`failed gates of the configuration: ${cmp.failed_metric_gates.join(', ')}`);
  if (cmp.undecided_gates.length > 0) why.push(`undecided gates: ${cmp.undecided_gates.join(', ')}`);
  if (cmp.undecided_metric_gates.length > 0) why.push(`undecided gates of the configuration: ${cmp.undecided_metric_gates.join(', ')}`);
  if (cmp.blocking_findings.length > 0) why.push(`findings: ${cmp.blocking_findings.map((f) => f.code).join(', ')}`);
  // Acceptances (issue 46): those that lifted regressions say so in the place of "all gates passed"; expired ones are said too.
  if (cmp.acceptance !== undefined) why.push(...acceptedWords(cmp.acceptance), ...expiredWords(cmp.acceptance));
  if (why.length === 0) why.push(cmp.decision === 'significant' ? 'all 4 gates shown to hold, no finding holds' : 'all 4 gates passed, no finding holds');
  if (cmp.flaky_regressions !== null) {
    const n = cmp.flaky_regressions.cases.length;
    why.push(`${n} ${n === 1 ? 'regression' : 'regressions'} only on cases flaky on main (flaky_below)`);
  }
  if (cmp.sequential !== undefined) why.push(sequentialWords(cmp.sequential));
  return why;
}

/** The problems of the run the comparison holds on (a failed suite job, a summary of the wrong provenance: pipeline/judge.ts), in benchgate's words. */
export function runProblemsOf(cmp: Comparison): string[] {
  return cmp.blocking_findings.filter((f) => isRunProblem(f.code)).map((f) => f.message);
}

/**
 * The reasons of the comparison itself, without the run's problems; null when only those hold it
 * (the title names them, not the gates the comparison passed).
 */
export function comparisonReasons(cmp: Comparison): string[] | null {
  const rest = { ...cmp, blocking_findings: cmp.blocking_findings.filter((f) => !isRunProblem(f.code)) };
  if (rest.blocking_findings.length === cmp.blocking_findings.length) return verdictReasons(cmp);
  const held = rest.failed_gates.length > 0 || rest.failed_metric_gates.length > 0 || rest.blocking_findings.length > 0;
  return held ? verdictReasons(rest) : null;
}

/** The verdict and why, e.g. `hold (failed gates: reward)`. */
export function verdictText(cmp: Comparison): string {
  return `${cmp.verdict} (${verdictReasons(cmp).join('; ')})`;
}

/** One line for the log: the verdict and why. */
export function verdictLine(cmp: Comparison): string {
  return `benchgate: ${verdictText(cmp)}`;
}

const HALTED: Record<RoundsHalt, string> = {
  budget: 'on the spend cap',
  failed: 'a side failed',
  'common-look': "at the shards' common look",
  unknown: 'no round follows',
};

/** The sequential state in a few words: round, stop or continue, and the runs saved or still suggested. */
function sequentialWords(s: SequentialDecision): string {
  const at = `round ${s.rounds} of at most ${s.max_rounds}`;
  if (s.reason === 'decided') return `${at}: stop, decided; ${s.runs.saved} of the fixed design's ${s.runs.fixed} runs saved`;
  if (s.reason === 'max-trials') return `${at}: stop, the maximum is reached undecided`;
  if (s.halted !== undefined) return `${at}: stopped undecided, ${HALTED[s.halted]}`;
  const more =
    s.more_rounds === null
      ? `no decision in sight within ${s.max_rounds} rounds`
      : `about ${s.more_rounds} more round${s.more_rounds === 1 ? '' : 's'} on the current estimates`;
  return `${at}: continue, run another round (${more})`;
}

/** Each verdict's word at the start of a check run's title (the action's publisher writes it). */
export const VERDICT_TITLE: Readonly<Record<Verdict, string>> = { promote: 'Promote', hold: 'Hold', inconclusive: 'Inconclusive' };

/** The verdict a check run's title opens with, as the publisher writes it; null for any other title. */
export function verdictOfTitle(title: string): Verdict | null {
  return (Object.keys(VERDICT_TITLE) as Verdict[]).find((v) => new RegExp(`^${VERDICT_TITLE[v]}\\b`).test(title)) ?? null;
}
