// Interleaved rounds (mode ab) at the gate: one job's look, and shards of rounds merged at their
// common look (the fewest rounds any shard ran), with what is not counted said, never dropped.
import { describe, expect, it } from 'vitest';

import { parseSummary } from '../../../src/adapters/registry.js';
import { AB_STAMPS, abLook, mergeShardRounds, type ShardTrials, stopOf } from '../../../src/analysis/interleaved.js';
import type { RoundsStop } from '../../../src/analysis/model.js';
import { caseListSha, SHARD_KEYS, shardOf } from '../../../src/analysis/shards.js';
import type { BenchmarkSummary } from '../../../src/schema/summary.js';
import { cases, rlmSummary } from '../../helpers/rlm-builder.js';

const N = 30;
const LIST = cases(N).map((c) => c.id);

interface ShardPlan {
  rounds: number;
  stop: RoundsStop | null;
  /** Extra stamps of trial t (1-based). */
  stamps?: (t: number) => Record<string, string | number | boolean | null>;
}

/**
 * One role's shard artifacts, each with its rounds as mode ab stamps them. A case completes in round
 * t unless (its number + t) is a multiple of 4, so each round differs and a merged round shows which
 * trial it took.
 */
function role(strategy: string, plans: ShardPlan[], max = 10): ShardTrials[] {
  const total = plans.length;
  return plans.map((plan, k) => {
    const index = k + 1;
    const trials = Array.from({ length: plan.rounds }, (_, i): BenchmarkSummary => {
      const t = i + 1;
      const rows = cases(N, (n) => ({ completed: (n + t) % 4 !== 0 })).filter((c) => shardOf(c.id, total) === index);
      const summary = parseSummary(`s${index}-${t}.json`, rlmSummary({ strategy, cases: rows }));
      summary.metadata = {
        [SHARD_KEYS.index]: index,
        [SHARD_KEYS.total]: total,
        [SHARD_KEYS.listSha]: caseListSha(LIST),
        [SHARD_KEYS.listSize]: N,
        'command.exit_code': 0,
        [AB_STAMPS.round]: t,
        [AB_STAMPS.maxRounds]: max,
        [AB_STAMPS.stop]: plan.stop,
        ...plan.stamps?.(t),
      };
      return summary;
    });
    return { artifact: `benchgate-s-${strategy}-shard-${index}-of-${total}`, trials };
  });
}

const PLANS: ShardPlan[] = [
  { rounds: 5, stop: 'decided' },
  { rounds: 3, stop: 'budget' },
  { rounds: 10, stop: 'max-trials' },
];

