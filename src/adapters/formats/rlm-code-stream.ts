/**
 * A streaming reader for large rlm-code summaries: reads the file in chunks and scans its bytes
 * straight into the packed columns (schema/pack.ts), with no whole-file string and no object per row.
 * A 1,000,000-case summary (1.2 GB) is over V8's longest string, so the full parser cannot read it;
 * this reader can, in memory proportional to the cases (about 150 bytes each), not to the file.
 *
 * It accepts exactly what the full path (parsing/read-json.ts, then rlm-code.ts `packRlmCode`) accepts, and
 * gives the same packed summary; it reads no more than it must (the text fields of a row are checked
 * as JSON strings, never decoded). Whatever it is not sure of, it leaves to the full path: it returns
 * null for broken files (so the full path names the problem, in today's words: it is the error
 * oracle), and for the rarer valid shapes it does not handle (fields benchgate does not name in a row,
 * an object or array as `expected_answer`, a `schema` key, load options other than the format).
 *
 * The fields, their kinds and the top level's checks come from rlm-code-fields.ts (the one table
 * both readers derive from); the JSON scanning is parsing/json-scan.ts's. This file maps the table
 * to the scanner and a row to the packed columns.
 *
 * It imports neither zod nor yaml: the loading thread's small entry (load/load-worker.ts) runs it.
 */
import { closeSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';

import { InputError } from '../../errors.js';
import { openRegularFile } from '../../fs-safe.js';
import { COLUMNS, type PackedSummary, SummaryPacker } from '../../schema/pack.js';
import { RowWriter } from '../../schema/pack-writer.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import type { FieldSpec, FieldTable } from '../parsing/field-checks.js';
import { nonFinitePath } from '../parsing/issues.js';
import { JsonArrayMemberScanner } from '../parsing/json-array-member.js';
import { checkJsonText } from '../parsing/json-guard.js';
import { BAIL, END, growInts, keyTable, Q } from '../parsing/json-scan.js';
import { isValidTop, type RawSummary, rlmCodeHead, ROW_FIELDS, TOP_KEYS, USAGE_FIELDS } from './rlm-code-fields.js';

/** schema/summary.ts's SUMMARY_SCHEMA (that module builds zod schemas; a test keeps the two equal). */
export const STREAM_SUMMARY_SCHEMA = 'benchgate.summary/v1';

/** Where to take a shortcut: the reader handles load options that name nothing but the format. */
export function streamable(options: {
  format: string;
  model?: unknown;
  prompt?: unknown;
  run?: unknown;
  fields?: unknown;
  keep?: { numbers: readonly string[]; labels: readonly string[] } | undefined;
}): boolean {
  return (
    (options.format === 'auto' || options.format === 'rlm-code') &&
    options.model === undefined &&
    options.prompt === undefined &&
    options.run === undefined &&
    options.fields === undefined &&
    (options.keep === undefined || (options.keep.numbers.length === 0 && options.keep.labels.length === 0))
  );
}

/** The error when the cases of a file would need more memory than the process may use. */
export function memoryLimitError(file: string, size: number, casesSoFar: number, needBytes: number, limitBytes: number): string {
  const mib = (n: number) => `${Math.ceil(n / 2 ** 20)} MiB`;
  return `${file}: ${size} bytes, ${casesSoFar} cases read so far: loading them needs about ${mib(needBytes)} of memory, over this process's limit of ${mib(limitBytes)}; raise the limit (NODE_OPTIONS=--max-old-space-size=MiB) or give a smaller file`;
}

/**
 * The bytes read at a time (more when a unit is longer). 1 MiB: fresh memory is costly here (each page
 * is faulted in on first touch, about 5 ms per MiB on the 2-core machine), and 4 MiB read no faster.
 */
const CHUNK_BYTES = 1024 * 1024;
/** A generous estimate of the memory a case takes once loaded (columns, id string, dictionary codes). */
const BYTES_PER_CASE = 200;
/** Fewer bytes than a row takes at least (`{"case_id":"x","completed":true,"steps":0,"total_reward":0}`, 58 bytes). */
const MIN_ROW_BYTES = 50;

/** How the scanner reads a (non-null) value of a field, by its kind in the table. */
const enum Scan {
  Id,
  Bool,
  Count,
  Num,
  Seconds,
  Usage,
  /** A string checked, not kept. */
  Str,
  /** A string the packed form keeps (a label or the error). */
  KeptStr,
  Unknown,
}

function scanOf(spec: FieldSpec): Scan {
  switch (spec.kind) {
    case 'id':
      return Scan.Id;
    case 'bool':
      return Scan.Bool;
    case 'count':
      return Scan.Count;
    case 'number':
      return Scan.Num;
    case 'seconds':
      return Scan.Seconds;
    case 'string':
      return spec.packed === true ? Scan.KeptStr : Scan.Str;
    case 'unknown':
      return Scan.Unknown;
    default:
      if (spec.fields === USAGE_FIELDS && usageScannable()) return Scan.Usage;
      throw new Error(`the streaming reader cannot read a case field of kind ${spec.kind}`);
  }
}

/** Whether usage is as {@link RlmCodeScanner.counters} reads it: counts, and `roles`, null or an object of counts. */
function usageScannable(): boolean {
  const { roles, ...counters } = USAGE_FIELDS;
  const counts = (table: FieldTable) => Object.values(table).every((spec: FieldSpec) => spec.kind === 'count' && spec.nullable !== true);
  return counts(counters) && roles.kind === 'record' && roles.nullable && counts(roles.fields);
}

/** The bits of the fields of `table` (at their index in it) whose spec passes `test`. */
function maskOf(table: FieldTable, test: (spec: FieldSpec) => boolean): number {
  const specs = Object.values(table);
  if (specs.length > 31) throw new Error('the streaming reader holds which fields a row has in 31 bits');
  return specs.reduce((mask, spec, i) => (test(spec) ? mask | (1 << i) : mask), 0);
}
const isRequired = (spec: FieldSpec) => spec.optional !== true;
/** Field indexes of a table, by name. */
const indexes = <T extends FieldTable>(table: T) => Object.fromEntries(Object.keys(table).map((k, i) => [k, i])) as Record<keyof T, number>;

const ROW = keyTable(Object.keys(ROW_FIELDS));
const F = indexes(ROW_FIELDS);
const SCANS: Scan[] = Object.values(ROW_FIELDS).map(scanOf);
const REQUIRED = maskOf(ROW_FIELDS, isRequired);
const NULLABLE = maskOf(ROW_FIELDS, (spec) => spec.nullable === true || spec.kind === 'unknown');
const FIELDS = SCANS.length;

const USAGE = keyTable(Object.keys(USAGE_FIELDS));
const U = indexes(USAGE_FIELDS);
const USAGE_REQUIRED = maskOf(USAGE_FIELDS, isRequired);
/** The counters of a role (its own table: they sit deeper, so the bytes between keys differ from usage's). */
const ROLE_COUNTERS = keyTable(Object.keys(USAGE_FIELDS.roles.fields));
const COUNTERS_REQUIRED = maskOf(USAGE_FIELDS.roles.fields, isRequired);

/** The field of each packed column (schema/pack.ts COLUMNS), at the column's index. */
const COLUMN_FIELD = COLUMNS.map((name) => F[name]);
/** The columns only a harness row has a value in (the others hold null). */
const HARNESS_ONLY = [COLUMNS.indexOf('mcp_server'), COLUMNS.indexOf('harness_strategy')];

/** A label's value with its bytes (when plain), and its code in the packed column once it has one (-1 before). */
interface Label {
  bytes: Buffer | null;
  value: string;
  code: number;
}

class RlmCodeScanner extends JsonArrayMemberScanner {
  /** Made when the rows start (the top-level members before them may tell how many there are). */
  packer: SummaryPacker | null = null;
  private writer: RowWriter | null = null;
  private readonly limit = getHeapStatistics().heap_size_limit;
  // The row being read: values by field index, and which fields it has.
  private seen = 0;
  private id = '';
  /** Whether the id is ASCII (then it holds no UTF-16 unit from U+D800 up: see SummaryPacker's sortedIds). */
  private idAscii = false;
  /** The kept strings (labels and the error) by field; null for null. */
  private readonly lab: (Label | null)[] = new Array<Label | null>(FIELDS).fill(null);
  /** Each column's code for null, once it has one (-1 before). */
  private readonly nullCode = new Int32Array(COLUMNS.length).fill(-1);
  private readonly num = new Float64Array(FIELDS);
  private readonly flag = new Int8Array(FIELDS); // -1 null, 0 false, 1 true
  private hasUsage = false;
  /** The last few values of each label field, with their bytes: labels repeat, so most are never decoded (nor looked up in the column) again. */
  private readonly labelCache: Label[][] = SCANS.map(() => []);
  /** The usage counters, by their index in USAGE_FIELDS. */
  private readonly counts = new Float64Array(4);
  /** Where numbers that are checked but not kept go. */
  private readonly scratch = new Float64Array(4);
  /** The names of the roles read so far in a `roles` object: start, length and 1 when plain, for each. */
  private roleAt = new Int32Array(3 * 4);

  constructor(
    fd: number,
    private readonly file: string,
    private readonly size: number,
    chunk: number,
  ) {
    super(fd, chunk, 'case_results');
  }

  protected beginItems(): void {
    this.packer = this.newPacker();
    this.writer = new RowWriter(this.packer);
  }

  /**
   * The packer, for as many cases as `total_cases` says when it came before the rows and memory and
   * the file's size allow that many (then the columns are the right size at the end, with no copy),
   * else a generous guess from the file's size; it grows when the rows outnumber it.
   */
  private newPacker(): SummaryPacker {
    const limit = this.limit;
    let first = Math.max(16, Math.ceil(this.size / 1024));
    const reported = this.members.get('total_cases');
    const total = reported === undefined || !/^\s*[0-9]{1,15}$/.test(reported) ? NaN : Number(reported);
    if (total * MIN_ROW_BYTES <= this.size && total * BYTES_PER_CASE <= limit) first = total;
    return new SummaryPacker(this.affordable(first, limit), undefined, (capacity) => this.affordable(Math.ceil(capacity * 1.5) + 16, limit));
  }

  /** `cases` when memory allows that many, else a clear error naming the size and the limit. */
  private affordable(cases: number, limit: number): number {
    const need = cases * BYTES_PER_CASE;
    if (need > limit) throw new InputError(memoryLimitError(this.file, this.size, this.packer?.size ?? 0, need, limit));
    return cases;
  }

  /** A kept string field at pos (a label, mostly one of a few values): decoded once per distinct value. */
  private label(k: number): Label {
    this.string(false);
    const b = this.buf;
    const start = this.strStart;
    const len = this.pos - 1 - start;
    const cache = this.labelCache[k] as Label[];
    if (this.strPlain) {
      for (let j = 0; j < cache.length; j++) {
        const entry = cache[j] as Label;
        const want = entry.bytes as Buffer;
        if (want.length !== len) continue;
        let i = 0;
        while (i < len && b[start + i] === want[i]) i++;
        if (i === len) return entry;
      }
    }
    this.pos = start - 1;
    const value = this.string(true) as string;
    if (this.strPlain && len <= 64) {
      const entry = { bytes: Buffer.from(b.subarray(start, start + len)), value, code: -1 };
      if (cache.length >= 8) cache.shift();
      cache.push(entry);
      return entry;
    }
    return { bytes: null, value, code: -1 };
  }

  /** A usage object at pos (`usage`; its counters into `counts`), or a role's counters (checked, not kept). */
  private counters(usage: boolean): void {
    this.pos++;
    const table = usage ? USAGE : ROLE_COUNTERS; // a role's counters have no `roles`: -1, as an unknown key
    const required = usage ? USAGE_REQUIRED : COUNTERS_REQUIRED;
    let seen = 0;
    let k = -1;
    while ((k = this.nextKey(table, k)) !== END) {
      if (k < 0 || seen & (1 << k)) throw BAIL;
      seen |= 1 << k;
      const c = this.buf[this.pos] as number;
      if (k === U.roles) {
        if (c === 0x6e) {
          if (this.literal() !== -1) throw BAIL;
        } else if (c === 0x7b) this.roles();
        else throw BAIL;
      } else {
        if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw BAIL;
        this.count(usage ? this.counts : this.scratch, k);
      }
    }
    if ((seen & required) !== required) throw BAIL;
  }

  /**
   * `roles`: an object of counters (checked, not kept); a role named twice goes to the full path.
   * The names are compared as bytes (where they sit in the buffer, which stays put within a row), and
   * decoded only when one of the two has escapes: no string per role.
   */
  private roles(): void {
    this.pos++;
    let at = this.roleAt;
    let n = 0;
    let c = this.ws();
    if (c === 0x7d) {
      this.pos++;
      return;
    }
    for (;;) {
      if (c !== Q) throw BAIL;
      this.string(false);
      const start = this.strStart;
      const len = this.pos - 1 - start;
      const plain = this.strPlain;
      for (let j = 0; j < n; j++) if (this.sameString(at[3 * j] as number, at[3 * j + 1] as number, at[3 * j + 2] === 1, start, len, plain)) throw BAIL;
      if (3 * n + 3 > at.length) this.roleAt = at = growInts(at);
      at[3 * n] = start;
      at[3 * n + 1] = len;
      at[3 * n + 2] = plain ? 1 : 0;
      n++;
      this.expect(0x3a);
      if (this.ws() !== 0x7b) throw BAIL;
      this.counters(false);
      c = this.ws();
      this.pos++;
      if (c === 0x7d) return;
      if (c !== 0x2c) throw BAIL;
      c = this.ws();
    }
  }

  /** One case row at pos, packed. */
  protected item(): void {
    if (this.ws() !== 0x7b) throw BAIL;
    this.pos++;
    this.seen = 0;
    this.hasUsage = false;
    const lab = this.lab;
    const num = this.num;
    const flag = this.flag;
    let k = -1;
    while ((k = this.nextKey(ROW, k)) !== END) {
      if (k < 0 || this.seen & (1 << k)) throw BAIL;
      this.seen |= 1 << k;
      const c = this.buf[this.pos] as number;
      if (c === 0x6e) {
        // null, where the table allows it
        if ((NULLABLE & (1 << k)) === 0 || this.literal() !== -1) throw BAIL;
        flag[k] = -1;
        lab[k] = null;
        continue;
      }
      switch (SCANS[k] as Scan) {
        case Scan.Id:
          if (c !== Q) throw BAIL;
          this.id = this.string(true) as string;
          if (this.id === '') throw BAIL;
          this.idAscii = this.strAscii && this.strPlain; // an escape (\ue000) may stand for any unit
          break;
        case Scan.Bool:
          if (c !== 0x74 && c !== 0x66) throw BAIL;
          flag[k] = this.literal();
          break;
        case Scan.Count:
          if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw BAIL;
          this.count(num, k);
          break;
        case Scan.Num:
          if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw BAIL;
          this.number(num, k);
          if (!Number.isFinite(num[k])) throw BAIL;
          break;
        case Scan.Seconds: {
          if (c !== 0x2d && (c < 0x30 || c > 0x39)) throw BAIL;
          this.number(num, k);
          const v = num[k] as number;
          if (!Number.isFinite(v) || !(v >= 0)) throw BAIL;
          flag[k] = 0;
          break;
        }
        case Scan.Usage:
          if (c !== 0x7b) throw BAIL;
          this.counters(true);
          this.hasUsage = true;
          break;
        case Scan.Str:
          if (c !== Q) throw BAIL;
          this.string(false);
          break;
        case Scan.KeptStr:
          if (c !== Q) throw BAIL;
          lab[k] = this.label(k);
          break;
        case Scan.Unknown:
          // expected_answer: any value; a number must be finite. Objects and arrays go to the full path.
          if (c === Q) this.string(false);
          else if (c === 0x74 || c === 0x66) this.literal();
          else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
            this.number(this.scratch, 0);
            if (!Number.isFinite(this.scratch[0])) throw BAIL;
          } else throw BAIL;
          break;
      }
    }
    // An empty row, or one without case_id: the full path names the missing fields.
    if ((this.seen & REQUIRED) !== REQUIRED) throw BAIL;
    this.pack();
  }

  /** A counter the row may lack (then 0, as rlm-code.ts `toHarness` has it). */
  private counter(k: number): number {
    return this.seen & (1 << k) ? (this.num[k] as number) : 0;
  }

  /**
   * The row just read, as rlm-code.ts `toCase` would make it and SummaryPacker `add` pack it: written
   * straight into the packer's columns (a label's code is looked up once per distinct value).
   */
  private pack(): void {
    // No closures here: one per row is garbage the young generation must collect.
    const seen = this.seen;
    const num = this.num;
    const flag = this.flag;
    const lab = this.lab;
    const w = this.writer as RowWriter;
    w.begin(flag[F.completed] === 1, num[F.total_reward] as number, num[F.steps] as number);
    if (seen & (1 << F.duration_seconds) && flag[F.duration_seconds] !== -1) w.duration(num[F.duration_seconds] as number);
    const counts = this.counts;
    if (this.hasUsage) w.usage(counts[U.total_calls] as number, counts[U.prompt_tokens] as number, counts[U.completion_tokens] as number);
    const mode = seen & (1 << F.mode) ? lab[F.mode] : null;
    const harness = (mode != null && mode.value === 'harness') || (seen & ((1 << F.harness_tool_calls) | (1 << F.codemode_guardrail_blocked))) !== 0;
    if (harness) {
      const mcp = seen & (1 << F.mcp_enabled) ? flag[F.mcp_enabled] : -1;
      w.harness(
        this.counter(F.harness_tool_calls),
        this.counter(F.mcp_tool_calls),
        this.counter(F.codemode_chain_calls),
        this.counter(F.codemode_search_calls),
        this.counter(F.codemode_discovery_calls),
        (seen & (1 << F.codemode_guardrail_blocked)) !== 0 && flag[F.codemode_guardrail_blocked] === 1,
        mcp === -1 ? null : mcp === 1,
      );
    }
    for (let column = 0; column < COLUMN_FIELD.length; column++) {
      const k = COLUMN_FIELD[column] as number;
      const has = seen & (1 << k) && (harness || (column !== HARNESS_ONLY[0] && column !== HARNESS_ONLY[1]));
      this.setCode(w, column, has ? lab[k] : null);
    }
    const error = seen & (1 << F.error) ? lab[F.error] : null;
    w.commit(this.id, this.idAscii, error == null ? null : error.value);
  }

  /** The case's code in column `column`: its label's (null: the code of null). */
  private setCode(w: RowWriter, column: number, label: Label | null | undefined): void {
    const packer = this.packer as SummaryPacker;
    let code: number;
    if (label == null) {
      code = this.nullCode[column] as number;
      if (code < 0) this.nullCode[column] = code = packer.code(column, null);
    } else {
      code = label.code;
      if (code < 0) label.code = code = packer.code(column, label.value);
    }
    w.label(column, code);
  }
}

