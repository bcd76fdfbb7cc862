/**
 * A downloaded artifact's zip, extracted entry by entry under a budget. @actions/artifact's own
 * download streams the zip through unzip-stream into the directory with no cap at all
 * (lib/internal/download/download-artifact.js, streamExtractExternal: `unzip.Extract({ path })`),
 * so a 1 MiB zip of zeros became 1 GiB on the runner's disk before benchgate looked at a byte.
 * benchgate downloads the zip as it is (the client's `skipDecompress: true`, same file: "Save raw
 * file without extracting") and extracts here, with its own reader (adapters/parsing/zip-read.ts):
 *   - only the entries the caller names (`wanted`), everything else left in the zip;
 *   - at most {@link ARTIFACT_MAX_ENTRIES} entries in the archive, counted from the end record
 *     before any entry is read;
 *   - at most {@link ARTIFACT_EXTRACT_MAX_BYTES} in all, counted twice: from the sizes the central
 *     directory declares, before anything is written, and from the bytes actually inflated (the
 *     reader stops inflating an entry at its declared size, so a lying header is caught at it);
 *   - a safe path: relative, `/`-separated, no `.` or `..` segment, no drive letter, no backslash
 *     or NUL, and no symbolic link (a Unix mode of S_IFLNK) or other non-regular file;
 *   - written with O_EXCL into a directory of the caller's that is empty.
 * A breach is an {@link ArtifactBudgetError} naming the artifact, the entry, the sizes and the cap.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { ZipArchive, type ZipEntry, ZipSizeMismatch } from '../adapters/parsing/zip-read.js';
import { ArtifactBudgetError, InputError } from '../errors.js';

/**
 * Bytes extracted from one artifact, in all: 256 MiB. Four times the trajectories' total cap
 * (load/evidence.ts TRAJECTORIES_MAX_BYTES, 64 MiB) and sixteen times the largest file run mode
 * hashes (find-summary.ts HASHED_MAX_BYTES); a normalized summary near it already takes several
 * GiB of heap to parse. The per-summary cap (artifact-layout.ts MAX_ARTIFACT_SUMMARY_BYTES) still
 * applies to each file, but this total is what binds.
 */
export const ARTIFACT_EXTRACT_MAX_BYTES = 256 * 1024 * 1024;
/**
 * Entries in one artifact's zip: 20,000. Run mode uploads at most TRAJECTORY_FILES_MAX (10,000)
 * trajectories plus, per trial (at most 100), a summary, its log and its original: about 10,300.
 */
export const ARTIFACT_MAX_ENTRIES = 20_000;
/** The zip itself, as downloaded: read whole into memory, so capped at 1 GiB (MAX_ARTIFACT_SUMMARY_BYTES). */
export const ARTIFACT_ZIP_MAX_BYTES = 1024 * 1024 * 1024;

export interface ExtractBudget {
  bytes: number;
  entries: number;
  zipBytes: number;
}

export const ARTIFACT_BUDGET: ExtractBudget = Object.freeze({
  bytes: ARTIFACT_EXTRACT_MAX_BYTES,
  entries: ARTIFACT_MAX_ENTRIES,
  zipBytes: ARTIFACT_ZIP_MAX_BYTES,
});

