import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const file = join(FIXTURES, 'adapters-multihop', 'hotpot_qa_results_20261120_101500.jsonl');
const REGULAR = 'GPT-4o (Regular)';
const RLM = 'GPT-4o-mini (RLM)';

describe('multi-hop QA results', () => {
  it('one run per model: F1 the reward, exact match the completion, LLM calls the steps (golden)', () => {
    const s = loadSummary(file, { format: 'auto', model: RLM });
    expect(s.format).toBe('multihop-qa');
    expect(s.run.model).toBe(RLM);
    expect(s.cases).toHaveLength(10);
    expect(s.cases[1]).toMatchObject({
      id: 'hotpot_001',
      completed: false,
      final_response: 'unsure',
      expected_answer: '1912',
      answer_match: false,
      steps: 6,
      extra: { question: 'q1?' },
    });
    expect(s.cases[0]).toMatchObject({ completed: true, reward: 1, duration_seconds: 2.8 });
    expectCanonical('multihop-rlm', s);
  });

  it('a file with several models needs a model per side, and says which it holds', async () => {
    const r = await runCli('compare', '--baseline', file, '--candidate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `holds 2 models: "${REGULAR}" (10 records), "${RLM}" (10 records); choose one per side with --baseline-model / --candidate-model`,
    );
    const missing = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', 'GPT-5', '--candidate-model', RLM);
    expect(missing.stderr).toContain('no records of model "GPT-5"');
  });

  it('compares two models of one file end to end, with the head-to-head win rate', async () => {
    const r = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', REGULAR, '--candidate-model', RLM, '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { head_to_head: unknown; cases: { case_id: string; completion_regression: boolean }[] };
    expect(report.head_to_head).toEqual({ common: 10, wins: 1, losses: 2, ties: 7, win_rate: 0.45 });
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['hotpot_001', 'hotpot_006']);
    const md = await runCli('compare', '--baseline', file, '--candidate', file, '--baseline-model', REGULAR, '--candidate-model', RLM);
    expect(md.stdout).toContain('**Head to head** on reward over 10 common cases: the candidate wins 1, loses 2, ties 7 (win rate 45.0%, ties counted half).');
    // Through the configuration instead of flags.
    const cfg = tempFiles({ 'b.yml': `input:\n  baseline_model: "${RLM}"\n  candidate_model: "${RLM}"\n` });
    expect((await runCli('compare', '--baseline', file, '--candidate', file, '--config', join(cfg, 'b.yml'))).code).toBe(0);
  });

  it('names the line and the field of a broken record', () => {
    const d = tempFiles({
      'r.jsonl': [
        '{"model": "m", "example_id": "a", "exact_match": 1, "f1": 1}',
        '{"model": "m", "example_id": "b", "exact_match": 1, "f1": "abc"}',
        '{"model": "m", "exact_match": 2, "f1": 0.5}',
        '{"model": "m", "example_id": "a", "exact_match": 0, "f1": 0.1}',
      ].join('\n'),
    });
    expect(() => loadSummary(join(d, 'r.jsonl'))).toThrow(
      `${join(d, 'r.jsonl')}: 2 problems:\n  - line 2: "f1": expected a number from 0 to 1, got the string "abc"\n  - line 3: "example_id": expected an example id (a string or number), got nothing (the field is missing)`,
    );
  });
});
