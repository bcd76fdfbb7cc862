// Builds rows and summaries in rlm-code's benchmark summary format (harness mode), so
// the demo's output is indistinguishable in shape from what `/rlm bench` writes.
// Field order matters to readers diffing files and follows rlm-code exactly.

import { performance } from 'node:perf_hooks';

// rlm-code's float arithmetic (Python's round, its latency percentiles) is shared with the bench's
// summary generator, so both write numbers exactly as rlm-code would.
import { pyRound } from '../../scripts/py-json.mjs';
import { latencySummary } from '../../scripts/rlm-summary-aggregates.mjs';
import { MCP_SERVER } from './tools.mjs';

const round4 = (value) => pyRound(value, 4);
const round2 = (value) => pyRound(value, 2);

/**
 * ISO-8601 UTC timestamp with microseconds and "+00:00", like Python's
 * datetime.now(timezone.utc).isoformat(), for a performance.now() reading. Using the
 * monotonic clock keeps timestamps consistent with the measured durations.
 * @param {number} perfMs a performance.now() value
 */
export function isoTimestamp(perfMs) {
  const epochMs = performance.timeOrigin + perfMs;
  const wholeMs = Math.floor(epochMs);
  const micros = Math.min(999, Math.floor((epochMs - wholeMs) * 1000));
  return `${new Date(wholeMs).toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}+00:00`;
}

/**
 * `bench_YYYYMMDD_HHMMSS_ffffff` for a timestamp from isoTimestamp(): rlm-code names
 * the summary file after it, so it must sort by start time.
 * @param {string} iso
 */
export function benchmarkId(iso) {
  const [date, time] = iso.slice(0, 26).split('T');
  const [clock, micros] = time.split('.');
  return `bench_${date.replace(/-/g, '')}_${clock.replace(/:/g, '')}_${micros}`;
}

/**
 * rlm-code's latency block over the case durations (see scripts/rlm-summary-aggregates.mjs).
 * @param {number[]} values case duration_seconds
 */
export function latencyStats(values) {
  return latencySummary(Float64Array.from(values));
}

function usageTotals(rows) {
  const totals = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 };
  for (const row of rows) {
    if (!row.usage || typeof row.usage !== 'object') continue;
    for (const key of Object.keys(totals)) totals[key] += Math.trunc(Number(row.usage[key] ?? 0));
  }
  return totals;
}

/** rlm-code's harness telemetry, derived from the steps that called a tool. */
function harnessTelemetry(steps) {
  const names = steps.filter((step) => step.tool && step.tool_result).map((step) => String(step.tool_result.metadata?.tool_full_name || step.tool));
  const endsWithAny = (name, suffixes) => suffixes.some((suffix) => name.endsWith(suffix));
  const discovery = [':search_tools', ':list_tools', ':tools_info', ':get_required_keys_for_tool'];
  return {
    harness_tool_calls: names.length,
    mcp_tool_calls: names.filter((name) => name.startsWith('mcp:')).length,
    codemode_chain_calls: names.filter((name) => name.endsWith(':call_tool_chain')).length,
    codemode_search_calls: names.filter((name) => name.endsWith(':search_tools')).length,
    codemode_discovery_calls: names.filter((name) => endsWithAny(name, discovery)).length,
    codemode_guardrail_blocked: steps.some((step) => step.action === 'codemode_plan' && /guardrail/i.test(step.reasoning ?? '')),
  };
}

const harnessHeader = (strategy) => ({ mcp_enabled: true, mcp_server: MCP_SERVER, harness_strategy: strategy });
const caseHeader = (caseDef) => ({ case_id: caseDef.case_id, description: caseDef.description, task: caseDef.task });

/**
 * A harness-mode case row. Reward is rlm-code's harness rule: 1.0 if completed, else 0.0.
 * @param {{caseDef: object, strategy: string, startedAt: string, finishedAt: string,
 *   completed: boolean, result: {final_response: string, steps: object[], usage: object},
 *   durationSeconds: number}} input
 */
export function harnessRow({ caseDef, strategy, startedAt, finishedAt, completed, result, durationSeconds }) {
  return {
    ...caseHeader(caseDef),
    mode: 'harness',
    environment: 'harness',
    started_at: startedAt,
    finished_at: finishedAt,
    run_id: null,
    run_path: null,
    completed,
    steps: result.steps.length,
    total_reward: completed ? 1.0 : 0.0,
    usage: result.usage,
    final_response: result.final_response,
    ...harnessHeader(strategy),
    ...harnessTelemetry(result.steps),
    duration_seconds: round4(durationSeconds),
  };
}

/**
 * rlm-code's failure row for an executor that raised: reward -1.0, steps 0, the case's
 * own environment, an `error` text, zeroed telemetry and deliberately no `usage` key.
 * @param {{caseDef: object, strategy: string, startedAt: string, finishedAt: string,
 *   error: unknown, durationSeconds: number}} input
 */
export function failureRow({ caseDef, strategy, startedAt, finishedAt, error, durationSeconds }) {
  return {
    ...caseHeader(caseDef),
    mode: 'harness',
    environment: caseDef.environment,
    started_at: startedAt,
    finished_at: finishedAt,
    run_id: null,
    run_path: null,
    completed: false,
    steps: 0,
    total_reward: -1.0,
    duration_seconds: round4(durationSeconds),
    final_response: '',
    error: error instanceof Error ? error.message : String(error),
    ...harnessHeader(strategy),
    ...harnessTelemetry([]),
  };
}

/**
 * The top-level summary with rlm-code's aggregates: averages over attempted cases,
 * latency over the rows' rounded durations, usage over rows that have `usage`.
 * @param {{preset: string, strategy: string, startedAt: string, finishedAt: string,
 *   durationSeconds: number, totalCases: number, rows: object[]}} input
 */
export function buildSummary({ preset, strategy, startedAt, finishedAt, durationSeconds, totalCases, rows }) {
  const attempted = rows.length;
  const sum = (key) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  return {
    benchmark_id: benchmarkId(startedAt),
    preset,
    mode: 'harness',
    ...harnessHeader(strategy),
    source: 'builtin',
    description: '',
    pack_paths: [],
    started_at: startedAt,
    finished_at: finishedAt,
    duration_seconds: round4(durationSeconds),
    total_cases: totalCases,
    attempted_cases: attempted,
    completed_cases: rows.filter((row) => row.completed).length,
    avg_reward: attempted ? round4(sum('total_reward') / attempted) : 0,
    avg_steps: attempted ? round2(sum('steps') / attempted) : 0,
    latency_seconds: latencyStats(rows.map((row) => Number(row.duration_seconds ?? 0))),
    usage_totals: usageTotals(rows),
    cancelled: false,
    case_results: rows,
  };
}
