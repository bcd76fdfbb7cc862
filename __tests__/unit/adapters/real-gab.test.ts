/**
 * github-action-benchmark's own test fixtures (fixtures/real/gab/README.md): each against itself
 * promotes with no finding that holds; the derived candidate whose Free Memory dropped 150 → 120 MB
 * (bigger is better) holds on that benchmark alone, its report a golden.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { expectCanonical, FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { expectGolden } from '../../helpers/golden.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = join(FIXTURES, 'real', 'gab');
const load = (file: string, format: string) => asLoaded(file, loadSummary(join(dir, file), format), NO_FIELDS);
const BIGGER = 'github-action-benchmark-bigger';
const SMALLER = 'github-action-benchmark-smaller';

describe('github-action-benchmark fixtures', () => {
  it.each([
    ['customBiggerIsBetter_output.json', BIGGER, 2],
    ['customSmallerIsBetter_output2.json', SMALLER, 4],
    ['derived_customBiggerIsBetter_candidate_free_memory_dropped.json', BIGGER, 2],
  ])('%s: every benchmark a case; against itself promotes (golden)', (file, format, n) => {
    const s = load(file, format);
    expect(s.summary.cases).toHaveLength(n);
    expectCanonical(`real-gab/${file.replace(/\.json$/, '')}`, s.summary);
    const cmp = compareSummaries(s, s);
    expect(cmp.blocking_findings).toEqual([]);
    expect(cmp.verdict).toBe('promote');
    expect(cmp.benchmarks?.geomean_worse_factor).toBe(1);
  });

  it('a numeric range (customSmallerIsBetter_output2.json) and a string one are kept as written', () => {
    expect(load('customSmallerIsBetter_output2.json', SMALLER).summary.cases[0]?.extra).toMatchObject({ unit: 'ns', value: 90.9439, range: 0.519165 });
    expect(load('customBiggerIsBetter_output.json', BIGGER).summary.cases[1]?.extra).toMatchObject({ unit: 'Megabytes', value: 150, range: '3' });
  });

  it('Free Memory 150 -> 120 MB: held and listed, Throughput unchanged (golden report)', () => {
    const cmp = compareSummaries(
      load('customBiggerIsBetter_output.json', BIGGER),
      load('derived_customBiggerIsBetter_candidate_free_memory_dropped.json', BIGGER),
    );
    expect(cmp.verdict).toBe('hold');
    expect(cmp.benchmarks?.worse).toEqual(['My Custom Bigger Is Better Benchmark - Free Memory']);
    expect(cmp.benchmarks?.benchmarks.map((b) => [b.case_id, b.worse_factor])).toEqual([
      ['My Custom Bigger Is Better Benchmark - Free Memory', expect.closeTo(1.25, 12)],
      ['My Custom Bigger Is Better Benchmark - Throughput', 1],
    ]);
    expect(cmp.benchmarks?.geomean_worse_factor).toBeCloseTo(Math.sqrt(1.25), 12);
    expect(cmp.blocking_findings.map((f) => [f.code, f.case_ids])).toEqual([['benchmark-regression', ['My Custom Bigger Is Better Benchmark - Free Memory']]]);
    expectGolden('real-gab/free-memory-dropped.md', renderMarkdown(cmp, { version: 'test' }));
  });

  it('without a direction the file is refused with the question, not guessed', async () => {
    const r = await runCli(
      'compare',
      '--baseline',
      join(dir, 'customBiggerIsBetter_output.json'),
      '--candidate',
      join(dir, 'customBiggerIsBetter_output.json'),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('does not say whether bigger or smaller is better');
  });
});