export interface ExtractOptions {
  /** The artifact's name, for messages. */
  artifact: string;
  /** The entries to extract (by their path in the zip); the others are never inflated. Default: all. */
  wanted?: (entry: string) => boolean;
  budget?: ExtractBudget;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

/** Why `name` cannot be written under the extraction directory, or null when it can. */
export function unsafeEntryPath(name: string): string | null {
  if (name === '') return 'an empty name';
  if (name.includes('\0')) return 'a NUL character';
  if (name.includes('\\')) return 'a backslash (zip paths use /, APPNOTE.TXT 4.4.17.1)';
  if (name.startsWith('/')) return 'an absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'a drive letter';
  const segments = name.split('/');
  if (segments.some((s) => s === '..')) return 'a .. segment';
  if (segments.some((s) => s === '.' || s === '')) return 'an empty or . segment';
  return null;
}

function kindOf(e: ZipEntry): string | null {
  if (e.unixMode === null || (e.unixMode & S_IFMT) === 0 || (e.unixMode & S_IFMT) === S_IFREG) return null;
  return (e.unixMode & S_IFMT) === S_IFLNK ? 'a symbolic link' : `a special file (mode ${e.unixMode.toString(8)})`;
}

const mib = (n: number): string => (n < 1024 * 1024 ? `${n} bytes` : `${n} bytes (${(n / 1024 / 1024).toFixed(1)} MiB)`);

/**
 * Extracts the wanted entries of the zip `zipFile` (the artifact as downloaded) into `into` and
 * returns the paths written, in the zip's order. Everything is checked before the first write but
 * the inflated sizes, which are checked as each entry inflates; a breach removes what was written.
 */
export function extractArtifactZip(zipFile: string, into: string, options: ExtractOptions): string[] {
  const { artifact } = options;
  const budget = options.budget ?? ARTIFACT_BUDGET;
  const wanted = options.wanted ?? (() => true);
  const breach = (why: string): ArtifactBudgetError =>
    new ArtifactBudgetError(`artifact "${artifact}": ${why}; nothing of it was extracted (benchgate extracts artifacts within a budget, docs/security.md)`);
  const zipSize = statSync(zipFile).size;
  if (zipSize > budget.zipBytes) throw breach(`its zip is ${mib(zipSize)}, over the ${mib(budget.zipBytes)} cap for a downloaded artifact`);
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(zipFile, undefined, { maxEntries: budget.entries });
  } catch (err) {
    if (err instanceof InputError && /declares \d+ entries/.test(err.message))
      throw breach(`its zip declares ${/declares (\d+)/.exec(err.message)?.[1]} entries, over the cap of ${budget.entries}`);
    throw new InputError(`artifact "${artifact}": ${(err as Error).message.replace(`${zipFile}: `, '')}`);
  }
  const picked = [...zip.entries.values()].filter((e) => !e.name.endsWith('/') && wanted(e.name));
  let declared = 0;
  for (const e of picked) {
    const unsafe = unsafeEntryPath(e.name) ?? kindOf(e);
    if (unsafe !== null) throw breach(`entry ${JSON.stringify(e.name)} is refused: ${unsafe}`);
    declared += e.size;
    if (declared > budget.bytes)
      throw breach(
        `entry ${JSON.stringify(e.name)} declares ${mib(e.size)} uncompressed (${mib(e.compressed)} compressed), which takes the artifact's entries to ${mib(declared)}, over the ${mib(budget.bytes)} budget`,
      );
  }
  mkdirSync(into, { recursive: true });
  if (readdirSync(into).length > 0) throw new InputError(`artifact "${artifact}": the directory to extract it into, ${into}, is not empty`);
  const root = resolve(into);
  const written: string[] = [];
  let inflated = 0;
  try {
    for (const e of picked) {
      let data: Buffer;
      try {
        data = zip.read(e.name);
      } catch (err) {
        if (err instanceof ZipSizeMismatch)
          throw breach(
            `entry ${JSON.stringify(e.name)} inflates to more than the ${mib(e.size)} its header declares (a lying header), within the ${mib(budget.bytes)} budget`,
          );
        throw new InputError(`artifact "${artifact}": ${(err as Error).message.replace(`${zipFile}: `, '')}`);
      }
      inflated += data.length;
      if (inflated > budget.bytes)
        throw breach(`entry ${JSON.stringify(e.name)} takes the inflated bytes to ${mib(inflated)}, over the ${mib(budget.bytes)} budget`);
      const target = resolve(root, e.name);
      if (relative(root, target).startsWith('..') || !target.startsWith(root + sep))
        throw breach(`entry ${JSON.stringify(e.name)} is refused: it leaves the directory`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, data, { flag: 'wx' });
      written.push(join(into, e.name));
    }
  } catch (err) {
    for (const name of readdirSync(into)) rmSync(join(into, name), { recursive: true, force: true });
    throw err;
  }
  return written;
}
