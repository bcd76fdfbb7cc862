/**
 * Finds the summary the suite wrote: a path, or a glob (`*`, `?`, `**`) relative to the working
 * directory. Before the command runs, every file the pattern matches is recorded (size, times to
 * the nanosecond, inode, and a content hash for small files); afterwards only a file that is new,
 * or changed against that record, can be this run's summary. A file that was already there (a cache,
 * a checked-in sample, a previous run's output, a file the checkout wrote a second ago) is never
 * passed off as this run's result, however recent its modification time: no time allowance.
 */
import { createHash } from 'node:crypto';
import { type BigIntStats, closeSync, openSync, readSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';

import { SummaryNotFound } from '../../errors.js';
import { matchFiles, MAX_SCANNED_ENTRIES, TooManyEntries } from '../../load/glob.js';

export { MAX_SCANNED_ENTRIES };

/** Files up to this size are also recorded by a hash of their content. */
export const HASHED_MAX_BYTES = 16 * 1024 * 1024;

export interface FoundSummary {
  path: string;
  /** Every file that matched, newest first, for the log. */
  matches: { path: string; mtimeMs: number }[];
  /** The other files this run wrote or changed that match too (newest first): the log names them. */
  otherNew: string[];
}

/** What a file was before the command ran. */
interface FileState {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  /** sha256 of the content, for files up to HASHED_MAX_BYTES; null for larger ones. */
  sha256: string | null;
}

/** The files matching the summary pattern before the command ran, by absolute path. */
export type SummarySnapshot = ReadonlyMap<string, FileState>;

/** All files matching `pattern` (a path or a glob, relative to `cwd`), newest first. */
export function matchSummaries(pattern: string, cwd: string): { path: string; mtimeMs: number }[] {
  try {
    return matchFiles(pattern, cwd);
  } catch (err) {
    if (err instanceof TooManyEntries) throw new SummaryNotFound(`the summary pattern scans more than ${MAX_SCANNED_ENTRIES} entries; make it narrower`);
    throw err;
  }
}

function hashOf(path: string, size: bigint): string | null {
  if (size > BigInt(HASHED_MAX_BYTES)) return null;
  const hash = createHash('sha256');
  const buf = Buffer.allocUnsafe(1024 * 1024);
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

function stateOf(path: string): FileState | null {
  let st: BigIntStats;
  try {
    st = statSync(path, { bigint: true });
  } catch {
    return null; // gone between the listing and the stat: nothing to record
  }
  if (!st.isFile()) return null;
  let sha256: string | null;
  try {
    sha256 = hashOf(path, st.size);
  } catch {
    sha256 = null; // unreadable now: the stat alone records it
  }
  return { dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs, sha256 };
}

/** Records every file matching `pattern` now: call it right before the command starts. */
export function snapshotSummaries(pattern: string, cwd: string): SummarySnapshot {
  const out = new Map<string, FileState>();
  for (const m of matchSummaries(pattern, cwd)) {
    const state = stateOf(m.path);
    if (state !== null) out.set(resolve(m.path), state);
  }
  return out;
}

/**
 * True when the file at `path` is not the one recorded: new, replaced (another inode), or written
 * (size, modification or change time, or content differ). Any write changes the change time, which
 * no program can set back, so a rewrite with the same bytes and a restored mtime still counts.
 */
function writtenSince(path: string, before: SummarySnapshot): boolean {
  const was = before.get(resolve(path));
  if (was === undefined) return true;
  const now = stateOf(path);
  if (now === null) return false;
  if (now.dev !== was.dev || now.ino !== was.ino || now.size !== was.size || now.mtimeNs !== was.mtimeNs || now.ctimeNs !== was.ctimeNs) return true;
  return now.sha256 !== null && was.sha256 !== null && now.sha256 !== was.sha256;
}

/**
 * The newest file matching `pattern` that the command wrote: not in `before` (the snapshot taken
 * right before it started), or changed against it. Throws SummaryNotFound saying what was looked
 * for and, when files match but none was written, which one is the newest and why it is refused.
 */
export function findSummary(pattern: string, cwd: string, before: SummarySnapshot): FoundSummary {
  const matches = matchSummaries(pattern, cwd);
  const where = `${JSON.stringify(pattern)} in ${resolve(cwd)}`;
  const name = (p: string): string => relative(cwd, p) || p;
  if (matches.length === 0) throw new SummaryNotFound(`no file matches the summary pattern ${where}; did the suite write its summary there?`);
  const written = matches.filter((m) => writtenSince(m.path, before));
  if (written.length === 0) {
    const newest = matches[0] as { path: string; mtimeMs: number };
    throw new SummaryNotFound(
      `${matches.length} file(s) match the summary pattern ${where}, but none was written by this run: ` +
        `the newest, ${name(newest.path)}, was last modified at ${new Date(newest.mtimeMs).toISOString()} and was already there, unchanged, before the command started`,
    );
  }
  return { path: (written[0] as { path: string }).path, matches, otherNew: written.slice(1).map((m) => name(m.path)) };
}
