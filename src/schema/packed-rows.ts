/**
 * Named reads of a packed summary's case rows (schema/pack.ts). Outside schema/ a case's numbers and
 * flags are read here, by name (`rewardAt(p, i)`, `has(p, i, 'usage')`, `numberAt(p, i, 'promptTokens')`),
 * never by slot or bit arithmetic: the layout of the typed arrays can change without the analysis,
 * the history or the reports knowing (a test keeps `SLOTS`, `SLOT.` and `FLAG` inside schema/).
 *
 * Each read is one typed-array load and a constant offset or mask, small enough for V8 to inline in
 * the loops over 100,000 rows that call it.
 */
import { FLAG, SLOT, SLOTS, type PackedSummary } from './pack.js';

/** A number every case row carries (0, or NaN for a duration, where its row does not record it: see {@link recordsAt}). */
export type CaseNumber = keyof typeof SLOT;
/** A yes/no fact of a case row: `completed`; `usage`, `harness`, `duration` (the row records them); `guardrail` (the CodeMode guardrail blocked the plan); `mcpKnown`, `mcpEnabled`. */
export type CaseFlag = keyof typeof FLAG;

/**
 * Which flag says that a row records each number (null: every row does). A new {@link CaseNumber}
 * must say here when it is recorded (the type checker asks for it).
 */
export const RECORDED_WHEN: Readonly<Record<CaseNumber, CaseFlag | null>> = {
  reward: null,
  steps: null,
  duration: 'duration',
  totalCalls: 'usage',
  promptTokens: 'usage',
  completionTokens: 'usage',
  harnessToolCalls: 'harness',
  mcpToolCalls: 'harness',
  chainCalls: 'harness',
  searchCalls: 'harness',
  discoveryCalls: 'harness',
};

/** Whether case i of a packed run has `flag`. */
export const has = (p: PackedSummary, i: number, flag: CaseFlag): boolean => ((p.flags[i] as number) & FLAG[flag]) !== 0;

/** Case i of a packed run: its number `name` (meaningful where {@link recordsAt} says so). */
export const numberAt = (p: PackedSummary, i: number, name: CaseNumber): number => p.numbers[i * SLOTS + SLOT[name]] as number;

/** Whether case i of a packed run records its number `name` (see {@link RECORDED_WHEN}). */
export function recordsAt(p: PackedSummary, i: number, name: CaseNumber): boolean {
  const flag = RECORDED_WHEN[name];
  return flag === null || has(p, i, flag);
}

/** How many case rows of a packed run have `flag`. */
export function rowsWith(p: PackedSummary, flag: CaseFlag): number {
  const bit = FLAG[flag];
  let k = 0;
  for (const f of p.flags) if ((f & bit) !== 0) k++;
  return k;
}

/** Case i of a packed run: whether it completed (its success as a trial). */
export const completedAt = (p: PackedSummary, i: number): boolean => ((p.flags[i] as number) & FLAG.completed) !== 0;
/** Case i of a packed run: its reward. */
export const rewardAt = (p: PackedSummary, i: number): number => p.numbers[i * SLOTS + SLOT.reward] as number;
/** Case i of a packed run: its steps. */
export const stepsAt = (p: PackedSummary, i: number): number => p.numbers[i * SLOTS + SLOT.steps] as number;
