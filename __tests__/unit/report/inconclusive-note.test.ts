import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { inconclusiveNote } from '../../../src/report/comment.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

describe('the check run on an inconclusive verdict', () => {
  // 40 equal cases but 4 of the candidate's hit a 429: rerun, inconclusive.
  const cmp = compareSummaries(
    loaded({ cases: cases(40) }, 'base.json'),
    loaded({ cases: cases(40, (i) => (i < 4 ? { error: 'HTTP 429 Too Many Requests' } : {})) }, 'cand.json'),
    { decide: 'significant' },
  );

  it('says plainly that a neutral check lets the pull request through, and how to make it block', () => {
    expect(cmp.verdict).toBe('inconclusive');
    expect(inconclusiveNote(cmp, false)).toMatch(
      /^\*\*This check is neutral, and GitHub counts a neutral check as passing: this inconclusive verdict does not block the merge\*\*/,
    );
    expect(inconclusiveNote(cmp, false)).toContain('set `fail-on-inconclusive: true`');
    expect(inconclusiveNote(cmp, true)).toMatch(/^\*\*This check fails:\*\* the verdict is inconclusive and `fail-on-inconclusive` is true/);
  });

  it('says nothing for a decided verdict, or when the caller does not say how the check concludes', () => {
    expect(inconclusiveNote(cmp)).toBe('');
    const decided = compareSummaries(loaded({ cases: cases(40) }, 'base.json'), loaded({ cases: cases(40) }, 'cand.json'), { decide: 'significant' });
    expect(decided.verdict).not.toBe('inconclusive');
    expect(inconclusiveNote(decided, false)).toBe('');
  });
});
