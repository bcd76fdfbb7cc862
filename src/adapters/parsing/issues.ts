/**
 * Turns zod validation issues into messages a user can act on: the file, the case id when the
 * problem is inside a case row, the JSON path, what was expected and what was found.
 */
import type { z } from 'zod';

import { InputError } from '../../errors.js';
import { formatPath } from './json-locate.js';

/** At most this many problems are listed in one error; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 20;

/** Describes a JSON value for "got …": its type and, when short, the value itself. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : String(value);
  if (typeof value === 'boolean') return `${value}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return 'an object';
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

const TYPE_NAMES: Record<string, string> = {
  boolean: 'a boolean (true or false)',
  number: 'a finite number',
  int: 'a whole number',
  string: 'a string',
  object: 'an object',
  array: 'an array',
  record: 'an object',
  null: 'null',
};

/** zod's own wording ("Invalid input: expected boolean, received string") as "expected …". */
function expectation(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('expected ')) return issue.message; // set by the schemas (fields.ts)
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `expected a value ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`;
    case 'too_big':
      return `expected a value ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

/** The human description of one issue, e.g. `expected a boolean (true or false), got the string "false"`. */
export function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  if (issue.code === 'unrecognized_keys') return `unexpected keys ${issue.keys.join(', ')}`;
  return `${expectation(issue)}, got ${describeValue(valueAt(root, issue.path))}`;
}

/**
 * Names a problem's place: `case "id" ($.cases[3].completed)` inside the case list `listKey` (its
 * rows identified by `idKey`), the bare JSON path elsewhere.
 */
export function caseAwarePath(root: unknown, listKey: string, idKey: string) {
  return (path: readonly PropertyKey[]): string => {
    const where = formatPath(path as (string | number)[]);
    if (path[0] !== listKey || typeof path[1] !== 'number') return where;
    const row = valueAt(root, [listKey, path[1]]);
    const id = typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[idKey] : undefined;
    return typeof id === 'string' && id !== '' ? `case ${JSON.stringify(id)} (${where})` : where;
  };
}

/** One line per problem: `<where>: <what>`, where includes the case id for case rows. */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  root: unknown,
  where: (path: readonly PropertyKey[]) => string = (p) => formatPath(p as (string | number)[]),
): string[] {
  return issues.map((issue) => `${where(issue.path)}: ${describeIssue(issue, root)}`);
}

/** Throws one InputError listing up to {@link MAX_LISTED_PROBLEMS} problems of `file`. */
export function throwProblems(file: string, problems: readonly string[], total = problems.length): never {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = total - listed.length;
  const head = total === 1 ? `${file}: ${listed[0] ?? ''}` : `${file}: ${total} problems:\n${listed.map((p) => `  - ${p}`).join('\n')}`;
  throw new InputError(more > 0 ? `${head}\n  … and ${more} more` : head);
}

/**
 * The path of the first non-finite number inside `value`, or null. JSON.parse turns literals too
 * large for a double (1e999) into ±Infinity without complaint; typed fields reject them in the
 * schemas, and adapters check the values they keep verbatim (unknown fields, expected answers) here.
 */
export function nonFinitePath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const found = nonFinitePath(v, [...path, Array.isArray(value) ? Number(k) : k]);
    if (found) return found;
  }
  return null;
}

/** Throws when a verbatim-kept value holds ±Infinity; `where` names the place as other problems do. */
export function assertFiniteValues(file: string, value: unknown, base: PropertyKey[], where: (p: readonly PropertyKey[]) => string): void {
  const found = nonFinitePath(value, base);
  if (found) {
    throw new InputError(`${file}: ${where(found)}: expected a finite number, got a number too large for a double (a literal such as 1e999)`);
  }
}
