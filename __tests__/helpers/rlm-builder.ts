/**
 * Builds rlm-code summaries in memory the way rlm-code's `run_benchmark` writes them (aggregates
 * computed from the rows), so tests can state just the cases that matter and then break one thing.
 */
import { parseSummary } from '../../src/adapters/registry.js';
import type { LoadedSummary } from '../../src/analysis/model.js';
import { loadedOf } from '../../src/load/load.js';
import { type CaseFields, NO_FIELDS } from '../../src/schema/pack.js';
import type { BenchmarkSummary } from '../../src/schema/summary.js';

export interface CaseSpec {
  id: string;
  completed?: boolean;
  reward?: number;
  steps?: number;
  error?: string;
  duration?: number;
  guardrail?: boolean;
}

export interface RunSpec {
  id?: string;
  preset?: string;
  mode?: string;
  strategy?: string | null;
  mcpServer?: string | null;
  model?: string;
  cases: CaseSpec[];
  total?: number;
  cancelled?: boolean;
}

const round = (x: number, d: number): number => Number(x.toFixed(d));

function row(c: CaseSpec, spec: RunSpec): Record<string, unknown> {
  const completed = c.completed ?? true;
  const base: Record<string, unknown> = {
    case_id: c.id,
    description: `case ${c.id}`,
    task: 'do it',
    mode: spec.mode ?? 'harness',
    environment: 'harness',
    completed: c.error ? false : completed,
    steps: c.error ? 0 : (c.steps ?? 3),
    total_reward: c.error ? -1.0 : (c.reward ?? (completed ? 1.0 : 0.0)),
    final_response: '',
    duration_seconds: c.duration ?? 1.5,
  };
  if (!c.error) base['usage'] = { total_calls: 2, prompt_tokens: 100, completion_tokens: 20 };
  else base['error'] = c.error;
  if ((spec.mode ?? 'harness') === 'harness') {
    Object.assign(base, {
      mcp_enabled: true,
      mcp_server: spec.mcpServer ?? 'codemode',
      harness_strategy: spec.strategy ?? 'tool_call',
      harness_tool_calls: 1,
      mcp_tool_calls: 1,
      codemode_chain_calls: 0,
      codemode_search_calls: 0,
      codemode_discovery_calls: 0,
      codemode_guardrail_blocked: c.guardrail ?? false,
    });
  }
  return base;
}

/** The raw rlm-code summary object. */
export function rlmSummary(spec: RunSpec): Record<string, unknown> {
  const rows = spec.cases.map((c) => row(c, spec));
  const n = rows.length;
  const sum = (k: string): number => rows.reduce((s, r) => s + (r[k] as number), 0);
  const usage = rows.filter((r) => r['usage']).map((r) => r['usage'] as Record<string, number>);
  return {
    benchmark_id: spec.id ?? 'bench_test',
    preset: spec.preset ?? 'suite',
    mode: spec.mode ?? 'harness',
    mcp_enabled: true,
    mcp_server: spec.mcpServer ?? 'codemode',
    harness_strategy: spec.strategy === undefined ? 'tool_call' : spec.strategy,
    ...(spec.model ? { model: spec.model } : {}),
    source: 'builtin',
    description: '',
    pack_paths: [],
    total_cases: spec.total ?? n,
    attempted_cases: n,
    completed_cases: rows.filter((r) => r['completed'] === true).length,
    avg_reward: n ? round(sum('total_reward') / n, 4) : 0.0,
    avg_steps: n ? round(sum('steps') / n, 2) : 0.0,
    usage_totals: {
      total_calls: usage.reduce((s, u) => s + (u['total_calls'] ?? 0), 0),
      prompt_tokens: usage.reduce((s, u) => s + (u['prompt_tokens'] ?? 0), 0),
      completion_tokens: usage.reduce((s, u) => s + (u['completion_tokens'] ?? 0), 0),
    },
    cancelled: spec.cancelled ?? false,
    case_results: rows,
  };
}

/** The raw summary converted, as the CLI would load it. */
export function loaded(spec: RunSpec | Record<string, unknown>, path = 'run.json', fields: CaseFields = NO_FIELDS): TestRun {
  const data = 'cases' in spec && Array.isArray(spec.cases) ? rlmSummary(spec as RunSpec) : spec;
  return asLoaded(path, parseSummary(path, data), fields);
}

/**
 * A loaded run (load.ts loadedOf: its rows packed with `fields`) whose `summary` is, for the test's
 * own checks, the whole summary it came from. What the code under test reads is typed
 * LoadedSummary: the head and the rows, never the cases.
 */
export type TestRun = LoadedSummary & { summary: BenchmarkSummary };
export function asLoaded(path: string, summary: BenchmarkSummary, fields: CaseFields = NO_FIELDS): TestRun {
  return { ...loadedOf(path, summary, fields), summary };
}

/** n cases named c01… with the given defaults. */
export function cases(n: number, make: (i: number) => Partial<CaseSpec> = () => ({})): CaseSpec[] {
  return Array.from({ length: n }, (_, i) => ({ id: `c${String(i + 1).padStart(2, '0')}`, ...make(i) }));
}
