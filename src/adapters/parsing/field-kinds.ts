/**
 * The zod schema of a field table (field-checks.ts): the same values its predicate accepts, with
 * exact, named error messages. Readers run it only on what the predicate refuses, to say what is
 * wrong; a test checks the two agree on every kind for a wide range of values.
 */
import { z } from 'zod';

import type { FieldSpec, FieldTable } from './field-checks.js';
import { bool, count, nonEmptyStr, nullableBool, nullableStr, num, seconds, str } from './fields.js';

function baseSchema(spec: FieldSpec, nullable: boolean): z.ZodType {
  switch (spec.kind) {
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
    case 'strings':
      return z.array(str());
    case 'object':
      return z.object(tableShape(spec.fields ?? {}));
    case 'record':
      return z.record(z.string(), z.object(tableShape(spec.fields ?? {})));
    case 'rows':
      return z.array(z.unknown(), { error: 'expected an array of case rows' });
    case 'unknown':
      return z.unknown();
  }
}

/** The zod schema of one field. */
export function fieldSchema(spec: FieldSpec): z.ZodType {
  let schema = baseSchema(spec, spec.nullable === true);
  if (spec.nullable && spec.kind !== 'bool' && spec.kind !== 'string') schema = schema.nullable();
  return spec.optional ? schema.optional() : schema;
}

/** A zod object shape for a table (pass to `z.object`). */
export function tableShape(table: FieldTable): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(table).map(([key, spec]) => [key, fieldSchema(spec)]));
}
