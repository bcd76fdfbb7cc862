import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const file = join(FIXTURES, 'adapters-promptfoo', 'results.json');

describe('promptfoo eval output', () => {
  it('one run per provider: success the completion, score the reward, token usage and cost kept (golden)', () => {
    const s = loadSummary(file, { format: 'auto', model: 'mini' });
    expect(s.format).toBe('promptfoo');
    expect(s.run.model).toBe('mini');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([
      ['refund window', true, 1],
      ['escalation contact', true, 1],
      ['shipping cost', false, 0],
      ['crate weight', true, 1],
    ]);
    expect(s.cases[0]).toMatchObject({
      duration_seconds: 0.51,
      usage: { total_calls: 1, prompt_tokens: 410, completion_tokens: 55 },
      final_response: 'answer 0',
      extra: { cost_usd: 0.00009, testIdx: 0 },
    });
    expect(s.metadata).toMatchObject({ 'promptfoo.eval_id': 'eval-2026-11-20T10:15:00' });
    expect(s.metadata['cost_usd']).toBeCloseTo(0.00036, 12);
    expectCanonical('promptfoo-mini', s);
  });

  it('compares two providers of one eval end to end; several providers need a choice', async () => {
    const none = await runCli('compare', '--baseline', file, '--candidate', file);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('holds 2 providers: "openai:gpt-4o" (4 results), "mini" (4 results); choose one per side');
    const absent = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', 'gpt-5', '--candidate-model', 'mini');
    expect(absent.code).toBe(2);
    expect(absent.stderr).toContain(
      'no provider or prompt label "gpt-5" (--baseline-model / --candidate-model); the file holds providers "openai:gpt-4o", "mini" and prompts "support"',
    );
    const noPrompt = await runCli(
      'compare',
      '--baseline',
      file,
      '--candidate',
      file,
      '--baseline-model',
      'mini',
      '--candidate-model',
      'mini',
      '--candidate-prompt',
      'terse',
    );
    expect(noPrompt.code).toBe(2);
    expect(noPrompt.stderr).toContain('no prompt label "terse" with "mini" (--baseline-prompt / --candidate-prompt)');
    const r = await runCli(
      'compare',
      '--baseline',
      file,
      '--candidate',
      file,
      '--baseline-model',
      'openai:gpt-4o',
      '--candidate-model',
      'openai:gpt-4o-mini',
      '--format',
      'json',
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { cases: { case_id: string; completion_regression: boolean }[]; cost: { candidate: { source: string } } };
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['shipping cost']);
    expect(report.cost.candidate.source).toBe('summary');
  });

  it('names the result and the field that break the format', () => {
    const bad = JSON.parse(
      JSON.stringify({
        evalId: 'e',
        results: {
          version: 3,
          results: [
            { provider: { id: 'p' }, success: 'yes', testIdx: 0, promptIdx: 0 },
            { provider: { id: 'p' }, success: true, score: 'high', testIdx: 1, promptIdx: 0 },
          ],
        },
      }),
    );
    const d = tempFiles({ 'bad.json': JSON.stringify(bad) });
    expect(() => loadSummary(join(d, 'bad.json'))).toThrow(
      `${join(d, 'bad.json')}: 2 problems:\n  - $.results.results[0]: "success": expected true or false, got the string "yes"\n  - $.results.results[1]: "score": expected a number, got the string "high"`,
    );
  });

  it('reads JSON Lines whose batches promptfoo appended without a line break, and names repeated tests #2', () => {
    const row = (testIdx: number, success: boolean, vars: Record<string, string>): string =>
      JSON.stringify({ testIdx, promptIdx: 0, provider: { id: 'p' }, testCase: { vars }, success, score: success ? 1 : 0, failureReason: success ? 0 : 1 });
    const d = tempFiles({ 'out.jsonl': `${row(0, true, { q: 'a' })}\n${row(1, true, { q: 'b' })}${row(2, false, { q: 'a' })}\n` });
    const s = loadSummary(join(d, 'out.jsonl'));
    expect(s.cases.map((c) => [c.id, c.completed, c.error])).toEqual([
      ['q=a', true, null],
      ['q=b', true, null],
      ['q=a #2', false, null],
    ]);
  });

  it("refuses a prompt label for a format without prompts, and a model that is not the file's own run", async () => {
    const d = tempFiles({
      'r.jsonl': `${JSON.stringify({ id: 'a', completed: true, reward: 1 })}\n${JSON.stringify({ id: 'b', completed: true, reward: 1 })}\n`,
    });
    const f = join(d, 'r.jsonl');
    expect(() => loadSummary(f, { format: 'auto', prompt: 'concise' })).toThrow(
      `${f}: a prompt label ("concise", --baseline-prompt / --candidate-prompt) chooses a column of a promptfoo output; this file is read as records, which has none`,
    );
    const r = await runCli('compare', '--baseline', f, '--candidate', f, '--baseline-model', 'gpt-4o');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${f}: holds one run, which names no model, read as records; the model "gpt-4o" (--baseline-model / --candidate-model, input.baseline_model / input.candidate_model) chooses a run only in files holding several`,
    );
  });
});

describe('promptfoo 0.2x (no evalId, no provider labels: they are only in the config)', () => {
  // fixtures/adapters-promptfoo/README.md: built field for field from promptfoo 0.24.2's evaluator.js.
  const OLD = join(FIXTURES, 'adapters-promptfoo', 'out-0.24.2.json');

  it('columns from the display prefix "[<id>] ", labels from config.providers in order, tests named by their vars', () => {
    const base = loadSummary(OLD, { format: 'auto', model: 'baseline' });
    const cand = loadSummary(OLD, { format: 'auto', model: 'candidate' });
    expect(base.cases.map((c) => c.id)).toEqual([
      'question=What is the capital of France?',
      'question=What is 2+2?',
      'question=What is the refund window?',
      'question=Please crash now',
      'question=Who wrote the Voynich manuscript?',
    ]);
    expect(base.cases.every((c) => c.completed)).toBe(true);
    expect(cand.cases.filter((c) => !c.completed).map((c) => c.id)).toEqual(['question=What is 2+2?', 'question=Please crash now']);
  });

  it('baseline against candidate: the failed test and the provider crash (a bare upstream 500 of the provider under test) are both regressions: hold', async () => {
    const r = await runCli(
      'compare',
      '--baseline',
      OLD,
      '--candidate',
      OLD,
      '--baseline-model',
      'baseline',
      '--candidate-model',
      'candidate',
      '--format',
      'json',
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).not.toContain('infrastructure');
    const out = JSON.parse(r.stdout) as { case_summary: { common_cases: number }; cases: { case_id: string; completion_regression: boolean }[] };
    expect(out.case_summary.common_cases).toBe(5);
    expect(out.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['question=Please crash now', 'question=What is 2+2?']);
  });
});
