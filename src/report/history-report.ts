/**
 * What the history says, as markdown and text: the shifts found on a branch (advisory: the default
 * branch's job summary and `benchgate history`) and the regression budget since the pinned reference
 * (the PR comment, the job summary, `benchgate history`). Numbers are formatted here; metric names
 * that come from a file (a data.js benchmark's name) go through untrusted().
 */
import { BUDGET_METRICS, type BudgetLine, type BudgetMetric, type BudgetState } from '../history/budget.js';
import type { Shift } from '../history/shifts.js';
import { pyFixed, signed } from '../stats/format.js';
import { table, untrusted } from './markdown/markdown.js';

const KNOWN: Record<string, { name: string; value: (x: number) => string; delta: (x: number) => string; unit: string }> = {
  completion_rate: { name: 'Completion', value: (x) => `${pyFixed(x * 100, 1)}%`, delta: (x) => signed(x * 100, 1), unit: ' points' },
  reward: { name: 'Reward', value: (x) => pyFixed(x, 3), delta: (x) => signed(x, 3), unit: '' },
  steps: { name: 'Steps', value: (x) => pyFixed(x, 2), delta: (x) => signed(x, 2), unit: '' },
  cost: { name: 'Cost (USD per run)', value: (x) => `$${pyFixed(x, 4)}`, delta: (x) => signed(x, 4), unit: ' USD' },
};

/** A number in 4 significant digits, for a metric benchgate does not know (a data.js benchmark). */
const plain = (x: number): string => (Math.abs(x) >= 1e4 || x === 0 ? pyFixed(x, 0) : String(Number(x.toPrecision(4))));

/** The metric's name as shown (escaped when it comes from a file). */
export function metricName(metric: string): string {
  return KNOWN[metric]?.name ?? untrusted(metric, { maxLength: 80, inTable: true });
}

function valueOf(metric: string, x: number): string {
  return KNOWN[metric]?.value(x) ?? plain(x);
}

/** One shift in a line: "Completion 78.0% → 70.1% (worse)". */
export function shiftText(s: Shift): string {
  const how = s.worse === null ? '' : s.worse ? ' (worse)' : ' (better)';
  return `${metricName(s.metric)} ${valueOf(s.metric, s.before)} → ${valueOf(s.metric, s.after)}${how}`;
}

/** A run's commit in a table: a SHA as its first 7 digits in code, another label (a data.js entry's) as safe text of at most `maxLength`. */
export const shortSha = (c: string, maxLength = 40): string =>
  /^[0-9a-f]{7,64}$/.test(c) ? `\`${c.slice(0, 7)}\`` : untrusted(c, { maxLength, inTable: true });

/** The shifts found on `branch`, as a section of the job summary; a line saying none when there are none. */
export function renderShifts(shifts: readonly Shift[], branch: string | null, runs: number): string[] {
  const where = branch === null ? '' : /^[\w./-]{1,100}$/.test(branch) ? ` of <code>${branch}</code>` : ' of the branch';
  const head = `### Shifts in the history${where}`;
  const method = `E-divisive means over the last ${runs} run${runs === 1 ? '' : 's'}, split where the fingerprint changes; advisory, never a hold.`;
  if (shifts.length === 0) return [head, '', `No shift found (${method})`, ''];
  return [
    head,
    '',
    method,
    '',
    ...table(
      ['Metric', 'Starts at', 'Before', 'After', 'Direction', 'p'],
      ['left', 'left', 'right', 'right', 'left', 'right'],
      shifts.map((s) => [
        metricName(s.metric),
        shortSha(s.commit),
        valueOf(s.metric, s.before),
        valueOf(s.metric, s.after),
        s.worse === null ? '' : s.worse ? 'worse' : 'better',
        pyFixed(s.p, 3),
      ]),
    ),
    '',
  ];
}

const budgetUnit = (m: BudgetMetric): string => KNOWN[m]?.unit ?? '';
const scaleOf = (m: BudgetMetric): number => (m === 'completion_rate' ? 100 : 1);
const digitsOf = (m: BudgetMetric): number => (m === 'completion_rate' ? 1 : m === 'cost' ? 4 : m === 'steps' ? 2 : 3);

/**
 * "−1.8 of −3.0 points" (a figure that may fall) or "+0.0021 of +0.0040 USD" (one that may rise):
 * what the candidate has used of the allowance, in the direction that costs it.
 */
