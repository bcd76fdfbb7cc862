/**
 * A resumable scanner of JSON bytes read from a file in chunks: it checks the bytes as JSON.parse
 * would (UTF-8, strings and their escapes, numbers, literals) and reads object keys by table, with
 * no whole-file string and no object per value. A format's streaming reader extends
 * json-array-member.ts's scanner (rlm-code-stream.ts does): it is handed each item of one array
 * member of the top-level object, and the other members as their JSON text.
 *
 * Two things are thrown inside a scan, never out of it: {@link NEED_MORE} when the bytes at hand end
 * before the current unit (then the unit is read again from its start with more bytes), and
 * {@link BAIL} when the bytes are not JSON or not what the reader handles (then the reader returns
 * null, and the full path, which names the problem, reads the file).
 *
 * It imports neither zod nor yaml: the loading thread's small entry (load/load-worker.ts) runs it.
 */
import { isUtf8 } from 'node:buffer';
import { readSync } from 'node:fs';

/** Thrown inside the scanner: the bytes at hand end before the current unit (an item, a top-level member). */
export const NEED_MORE = { need: 'more' };
/** Thrown inside the scanner: something the full path must handle or explain. */
export const BAIL = { bail: true };

/** Keys by a hash of their bytes (checked byte for byte after the lookup). */
export interface KeyTable {
  byHash: Map<number, number>;
  bytes: Buffer[];
  /** next[k + 1]: the key that followed key k (next[0]: the first key) the last time; -1: none yet. */
  next: Int32Array;
  /**
   * The bytes that led from the end of key k's value (from the object's `{` for k = -1) to the start
   * of the next one's, the last two times: at [2(k + 1)] the latest. They are the same from row to row
   * (comma, indent, key, colon, space), so matching them takes one comparison in place of the
   * tokens; they were checked when they were first read. null: none yet.
   */
  path: (Uint8Array | null)[];
  /** The key each of `path` leads to. */
  pathKey: Int32Array;
}
export function keyTable(keys: readonly string[]): KeyTable {
  const byHash = new Map<number, number>();
  const bytes = keys.map((k) => Buffer.from(k, 'latin1'));
  keys.forEach((k, i) => {
    const h = hashOf(bytes[i] as Buffer, 0, k.length);
    if (byHash.has(h)) throw new Error(`key hash collision: ${k}`);
    byHash.set(h, i);
  });
  const n = keys.length + 1;
  return { byHash, bytes, next: new Int32Array(n).fill(-1), path: new Array<Uint8Array | null>(2 * n).fill(null), pathKey: new Int32Array(2 * n).fill(-1) };
}
function hashOf(b: Uint8Array, from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, 31) + (b[i] as number)) | 0;
  return h;
}
/** What {@link JsonScanner.nextKey} returns at the end of the object. */
export const END = -2;
/** The longest path between two values that is kept (see KeyTable.path). */
const PATH_BYTES = 64;

/** Exact powers of ten (the fast path of the number parser: one correctly rounded operation). */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** The JSON string with contents at [at, at + len) of buf (the quotes around it included), decoded. */
function decodeString(buf: Buffer, at: number, len: number): string {
  return JSON.parse(buf.toString('utf8', at - 1, at + len + 1)) as string;
}

