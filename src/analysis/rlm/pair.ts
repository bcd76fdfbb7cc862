/**
 * Pairs the cases of two runs by id and derives rlm-code's per-case report rows and case summary.
 */
import type { PackedSummary } from '../../schema/pack.js';
import { completedAt, guardrailBlockedAt, rewardAt, stepsAt } from '../../schema/packed-rows.js';

/**
 * A row of the per-case report, under rlm-code's report column names. A side that lacks the case
 * contributes completed=false, reward 0 and steps 0, as rlm-code's report does; `in_baseline` and
 * `in_candidate` say which sides really have it.
 */
export interface CaseRow {
  case_id: string;
  in_baseline: boolean;
  in_candidate: boolean;
  baseline_completed: boolean;
  candidate_completed: boolean;
  baseline_reward: number;
  candidate_reward: number;
  /** candidate_reward − baseline_reward, unrounded. */
  reward_delta: number;
  baseline_steps: number;
  candidate_steps: number;
  steps_delta: number;
  /**
   * Completed by the baseline, not by the candidate (only for cases on both sides), exactly as
   * rlm-code's `_benchmark_case_regressions` counts it (rlm_code/rlm/benchmark_manager.py at
   * 144be74): whatever the failure's `error` says. A case benchgate reads as not measured (an
   * outage, integrity/infrastructure.ts) stays a regression here; the report marks it beside.
   */
  completion_regression: boolean;
  /** Strictly lower reward for the candidate (only for cases on both sides), as rlm-code counts it; never gated. */
  reward_regression: boolean;
  baseline_error: string | null;
  candidate_error: string | null;
  /** rlm-code harness rows: the CodeMode guardrail blocked the plan. */
  baseline_guardrail_blocked: boolean;
  candidate_guardrail_blocked: boolean;
}

/** rlm-code's `_benchmark_case_regressions` result. */
export interface CaseSummary {
  common_cases: number;
  completion_regressions: number;
  reward_regressions: number;
}

/**
 * Orders strings by Unicode code point, as Python's `sorted` does (rlm-code sorts case ids that way).
 * JavaScript's default order compares UTF-16 units, which puts U+10000 and above before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codeUnitRank(x) - codeUnitRank(y);
  }
  return a.length - b.length;
}

function codeUnitRank(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return c + 0x2000; // surrogates: code points >= U+10000 sort last
  if (c >= 0xe000) return c - 0x800;
  return c;
}

/** A case's row index on each side; -1 where the run does not have it. */
interface Match {
  id: string;
  b: number;
  c: number;
}

/**
 * The per-case report rows of a comparison, read from the two runs' packed columns when asked for:
 * a row object lives only while its reader holds it, so 100,000 cases keep no 100,000 long-lived
 * objects (which cost memory and the garbage collector's time to copy). Iterating gives the rows in
 * report order; `at`, `filter`, `map` and `length` read like an array's.
 */
export class CaseRows implements Iterable<CaseRow> {
  constructor(
    private readonly ids: readonly string[],
    private readonly b: PackedSummary,
    private readonly bi: Int32Array | null,
    private readonly c: PackedSummary,
    private readonly ci: Int32Array | null,
  ) {}

  get length(): number {
    return this.ids.length;
  }

  /** Row k (0 ≤ k < length): a new object, or `into` filled in. */
  at(k: number, into: CaseRow = emptyRow()): CaseRow {
    if (!(k >= 0 && k < this.ids.length)) throw new RangeError(`case row ${k} of ${this.ids.length}`);
    const bi = this.bi === null ? k : (this.bi[k] as number);
    const ci = this.ci === null ? k : (this.ci[k] as number);
    return fillRow(into, this.ids[k] as string, this.b, bi, this.c, ci);
  }

  /** Calls `read` with every row in order, in one object filled in again for each: read it, do not keep it. */
  forEachRow(read: (row: CaseRow, k: number) => void): void {
    const row = emptyRow();
    for (let k = 0; k < this.ids.length; k++) read(this.at(k, row), k);
  }

  *[Symbol.iterator](): Iterator<CaseRow> {
    for (let k = 0; k < this.ids.length; k++) yield this.at(k);
  }

  filter(keep: (row: CaseRow) => boolean): CaseRow[] {
    const out: CaseRow[] = [];
    this.forEachRow((row) => {
      if (keep(row)) out.push({ ...row });
    });
    return out;
  }

  map<T>(f: (row: CaseRow, k: number) => T): T[] {
    const out = new Array<T>(this.ids.length);
    for (let k = 0; k < this.ids.length; k++) out[k] = f(this.at(k), k);
    return out;
  }

  /** The rows as objects (for tests and small reports). */
  toArray(): CaseRow[] {
    return this.map((row) => row);
  }

  /** Rows are stringified as the array they stand for. */
  toJSON(): CaseRow[] {
    return this.toArray();
  }
}

/** What reads case rows: an array of them, or the {@link CaseRows} of a comparison. */
export type CaseRowList = Pick<CaseRows, 'length' | 'filter' | 'map' | typeof Symbol.iterator> | readonly CaseRow[];

/**
 * The report rows of two runs: every case id of either, sorted by code point (rlm-code's report
 * order), each flagged as rlm-code flags it: nothing benchgate classifies changes a row.
 */
