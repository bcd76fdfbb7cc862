/**
 * What the findings and the usage figures read from one run's case rows, gathered in one pass over
 * its packed form. Sums run in row order, as the reports have always computed them, so the results
 * are the same doubles to the last bit.
 */
import type { PackedSummary } from '../../schema/pack.js';
import {
  completedAt,
  completionTokensAt,
  guardrailBlockedAt,
  hasHarness,
  hasUsage,
  mcpToolCallsAt,
  promptTokensAt,
  rewardAt,
  stepsAt,
  totalCallsAt,
} from '../../schema/packed-rows.js';

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
  const { ids, errors } = p;
  const n = ids.length;
  let completed = 0;
  let reward = 0;
  let steps = 0;
  let calls = 0;
  let prompt = 0;
  let completion = 0;
  let blocked = 0;
  let mcp: number | null = null;
  for (let i = 0; i < n; i++) {
    if (completedAt(p, i)) completed++;
    reward += rewardAt(p, i);
    steps += stepsAt(p, i);
    if (hasUsage(p, i)) {
      calls += totalCallsAt(p, i);
      prompt += promptTokensAt(p, i);
      completion += completionTokensAt(p, i);
    }
    if (hasHarness(p, i)) {
      mcp = (mcp ?? 0) + mcpToolCallsAt(p, i);
      if (guardrailBlockedAt(p, i)) blocked++;
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
