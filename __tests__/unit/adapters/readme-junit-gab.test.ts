/**
 * The README's JUnit and github-action-benchmark examples (between their markers), read as the text
 * under each says they are.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { tempFiles } from '../../helpers/adapter-files.js';
import { readDocs } from '../../helpers/docs.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const readme = readDocs();

function example(marker: string, lang: string): string {
  const m = new RegExp(`<!-- ${marker}-start -->\\n\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n<!-- ${marker}-end -->`).exec(readme);
  expect(m, `README has an example between <!-- ${marker}-start --> and <!-- ${marker}-end -->`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

describe('README: input formats', () => {
  it('JUnit: ids by place, failure not an error, skipped neither, the counts not read', () => {
    const file = join(tempFiles({ 'r.xml': example('junit-example', 'xml') }), 'r.xml');
    const s = loadSummary(file);
    expect(s.cases.map((c) => [c.id, c.completed, c.error, c.extra['outcome']])).toEqual([
      ['retrieval › docs › finds the refund window', true, null, 'passed'],
      ['retrieval › docs › cites the contact', false, null, 'failure'],
      ['retrieval › docs › reads the PDF', false, null, 'skipped'],
      ['test › top level', true, null, 'passed'],
    ]);
    expect(s.cases[1]?.extra['failure']).toBe('expected ops@…');
    expect(s.cases[0]).toMatchObject({ duration_seconds: 6.2, labels: { task_family: 'retrieval' } });
    expect(s.reported.total_cases).toBe(4); // the suite says tests="3": not read
    expect(compareSummaries(asLoaded(file, s, NO_FIELDS), asLoaded(file, s, NO_FIELDS)).verdict).toBe('promote');
  });

  it('github-action-benchmark: each benchmark by its ratio; one 20 % slower beyond the 10 % default holds and is listed', () => {
    const text = example('gab-example', 'json');
    const slower = (JSON.parse(text) as { name: string; value: number }[]).map((b) => (b.name === 'compare 10k cases' ? { ...b, value: b.value * 1.2 } : b));
    const d = tempFiles({ 'b.json': text, 'c.json': JSON.stringify(slower) });
    const load = (f: string) => asLoaded(f, loadSummary(join(d, f), 'github-action-benchmark-smaller'), NO_FIELDS);
    const b = load('b.json');
    expect(b.summary.cases.map((c) => [c.id, c.extra['unit'], c.extra['range']])).toEqual([
      ['parse 1 MB summary', 'ms', '± 1.3'],
      ['compare 10k cases', 'ms', 0.4],
    ]);
    const cmp = compareSummaries(b, load('c.json'));
    expect(cmp.verdict).toBe('hold');
    expect(cmp.benchmarks?.worse).toEqual(['compare 10k cases']);
    expect(cmp.benchmarks?.geomean_worse_factor).toBeCloseTo(Math.sqrt(1.2), 12);
    expect(cmp.thresholds.min_reward_delta).toBeCloseTo(-Math.log(1.1), 12);
    expect(compareSummaries(b, b).verdict).toBe('promote');
  });
});
