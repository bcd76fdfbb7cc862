// The real promptfoo outputs (fixtures/real/promptfoo, written by promptfoo 0.43.1, 0.91.3 and
// 0.121.20; its README says how): every file read, every pair judged as the README describes, the
// reports kept as goldens.
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { expectGolden } from '../../helpers/golden.js';

const DIR = relative(process.cwd(), join(FIXTURES, 'real', 'promptfoo'));
const at = (name: string): string => join(DIR, name);

interface Report {
  verdict: string;
  case_summary: { common_cases: number };
  cases: { case_id: string; completion_regression: boolean }[];
  findings: { code: string; blocking: boolean }[];
}

async function compare(base: string, cand: string, args: string[]): Promise<{ code: number; report: Report; markdown: string }> {
  const json = await runCli('compare', '--baseline', at(base), '--candidate', at(cand), ...args, '--format', 'json');
  expect(json.stderr.includes('    at '), json.stderr).toBe(false);
  const md = await runCli('compare', '--baseline', at(base), '--candidate', at(cand), ...args);
  return { code: json.code, report: JSON.parse(json.stdout) as Report, markdown: md.stdout };
}

const FIVE = ['arithmetic', 'capital', 'question=Please crash now', 'refund window', 'unknown'];

describe('real promptfoo outputs: each file', () => {
  it.each([
    ['out-0.121.20.json', 'v3'],
    ['out-0.121.20.jsonl', 'jsonl'],
    ['out-0.91.3.json', 'v2'],
    ['out-0.43.1.json', 'v2'],
  ])('%s: 5 tests named by description, else vars; assertion failure not completed, provider error an error', (file, layout) => {
    const b = loadSummary(at(file), { format: 'auto', model: 'baseline' });
    const c = loadSummary(at(file), { format: 'auto', model: 'candidate' });
    expect(b.format).toBe('promptfoo');
    expect(b.metadata['promptfoo.layout']).toBe(layout);
    expect(b.cases.map((x) => x.id).sort()).toEqual(FIVE);
    expect(b.cases.every((x) => x.completed && x.error === null)).toBe(true);
    expect(b.cases.find((x) => x.id === 'refund window')?.reward).toBe(0.7);
    const row = (id: string): unknown => {
      const x = c.cases.find((k) => k.id === id);
      return x && [x.completed, x.reward, x.error, x.extra['failure']];
    };
    expect(row('arithmetic')).toEqual([false, 0, null, 'assertion']);
    expect(row('question=Please crash now')).toEqual([false, 0, 'upstream 500: simulated provider failure', 'error']);
    expect(row('capital')).toEqual([true, 1, null, null]);
    expect(c.cases.find((x) => x.id === 'capital')).toMatchObject({
      duration_seconds: expect.any(Number),
      usage: { prompt_tokens: 50, completion_tokens: 5 },
      final_response: 'Paris',
      extra: { cost_usd: 0.0002 },
    });
    expect(c.run.model).toBe('candidate');
  });

  it.each(['out-single-a-0.121.20.json', 'out-single-b-0.121.20.json'])('%s: two tests described "capital" are two cases, told apart by their vars', (file) => {
    const s = loadSummary(at(file));
    expect(s.cases.map((x) => x.id)).toEqual(['capital', 'arithmetic', 'refund window', 'capital [question=What is the capital of France? (again)]']);
  });

  it.each(['out-single3-a-0.121.20.json', 'out-single3-a-0.121.20.jsonl', 'out-single3-b-0.121.20.json', 'out-single3-b-0.121.20.jsonl'])(
    '%s: one provider, nothing to choose; JSON and JSON Lines read alike',
    (file) => {
      const s = loadSummary(at(file));
      expect(s.cases.map((x) => x.id)).toEqual(['capital', 'arithmetic', 'refund window']);
      const same = loadSummary(at(file.endsWith('.jsonl') ? file.replace(/l$/, '') : `${file}l`));
      expect(s.cases.map((x) => [x.id, x.completed, x.reward, x.error])).toEqual(same.cases.map((x) => [x.id, x.completed, x.reward, x.error]));
    },
  );

  it('out-0.91.3.json: a provider id shared by two labelled providers does not choose between them', () => {
    expect(() => loadSummary(at('out-0.91.3.json'), { format: 'auto', model: 'file://provA.js' })).toThrow(
      'out-0.91.3.json: the provider id "file://provA.js" (--baseline-model / --candidate-model) is shared by the providers labelled "baseline", "candidate"; choose one by its label',
    );
  });

  it('out-prompts-0.121.20.json: one provider, two prompts: a side is a prompt label, or the provider with a prompt', () => {
    const concise = loadSummary(at('out-prompts-0.121.20.json'), { format: 'auto', model: 'concise' });
    expect(concise.cases.map((x) => [x.id, x.reward])).toEqual([
      ['capital', 1],
      ['arithmetic', 1],
      ['refund window', 0.4],
    ]);
    expect(concise.metadata).toMatchObject({ provider: 'model-a', prompt: 'concise' });
    const both = loadSummary(at('out-prompts-0.121.20.json'), { format: 'auto', model: 'model-a', prompt: 'verbose' });
    expect(both.metadata).toMatchObject({ prompt: 'verbose' });
    expect(both.cases.every((x) => x.extra['prompt'] === 'verbose')).toBe(true);
    const all = loadSummary(at('out-prompts-0.121.20.json'));
    expect(all.cases.map((x) => x.id)).toEqual([
      'capital [prompt concise]',
      'capital [prompt verbose]',
      'arithmetic [prompt concise]',
      'arithmetic [prompt verbose]',
      'refund window [prompt concise]',
      'refund window [prompt verbose]',
    ]);
  });
});

