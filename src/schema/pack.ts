/**
 * A compact, transferable form of a summary for loading large files in worker threads: numbers in
 * one Float64Array, flags in a Uint8Array, low-cardinality strings dictionary-encoded. Copying
 * 100,000 case objects between threads costs more than parsing them; typed arrays move for free.
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
  /** {@link SLOTS} numbers per case. */
  numbers: Float64Array;
  flags: Uint8Array;
  /** Error text by case index (only failure rows). */
  errors: Record<number, string>;
  columns: Record<(typeof COLUMNS)[number], Column>;
}

const SLOTS = 11;
const COMPLETED = 1;
const HAS_USAGE = 2;
const HAS_HARNESS = 4;
const GUARDRAIL = 8;
const MCP_KNOWN = 16;
const MCP_ENABLED = 32;
const COLUMNS = ['mode', 'environment', 'task_family', 'domain', 'split', 'length_bucket', 'mcp_server', 'harness_strategy'] as const;
type ColumnName = (typeof COLUMNS)[number];

function columnValue(c: CaseResult, name: ColumnName): string | null {
  if (name === 'mode') return c.mode;
  if (name === 'mcp_server' || name === 'harness_strategy') return c.harness?.[name] ?? null;
  return c.labels[name];
}

function encode(cases: readonly CaseResult[], name: ColumnName): Column {
  const codes = new Map<string | null, number>();
  const index = new Int32Array(cases.length);
  cases.forEach((c, i) => {
    const v = columnValue(c, name);
    let code = codes.get(v);
    if (code === undefined) codes.set(v, (code = codes.size));
    index[i] = code;
  });
  return { values: [...codes.keys()], index };
}

function flagsOf(c: CaseResult): number {
  let f = c.completed ? COMPLETED : 0;
  if (c.usage) f |= HAS_USAGE;
  if (c.harness) {
    f |= HAS_HARNESS;
    if (c.harness.codemode_guardrail_blocked) f |= GUARDRAIL;
    if (c.harness.mcp_enabled !== null) f |= MCP_KNOWN | (c.harness.mcp_enabled ? MCP_ENABLED : 0);
  }
  return f;
}

export function packSummary(summary: BenchmarkSummary): PackedSummary {
  const { cases, ...head } = summary;
  const numbers = new Float64Array(cases.length * SLOTS);
  const flags = new Uint8Array(cases.length);
  const errors: Record<number, string> = {};
  cases.forEach((c, i) => {
    const h = c.harness;
    const u = c.usage;
    numbers.set(
      [c.reward, c.steps, c.duration_seconds ?? NaN, u?.total_calls ?? 0, u?.prompt_tokens ?? 0, u?.completion_tokens ?? 0,
        h?.harness_tool_calls ?? 0, h?.mcp_tool_calls ?? 0, h?.codemode_chain_calls ?? 0, h?.codemode_search_calls ?? 0, h?.codemode_discovery_calls ?? 0],
      i * SLOTS,
    );
    flags[i] = flagsOf(c);
    if (c.error !== null) errors[i] = c.error;
  });
  const columns = Object.fromEntries(COLUMNS.map((name) => [name, encode(cases, name)])) as PackedSummary['columns'];
  return { head, ids: cases.map((c) => c.id), numbers, flags, errors, columns };
}

/** The buffers to pass as postMessage's transfer list. */
export function transferables(p: PackedSummary): ArrayBuffer[] {
  return [p.numbers.buffer, p.flags.buffer, ...Object.values(p.columns).map((c) => c.index.buffer)] as ArrayBuffer[];
}

const NO_EXTRA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

export function unpackSummary(p: PackedSummary): BenchmarkSummary {
  const col = (name: ColumnName, i: number): string | null => p.columns[name].values[p.columns[name].index[i] as number] ?? null;
  const cases = p.ids.map((id, i): CaseResult => {
    const n = (slot: number): number => p.numbers[i * SLOTS + slot] as number;
    const f = p.flags[i] as number;
    const labels: CaseLabels = { environment: col('environment', i), task_family: col('task_family', i), domain: col('domain', i), split: col('split', i), length_bucket: col('length_bucket', i) };
    const harness: HarnessCounters | null = f & HAS_HARNESS
      ? { mcp_enabled: f & MCP_KNOWN ? (f & MCP_ENABLED) !== 0 : null, mcp_server: col('mcp_server', i), harness_strategy: col('harness_strategy', i),
          harness_tool_calls: n(6), mcp_tool_calls: n(7), codemode_chain_calls: n(8), codemode_search_calls: n(9), codemode_discovery_calls: n(10), codemode_guardrail_blocked: (f & GUARDRAIL) !== 0 }
      : null;
    return {
      id, completed: (f & COMPLETED) !== 0, reward: n(0), steps: n(1), duration_seconds: Number.isNaN(n(2)) ? null : n(2),
      usage: f & HAS_USAGE ? { total_calls: n(3), prompt_tokens: n(4), completion_tokens: n(5), roles: null } : null,
      error: p.errors[i] ?? null, mode: col('mode', i), labels, harness,
      description: null, task: null, started_at: null, finished_at: null, run_id: null, run_path: null, final_response: null,
      expected_answer: null, answer_match: null, extra: NO_EXTRA,
    };
  });
  return { ...p.head, cases };
}
