import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { asLoaded, cases, loaded } from '../../helpers/rlm-builder.js';

// Every case uses 100 prompt and 20 completion tokens (the builder's usage).
const run = (strategy: string, model: string, n = 10) => loaded({ strategy, model, cases: cases(n) }, `${strategy}.json`);
const pricing = { 'gpt-small': { prompt: 1, completion: 4 }, 'gpt-large': { prompt: 10, completion: 40 } };

describe('cost', () => {
  it('priced by the configuration: per run and per case, with the source; a cost gate compares them', () => {
    const cmp = compareSummaries(run('tool_call', 'gpt-small'), run('codemode', 'gpt-large'), {
      pricing,
      metricGates: [{ metric: 'run_cost', tolerance: '50%' }],
    });
    expect(cmp.cost.baseline).toMatchObject({ model: 'gpt-small', source: 'config', per_case: 0.00018 });
    expect(cmp.cost.baseline.total).toBeCloseTo(0.0018, 12); // 10 × (100×1 + 20×4) / 1e6
    expect(cmp.cost.candidate.total).toBeCloseTo(0.018, 12);
    expect(cmp.metric_gates[0]).toMatchObject({ metric: 'run_cost', status: 'fail' });
    expect(cmp.verdict).toBe('hold');
    const md = renderMarkdown(cmp);
    expect(md).toContain('| Cost (USD) | $0.0018 (config) | $0.0180 (config) | +900.0% |');
    expect(JSON.parse(renderJson(cmp)).cost.candidate.source).toBe('config');
  });

  it('a priced model whose cases record no usage has an unknown cost, not $0', () => {
    const whole = run('tool_call', 'gpt-small').summary;
    const bare = asLoaded('bare.json', {
      ...whole,
      cases: whole.cases.map((c) => ({ ...c, usage: null })),
      reported: { ...whole.reported, usage_totals: null },
    });
    const cmp = compareSummaries(run('tool_call', 'gpt-small'), bare, { pricing });
    expect(cmp.cost.candidate).toEqual({ model: 'gpt-small', source: 'unknown', price: null, total: null, per_case: null });
  });

  it('unknown pricing is never a cost of 0: no cost shown, and a cost gate cannot pass', () => {
    const cmp = compareSummaries(run('tool_call', 'gpt-small'), run('codemode', 'mystery'), { pricing, metricGates: [{ metric: 'cost' }] });
    expect(cmp.cost.candidate).toEqual({ model: 'mystery', source: 'unknown', price: null, total: null, per_case: null });
    expect(cmp.metric_gates[0]).toMatchObject({ status: 'inconclusive', basis: 'unknown', candidate: null });
    expect(cmp.verdict).toBe('hold');
    expect(renderMarkdown(cmp)).toContain('| Cost (USD) | $0.0018 (config) | unknown |  |');
    const none = compareSummaries(run('tool_call', 'a'), run('codemode', 'b'));
    expect(renderMarkdown(none)).not.toContain('Cost (USD)');
    expect(Object.keys(JSON.parse(renderJson(none)))).not.toContain('cost');
    const sig = compareSummaries(run('tool_call', 'gpt-small'), run('codemode', 'mystery'), {
      pricing,
      decide: 'significant',
      metricGates: [{ metric: 'cost' }],
    });
    expect(sig.undecided_metric_gates).toEqual(['cost']);
  });

  it('a cost the summary reports (metadata cost_usd) has the source summary', () => {
    const l = run('codemode', 'mystery');
    // The run's head (summary and rows.head, one object in the loaded form) reports the cost.
    const withCost = asLoaded(l.path, { ...l.summary, metadata: { ...l.summary.metadata, cost_usd: 0.5 } });
    const cmp = compareSummaries(run('tool_call', 'gpt-small'), withCost, { pricing });
    expect(cmp.cost.candidate).toMatchObject({ source: 'summary', total: 0.5, per_case: 0.05 });
  });

  it('significant: a per-case cost gate is judged on paired per-case costs', () => {
    const cmp = compareSummaries(run('tool_call', 'gpt-small', 40), run('codemode', 'gpt-small', 40), {
      pricing,
      decide: 'significant',
      metricGates: [{ metric: 'cost', tolerance: '5%' }],
    });
    expect(cmp.metric_gates[0]).toMatchObject({ basis: 'paired', status: 'pass', change: 0 });
  });

  it('the configuration checks prices', () => {
    expect(parseConfig('f.yml', 'pricing:\n  gpt-4o: {prompt: 2.5, completion: 10}\n').pricing).toEqual({ 'gpt-4o': { prompt: 2.5, completion: 10 } });
    expect(() => parseConfig('f.yml', 'pricing:\n  gpt-4o: {prompt: -1, completion: 10}\n')).toThrow(
      'f.yml: line 2, column 20: "pricing.gpt-4o.prompt": expected a number >= 0',
    );
  });
});
