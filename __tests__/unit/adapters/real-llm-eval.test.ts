// The real Inspect AI and lm-evaluation-harness files (fixtures/real/llm-eval, copied from the tools'
// own repositories; its README says which): each read as the README describes, the same file on both
// sides passes, reports as goldens.
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { expectGolden } from '../../helpers/golden.js';

const DIR = relative(process.cwd(), join(FIXTURES, 'real', 'llm-eval'));
const INSPECT = join(DIR, 'inspect_log_read_sample.json');
const RESULTS = join(DIR, 'lm-eval_results_2025-01-21.json');
const BASE_042 = join(DIR, 'lm-eval-0.4.2-llama-3-8b-gsm8k-results.json');
const INSTRUCT_042 = join(DIR, 'lm-eval-0.4.2-llama-3-8b-instruct-gsm8k-results.json');

async function sameOnBothSides(file: string, golden: string): Promise<void> {
  const json = await runCli('compare', '--baseline', file, '--candidate', file, '--format', 'json');
  expect(json.code, json.stderr).toBe(0);
  const report = JSON.parse(json.stdout) as { case_summary: { common_cases: number }; findings: { blocking: boolean }[] };
  expect(report.case_summary.common_cases).toBe(1);
  expect(report.findings.filter((f) => f.blocking)).toEqual([]);
  expectGolden(`real/llm-eval/${golden}.md`, (await runCli('compare', '--baseline', file, '--candidate', file)).stdout);
}

describe('Inspect AI eval log (inspect_ai 0.3.95 test fixture)', () => {
  it('one sample, epoch 1, scored "C" by match: one completed case with reward 1, the model and its tokens (golden)', () => {
    const s = loadSummary(INSPECT);
    expect(s.format).toBe('inspect-ai');
    expect(s.run).toMatchObject({ model: 'ollama/gemma3', cancelled: false });
    expect(s.metadata).toMatchObject({ task: 'popularity', scorer: 'match', 'inspect.status': 'success' });
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.error])).toEqual([['1', true, 1, null]]);
    expect(s.cases[0]).toMatchObject({
      duration_seconds: 2.113,
      usage: { total_calls: 1, prompt_tokens: 66, completion_tokens: 3 },
      final_response: 'Yes\n',
      expected_answer: ' Yes',
      extra: { score: 'C', answer: 'Yes' },
    });
    expectCanonical('real-inspect-log', s);
  });

  it('the same log on both sides passes (golden report)', () => sameOnBothSides(INSPECT, 'inspect-aa'));

  it("--baseline-model must be the log's model: honoured when it is, an error when not", async () => {
    expect((await runCli('compare', '--baseline', INSPECT, '--candidate', INSPECT, '--baseline-model', 'ollama/gemma3', '--format', 'json')).code).toBe(0);
    const other = await runCli('compare', '--baseline', INSPECT, '--candidate', INSPECT, '--baseline-model', 'openai/gpt-4o');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`${INSPECT}: holds one run of model "ollama/gemma3", read as inspect-ai; the model "openai/gpt-4o"`);
  });
});

describe("lm-evaluation-harness results file (the harness's own test fixture)", () => {
  it('one task, read as an aggregate: acc 0.34 the reward, and the note that paired statistics need --log_samples (golden)', () => {
    const s = loadSummary(RESULTS);
    expect(s.format).toBe('lm-eval-results');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.extra['metric']])).toEqual([['mmlu_abstract_algebra', true, 0.34, 'acc,none']]);
    expect(s.run.description).toContain('paired per-sample statistics need the samples_<task>_<date>.jsonl files that lm_eval writes with --log_samples');
    expect(s.metadata).toMatchObject({ 'lm_eval.aggregate_only': 'true' });
    expectCanonical('real-lm-eval-results', s);
  });

  it('the same file on both sides passes (golden report)', () => sameOnBothSides(RESULTS, 'lm-eval-results-aa'));
});

describe('lm-evaluation-harness 0.4.2 results (no higher_is_better: added in v0.4.3)', () => {
  it('read without --input-format: gsm8k exact_match,strict-match the score, the model from config.model_args', () => {
    const s = loadSummary(BASE_042);
    expect(s.format).toBe('lm-eval-results');
    expect(s.run.model).toBe('meta-llama/Meta-Llama-3-8B');
    expect(s.cases.map((c) => [c.id, c.extra['metric'], c.extra['higher_is_better']])).toEqual([['gsm8k', 'exact_match,strict-match', true]]);
    expect(s.cases[0]?.reward).toBeCloseTo(0.5087, 4);
  });

  it('the same file on both sides passes', () => sameOnBothSides(BASE_042, 'lm-eval-0.4.2-aa'));

  it('base → instruct (0.509 → 0.757) promotes; instruct → base holds, naming gsm8k', async () => {
    const up = await runCli('compare', '--baseline', BASE_042, '--candidate', INSTRUCT_042, '--format', 'json');
    expect(up.code, up.stderr).toBe(0);
    const down = await runCli('compare', '--baseline', INSTRUCT_042, '--candidate', BASE_042, '--format', 'json');
    expect(down.code, down.stderr).toBe(1);
    const report = JSON.parse(down.stdout) as {
      cases: { case_id: string; reward_regression: boolean }[];
      findings: { code: string; message: string; case_ids: string[] }[];
    };
    expect(report.cases.filter((c) => c.reward_regression).map((c) => c.case_id)).toEqual(['gsm8k']);
    expect(report.findings.find((f) => f.code === 'benchmark-regression')).toMatchObject({ case_ids: ['gsm8k'] });
    expectGolden('real/llm-eval/lm-eval-0.4.2-instruct-vs-base.md', (await runCli('compare', '--baseline', INSTRUCT_042, '--candidate', BASE_042)).stdout);
  });
});
