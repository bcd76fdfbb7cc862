// Inspect AI logs and lm-evaluation-harness samples beyond the real fixtures: epochs, every score
// value inspect_ai maps, errors, filters, and what is refused.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { scoreValue } from '../../../src/adapters/formats/inspect-ai.js';
import { taskOfSamplesFile } from '../../../src/adapters/formats/lm-eval.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { zip } from '../../helpers/zip-write.js';

const sample = (id: number | string, epoch: number, value: unknown, more: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  epoch,
  input: 'q',
  target: 'a',
  scores: value === undefined ? null : { match: { value, answer: 'x' } },
  model_usage: { 'openai/gpt-4o': { input_tokens: 10, output_tokens: 2, total_tokens: 12 } },
  total_time: 1.5,
  ...more,
});
const log = (samples: unknown[], status = 'success', model = 'openai/gpt-4o'): string =>
  JSON.stringify({
    version: 2,
    status,
    eval: { task: 'qa', model, run_id: 'r1', dataset: { name: 'qa' } },
    results: { scores: [{ name: 'match', scorer: 'match' }] },
    stats: {},
    samples,
  });

describe('Inspect AI eval logs', () => {
  it("maps score values as inspect_ai's value_to_float does", () => {
    expect(['C', 'P', 'I', 'N', true, false, 0.25, 'yes', 'FALSE', '0.75'].map(scoreValue)).toEqual([1, 0.5, 0, 0, 1, 0, 0.25, 1, 0, 0.75]);
    expect([{ a: 1 }, [1], 'maybe', '', Infinity].map(scoreValue)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('each sample x epoch a case, the sample its cluster; only a full score completes; an error is an error', () => {
    const d = tempFiles({
      'log.json': log([
        sample(1, 1, 'C'),
        sample(1, 2, 'P'),
        sample('b', 1, 'N'),
        sample('b', 2, undefined, { error: { message: 'sandbox died', traceback: '' } }),
      ]),
    });
    const s = loadSummary(join(d, 'log.json'));
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.error, c.labels.task_family])).toEqual([
      ['1 (epoch 1)', true, 1, null, '1'],
      ['1 (epoch 2)', false, 0.5, null, '1'],
      ['b (epoch 1)', false, 0, null, 'b'],
      ['b (epoch 2)', false, 0, 'sandbox died', 'b'],
    ]);
    expect(s.cases[0]?.usage).toEqual({ total_calls: 0, prompt_tokens: 10, completion_tokens: 2, roles: null });
  });

  it('a log that did not succeed is a cancelled run, which holds the verdict', async () => {
    const d = tempFiles({ 'a.json': log([sample(1, 1, 'C')]), 'b.json': log([sample(1, 1, 'C')], 'cancelled') });
    const r = await runCli('compare', '--baseline', join(d, 'a.json'), '--candidate', join(d, 'b.json'), '--format', 'json');
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { findings: { code: string; blocking: boolean }[] }).findings).toContainEqual(
      expect.objectContaining({ code: 'cancelled-run', blocking: true }),
    );
  });

  it('refuses a score it cannot map, an unscored sample and a log without samples, naming what', () => {
    const d = tempFiles({
      'dict.json': log([sample(1, 1, { a: 1 })]),
      'unscored.json': log([sample(1, 1, undefined)]),
      'header.json': JSON.stringify({ version: 2, status: 'success', eval: { task: 'qa', model: 'm' } }),
    });
    expect(() => loadSummary(join(d, 'dict.json'))).toThrow(
      `${join(d, 'dict.json')}: $.samples[0]: "scores.match.value": expected a score inspect_ai maps to a number: "C", "I", "P", "N", a number, true/false, "yes"/"no" or a numeric string, got an object`,
    );
    expect(() => loadSummary(join(d, 'unscored.json'))).toThrow(
      '$.samples[0]: "scores.match": expected the sample\'s score (a sample with neither a score nor an error was not scored), got null',
    );
    expect(() => loadSummary(join(d, 'header.json'))).toThrow('$.samples: the log holds no samples');
  });
});

