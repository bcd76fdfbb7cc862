// CaseRows (analysis/rlm/pair.ts) reads report rows from the packed columns when asked for, filling
// one reused object in the hot loops: whatever a reader keeps must still be its own row.
import { describe, expect, it } from 'vitest';

import { type CaseRow, pairRows, summarizeCases } from '../../../src/analysis/rlm/pair.js';
import { packSummary } from '../../../src/schema/pack.js';
import { loaded } from '../../helpers/rlm-builder.js';

const side = (cases: { id: string; reward?: number; completed?: boolean; error?: string | null }[]) => packSummary(loaded({ cases }).summary);

describe('CaseRows', () => {
  // Different ids on each side and out of order: rows are paired by id and sorted by code point.
  const rows = pairRows(
    side([
      { id: 'c', reward: 1 },
      { id: 'a', completed: false, error: 'boom' },
      { id: 'b', reward: 0.5 },
    ]),
    side([{ id: 'b', reward: 0.25, completed: false }, { id: 'd' }, { id: 'a', reward: 2 }]),
  );

  it('gives the same rows through at, the iterator, map, forEachRow and toArray', () => {
    const viaAt = Array.from({ length: rows.length }, (_, k) => rows.at(k));
    expect(viaAt.map((r) => r.case_id)).toEqual(['a', 'b', 'c', 'd']);
    expect([...rows]).toEqual(viaAt);
    expect(rows.map((r) => r)).toEqual(viaAt);
    expect(rows.toArray()).toEqual(viaAt);
    const seen: CaseRow[] = [];
    rows.forEachRow((r) => seen.push({ ...r }));
    expect(seen).toEqual(viaAt);
    expect(JSON.parse(JSON.stringify(rows))).toEqual(viaAt);
  });

  it('keeps what a reader keeps: filtered and iterated rows are objects of their own', () => {
    const kept = rows.filter((r) => r.in_baseline);
    expect(kept.map((r) => [r.case_id, r.baseline_error, r.in_candidate])).toEqual([
      ['a', 'boom', true],
      ['b', null, true],
      ['c', null, false],
    ]);
    expect(new Set(kept).size).toBe(3);
    const iterated = [...rows];
    expect(new Set(iterated).size).toBe(4);
    expect(() => rows.at(4)).toThrow(RangeError);
  });

  it('summarizes like the rows it stands for', () => {
    expect(summarizeCases(rows)).toEqual(summarizeCases(rows.toArray()));
    expect(summarizeCases(rows)).toEqual({ common_cases: 2, completion_regressions: 1, reward_regressions: 1 });
  });
});
