/**
 * What the adapters of record-shaped formats share: reading typed fields of one record with errors
 * that name the file, the record (a JSON Lines line or a JSON path) and the field; a case with the
 * canonical defaults; and a summary whose reported totals are computed from its cases (these tools
 * report no totals of their own, so there is nothing to cross-check).
 */
import { fieldValue } from '../../schema/pack.js';
import { type BenchmarkSummary, type CaseResult, type RunInfo, SUMMARY_SCHEMA } from '../../schema/summary.js';
import { latencyStats } from '../../stats/latency.js';
import { describeValue, MAX_LISTED_PROBLEMS, throwProblems } from './issues.js';

/** Where a record is, for messages: "line 7" (JSON Lines) or "$.records[3]". */
export type RecordPlace = string;

/** The value at a dotted path of a record; a key containing dots is taken whole first. */
export const valueAt = fieldValue;

/** The first of `names` the record has (not undefined), with its name; undefined when none. */
export type Obj = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The array of records of a parsed JSON document (the document itself, or under the first of `keys` that holds one), and its path. */
export function recordsAt(data: unknown, keys: readonly string[]): { items: unknown[]; at: string } | null {
  if (Array.isArray(data)) return { items: data, at: '$' };
  for (const key of keys) if (isObj(data) && Array.isArray(data[key])) return { items: data[key], at: `$.${key}` };
  return null;
}

export function firstOf(record: Record<string, unknown>, names: readonly string[]): { name: string; value: unknown } | undefined {
  for (const name of names) {
    const value = valueAt(record, name);
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

/** Collects problems of one file and throws them together (at most a screenful). */
export class Problems {
  private readonly list: string[] = [];
  private total = 0;
  constructor(private readonly file: string) {}

  add(place: RecordPlace, field: string | null, expected: string, got: unknown): void {
    this.total++;
    if (this.list.length < MAX_LISTED_PROBLEMS)
      this.list.push(`${place}${field === null ? '' : `: "${field}"`}: expected ${expected}, got ${describeValue(got)}`);
  }

  note(message: string): void {
    this.total++;
    if (this.list.length < MAX_LISTED_PROBLEMS) this.list.push(message);
  }

  get empty(): boolean {
    return this.total === 0;
  }

  /** Throws when any problem was added. */
  check(): void {
    if (this.total > 0) throwProblems(this.file, this.list, this.total);
  }
}

/** A finite number (numeric strings too when `strings`), or undefined after adding a problem. */
export function numberField(
  p: Problems,
  place: RecordPlace,
  field: string,
  value: unknown,
  opts: { min?: number; max?: number; strings?: boolean } = {},
): number | undefined {
  const n = typeof value === 'number' ? value : opts.strings && typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const range =
    opts.min !== undefined && opts.max !== undefined ? ` from ${opts.min} to ${opts.max}` : opts.min !== undefined ? ` of at least ${opts.min}` : '';
  if (!Number.isFinite(n) || (opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
    p.add(place, field, `a number${range}`, value);
    return undefined;
  }
  return n;
}

/** A boolean, or 0/1, or undefined after adding a problem. */
export function flagField(p: Problems, place: RecordPlace, field: string, value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  p.add(place, field, 'true, false, 0 or 1', value);
  return undefined;
}

/** Labels of a format that records only the task family (or none: null). */
export const labelsOf = (taskFamily: string | null): CaseResult['labels'] => ({
  environment: null,
  task_family: taskFamily,
  domain: null,
  split: null,
  length_bucket: null,
});

/** A case with the canonical defaults for what the format does not record. */
export function caseOf(c: Pick<CaseResult, 'id' | 'completed' | 'reward'> & Partial<CaseResult>): CaseResult {
  const { id, completed, reward, ...rest } = c;
  return {
    id,
    completed,
    reward,
    steps: 0,
    duration_seconds: null,
    usage: null,
    error: null,
    mode: null,
    labels: labelsOf(null),
    harness: null,
    description: null,
    task: null,
    started_at: null,
    finished_at: null,
    run_id: null,
    run_path: null,
    final_response: null,
    expected_answer: null,
    answer_match: null,
    extra: {},
    ...rest,
  };
}

/** Adds a problem for every case id seen twice, naming both places. */
export function checkUniqueIds(p: Problems, ids: readonly { id: string; place: RecordPlace }[]): void {
  const first = new Map<string, RecordPlace>();
  for (const { id, place } of ids) {
    const at = first.get(id);
    if (at === undefined) first.set(id, place);
    else p.note(`${place}: case id ${JSON.stringify(id)} is also at ${at}; expected each id once`);
  }
}

const NO_RUN: RunInfo = {
  preset: null,
  mode: null,
  mcp_enabled: null,
  mcp_server: null,
  harness_strategy: null,
  model: null,
  source: null,
  description: null,
  pack_paths: [],
  started_at: null,
  finished_at: null,
  duration_seconds: null,
  cancelled: null,
};

/** A summary of `cases`, its totals computed from them (the format reports none to keep). */
export function summaryOf(s: {
  id: string;
  format: string;
  cases: CaseResult[];
  run?: Partial<RunInfo>;
  metadata?: BenchmarkSummary['metadata'];
  extra?: Record<string, unknown>;
}): BenchmarkSummary {
  const n = s.cases.length;
  const usage =
    s.cases.every((c) => c.usage !== null) && n > 0
      ? s.cases.reduce(
          (u, c) => ({
            total_calls: u.total_calls + (c.usage?.total_calls ?? 0),
            prompt_tokens: u.prompt_tokens + (c.usage?.prompt_tokens ?? 0),
            completion_tokens: u.completion_tokens + (c.usage?.completion_tokens ?? 0),
          }),
          { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 },
        )
      : null;
  const durations = s.cases.flatMap((c) => (c.duration_seconds === null ? [] : [c.duration_seconds]));
  return {
    schema: SUMMARY_SCHEMA,
    id: s.id,
    format: s.format,
    run: { ...NO_RUN, ...s.run },
    reported: {
      total_cases: n,
      attempted_cases: n,
      completed_cases: s.cases.filter((c) => c.completed).length,
      avg_reward: n ? s.cases.reduce((a, c) => a + c.reward, 0) / n : 0,
      avg_steps: n ? s.cases.reduce((a, c) => a + c.steps, 0) / n : 0,
      latency_seconds: latencyStats(durations),
      usage_totals: usage,
    },
    metadata: s.metadata ?? {},
    cases: s.cases,
    extra: s.extra ?? {},
  };
}

/** The file name without directories and extension: the run id of formats that write none. */
export function stemOf(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(jsonl?|xml|ndjson)$/i, '') || base;
}
