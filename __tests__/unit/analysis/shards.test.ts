import { describe, expect, it } from 'vitest';

import { parseSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { caseListSha, mergeShards, SHARD_KEYS, shardOf, type ShardRun } from '../../../src/analysis/shards.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { asLoaded, cases, rlmSummary } from '../../helpers/rlm-builder.js';

const ids = Array.from({ length: 400 }, (_, i) => `case_${i}`);

/** The shards of a suite of `n` cases: each runs its part of the list, stamped as the run mode stamps it. */
function shards(strategy: string, total: number, n = 40, edit: (index: number, rows: Record<string, unknown>[]) => void = () => undefined): ShardRun[] {
  const list = cases(n).map((c) => c.id);
  return Array.from({ length: total }, (_, k) => {
    const index = k + 1;
    const data = rlmSummary({
      strategy,
      cases: cases(n, (i) => ({ completed: i % 7 !== 0, steps: 2 + (i % 3) })).filter((c) => shardOf(c.id, total) === index),
    }) as { case_results: Record<string, unknown>[] };
    edit(index, data.case_results);
    const summary = parseSummary(`s${index}.json`, data);
    summary.metadata = {
      [SHARD_KEYS.index]: index,
      [SHARD_KEYS.total]: total,
      [SHARD_KEYS.listSha]: caseListSha(list),
      [SHARD_KEYS.listSize]: n,
      'github.sha': 'abc',
    };
    return { artifact: `benchgate-s-${strategy}-shard-${index}-of-${total}`, summary };
  });
}

describe('sharded suites', () => {
  it('splits by a hash of the case id: stable, order-free, every shard used', () => {
    const counts = [0, 0, 0, 0];
    for (const id of ids) counts[shardOf(id, 4) - 1] = (counts[shardOf(id, 4) - 1] ?? 0) + 1;
    expect(counts.every((c) => c > 70 && c < 130)).toBe(true);
    expect(ids.map((id) => shardOf(id, 4))).toEqual(
      [...ids]
        .reverse()
        .map((id) => shardOf(id, 4))
        .reverse(),
    );
    expect(shardOf('case_0', 1)).toBe(1);
    expect(caseListSha(['b', 'a'])).toBe(caseListSha(['a', 'b', 'a']));
  });

  it('merges 4 shards into the run the whole suite gives: same totals, gates and deltas', () => {
    const whole = parseSummary('whole.json', rlmSummary({ strategy: 'tool_call', cases: cases(40, (i) => ({ completed: i % 7 !== 0, steps: 2 + (i % 3) })) }));
    const { summary, drafts } = mergeShards('baseline', shards('tool_call', 4));
    expect(drafts).toEqual([]);
    expect(summary.reported).toMatchObject({
      total_cases: 40,
      completed_cases: whole.reported.completed_cases,
      avg_reward: whole.reported.avg_reward,
      avg_steps: whole.reported.avg_steps,
      usage_totals: whole.reported.usage_totals,
    });
    expect(summary.cases.map((c) => c.id).sort()).toEqual(whole.cases.map((c) => c.id).sort());
    expect(summary.metadata).toMatchObject({ 'shards.count': 4, 'github.sha': 'abc', [SHARD_KEYS.index]: null });
    const cmp = compareSummaries(asLoaded('b', summary, NO_FIELDS), asLoaded('c', mergeShards('candidate', shards('codemode', 4)).summary, NO_FIELDS));
    const direct = compareSummaries(
      asLoaded('b', whole, NO_FIELDS),
      asLoaded(
        'c',
        parseSummary('c.json', rlmSummary({ strategy: 'codemode', cases: cases(40, (i) => ({ completed: i % 7 !== 0, steps: 2 + (i % 3) })) })),
        NO_FIELDS,
      ),
    );
    expect(cmp.rlm).toEqual(direct.rlm);
    expect(cmp.findings.map((f) => f.code)).toEqual(direct.findings.map((f) => f.code));
  });

  it('a missing shard, a shard uploaded twice, different lists and a case run twice are one finding that holds', () => {
    const [s1, s2, , s4] = shards('tool_call', 4);
    const missing = mergeShards('candidate', [s1, s2, s4] as ShardRun[]);
    expect(missing.drafts).toEqual([
      expect.objectContaining({ code: 'shard-coverage', side: 'candidate', message: expect.stringContaining('shard 3 of 4 is missing') }),
    ]);
    // The planned size comes from the case list: the missing shard's cases make the run incomplete too.
    expect(missing.summary.reported.total_cases).toBe(40);
    const cmp = compareSummaries(asLoaded('b', mergeShards('baseline', shards('tool_call', 4)).summary, NO_FIELDS), asLoaded('c', missing.summary, NO_FIELDS), {
      findings: missing.drafts,
    });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.blocking_findings.map((f) => f.code)).toEqual(expect.arrayContaining(['shard-coverage', 'incomplete-run', 'missing-cases']));

    const twice = mergeShards('baseline', [s1, s2, { ...(s2 as ShardRun), artifact: 'copy' }, s4] as ShardRun[]);
    expect(twice.drafts[0]?.message).toMatch(
      /shard 2 of 4 was uploaded 2 times \(benchgate-s-tool_call-shard-2-of-4, copy\).*shard 3 of 4 is missing.*cases were run by more than one shard/,
    );
    expect(twice.drafts[0]?.case_ids.length).toBe(s2?.summary.cases.length);
    expect(new Set(twice.summary.cases.map((c) => c.id)).size).toBe(twice.summary.cases.length);

    const other = shards('tool_call', 4);
    (other[0] as ShardRun).summary.metadata[SHARD_KEYS.listSha] = 'f'.repeat(64);
    (other[1] as ShardRun).summary.metadata[SHARD_KEYS.total] = 5;
    const msg = mergeShards('baseline', other).drafts[0]?.message ?? '';
    expect(msg).toContain('is shard 2 of 5, but another shard says 4');
    expect(msg).toContain('the shards split different case lists');
  });

  it('a failed shard makes the merged run failed; a shard whose totals contradict its rows is named', () => {
    const runs = shards('tool_call', 3, 30, (index, rows) => {
      if (index === 2) rows.pop();
    });
    (runs[2] as ShardRun).summary.metadata['command.exit_code'] = 137;
    const { summary, drafts } = mergeShards('baseline', runs);
    expect(summary.metadata).toMatchObject({ 'command.exit_code': 137, 'shards.failed': 'benchgate-s-tool_call-shard-3-of-3' });
    expect(drafts[0]?.message).toContain('the totals of benchgate-s-tool_call-shard-2-of-3 contradict its case rows');
  });
});
