/**
 * Field tables: one declaration per field that yields both a zod schema (for exact, named error
 * messages) and a plain predicate that accepts exactly the same values. Validating a 100,000-row
 * summary with zod costs about half a second per file; the predicate does the same in a tenth of
 * that, and zod runs only on the rows the predicate refuses, to say what is wrong. A test checks the
 * two agree on every kind for a wide range of values.
 */
import { z } from 'zod';
import { bool, count, nonEmptyStr, nullableBool, nullableStr, num, seconds, str } from './fields.js';

export type Kind = 'id' | 'bool' | 'count' | 'number' | 'seconds' | 'string' | 'usage' | 'unknown';

export interface FieldSpec {
  kind: Kind;
  /** The key may be absent. */
  optional?: boolean;
  /** The value may be null. */
  nullable?: boolean;
}

export type FieldTable = Record<string, FieldSpec>;

type UsageValue = {
  total_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  roles?: Record<string, { total_calls: number; prompt_tokens: number; completion_tokens: number }> | null;
};
type BaseType<K extends Kind> = K extends 'id' | 'string'
  ? string
  : K extends 'bool'
    ? boolean
    : K extends 'count' | 'number' | 'seconds'
      ? number
      : K extends 'usage'
        ? UsageValue
        : unknown;
type FieldType<S extends FieldSpec> = BaseType<S['kind']> | (S['nullable'] extends true ? null : never) | (S['optional'] extends true ? undefined : never);
/** The TypeScript type of a validated object of a table (declare the table `as const`). */
export type RowOf<T extends FieldTable> = { [K in keyof T]: FieldType<T[K]> };

const Counts = z.object({ total_calls: count(), prompt_tokens: count(), completion_tokens: count() });
const Usage = Counts.extend({ roles: z.record(z.string(), Counts).nullable().optional() });

function baseSchema(kind: Kind, nullable: boolean): z.ZodType {
  switch (kind) {
    case 'id':
      return nonEmptyStr();
    case 'bool':
      return nullable ? nullableBool() : bool();
    case 'count':
      return count();
    case 'number':
      return num();
    case 'seconds':
      return seconds();
    case 'string':
      return nullable ? nullableStr() : str();
    case 'usage':
      return Usage;
    case 'unknown':
      return z.unknown();
  }
}

/** The zod schema of one field. */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  let schema = baseSchema(spec.kind, spec.nullable === true);
  if (spec.nullable && spec.kind !== 'bool' && spec.kind !== 'string') schema = schema.nullable();
  return spec.optional ? schema.optional() : schema;
}

/** A zod object shape for a table (pass to `z.object`). */
export function tableShape(table: FieldTable): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(table).map(([key, spec]) => [key, fieldSchema(spec)]));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isCounts = (v: unknown): boolean => isRecord(v) && isCount(v['total_calls']) && isCount(v['prompt_tokens']) && isCount(v['completion_tokens']);

function isUsage(v: unknown): boolean {
  if (!isCounts(v)) return false;
  const roles = (v as Record<string, unknown>)['roles'];
  if (roles === undefined || roles === null) return true;
  if (!isRecord(roles)) return false;
  for (const key in roles) if (!isCounts(roles[key])) return false;
  return true;
}

const BASE_CHECKS: Record<Kind, (v: unknown) => boolean> = {
  id: (v) => typeof v === 'string' && v.length > 0,
  bool: (v) => typeof v === 'boolean',
  count: isCount,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  seconds: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
  string: (v) => typeof v === 'string',
  usage: isUsage,
  unknown: () => true,
};

/** The predicate of one field: true exactly when {@link fieldSchema} accepts the value. */
export function fieldCheck(spec: FieldSpec): (v: unknown) => boolean {
  const base = BASE_CHECKS[spec.kind];
  const optional = spec.optional === true;
  const nullable = spec.nullable === true;
  return (v) => (v === undefined ? optional : v === null ? nullable || spec.kind === 'unknown' : base(v));
}

/**
 * A predicate over whole objects: true exactly when `z.object(tableShape(table))` accepts it.
 * Compiled to one function that reads each field by name, the way hand-written code would: a
 * generic loop over the keys reads `row[key]` with a varying key and calls a varying check, which
 * is several times slower on 100,000 rows with 30 fields each. Where code generation from strings
 * is disabled (node --disallow-code-generation-from-strings), the equivalent loop is used.
 */
export function tableCheck(table: FieldTable): (row: unknown) => boolean {
  try {
    return compiledTableCheck(table);
  } catch {
    return interpretedTableCheck(table);
  }
}

/** The test of each kind on a value that is neither undefined nor null, as {@link BASE_CHECKS} does it. */
const KIND_SOURCE: Record<Kind, string> = {
  id: "typeof v === 'string' && v.length > 0",
  bool: "typeof v === 'boolean'",
  count: 'isCount(v)',
  number: "typeof v === 'number' && Number.isFinite(v)",
  seconds: "typeof v === 'number' && Number.isFinite(v) && v >= 0",
  string: "typeof v === 'string'",
  usage: 'isUsage(v)',
  unknown: 'true',
};

/** {@link tableCheck} as generated code; the keys are written as JSON string literals. */
export function compiledTableCheck(table: FieldTable): (row: unknown) => boolean {
  const fields = Object.entries(table).map(([key, spec]) => {
    const missing = spec.optional === true ? 'false' : 'true';
    const nulled = spec.nullable === true || spec.kind === 'unknown' ? 'false' : 'true';
    return `v = row[${JSON.stringify(key)}];\n  if (v === undefined ? ${missing} : v === null ? ${nulled} : !(${KIND_SOURCE[spec.kind]})) return false;`;
  });
  const body = `return function check(row) {\n  if (!isRecord(row)) return false;\n  let v;\n  ${fields.join('\n  ')}\n  return true;\n};`;
  const make = new Function('isRecord', 'isCount', 'isUsage', body) as (...checks: ((v: unknown) => boolean)[]) => (row: unknown) => boolean;
  return make(isRecord, isCount, isUsage);
}

/**
 * {@link tableCheck} as a loop. Fields are grouped by their spec so each loop calls one check
 * function for many keys (one closure per field from one call site is slower still).
 */
export function interpretedTableCheck(table: FieldTable): (row: unknown) => boolean {
  const groups = new Map<string, { spec: FieldSpec; base: (v: unknown) => boolean; keys: string[] }>();
  for (const [key, spec] of Object.entries(table)) {
    const id = `${spec.kind}|${spec.optional === true}|${spec.nullable === true}`;
    const group = groups.get(id) ?? { spec, base: BASE_CHECKS[spec.kind], keys: [] };
    group.keys.push(key);
    groups.set(id, group);
  }
  const plan = [...groups.values()].map((g) => ({
    keys: g.keys,
    base: g.base,
    optional: g.spec.optional === true,
    nullable: g.spec.nullable === true || g.spec.kind === 'unknown',
  }));
  return (row) => {
    if (!isRecord(row)) return false;
    for (const { keys, base, optional, nullable } of plan) {
      for (const key of keys) {
        const v = row[key];
        if (v === undefined ? !optional : v === null ? !nullable : !base(v)) return false;
      }
    }
    return true;
  };
}