describe('real promptfoo outputs: pairs (reports as goldens)', () => {
  const cases: [string, string, string, string[], number, number, string[]][] = [
    ['0.121-aa', 'out-0.121.20.json', 'out-0.121.20.json', ['--baseline-model', 'baseline', '--candidate-model', 'baseline'], 0, 5, []],
    [
      '0.121-ab',
      'out-0.121.20.json',
      'out-0.121.20.json',
      ['--baseline-model', 'baseline', '--candidate-model', 'candidate'],
      1, // the provider error (a bare upstream 500 of the provider under test) counts: 2 regressions
      5,
      ['arithmetic', 'question=Please crash now'],
    ],
    [
      '0.121-jsonl-ab',
      'out-0.121.20.jsonl',
      'out-0.121.20.jsonl',
      ['--baseline-model', 'baseline', '--candidate-model', 'candidate'],
      1, // the provider error (a bare upstream 500 of the provider under test) counts: 2 regressions
      5,
      ['arithmetic', 'question=Please crash now'],
    ],
    ['single3-jsonl-ab', 'out-single3-a-0.121.20.jsonl', 'out-single3-b-0.121.20.jsonl', [], 1, 3, ['arithmetic']],
    [
      'single3-json-ab',
      'out-single3-a-0.121.20.json',
      'out-single3-b-0.121.20.json',
      ['--baseline-model', 'model-a', '--candidate-model', 'model-b'],
      1,
      3,
      ['arithmetic'],
    ],
    ['dup-description-aa', 'out-single-a-0.121.20.json', 'out-single-a-0.121.20.json', [], 0, 4, []],
    ['dup-description-ab', 'out-single-a-0.121.20.json', 'out-single-b-0.121.20.json', [], 1, 4, ['arithmetic']],
    ['prompts-ab', 'out-prompts-0.121.20.json', 'out-prompts-0.121.20.json', ['--baseline-model', 'concise', '--candidate-model', 'verbose'], 0, 3, []],
    [
      'prompts-option-ab',
      'out-prompts-0.121.20.json',
      'out-prompts-0.121.20.json',
      ['--baseline-prompt', 'concise', '--candidate-model', 'model-a', '--candidate-prompt', 'verbose'],
      0,
      3,
      [],
    ],
    ['0.91-aa', 'out-0.91.3.json', 'out-0.91.3.json', ['--baseline-model', 'baseline', '--candidate-model', 'baseline'], 0, 5, []],
    [
      '0.91-ab',
      'out-0.91.3.json',
      'out-0.91.3.json',
      ['--baseline-model', 'baseline', '--candidate-model', 'candidate'],
      1, // the provider error (a bare upstream 500 of the provider under test) counts: 2 regressions
      5,
      ['arithmetic', 'question=Please crash now'],
    ],
    [
      '0.43-ab',
      'out-0.43.1.json',
      'out-0.43.1.json',
      ['--baseline-model', 'baseline', '--candidate-model', 'candidate'],
      1, // the provider error (a bare upstream 500 of the provider under test) counts: 2 regressions
      5,
      ['arithmetic', 'question=Please crash now'],
    ],
    ['0.43-to-0.121', 'out-0.43.1.json', 'out-0.121.20.json', ['--baseline-model', 'baseline', '--candidate-model', 'baseline'], 0, 5, []],
    [
      '0.91-to-jsonl-ab',
      'out-0.91.3.json',
      'out-0.121.20.jsonl',
      ['--baseline-model', 'baseline', '--candidate-model', 'candidate'],
      1, // the provider error (a bare upstream 500 of the provider under test) counts: 2 regressions
      5,
      ['arithmetic', 'question=Please crash now'],
    ],
  ];
  it.each(cases)('%s', async (name, base, cand, args, exit, common, regressions) => {
    const { code, report, markdown } = await compare(base, cand, args);
    expect(code).toBe(exit);
    expect(report.case_summary.common_cases).toBe(common);
    expect(
      report.cases
        .filter((c) => c.completion_regression)
        .map((c) => c.case_id)
        .sort(),
    ).toEqual(regressions);
    if (exit === 0) expect(report.findings.filter((f) => f.blocking)).toEqual([]);
    expectGolden(`real/promptfoo/${name}.md`, markdown);
  });
});
