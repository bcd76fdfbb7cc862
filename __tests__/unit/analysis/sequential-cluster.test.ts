// The clustering of a sequential comparison is fixed once for the sequence: `cluster: auto` is
// decided on the first round's trials, so a later look never re-decides it on the data it tests.
import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { compareAtLook } from '../../../src/analysis/sequential-compare.js';
import { cases, loaded, rlmSummary } from '../../helpers/rlm-builder.js';

/** 30 cases in 3 environments of 10; `failIn` fails every case of that environment. */
function run(path: string, failIn: number | null): LoadedSummary {
  const raw = rlmSummary({ cases: cases(30, (i) => ({ completed: Math.floor(i / 10) !== failIn })) });
  (raw['case_results'] as Record<string, unknown>[]).forEach((row, i) => (row['environment'] = `env_${Math.floor(i / 10)}`));
  return loaded(raw, path);
}

describe('a sequence of looks clusters as its first round says', () => {
  // Round 1: both sides alike. Round 2: the candidate fails every case of one environment.
  const baseline = [run('b1.json', null), run('b2.json', null)];
  const candidate = [run('c1.json', null), run('c2.json', 0)];
  const options = { decide: 'significant' as const, trials: { baseline, candidate } };

  it('the fixed design on both rounds reads the environments’ per-run noise from the trials; on the merged rounds alone it clusters by them', () => {
    const cmp = compareSummaries(baseline[0] as LoadedSummary, candidate[0] as LoadedSummary, options);
    expect(cmp.significance?.method).toBe('variance-components');
    expect(cmp.significance?.cluster.note).toMatch(/3 environment groups estimated from the trials/);
    const merged = compareSummaries(baseline[0] as LoadedSummary, candidate[0] as LoadedSummary, {
      ...options,
      trials: { baseline: [baseline[0] as LoadedSummary], candidate: [candidate[1] as LoadedSummary] },
    });
    expect(merged.significance?.cluster.field).toBe('environment');
  });

  it('the look after round 2 keeps the first round’s choice: cases as units', () => {
    const cmp = compareAtLook(baseline[0] as LoadedSummary, candidate[0] as LoadedSummary, options, { round: 2, max: 10 }, 0.95);
    expect(cmp.significance?.cluster.field).toBeNull();
    expect(cmp.significance?.method).not.toBe('variance-components');
    expect(cmp.sequential?.rounds).toBe(2);
  });
});
