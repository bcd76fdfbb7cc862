/**
 * A compact, columnar form of a summary: numbers in one Float64Array, flags in a Uint8Array,
 * low-cardinality strings dictionary-encoded. The comparison reads cases in this form (typed-array
 * loops instead of 100,000 case objects), and large files load straight into it, in worker threads:
 * copying 100,000 case objects between threads costs more than parsing them; typed arrays move for
 * free. packed-summary.ts wraps a packed form as a summary.
 *
 * Packing keeps what the comparison reads and drops per-case text (description, task, timestamps,
 * run ids and paths, final response, expected answer, per-role usage, unknown fields): a packed
 * summary is for comparing, never for storing.
 */
import type { BenchmarkSummary, CaseLabels, CaseResult, HarnessCounters } from './summary.js';

/** Dictionary-encoded column of nullable strings. */
interface Column {
  values: (string | null)[];
  index: Int32Array;
}

export interface PackedSummary {
  head: Omit<BenchmarkSummary, 'cases'>;
  ids: string[];
  /**
   * True when the ids are strictly ascending and hold no UTF-16 unit from U+D800 up (so that order
   * is code-point order): unique and sorted as reports list them, with nothing left to check.
   */
  sortedIds: boolean;
  /** {@link SLOTS} numbers per case, at {@link SLOT}. */
  numbers: Float64Array;
  /** {@link FLAG} bits per case. */
  flags: Uint8Array;
  /** Error text by case index (only failure rows). */
  errors: Record<number, string>;
  /** The durations of the cases that record one, ascending (latency percentiles read them sorted). */
  sortedDurations: Float64Array;
  columns: Record<(typeof COLUMNS)[number], Column>;
  /** The case fields kept on request (see {@link CaseFields}): numbers (NaN where a case has none) and labels. */
  fields: { numbers: Record<string, Float64Array>; labels: Record<string, Column> };
}

/**
 * Fields of the case rows that benchgate does not read itself (the `extra` of a case: what the tool
 * wrote beyond the known fields), kept in the packed form because a gate or a slice of the
 * configuration names them. Dotted paths reach into nested objects.
 */
export interface CaseFields {
  /** Numeric fields (a gate's `field`): finite numbers, or booleans as 1 and 0. */
  numbers: readonly string[];
  /** Grouping fields (a slice's `by`): strings, or numbers and booleans as text. */
  labels: readonly string[];
}

export const NO_FIELDS: CaseFields = { numbers: [], labels: [] };