describe('shards of interleaved rounds, merged at the common look', () => {
  it('merges rounds 1..k* of every shard, k* the fewest any shard ran, and names each shard rounds not counted', () => {
    const m = mergeShardRounds(role('tool_call', PLANS), role('codemode', PLANS));
    expect(m.drafts).toEqual([]);
    expect(m.max).toBe(10);
    expect(m.shards).toEqual({
      common: 3,
      shards: [
        { index: 1, total: 3, rounds: 5, ran: 10, stop: 'decided', uncounted: { baseline: 2, candidate: 2 } },
        { index: 2, total: 3, rounds: 3, ran: 6, stop: 'budget', uncounted: { baseline: 0, candidate: 0 } },
        { index: 3, total: 3, rounds: 10, ran: 20, stop: 'max-trials', uncounted: { baseline: 7, candidate: 7 } },
      ],
    });
    expect(m.rounds.baseline).toHaveLength(3);
    expect(m.rounds.candidate).toHaveLength(3);
    m.rounds.baseline.forEach((round, r) => {
      // Every case once per round, each from its own shard's trial of that round.
      expect(round.cases.map((c) => c.id).sort()).toEqual([...LIST].sort());
      for (const c of round.cases) expect(c.completed, `${c.id} round ${r + 1}`).toBe((Number(c.id.slice(1)) - 1 + r + 1) % 4 !== 0);
      expect(round.metadata).toMatchObject({ [AB_STAMPS.round]: r + 1, [AB_STAMPS.maxRounds]: 10, [AB_STAMPS.stop]: null, 'shards.count': 3 });
    });
    // The merged rounds are one interleaved design's rounds 1..3: the gate's look.
    expect(abLook(m.rounds.baseline, m.rounds.candidate)).toEqual({ round: 3, max: 10, stop: null });
  });

  it('counts a side with fewer trials (its first side failed) in the common look, and holds on a failure after it', () => {
    const failedLate: ShardPlan = { rounds: 6, stop: 'failed', stamps: (t): Record<string, number> => (t === 6 ? { 'command.exit_code': 3 } : {}) };
    const b = role('tool_call', [{ rounds: 4, stop: 'decided' }, failedLate]);
    const c = role('codemode', [
      { rounds: 4, stop: 'decided' },
      { ...failedLate, rounds: 5 },
    ]);
    const m = mergeShardRounds(b, c);
    expect(m.shards.common).toBe(4);
    expect(m.shards.shards[1]).toEqual({ index: 2, total: 2, rounds: 5, ran: 11, stop: 'failed', uncounted: { baseline: 2, candidate: 1 } });
    expect(m.drafts).toEqual([
      {
        code: 'command-failed',
        side: 'baseline',
        message:
          'The baseline suite of shard 2 exited with code 3 (command.exit_code) in round 6, after the common look (round 4): that round is not counted, and the failure holds the gate.',
        case_ids: [],
      },
    ]);
  });

  it.each([
    [
      'a shard of another design',
      (c: ShardTrials[]) => (c[1] = role('codemode', PLANS, 8)[1] as ShardTrials),
      "The candidate's shards cannot be merged round by round: the candidate's shard 2 ran a design of at most 8 rounds, another shard 10 (ab.max_rounds).",
    ],
    [
      'rounds numbered out of order',
      (c: ShardTrials[]) => (c[0]?.trials.reverse(), undefined),
      "The candidate's shards cannot be merged round by round: the candidate's shard 1 trial 1 is stamped ab.round 5.",
    ],
    [
      'a trial without the stamps of a round',
      (c: ShardTrials[]) => void delete c[2]?.trials[0]?.metadata[AB_STAMPS.maxRounds],
      "The candidate's shards cannot be merged round by round: the candidate's shard 3 trial 1 is not an interleaved round (no ab.round / ab.max_rounds).",
    ],
  ])('holds on %s with a shard-coverage finding naming the shard and what is wrong', (_, edit, message) => {
    const c = role('codemode', PLANS);
    edit(c);
    const m = mergeShardRounds(role('tool_call', PLANS), c);
    expect(m.drafts).toContainEqual({ code: 'shard-coverage', side: 'candidate', message, case_ids: [] });
  });

  it('holds when a shard trials disagree on why its rounds stopped, and says a missing shard once, not once per round', () => {
    const b = role('tool_call', PLANS);
    (b[0]?.trials[4] as BenchmarkSummary).metadata[AB_STAMPS.stop] = 'budget';
    const m = mergeShardRounds(b, role('codemode', PLANS).slice(0, 2));
    expect(m.drafts.map((d) => [d.code, d.side, d.message])).toEqual([
      ['shard-coverage', null, 'The trials of shard 1 disagree on why its rounds stopped (ab.stop): they are not the rounds of one job.'],
      ['shard-coverage', 'candidate', "The candidate's shards do not cover the suite exactly once: shard 3 of 3 is missing."],
    ]);
    expect(m.shards.shards.map((s) => [s.index, s.rounds, s.stop])).toEqual([
      [1, 5, null],
      [2, 3, 'budget'],
      [3, 0, 'max-trials'],
    ]);
  });

  it('refuses no shards or a shard without trials', () => {
    expect(() => mergeShardRounds([], role('codemode', PLANS))).toThrow(RangeError);
    expect(() => mergeShardRounds(role('tool_call', PLANS), [{ artifact: 'x', trials: [] }])).toThrow(RangeError);
  });
});

describe("one job's look", () => {
  const [shard] = role('tool_call', [{ rounds: 3, stop: 'budget' }]);
  const trials = (shard as ShardTrials).trials;

  it('is the round both sides reached, with the stop they were stamped with', () => {
    expect(abLook(trials, trials)).toEqual({ round: 3, max: 10, stop: 'budget' });
    expect(abLook(trials, trials.slice(0, 2))).toBeNull();
    expect(abLook(trials.slice(1), trials.slice(1))).toBeNull();
  });

  it('reads only the stops benchgate writes', () => {
    const t = trials[0] as BenchmarkSummary;
    expect(stopOf(t)).toBe('budget');
    expect(stopOf({ ...t, metadata: { ...t.metadata, [AB_STAMPS.stop]: '**run again**' } })).toBeNull();
    expect(stopOf({ ...t, metadata: {} })).toBeNull();
  });
});
