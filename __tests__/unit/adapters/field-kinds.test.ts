/**
 * The fast predicates must accept exactly what the zod schemas accept: a row the predicate passes
 * skips zod entirely, so any disagreement would let bad data through (or reject good data).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ROW_FIELDS, TOP_FIELDS, USAGE_FIELDS } from '../../../src/adapters/formats/rlm-code-fields.js';
import {
  compiledTableCheck,
  fieldCheck,
  type FieldSpec,
  type FieldTable,
  interpretedTableCheck,
  tableCheck,
} from '../../../src/adapters/parsing/field-checks.js';
import { fieldSchema, tableShape } from '../../../src/adapters/parsing/field-kinds.js';

const counts = { total_calls: 1, prompt_tokens: 2, completion_tokens: 3 };
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  1,
  -1,
  2.5,
  -2.5,
  1e21,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Infinity,
  -Infinity,
  NaN,
  '',
  'x',
  'false',
  '0',
  [],
  [1],
  {},
  { a: 1 },
  counts,
  { ...counts, roles: null },
  { ...counts, roles: {} },
  { ...counts, roles: { root: counts } },
  { ...counts, roles: { root: { ...counts, total_calls: -1 } } },
  { ...counts, roles: [counts] },
  { ...counts, roles: 'x' },
  { ...counts, total_calls: 1.5 },
  { ...counts, prompt_tokens: '2' },
  { total_calls: 1, prompt_tokens: 2 },
  { ...counts, extra: 'kept' },
  { root: counts },
  { root: counts, other: { ...counts, total_calls: -1 } },
  { root: null },
  ['a', 'b'],
  ['a', 1],
  [counts],
];
const COUNTERS = { total_calls: { kind: 'count' }, prompt_tokens: { kind: 'count' }, completion_tokens: { kind: 'count' } } as const;
/** One spec of every kind; nested ones with the counters, and rlm-code's usage (a record in an object). */
const BASES: FieldSpec[] = [
  ...(['id', 'bool', 'count', 'number', 'seconds', 'string', 'strings', 'rows', 'unknown'] as const).map((kind) => ({ kind })),
  { kind: 'object', fields: COUNTERS },
  { kind: 'record', fields: COUNTERS },
  { kind: 'object', fields: USAGE_FIELDS },
];
const SPECS: FieldSpec[] = BASES.flatMap((base) => [
  base,
  { ...base, optional: true },
  { ...base, nullable: true },
  { ...base, optional: true, nullable: true },
]);

describe('fieldCheck agrees with fieldSchema', () => {
  it.each(SPECS.map((s) => [JSON.stringify(s), s] as const))('%s', (_name, spec) => {
    const schema = z.object({ f: fieldSchema(spec) });
    const check = tableCheck({ f: spec });
    const disagreements = VALUES.filter((v) => {
      const row = v === undefined ? {} : { f: v };
      return check(row) !== schema.safeParse(row).success || fieldCheck(spec)(v) !== check(row);
    });
    expect(disagreements).toEqual([]);
  });
  it('rejects what is not an object at all, as z.object does', () => {
    const table = { a: { kind: 'id' } } as const;
    for (const v of [null, [], 'x', 1]) expect(tableCheck(table)(v)).toBe(z.object(tableShape(table)).safeParse(v).success);
  });
});

/** One field changed at a time to every test value: the compiled check, the loop and zod agree. */
function agreeOnRows(table: FieldTable): void {
  const schema = z.object(tableShape(table));
  const keys = Object.keys(table);
  // JSON has no undefined: a field is there with a value, or it is not there.
  const row = (entries: [string, unknown][]) => Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  const validEntries = keys.map((k): [string, unknown] => [k, VALUES.find((v) => fieldCheck(table[k] as FieldSpec)(v))]);
  const checks = [compiledTableCheck(table), interpretedTableCheck(table), tableCheck(table)];
  const rows = [row(validEntries), ...keys.flatMap((k) => VALUES.map((v) => row(validEntries.map(([key, old]) => [key, key === k ? v : old]))))];
  for (const r of rows) {
    const expected = schema.safeParse(r).success;
    for (const check of checks) expect(check(r), JSON.stringify(r)).toBe(expected);
  }
  expect(rows.filter((r) => schema.safeParse(r).success).length).toBeGreaterThan(100);
  for (const v of [null, [], 'x', 1, undefined]) for (const check of checks) expect(check(v)).toBe(false);
}

describe('the compiled table check and the loop agree with zod on whole rows', () => {
  it('with every spec in one table, under keys a generated function must quote correctly', () => {
    agreeOnRows(Object.fromEntries(SPECS.map((spec, i) => [i % 3 === 0 ? `k${i}` : i % 3 === 1 ? `key "${i}"\n` : `${i}-\u2028`, spec])));
  });
  it("with rlm-code's case row and top level", () => {
    agreeOnRows(ROW_FIELDS);
    agreeOnRows(TOP_FIELDS);
  });
});
