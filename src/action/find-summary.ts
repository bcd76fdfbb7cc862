/**
 * Finds the summary the suite wrote: a path, or a glob (`*`, `?`, `**`) relative to the working
 * directory. Of the matching files it takes the newest, and only one written after the command
 * started: an older file is a previous run's (a cache, a checked-in sample) and must never be passed
 * off as this run's result.
 */
import { readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

export const MAX_SCANNED_ENTRIES = 200_000;

export interface FoundSummary {
  path: string;
  /** Every file that matched, newest first, for the log. */
  matches: { path: string; mtimeMs: number }[];
}

export class SummaryNotFound extends Error {}

const GLOB_CHARS = /[*?]/;

function segmentRegex(segment: string): RegExp {
  const body = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
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

function entries(dir: string, counter: { n: number }) {
  let list;
  try {
    list = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  counter.n += list.length;
  if (counter.n > MAX_SCANNED_ENTRIES) throw new SummaryNotFound(`the summary pattern scans more than ${MAX_SCANNED_ENTRIES} entries; make it narrower`);
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

/** All files matching `pattern` (a path or a glob, relative to `cwd`), newest first. */
export function matchSummaries(pattern: string, cwd: string): { path: string; mtimeMs: number }[] {
  const absolute = isAbsolute(pattern);
  const parts = pattern.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const root = absolute ? sep : cwd;
  const files = walk(root, parts, { n: 0 });
  return [...new Set(files)]
    .map((path) => ({ path, mtimeMs: statSync(path).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : 1));
}

/**
 * The newest file matching `pattern` written at or after `notBeforeMs` (the command's start; the
 * filesystem's mtime granularity is allowed for). Throws SummaryNotFound saying what was looked for.
 */
export function findSummary(pattern: string, cwd: string, notBeforeMs: number): FoundSummary {
  const matches = matchSummaries(pattern, cwd);
  const where = `${JSON.stringify(pattern)} in ${resolve(cwd)}`;
  if (matches.length === 0) throw new SummaryNotFound(`no file matches the summary pattern ${where}; did the suite write its summary there?`);
  const fresh = matches.filter((m) => m.mtimeMs >= notBeforeMs - 2000);
  const newest = matches[0] as { path: string; mtimeMs: number };
  if (fresh.length === 0) {
    throw new SummaryNotFound(
      `${matches.length} file(s) match the summary pattern ${where}, but none was written by this run: the newest, ` +
        `${relative(cwd, newest.path) || newest.path}, was last modified at ${new Date(newest.mtimeMs).toISOString()}, before the command started at ${new Date(notBeforeMs).toISOString()}`,
    );
  }
  return { path: (fresh[0] as { path: string }).path, matches };
}
