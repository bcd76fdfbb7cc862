// The baseline from main (issue 45): the draws of the candidate's rounds, fixed by main's runs, the
// case, the key and the round alone; and the paired differences against main's rates.
import { describe, expect, it } from 'vitest';

import { casesInRound, DEFAULT_MAIN_DESIGN, inclusionOf, mainDraw, mainRoundsOf, mainSd } from '../../../src/analysis/main-design.js';
import type { PairedCases } from '../../../src/analysis/model.js';
import { evidenceColumns } from '../../../src/analysis/paired-cases.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { gateData, sideMeans } from '../../../src/analysis/significance/gate-evidence.js';

const records = [
  ...Array.from({ length: 20 }, () => ({ runs: 10, passed: 10 })), // always pass on main
  ...Array.from({ length: 20 }, () => ({ runs: 10, passed: 0 })), // never
  ...Array.from({ length: 10 }, () => ({ runs: 10, passed: 5 })), // coin flips
  ...Array.from({ length: 10 }, () => ({ runs: 10, passed: 9 })), // easy
];
const mean = (xs: Float64Array): number => xs.reduce((a, x) => a + x, 0) / xs.length;

describe('inclusionOf: Neyman allocation from main with a floor', () => {
  it('meets the share on average, keeps the floor and gives the varying cases more', () => {
    const pi = inclusionOf(records, { share: 0.4, floor: 0.25 });
    expect(mean(pi)).toBeCloseTo(0.4, 6);
    expect(Math.min(...pi)).toBeGreaterThanOrEqual(0.25);
    expect(Math.max(...pi)).toBeLessThanOrEqual(1);
    const [det, coin, easy] = [pi[0] as number, pi[40] as number, pi[50] as number];
    expect(coin).toBeGreaterThan(easy);
    expect(easy).toBeGreaterThan(det);
    // π ∝ σ where no bound applies: the coin flip and the easy case keep the SDs' ratio.
    if (coin < 1 && easy > 0.25) expect(coin / easy).toBeCloseTo(mainSd({ runs: 10, passed: 5 }) / mainSd({ runs: 10, passed: 9 }), 6);
  });

  it('runs every case every round at share 1, and refuses a rule outside its range', () => {
    expect([...inclusionOf(records, { share: 1, floor: 0.5 })].every((x) => x === 1)).toBe(true);
    expect(() => inclusionOf(records, { share: 0, floor: 0 })).toThrow(/share must be in \(0, 1\]/);
    expect(() => inclusionOf(records, { share: 0.3, floor: 0.5 })).toThrow(/floor must be in \(0, share\]/);
  });

  it('a case that never varied on main still has a positive SD (Jeffreys), so it is never left out for good', () => {
    expect(mainSd({ runs: 10, passed: 10 })).toBeGreaterThan(0);
    expect(mainSd({ runs: 10, passed: 0 })).toBeCloseTo(mainSd({ runs: 10, passed: 10 }), 12);
  });
});

