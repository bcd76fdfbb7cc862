/**
 * Files the user names, opened only when they are what they claim to be. A FIFO, a character device
 * such as /dev/zero, or a symlink to one would make a read wait for ever or never end, and a rename
 * over /dev/null (as root, in a container job) replaces the device with a regular file. So inputs are
 * checked with stat *before* they are opened, opened non-blocking (a FIFO swapped in between cannot
 * block), and checked again on the open descriptor; outputs go only to a regular file or a new path.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmSync, type Stats, statSync, writeSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { InputError, UsageError } from './errors.js';

/** What a non-regular file is, for messages: "a FIFO (named pipe)", "a character device", … */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isFile()) return 'a regular file';
  return 'not a regular file';
}

function statOrExplain(file: string, fail: (why: string) => Error): Stats {
  try {
    return statSync(file);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw fail(
      code === 'ENOENT'
        ? 'no such file'
        : code === 'ENOTDIR'
          ? 'a part of the path is not a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'ELOOP'
              ? 'too many symbolic links'
              : `cannot read file (${String(code ?? (err as Error).message)})`,
    );
  }
}

const notRegular = (stats: Stats): string => `is ${kindOf(stats)}, expected a regular file (benchgate never reads pipes or devices: they may never end)`;

/** Refuses anything but a regular file or (when `directories`) a directory, without opening it. */
export function checkInputPath(file: string, options: { directories?: boolean; maxBytes?: number; fail?: (why: string) => Error } = {}): Stats {
  const fail = options.fail ?? ((why: string) => new InputError(`${file}: ${why}`));
  const stats = statOrExplain(file, fail);
  if (stats.isDirectory() && options.directories) return stats;
  if (stats.isDirectory()) throw fail('is a directory, expected a file');
  if (!stats.isFile()) throw fail(notRegular(stats));
  if (options.maxBytes !== undefined && stats.size > options.maxBytes) throw fail(`${stats.size} bytes, over the ${options.maxBytes}-byte limit`);
  return stats;
}

/**
 * Opens a regular file for reading: checked before opening, opened non-blocking, checked again on the
 * descriptor (it may have been swapped for a FIFO in between). The caller closes the descriptor.
 */
export function openRegularFile(file: string, options: { maxBytes?: number; fail?: (why: string) => Error } = {}): { fd: number; size: number } {
  const fail = options.fail ?? ((why: string) => new InputError(`${file}: ${why}`));
  checkInputPath(file, options);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw fail(`cannot open (${String((err as { code?: string }).code ?? (err as Error).message)})`);
  }
  const stats = fstatSync(fd);
  if (!stats.isFile() || (options.maxBytes !== undefined && stats.size > options.maxBytes)) {
    closeSync(fd);
    throw fail(stats.isFile() ? `${stats.size} bytes, over the ${options.maxBytes}-byte limit` : notRegular(stats));
  }
  return { fd, size: stats.size };
}

/** The bytes of a regular file (see {@link openRegularFile}). */
export function readRegularFile(file: string, options: { maxBytes?: number; fail?: (why: string) => Error } = {}): Buffer {
  const { fd } = openRegularFile(file, options);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The real path of `path`, or of its parent joined with its name when it does not exist yet; null when neither resolves. */
function realOrParent(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return null;
    }
  }
}

/**
 * Writes a report to `output` so that a reader never sees half of it and nothing but the named file
 * changes: into a fresh temporary file (created exclusively, beside the real target) renamed over the
 * target, which must be a regular file or not exist yet. Refused: a device, FIFO, socket or
 * directory (leave out --output to print on stdout); any of `protect` (the inputs, the configuration)
 * by real path or by inode; a parent that is a file. Missing folders are created (as documented).
 */
export function writeOutputFile(
  option: string,
  output: string,
  protect: readonly { path: string; what: string }[],
  pieces: Iterable<string | Uint8Array>,
): string {
  const fail = (why: string) => new UsageError(`${option} ${output}: ${why}`);
  const named = resolve(output);
  try {
    mkdirSync(dirname(named), { recursive: true }); // documented: folders are created
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw fail(
      code === 'ENOTDIR' || code === 'EEXIST'
        ? `a part of its directory ${dirname(named)} is a file, not a directory`
        : `cannot create its directory ${dirname(named)} (${code ?? (err as Error).message})`,
    );
  }
  const real = realOrParent(named);
  if (real === null || !statSync(dirname(real)).isDirectory()) throw fail(`${dirname(named)} is not a directory`);
  const existing = statSync(real, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isFile())
    throw fail(`is ${kindOf(existing)}; benchgate writes reports only to regular files (leave out the option to print the report on stdout)`);
  for (const { path, what } of protect) {
    const same = realOrParent(resolve(path)) === real || (existing !== undefined && sameFile(existing, path));
    if (same) throw fail(`is ${what}${resolve(path) === named ? '' : ` (${path})`}; refusing to overwrite it`);
  }
  const tmp = join(dirname(real), `.${basename(real)}.benchgate-${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    for (const piece of pieces) writeAll(fd, typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
    closeSync(fd);
    fd = null;
    renameSync(tmp, real);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    rmSync(tmp, { force: true });
    throw fail(`cannot write (${(err as { code?: string }).code ?? (err as Error).message})`);
  }
  return named;
}

/** Writes all of `bytes` (a write may take fewer bytes than it was given). */
export function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}

function sameFile(a: Stats, path: string): boolean {
  const b = statSync(path, { throwIfNoEntry: false });
  return b !== undefined && a.dev === b.dev && a.ino === b.ino;
}

/**
 * How reports and messages name a file the user gave: relative to `base` (the working directory, or
 * the action's workspace), with `..` when outside it, never by this machine's absolute path; only a
 * file on another drive (Windows) falls back to its name. `base` itself is `.`.
 */
export function shownPath(path: string, base: string): string {
  const rel = relative(base, resolve(base, path));
  return rel === '' ? '.' : isAbsolute(rel) ? basename(path) : rel;
}