describe('Inspect AI .eval logs (zip)', () => {
  const header = (status = 'success'): string =>
    JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(log([], status)) as Record<string, unknown>).filter(([k]) => k !== 'samples')));
  const write = (name: string, bytes: Buffer): string => {
    const d = tempFiles({});
    writeFileSync(join(d, name), bytes);
    return join(d, name);
  };

  it('reads header.json and samples/<id>_epoch_<n>.json, deflated or stored, as the JSON log', () => {
    const file = write(
      'qa.eval',
      zip([
        { name: '_journal/start.json', data: '{}' },
        { name: 'samples/1_epoch_1.json', data: JSON.stringify(sample(1, 1, 'C')) },
        { name: 'samples/2_epoch_1.json', data: JSON.stringify(sample(2, 1, 'I')), method: 0 },
        { name: 'header.json', data: header() },
      ]),
    );
    const s = loadSummary(file);
    expect(s.format).toBe('inspect-ai');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([
      ['1', true, 1],
      ['2', false, 0],
    ]);
    expect(s.run).toMatchObject({ model: 'openai/gpt-4o', cancelled: false });
  });

  it('a log still being written (only _journal/start.json) is a started, so cancelled, run', () => {
    const start = JSON.stringify({ version: 2, eval: { task: 'qa', model: 'm', run_id: 'r' } });
    const s = loadSummary(
      write(
        'run.eval',
        zip([
          { name: '_journal/start.json', data: start },
          { name: 'samples/1_epoch_1.json', data: JSON.stringify(sample(1, 1, 'C')) },
        ]),
      ),
    );
    expect(s.run.cancelled).toBe(true);
    expect(s.metadata['inspect.status']).toBe('started');
  });

  it('zstd entries (Inspect since 2026): read where Node.js has zstd, else refused with the way out', () => {
    const body = JSON.stringify(sample(1, 1, 'C'));
    const compress = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
    const data = compress ? compress(Buffer.from(body)) : Buffer.from('not zstd');
    const file = write(
      'z.eval',
      zip([
        { name: 'header.json', data: header() },
        { name: 'samples/1_epoch_1.json', data, method: 93, size: body.length },
      ]),
    );
    if (compress) expect(loadSummary(file).cases.map((c) => c.id)).toEqual(['1']);
    else
      expect(() => loadSummary(file)).toThrow(
        `${file}: samples/1_epoch_1.json is compressed with zstd, which Node.js ${process.version} cannot read (22.15 or later can); run benchgate on a newer Node.js, or write the log as JSON with \`inspect log convert <log> --to json\``,
      );
  });

  it('refuses broken archives by name, without reading past the end or allocating what a header claims', () => {
    const good = zip([
      { name: 'header.json', data: header() },
      { name: 'samples/1_epoch_1.json', data: JSON.stringify(sample(1, 1, 'C')) },
    ]);
    expect(() => loadSummary(write('cut.eval', good.subarray(0, good.length - 30)))).toThrow(
      'cut.eval: not a readable zip archive: no end of central directory record',
    );
    expect(() =>
      loadSummary(
        write(
          'huge.eval',
          zip([
            { name: 'header.json', data: header() },
            { name: 'samples/1_epoch_1.json', data: '{}', size: 600 * 1024 * 1024 },
          ]),
        ),
      ),
    ).toThrow('huge.eval: samples/1_epoch_1.json is 629145600 bytes uncompressed; benchgate reads entries of at most');
    expect(() => loadSummary(write('lie.eval', zip([{ name: 'header.json', data: header(), size: 5 }])))).toThrow(
      // A deflated entry longer than its directory entry says: named as a lying size (zip-read.ts ZipSizeMismatch), not as a broken archive.
      'lie.eval: header.json inflates to more than the 5 bytes its directory entry declares',
    );
    expect(() => loadSummary(write('m.eval', zip([{ name: 'header.json', data: header(), method: 12 }])))).toThrow(
      'm.eval: header.json uses zip compression method 12; benchgate reads stored (0), deflate (8) and zstd (93)',
    );
    expect(() => loadSummary(write('none.eval', zip([{ name: 'header.json', data: header() }])))).toThrow('none.eval: samples/: the log holds no samples');
    expect(() => loadSummary(write('bad.eval', zip([{ name: 'header.json', data: '{"version": 2,' }])))).toThrow(
      'bad.eval: header.json in the archive is not JSON',
    );
  });
});

