/**
 * The seed systems' real outputs (copied from ../shared/samples/real; each folder's README names the
 * commit that wrote them): every file is read auto-detected, the same file on both sides promotes with
 * no finding that holds, and the pairs the READMEs describe give the verdict and the regressed cases
 * the data implies. The summaries and the pairs' reports are goldens (__tests__/golden/real/).
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary, UnknownFormat } from '../../../src/adapters/registry.js';
import type { BenchmarkSummary } from '../../../src/schema/summary.js';
import { FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';
import { expectGolden } from '../../helpers/golden.js';

/** Paths relative to the repository root, so the reports (which name the files) are the same everywhere. */
const REAL = relative(process.cwd(), join(FIXTURES, 'real'));
const at = (...p: string[]): string => join(REAL, ...p);

interface Report {
  verdict: string;
  case_summary: { common_cases: number };
  findings: { code: string; side: string | null; blocking: boolean; message: string; case_ids: string[] }[];
  cases: { case_id: string; completion_regression: boolean; candidate_error: string | null }[];
}

async function compare(baseline: string, candidate: string, ...args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const r = await runCli('compare', '--baseline', baseline, '--candidate', candidate, ...args, '--format', 'json');
  return { code: r.code, report: (r.code === 2 ? null : JSON.parse(r.stdout)) as Report, stderr: r.stderr };
}

/** The same file on both sides: promotes, nothing holds the verdict, every case paired. */
async function expectSameFilePromotes(file: string, cases: number, ...args: string[]): Promise<void> {
  const { code, report } = await compare(file, file, ...args);
  expect(report.findings.filter((f) => f.blocking)).toEqual([]);
  expect(code).toBe(0);
  expect(report.case_summary.common_cases).toBe(cases);
}

const regressed = (r: Report): string[] => r.cases.filter((c) => c.completion_regression).map((c) => c.case_id);
const summaryGolden = (name: string, s: BenchmarkSummary): void => expectGolden(`real/${name}.json`, `${JSON.stringify(s, null, 2)}\n`);
async function reportGolden(name: string, ...argv: string[]): Promise<number> {
  const r = await runCli('compare', ...argv);
  expectGolden(`real/${name}.md`, r.stdout);
  return r.code;
}