export function pairRows(baseline: PackedSummary, candidate: PackedSummary): CaseRows {
  // Runs of one preset usually list the same ids in the same order: pair them by position, and
  // when that order is sorted already (known from packing), without building anything else.
  const same = sameIds(baseline.ids, candidate.ids);
  if (same && baseline.sortedIds) return new CaseRows(baseline.ids, baseline, null, candidate, null);
  const matches = sortById(same ? baseline.ids.map((id, i) => ({ id, b: i, c: i })) : matchById(baseline.ids, candidate.ids));
  return new CaseRows(
    matches.map((m) => m.id),
    baseline,
    Int32Array.from(matches, (m) => m.b),
    candidate,
    Int32Array.from(matches, (m) => m.c),
  );
}

/** The same ids in the same order. */
export function sameIds(b: readonly string[], c: readonly string[]): boolean {
  if (b.length !== c.length) return false;
  for (let i = 0; i < b.length; i++) if (b[i] !== c[i]) return false;
  return true;
}

function matchById(b: readonly string[], c: readonly string[]): Match[] {
  const matches = new Map<string, Match>();
  b.forEach((id, i) => matches.set(id, { id, b: i, c: -1 }));
  c.forEach((id, i) => {
    const m = matches.get(id);
    if (m) m.c = i;
    else matches.set(id, { id, b: -1, c: i });
  });
  return [...matches.values()];
}

function sortById(matches: Match[]): Match[] {
  return sortByCodePoint(matches, (m) => m.id);
}

/**
 * `items` ordered by their ids' code points (in place), as Python's `sorted` orders the ids; ids are
 * unique. Returns at once when they are in order already (runs usually list their cases sorted).
 */
export function sortByCodePoint<T>(items: T[], idOf: (item: T) => string): T[] {
  let sorted = true;
  for (let i = 1; i < items.length && sorted; i++) sorted = compareCodePoints(idOf(items[i - 1] as T), idOf(items[i] as T)) <= 0;
  if (sorted) return items;
  // UTF-16 order equals code-point order unless an id holds a unit from U+D800 up; the built-in
  // comparison is then much faster on 100,000 ids.
  if (items.some((item) => WIDE.test(idOf(item)))) return items.sort((a, b) => compareCodePoints(idOf(a), idOf(b)));
  return items.sort((a, b) => {
    const x = idOf(a);
    const y = idOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

const WIDE = /[\ud800-\uffff]/;

/** A row to fill in (see {@link fillRow}). */
function emptyRow(): CaseRow {
  return {
    case_id: '',
    in_baseline: false,
    in_candidate: false,
    baseline_completed: false,
    candidate_completed: false,
    baseline_reward: 0,
    candidate_reward: 0,
    reward_delta: 0,
    baseline_steps: 0,
    candidate_steps: 0,
    steps_delta: 0,
    completion_regression: false,
    reward_regression: false,
    baseline_error: null,
    candidate_error: null,
    baseline_guardrail_blocked: false,
    candidate_guardrail_blocked: false,
  };
}

/**
 * Writes the report row of one case into `r`; `bi`/`ci` index its row on each side, -1 where
 * absent. A side that lacks the case contributes completed=false, reward 0 and steps 0, as
 * rlm-code's report does.
 */
function fillRow(r: CaseRow, id: string, b: PackedSummary, bi: number, c: PackedSummary, ci: number): CaseRow {
  const inB = bi >= 0;
  const inC = ci >= 0;
  const baselineCompleted = inB && completedAt(b, bi);
  const candidateCompleted = inC && completedAt(c, ci);
  const baselineReward = inB ? rewardAt(b, bi) : 0;
  const candidateReward = inC ? rewardAt(c, ci) : 0;
  const baselineSteps = inB ? stepsAt(b, bi) : 0;
  const candidateSteps = inC ? stepsAt(c, ci) : 0;
  const both = inB && inC;
  r.case_id = id;
  r.in_baseline = inB;
  r.in_candidate = inC;
  r.baseline_completed = baselineCompleted;
  r.candidate_completed = candidateCompleted;
  r.baseline_reward = baselineReward;
  r.candidate_reward = candidateReward;
  r.reward_delta = candidateReward - baselineReward;
  r.baseline_steps = baselineSteps;
  r.candidate_steps = candidateSteps;
  r.steps_delta = candidateSteps - baselineSteps;
  r.completion_regression = both && baselineCompleted && !candidateCompleted;
  r.reward_regression = both && candidateReward < baselineReward;
  r.baseline_error = inB ? (b.errors[bi] ?? null) : null;
  r.candidate_error = inC ? (c.errors[ci] ?? null) : null;
  r.baseline_guardrail_blocked = inB && guardrailBlockedAt(b, bi);
  r.candidate_guardrail_blocked = inC && guardrailBlockedAt(c, ci);
  return r;
}

/** Counts common cases and regressions over the rows, as rlm-code does (one-sided cases ignored). */
export function summarizeCases(rows: CaseRowList): CaseSummary {
  let common = 0;
  let completion = 0;
  let reward = 0;
  const count = (r: CaseRow) => {
    if (!r.in_baseline || !r.in_candidate) return;
    common++;
    if (r.completion_regression) completion++;
    if (r.reward_regression) reward++;
  };
  if (rows instanceof CaseRows) rows.forEachRow(count);
  else for (const r of rows) count(r);
  return { common_cases: common, completion_regressions: completion, reward_regressions: reward };
}
