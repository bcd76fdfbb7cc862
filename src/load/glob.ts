/**
 * Paths and globs (`*`, `?`, `**`) of input files: the action's summary pattern
 * (action/suite/find-summary.ts) and the CLI's repeatable `--baseline`/`--candidate` files (repeated
 * trials). Plain node: no shell, no dependency.
 */
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

import { compareCodePoints } from '../analysis/rlm/pair.js';
import { UsageError } from '../errors.js';

/** The most directory entries one glob may scan. */
export const MAX_SCANNED_ENTRIES = 200_000;

/** Thrown by {@link matchFiles} for a glob that would scan more than {@link MAX_SCANNED_ENTRIES} entries. */
export class TooManyEntries extends Error {
  override name = 'TooManyEntries';
}

const GLOB_CHARS = /[*?]/;

/** True when `pattern` has glob characters (`*` or `?`). */
export function hasGlob(pattern: string): boolean {
  return GLOB_CHARS.test(pattern);
}

function segmentRegex(segment: string): RegExp {
  const body = segment
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** Files under `root` matching the glob's segments; `**` matches any number of directories. */
function walk(root: string, segments: string[], counter: { n: number }): string[] {
  const [head, ...rest] = segments;
  if (head === undefined) return [];
  if (head === '**') {
    const here = rest.length > 0 ? walk(root, rest, counter) : [];
    const deeper = subdirs(root, counter).flatMap((d) => walk(join(root, d), segments, counter));
    return [...here, ...deeper];
  }
  if (!GLOB_CHARS.test(head)) {
    const next = join(root, head);
    if (rest.length === 0) return isFile(next) ? [next] : [];
    return walk(next, rest, counter);
  }
  const re = segmentRegex(head);
  const out: string[] = [];
  for (const entry of entries(root, counter)) {
    if (!re.test(entry.name)) continue;
    const next = join(root, entry.name);
    if (rest.length === 0) {
      if (entry.isFile()) out.push(next);
    } else if (entry.isDirectory()) {
      out.push(...walk(next, rest, counter));
    }
  }
  return out;
}

function entries(dir: string, counter: { n: number }): Dirent[] {
  let list;
  try {
    list = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  counter.n += list.length;
  if (counter.n > MAX_SCANNED_ENTRIES) throw new TooManyEntries(`the pattern scans more than ${MAX_SCANNED_ENTRIES} entries`);
  return list;
}

function subdirs(dir: string, counter: { n: number }): string[] {
  return entries(dir, counter)
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * All files matching `pattern` (a path or a glob, relative to `cwd`), newest first. Paths are
 * `cwd` joined with the match (absolute when `cwd` is). Throws {@link TooManyEntries}.
 */
export function matchFiles(pattern: string, cwd: string): { path: string; mtimeMs: number }[] {
  const absolute = isAbsolute(pattern);
  const parts = pattern.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const root = absolute ? sep : cwd;
  const files = walk(root, parts, { n: 0 });
  return [...new Set(files)].map((path) => ({ path, mtimeMs: statSync(path).mtimeMs })).sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
}

/** The option as the user typed it: `baseline` → `--baseline`. */
const flag = (option: string): string => (option.startsWith('-') ? option : `--${option}`);

/** A pattern quoted for a message, the way a shell would take it back. */
const quote = (s: string): string => (/^[\x20-\x26\x28-\x7e]*$/.test(s) ? `'${s}'` : JSON.stringify(s));

/**
 * The files of a repeatable file option, in argument order. A glob expands to its matches sorted by
 * path (code-point order), written as the pattern was: relative to `cwd` for a relative pattern,
 * absolute for an absolute one; a glob that matches nothing is a UsageError. A plain path is kept as
 * given, even when missing (the loader reports missing files). A file named twice (the same path
 * once resolved against `cwd`) is kept at its first place.
 */
export function expandInputs(option: string, patterns: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const pattern of patterns) {
    let paths = [pattern];
    if (hasGlob(pattern)) {
      let matches: string[];
      try {
        matches = matchFiles(pattern, cwd).map((m) => m.path);
      } catch (err) {
        if (err instanceof TooManyEntries)
          throw new UsageError(`${flag(option)} ${quote(pattern)} scans more than ${MAX_SCANNED_ENTRIES} directory entries; make it narrower`);
        throw err;
      }
      if (matches.length === 0) throw new UsageError(`${flag(option)} ${quote(pattern)} matches no file in ${resolve(cwd)}`);
      const base = resolve(cwd);
      paths = matches.map((m) => (isAbsolute(pattern) ? m : relative(base, m))).sort(compareCodePoints);
    }
    for (const path of paths) {
      const key = resolve(cwd, path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(path);
    }
  }
  return out;
}
