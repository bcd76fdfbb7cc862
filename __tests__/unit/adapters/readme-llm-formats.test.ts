// The README's examples of the promptfoo, Inspect AI and lm-evaluation-harness formats, read as the
// README says they are read.
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';

const README = readDocs();

function example(marker: string): string {
  const m = new RegExp(`<!-- ${marker}-start -->\\n\`\`\`(?:json)?\\n([\\s\\S]*?)\`\`\`\\n<!-- ${marker}-end -->`).exec(README);
  expect(m, `README has an example between <!-- ${marker}-start --> and <!-- ${marker}-end -->`).not.toBeNull();
  return (m as RegExpExecArray)[1] as string;
}

describe('README input format examples', () => {
  it('promptfoo: columns chosen by provider; tests named by description, else vars; assertion not completed, provider error an error', async () => {
    const d = tempFiles({ 'results.json': example('format-promptfoo') });
    const file = join(d, 'results.json');
    const mini = loadSummary(file, { format: 'auto', model: 'mini' });
    expect(mini.cases.map((c) => [c.id, c.completed, c.reward, c.error, c.extra['failure_reason'] ?? null])).toEqual([
      ['refund window', false, 0, null, 'Expected output to contain "30"'],
      ['q=Who handles escalations?', false, 0, '429 rate limited', null],
    ]);
    expect(mini.cases[0]).toMatchObject({ duration_seconds: 0.51, usage: { prompt_tokens: 410, completion_tokens: 55 }, extra: { cost_usd: 0.00009 } });
    expect(mini.metadata).toMatchObject({ provider: 'mini', prompt: 'support', 'promptfoo.eval_id': 'eval-7Xk-2026-11-20T10:15:00' });
    const r = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', 'gpt-4o', '--candidate-model', 'mini', '--format', 'json');
    // The provider's 429 is an outage (not measured, named beside), yet rlm-code's gates count it as a
    // failure row like any other; the real regression on 'refund window' holds, and a hold shown on
    // measured cases is never turned into a rerun (1, not 3).
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as {
      cases: { case_id: string; completion_regression: boolean }[];
      infrastructure?: { candidate: { case_ids: string[] } };
    };
    expect(json.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['q=Who handles escalations?', 'refund window']);
    expect(json.infrastructure?.candidate.case_ids).toEqual(['q=Who handles escalations?']);
    const none = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', 'gpt-5', '--candidate-model', 'mini');
    expect(none.stderr).toContain(
      'no provider or prompt label "gpt-5" (--baseline-model / --candidate-model); the file holds providers "gpt-4o", "mini" and prompts "support"',
    );
  });

  it('Inspect AI: a case per sample, C completes, I does not; the model and tokens read', () => {
    const d = tempFiles({ 'log.json': example('format-inspect') });
    const s = loadSummary(join(d, 'log.json'));
    expect(s.format).toBe('inspect-ai');
    expect(s.run.model).toBe('ollama/gemma3');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.usage?.prompt_tokens, c.duration_seconds])).toEqual([
      ['1', true, 1, 66, 2.1],
      ['2', false, 0, 64, 1.8],
    ]);
  });

  it('lm-evaluation-harness: a case per document, the task from the file name, exact_match the reward', () => {
    const name = 'samples_gsm8k_2026-11-20T10-15-00.123456.jsonl';
    const d = tempFiles({ [name]: example('format-lm-eval') });
    const s = loadSummary(join(d, name));
    expect(s.format).toBe('lm-eval');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.final_response])).toEqual([
      ['gsm8k/0', true, 1, '18'],
      ['gsm8k/1', false, 0, '4'],
    ]);
  });
});