const row = (doc: number, filter: string, metrics: Record<string, unknown>): string =>
  JSON.stringify({
    doc_id: doc,
    doc: { q: doc },
    target: '4',
    arguments: {},
    resps: [['4']],
    filtered_resps: ['4'],
    filter,
    metrics: Object.keys(metrics),
    doc_hash: 'h',
    prompt_hash: 'p',
    target_hash: 't',
    ...metrics,
  });
const SAMPLES = 'samples_gsm8k_2025-01-21T00-40-03.356274.jsonl';

describe('lm-evaluation-harness samples files (--log_samples)', () => {
  it('takes the task from the file name lm_eval writes', () => {
    expect(taskOfSamplesFile(`out/model/${SAMPLES}`)).toBe('gsm8k');
    expect(taskOfSamplesFile('samples_mmlu_abstract_algebra_2025-01-21T00-40-03.356274.jsonl')).toBe('mmlu_abstract_algebra');
    expect(taskOfSamplesFile('rows.jsonl')).toBeNull();
  });

  it('each document (and filter) a case named by task and doc_id; the first metric the reward, 1 completes', async () => {
    const base = [
      row(0, 'strict-match', { exact_match: 1 }),
      row(0, 'flexible-extract', { exact_match: 1 }),
      row(1, 'strict-match', { exact_match: 1 }),
      row(1, 'flexible-extract', { exact_match: 1 }),
    ].join('\n');
    const cand = [
      row(0, 'strict-match', { exact_match: 1 }),
      row(0, 'flexible-extract', { exact_match: 1 }),
      row(1, 'strict-match', { exact_match: 0 }),
      row(1, 'flexible-extract', { exact_match: 1 }),
    ].join('\n');
    const b = tempFiles({ [SAMPLES]: `${base}\n` });
    const c = tempFiles({ [SAMPLES]: `${cand}\n` });
    const s = loadSummary(join(c, SAMPLES));
    expect(s.format).toBe('lm-eval');
    expect(s.cases.map((x) => [x.id, x.completed, x.reward])).toEqual([
      ['gsm8k/0 [strict-match]', true, 1],
      ['gsm8k/0 [flexible-extract]', true, 1],
      ['gsm8k/1 [strict-match]', false, 0],
      ['gsm8k/1 [flexible-extract]', true, 1],
    ]);
    const r = await runCli('compare', '--baseline', join(b, SAMPLES), '--candidate', join(c, SAMPLES), '--format', 'json');
    expect(r.code).toBe(1);
    expect(
      (JSON.parse(r.stdout) as { cases: { case_id: string; completion_regression: boolean }[] }).cases
        .filter((x) => x.completion_regression)
        .map((x) => x.case_id),
    ).toEqual(['gsm8k/1 [strict-match]']);
  });

  it('a directory lm_eval wrote: every task of its one run, each case named by its task; several runs refused', () => {
    const date = '2025-01-21T00-40-03.356274';
    const d = tempFiles({
      [`samples_arc_easy_${date}.jsonl`]: `${row(0, 'none', { acc: 1, acc_norm: 0 })}\n`,
      [`samples_gsm8k_${date}.jsonl`]: `${row(0, 'strict-match', { exact_match: 0 })}\n`,
      [`results_${date}.json`]: '{}',
    });
    const s = loadSummary(d);
    expect(s.format).toBe('lm-eval');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.extra['metric']])).toEqual([
      ['arc_easy/0', true, 1, 'acc'],
      ['gsm8k/0', false, 0, 'exact_match'],
    ]);
    const two = tempFiles({
      [`samples_gsm8k_${date}.jsonl`]: `${row(0, 'none', { acc: 1 })}\n`,
      'samples_gsm8k_2025-02-01T10-00-00.1.jsonl': `${row(0, 'none', { acc: 1 })}\n`,
    });
    expect(() => loadSummary(two)).toThrow(
      `${two}: holds the samples of 2 lm_eval runs (dates ${date}, 2025-02-01T10-00-00.1); give one run's samples_<task>_<date>.jsonl file, or a directory holding one run`,
    );
  });

  it('refuses a sample whose metrics hold no per-sample number (corpus metrics), naming the line and metric', () => {
    const d = tempFiles({
      'samples_wmt_2025-01-21T00-40-03.jsonl': `${row(0, 'none', { bleu: [['ref'], 'hyp'] })}\n${row(1, 'none', { bleu: [['ref'], 'hyp'] })}\n`,
    });
    expect(() => loadSummary(join(d, 'samples_wmt_2025-01-21T00-40-03.jsonl'))).toThrow(
      'line 1: "bleu": expected a per-sample number for one of the metrics ["bleu"] (corpus-level metrics such as bleu or perplexity hold their inputs per sample, not a score), got an array',
    );
  });
});

