import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { fileSource, sniffKind } from '../../../src/adapters/parsing/source.js';
import { loadSummary, UnknownFormat } from '../../../src/adapters/registry.js';
import { parseArgs } from '../../../src/cli/args.js';
import { UsageError } from '../../../src/errors.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-source-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('input sources', () => {
  it('tells JSON, JSON Lines, XML and other text apart by their first bytes', () => {
    expect(sniffKind('{\n  "a": 1\n}\n')).toBe('json');
    expect(sniffKind('{"a": 1}\n')).toBe('json');
    expect(sniffKind('[{"a": 1},\n {"a": 2}]')).toBe('json');
    expect(sniffKind('{"a": 1}\n{"a": 2}\n')).toBe('jsonl');
    expect(sniffKind('\ufeff{"a": 1}\r\n{"a": 2}')).toBe('jsonl');
    expect(sniffKind('  <?xml version="1.0"?><testsuites/>')).toBe('xml');
    expect(sniffKind(' \n\t')).toBe('empty');
    expect(sniffKind('name,score\n')).toBe('other');
  });

  it('streams lines across chunk borders, numbered, without CR or a byte-order mark', () => {
    const file = join(tmp, 'big.jsonl');
    const long = 'x'.repeat(5 * 1024 * 1024); // longer than one read chunk
    writeFileSync(file, `\ufeff{"id": "a"}\r\n{"id": "${long}"}\n\n{"id": "é"}`);
    const source = fileSource(file);
    expect(source.kind).toBe('jsonl');
    const lines = [...source.lines()];
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4]);
    expect(lines[0]?.text).toBe('{"id": "a"}');
    expect(lines[1]?.text.length).toBe(long.length + 10);
    expect(lines[2]?.text).toBe('');
    expect(lines[3]?.text).toBe('{"id": "é"}');
    // The same lines from bytes handed over by another thread.
    expect([...fileSource(file, new Uint8Array(Buffer.from(`{"id": "a"}\n{"id": "b"}`))).lines()].map((l) => l.text)).toEqual(['{"id": "a"}', '{"id": "b"}']);
  });

  it('keeps every format tried, and why each did not match', () => {
    const file = join(tmp, 'other.json');
    writeFileSync(file, '{"results": []}');
    let error: unknown;
    try {
      loadSummary(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnknownFormat);
    expect((error as UnknownFormat).message.startsWith(`${file}: not a benchmark summary benchgate can read; `)).toBe(true);
    const tried = (error as UnknownFormat).tried.join('\n');
    expect(tried).toMatch(/^benchgate: expected .*; here: no `schema/m);
    expect(tried).toMatch(/^rlm-code: expected .*; here: no `case_results`/m);
    const missing = join(tmp, 'nope.json');
    expect(() => loadSummary(missing)).toThrow(`${missing}: no such file`);
  });

  it('takes the model of each side from the command line', () => {
    const cmd = parseArgs([
      'compare',
      '--baseline',
      'r.jsonl',
      '--candidate',
      'r.jsonl',
      '--baseline-model',
      'GPT-4o (Regular)',
      '--candidate-model=GPT-4o-mini (RLM)',
    ]);
    expect(cmd).toMatchObject({ inputFormat: null, models: { baseline: 'GPT-4o (Regular)', candidate: 'GPT-4o-mini (RLM)' } });
    expect(() => parseArgs(['compare', '--baseline', 'a', '--candidate', 'b', '--baseline-model', ' '])).toThrow(UsageError);
  });
});
