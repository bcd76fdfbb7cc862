/**
 * Go test reports written by go-junit-report v1 and v2 and by gotestsum (fixtures/real/go-junit/README.md
 * says how each was written and what a correct reading is). Issue 42: go-junit-report's rows of
 * `go test -count=N` were taken for gotestsum's reruns (both write the `go.version` property), so a
 * failed run disappeared behind the runs that passed and the regression was promoted.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = join(FIXTURES, 'real', 'go-junit');
const file = (name: string): string => join(dir, name);
const load = (name: string) => asLoaded(name, loadSummary(file(name)), NO_FIELDS);
const outcomes = (name: string) => loadSummary(file(name)).cases.map((c) => [c.id, c.completed, c.extra['runs'] ?? null]);

describe('go-junit-report: the rows of go test -count=N are runs of one test, failed when any run failed', () => {
  it.each([
    // v1 writes the last element of the package path as the classname, v2 the package path.
    ['gjr1-count3-cand.xml', 'example.com/counted › counted'],
    ['gjr2-count3-cand.xml', 'example.com/counted'],
  ])('%s', (name, place) => {
    expect(outcomes(name)).toEqual([
      [`${place} › TestAlways`, true, 3],
      [`${place} › TestSometimes`, false, 3],
      [`${place} › TestFlakyOnce`, true, 3],
    ]);
    const sometimes = loadSummary(file(name)).cases.find((c) => c.id.endsWith('TestSometimes'));
    expect(sometimes?.extra).toMatchObject({ outcome: 'failure', failure: 'Failed', rows: 3 });
    expect(sometimes?.extra['flaky']).toBeUndefined();
  });

  it.each([
    ['v1', 'gjr1-count3-base.xml', 'gjr1-count3-cand.xml'],
    ['v2', 'gjr2-count3-base.xml', 'gjr2-count3-cand.xml'],
  ])('%s: the pair holds on TestSometimes', async (_v, base, cand) => {
    const cmp = compareSummaries(load(base), load(cand));
    expect(cmp.verdict).toBe('hold');
    expect(cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id.replace(/.* › /, ''))).toEqual(['TestSometimes']);
    const r = await runCli('compare', '--baseline', file(base), '--candidate', file(cand));
    expect(r.code, r.stderr).toBe(1);
  });

  it('without the go.version property each row is a test of its own, and the failing run fails', () => {
    expect(outcomes('gjr2-noprop-count3-cand.xml').filter(([id]) => (id as string).includes('TestSometimes'))).toEqual([
      ['example.com/counted › TestSometimes', true, null],
      ['example.com/counted › TestSometimes [2]', false, null],
      ['example.com/counted › TestSometimes [3]', true, null],
    ]);
  });
});

describe('gotestsum: --rerun-fails attempts are one test, passed after retries; -count=N runs are not', () => {
  it('--rerun-fails: TestFlakyOnce failed once and passed its rerun', () => {
    const s = loadSummary(file('gotestsum-rerun-base.xml'));
    expect(s.cases.map((c) => [c.id, c.completed])).toEqual([
      ['example.com/counted › TestFlakyOnce', true],
      ['example.com/counted › TestAlways', true],
      ['example.com/counted › TestSometimes', true],
    ]);
    expect(s.cases[0]?.extra).toMatchObject({ outcome: 'passed', flaky: 'passed after 1 failed attempt', rows: 2 });
  });

  it('-count=3: every test ran three times, and the failed run fails TestSometimes', () => {
    expect(outcomes('gotestsum-count3-cand.xml')).toEqual([
      ['example.com/counted › TestSometimes', false, 3],
      ['example.com/counted › TestAlways', true, 3],
      ['example.com/counted › TestFlakyOnce', true, 3],
    ]);
  });
});
