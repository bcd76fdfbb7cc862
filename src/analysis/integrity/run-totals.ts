/**
 * What the findings and the usage figures read from one run's case rows, gathered in one pass over
 * its packed form. Sums run in row order, as the reports have always computed them, so the results
 * are the same doubles to the last bit.
 */
import { FLAG, SLOT, SLOTS, type PackedSummary } from '../../schema/pack.js';

export interface RunTotals {
  /** Case rows. */
  rows: number;
  /** Rows with `completed: true`. */
  completed: number;
  /** Sums over all rows, in row order. */
  reward: number;
  steps: number;
  /** Sums over rows with usage (rows without count 0). */
  total_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Durations of the rows that record one, ascending. */
  sortedDurations: Float64Array;
  /** Harness rows whose CodeMode guardrail blocked the plan. */
  guardrail_blocked: number;
  /** MCP tool calls summed over harness rows; null when there is no harness row. */
  mcp_tool_calls: number | null;
  /** Ids of the rows that raised an error, in row order. */
  errored: string[];
}

export function runTotals(p: PackedSummary): RunTotals {
  const { numbers, flags, ids, errors } = p;
  const n = flags.length;
  let completed = 0;
  let reward = 0;
  let steps = 0;
  let calls = 0;
  let prompt = 0;
  let completion = 0;
  let blocked = 0;
  let mcp: number | null = null;
  for (let i = 0; i < n; i++) {
    const f = flags[i] as number;
    const at = i * SLOTS;
    if (f & FLAG.completed) completed++;
    reward += numbers[at + SLOT.reward] as number;
    steps += numbers[at + SLOT.steps] as number;
    if (f & FLAG.usage) {
      calls += numbers[at + SLOT.totalCalls] as number;
      prompt += numbers[at + SLOT.promptTokens] as number;
      completion += numbers[at + SLOT.completionTokens] as number;
    }
    if (f & FLAG.harness) {
      mcp = (mcp ?? 0) + (numbers[at + SLOT.mcpToolCalls] as number);
      if (f & FLAG.guardrail) blocked++;
    }
  }
  const errored = Object.keys(errors).map((i) => ids[Number(i)] as string);
  return {
    rows: n,
    completed,
    reward,
    steps,
    total_calls: calls,
    prompt_tokens: prompt,
    completion_tokens: completion,
    sortedDurations: p.sortedDurations,
    guardrail_blocked: blocked,
    mcp_tool_calls: mcp,
    errored,
  };
}