/** The top level as rlm-code.ts `parseTop` + `headOf` make it, or BAIL where the full path would object. */
function headOf(file: string, members: ReadonlyMap<string, string>): Omit<BenchmarkSummary, 'cases'> {
  const top: Record<string, unknown> = {};
  for (const [key, text] of members) {
    if (key === 'schema') throw BAIL; // maybe a benchgate summary: detection decides
    let value: unknown;
    try {
      value = JSON.parse(text);
      checkJsonText(file, text, 64); // deeper values: the full path measures their depth in the whole file
    } catch {
      throw BAIL;
    }
    top[key] = value;
  }
  // The rows were checked as they were read.
  if (!isValidTop({ ...top, case_results: [] })) throw BAIL;
  const extra: Record<string, unknown> = {};
  for (const key in top) if (!TOP_KEYS.has(key)) extra[key] = top[key];
  if (nonFinitePath(extra) !== null) throw BAIL;
  return rlmCodeHead(file, top as RawSummary, extra, STREAM_SUMMARY_SCHEMA as BenchmarkSummary['schema']);
}

function hasDuplicates(ids: readonly string[]): boolean {
  return new Set(ids).size !== ids.length;
}

/**
 * Reads `file` as an rlm-code summary into the packed form, or returns null when the full path must
 * read it (see the file comment). Throws only when memory would not hold the cases (with the size
 * and the limit). `chunkBytes` is for tests (chunk boundaries everywhere).
 */
export function streamPackRlmCode(file: string, chunkBytes = CHUNK_BYTES): PackedSummary | null {
  let opened: { fd: number; size: number };
  try {
    opened = openRegularFile(file);
  } catch {
    return null; // the full path says why, in its words
  }
  const { fd, size } = opened;
  try {
    const s = new RlmCodeScanner(fd, file, size, Math.max(8, chunkBytes));
    const packer = s.scanFile() ? s.packer : null;
    if (packer === null) return null;
    const head = headOf(file, s.members);
    if (!packer.sortedIds && hasDuplicates(packer.ids)) return null;
    return packer.finish(head);
  } catch (err) {
    if (err === BAIL) return null;
    throw err;
  } finally {
    closeSync(fd);
  }
}
