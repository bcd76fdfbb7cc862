// The gate's record (issue 46 item 3): the classification, the placement of a PR on main's runs, the
// exact intervals, the rule for a required check, and a simulated history of 40 merged PRs with a
// known truth (helpers/gate-record-sim.ts) judged through the one pipeline.
import { describe, expect, it } from 'vitest';

import {
  classifyVerdict,
  gateRecord,
  type MainRun,
  mergeWindows,
  type RecordedPr,
  recordRates,
  recordRunsNeeded,
  REQUIRED_RULE,
} from '../../../src/history/gate-record.js';
import type { GateVerdictEntry } from '../../../src/history/history-file.js';
import { buildGateRecord } from '../../../src/pipeline/real-effect.js';
import { resolvePolicy } from '../../../src/policy/policy.js';
import { clopperPearson } from '../../../src/stats/binomial-interval.js';
import { simSha, SIMULATED_TRUTH, simulatedHistory } from '../../helpers/gate-record-sim.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

describe('clopperPearson', () => {
  // Reference values: scipy.stats.beta.ppf(0.025, x, n − x + 1) and beta.ppf(0.975, x + 1, n − x) (R's binom.test agrees).
  it.each([
    [0, 10, 0, 0.3084971078],
    [3, 12, 0.0548606445, 0.5718584619],
    [5, 10, 0.1870860284, 0.8129139716],
    [10, 10, 0.6915028922, 1],
    [1, 40, 0.0006327449, 0.1315858585],
    [4, 34, 0.0330016803, 0.2745034871],
  ])('%i of %i: [%f, %f]', (x, n, lo, hi) => {
    const r = clopperPearson(x, n);
    expect(r.lo).toBeCloseTo(lo, 9);
    expect(r.hi).toBeCloseTo(hi, 9);
    expect(r.rate).toBe(x / n);
  });

  it('is [0, 1] with no trials, and the 99% interval is wider', () => {
    expect(clopperPearson(0, 0)).toEqual({ x: 0, n: 0, rate: null, lo: 0, hi: 1, confidence: 0.95 });
    expect(clopperPearson(0, 36).hi).toBeCloseTo(1 - 0.025 ** (1 / 36), 9);
    expect(clopperPearson(3, 12, 0.99).hi).toBeGreaterThan(clopperPearson(3, 12).hi);
  });

  it('refuses counts that are not a binomial count', () => {
    expect(() => clopperPearson(5, 4)).toThrow('clopperPearson: expected integers 0 ≤ x ≤ n, got x = 5, n = 4');
    expect(() => clopperPearson(1.5, 4)).toThrow(RangeError);
    expect(() => clopperPearson(1, 4, 1)).toThrow('confidence must be between 0 and 1, got 1');
  });
});

describe('classifyVerdict', () => {
  const real = (verdict: 'promote' | 'hold' | 'inconclusive', comparable = true) => ({ verdict, comparable });
  it.each([
    ['hold', real('promote'), 'false-hold', null],
    ['hold', real('hold'), 'right', null],
    ['promote', real('hold'), 'miss', null],
    ['promote', real('promote'), 'right', null],
    ['promote', real('inconclusive'), 'undecided', 'main-inconclusive'],
    ['hold', real('hold', false), 'undecided', 'not-comparable'],
    ['inconclusive', real('hold'), 'undecided', 'gate-inconclusive'],
    ['hold', null, 'undecided', 'too-few-runs'],
  ] as const)('gate %s, real %o: %s', (gate, effect, outcome, reason) => {
    expect(classifyVerdict(gate, effect)).toEqual({ outcome, reason });
  });
});

const verdict = (pr: number, merge: string | null, base: string, v: GateVerdictEntry['verdict'] = 'promote'): GateVerdictEntry => ({
  pr,
  head_sha: simSha(0xf00 + pr),
  merge_sha: merge,
  base_sha: base,
  verdict: v,
  decide: 'significant',
  check: 'blocking',
  conclusion: 'success',
  at: `2026-10-0${pr}T00:00:00Z`,
});

