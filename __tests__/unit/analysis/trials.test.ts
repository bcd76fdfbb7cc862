import { describe, expect, it } from 'vitest';

import { evidenceAt } from '../../../src/analysis/paired-cases.js';
import { fisherOneSided, mergeTrials, passAtK, passHatK, type TrialSide } from '../../../src/analysis/trials.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

/** A merged side's evidence for one case id (undefined when it has none). */
const caseOf = (side: TrialSide, id: string) => (side.ids.includes(id) ? evidenceAt(side.evidence, side.ids.indexOf(id)) : undefined);

describe('mergeTrials', () => {
  it('merges three trials by case id: successes, mean reward and steps', () => {
    const runs = [
      loaded(
        {
          cases: [
            { id: 'a', completed: true, reward: 1, steps: 3 },
            { id: 'b', completed: false, reward: 0, steps: 5 },
          ],
        },
        't1.json',
      ),
      loaded(
        {
          cases: [
            { id: 'a', completed: false, reward: 0.25, steps: 4 },
            { id: 'b', completed: true, reward: 1, steps: 2 },
          ],
        },
        't2.json',
      ),
      loaded(
        {
          cases: [
            { id: 'a', completed: true, reward: 0.5, steps: 5 },
            { id: 'b', completed: false, reward: 0, steps: 8 },
          ],
        },
        't3.json',
      ),
    ];
    const side = mergeTrials('candidate', runs);
    expect(side.trials).toBe(3);
    expect(side.paths).toEqual(['t1.json', 't2.json', 't3.json']);
    expect(caseOf(side, 'a')).toMatchObject({ trials: 3, successes: 2, reward: 0.5833333333333334, steps: 4 });
    expect(caseOf(side, 'b')).toMatchObject({ trials: 3, successes: 1, steps: 5 });
    expect(caseOf(side, 'b')?.reward).toBeCloseTo(1 / 3, 15);
    expect(side.drafts).toEqual([]);
  });

  it('one trial is the run itself', () => {
    const side = mergeTrials('baseline', [loaded({ cases: cases(3, (i) => ({ completed: i !== 1, steps: i })) })]);
    expect(side.ids.map((id, i) => [id, side.evidence.trials[i], side.evidence.successes[i], side.evidence.steps[i]])).toEqual([
      ['c01', 1, 1, 0],
      ['c02', 1, 0, 1],
      ['c03', 1, 1, 2],
    ]);
  });

  it('a case in some trials only is a partial-trials finding naming it', () => {
    const side = mergeTrials('baseline', [loaded({ cases: cases(3) }, 'a.json'), loaded({ cases: cases(2) }, 'b.json')]);
    expect(side.drafts).toEqual([
      {
        code: 'partial-trials',
        side: 'baseline',
        message: '1 case of the baseline side is in some of its 2 trials only (it is compared over the trials that have it).',
        case_ids: ['c03'],
      },
    ]);
    expect(caseOf(side, 'c03')?.trials).toBe(1);
  });

  it('refuses trials of different presets and a file given twice, naming them', () => {
    expect(() => mergeTrials('candidate', [loaded({ preset: 'p1', cases: cases(1) }, 'x.json'), loaded({ preset: 'p2', cases: cases(1) }, 'y.json')])).toThrow(
      'x.json and y.json are trials of different presets: x.json has preset "p1", y.json has "p2"; give the runs of one suite per side',
    );
    expect(() => mergeTrials('candidate', [loaded({ cases: cases(1) }, 'x.json'), loaded({ cases: cases(1) }, 'x.json')])).toThrow(
      "x.json is given twice as a candidate trial; give each trial's file once",
    );
  });
});

describe('pass@k and pass^k', () => {
  it('match hand-computed values', () => {
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 15);
    expect(passHatK(5, 2, 1)).toBeCloseTo(0.4, 15);
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 15); // 1 − C(3,2)/C(5,2)
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 15); // C(2,2)/C(5,2)
    expect(passAtK(3, 0, 3)).toBe(0);
    expect(passHatK(3, 3, 3)).toBeCloseTo(1, 15);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passHatK(3, 2, 3)).toBe(0);
    expect(passAtK(200, 10, 50)).toBeCloseTo(1 - Math.exp(lgammaRatio(190, 50) - lgammaRatio(200, 50)), 10);
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
  });
});

/** log C(n, k), independently by the product form. */
function lgammaRatio(n: number, k: number): number {
  let s = 0;
  for (let i = 0; i < k; i++) s += Math.log(n - i) - Math.log(i + 1);
  return s;
}

describe("Fisher's exact test, one-sided", () => {
  const e = (trials: number, successes: number) => ({ trials, successes, reward: 0, steps: 0 });
  it('matches known values', () => {
    expect(fisherOneSided(e(3, 3), e(3, 0))).toBeCloseTo(0.05, 15); // 1 / C(6,3)
    expect(fisherOneSided(e(1, 1), e(1, 0))).toBeCloseTo(0.5, 15);
    expect(fisherOneSided(e(5, 5), e(5, 3))).toBeCloseTo(0.2222222222222222, 12); // (C(5,3)C(5,5)) / C(10,8) = 10/45
    expect(fisherOneSided(e(4, 2), e(4, 2))).toBeGreaterThanOrEqual(0.5);
    expect(fisherOneSided(e(3, 0), e(3, 0))).toBe(1);
  });
});
