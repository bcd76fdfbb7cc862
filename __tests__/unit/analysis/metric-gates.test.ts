import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import type { MetricGateSpec } from '../../../src/analysis/custom-gates/metric-gates.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { cases, loaded, rlmSummary } from '../../helpers/rlm-builder.js';

/** A run of n cases whose case i uses `tokens(i)` prompt tokens and lasts `seconds(i)`. */
function run(strategy: string, n: number, tokens: (i: number) => number, seconds: (i: number) => number = () => 1.5) {
  const data = rlmSummary({ strategy, cases: cases(n, (i) => ({ duration: seconds(i) })) }) as {
    case_results: { usage: { prompt_tokens: number } }[];
    usage_totals?: { prompt_tokens: number; total_tokens?: number; completion_tokens: number };
  };
  data.case_results.forEach((row, i) => (row.usage.prompt_tokens = tokens(i)));
  // Keep the top-level totals true to the rows (else an aggregate-mismatch finding holds).
  if (data.usage_totals) {
    data.usage_totals.prompt_tokens = data.case_results.reduce((a, r) => a + r.usage.prompt_tokens, 0);
    if ('total_tokens' in data.usage_totals) data.usage_totals.total_tokens = data.usage_totals.prompt_tokens + data.usage_totals.completion_tokens;
  }
  return loaded(data as unknown as Record<string, unknown>, `${strategy}.json`);
}

const gate = (spec: MetricGateSpec, b = run('tool_call', 40, () => 100), c = run('codemode', 40, () => 115), decide: 'point' | 'significant' = 'point') =>
  compareSummaries(b, c, { metricGates: [spec], decide });

describe("the configuration's own gates", () => {
  it('point: total tokens up 15% fails a 10% tolerance and holds; at 20% it passes', () => {
    const cmp = gate({ metric: 'total_tokens', tolerance: '10%' });
    expect(cmp.metric_gates[0]).toMatchObject({
      metric: 'total_tokens',
      baseline: 120,
      candidate: 135,
      change: 15,
      allowance: 12,
      status: 'fail',
      basis: 'point',
    });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.failed_metric_gates).toEqual(['total_tokens']);
    expect(gate({ metric: 'total_tokens', tolerance: '20%' }).verdict).toBe('promote');
    const md = renderMarkdown(cmp);
    expect(md).toContain('**Required gates of the configuration failed:** `total_tokens` (table below).');
    expect(md).toContain('| `total_tokens` | required | 120.0 | 135.0 | +15.00 (+12.5%) | may rise by ≤ 10% | run values | ❌ |');
  });

  it('an advisory gate is shown and never blocks', () => {
    const cmp = gate({ metric: 'prompt_tokens', tolerance: 0, level: 'advisory' });
    expect(cmp.metric_gates[0]?.status).toBe('fail');
    expect(cmp.verdict).toBe('promote');
    expect(renderMarkdown(cmp)).toContain('| `prompt_tokens` | advisory |');
  });

  it('a run-level p95 latency gate with an absolute tolerance in seconds; higher-is-better flips the rule', () => {
    const slow = run(
      'codemode',
      40,
      () => 100,
      (i) => (i >= 36 ? 9 : 1.5),
    );
    const cmp = gate(
      { metric: 'latency_p95', tolerance: 2 },
      run('tool_call', 40, () => 100),
      slow,
    );
    expect(cmp.metric_gates[0]).toMatchObject({ baseline: 1.5, status: 'fail', basis: 'point' });
    expect(cmp.metric_gates[0]?.candidate).toBeCloseTo(9, 9);
    const higher = gate({ metric: 'total_tokens', direction: 'higher', tolerance: 0 });
    expect(higher.metric_gates[0]?.status).toBe('pass');
  });

  it('a metric neither run records cannot pass: point holds, significant is undecided', () => {
    const noDurations = (s: string) => {
      const data = rlmSummary({ strategy: s, cases: cases(10) }) as { case_results: Record<string, unknown>[] };
      for (const row of data.case_results) delete row['duration_seconds'];
      return loaded(data as unknown as Record<string, unknown>, `${s}.json`);
    };
    const point = gate({ metric: 'latency_avg' }, noDurations('tool_call'), noDurations('codemode'));
    expect(point.metric_gates[0]).toMatchObject({ status: 'inconclusive', basis: 'unknown', baseline: null });
    expect(point.verdict).toBe('hold');
    expect(renderMarkdown(point)).toContain('| `latency_avg` | required | *(unknown)* | *(unknown)* |  | may not rise | a run does not record it | ❔ |');
    const sig = gate({ metric: 'latency_avg' }, noDurations('tool_call'), noDurations('codemode'), 'significant');
    expect(sig.undecided_metric_gates).toEqual(['latency_avg']);
  });

  it('significant: a per-case metric is judged on the paired differences', () => {
    const b = run('tool_call', 60, (i) => 100 + (i % 7));
    const worse = gate(
      { metric: 'prompt_tokens', tolerance: 5 },
      b,
      run('codemode', 60, (i) => 112 + ((i * 3) % 7)),
      'significant',
    );
    expect(worse.metric_gates[0]).toMatchObject({ basis: 'paired', status: 'fail' });
    const same = gate(
      { metric: 'prompt_tokens', tolerance: 5 },
      b,
      run('codemode', 60, (i) => 100 + ((i * 3) % 7)),
      'significant',
    );
    expect(same.metric_gates[0]).toMatchObject({ basis: 'paired', status: 'pass' });
    expect(JSON.parse(renderJson(same)).metric_gates[0].p_holds).toBeLessThanOrEqual(0.05);
  });

  it('the configuration validates each gate', () => {
    expect(
      parseConfig('f.yml', 'gates:\n  - metric: latency_p95\n    tolerance: 2\n  - metric: total_tokens\n    tolerance: 10%\n    level: advisory\n').gates,
    ).toEqual([
      { metric: 'latency_p95', tolerance: 2 },
      { metric: 'total_tokens', tolerance: '10%', level: 'advisory' },
    ]);
    expect(() => parseConfig('f.yml', 'gates:\n  - metric: tokens\n')).toThrow(
      /^f\.yml: line 2, column 13: "gates\.0\.metric": expected one of calls, prompt_tokens, /,
    );
    expect(() => parseConfig('f.yml', 'gates:\n  - metric: calls\n    tolerance: ten\n')).toThrow(
      'f.yml: line 3, column 16: "gates.0.tolerance": expected a number or a percentage such as "10%"',
    );
  });
});