describe('RLM benchmark runner (rlm-minimal run_benchmarks.py @ 0b20f2a)', () => {
  const ids = ['oolong/0', 'oolong/1', 'oolong/2', 'oolong/3', 'deep_research/0', 'deep_research/1', 'ruler/0', 'ruler/1', 'ruler/2', 'ruler/3'];

  it('realcode-base/summary.json: every task a case, is_correct the completion, execution_time the latency', async () => {
    const s = loadSummary(at('rlm-runner', 'realcode-base', 'summary.json'));
    expect(s.format).toBe('rlm-runner');
    expect(s.cases.map((c) => [c.id, c.completed])).toEqual(ids.map((id) => [id, true]));
    expect(s.cases[0]).toMatchObject({
      duration_seconds: 5.9604644775390625e-6,
      final_response: 'answer 0',
      expected_answer: 'answer 0',
      answer_match: true,
      labels: { task_family: 'oolong' },
    });
    expect(s.reported).toMatchObject({ total_cases: 10, completed_cases: 10 });
    summaryGolden('rlm-runner-realcode-base', s);
    await expectSameFilePromotes(at('rlm-runner', 'realcode-base', 'summary.json'), 10);
  });

  it('realcode-cand/summary.json: task 2 of oolong and ruler wrong ("75.00%" read as 0.75, its counts agree)', async () => {
    const s = loadSummary(at('rlm-runner', 'realcode-cand', 'summary.json'));
    expect(s.cases.filter((c) => !c.completed).map((c) => c.id)).toEqual(['oolong/2', 'ruler/2']);
    expect(s.reported).toMatchObject({ total_cases: 10, completed_cases: 8 });
    summaryGolden('rlm-runner-realcode-cand', s);
    await expectSameFilePromotes(at('rlm-runner', 'realcode-cand', 'summary.json'), 10);
  });

  it.each(['realcode-base', 'realcode-cand'].flatMap((run) => ['oolong', 'deep_research', 'ruler'].map((b) => [run, b])))(
    '%s/%s_results.json on its own: the same tasks as the summary',
    async (run, benchmark) => {
      const file = at('rlm-runner', run, `${benchmark}_results.json`);
      const s = loadSummary(file);
      const fromSummary = loadSummary(at('rlm-runner', run, 'summary.json')).cases.filter((c) => c.labels.task_family === benchmark);
      expect(s.format).toBe('rlm-runner');
      expect(s.cases.map((c) => [c.id, c.completed, c.duration_seconds])).toEqual(fromSummary.map((c) => [c.id, c.completed, c.duration_seconds]));
      await expectSameFilePromotes(file, benchmark === 'deep_research' ? 2 : 4);
    },
  );

  it('base -> cand holds on oolong/2 and ruler/2; the reverse promotes (reports golden)', async () => {
    const base = at('rlm-runner', 'realcode-base', 'summary.json');
    const cand = at('rlm-runner', 'realcode-cand', 'summary.json');
    const ab = await compare(base, cand);
    expect([ab.code, regressed(ab.report)]).toEqual([1, ['oolong/2', 'ruler/2']]);
    const ba = await compare(cand, base);
    expect([ba.code, regressed(ba.report)]).toEqual([0, []]);
    expect(await reportGolden('rlm-runner-realcode-ab', '--baseline', base, '--candidate', cand)).toBe(1);
  });

  it('seed001-doc-shape/summary.json: no task rows, the benchmark is one case with its accuracy ("0.85")', async () => {
    const s = loadSummary(at('rlm-runner', 'seed001-doc-shape', 'summary.json'));
    expect(s.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([['oolong', true, 0.85]]);
    summaryGolden('rlm-runner-doc-shape', s);
    await expectSameFilePromotes(at('rlm-runner', 'seed001-doc-shape', 'summary.json'), 1);
  });

  it('seed001-doc-shape-all-error.json: a run whose every benchmark raised never promotes (report golden)', async () => {
    const file = at('rlm-runner', 'seed001-doc-shape-all-error.json');
    const s = loadSummary(file);
    expect(s.cases.map((c) => [c.id, c.completed, c.error])).toEqual([['oolong', false, "'dict' object has no attribute 'context'"]]);
    const aa = await compare(file, file);
    expect(aa.code).toBe(1);
    expect(aa.report.findings.filter((f) => f.blocking).map((f) => [f.code, f.side])).toEqual([
      ['empty-run', 'baseline'],
      ['empty-run', 'candidate'],
    ]);
    const doc = at('rlm-runner', 'seed001-doc-shape', 'summary.json');
    const toError = await compare(doc, file);
    expect([toError.code, toError.report.case_summary.common_cases, regressed(toError.report)]).toEqual([1, 1, ['oolong']]);
    expect(toError.report.cases[0]?.candidate_error).toBe("'dict' object has no attribute 'context'");
    expect(await reportGolden('rlm-runner-doc-to-all-error', '--baseline', doc, '--candidate', file)).toBe(1);
  });

  it('a benchmark that raised among task rows: its planned tasks are missing (incomplete-run holds); a task that raised shows its error', async () => {
    const d = tempFiles({});
    const data = JSON.parse(readFileSync(at('rlm-runner', 'realcode-base', 'summary.json'), 'utf8')) as { benchmarks: Record<string, Record<string, unknown>> };
    data.benchmarks['ruler'] = { error: 'RULER dataset not found' };
    // As process_task_async writes a task whose call raised, and the metrics the runner then computes.
    const oolong = data.benchmarks['oolong'] as { results: Record<string, unknown>[]; metrics: Record<string, unknown> };
    oolong.results[1] = { task_index: 1, query: 'q', error: 'rate limited', execution_time: 0.5, success: false };
    Object.assign(oolong.metrics, { overall_accuracy: '75.00%', correct_tasks: 3 });
    writeFileSync(join(d, 'summary.json'), JSON.stringify(data));
    const s = loadSummary(join(d, 'summary.json'));
    expect(s.cases.map((c) => c.id)).toEqual(ids.slice(0, 6));
    expect(s.cases[1]).toMatchObject({ completed: false, error: 'rate limited', duration_seconds: 0.5 });
    expect(s.reported.total_cases).toBe(10); // ruler's 4 planned tasks (configuration.max_tasks)
    const r = await compare(at('rlm-runner', 'realcode-base', 'summary.json'), join(d, 'summary.json'));
    expect(r.code).toBe(1);
    expect(r.report.findings.filter((f) => f.blocking).map((f) => [f.code, f.message])).toEqual([
      ['incomplete-run', 'The candidate run attempted 6 of 10 planned cases.'],
      ['missing-cases', '4 baseline cases are missing from the candidate run.'],
    ]);
    // A rate limit: not measured (named beside), yet a completion regression as rlm-code's rows count it.
    expect(r.report.cases.find((c) => c.case_id === 'oolong/1')).toMatchObject({ completion_regression: true, candidate_error: 'rate limited' });
    expect(r.report.findings.find((f) => f.code === 'infrastructure-failures')?.case_ids).toEqual(['oolong/1']);
    const same = await compare(join(d, 'summary.json'), join(d, 'summary.json'));
    expect([same.code, same.report.findings.filter((f) => f.blocking).map((f) => f.code)]).toEqual([1, ['incomplete-run', 'incomplete-run']]);
  });

  it('a .json file that is none of the formats still keeps every format tried and why', () => {
    const d = tempFiles({ 'summary.json': JSON.stringify({ model: 'm', benchmarks: { oolong: { accuracy: 0.5 } } }) });
    let error: unknown;
    try {
      loadSummary(join(d, 'summary.json'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnknownFormat);
    expect((error as UnknownFormat).tried.join('\n')).toMatch(
      /^rlm-runner: expected .*; here: its benchmarks have no `results`, `metrics`, `error` or `status`\n(?:.*\n)*records: /m,
    );
  });

  it("the sync benchmarks' rows (task_id, correct, time_taken), null is_correct, and an accuracy that is no number", () => {
    const d = tempFiles({
      'oolong_results.json': JSON.stringify({
        benchmark: 'OOLONGBenchmark',
        config: {},
        results: [
          { task_id: 0, correct: true, time_taken: 1.5 },
          { task_id: 1, correct: false, time_taken: 2, error: 'boom' },
        ],
        metrics: { overall_accuracy: '50.00%', total_tasks: 2, correct_tasks: 1, average_time_per_task: '1.75s' },
        start_time: 1,
        end_time: 4.5,
        duration: 3.5,
      }),
      'summary.json': JSON.stringify({
        model: 'm',
        benchmarks: {
          oolong: {
            name: 'OOLONG',
            results: [{ task_index: 0, is_correct: null, execution_time: 1, success: true }],
            metrics: { overall_accuracy: '0.00%', total_tasks: 1, correct_tasks: 0 },
          },
        },
      }),
      'bad.json': JSON.stringify({
        model: 'm',
        benchmarks: {
          ruler: { name: 'RULER', metrics: { overall_accuracy: '75,00 %', total_tasks: 4, correct_tasks: 3 } },
          oolong: { metrics: { overall_accuracy: '150.00%' } },
        },
      }),
    });
    expect(loadSummary(join(d, 'oolong_results.json')).cases.map((c) => [c.id, c.completed, c.duration_seconds, c.error])).toEqual([
      ['oolong/0', true, 1.5, null],
      ['oolong/1', false, 2, 'boom'],
    ]);
    expect(loadSummary(join(d, 'summary.json')).cases.map((c) => [c.id, c.completed, c.answer_match])).toEqual([['oolong/0', false, null]]);
    expect(() => loadSummary(join(d, 'bad.json'))).toThrow(
      `${join(d, 'bad.json')}: 2 problems:\n  - $.benchmarks.ruler: "metrics.overall_accuracy": expected a number from 0 to 1, a fraction in a string ("0.85") or a percentage ("75.00%"), got the string "75,00 %"\n  - $.benchmarks.oolong: "metrics.overall_accuracy": expected a number from 0 to 1, a fraction in a string ("0.85") or a percentage ("75.00%"), got the string "150.00%"`,
    );
  });
});

describe('multi-hop QA suite (artvandelay/rlm benchmarks/runner.py @ 9a58855)', () => {
  /** Per model as the suite's viewer computes them: EM count, mean F1, mean calls, error entries. */
  const viewer: Record<string, [string, number, number, number, number, number][]> = {
    'hotpot_qa_results.jsonl': [
      ['regular', 10, 0, 0.173, 0, 0],
      ['rlm', 10, 0, 0.569, 5.7, 0],
    ],
    'hotpot_qa_results_20260105_050818.jsonl': [
      ['GPT-5.1', 20, 5, 0.482, 1, 0],
      ['GPT-4o-mini (RLM)', 20, 0, 0.432, 14.9, 0],
      ['Xiaomi Mimo v2 Flash (RLM)', 20, 0, 0, 0, 20],
      ['Z-AI GLM-4.7 (RLM)', 20, 0, 0.502, 5.1, 0],
      ['MiniMax M2.1 (RLM)', 20, 0, 0.531, 4.9, 0],
    ],
    'hotpot_qa_results_20260105_054656.jsonl': [
      ['GPT-5.1', 5, 0, 0.385, 1, 0],
      ['GPT-4o-mini (RLM)', 5, 0, 0.331, 12.6, 0],
      ['Z-AI GLM-4.7 (RLM)', 5, 0, 0.331, 5, 0],
      ['MiniMax M2.1 (RLM)', 5, 0, 0.503, 4, 0],
    ],
  };

  it.each(Object.keys(viewer))("%s: each model read as the suite's viewer counts it; one model against itself promotes", async (name) => {
    const file = at('hotpotqa', name);
    for (const [model, n, em, f1, calls, errors] of viewer[name] ?? []) {
      const s = loadSummary(file, { format: 'auto', model });
      expect(s.format).toBe('multihop-qa');
      expect(s.cases).toHaveLength(n);
      expect(s.cases.filter((c) => c.completed)).toHaveLength(em);
      // The viewer's mean F1 counts an error entry's F1 (kept as suite_f1); benchgate's reward for it is 0.
      const suiteF1 = s.cases.map((c) => (c.error === null ? c.reward : (c.extra['suite_f1'] as number)));
      expect(suiteF1.reduce((a, b) => a + b, 0) / n, `${model} mean F1`).toBeCloseTo(f1, 3);
      expect(s.cases.reduce((a, c) => a + c.steps, 0) / n, `${model} mean calls`).toBeCloseTo(calls, 1);
      expect(s.cases.filter((c) => c.error !== null)).toHaveLength(errors);
    }
    const [first] = viewer[name] ?? [];
    summaryGolden(`multihop-${name.replace(/\.jsonl$/, '')}-${first?.[0] ?? ''}`, loadSummary(file, { format: 'auto', model: first?.[0] }));
    await expectSameFilePromotes(file, first?.[1] ?? 0, '--baseline-model', first?.[0] ?? '', '--candidate-model', first?.[0] ?? '');
  });

  it('050818: GPT-5.1 -> MiniMax M2.1 (RLM) loses the five exact matches; the head-to-head on F1 stays (report golden)', async () => {
    const file = at('hotpotqa', 'hotpot_qa_results_20260105_050818.jsonl');
    const args = ['--baseline-model', 'GPT-5.1', '--candidate-model', 'MiniMax M2.1 (RLM)', '--max-steps-increase', 'inf'];
    const r = await compare(file, file, ...args);
    expect([r.code, r.report.case_summary.common_cases]).toEqual([1, 20]);
    expect(regressed(r.report).sort()).toEqual([
      '5a7129685542994082a3e5fa',
      '5a77897f55429949eeb29edc',
      '5a8aa5835542996c9b8d5f4e',
      '5ae4c01e55429913cc2044f3',
      '5ae6b6065542991bbc976168',
    ]);
    expect((r.report as unknown as { head_to_head: { common: number } }).head_to_head.common).toBe(20);
    expect(await reportGolden('multihop-050818-gpt-vs-minimax', '--baseline', file, '--candidate', file, ...args)).toBe(1);
  });

  it('050818: a model every entry of which is an error (HTTP 404) answered nothing: it never promotes', async () => {
    const file = at('hotpotqa', 'hotpot_qa_results_20260105_050818.jsonl');
    const model = 'Xiaomi Mimo v2 Flash (RLM)';
    const s = loadSummary(file, { format: 'auto', model });
    expect(s.cases[0]).toMatchObject({ completed: false, reward: 0, duration_seconds: null, final_response: null });
    expect(s.cases[0]?.error).toContain('No endpoints found for xiaomi/mimo-v2-flash.');
    const r = await compare(file, file, '--baseline-model', model, '--candidate-model', model);
    expect(r.code).toBe(1);
    expect(r.report.findings.filter((f) => f.blocking).map((f) => f.code)).toEqual(['empty-run', 'empty-run']);
  });

  it('the oldest layout (regular / rlm) and the newest file compare per example; tokens come from usage', async () => {
    const old = at('hotpotqa', 'hotpot_qa_results.jsonl');
    const r = await compare(old, old, '--baseline-model', 'regular', '--candidate-model', 'rlm', '--max-steps-increase', 'inf');
    expect([r.code, r.report.case_summary.common_cases, regressed(r.report)]).toEqual([0, 10, []]);
    const rlm = loadSummary(old, { format: 'auto', model: 'rlm' });
    expect(rlm.cases[0]).toMatchObject({
      steps: 4,
      usage: { total_calls: 4, prompt_tokens: 8263, completion_tokens: 284 },
      extra: { winner: 'rlm', provider_model: 'openai/gpt-4o-mini' },
    });
    expect(loadSummary(old, { format: 'auto', model: 'regular' }).cases[0]?.usage).toBeNull();
    const bad = tempFiles({
      'r.jsonl': `${JSON.stringify({ id: 'a', gold_answer: 'x', models: { m: { answer: 'x', em: true, f1: 1, usage: { model_usage_summaries: { p: { total_calls: 2, total_input_tokens: 1.5 } } } } } })}\n`,
    });
    expect(() => loadSummary(join(bad, 'r.jsonl'), { format: 'auto', model: 'm' })).toThrow(
      `${join(bad, 'r.jsonl')}: line 1: "models.m.usage.model_usage_summaries.p.total_input_tokens": expected a whole number, got the number 1.5`,
    );
    // A run of one example is a one-line file: still read as the suite's.
    const one = tempFiles({ 'r.jsonl': `${readFileSync(old, 'utf8').split('\n')[0] ?? ''}\n` });
    expect(loadSummary(join(one, 'r.jsonl'), { format: 'auto', model: 'rlm' }).cases.map((c) => c.id)).toEqual(['5a8b57f25542995d1e6f1371']);
    const newest = at('hotpotqa', 'hotpot_qa_results_20260105_054656.jsonl');
    const n = await compare(newest, newest, '--baseline-model', 'GPT-5.1', '--candidate-model', 'MiniMax M2.1 (RLM)', '--max-steps-increase', 'inf');
    expect([n.code, n.report.case_summary.common_cases, regressed(n.report)]).toEqual([0, 5, []]);
  });

  it('a model absent from the file lists the models there; a file of several models needs one per side; the configuration chooses too', async () => {
    const file = at('hotpotqa', 'hotpot_qa_results_20260105_054656.jsonl');
    const missing = await compare(file, file, '--baseline-model', 'GPT-5.1', '--candidate-model', 'Xiaomi Mimo v2 Flash (RLM)');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      `${file}: no records of model "Xiaomi Mimo v2 Flash (RLM)"; the file holds "GPT-5.1" (5 records), "GPT-4o-mini (RLM)" (5 records), "Z-AI GLM-4.7 (RLM)" (5 records), "MiniMax M2.1 (RLM)" (5 records)`,
    );
    const none = await compare(file, file);
    expect(none.stderr).toContain('holds 4 models');
    const cfg = tempFiles({ 'b.yml': 'input:\n  baseline_model: "Z-AI GLM-4.7 (RLM)"\n  candidate_model: "GPT-4o-mini (RLM)"\n' });
    const byConfig = await compare(file, file, '--config', join(cfg, 'b.yml'), '--max-steps-increase', 'inf');
    expect(byConfig.report.case_summary.common_cases).toBe(5);
  });
});

describe('RimWorld Learning Environment (AppSprout-dev/RLE run_scenario.py, as build_rle.py writes it)', () => {
  /** The README's table: outcome, score, ticks, cost, pricing source. */
  const runs: Record<string, Record<string, [string, number, number, number, string]>> = {
    'runs-base': {
      '01_crashlanded_survival': ['timeout', 0.612, 10, 0.044, 'openrouter_api'],
      '02_first_winter': ['victory', 0.701, 10, 0.051, 'openrouter_api'],
      '04_raid_defense': ['defeat', 0.233, 7, 0.031, 'openrouter_api'],
    },
    'runs-cand': {
      '01_crashlanded_survival': ['timeout', 0.64, 10, 0.047, 'override'],
      '02_first_winter': ['defeat', 0.402, 6, 0.038, 'override'],
      '04_raid_defense': ['victory', 0.655, 10, 0.04, 'unknown'],
    },
  };
  const files = Object.entries(runs).flatMap(([dir, scenarios]) => Object.entries(scenarios).map(([stem, want]) => [dir, stem, want] as const));

  it.each(files)(
    '%s/%s_summary.json: victory completes, final_score the reward, ticks the steps, the cost with its source',
    async (dir, stem, [outcome, score, ticks, usd, source]) => {
      const file = at('rle', dir, `${stem}_summary.json`);
      const s = loadSummary(file);
      expect(s.format).toBe('rle');
      expect(s.cases).toHaveLength(1);
      expect(s.cases[0]).toMatchObject({
        completed: outcome === 'victory',
        reward: score,
        steps: ticks,
        usage: { total_calls: 70, prompt_tokens: 41000, completion_tokens: 5200 },
        extra: { outcome, cost_usd: usd, pricing_source: source },
      });
      expect(s.metadata).toMatchObject({
        scoring_version: '1.0',
        seed: 42,
        dll_hash: '3f1c0d5e9b7a',
        fork_commit: '5a1b9c2',
        model: 'nvidia/nemotron-3-super-120b-a12b',
        provider: 'openai',
      });
      if (source === 'unknown') expect([s.metadata['cost_usd'], s.metadata['pricing_source']]).toEqual([undefined, 'unknown']);
      else expect(s.metadata['cost_usd']).toBe(usd);
      await expectSameFilePromotes(file, 1);
    },
  );

  it.each(Object.keys(runs))('%s/ (a directory of summaries) is one run of three scenarios (golden)', async (dir) => {
    const s = loadSummary(at('rle', dir));
    expect(s.cases.map((c) => c.id)).toEqual(['Crashlanded Survival', 'First Winter', 'Raid Defense']);
    summaryGolden(`rle-${dir}`, s);
    await expectSameFilePromotes(at('rle', dir), 3);
  });

  it('base -> cand: First Winter victory -> defeat holds; the reverse holds on Raid Defense; an unknown price is no $0 (report golden)', async () => {
    const base = at('rle', 'runs-base');
    const cand = at('rle', 'runs-cand');
    const ab = await compare(base, cand);
    expect([ab.code, regressed(ab.report)]).toEqual([1, ['First Winter']]);
    expect((ab.report as unknown as { cost: { candidate: { source: string; total: number | null } } }).cost.candidate).toMatchObject({
      source: 'unknown',
      total: null,
    });
    const ba = await compare(cand, base);
    expect([ba.code, regressed(ba.report)]).toEqual([1, ['Raid Defense']]);
    const file = await compare(at('rle', 'runs-base', '02_first_winter_summary.json'), at('rle', 'runs-cand', '02_first_winter_summary.json'));
    expect([file.code, regressed(file.report)]).toEqual([1, ['First Winter']]);
    expect(await reportGolden('rle-runs-ab', '--baseline', base, '--candidate', cand)).toBe(1);
  });

  it('benchmark_history.jsonl: the newest run by default, or the run a timestamp or commit names; the summary says which', async () => {
    const file = at('rle', 'benchmark_history.jsonl');
    const newest = loadSummary(file);
    expect(newest.id).toBe('benchmark_history @ 2026-05-17T03:00:00+00:00 (ed2720d)');
    expect(newest.run.description).toBe('the newest run of each scenario of the history, lines 5, 6, 7: 2026-05-17T03:00:00+00:00 (commit ed2720d)');
    expect(newest.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([
      ['Crashlanded Survival', false, 0.64],
      ['First Winter', false, 0.402],
      ['Raid Defense', true, 0.655],
    ]);
    await expectSameFilePromotes(file, 3);
    const byDay = loadSummary(file, { format: 'auto', run: '2026-05-16' });
    expect(byDay.cases.map((c) => [c.id, c.reward])).toEqual([
      ['Crashlanded Survival', 0.612],
      ['First Winter', 0.701],
      ['Raid Defense', 0.233],
    ]);
    // The same comparison as the two directories, from the history alone.
    const r = await compare(file, file, '--baseline-run', '2026-05-16', '--candidate-run', '2026-05-17T03:00:00+00:00');
    expect([r.code, r.report.case_summary.common_cases, regressed(r.report)]).toEqual([1, 3, ['First Winter']]);
    const cfg = tempFiles({ 'b.yml': 'input:\n  baseline_run: "2026-05-16"\n' });
    expect(regressed((await compare(file, file, '--config', join(cfg, 'b.yml'))).report)).toEqual(['First Winter']);
    const none = await compare(file, file, '--baseline-run', 'deadbeef');
    expect([none.code, none.stderr.trim()]).toEqual([
      2,
      `benchgate: error: ${file}: no run of the history matches "deadbeef" (a timestamp or its prefix, or a git commit); it holds 2026-05-16T03:00:00+00:00 (commit ed2720d), 2026-05-17T03:00:00+00:00 (commit ed2720d)`,
    ]);
  });

  it('a history line of run_benchmark.py (one battery, its scenarios inline) is a run; lines of both kinds mix', async () => {
    const d = tempFiles({});
    cpSync(at('rle', 'benchmark_history.jsonl'), join(d, 'benchmark_history.jsonl'));
    const meta = JSON.parse(readFileSync(at('rle', 'runs-base', '01_crashlanded_survival_summary.json'), 'utf8')) as Record<string, unknown>;
    const keep = [
      'timestamp',
      'scoring_version',
      'git_commit',
      'git_branch',
      'git_dirty',
      'rle_version',
      'platform',
      'python_version',
      'docker_mode',
      'random_seed',
      'rimapi_dll_sha256',
      'rimapi_fork_commit',
    ];
    const battery = {
      ...Object.fromEntries(keep.map((k) => [k, meta[k]])),
      timestamp: '2026-05-18T09:00:00+00:00',
      git_commit: 'a1b2c3d',
      model: 'nvidia/nemotron-3-super-120b-a12b',
      provider: 'openai',
      base_url: null,
      no_think: false,
      parallel: true,
      tick_interval: 1.0,
      ticks_per_scenario: null,
      num_runs: 1,
      paired: false,
      scenarios: [
        {
          name: 'Crashlanded Survival',
          difficulty: 'medium',
          outcome: 'victory',
          score: 0.7,
          ticks: 10,
          elapsed_s: 80.5,
          sec_per_tick: 8.05,
          parse_successes: 9,
          parse_failures: 1,
          parse_rate: 0.9,
        },
        {
          name: 'First Winter',
          difficulty: 'hard',
          outcome: 'timeout',
          score: 0.5,
          ticks: 10,
          elapsed_s: 70,
          sec_per_tick: 7,
          parse_successes: 10,
          parse_failures: 0,
          parse_rate: 1,
        },
      ],
      cost_snapshot: {
        total_prompt_tokens: 80000,
        total_completion_tokens: 9000,
        total_tokens: 89000,
        estimated_cost_usd: 0.09,
        wall_time_s: 150.5,
        num_calls: 130,
      },
    };
    writeFileSync(join(d, 'benchmark_history.jsonl'), `${readFileSync(join(d, 'benchmark_history.jsonl'), 'utf8')}${JSON.stringify(battery)}\n`);
    const s = loadSummary(join(d, 'benchmark_history.jsonl'));
    expect(s.id).toBe('benchmark_history @ 2026-05-18T09:00:00+00:00 (a1b2c3d)');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.steps, c.duration_seconds, c.labels.domain])).toEqual([
      ['Crashlanded Survival', true, 0.7, 10, 80.5, 'medium'],
      ['First Winter', false, 0.5, 10, 70, 'hard'],
    ]);
    expect(s.metadata['cost_usd']).toBe(0.09);
    // The scenario lines are still there by commit prefix or date.
    expect(loadSummary(join(d, 'benchmark_history.jsonl'), { format: 'auto', run: 'ed2720d' }).cases).toHaveLength(3);
    const r = await compare(join(d, 'benchmark_history.jsonl'), join(d, 'benchmark_history.jsonl'), '--baseline-run', '2026-05-16');
    expect([r.code, r.report.case_summary.common_cases, regressed(r.report)]).toEqual([1, 2, ['First Winter']]);
  });
});

