// docs/configuration.md names every built-in metric a gate may use, and no other: its gates[].metric
// row is written by hand, so adding a metric to metric-gates.ts without naming it there fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { METRICS } from '../../../src/analysis/custom-gates/metric-gates.js';
import { REPO_ROOT } from '../../helpers/composite.js';

/** The metric names in backticks on the `gates[].metric` row of a configuration page. */
function documentedMetrics(page: string): string[] {
  const row = page.split('\n').find((line) => line.startsWith('| `gates[].metric` |'));
  if (row === undefined) throw new Error('docs/configuration.md: no `gates[].metric` row');
  const description = row.split('|')[3] ?? '';
  return [...description.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1] as string);
}

describe('docs/configuration.md: the metrics a gate may use', () => {
  it('names every one of METRICS, and only those', () => {
    const page = readFileSync(join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    expect([...documentedMetrics(page)].sort()).toEqual([...METRICS].sort());
  });

  it('reads the row it checks', () => {
    expect(documentedMetrics('| `gates[].metric` | required | per-case means: `calls`, `sub_calls`; cost: `cost` |')).toEqual(['calls', 'sub_calls', 'cost']);
  });
});
