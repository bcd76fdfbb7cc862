// The sequential section and the verdict words once rounds have ended (mode ab and its gate): a look
// the design would continue from says why no round follows, never "run another round"; shards of
// rounds say each shard's rounds, why it stopped, and what the common look did not count.
import { describe, expect, it } from 'vitest';

import type { Comparison } from '../../../src/analysis/compare.js';
import type { RoundsHalt, ShardRounds } from '../../../src/analysis/model.js';
import { decideSequential, haltedDecision } from '../../../src/analysis/significance/sequential.js';
import { sequentialSection, shardRoundsLines } from '../../../src/report/sections/sequential.js';
import { verdictReasons } from '../../../src/report/verdict.js';

const open = decideSequential('inconclusive', [], 3, 10, 0.95);
/** Just what the section and the verdict words read of a comparison. */
const cmpOf = (sequential: Comparison['sequential']): Comparison =>
  ({
    sequential,
    failed_gates: [],
    flaky_regressions: null,
    failed_metric_gates: [],
    undecided_gates: ['reward'],
    undecided_metric_gates: [],
    blocking_findings: [],
    decision: 'significant',
    infrastructure: { rerun: false },
  }) as unknown as Comparison;
const statusOf = (d: Comparison['sequential']): string => sequentialSection(cmpOf(d))[2] as string;

describe('a look after the rounds ended', () => {
  it('still says continue while rounds may follow (compare --sequential)', () => {
    expect(statusOf(open)).toMatch(/^\*\*Continue: undecided after round 3 of at most 10; run another round\*\*/);
  });

  it.each<[RoundsHalt, string]>([
    [
      'budget',
      "**Stopped on the spend cap after round 3 of at most 10: undecided.** Another round would have passed the cap, so the verdict stays inconclusive; a larger `budget` lets the rounds go on to a decision. Spent 6 runs (3 per side) of the fixed design's 20.",
    ],
    [
      'failed',
      "**Stopped after round 3 of at most 10: a side failed, undecided.** No round follows a failed one, so the verdict stays inconclusive. Spent 6 runs (3 per side) of the fixed design's 20.",
    ],
    [
      'common-look',
      "**Stopped at the shards' common look, round 3 of at most 10: undecided.** The shards are merged up to the fewest rounds any shard ran, so the verdict stays inconclusive. Spent 6 runs (3 per side) of the fixed design's 20.",
    ],
    [
      'unknown',
      "**Undecided after round 3 of at most 10, and no round follows** (the trials do not say why the rounds ended), so the verdict stays inconclusive. Spent 6 runs (3 per side) of the fixed design's 20.",
    ],
  ])('halted by %s: says why, never "run another round"', (why, status) => {
    const d = haltedDecision(open, why);
    expect(d).toMatchObject({ reason: 'continue', stop: false, halted: why, more_rounds: null });
    expect(statusOf(d)).toBe(status);
    expect(verdictReasons(cmpOf(d)).join('; ')).not.toContain('run another round');
  });

  it('leaves a decided or final look as it is', () => {
    const decided = decideSequential('hold', [], 3, 10, 0.95);
    expect(haltedDecision(decided, 'budget')).toBe(decided);
    const last = decideSequential('inconclusive', [], 10, 10, 0.95);
    expect(haltedDecision(last, 'budget')).toBe(last);
  });

  it('puts why in the verdict words', () => {
    expect(verdictReasons(cmpOf(haltedDecision(open, 'budget')))).toContain('round 3 of at most 10: stopped undecided, on the spend cap');
  });
});

describe('shards of rounds', () => {
  const rounds: ShardRounds = {
    common: 2,
    shards: [
      { index: 1, total: 3, rounds: 2, ran: 4, stop: 'budget', uncounted: { baseline: 0, candidate: 0 } },
      { index: 2, total: 3, rounds: 3, ran: 7, stop: 'failed', uncounted: { baseline: 2, candidate: 1 } },
      { index: 3, total: 3, rounds: 7, ran: 14, stop: null, uncounted: { baseline: 5, candidate: 5 } },
    ],
  };

  it('lists every shard, its rounds and stop, and every run not counted', () => {
    expect(shardRoundsLines(rounds).join('\n')).toBe(
      [
        "**Shards.** Each shard ran its own interleaved rounds over its part of the cases and stopped on its own. The gate merges rounds 1–2 of every shard case by case (the common look: the fewest rounds any shard ran) and judges them at round 2's level. **Not counted: 13 runs of shards 2 and 3**, after the common look. Counting later rounds would need a look the design did not plan for every case.",
        '',
        '| Shard | Rounds run | Why its rounds stopped | Counted | Not counted |',
        '|--:|--:|:--|--:|:--|',
        '| 1 of 3 | 2 | the spend cap | 2 | none |',
        '| 2 of 3 | 3 | a side failed | 2 | rounds 3–4 (3 runs) |',
        '| 3 of 3 | 7 | not stamped | 2 | rounds 3–7 (10 runs) |',
        '',
      ].join('\n'),
    );
  });

  it('says which shards ended the rounds at the common look, and counts the runs of every shard against the fixed design over all shards', () => {
    const halted = { ...haltedDecision(decideSequential('inconclusive', [], 2, 10, 0.95), 'common-look'), shards: rounds };
    expect(statusOf(halted)).toBe(
      "**Stopped at the shards' common look, round 2 of at most 10: undecided.** The shards are merged up to the fewest rounds any shard ran, so the verdict stays inconclusive. Stopped there: shard 1 (the spend cap). The 3 shards ran 25 runs (a run: one side of one shard), 12 of them counted; the fixed design of 10 rounds spends 60.",
    );
    const decided = { ...decideSequential('hold', [], 2, 10, 0.95), shards: rounds };
    expect(statusOf(decided)).toBe(
      '**Stop: decided after round 2 of at most 10.** The 3 shards ran 25 runs (a run: one side of one shard), 12 of them counted; the fixed design of 10 rounds spends 60: 35 runs saved (58%).',
    );
  });

  it('says when every run is counted, and sits in the section only with shards', () => {
    const even: ShardRounds = { common: 2, shards: rounds.shards.map((s) => ({ ...s, rounds: 2, ran: 4, uncounted: { baseline: 0, candidate: 0 } })) };
    expect(shardRoundsLines(even)[0]).toContain('Every run of every shard is counted.');
    expect(sequentialSection(cmpOf({ ...haltedDecision(open, 'common-look'), shards: even })).join('\n')).toContain('| 3 of 3 | 2 | not stamped | 2 | none |');
    expect(sequentialSection(cmpOf(open)).join('\n')).not.toContain('**Shards.**');
  });
});
