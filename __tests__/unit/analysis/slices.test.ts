import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { cases, loaded, rlmSummary } from '../../helpers/rlm-builder.js';

/** 30 cases in families f0, f1, f2 (10 each) and a lone hostile family; `ok(i)` says whether case i completes. */
function run(strategy: string, ok: (i: number) => boolean) {
  const data = rlmSummary({ strategy, cases: cases(31, (i) => ({ completed: ok(i) })) }) as { case_results: Record<string, unknown>[] };
  data.case_results.forEach((row, i) => (row['task_family'] = i === 30 ? '<b>x</b> | y' : `f${i % 3}`));
  return loaded(data as unknown as Record<string, unknown>, `${strategy}.json`);
}

describe('slice gates', () => {
  // The candidate loses 3 of f1's 10 cases (those the baseline completed) and gains 3 in f2.
  const base = run('tool_call', () => true);
  const cand = run('codemode', (i) => !(i % 3 === 1 && i < 9));
  const spec = { by: 'task_family' as const, metric: 'completion_rate' as const, tolerance: 0.1 };

  it('point: f1 lost 30 points, over the 10-point tolerance: hold; the one-case group is not judged', () => {
    const cmp = compareSummaries(base, cand, { slices: [spec] });
    expect(cmp.slices.map((x) => [x.group, x.cases, x.status, x.judged])).toEqual([
      ['<b>x</b> | y', 1, 'pass', false],
      ['f0', 10, 'pass', true],
      ['f1', 10, 'fail', true],
      ['f2', 10, 'pass', true],
    ]);
    expect(cmp.failed_metric_gates).toEqual(['completion_rate[task_family=f1]']);
    expect(cmp.verdict).toBe('hold');
    const md = renderMarkdown(cmp);
    expect(md).toContain('| `task_family` = `f1` | `completion_rate` | required | 10 | 100.0% | 70.0% | −30.0 pp | worse by ≤ 10.0 pp | ❌ |');
    expect(md).toContain('| `task_family` = `<b>x</b> \\| y` | `completion_rate` | required | 1 |');
    expect(md).toContain('too few cases: not judged | — |');
    expect(JSON.parse(renderJson(cmp)).slices).toHaveLength(4);
  });

  it('a 40-point tolerance passes every family; an advisory slice never holds', () => {
    expect(
      compareSummaries(base, cand, {
        slices: [{ ...spec, tolerance: 0.4 }],
        thresholds: { min_reward_delta: -1, min_completion_delta: -1, max_steps_increase: 1, fail_on_completion_regression: false },
      }).verdict,
    ).toBe('promote');
    const advisory = compareSummaries(base, cand, {
      slices: [{ ...spec, level: 'advisory' }],
      thresholds: { min_reward_delta: -1, min_completion_delta: -1, max_steps_increase: 1, fail_on_completion_regression: false },
    });
    expect(advisory.slices.find((x) => x.group === 'f1')?.status).toBe('fail');
    expect(advisory.verdict).toBe('promote');
  });

  it('significant: 3 losses of 10 cases cannot be told from noise at 95%: undecided, not held', () => {
    // Cases as independent units: f1's loss and f2's gain are a group-level change the correlation check would cluster by (issue 31).
    const cmp = compareSummaries(base, cand, { slices: [spec], decide: 'significant', significance: { cluster: 'none' } });
    expect(cmp.slices.find((x) => x.group === 'f1')).toMatchObject({ basis: 'paired', status: 'inconclusive' });
    expect(cmp.undecided_metric_gates).toContain('completion_rate[task_family=f1]');
    // The slice's p is shared with the core gates and the other slices (Holm): the report gives the adjusted one.
    const f1 = cmp.slices.find((x) => x.group === 'f1');
    expect(f1?.p_adjusted).toBeGreaterThanOrEqual(f1?.p_violated as number);
    expect(renderMarkdown(cmp)).toMatch(
      /\| `task_family` = `f1` \| `completion_rate` \| required \| 10 \| 100\.0% \| 70\.0% \| −30\.0 pp \| worse by ≤ 10\.0 pp; adjusted p=0\.\d+ \| ❔ \|/,
    );
    // Point keeps its rows exactly: no p-values there.
    expect(compareSummaries(base, cand, { slices: [spec] }).slices.every((x) => x.p_violated === undefined && x.p_adjusted === undefined)).toBe(true);
  });

  it('the configuration checks slices', () => {
    expect(parseConfig('f.yml', 'slices:\n  - by: task_family\n    metric: completion_rate\n    tolerance: 0.1\n    min_cases: 20\n').slices).toEqual([
      { by: 'task_family', metric: 'completion_rate', tolerance: 0.1, min_cases: 20 },
    ]);
    expect(() => parseConfig('f.yml', 'slices:\n  - by: task family\n    metric: reward\n')).toThrow(
      'f.yml: line 2, column 9: "slices.0.by": expected a field name (no spaces',
    );
  });
});
