/**
 * mode command's replies besides the acceptance's (acceptance-report.ts): `/benchgate explain
 * <case>`, `/benchgate rerun` (run again, or why not) and the short notes (no gate run yet). Every string from a summary is
 * escaped by the one escaping function; each reply starts with the reply marker, which is not the
 * sticky comment's, so it is never mistaken for the report.
 */
import type { RerunDecision } from '../analysis/acceptance/rerun.js';
import type { Comparison } from '../analysis/compare.js';
import { REPLY_MARKER } from './acceptance-report.js';
import { fitMarkdown } from './markdown/fit.js';
import { untrusted } from './markdown/markdown.js';
import { reward4 } from './markdown/words.js';
import { caseEvidence } from './sections/evidence.js';

/** A comment's limit is 65,536 characters (GitHub's); a reply keeps well under it. */
const REPLY_CHARS = 60_000;

/** A note of benchgate's own words (safe as given). */
export function renderNoteReply(text: string): string {
  return `${REPLY_MARKER}\n${text}\n`;
}

const outcome = (completed: boolean, error: string | null): string =>
  completed ? 'completed' : error === null ? 'not completed' : `not completed (${untrusted(error, { maxLength: 200 })})`;

/** `/benchgate explain <case>`: the case on both sides, and its evidence when the gate gathered it. */
export function renderExplainReply(cmp: Comparison, caseId: string): string {
  const row = cmp.cases.filter((r) => r.case_id === caseId)[0];
  const name = untrusted(caseId, { maxLength: 120 });
  if (row === undefined) return renderNoteReply(`The case ${name} is not in this comparison.`);
  const side = (label: string, here: boolean, completed: boolean, reward: number, steps: number, error: string | null) =>
    here ? `- ${label}: ${outcome(completed, error)}, reward ${reward4(reward)}, ${steps} steps` : `- ${label}: not run`;
  const lines = [
    REPLY_MARKER,
    `#### The case ${name}${row.completion_regression ? ': a completion regression' : ''}`,
    '',
    side('Baseline', row.in_baseline, row.baseline_completed, row.baseline_reward, row.baseline_steps, row.baseline_error),
    side('Candidate', row.in_candidate, row.candidate_completed, row.candidate_reward, row.candidate_steps, row.candidate_error),
    '',
    ...(caseEvidence(cmp, caseId) ?? ['The gate gathered no trajectories for this case (only regressed cases have them, when the suite writes them).']),
  ];
  return fitMarkdown(
    `${lines.join('\n')}\n`,
    { max: REPLY_CHARS, unit: 'chars' },
    '> [!NOTE]\n> Cut to fit a comment; the whole evidence is in the report artifact.',
  ).text;
}

/** Up to 10 names, each escaped, and how many more. */
function namesText(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((x) => untrusted(x, { maxLength: 80 }));
  return `${shown.join(', ')}${names.length > shown.length ? ` and ${names.length - shown.length} more` : ''}`;
}

/** `/benchgate rerun` carried out: the gate run runs again, and why more trials can help. */
export function renderRerunReply(runId: number, decision: Extract<RerunDecision, { rerun: true }>): string {
  const why =
    decision.why === 'undecided'
      ? 'the verdict is undecided, and more trials are what decides it'
      : decision.why === 'run-failed'
        ? `the run itself failed (${namesText(decision.codes)}), not what it measured`
        : `every regression that holds is on a case flaky on main (${namesText(decision.cases)}), where one more draw is evidence`;
  return renderNoteReply(`🔁 The gate run ${runId} runs again (${why}): its suites measure once more, and the check is decided when it completes.`);
}

/** `/benchgate rerun` refused: the verdict is decided, and what would change it instead. `verdict` is verdictText's (its untrusted parts escaped there, as in every reply). */
export function renderRerunRefusedReply(runId: number, decision: Extract<RerunDecision, { rerun: false }>, verdict: string): string {
  const head = `⛔ The gate run ${runId} is not run again: the check says **${verdict}**, a decided verdict.`;
  const rule =
    'A rerun asks for more trials where the verdict is undecided or a regression is flaky on main; re-running a decided verdict until it changes would spend the error rate again each time, so it is not a test.';
  let what: string;
  switch (decision.why) {
    case 'promote':
      what = 'The gate promotes: there is nothing for more trials to decide.';
      break;
    case 'finding':
      what = `It holds on a finding of the runs themselves (${namesText(decision.codes)}): the same runs again do not change it. The check's summary says what would; push a fix.`;
      break;
    case 'decided-hold': {
      const cases = decision.notFlaky.length > 0 ? ` (${namesText(decision.notFlaky)})` : '';
      const profile = decision.profile ? '' : " No noise profile of main's runs marks these cases flaky (profile.yml measures one).";
      what = `It holds on regressions that are not flaky on main${cases}.${profile} If the trade-off is wanted, \`/benchgate accept <case ids | gate names | all> because <reason>\`; otherwise push a fix.`;
      break;
    }
  }
  return renderNoteReply(`${head} ${what}\n\n${rule}`);
}
