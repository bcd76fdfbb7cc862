/**
 * Field tables: one declaration per field of a format, from which the readers derive what they
 * check. This module turns a table into a plain predicate (no zod: the loading thread's small entry
 * runs it); field-kinds.ts turns the same table into a zod schema that accepts exactly the same
 * values and names what is wrong. Validating a 100,000-row summary with zod costs about half a
 * second per file; the predicate does the same in a tenth of that, and zod runs only on the rows the
 * predicate refuses, to say what is wrong. A test checks the two agree on every kind for a wide
 * range of values.
 */

/**
 * What a field holds: `id` a non-empty string; `count` a whole number ≥ 0; `number` a finite number;
 * `seconds` a finite number ≥ 0; `strings` an array of strings; `object` an object with the
 * fields of `fields` (others are allowed and dropped); `record` an object whose every value is such
 * an object; `rows` an array of anything (its items are checked one by one elsewhere).
 */
export type Kind = 'id' | 'bool' | 'count' | 'number' | 'seconds' | 'string' | 'strings' | 'object' | 'record' | 'rows' | 'unknown';

export interface FieldSpec {
  kind: Kind;
  /** The key may be absent. */
  optional?: boolean;
  /** The value may be null (an `unknown` field always may). */
  nullable?: boolean;
  /** Kinds `object` and `record`: the fields of the object (of each value of the record). */
  fields?: FieldTable;
  /** A string the packed form keeps (a label column or the error text); the others are checked, not kept. */
  packed?: boolean;
}

export type FieldTable = Readonly<Record<string, FieldSpec>>;

type BaseType<S extends FieldSpec> = S['kind'] extends 'id' | 'string'
  ? string
  : S['kind'] extends 'bool'
    ? boolean
    : S['kind'] extends 'count' | 'number' | 'seconds'
      ? number
      : S['kind'] extends 'strings'
        ? string[]
        : S['kind'] extends 'rows'
          ? unknown[]
          : S extends { kind: 'object'; fields: infer F extends FieldTable }
            ? RowOf<F>
            : S extends { kind: 'record'; fields: infer F extends FieldTable }
              ? Record<string, RowOf<F>>
              : unknown;
type FieldType<S extends FieldSpec> = BaseType<S> | (S['nullable'] extends true ? null : never) | (S['optional'] extends true ? undefined : never);
/** The TypeScript type of a validated object of a table (declare the table `as const`). */
export type RowOf<T extends FieldTable> = { -readonly [K in keyof T]: FieldType<T[K]> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');
/** Whether every value of `v` (an object) passes `check`. */
const everyValue = (v: Record<string, unknown>, check: (row: unknown) => boolean): boolean => {
  for (const key in v) if (!check(v[key])) return false;
  return true;
};

/** The fields of an `object` or `record` spec (a spec without them is a mistake in the table). */
function nestedTable(spec: FieldSpec): FieldTable {
  if (spec.fields === undefined) throw new Error(`a field of kind ${spec.kind} needs its fields`);
  return spec.fields;
}

/** The test of a field's kind on a value that is neither undefined nor null. */
function baseCheck(spec: FieldSpec): (v: unknown) => boolean {
  switch (spec.kind) {
    case 'id':
      return (v) => typeof v === 'string' && v.length > 0;
    case 'bool':
      return (v) => typeof v === 'boolean';
    case 'count':
      return isCount;
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'seconds':
      return (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    case 'string':
      return (v) => typeof v === 'string';
    case 'strings':
      return isStrings;
    case 'object':
      return tableCheck(nestedTable(spec));
    case 'record': {
      const check = tableCheck(nestedTable(spec));
      return (v) => isRecord(v) && everyValue(v, check);
    }
    case 'rows':
      return Array.isArray;
    case 'unknown':
      return () => true;
  }
}

/** Whether a field may be null. */
const nullOk = (spec: FieldSpec): boolean => spec.nullable === true || spec.kind === 'unknown';

/** The predicate of one field: true exactly when field-kinds.ts `fieldSchema` accepts the value. */
export function fieldCheck(spec: FieldSpec): (v: unknown) => boolean {
  const base = baseCheck(spec);
  const optional = spec.optional === true;
  const nullable = nullOk(spec);
  return (v) => (v === undefined ? optional : v === null ? nullable : base(v));
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

/** The test of each plain kind on a value that is neither undefined nor null, as {@link baseCheck} does it. */
const KIND_SOURCE: Partial<Record<Kind, string>> = {
  id: "typeof v === 'string' && v.length > 0",
  bool: "typeof v === 'boolean'",
  count: 'isCount(v)',
  number: "typeof v === 'number' && Number.isFinite(v)",
  seconds: "typeof v === 'number' && Number.isFinite(v) && v >= 0",
  string: "typeof v === 'string'",
  strings: 'isStrings(v)',
  rows: 'Array.isArray(v)',
  unknown: 'true',
};

/** {@link tableCheck} as generated code; the keys are written as JSON string literals. */
export function compiledTableCheck(table: FieldTable): (row: unknown) => boolean {
  // Nested objects are checked by their own predicates, passed in as `nested[i]`.
  const nested: ((v: unknown) => boolean)[] = [];
  const fields = Object.entries(table).map(([key, spec]) => {
    const missing = spec.optional === true ? 'false' : 'true';
    const nulled = nullOk(spec) ? 'false' : 'true';
    let test = KIND_SOURCE[spec.kind];
    if (test === undefined) {
      nested.push(baseCheck(spec));
      test = `nested[${nested.length - 1}](v)`;
    }
    return `v = row[${JSON.stringify(key)}];\n  if (v === undefined ? ${missing} : v === null ? ${nulled} : !(${test})) return false;`;
  });
  const body = `return function check(row) {\n  if (!isRecord(row)) return false;\n  let v;\n  ${fields.join('\n  ')}\n  return true;\n};`;
  const make = new Function('isRecord', 'isCount', 'isStrings', 'nested', body) as (...args: unknown[]) => (row: unknown) => boolean;
  return make(isRecord, isCount, isStrings, nested);
}

/**
 * {@link tableCheck} as a loop. Fields are grouped by their spec so each loop calls one check
 * function for many keys (one closure per field from one call site is slower still); nested
 * objects each get a group of their own.
 */
export function interpretedTableCheck(table: FieldTable): (row: unknown) => boolean {
  const groups = new Map<string, { base: (v: unknown) => boolean; optional: boolean; nullable: boolean; keys: string[] }>();
  for (const [key, spec] of Object.entries(table)) {
    const id = spec.fields === undefined ? `${spec.kind}|${spec.optional === true}|${spec.nullable === true}` : `nested|${key}`;
    const group = groups.get(id) ?? { base: baseCheck(spec), optional: spec.optional === true, nullable: nullOk(spec), keys: [] };
    group.keys.push(key);
    groups.set(id, group);
  }
  const plan = [...groups.values()];
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
