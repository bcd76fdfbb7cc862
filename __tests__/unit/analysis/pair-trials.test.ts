import { describe, expect, it } from 'vitest';

import { pairTrials } from '../../../src/analysis/compare.js';
import { pairedCaseAt } from '../../../src/analysis/paired-cases.js';
import { mergeTrials } from '../../../src/analysis/trials.js';
import { type CaseSpec, loaded } from '../../helpers/rlm-builder.js';

/** One side of one run whose cases are `ids`, in that order; case x's reward tells which side and id it is. */
function side(which: 'baseline' | 'candidate', ids: string[], reward: (id: string) => number) {
  const cases: CaseSpec[] = ids.map((id) => ({ id, reward: reward(id), completed: id !== 'b', steps: id.length }));
  return mergeTrials(which, [loaded({ cases }, `${which}.json`)]);
}

const pairs = (b: ReturnType<typeof side>, c: ReturnType<typeof side>) => {
  const p = pairTrials(b, c);
  return Array.from({ length: p.length }, (_, i) => {
    const x = pairedCaseAt(p, i);
    return [x.id, x.baseline.reward, x.candidate.reward];
  });
};

const code = (id: string): number => id.codePointAt(0) as number;

describe('pairTrials', () => {
  it('pairs sides with the same sorted ids by position, sharing their columns', () => {
    const b = side('baseline', ['a', 'b', 'c'], (id) => code(id) / 1000);
    const c = side('candidate', ['a', 'b', 'c'], (id) => code(id) / 100);
    expect(b.sorted).toBe(true);
    const p = pairTrials(b, c);
    expect(p.baseline).toBe(b.evidence);
    expect(p.candidate).toBe(c.evidence);
    expect(pairs(b, c)).toEqual([
      ['a', 0.097, 0.97],
      ['b', 0.098, 0.98],
      ['c', 0.099, 0.99],
    ]);
    expect(pairedCaseAt(p, 1).baseline).toMatchObject({ trials: 1, successes: 0, steps: 1 });
  });

  it('orders the same ids listed out of order by code point, each side’s values with its id', () => {
    const ids = ['c', '\u{1F600}', 'a', '\uFFFD', 'b'];
    const b = side('baseline', ids, (id) => code(id));
    const c = side('candidate', ids, (id) => -code(id));
    expect(b.sorted).toBe(false);
    // U+FFFD sorts before U+1F600 by code point (not by UTF-16 unit).
    expect(pairs(b, c)).toEqual([
      ['a', 97, -97],
      ['b', 98, -98],
      ['c', 99, -99],
      ['\uFFFD', 0xfffd, -0xfffd],
      ['\u{1F600}', 0x1f600, -0x1f600],
    ]);
  });

  it('keeps only the ids both sides have, matched by id whatever their positions', () => {
    const b = side('baseline', ['d', 'a', 'c', 'x'], (id) => code(id));
    const c = side('candidate', ['c', 'y', 'a', 'd'], (id) => -code(id));
    const p = pairTrials(b, c);
    expect(p.length).toBe(3);
    expect(pairs(b, c)).toEqual([
      ['a', 97, -97],
      ['c', 99, -99],
      ['d', 100, -100],
    ]);
  });
});