export function budgetUsedText(l: BudgetLine): string {
  if (l.used === null || l.allowed === null) return 'unknown';
  const sign = BUDGET_METRICS[l.metric] === 'higher' ? '−' : '+';
  const shown = pyFixed(Math.abs(l.used) * scaleOf(l.metric), digitsOf(l.metric));
  const used = Number(shown) === 0 ? shown : l.used > 0 ? `${sign}${shown}` : `${signed(-l.used * scaleOf(l.metric), digitsOf(l.metric))} better`;
  return `${used} of ${sign}${pyFixed(l.allowed * scaleOf(l.metric), digitsOf(l.metric))}${budgetUnit(l.metric)}`;
}

const refLabel = (s: BudgetState): string => `\`${s.reference}\`${s.commit !== null && s.commit !== s.reference ? ` (\`${s.commit.slice(0, 7)}\`)` : ''}`;

/** Who set the reference, from the configuration's history; "unknown" when it could not be read. */
export function movedText(s: BudgetState): string {
  const m = s.moved;
  if (m === null) return 'who set the reference, and when: unknown';
  const by = m.author === null ? 'an unknown author' : untrusted(m.author, { maxLength: 100 });
  return `reference set in ${shortSha(m.commit)} by ${by}${m.date === null ? '' : ` on ${m.date.slice(0, 10)}`}`;
}

/** The one-sentence reason of a budget that holds, for the finding (benchgate's words and numbers only). */
export function budgetReason(s: BudgetState): string {
  if (s.problem !== null)
    return `The regression budget cannot be judged: ${s.problem}; move the reference to a release whose baseline runs are in the history.`;
  const over = s.lines.filter((l) => l.over);
  const parts = over.map((l) =>
    l.used === null || l.allowed === null
      ? `${KNOWN[l.metric]?.name ?? l.metric} is unknown`
      : `${KNOWN[l.metric]?.name ?? l.metric} would use ${budgetUsedText(l)}`,
  );
  return `Since ${s.reference} the candidate would overspend the regression budget: ${parts.join('; ')}.`;
}

/** The budget section: used and left per figure since the reference, and who set the reference. */
export function renderBudget(s: BudgetState): string[] {
  const head = `### Regression budget since ${refLabel(s)}`;
  if (s.problem !== null) return [head, '', `❌ ${budgetReason(s)}`, '', `<sub>${movedText(s)}</sub>`, ''];
  const rows = s.lines.map((l) => {
    const left =
      l.used === null || l.allowed === null ? 'unknown' : `${pyFixed((l.allowed - l.used) * scaleOf(l.metric), digitsOf(l.metric))}${budgetUnit(l.metric)}`;
    return [
      `${l.over ? '❌' : '✅'} ${KNOWN[l.metric]?.name ?? l.metric}`,
      l.reference === null ? 'unknown' : valueOf(l.metric, l.reference),
      l.candidate === null ? 'unknown' : valueOf(l.metric, l.candidate),
      budgetUsedText(l),
      left,
    ];
  });
  const first = s.lines[0];
  const line = first === undefined ? '' : `since ${s.reference}: ${budgetUsedText(first)}`;
  return [
    head,
    '',
    `${line} (the candidate against the reference's ${s.runs} stored run${s.runs === 1 ? '' : 's'}; ${s.lines.some((l) => l.over) ? 'overspent: the gate holds' : 'within budget'})`,
    '',
    ...table(['Figure', 'Reference', 'Candidate', 'Used of budget', 'Left'], ['left', 'right', 'right', 'left', 'right'], rows),
    '',
    ...acceptedLine(s),
    `<sub>${movedText(s)}; moving it is a reviewed change to the configuration.</sub>`,
    '',
  ];
}

/** The candidate's accepted regressions (issue 46), counted in what it uses: an acceptance lifts a regression from the verdict, never from the budget. */
function acceptedLine(s: BudgetState): string[] {
  const a = s.accepted;
  if (a === undefined || a.regressions === 0) return [];
  const by = a.by.map((login) => untrusted(`@${login}`, { maxLength: 60 })).join(', ');
  return [`The candidate's use includes ${a.regressions} accepted ${a.regressions === 1 ? 'regression' : 'regressions'} (by ${by}): accepted, not fixed.`, ''];
}
