/**
 * The gate's record (history/gate-record.ts) as markdown: `benchgate history` prints it, and the
 * default branch's job summary can append {@link gateRecordSection}. The counts, the rates with
 * their exact intervals, whether the numbers support making the check required (and the rule), and
 * each PR in a folded table. Everything shown is benchgate's words, numbers, validated SHAs and PR
 * numbers; a SHA goes through shortSha (untrusted() for anything that is not one).
 */
import { type GateRecord, type RecordedPr, REQUIRED_RULE, type UndecidedReason } from '../history/gate-record.js';
import type { BinomialInterval } from '../stats/binomial-interval.js';
import { pyFixed } from '../stats/format.js';
import { shortSha } from './history-report.js';
import { details, table } from './markdown/markdown.js';

const pct = (x: number): string => `${pyFixed(x * 100, 1)}%`;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "3 of 12 (25.0%, 95% interval 5.5%–57.2%)"; "none to count" when n = 0. */
export function rateText(r: BinomialInterval): string {
  if (r.n === 0 || r.rate === null) return 'none to count';
  return `${r.x} of ${r.n} (${pct(r.rate)}, ${pyFixed(r.confidence * 100, 0)}% interval ${pct(r.lo)}–${pct(r.hi)})`;
}

const REASONS: Record<UndecidedReason, string> = {
  'gate-inconclusive': 'the gate was inconclusive',
  'no-merge-sha': 'merge commit not recorded',
  'no-run-at-merge': 'no run of main at the merge commit',
  'too-few-runs': 'too few runs of main around the merge',
  'not-comparable': "main's runs before and after are not comparable",
  'main-inconclusive': "main's runs cannot decide the effect",
};

const OUTCOMES: Record<RecordedPr['outcome'], string> = { right: '✅ right', 'false-hold': '❌ false hold', miss: '❌ miss', undecided: '➖ undecided' };

/** The sentence on making the check required, with the rule it applies. */
export function requiredText(record: GateRecord): string {
  const r = record.rates;
  const rule = `the rule: at least ${REQUIRED_RULE.minDecided} decided PRs, and the upper end of the ${pyFixed(record.confidence * 100, 0)}% interval of false holds per decided PR under ${pct(REQUIRED_RULE.maxFalseHolds)}`;
  if (r.supportsRequired)
    return `✅ The numbers support making the check required: ${plural(r.falseHolds, 'false hold')} in ${plural(r.decided, 'decided PR')} (at most ${pct(r.falseBlockRate.hi)}; ${rule}).`;
  const why =
    r.decided < REQUIRED_RULE.minDecided
      ? `only ${plural(r.decided, 'PR')} decided so far`
      : `false holds per decided PR may be as high as ${pct(r.falseBlockRate.hi)}`;
  return `The numbers do not yet support making the check required: ${why} (${rule}).`;
}

function prRow(p: RecordedPr): string[] {
  return [
    `#${p.pr}`,
    p.merge_sha === null ? 'unknown' : shortSha(p.merge_sha),
    p.at.slice(0, 10),
    p.verdict,
    p.check,
    `${p.before} / ${p.after}`,
    p.real ?? '',
    p.reason === null ? OUTCOMES[p.outcome] : `${OUTCOMES[p.outcome]}: ${REASONS[p.reason]}`,
  ];
}

/** The record as a section's lines (a blank line last). */
export function renderGateRecord(record: GateRecord): string[] {
  const r = record.rates;
  if (r.prs === 0) return ["### The gate's record", '', 'No merged PR has its verdict in the history yet.', ''];
  const head = `### The gate's record: the last ${plural(r.prs, 'merged PR')}`;
  const advisory = record.advisory > 0 ? ` ${record.advisory} of them with an advisory (neutral) check, recorded the same way.` : '';
  const noRuns =
    record.mainRuns === 0
      ? ["No run of main with its cases was given, so no real effect could be judged: give main's summaries beside the history file.", '']
      : [];
  return [
    head,
    '',
    `Each verdict against its merge's real effect: main's runs from the merge commit on against main's runs just before it (up to ${record.window} each side, at least ${record.minRuns}), judged with the same paired statistics (significant).${advisory}`,
    '',
    ...noRuns,
    requiredText(record),
    '',
    ...table(
      ['Outcome', 'PRs', 'Rate'],
      ['left', 'right', 'left'],
      [
        ['Right', String(r.right), ''],
        [
          'False holds (held, main showed no drop)',
          String(r.falseHolds),
          `of holds: ${rateText(r.falseHoldRate)}; of decided PRs: ${rateText(r.falseBlockRate)}`,
        ],
        ['Misses (promoted, main showed a drop)', String(r.misses), `of promotes: ${rateText(r.missRate)}`],
        ['Undecided (not counted right or wrong)', String(r.undecided), ''],
      ],
    ),
    '',
    ...details(
      'Each PR',
      table(
        ['PR', 'Merge', 'Merged', 'Verdict', 'Check', "Main's runs before / after", 'Real effect', 'Record'],
        ['left', 'left', 'left', 'left', 'left', 'right', 'left', 'left'],
        record.prs.map(prRow),
      ),
    ),
    '',
  ];
}

/** The record as one markdown section, for the job summary. */
export function gateRecordSection(record: GateRecord): string {
  return `${renderGateRecord(record).join('\n')}\n`;
}
