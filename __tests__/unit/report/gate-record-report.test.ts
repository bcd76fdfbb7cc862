// The gate's record as markdown (report/gate-record-report.ts): the sentence on a required check
// both ways, the rates with their intervals, and an empty record.
import { describe, expect, it } from 'vitest';

import { type GateRecord, type RecordedPr, recordRates } from '../../../src/history/gate-record.js';
import { gateRecordSection, rateText, renderGateRecord, requiredText } from '../../../src/report/gate-record-report.js';
import { clopperPearson } from '../../../src/stats/binomial-interval.js';

const pr = (n: number, outcome: RecordedPr['outcome'], verdict: RecordedPr['verdict']): RecordedPr => ({
  pr: n,
  merge_sha: null,
  at: '2026-10-01T00:00:00Z',
  verdict,
  check: 'blocking',
  real: null,
  outcome,
  reason: outcome === 'undecided' ? 'main-inconclusive' : null,
  before: 3,
  after: 3,
});

const recordOf = (prs: RecordedPr[]): GateRecord => ({ prs, rates: recordRates(prs), advisory: 0, mainRuns: 10, window: 5, minRuns: 2, confidence: 0.95 });

describe('the record in markdown', () => {
  it('says the numbers support a required check from 36 right PRs, and why not with fewer', () => {
    const right = Array.from({ length: 36 }, (_, i) => pr(i + 1, 'right', 'promote'));
    expect(requiredText(recordOf(right))).toBe(
      '✅ The numbers support making the check required: 0 false holds in 36 decided PRs (at most 9.7%; the rule: at least 20 decided PRs, and the upper end of the 95% interval of false holds per decided PR under 10.0%).',
    );
    expect(requiredText(recordOf(right.slice(0, 12)))).toMatch(
      /^The numbers do not yet support making the check required: only 12 PRs decided so far \(the rule: /,
    );
    expect(requiredText(recordOf(right.slice(0, 30)))).toMatch(/: false holds per decided PR may be as high as 11\.6% \(/);
  });

  it('shows each rate with its exact interval, and each PR with why it is undecided', () => {
    expect(rateText(clopperPearson(3, 12))).toBe('3 of 12 (25.0%, 95% interval 5.5%–57.2%)');
    expect(rateText(clopperPearson(0, 0))).toBe('none to count');
    const text = gateRecordSection(recordOf([pr(7, 'false-hold', 'hold'), pr(8, 'undecided', 'promote')]));
    expect(text).toContain("### The gate's record: the last 2 merged PRs\n");
    expect(text).toContain('| False holds (held, main showed no drop) | 1 | of holds: 1 of 1 (100.0%, 95% interval 2.5%–100.0%); of decided PRs: 1 of 1');
    expect(text).toContain("| #8 | unknown | 2026-10-01 | promote | blocking | 3 / 3 |  | ➖ undecided: main's runs cannot decide the effect |");
    expect(text.endsWith('</details>\n\n')).toBe(true);
  });

  it('says when no PR has its verdict yet', () => {
    expect(renderGateRecord(recordOf([]))).toEqual(["### The gate's record", '', 'No merged PR has its verdict in the history yet.', '']);
  });
});
