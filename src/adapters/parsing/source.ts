/**
 * One input file as the adapters see it: its kind (JSON, JSON Lines, XML) sniffed from its first
 * bytes, its text and parsed JSON on demand (each read once), and its lines streamed in chunks, so a
 * JSON Lines file larger than a string can hold is read one record at a time.
 */
import { closeSync, readdirSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { InputError } from '../../errors.js';
import { checkInputPath, openRegularFile } from '../../fs-safe.js';
import { decodeUtf8, describeFsError, parseJsonText, readTextFile } from './read-json.js';

/** What the first bytes of a file say it is. */
export type SourceKind = 'json' | 'jsonl' | 'xml' | 'empty' | 'other' | 'directory';

/** One line of a text file, numbered from 1, without its line break. */
export interface SourceLine {
  line: number;
  text: string;
}

export interface Source {
  /** The path as the user gave it (used in every message). */
  readonly file: string;
  readonly kind: SourceKind;
  /** The whole text (a byte-order mark dropped). */
  text(): string;
  /** The parsed JSON; a syntax error names the line, column and path. Only for kind `json`. */
  json(): unknown;
  /** The lines, read in chunks (never the whole file at once when it is on disk). */
  lines(): Iterable<SourceLine>;
  /** A path next to this file (formats that spread over several files). */
  sibling(name: string): string;
  /** For a directory: the names of the files in it, sorted; [] for a file. */
  entries(): string[];
}

const HEAD_BYTES = 64 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;

/** The kind of a text from its start: a complete JSON value on the first line and more lines is JSON Lines. */
export function sniffKind(head: string): SourceKind {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const start = text.search(/\S/);
  if (start < 0) return 'empty';
  const first = text[start];
  if (first === '<') return 'xml';
  if (first !== '{' && first !== '[') return 'other';
  const eol = text.indexOf('\n', start);
  if (eol < 0) return 'json';
  if (text.slice(eol + 1).trim() === '') return 'json';
  try {
    JSON.parse(text.slice(start, eol));
    return 'jsonl';
  } catch {
    return 'json';
  }
}

/**
 * The kind of a file: as its start reads ({@link sniffKind}), except that a `.jsonl` or `.ndjson`
 * file of one object on one line is JSON Lines of one record, as its name says (sniffing alone
 * calls it one JSON document, having no second line to tell them apart).
 */
export function sourceKindOf(file: string, head: string): SourceKind {
  const kind = sniffKind(head);
  if (kind !== 'json' || !/\.(jsonl|ndjson)$/i.test(file)) return kind;
  const text = head.trim();
  return text.startsWith('{') && !text.includes('\n') ? 'jsonl' : kind;
}

/** Opens `file` for reading, a regular file only (never a FIFO or device); failing, an InputError that names the file and says why. */
function openOrExplain(file: string): number {
  return openRegularFile(file).fd;
}

/** The first bytes of a file, as text; an InputError naming the file when it cannot be read. */
export function readHead(file: string): string {
  const fd = openOrExplain(file);
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${file}: ${describeFsError(err)}`);
  } finally {
    closeSync(fd);
  }
}

/** Splits chunks of bytes into numbered lines; a line may span chunks. Invalid UTF-8 is an error naming the line and the byte offset in the file. */
function* splitLines(chunks: Iterable<Buffer>, file: string): Generator<SourceLine> {
  let carry: Buffer = Buffer.alloc(0);
  let line = 0;
  let base = 0; // the file offset of carry's first byte
  for (const chunk of chunks) {
    let buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let from = 0;
    for (let nl = buf.indexOf(10, from); nl >= 0; nl = buf.indexOf(10, from)) {
      const end = nl > from && buf[nl - 1] === 13 ? nl - 1 : nl;
      line++;
      const text = decodeUtf8(Buffer.from(buf.subarray(from, end)), `${file}: line ${line}`, base + from);
      yield { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
      from = nl + 1;
    }
    buf = buf.subarray(from);
    base += from;
    carry = Buffer.from(buf);
  }
  if (carry.length > 0) {
    line++;
    const text = decodeUtf8(carry, `${file}: line ${line}`, base);
    yield { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  }
}

function* fileChunks(file: string): Generator<Buffer> {
  const fd = openOrExplain(file);
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK_BYTES);
      const n = readSync(fd, buf, 0, CHUNK_BYTES, null);
      if (n === 0) return;
      yield buf.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The source of a file on disk; `content` is its bytes when another thread has read them already.
 */
/** The source of a directory: formats whose run is a folder of files (one per scenario). */
function directorySource(dir: string): Source {
  const refuse = (): never => {
    throw new InputError(
      `${dir}: is a directory; only a format whose run is a folder of files (rle, lm-eval, swe-bench, tau2-bench, harbor) reads one, give a file otherwise`,
    );
  };
  return {
    file: dir,
    kind: 'directory',
    text: refuse,
    json: refuse,
    lines: refuse,
    sibling: (name) => resolve(dir, name),
    entries: () =>
      readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort(),
  };
}

export function fileSource(file: string, content?: Uint8Array): Source {
  if (!content && isDirectory(file)) return directorySource(file);
  const bytes = content ? Buffer.from(content.buffer, content.byteOffset, content.byteLength) : null;
  const kind = sourceKindOf(file, bytes ? bytes.subarray(0, HEAD_BYTES).toString('utf8') : readHead(file));
  let text: string | undefined;
  let parsed: { value: unknown } | undefined;
  return {
    file,
    kind,
    text: () => (text ??= readTextFile(file, bytes ?? undefined)),
    json() {
      if (parsed) return parsed.value;
      const value = parseJsonText(file, (text ??= readTextFile(file, bytes ?? undefined)));
      parsed = { value };
      text = undefined; // the parsed value is what is kept
      return value;
    },
    lines: () => splitLines(bytes ? [bytes] : { [Symbol.iterator]: () => fileChunks(file) }, file),
    sibling: (name) => resolve(dirname(file), name),
    entries: () => [],
  };
}

/** A directory, or a regular file (else an InputError: missing, a FIFO, a device…), checked before anything opens it. */
function isDirectory(path: string): boolean {
  return checkInputPath(path, { directories: true }).isDirectory();
}

/** A source over JSON already parsed (tests, and callers that hold the data). */
export function dataSource(file: string, data: unknown): Source {
  let text: string | undefined;
  return {
    file,
    kind: 'json',
    text: () => (text ??= JSON.stringify(data)),
    json: () => data,
    lines: () => splitLines([Buffer.from((text ??= JSON.stringify(data)))], file),
    sibling: (name) => resolve(dirname(file), name),
    entries: () => [],
  };
}
