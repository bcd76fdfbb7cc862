// lm-evaluation-harness v0.3 results files (fixtures/real/llm-eval/README.md, "lm-eval v0.3
// results": the harness's own published bloom results). v0.3's main.py writes `results` of plain
// metric names, `versions` and `config`, and no per-sample file (issue 42: such files were refused
// as "not a benchmark summary" with the v0.4 shape as the reason).
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary, parseSummary } from '../../../src/adapters/registry.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { inputError } from '../../helpers/input-error.js';

const at = (m: string): string => join(FIXTURES, 'real', 'llm-eval', `lm-eval-0.3-bloom-${m}_common_sense_reasoning_0-shot.json`);
const TASKS = ['boolq', 'arc_easy', 'openbookqa', 'hellaswag', 'swag', 'arc_challenge', 'mc_taco', 'wsc273', 'winogrande', 'prost', 'copa', 'piqa'];

describe('lm-eval v0.3 results', () => {
  it.each([
    ['1b1', 0.5908256880733945],
    ['1b7', 0.617737003058104],
  ])('bloom-%s: one case per task on its first metric, the model from model_args', (m, boolq) => {
    const s = loadSummary(at(m));
    expect(s.format).toBe('lm-eval-results');
    expect(s.cases.map((c) => c.id).sort()).toEqual([...TASKS].sort());
    expect(s.cases.find((c) => c.id === 'boolq')).toMatchObject({ reward: boolq, completed: true, extra: { metric: 'acc', higher_is_better: true } });
    expect(s.cases.find((c) => c.id === 'mc_taco')?.extra).toMatchObject({ metric: 'em', higher_is_better: true });
    expect(s.run.model).toBe(`bigscience/bloom-${m}`);
    expect(s.metadata).toMatchObject({ 'lm_eval.aggregate_only': 'true', 'lm_eval.results_layout': 'v0.3' });
  });

  it('the pair is compared task by task (no exit 2 or 4)', async () => {
    const r = await runCli('compare', '--baseline', at('1b1'), '--candidate', at('1b7'), '--format', 'json');
    expect([0, 1, 3], r.stderr).toContain(r.code);
    const json = JSON.parse(r.stdout) as { case_summary: { common_cases: number }; findings: { code: string }[] };
    expect(json.case_summary.common_cases).toBe(12);
    expect(json.findings.map((f) => f.code)).toContain('aggregates-only');
  });

  it('a v0.3 lower-is-better metric (lambada ppl) is read as such', () => {
    const s = parseSummary('r.json', {
      results: { lambada: { ppl: 12.5, ppl_stderr: 0.4, acc: 0.6 } },
      versions: { lambada: 0 },
      config: { model: 'gpt2', model_args: '' },
    });
    expect(s.cases[0]?.extra).toMatchObject({ metric: 'ppl', higher_is_better: false });
    expect(s.cases[0]?.reward).toBeCloseTo(-Math.log(12.5));
    expect(s.run.model).toBeNull();
  });

  it('a v0.3 task with no number is refused, naming the task', () => {
    const msg = inputError(() =>
      parseSummary('r.json', { results: { boolq: { acc_stderr: 0.01 } }, versions: { boolq: 1 }, config: { model: 'gpt2' } }, 'lm-eval'),
    );
    expect(msg).toBe('r.json: $.results["boolq"]: expected at least one metric with a number ("acc": 0.34), got an object');
  });
});
