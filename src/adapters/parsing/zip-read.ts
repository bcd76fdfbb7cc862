/**
 * A small reader of zip archives for Inspect AI's `.eval` logs: the central directory (zip64 too),
 * entries stored, deflated (zlib's inflateRaw) or zstd-compressed (zlib's zstdDecompress, Node.js
 * 22.15 and later; Inspect writes zstd since 2026, deflate before). Every offset is bounds-checked and
 * every size capped, so a malformed or hostile archive is an InputError that names the file, never a
 * crash or an unbounded allocation.
 */
import { readFileSync, statSync } from 'node:fs';
import * as zlib from 'node:zlib';

import { InputError } from '../../errors.js';

/** The largest archive read (bytes). */
export const MAX_ZIP_BYTES = 2 ** 31 - 1;
/** The largest entry read, uncompressed (bytes): about the longest string V8 holds. */
export const MAX_ENTRY_BYTES = 512 * 1024 * 1024 - 64;

export interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  local: number;
  /**
   * The Unix file type and mode bits (S_IFLNK 0o120000 for a symbolic link), or null when the
   * entry was not made on Unix: APPNOTE.TXT 4.4.2 (the upper byte of "version made by", 3 = Unix)
   * and 4.4.15 (the high 16 bits of "external file attributes" hold st_mode there, as Info-ZIP and
   * archiver, which @actions/artifact zips with, write them).
   */
  unixMode: number | null;
}

/** Options of {@link ZipArchive.open}. */
export interface ZipOpenOptions {
  /** Refuse an archive whose end record declares more entries than this, before reading any. */
  maxEntries?: number;
}

