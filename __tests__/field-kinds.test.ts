/**
 * The fast predicates must accept exactly what the zod schemas accept: a row the predicate passes
 * skips zod entirely, so any disagreement would let bad data through (or reject good data).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldCheck, fieldSchema, tableCheck, tableShape, type FieldSpec, type Kind } from '../src/adapters/field-kinds.js';

const counts = { total_calls: 1, prompt_tokens: 2, completion_tokens: 3 };
const VALUES: unknown[] = [
  undefined, null, true, false, 0, -0, 1, -1, 2.5, -2.5, 1e21, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2,
  Infinity, -Infinity, NaN, '', 'x', 'false', '0', [], [1], {}, { a: 1 },
  counts, { ...counts, roles: null }, { ...counts, roles: {} }, { ...counts, roles: { root: counts } },
  { ...counts, roles: { root: { ...counts, total_calls: -1 } } }, { ...counts, roles: [counts] }, { ...counts, roles: 'x' },
  { ...counts, total_calls: 1.5 }, { ...counts, prompt_tokens: '2' }, { total_calls: 1, prompt_tokens: 2 }, { ...counts, extra: 'kept' },
];
const KINDS: Kind[] = ['id', 'bool', 'count', 'number', 'seconds', 'string', 'usage', 'unknown'];
const SPECS: FieldSpec[] = KINDS.flatMap((kind) => [
  { kind },
  { kind, optional: true },
  { kind, nullable: true },
  { kind, optional: true, nullable: true },
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