describe("the README's examples of these formats", () => {
  const readme = readDocs();
  /** The first fenced block after a heading of the documentation (at whatever level the page has it). */
  const blockAfter = (heading: string): string => {
    const title = heading.replace(/^#+ /, '').replace(/[()]/g, '\\$&');
    const m = new RegExp(`^#+ ${title}\\n[\\s\\S]*?\`\`\`(?:json)?\\n([\\s\\S]*?)\`\`\`\\n`, 'm').exec(readme);
    expect(m, heading).not.toBeNull();
    return m?.[1] ?? '';
  };

  it('RLE: the scenario summary reads as the README says', () => {
    const d = tempFiles({ 'first_winter_summary.json': blockAfter('#### RimWorld Learning Environment (`rle`)') });
    const s = loadSummary(join(d, 'first_winter_summary.json'));
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.steps, c.duration_seconds, c.usage])).toEqual([
      ['First Winter', false, 0.402, 6, 74.2, { total_calls: 70, prompt_tokens: 41000, completion_tokens: 5200, roles: null }],
    ]);
    expect(s.metadata).toMatchObject({
      scoring_version: '1.0',
      seed: 42,
      dll_hash: '3f1c0d5e9b7a',
      fork_commit: '5a1b9c2',
      model: 'nvidia/nemotron-3-super-120b-a12b',
      provider: 'openai',
      cost_usd: 0.038,
    });
  });

  it('RLM runner: task cases, a task that raised, and a benchmark that raised (2 of 6 planned cases)', async () => {
    const d = tempFiles({ 'summary.json': blockAfter('#### RLM benchmark runner (`rlm-runner`)') });
    const s = loadSummary(join(d, 'summary.json'));
    expect(s.cases.map((c) => [c.id, c.completed, c.duration_seconds, c.error])).toEqual([
      ['oolong/0', true, 4.1, null],
      ['oolong/1', false, 0.2, 'rate limited'],
    ]);
    const r = await compare(join(d, 'summary.json'), join(d, 'summary.json'));
    expect(r.report.findings.filter((f) => f.blocking).map((f) => f.message)).toEqual([
      'The baseline run attempted 2 of 6 planned cases.',
      'The candidate run attempted 2 of 6 planned cases.',
    ]);
  });

  it('multi-hop QA: one model per side, an error entry not answered, steps and tokens from the entry', async () => {
    // The README wraps each line; the file has one object per line.
    const lines = blockAfter('#### Multi-hop QA results (`multihop-qa`)')
      .split(/\n(?=\{)/)
      .map((l) => JSON.stringify(JSON.parse(l)));
    const d = tempFiles({ 'hotpot_qa_results_20260105_050818.jsonl': `${lines.join('\n')}\n` });
    const file = join(d, 'hotpot_qa_results_20260105_050818.jsonl');
    const minimax = loadSummary(file, { format: 'auto', model: 'MiniMax M2.1 (RLM)' });
    expect(minimax.cases.map((c) => [c.id, c.completed, c.reward, c.steps, c.error, c.usage?.prompt_tokens ?? null])).toEqual([
      ['5a7a5672', false, 0, 0, '404', null],
      ['5ae6b606', true, 1, 5, null, 9000],
    ]);
    const r = await compare(file, file, '--baseline-model', 'GPT-5.1', '--candidate-model', 'MiniMax M2.1 (RLM)', '--max-steps-increase', 'inf');
    // No exact match lost, but the error entry's reward is 0: the mean reward falls.
    expect([r.code, r.report.case_summary.common_cases, regressed(r.report), (r.report as unknown as { failed_gates: string[] }).failed_gates]).toEqual([
      1,
      2,
      [],
      ['reward'],
    ]);
  });
});