describe('mergeWindows', () => {
  // Main: a b c M1 d e M2 f; PR 1 merged as M1 on base b, PR 2 as M2 on base e, PR 3 from an old base (a).
  const commits = ['a', 'b', 'c', 'M1', 'd', 'e', 'M2', 'f'];
  const sha = (c: string): string => simSha(0x100 + commits.indexOf(c));
  const runs: MainRun<string>[] = commits.map((c) => ({ commit: sha(c), run: c }));

  it("takes the runs at and before the base, and after the merge up to the next merge, within the previous merge's", () => {
    const w = mergeWindows([verdict(1, sha('M1'), sha('b')), verdict(2, sha('M2'), sha('e'))], runs, 5);
    expect(w.get(1)).toEqual({ before: ['a', 'b'], after: ['M1', 'd', 'e'], problem: null });
    expect(w.get(2)).toEqual({ before: ['M1', 'd', 'e'], after: ['M2', 'f'], problem: null });
    expect(mergeWindows([verdict(2, sha('M2'), sha('e'))], runs, 2).get(2)).toEqual({ before: ['d', 'e'], after: ['M2', 'f'], problem: null });
  });

  it('takes main just before the merge when the base is older than the previous merge, and says why a PR cannot be placed', () => {
    const w = mergeWindows(
      [verdict(1, sha('M1'), sha('b')), verdict(3, sha('M2'), sha('a')), verdict(4, null, sha('a')), verdict(5, simSha(1), sha('a'))],
      runs,
      5,
    );
    expect(w.get(3)).toEqual({ before: ['M1', 'd', 'e'], after: ['M2', 'f'], problem: null });
    expect(w.get(4)?.problem).toBe('no-merge-sha');
    expect(w.get(5)?.problem).toBe('no-run-at-merge');
  });
});

