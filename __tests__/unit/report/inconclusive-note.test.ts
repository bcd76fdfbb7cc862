import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { compareAtLook } from '../../../src/analysis/sequential-compare.js';
import { inconclusiveNote } from '../../../src/report/comment.js';
import { whatWouldDecide } from '../../../src/report/deciding.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

describe('the check run on an inconclusive verdict', () => {
  // 40 equal cases but 4 of the candidate's hit a 429: rerun, inconclusive.
  const cmp = compareSummaries(
    loaded({ cases: cases(40) }, 'base.json'),
    loaded({ cases: cases(40, (i) => (i < 4 ? { error: 'HTTP 429 Too Many Requests' } : {})) }, 'cand.json'),
    { decide: 'significant' },
  );

  it('blocks by default and names what would decide it; advisory mode says plainly that a neutral check lets the pull request through', () => {
    expect(cmp.verdict).toBe('inconclusive');
    const strict = inconclusiveNote(cmp, true);
    expect(strict).toMatch(
      /^\*\*This check fails: the verdict is inconclusive, and an undecided verdict blocks the merge\*\* until what the report names below decides it\./,
    );
    expect(whatWouldDecide(cmp)).toContain('a rerun of the 4 cases not measured (provider or harness errors in 10.0% of the rows, above the 5.0% allowed)');
    expect(strict).toContain('Advisory mode (`fail-on-inconclusive: false`');
    expect(inconclusiveNote(cmp, false)).toMatch(
      /^\*\*This check is neutral \(advisory mode\), and GitHub counts a neutral check as passing: this inconclusive verdict does not block the merge\*\*/,
    );
    expect(inconclusiveNote(cmp, false)).toContain('remove `fail-on-inconclusive: false`');
  });

  it('says nothing for a decided verdict, or when the caller does not say how the check concludes', () => {
    expect(inconclusiveNote(cmp)).toBe('');
    const decided = compareSummaries(loaded({ cases: cases(40) }, 'base.json'), loaded({ cases: cases(40) }, 'cand.json'), { decide: 'significant' });
    expect(decided.verdict).not.toBe('inconclusive');
    expect(inconclusiveNote(decided, false)).toBe('');
    expect(whatWouldDecide(decided)).toEqual([]);
  });
});

describe('what would decide an inconclusive verdict', () => {
  // 10 cases, one of them failing on the candidate: too few to show anything either way.
  const base = loaded({ cases: cases(10) }, 'base.json');
  const cand = loaded({ cases: cases(10, (i) => (i === 0 ? { completed: false } : {})) }, 'cand.json');

  it('names each undecided gate with its sizing', () => {
    const cmp = compareSummaries(base, cand, { decide: 'significant' });
    expect(cmp.verdict).toBe('inconclusive');
    const clauses = whatWouldDecide(cmp);
    // The verdict first (every undecided gate together), then each gate.
    expect(clauses.length).toBe(cmp.undecided_gates.length + 1);
    const v = cmp.significance?.verdict_sizing;
    expect(v).not.toBeNull();
    expect(clauses[0]).toMatch(/^the verdict: /);
    expect(clauses[0]).toContain(v?.decides === 'pass' ? 'an equal candidate promoted' : 'a drop of the stated size held');
    expect(clauses.some((c) => c.startsWith('completion rate: '))).toBe(true);
    // Never fewer units than the undecided gate that needs the most: the verdict needs them all.
    const most = Math.max(...(cmp.significance?.gates ?? []).filter((g) => g.status === 'inconclusive').map((g) => g.units_needed ?? 0));
    expect(v?.units).toBeGreaterThanOrEqual(most);
  });

  it('says the rounds ran out at max-trials, and while rounds remain that more rounds decide it', () => {
    const base2 = loaded({ cases: cases(10) }, 'base-2.json');
    const cand2 = loaded({ cases: cases(10, (i) => (i === 0 ? { completed: false } : {})) }, 'cand-2.json');
    const trials = { baseline: [base, base2] as LoadedSummary[], candidate: [cand, cand2] as LoadedSummary[] };
    const last = compareAtLook(base, cand, { decide: 'significant', trials }, { round: 2, max: 2 }, 0.95);
    expect(last.verdict).toBe('inconclusive');
    expect(whatWouldDecide(last)[0]).toBe('all 2 rounds ran undecided: a larger `max-trials` (or more cases) decides it');
    // Design main's rounds are named as the action and the CLI spell them.
    const main = {
      ...last,
      main_design: { main_runs: 5, rounds: 2, max_rounds: 2, share: 0.4, floor: 0.25, key: 'k', cases: 10, case_runs: 14, spend: 0.7, next_cases: 4 },
    };
    expect(whatWouldDecide(main)[0]).toBe(
      'all 2 rounds ran undecided: more rounds (`main-rounds` in the action, `--max-trials` on the command line) or more cases decide it',
    );
    const early = compareAtLook(base, cand, { decide: 'significant', trials }, { round: 2, max: 5 }, 0.95);
    expect(early.verdict).toBe('inconclusive');
    expect(whatWouldDecide(early)[0]).toMatch(/^round 2 of 5 is undecided: more rounds decide it/);
  });
});