/** The value at a dotted path of a case's `extra`, or undefined. */
export function fieldValue(extra: Readonly<Record<string, unknown>>, path: string): unknown {
  if (Object.hasOwn(extra, path)) return extra[path];
  let v: unknown = extra;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function fieldNumber(v: unknown): number {
  if (typeof v === 'boolean') return v ? 1 : 0;
  return typeof v === 'number' && Number.isFinite(v) ? v : NaN;
}

function fieldLabel(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Where each number of a case sits among its {@link SLOTS}; absent usage and harness counters are 0.
 * A new per-case number takes the next slot here, a line in {@link SummaryPacker.add} and in
 * unpackCases, and a reader and when a row records it in packed-rows.ts (docs/architecture.md).
 */
export const SLOT = {
  reward: 0,
  steps: 1,
  duration: 2,
  totalCalls: 3,
  promptTokens: 4,
  completionTokens: 5,
  harnessToolCalls: 6,
  mcpToolCalls: 7,
  chainCalls: 8,
  searchCalls: 9,
  discoveryCalls: 10,
} as const;
/** Numbers per case. */
export const SLOTS = Object.keys(SLOT).length;
/** The bits of a case's flags. */
export const FLAG = { completed: 1, usage: 2, harness: 4, guardrail: 8, mcpKnown: 16, mcpEnabled: 32, duration: 64 } as const;

const WIDE = /[\ud800-\uffff]/;

/** The dictionary-encoded columns, in the order {@link SummaryPacker.code} numbers them. */
export const COLUMNS = ['mode', 'environment', 'task_family', 'domain', 'split', 'length_bucket', 'mcp_server', 'harness_strategy'] as const;
type ColumnName = (typeof COLUMNS)[number];

class ColumnEncoder {
  private readonly codes = new Map<string | null, number>();
  index: Int32Array;
  constructor(capacity: number) {
    this.index = new Int32Array(capacity);
  }
  grow(capacity: number): void {
    const index = new Int32Array(capacity);
    index.set(this.index);
    this.index = index;
  }
  /** The code of `v`: new values take the next code, in the order they first come. */
  code(v: string | null): number {
    let code = this.codes.get(v);
    if (code === undefined) this.codes.set(v, (code = this.codes.size));
    return code;
  }
  set(i: number, v: string | null): void {
    this.index[i] = this.code(v);
  }
  finish(count: number): Column {
    return { values: [...this.codes.keys()], index: count === this.index.length ? this.index : this.index.slice(0, count) };
  }
}

function flagsOf(c: CaseResult): number {
  let f = c.completed ? FLAG.completed : 0;
  if (c.usage) f |= FLAG.usage;
  if (c.duration_seconds !== null) f |= FLAG.duration;
  const h = c.harness;
  if (h) {
    f |= FLAG.harness;
    if (h.codemode_guardrail_blocked) f |= FLAG.guardrail;
    if (h.mcp_enabled !== null) f |= FLAG.mcpKnown | (h.mcp_enabled ? FLAG.mcpEnabled : 0);
  }
  return f;
}

/**
 * Packs cases one at a time, so an adapter can pack rows as it validates them and no case object
 * outlives its row (nor the object passed to {@link SummaryPacker.add}: a reader may pass the same
 * one again). `capacity` is the number of cases expected; more may be added when `growable`.
 */
export class SummaryPacker {
  private count = 0;
  /** The ids of the cases added so far. */
  readonly ids: string[] = [];
  /** See {@link PackedSummary.sortedIds}: checked as each id arrives, while it is at hand. */
  sortedIds = true;
  private numbers: Float64Array;
  private flags: Uint8Array;
  private readonly errors: Record<number, string> = {};
  private readonly encoders: Record<ColumnName, ColumnEncoder>;
  /** The same encoders, in {@link COLUMNS} order. */
  private readonly encoderList: ColumnEncoder[];
  private readonly fieldNumbers: [string, Float64Array][];
  private readonly fieldLabels: [string, ColumnEncoder][];

  /** `grow`, when given, is the new capacity for a packer that is full (else adding past capacity fails). */
  constructor(
    capacity: number,
    fields: CaseFields = NO_FIELDS,
    private readonly grow?: (capacity: number) => number,
  ) {
    this.numbers = new Float64Array(capacity * SLOTS);
    this.flags = new Uint8Array(capacity);
    this.encoders = Object.fromEntries(COLUMNS.map((name) => [name, new ColumnEncoder(capacity)])) as Record<ColumnName, ColumnEncoder>;
    this.encoderList = COLUMNS.map((name) => this.encoders[name]);
    this.fieldNumbers = [...new Set(fields.numbers)].map((name) => [name, new Float64Array(capacity).fill(NaN)]);
    this.fieldLabels = [...new Set(fields.labels)].map((name) => [name, new ColumnEncoder(capacity)]);
  }

  /** The cases added so far. */
  get size(): number {
    return this.count;
  }

  private enlarge(): void {
    const capacity = (this.grow as (capacity: number) => number)(this.flags.length);
    const numbers = new Float64Array(capacity * SLOTS);
    numbers.set(this.numbers);
    this.numbers = numbers;
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    for (const name of COLUMNS) this.encoders[name].grow(capacity);
    for (const entry of this.fieldNumbers) {
      const column = new Float64Array(capacity).fill(NaN);
      column.set(entry[1]);
      entry[1] = column;
    }
    for (const [, column] of this.fieldLabels) column.grow(capacity);
  }

  add(c: CaseResult): void {
    if (this.grow !== undefined && this.count === this.flags.length) this.enlarge();
    const i = this.count++;
    const n = this.numbers;
    const at = i * SLOTS;
    const u = c.usage;
    const h = c.harness;
    const l = c.labels;
    const e = this.encoders;
    this.pushId(c.id, false);
    n[at + SLOT.reward] = c.reward;
    n[at + SLOT.steps] = c.steps;
    n[at + SLOT.duration] = c.duration_seconds ?? NaN;
    if (u) {
      n[at + SLOT.totalCalls] = u.total_calls;
      n[at + SLOT.promptTokens] = u.prompt_tokens;
      n[at + SLOT.completionTokens] = u.completion_tokens;
    }
    if (h) {
      n[at + SLOT.harnessToolCalls] = h.harness_tool_calls;
      n[at + SLOT.mcpToolCalls] = h.mcp_tool_calls;
      n[at + SLOT.chainCalls] = h.codemode_chain_calls;
      n[at + SLOT.searchCalls] = h.codemode_search_calls;
      n[at + SLOT.discoveryCalls] = h.codemode_discovery_calls;
    }
    this.flags[i] = flagsOf(c);
    if (c.error !== null) this.errors[i] = c.error;
    e.mode.set(i, c.mode);
    e.environment.set(i, l.environment);
    e.task_family.set(i, l.task_family);
    e.domain.set(i, l.domain);
    e.split.set(i, l.split);
    e.length_bucket.set(i, l.length_bucket);
    e.mcp_server.set(i, h ? h.mcp_server : null);
    e.harness_strategy.set(i, h ? h.harness_strategy : null);
    for (const [name, column] of this.fieldNumbers) column[i] = fieldNumber(fieldValue(c.extra, name));
    for (const [name, column] of this.fieldLabels) column.set(i, fieldLabel(fieldValue(c.extra, name)));
  }

  /** Notes the next case's id; `narrow`: known to hold no UTF-16 unit from U+D800 up (see {@link PackedSummary.sortedIds}). */
  private pushId(id: string, narrow: boolean): void {
    const ids = this.ids;
    if (this.sortedIds) {
      const last = ids[ids.length - 1];
      if ((last !== undefined && !(last < id)) || (!narrow && WIDE.test(id))) this.sortedIds = false;
    }
    ids.push(id);
  }

  // A reader may also write a case straight into the columns, with no case object (the streaming
  // rlm-code reader does, for speed): reserveRow, then rowNumbers, rowFlags, rowCodes with code,
  // then commitRow. It must leave the packed form add would: the tests compare the two.

  /** The index of the next case, with room for it in the arrays below (which it may replace). */
  reserveRow(): number {
    if (this.grow !== undefined && this.count === this.flags.length) this.enlarge();
    return this.count;
  }
  /** {@link SLOTS} numbers per case (until the next reserveRow): a reserved case's are 0, its duration must be written (NaN for none). */
  get rowNumbers(): Float64Array {
    return this.numbers;
  }
  /** The {@link FLAG} bits per case (until the next reserveRow). */
  get rowFlags(): Uint8Array {
    return this.flags;
  }
  /** The codes by case of column `column` (its index in {@link COLUMNS}; until the next reserveRow): each case needs one. */
  rowCodes(column: number): Int32Array {
    return (this.encoderList[column] as ColumnEncoder).index;
  }
  /** The code of `v` in column `column` (its index in {@link COLUMNS}); a new value takes the next code, as in add. */
  code(column: number, v: string | null): number {
    return (this.encoderList[column] as ColumnEncoder).code(v);
  }
  /** Ends the reserved case: its id (`narrow`: see pushId) and its error; kept fields it has none of (no extra). */
  commitRow(id: string, narrow: boolean, error: string | null): void {
    const i = this.count++;
    this.pushId(id, narrow);
    if (error !== null) this.errors[i] = error;
    for (const [, column] of this.fieldLabels) column.set(i, null);
  }

  finish(head: Omit<BenchmarkSummary, 'cases'>): PackedSummary {
    const k = this.count;
    const full = k === this.flags.length;
    const columns = Object.fromEntries(COLUMNS.map((name) => [name, this.encoders[name].finish(k)])) as PackedSummary['columns'];
    const durations = new Float64Array(k);
    let timed = 0;
    for (let i = 0; i < k; i++) if ((this.flags[i] as number) & FLAG.duration) durations[timed++] = this.numbers[i * SLOTS + SLOT.duration] as number;
    return {
      head,
      ids: this.ids,
      sortedIds: this.sortedIds,
      numbers: full ? this.numbers : this.numbers.slice(0, k * SLOTS),
      flags: full ? this.flags : this.flags.slice(0, k),
      errors: this.errors,
      sortedDurations: durations.subarray(0, timed).sort(),
      columns,
      fields: {
        numbers: Object.fromEntries(this.fieldNumbers.map(([name, column]) => [name, full ? column : column.slice(0, k)])),
        labels: Object.fromEntries(this.fieldLabels.map(([name, column]) => [name, column.finish(k)])),
      },
    };
  }
}

/** The packed form of a summary (the comparison packs summaries that were not loaded packed). */
export function packSummary(summary: BenchmarkSummary, fields: CaseFields = NO_FIELDS): PackedSummary {
  const { cases, ...head } = summary;
  const packer = new SummaryPacker(cases.length, fields);
  for (const c of cases) packer.add(c);
  return packer.finish(head);
}

/** The buffers to pass as postMessage's transfer list. */
export function transferables(p: PackedSummary): ArrayBuffer[] {
  return [
    p.numbers.buffer,
    p.flags.buffer,
    p.sortedDurations.buffer,
    ...Object.values(p.columns).map((c) => c.index.buffer),
    ...Object.values(p.fields.numbers).map((a) => a.buffer),
    ...Object.values(p.fields.labels).map((c) => c.index.buffer),
  ] as ArrayBuffer[];
}

const NO_EXTRA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

function unpackCases(p: PackedSummary): CaseResult[] {
  const col = (name: ColumnName, i: number): string | null => p.columns[name].values[p.columns[name].index[i] as number] ?? null;
  return p.ids.map((id, i): CaseResult => {
    const n = (slot: number): number => p.numbers[i * SLOTS + slot] as number;
    const f = p.flags[i] as number;
    const labels: CaseLabels = {
      environment: col('environment', i),
      task_family: col('task_family', i),
      domain: col('domain', i),
      split: col('split', i),
      length_bucket: col('length_bucket', i),
    };
    const harness: HarnessCounters | null =
      f & FLAG.harness
        ? {
            mcp_enabled: f & FLAG.mcpKnown ? (f & FLAG.mcpEnabled) !== 0 : null,
            mcp_server: col('mcp_server', i),
            harness_strategy: col('harness_strategy', i),
            harness_tool_calls: n(SLOT.harnessToolCalls),
            mcp_tool_calls: n(SLOT.mcpToolCalls),
            codemode_chain_calls: n(SLOT.chainCalls),
            codemode_search_calls: n(SLOT.searchCalls),
            codemode_discovery_calls: n(SLOT.discoveryCalls),
            codemode_guardrail_blocked: (f & FLAG.guardrail) !== 0,
          }
        : null;
    return {
      id,
      completed: (f & FLAG.completed) !== 0,
      reward: n(SLOT.reward),
      steps: n(SLOT.steps),
      duration_seconds: f & FLAG.duration ? n(SLOT.duration) : null,
      usage:
        f & FLAG.usage
          ? { total_calls: n(SLOT.totalCalls), prompt_tokens: n(SLOT.promptTokens), completion_tokens: n(SLOT.completionTokens), roles: null }
          : null,
      error: p.errors[i] ?? null,
      mode: col('mode', i),
      labels,
      harness,
      description: null,
      task: null,
      started_at: null,
      finished_at: null,
      run_id: null,
      run_path: null,
      final_response: null,
      expected_answer: null,
      answer_match: null,
      extra: NO_EXTRA,
    };
  });
}

/** A summary with case objects again (see the file comment for what packing dropped). */
export function unpackSummary(p: PackedSummary): BenchmarkSummary {
  return { ...p.head, cases: unpackCases(p) };
}
