/**
 * Turns zod validation issues into messages a user can act on: the file, the case id when the
 * problem is inside a case row, the JSON path, what was expected and what was found.
 */
import type { z } from 'zod';
import { InputError } from '../errors.js';
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

/** The human description of one issue, e.g. `expected a boolean (true or false), got the string "false"`. */
export function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const got = describeValue(valueAt(root, issue.path));
  // Messages set in the schemas read as "expected …"; zod's own need rewording.
  if (issue.message.startsWith('expected ')) return `${issue.message}, got ${got}`;
  if (issue.code === 'unrecognized_keys') return `unexpected keys ${issue.keys.join(', ')}`;
  return `${issue.message}, got ${got}`;
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
  const head =
    total === 1 ? `${file}: ${listed[0] ?? ''}` : `${file}: ${total} problems:\n${listed.map((p) => `  - ${p}`).join('\n')}`;
  throw new InputError(more > 0 ? `${head}\n  … and ${more} more` : head);
}
