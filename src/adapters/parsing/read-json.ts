/**
 * Reads a JSON file for an adapter, turning every way it can fail into an {@link InputError} that
 * names the file and, for syntax problems, the line, column and JSON path.
 */
import { constants as bufferConstants, isAscii, isUtf8 } from 'node:buffer';

import { InputError } from '../../errors.js';
import { readRegularFile } from '../../fs-safe.js';
import { checkJsonText } from './json-guard.js';
import { locateJsonProblem } from './json-locate.js';

/** The longest text read whole: V8's longest string, in bytes (UTF-8 is never shorter than its UTF-16 length). */
const MAX_TEXT_BYTES = bufferConstants.MAX_STRING_LENGTH;

/**
 * Reads `file` as UTF-8 text (a leading byte-order mark is dropped). Files whose characters are all
 * below U+0100 (ASCII, and ASCII with Latin-1 letters such as é or ï) take a faster decoder with the
 * same result; see {@link decodeUtf8}. `content` is the file's bytes when they have been read
 * already (by another thread); they are decoded in place.
 */
export function readTextFile(file: string, content?: Uint8Array): string {
  let text: string;
  try {
    // A regular file only, and no larger than a string can hold: checked before it is read.
    const bytes = content ? Buffer.from(content.buffer, content.byteOffset, content.byteLength) : readRegularFile(file, { maxBytes: MAX_TEXT_BYTES });
    text = decodeUtf8(bytes, file);
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${file}: ${describeFsError(err)}`);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * `bytes.toString('utf8')`, faster for the common text of benchmark summaries. Decoding UTF-8 costs
 * about three times what copying Latin-1 costs on a 100 MB file, and both give the same one-byte
 * string when every character is below U+0100: ASCII files are copied as Latin-1, and files whose
 * only other bytes are 2-byte sequences for U+0080–U+00FF are narrowed to Latin-1 in place first
 * (`bytes` is overwritten). Anything else (other characters, a byte-order mark, invalid UTF-8) takes the UTF-8 decoder.
 */
export function decodeUtf8(bytes: Buffer, where = 'text', base = 0): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  const leads = latin1Leads(bytes);
  if (leads !== null) return bytes.toString('latin1', 0, narrowToLatin1(bytes, leads));
  // The decoder would put U+FFFD in place of a broken sequence: the text would say something else than the file.
  if (!isUtf8(bytes)) throw new InputError(`${where}: invalid UTF-8 at byte ${base + invalidUtf8Offset(bytes)}; expected UTF-8 text`);
  return bytes.toString('utf8');
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (only called when there is one). */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] as number;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n === 0) return i;
    const second = bytes[i + 1] ?? 0;
    // The second byte's range for E0, ED, F0, F4 (overlong forms, surrogates, above U+10FFFF).
    const lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (n > 1 && (second < lo || second > hi)) return i;
    for (let k = 2; k < n; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += n;
  }
  return bytes.length;
}

/**
 * Where the 2-byte sequences of U+0080–U+00FF start (lead byte C2 or C3, then a continuation byte),
 * when all other bytes are ASCII; null when some other byte occurs, or when there are so many
 * sequences (over one per KiB) that the UTF-8 decoder is faster: each costs a few native calls here.
 */
function latin1Leads(bytes: Buffer): number[] | null {
  const leads: number[] = [];
  const most = 16 + (bytes.length >> 10);
  let from = 0;
  let c2 = bytes.indexOf(0xc2);
  let c3 = bytes.indexOf(0xc3);
  for (;;) {
    const at = c2 < 0 ? c3 : c3 < 0 ? c2 : Math.min(c2, c3);
    if (!isAscii(bytes.subarray(from, at < 0 ? bytes.length : at))) return null;
    if (at < 0) return leads;
    const next = bytes[at + 1];
    if (next === undefined || (next & 0xc0) !== 0x80 || leads.length >= most) return null;
    leads.push(at);
    from = at + 2;
    if (c2 === at) c2 = bytes.indexOf(0xc2, from);
    if (c3 === at) c3 = bytes.indexOf(0xc3, from);
  }
}

/** Rewrites each sequence at `leads` as its one Latin-1 byte, closing the gaps; returns the new length. */
function narrowToLatin1(bytes: Buffer, leads: readonly number[]): number {
  let w = leads[0] ?? bytes.length;
  for (let k = 0; k < leads.length; k++) {
    const at = leads[k] as number;
    const end = leads[k + 1] ?? bytes.length;
    bytes[w++] = (((bytes[at] as number) & 0x1f) << 6) | ((bytes[at + 1] as number) & 0x3f);
    bytes.copyWithin(w, at + 2, end);
    w += end - at - 2;
  }
  return w;
}

export function describeFsError(err: unknown): string {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'is a directory, expected a JSON file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ERR_STRING_TOO_LONG':
      return 'file is too large to read (over 512 MiB)';
    case 'ERR_FS_FILE_TOO_LARGE':
      return 'file is too large to read (over 2 GiB)';
    default:
      return `cannot read file (${String(code ?? (err as Error).message)})`;
  }
}

/** Parses JSON text read from `file`; syntax errors name the line, column and path. */
export function parseJsonText(file: string, text: string): unknown {
  if (text.trim() === '') throw new InputError(`${file}: file is empty, expected a JSON object`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    const problem = locateJsonProblem(text);
    if (!problem) throw new InputError(`${file}: not valid JSON (${(err as Error).message})`);
    throwProblem(file, problem);
  }
  // What JSON.parse accepts but a summary must not say: a key given twice, nesting that would exhaust the stack.
  checkJsonText(file, text);
  return value;
}

function throwProblem(file: string, problem: NonNullable<ReturnType<typeof locateJsonProblem>>): never {
  const where = `line ${problem.line}, column ${problem.column} (${problem.path})`;
  if (problem.nonFinite) {
    throw new InputError(`${file}: ${where}: ${problem.reason}; expected a finite number (JSON has no NaN or Infinity)`);
  }
  throw new InputError(`${file}: not valid JSON at ${where}: ${problem.reason}`);
}

/** Reads and parses a JSON file; `content` as for {@link readTextFile}. */
export function readJsonFile(file: string, content?: Uint8Array): unknown {
  return parseJsonText(file, readTextFile(file, content));
}