describe('recordRunsNeeded and runs whose cases could not be read', () => {
  // Main: a b M1 c d M2 e f; PR 1 merged as M1 on base b, PR 2 as M2 on base d, PR 3 inconclusive (no merge commit recorded).
  const commits = ['a', 'b', 'M1', 'c', 'd', 'M2', 'e', 'f'];
  const sha = (c: string): string => simSha(0x200 + commits.indexOf(c));
  const runs: MainRun<string>[] = commits.map((c) => ({ commit: sha(c), run: c }));
  const vs = [verdict(1, sha('M1'), sha('b')), verdict(2, sha('M2'), sha('d'), 'hold'), verdict(3, null, sha('e'), 'inconclusive')];

  it("names the runs the newest PRs' windows judge, as many PRs as `most` runs cover; an inconclusive gate costs none", () => {
    const all = recordRunsNeeded(vs, runs, 100);
    expect([...all.runs].sort()).toEqual(['M1', 'M2', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(all.last).toBe(3);
    // PR 2's windows are M1 c d / M2 e f: six runs cover PRs 3 and 2, not PR 1 (a and b more).
    const six = recordRunsNeeded(vs, runs, 7);
    expect([...six.runs].sort()).toEqual(['M1', 'M2', 'c', 'd', 'e', 'f']);
    expect(six.last).toBe(2);
    expect(recordRunsNeeded(vs, runs, 5).last).toBe(1);
  });

  it('keeps an unread run (null) in its place on main and leaves it out of the sides it falls in', () => {
    const judged: string[][] = [];
    const effect = (before: string[], after: string[]) => {
      judged.push([...before, '|', ...after]);
      return { verdict: 'promote' as const, comparable: true };
    };
    const unread = runs.map((r) => ({ commit: r.commit, run: r.run === 'c' || r.run === 'e' ? null : r.run }));
    const record = gateRecord(vs, unread, effect);
    // PR 2: before M1 d (c unread), after M2 f (e unread): still two each side; the merges bound the windows as before.
    expect(judged).toEqual([
      ['a', 'b', '|', 'M1', 'd'],
      ['M1', 'd', '|', 'M2', 'f'],
    ]);
    expect(record.prs.map((p) => [p.pr, p.before, p.after, p.outcome])).toEqual([
      [1, 2, 2, 'right'],
      [2, 2, 2, 'false-hold'],
      [3, 0, 0, 'undecided'],
    ]);
    // With f unread too, PR 2 has one run after its merge: too few, undecided.
    const fewer = gateRecord(
      vs,
      unread.map((r) => (r.run === 'f' ? { ...r, run: null } : r)),
      effect,
    );
    expect(fewer.prs.find((p) => p.pr === 2)).toMatchObject({ after: 1, outcome: 'undecided', reason: 'too-few-runs' });
  });
});

const pr = (outcome: RecordedPr['outcome'], v: RecordedPr['verdict']): RecordedPr => ({
  pr: 1,
  merge_sha: null,
  at: '2026-10-01T00:00:00Z',
  verdict: v,
  check: 'blocking',
  real: null,
  outcome,
  reason: null,
  before: 2,
  after: 2,
});

describe('recordRates and the rule for a required check', () => {
  it('counts false holds among holds and among decided PRs, misses among promotes, undecided apart', () => {
    const prs = [pr('false-hold', 'hold'), pr('right', 'hold'), pr('miss', 'promote'), pr('right', 'promote'), pr('right', 'promote'), pr('undecided', 'hold')];
    const r = recordRates(prs);
    expect([r.prs, r.decided, r.right, r.falseHolds, r.misses, r.undecided]).toEqual([6, 5, 3, 1, 1, 1]);
    expect([r.falseHoldRate.x, r.falseHoldRate.n, r.missRate.x, r.missRate.n, r.falseBlockRate.n]).toEqual([1, 2, 1, 3, 5]);
    expect(r.supportsRequired).toBe(false);
  });

  it('supports a required check from 36 decided PRs without a false hold, not from 35, nor with one false hold in 36', () => {
    const right = (n: number): RecordedPr[] => Array.from({ length: n }, () => pr('right', 'promote'));
    expect(REQUIRED_RULE).toEqual({ minDecided: 20, maxFalseHolds: 0.1 });
    expect(recordRates(right(36)).supportsRequired).toBe(true);
    expect(recordRates(right(35)).supportsRequired).toBe(false);
    expect(recordRates([...right(35), pr('false-hold', 'hold')]).supportsRequired).toBe(false);
    expect(recordRates([...right(60), pr('false-hold', 'hold')]).supportsRequired).toBe(true);
  });

  it('covers the last PRs only, by merge time', () => {
    const vs = [3, 1, 2].map((n) => verdict(n, null, simSha(n), 'hold'));
    const record = gateRecord(vs, [], () => ({ verdict: 'hold', comparable: true }), { last: 2 });
    expect(record.prs.map((p) => p.pr)).toEqual([2, 3]);
    expect(record.prs.map((p) => p.reason)).toEqual(['no-merge-sha', 'no-merge-sha']);
  });
});

describe('a simulated history of 40 merged PRs with a known truth', () => {
  const sim = simulatedHistory();
  const runs = sim.runs.map((r) => ({ commit: r.commit, run: asLoaded(`${r.commit.slice(0, 7)}.json`, r.summary) }));
  const record = buildGateRecord(sim.verdicts, runs, resolvePolicy(null));
  const prsWith = (o: RecordedPr['outcome']): number[] => record.prs.filter((p) => p.outcome === o).map((p) => p.pr);

  it('counts the false holds, the misses, the undecided and the right verdicts exactly', () => {
    expect(record.prs).toHaveLength(40);
    expect(prsWith('false-hold')).toEqual(SIMULATED_TRUTH.falseHolds);
    expect(prsWith('miss')).toEqual(SIMULATED_TRUTH.misses);
    expect(Object.fromEntries(record.prs.filter((p) => p.outcome === 'undecided').map((p) => [p.pr, p.reason]))).toEqual(SIMULATED_TRUTH.undecided);
    expect(prsWith('right')).toHaveLength(SIMULATED_TRUTH.right);
    const r = record.rates;
    expect([r.right, r.falseHolds, r.misses, r.undecided, r.decided]).toEqual([27, 4, 3, 6, 34]);
    expect([r.falseHoldRate.n, r.missRate.n]).toEqual([SIMULATED_TRUTH.holds, SIMULATED_TRUTH.promotes]);
    expect(r.supportsRequired).toBe(false); // 4 false holds in 34 decided PRs: up to 27% of PRs blocked wrongly
    expect(record.advisory).toBe(10);
  });

  it("judges each PR on main's runs around its merge: 3 before and 3 after, 1 after the newest merge", () => {
    expect(record.prs[0]).toMatchObject({ pr: 1, before: 3, after: 3, real: 'promote', outcome: 'right' });
    expect(record.prs[1]).toMatchObject({ pr: 2, before: 3, after: 3, real: 'hold', outcome: 'right' });
    expect(record.prs[39]).toMatchObject({ pr: 40, before: 3, after: 1, real: null, outcome: 'undecided' });
  });

  it('is built the same from advisory checks: the counts do not change when every check is blocking', () => {
    const blocking = sim.verdicts.map((v) => ({ ...v, check: 'blocking' as const }));
    const again = buildGateRecord(blocking, runs, resolvePolicy(null));
    expect(again.prs.map((p) => p.outcome)).toEqual(record.prs.map((p) => p.outcome));
    expect(again.advisory).toBe(0);
  });
});