describe('lm-eval results: each task on its own scale', () => {
  /** A v0.4.2-shaped results file (no higher_is_better): the given task entries. */
  const results = (tasks: Record<string, Record<string, number>>): string =>
    JSON.stringify({ results: Object.fromEntries(Object.entries(tasks).map(([t, m]) => [t, { alias: t, ...m }])), versions: {}, configs: {}, 'n-shot': {} });

  it('a 0–100 BLEU does not swamp 0–1 accuracies: two tasks losing 8–9 points hold, named, though BLEU gained', async () => {
    const d = tempFiles({
      'base.json': results({ arc: { 'acc,none': 0.62 }, hellaswag: { 'acc,none': 0.71 }, wmt: { 'bleu,none': 20 } }),
      'cand.json': results({ arc: { 'acc,none': 0.53 }, hellaswag: { 'acc,none': 0.63 }, wmt: { 'bleu,none': 40 } }),
    });
    const r = await runCli('compare', '--baseline', join(d, 'base.json'), '--candidate', join(d, 'cand.json'), '--format', 'json');
    expect(r.code, r.stderr).toBe(1);
    const out = JSON.parse(r.stdout) as { findings: { code: string; case_ids: string[]; message: string }[] };
    const finding = out.findings.find((f) => f.code === 'benchmark-regression');
    expect(finding?.case_ids).toEqual(['arc', 'hellaswag']);
    expect(finding?.message).toContain('2 tasks got worse on their own metric by more than the tolerance of 2.0 points (the worst by 9.0 points)');
  });

  it('lower-is-better metrics without higher_is_better (lm_eval/api/metrics.py): a perplexity that rises holds, one that falls does not', async () => {
    const d = tempFiles({
      'a.json': results({ wikitext: { 'word_perplexity,none': 10 } }),
      'b.json': results({ wikitext: { 'word_perplexity,none': 12 } }),
    });
    expect((await runCli('compare', '--baseline', join(d, 'a.json'), '--candidate', join(d, 'b.json'), '--format', 'json')).code).toBe(1);
    expect((await runCli('compare', '--baseline', join(d, 'b.json'), '--candidate', join(d, 'a.json'), '--format', 'json')).code).toBe(0);
  });

  it('within the tolerance (1 point) promotes', async () => {
    const d = tempFiles({ 'a.json': results({ arc: { 'acc,none': 0.62 } }), 'b.json': results({ arc: { 'acc,none': 0.61 } }) });
    expect((await runCli('compare', '--baseline', join(d, 'a.json'), '--candidate', join(d, 'b.json'), '--format', 'json')).code).toBe(0);
  });
});