export function growInts(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

export const Q = 0x22; // "
const BS = 0x5c; // \
export const isWs = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** The scanner: the bytes of one file, the position in them, and the JSON tokens at that position. */
export abstract class JsonScanner {
  protected buf: Buffer;
  protected pos = 0;
  protected end = 0;
  protected eof = false;
  /** Bytes of buf before this index have been checked to be valid UTF-8. */
  private checked = 0;
  /** Where the last string scanned starts (after its quote), and whether it has no escapes. */
  protected strStart = 0;
  protected strPlain = true;
  /** Whether the last string scanned is ASCII. */
  protected strAscii = true;

  constructor(
    private readonly fd: number,
    chunk: number,
  ) {
    this.buf = Buffer.allocUnsafe(chunk);
  }

  /** One step, from one resumable point to the next (it starts again from there on NEED_MORE); true when done. */
  protected abstract step(): boolean;

  /** Scans the whole file: true when the steps are done, false when the file ends before (throws BAIL). */
  scanFile(): boolean {
    this.refill(0);
    for (;;) {
      const mark = this.pos;
      try {
        if (this.step()) return true;
      } catch (err) {
        if (err !== NEED_MORE) throw err;
        if (this.eof) return false;
        this.pos = mark;
        this.refill(mark);
        this.pos = 0;
      }
    }
  }

  /** Reads more of the file, keeping the unit being scanned (from `keep`); sets `eof` at the end of the file. */
  protected refill(keep: number): void {
    // Bytes past `checked` end the data in an unfinished UTF-8 sequence: a unit cannot have ended after them unless broken.
    if (keep > this.checked) throw BAIL;
    if (keep > 0) {
      this.buf.copyWithin(0, keep, this.end);
      this.end -= keep;
      this.checked -= keep;
    }
    if (this.end === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    const n = readSync(this.fd, this.buf, this.end, this.buf.length - this.end, null);
    if (n === 0) this.eof = true;
    this.end += n;
    this.checkUtf8();
  }

  /** Checks the bytes read so far are UTF-8 (up to a sequence cut by the chunk's end); invalid: the full path says where. */
  protected checkUtf8(): void {
    let cut = this.end;
    if (!this.eof) {
      for (let k = this.end - 1; k >= Math.max(this.checked, this.end - 3); k--) {
        const b = this.buf[k] as number;
        if (b < 0x80) break;
        if (b >= 0xc0) {
          const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
          if (k + len > this.end) cut = k;
          break;
        }
      }
    }
    if (!isUtf8(this.buf.subarray(this.checked, cut))) throw BAIL;
    this.checked = cut;
  }

  /** Skips whitespace: the byte at pos after it. */
  protected ws(): number {
    const b = this.buf;
    let p = this.pos;
    const end = this.end;
    while (p < end) {
      const c = b[p] as number;
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
        this.pos = p;
        return c;
      }
      p++;
    }
    this.pos = p;
    throw NEED_MORE;
  }

  /** Skips whitespace and the byte `c` (anything else: BAIL). */
  protected expect(c: number): void {
    if (this.ws() !== c) throw BAIL;
    this.pos++;
  }

  /**
   * Scans a JSON string whose opening quote is at pos; returns its decoded value when `keep`, else
   * null. Checks what JSON.parse checks: escapes, no raw control characters.
   */
  protected string(keep: boolean): string | null {
    const b = this.buf;
    const start = this.pos + 1;
    let p = start;
    const end = this.end;
    let plain = true;
    let ascii = true;
    for (;;) {
      if (p >= end) throw NEED_MORE;
      const c = b[p] as number;
      if (c === Q) break;
      if (c < 0x20) throw BAIL;
      if (c === BS) {
        plain = false;
        if (p + 1 >= end) throw NEED_MORE;
        const e = b[p + 1] as number;
        if (e === 0x75) {
          if (p + 5 >= end) throw NEED_MORE;
          for (let k = p + 2; k < p + 6; k++) {
            const h = b[k] as number;
            if (!((h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66))) throw BAIL;
          }
          p += 6;
          continue;
        }
        if (e !== Q && e !== BS && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) throw BAIL;
        p += 2;
        continue;
      }
      if (c >= 0x80) ascii = false;
      p++;
    }
    this.pos = p + 1;
    this.strStart = start;
    this.strPlain = plain;
    this.strAscii = ascii;
    if (!keep) return null;
    if (plain) return b.toString(ascii ? 'latin1' : 'utf8', start, p);
    return JSON.parse(b.toString('utf8', start - 1, p + 1)) as string;
  }

  /**
   * From the end of key `prev`'s value (from just after the `{` when -1) to the start of the next
   * value: returns its key's index in `table` (-1: a key it does not hold), with pos at the value
   * (not whitespace), or END with pos after the `}`. The bytes on the way are most often those of
   * the previous row (see KeyTable.path): compared as a whole, they say the key at once.
   */
  protected nextKey(table: KeyTable, prev: number): number {
    const b = this.buf;
    const from = this.pos;
    const slot = 2 * (prev + 1);
    for (let s = slot; s < slot + 2; s++) {
      const path = table.path[s];
      if (path == null) break;
      const len = path.length;
      if (from + len >= this.end) break;
      let i = 0;
      while (i < len && b[from + i] === path[i]) i++;
      if (i === len) {
        this.pos = from + len;
        if (isWs(b[this.pos] as number)) this.ws(); // more space before this value than before the last
        return table.pathKey[s] as number;
      }
    }
    const c = this.ws();
    if (c === 0x7d) {
      this.pos++;
      return END;
    }
    if (prev >= 0) {
      if (c !== 0x2c) throw BAIL;
      this.pos++;
    }
    const k = this.key(table, prev);
    this.ws();
    if (k >= 0 && this.pos - from <= PATH_BYTES) {
      table.path[slot + 1] = table.path[slot] as Uint8Array | null;
      table.pathKey[slot + 1] = table.pathKey[slot] as number;
      table.path[slot] = new Uint8Array(b.subarray(from, this.pos)); // a copy: the buffer is read into again
      table.pathKey[slot] = k;
    }
    return k;
  }

  /**
   * A key's index in `table`, or -1 for a key it does not hold; pos after the colon. `prev` is the
   * previous key's index in the object (-1 for the first): rows repeat their key order, so the key
   * that followed it last time is tried first, byte for byte, before the hash lookup.
   */
  protected key(table: KeyTable, prev: number): number {
    if (this.ws() !== Q) throw BAIL;
    const b = this.buf;
    const start = this.pos + 1;
    const guess = table.next[prev + 1] as number;
    if (guess >= 0) {
      const want = table.bytes[guess] as Buffer;
      const len = want.length;
      if (start + len < this.end && b[start + len] === Q) {
        let i = 0;
        while (i < len && b[start + i] === want[i]) i++;
        if (i === len) {
          this.pos = start + len + 1;
          this.expect(0x3a);
          return guess;
        }
      }
    }
    let p = start;
    let h = 0;
    for (;;) {
      if (p >= this.end) throw NEED_MORE;
      const c = b[p] as number;
      if (c === Q) break;
      if (c === BS || c < 0x20) {
        // An escaped key is rare: scan it as a string and look it up by its decoded value.
        const name = this.string(true) as string;
        this.expect(0x3a);
        return table.bytes.findIndex((x) => x.toString('latin1') === name);
      }
      h = (Math.imul(h, 31) + c) | 0;
      p++;
    }
    this.pos = p + 1;
    let k = table.byHash.get(h) ?? -1;
    if (k >= 0) {
      const want = table.bytes[k] as Buffer;
      if (want.length !== p - start) k = -1;
      else for (let i = 0; i < want.length; i++) if (b[start + i] !== want[i]) k = -1;
    }
    this.expect(0x3a);
    if (k >= 0) table.next[prev + 1] = k;
    return k;
  }

  /**
   * A JSON number at pos (JSON's grammar exactly), parsed to the double JSON.parse gives, into
   * `into[at]` (a double returned from a call would be boxed: a heap object per number).
   */
  protected number(into: Float64Array, at: number): void {
    const b = this.buf;
    const end = this.end;
    const start = this.pos;
    let p = start;
    let neg = false;
    if (b[p] === 0x2d) {
      neg = true;
      p++;
    }
    let m = 0;
    let digits = 0;
    let c = p < end ? (b[p] as number) : -1;
    if (c === 0x30) {
      p++;
    } else if (c >= 0x31 && c <= 0x39) {
      while (p < end && (c = b[p] as number) >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        digits++;
        p++;
      }
    } else if (p >= end) throw NEED_MORE;
    else throw BAIL;
    let scale = 0;
    if (p < end && b[p] === 0x2e) {
      p++;
      const from = p;
      while (p < end && (c = b[p] as number) >= 0x30 && c <= 0x39) {
        m = m * 10 + (c - 0x30);
        if (m !== 0) digits++;
        p++;
      }
      if (p >= end) throw NEED_MORE;
      if (p === from) throw BAIL;
      scale = p - from;
    }
    let exp = 0;
    if (p < end && (b[p] === 0x65 || b[p] === 0x45)) {
      p++;
      let eneg = false;
      if (p < end && (b[p] === 0x2b || b[p] === 0x2d)) {
        eneg = b[p] === 0x2d;
        p++;
      }
      const from = p;
      while (p < end && (c = b[p] as number) >= 0x30 && c <= 0x39) {
        exp = Math.min(exp * 10 + (c - 0x30), 1e6);
        p++;
      }
      if (p >= end) throw NEED_MORE;
      if (p === from) throw BAIL;
      if (eneg) exp = -exp;
    }
    if (p >= end) throw NEED_MORE; // the number might go on in the next chunk
    this.pos = p;
    const e10 = exp - scale;
    let v: number;
    if (digits <= 15 && e10 >= -22 && e10 <= 22) v = e10 >= 0 ? m * (POW10[e10] as number) : m / (POW10[-e10] as number);
    else v = Number(b.toString('latin1', neg ? start + 1 : start, p));
    into[at] = neg ? -v : v;
  }

  /** true, false or null at pos: 1, 0 or -1. */
  protected literal(): number {
    const b = this.buf;
    const p = this.pos;
    const c = b[p] as number;
    const len = c === 0x66 ? 5 : 4;
    if (p + len > this.end) throw NEED_MORE;
    this.pos = p + len;
    // Byte for byte: no string per literal.
    if (c === 0x74 && b[p + 1] === 0x72 && b[p + 2] === 0x75 && b[p + 3] === 0x65) return 1;
    if (c === 0x66 && b[p + 1] === 0x61 && b[p + 2] === 0x6c && b[p + 3] === 0x73 && b[p + 4] === 0x65) return 0;
    if (c === 0x6e && b[p + 1] === 0x75 && b[p + 2] === 0x6c && b[p + 3] === 0x6c) return -1;
    throw BAIL;
  }

  /** A count (a safe integer, not negative) at pos into `into[at]`. */
  protected count(into: Float64Array, at: number): void {
    this.number(into, at);
    const v = into[at] as number;
    if (!Number.isSafeInteger(v) || v < 0) throw BAIL;
  }

  /** Whether the JSON strings with contents at [a, a + alen) and [b, b + blen) of buf are the same string. */
  protected sameString(a: number, alen: number, aplain: boolean, b: number, blen: number, bplain: boolean): boolean {
    const buf = this.buf;
    if (aplain && bplain) {
      // Plain strings are their UTF-8 bytes: equal strings, equal bytes.
      if (alen !== blen) return false;
      for (let i = 0; i < alen; i++) if (buf[a + i] !== buf[b + i]) return false;
      return true;
    }
    return decodeString(buf, a, alen) === decodeString(buf, b, blen);
  }

  /** Skips any JSON value at pos (a top-level member's; JSON.parse checks it afterwards); returns where it starts. */
  protected skipValue(): number {
    const start = this.pos;
    let depth = 0;
    const b = this.buf;
    for (;;) {
      const c = this.ws();
      if (c === Q) this.string(false);
      else if (c === 0x7b || c === 0x5b) {
        depth++;
        this.pos++;
        continue;
      } else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) throw BAIL;
        depth--;
        this.pos++;
      } else if (c === 0x2c || c === 0x3a) {
        if (depth === 0) throw BAIL;
        this.pos++;
        continue;
      } else {
        // A number or literal: up to the next delimiter.
        let p = this.pos;
        while (p < this.end && !isWs(b[p] as number) && b[p] !== 0x2c && b[p] !== 0x7d && b[p] !== 0x5d && b[p] !== 0x3a) p++;
        if (p >= this.end) throw NEED_MORE;
        if (p === this.pos) throw BAIL;
        this.pos = p;
      }
      if (depth === 0) return start;
    }
  }
}