/** An entry that inflates to more bytes than its central directory entry declares (a lying header). */
export class ZipSizeMismatch extends InputError {
  override name = 'ZipSizeMismatch';
  constructor(
    message: string,
    readonly entry: string,
    readonly declared: number,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

type ZstdDecompress = (buf: Buffer, options?: { maxOutputLength?: number }) => Buffer;
const zstdDecompress = (zlib as unknown as { zstdDecompressSync?: ZstdDecompress }).zstdDecompressSync;

export class ZipArchive {
  readonly entries = new Map<string, ZipEntry>();

  private constructor(
    private readonly file: string,
    private readonly buf: Buffer,
  ) {}

  /** Reads `file` (at most {@link MAX_ZIP_BYTES}) and its central directory. */
  static open(file: string, content?: Uint8Array, options: ZipOpenOptions = {}): ZipArchive {
    let buf: Buffer;
    if (content) buf = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    else {
      const size = statSync(file).size;
      if (size > MAX_ZIP_BYTES) throw new InputError(`${file}: a zip archive of ${size} bytes; benchgate reads at most ${MAX_ZIP_BYTES}`);
      buf = readFileSync(file);
    }
    const zip = new ZipArchive(file, buf);
    zip.readDirectory(options.maxEntries ?? Infinity);
    return zip;
  }

  private bad(why: string): InputError {
    return new InputError(`${this.file}: not a readable zip archive: ${why}`);
  }

  private u16(at: number): number {
    if (at < 0 || at + 2 > this.buf.length) throw this.bad(`offset ${at} is past the end`);
    return this.buf.readUInt16LE(at);
  }

  private u32(at: number): number {
    if (at < 0 || at + 4 > this.buf.length) throw this.bad(`offset ${at} is past the end`);
    return this.buf.readUInt32LE(at);
  }

  private u64(at: number): number {
    const lo = this.u32(at);
    const hi = this.u32(at + 4);
    if (hi >= 2 ** 21) throw this.bad('a 64-bit size or offset beyond 2^53');
    return hi * 2 ** 32 + lo;
  }

  /** The end of central directory record: searched backwards over the longest comment (65,535 bytes). */
  private findEnd(): number {
    for (let at = this.buf.length - 22; at >= Math.max(0, this.buf.length - 22 - 65535); at--) if (this.buf.readUInt32LE(at) === EOCD) return at;
    throw this.bad('no end of central directory record');
  }

  /** Entries the end record declares (zip64's when present), read before any entry. */
  declaredEntries = 0;

  private readDirectory(maxEntries: number): void {
    const end = this.findEnd();
    let count = this.u16(end + 10);
    let at = this.u32(end + 16);
    if ((count === 0xffff || at === 0xffffffff) && end >= 20 && this.u32(end - 20) === ZIP64_LOCATOR) {
      const record = this.u64(end - 20 + 8);
      if (this.u32(record) !== ZIP64_EOCD) throw this.bad('a zip64 locator that points at no zip64 record');
      count = this.u64(record + 32);
      at = this.u64(record + 48);
    }
    this.declaredEntries = count;
    if (count > maxEntries) throw new InputError(`${this.file}: the zip archive declares ${count} entries; benchgate reads at most ${maxEntries}`);
    for (let i = 0; i < count; i++) {
      if (this.u32(at) !== CENTRAL) throw this.bad(`central directory entry ${i} has no signature`);
      const nameLength = this.u16(at + 28);
      const extraLength = this.u16(at + 30);
      const madeOnUnix = this.u16(at + 4) >> 8 === 3;
      const entry: ZipEntry = {
        name: '',
        method: this.u16(at + 10),
        compressed: this.u32(at + 20),
        size: this.u32(at + 24),
        local: this.u32(at + 42),
        unixMode: madeOnUnix ? this.u32(at + 38) >>> 16 : null,
      };
      if (at + 46 + nameLength > this.buf.length) throw this.bad(`central directory entry ${i} runs past the end`);
      entry.name = this.buf.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      this.zip64Sizes(entry, at + 46 + nameLength, extraLength);
      this.entries.set(entry.name, entry);
      at += 46 + nameLength + extraLength + this.u16(at + 32);
    }
  }

  /** Sizes and offset of 0xffffffff are in the zip64 extra field (id 1), in that order. */
  private zip64Sizes(e: ZipEntry, from: number, length: number): void {
    if (e.size !== 0xffffffff && e.compressed !== 0xffffffff && e.local !== 0xffffffff) return;
    for (let at = from; at + 4 <= from + length; ) {
      const id = this.u16(at);
      const size = this.u16(at + 2);
      if (id === 1) {
        let p = at + 4;
        for (const key of ['size', 'compressed', 'local'] as const) {
          if (e[key] === 0xffffffff) {
            e[key] = this.u64(p);
            p += 8;
          }
        }
        return;
      }
      at += 4 + size;
    }
    throw this.bad(`entry ${JSON.stringify(e.name)} has 32-bit sizes at their maximum and no zip64 field`);
  }

  /**
   * An entry's bytes, decompressed; an InputError when it is absent, too large or broken. Inflating
   * stops at the size the central directory declares: an entry that would inflate past it is a
   * {@link ZipSizeMismatch}, with no more than the declared bytes ever held.
   */
  read(name: string): Buffer {
    const e = this.entries.get(name);
    if (!e) throw new InputError(`${this.file}: the archive has no ${JSON.stringify(name)}`);
    if (e.size > MAX_ENTRY_BYTES)
      throw new InputError(`${this.file}: ${name} is ${e.size} bytes uncompressed; benchgate reads entries of at most ${MAX_ENTRY_BYTES}`);
    if (this.u32(e.local) !== LOCAL) throw this.bad(`${name} has no local header`);
    const start = e.local + 30 + this.u16(e.local + 26) + this.u16(e.local + 28);
    if (start + e.compressed > this.buf.length) throw this.bad(`${name}'s data runs past the end`);
    const data = this.buf.subarray(start, start + e.compressed);
    let out: Buffer;
    try {
      if (e.method === 0) out = data;
      else if (e.method === 8) out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
      else if (e.method === 93) {
        if (!zstdDecompress)
          throw new InputError(
            `${this.file}: ${name} is compressed with zstd, which Node.js ${process.version} cannot read (22.15 or later can); run benchgate on a newer Node.js, or write the log as JSON with \`inspect log convert <log> --to json\``,
          );
        out = zstdDecompress(data, { maxOutputLength: Math.max(1, e.size) });
      } else throw new InputError(`${this.file}: ${name} uses zip compression method ${e.method}; benchgate reads stored (0), deflate (8) and zstd (93)`);
    } catch (err) {
      if (err instanceof InputError) throw err;
      // zlib's maxOutputLength: output beyond it is a RangeError with this code (Node.js zlib.md, "Class: Options").
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new ZipSizeMismatch(`${this.file}: ${name} inflates to more than the ${e.size} bytes its directory entry declares`, name, e.size);
      throw this.bad(`${name} does not decompress (${(err as Error).message})`);
    }
    if (out.length > e.size)
      throw new ZipSizeMismatch(`${this.file}: ${name} holds ${out.length} bytes, more than the ${e.size} its directory entry declares`, name, e.size);
    if (out.length !== e.size) throw this.bad(`${name} decompresses to ${out.length} bytes, the directory says ${e.size}`);
    return out;
  }
}
