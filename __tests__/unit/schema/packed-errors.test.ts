// Large files load straight into the packed form (load/load.ts), on a path of their own through the
// adapters: it must refuse exactly what loading a summary refuses, with the same message.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { parsePackedSummary, parseSummary } from '../../../src/adapters/registry.js';
import { packSummary } from '../../../src/schema/pack.js';
import { inputError } from '../../helpers/input-error.js';

type Row = Record<string, unknown>;
type Raw = Record<string, unknown> & { case_results: unknown[] };

const NATIVE = fileURLToPath(new URL('../../fixtures/rlm-code/completion_regression_overall_improved/baseline.json', import.meta.url));
const TEXT = readFileSync(NATIVE, 'utf8');
const FILE = 'runs/base.json';

/** The native fixture after `mutate`; rows are chunked_analysis, iterative_refinement, variable_accumulation, recursive_decomposition. */
function input(mutate: (s: Raw, rows: Row[]) => void): Raw {
  const s = JSON.parse(TEXT) as Raw;
  mutate(s, s.case_results as Row[]);
  return s;
}

/** Sorted ids a, b, c, … on copies of the first row (the packed path checks sorted ids for duplicates without a map). */
const sortedRows = (ids: string[]) => (s: Raw, rows: Row[]) => void (s.case_results = ids.map((id) => ({ ...rows[0], case_id: id })));

const REFUSED: [string, (s: Raw, rows: Row[]) => void][] = [
  ['completed as a string', (_, r) => void ((r[1] as Row).completed = 'false')],
  ['total_reward as a string', (_, r) => void ((r[2] as Row).total_reward = '0.5')],
  ['fractional steps', (_, r) => void ((r[0] as Row).steps = 2.5)],
  ['a bad role count', (_, r) => void (((r[1] as Row).usage as { roles: { sub: Row } }).roles.sub.prompt_tokens = -3)],
  ['an empty case_id', (_, r) => void ((r[1] as Row).case_id = '')],
  ['a missing case_id', (_, r) => void delete (r[2] as Row).case_id],
  ['a row that is not an object', (s) => void (s.case_results[2] = [1, 2])],
  ['several problems in a row', (_, r) => void Object.assign(r[0] as Row, { completed: 'yes', steps: 'x' })],
  ['more problems than are listed', (s, r) => void (s.case_results = Array.from({ length: 30 }, (_, i) => ({ ...r[0], case_id: `c${i}`, completed: 1 })))],
  ['an unknown row field holding Infinity', (_, r) => void ((r[3] as Row).custom = { deep: [1, Infinity] })],
  ['an expected answer holding -Infinity', (_, r) => void ((r[0] as Row).expected_answer = { n: -Infinity })],
  ['duplicate ids out of order', (_, r) => void ((r[3] as Row).case_id = 'iterative_refinement')],
  ['duplicate ids side by side in sorted order', sortedRows(['a', 'b', 'b', 'c'])],
  ['many duplicate sorted ids', sortedRows(['a', 'a', 'a', 'b', 'b'])],
  ['avg_reward as a string', (s) => void (s.avg_reward = 'high')],
  ['case_results that is not an array', (s) => void (s.case_results = { a: 1 } as unknown as unknown[])],
  ['no case_results', (s) => void delete (s as Partial<Raw>).case_results],
  ['an unknown top-level field holding Infinity', (s) => void (s.custom = Infinity)],
  ['an empty benchmark_id', (s) => void (s.benchmark_id = '')],
];

describe('the packed path refuses what parseSummary refuses, with the same message', () => {
  it.each(REFUSED)('%s', (_label, mutate) => {
    const expected = inputError(() => parseSummary(FILE, input(mutate)));
    expect(inputError(() => parsePackedSummary(FILE, input(mutate)))).toBe(expected);
  });
  it.each([
    ['not an object', [1, 2, 3], 'auto'],
    ['an unknown format', { case_results: [] }, 'yaml'],
    ['a benchgate summary of another version', { schema: 'benchgate.summary/v0' }, 'auto'],
    ['a benchgate summary with a bad case', { schema: 'benchgate.summary/v1', cases: [{ id: 1 }] }, 'auto'],
    ['an rlm-code file read as benchgate', { case_results: [] }, 'benchgate'],
  ])('%s', (_label, data, format) => {
    const expected = inputError(() => parseSummary(FILE, data, format));
    expect(inputError(() => parsePackedSummary(FILE, data, format))).toBe(expected);
  });
});

describe('the packed path accepts what parseSummary accepts, with the same result', () => {
  it.each<[string, (s: Raw, rows: Row[]) => void]>([
    ['the fixture as it is', () => undefined],
    [
      'unknown fields, finite',
      (s, r) => {
        (r[0] as Row).custom = { a: [1, 2] };
        s.custom = 'x';
      },
    ],
    ['sorted unique ids', sortedRows(['a', 'b', 'c', 'd'])],
    ['ids in no order', sortedRows(['d', 'a', 'c', 'b'])],
    ['no rows', (s) => void (s.case_results = [])],
  ])('%s', (_label, mutate) => {
    expect(parsePackedSummary(FILE, input(mutate))).toStrictEqual(packSummary(parseSummary(FILE, input(mutate))));
  });
});
