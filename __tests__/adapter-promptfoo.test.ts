import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSummary } from '../src/adapters/index.js';
import { runCli } from './helpers/cli-run.js';
import { expectCanonical, FIXTURES, tempFiles } from './helpers/adapter-files.js';

const file = join(FIXTURES, 'adapters-promptfoo', 'results.json');

describe('promptfoo eval output', () => {
  it('one run per provider: success the completion, score the reward, token usage and cost kept (golden)', () => {
    const s = loadSummary(file, { format: 'auto', model: 'mini' });
    expect(s.format).toBe('promptfoo');
    expect(s.run.model).toBe('mini');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([['refund window', true, 1], ['escalation contact', true, 1], ['shipping cost', false, 0], ['crate weight', true, 1]]);
    expect(s.cases[0]).toMatchObject({ duration_seconds: 0.51, usage: { total_calls: 1, prompt_tokens: 410, completion_tokens: 55 }, final_response: 'answer 0', extra: { cost_usd: 0.00009, testIdx: 0 } });
    expect(s.metadata).toMatchObject({ 'promptfoo.eval_id': 'eval-2026-11-20T10:15:00' });
    expect(s.metadata['cost_usd']).toBeCloseTo(0.00036, 12);
    expectCanonical('promptfoo-mini', s);
  });

  it('compares two providers of one eval end to end; several providers need a choice', async () => {
    const none = await runCli('compare', '--baseline', file, '--candidate', file);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds 2 providers: "openai:gpt-4o" (4 results), "mini" (4 results); choose one per side');
    const r = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', 'openai:gpt-4o', '--candidate-model', 'openai:gpt-4o-mini', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { cases: { case_id: string; completion_regression: boolean }[]; cost: { candidate: { source: string } } };
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['shipping cost']);
    expect(report.cost.candidate.source).toBe('summary');
  });

  it('names the result and the field that break the format', () => {
    const bad = JSON.parse(JSON.stringify({ evalId: 'e', results: { version: 3, results: [{ provider: { id: 'p' }, success: 'yes', testIdx: 0 }, { provider: { id: 'p' }, success: true, score: 'high', testIdx: 1 }] } }));
    const d = tempFiles({ 'bad.json': JSON.stringify(bad) });
    expect(() => loadSummary(join(d, 'bad.json'))).toThrow(`${join(d, 'bad.json')}: 2 problems:\n  - $.results.results[0]: "success": expected true or false, got the string "yes"\n  - $.results.results[1]: "score": expected a number, got the string "high"`);
  });
});
