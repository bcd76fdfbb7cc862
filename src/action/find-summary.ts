/**
 * Finds the summary the suite wrote: a path, or a glob (`*`, `?`, `**`) relative to the working
 * directory. Of the matching files it takes the newest, and only one written after the command
 * started: an older file is a previous run's (a cache, a checked-in sample) and must never be passed
 * off as this run's result.
 */
import { relative, resolve } from 'node:path';
import { matchFiles, MAX_SCANNED_ENTRIES, TooManyEntries } from '../glob.js';

export { MAX_SCANNED_ENTRIES };

export interface FoundSummary {
  path: string;
  /** Every file that matched, newest first, for the log. */
  matches: { path: string; mtimeMs: number }[];
}

export class SummaryNotFound extends Error {}

/** All files matching `pattern` (a path or a glob, relative to `cwd`), newest first. */
export function matchSummaries(pattern: string, cwd: string): { path: string; mtimeMs: number }[] {
  try {
    return matchFiles(pattern, cwd);
  } catch (err) {
    if (err instanceof TooManyEntries) throw new SummaryNotFound(`the summary pattern scans more than ${MAX_SCANNED_ENTRIES} entries; make it narrower`);
    throw err;
  }
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
