/**
 * Named reads of a packed summary's case rows (schema/pack.ts). Outside schema/ a case's numbers and
 * flags are read here, by name (`rewardAt(p, i)`, `hasUsage(p, i)`, `promptTokensAt(p, i)`), never by
 * slot or bit arithmetic: the layout of the typed arrays can change without the analysis, the
 * history or the reports knowing (a test keeps `SLOTS`, `SLOT.` and `FLAG` inside schema/).
 *
 * One function per number and per flag, each a typed-array load and a constant offset or mask: V8
 * inlines them into the loops over 100,000 rows that call them. (A single `numberAt(p, i, name)` would
 * look the name up in a table at run time, and that lookup, shared by every caller, is several times
 * slower.) Code that picks a number by name at run time (a metric gate) takes the reader from
 * {@link NUMBER_AT} and {@link RECORDED_AT} once, then calls it per row.
 */
import { FLAG, type PackedSummary, SLOT, SLOTS } from './pack.js';

/** A number every case row carries (0, or NaN for a duration, where its row does not record it: see {@link RECORDED_AT}). */
export type CaseNumber = keyof typeof SLOT;
/** A yes/no fact of a case row (see the predicates below). */
export type CaseFlag = keyof typeof FLAG;

type Row = (p: PackedSummary, i: number) => boolean;
type Num = (p: PackedSummary, i: number) => number;

const flagAt = (p: PackedSummary, i: number): number => p.flags[i] as number;

/** Case i completed (its success as a trial). */
export const completedAt: Row = (p, i) => (flagAt(p, i) & FLAG.completed) !== 0;
/** Case i records LLM usage (calls and tokens). */
export const hasUsage: Row = (p, i) => (flagAt(p, i) & FLAG.usage) !== 0;
/** Case i is a harness row (its harness counters are recorded). */
export const hasHarness: Row = (p, i) => (flagAt(p, i) & FLAG.harness) !== 0;
/** Case i records its wall time. */
export const hasDuration: Row = (p, i) => (flagAt(p, i) & FLAG.duration) !== 0;
/** Case i is a harness row whose CodeMode guardrail blocked the plan. */
export const guardrailBlockedAt: Row = (p, i) => (flagAt(p, i) & FLAG.guardrail) !== 0;

export const rewardAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.reward] as number;
export const stepsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.steps] as number;
/** Seconds; NaN where not {@link hasDuration}. */
export const durationAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.duration] as number;
/** Usage counts; 0 where not {@link hasUsage}. */
export const totalCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.totalCalls] as number;
export const promptTokensAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.promptTokens] as number;
export const completionTokensAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.completionTokens] as number;
/** Harness counters; 0 where not {@link hasHarness}. */
export const harnessToolCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.harnessToolCalls] as number;
export const mcpToolCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.mcpToolCalls] as number;
export const chainCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.chainCalls] as number;
export const searchCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.searchCalls] as number;
export const discoveryCallsAt: Num = (p, i) => p.numbers[i * SLOTS + SLOT.discoveryCalls] as number;

/** The reader of each number. A new {@link CaseNumber} needs one (the type checker asks). */
export const NUMBER_AT: Readonly<Record<CaseNumber, Num>> = {
  reward: rewardAt,
  steps: stepsAt,
  duration: durationAt,
  totalCalls: totalCallsAt,
  promptTokens: promptTokensAt,
  completionTokens: completionTokensAt,
  harnessToolCalls: harnessToolCallsAt,
  mcpToolCalls: mcpToolCallsAt,
  chainCalls: chainCallsAt,
  searchCalls: searchCallsAt,
  discoveryCalls: discoveryCallsAt,
};

const always: Row = () => true;
/** Whether a row records each number. A new {@link CaseNumber} must say (the type checker asks). */
export const RECORDED_AT: Readonly<Record<CaseNumber, Row>> = {
  reward: always,
  steps: always,
  duration: hasDuration,
  totalCalls: hasUsage,
  promptTokens: hasUsage,
  completionTokens: hasUsage,
  harnessToolCalls: hasHarness,
  mcpToolCalls: hasHarness,
  chainCalls: hasHarness,
  searchCalls: hasHarness,
  discoveryCalls: hasHarness,
};

/** How many case rows of a packed run have `flag`. */
export function rowsWith(p: PackedSummary, flag: CaseFlag): number {
  const bit = FLAG[flag];
  let k = 0;
  for (const f of p.flags) if ((f & bit) !== 0) k++;
  return k;
}