describe('the draws', () => {
  const ids = records.map((_, i) => `case_${i}`);
  const pi = inclusionOf(records, DEFAULT_MAIN_DESIGN);

  it('are the hash of key, case and round below π: the same every time, another for another key or round', () => {
    const round2 = casesInRound(ids, pi, 'pr-17', 2);
    expect(casesInRound(ids, pi, 'pr-17', 2)).toEqual(round2);
    expect(round2).toEqual(ids.filter((id, i) => mainDraw('pr-17', id, 2) < (pi[i] as number)));
    expect(casesInRound(ids, pi, 'pr-18', 2)).not.toEqual(round2);
    expect(casesInRound(ids, pi, 'pr-17', 3)).not.toEqual(round2);
    // A case with π = 1 is in every round.
    ids.forEach((id, i) => {
      if (pi[i] === 1) expect(round2).toContain(id);
    });
  });

  it('mainRoundsOf: round 1 runs every case; a drawn case a round lacks is named; the next round is drawn', () => {
    const main = new Map(ids.map((id, i) => [id, records[i] as { runs: number; passed: number }]));
    const round2 = casesInRound(ids, pi, 'k', 2);
    const dropped = round2[0] as string;
    const r = mainRoundsOf(main, [ids.slice(1), round2.filter((id) => id !== dropped)], DEFAULT_MAIN_DESIGN, 'k', 10);
    expect(r.round).toBe(2);
    expect(r.missing).toEqual([{ id: 'case_0', round: 1 }, ...(dropped === 'case_0' ? [] : [{ id: dropped, round: 2 }])]);
    expect(r.next).toEqual(
      casesInRound(
        [...ids].sort(),
        inclusionOf(
          [...ids].sort().map((id) => main.get(id) as { runs: number; passed: number }),
          DEFAULT_MAIN_DESIGN,
        ),
        'k',
        3,
      ),
    );
    expect(r.caseRuns).toBe(ids.length - 1 + round2.length - 1);
    expect([...r.drawnOut].every((id) => (pi[ids.indexOf(id)] as number) < 1)).toBe(true);
    expect(mainRoundsOf(main, [], DEFAULT_MAIN_DESIGN, 'k', 10).next).toHaveLength(ids.length);
  });
});

describe('the paired differences against main', () => {
  /** Three cases: main's rates 1, 0.5 and 0 over 10 runs; the candidate's trials as given. */
  function pair(candidate: { trials: number; successes: number }[], inclusion?: number[]): PairedCases {
    const b = evidenceColumns(3);
    const c = evidenceColumns(3);
    [10, 5, 0].forEach((passed, i) => {
      b.trials[i] = 10;
      b.successes[i] = passed;
      b.reward[i] = passed / 10;
      b.steps[i] = 4;
      const x = candidate[i] as { trials: number; successes: number };
      c.trials[i] = x.trials;
      c.successes[i] = x.successes;
      c.reward[i] = x.trials === 0 ? 0 : x.successes / x.trials;
      c.steps[i] = x.trials === 0 ? 0 : 5;
    });
    const labels = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
    return {
      length: 3,
      ids: ['a', 'b', 'c'],
      labels: [labels, labels, labels],
      baseline: b,
      candidate: c,
      design: { rounds: 2, ...(inclusion ? { inclusion: Float64Array.from(inclusion) } : {}) },
    };
  }
  const perCase = (cases: PairedCases, gate: string): number[] => [...(gateData(cases, DEFAULT_THRESHOLDS).find((d) => d.gate === gate)?.perCase ?? [])];

  it("each case's own mean against main's, and the regressions gate reads the same differences (the sign would be biased)", () => {
    const cases = pair([
      { trials: 1, successes: 0 },
      { trials: 2, successes: 2 },
      { trials: 1, successes: 0 },
    ]);
    expect(perCase(cases, 'completion')).toEqual([-1, 0.5, 0]);
    expect(perCase(cases, 'completion_regressions')).toEqual([-1, 0.5, 0]);
    expect(perCase(cases, 'steps')).toEqual([1, 1, 1]);
    const means = sideMeans(cases, 'completion');
    expect(means.baseline).toBe(0.5);
    expect(means.candidate).toBeCloseTo(1 / 3, 12); // the candidate's own means: 0, 1 and 0
  });

  it('with inclusion probabilities, Horvitz–Thompson: trials run over the expected trials, 0 for a case not drawn', () => {
    const cases = pair(
      [
        { trials: 1, successes: 0 },
        { trials: 2, successes: 2 },
        { trials: 0, successes: 0 },
      ],
      [0.25, 1, 0.25],
    );
    // Case a: 1 trial of an expected 2 × 0.25 = 0.5, so twice its difference of −1.
    expect(perCase(cases, 'completion')).toEqual([-2, 0.5, 0]);
    expect(perCase(cases, 'reward')).toEqual([-2, 0.5, 0]);
  });
});
