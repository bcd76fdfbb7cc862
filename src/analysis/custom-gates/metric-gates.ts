/**
 * The user's own gates on any built-in metric: per-case means (calls, tokens, latency,
 * harness counters), run-level figures (latency percentiles, error and guardrail counts, run
 * duration). Each gate has a direction, a tolerance (absolute, or relative to the baseline as "10%")
 * and a level: required gates decide the verdict, advisory gates are shown and never block.
 *
 * Under `point` a gate compares the two runs' values. Under `significant` a per-case metric is
 * judged on the paired per-case differences by the same sign-flip test as the core gates (pass,
 * fail or undecided at the confidence level); a run-level figure has no per-case pairing and is
 * judged on its values, which the report says.
 */
import type { PackedSummary } from '../../schema/pack.js';
import { type CaseNumber, completionTokensAt, hasUsage, NUMBER_AT, promptTokensAt, RECORDED_AT } from '../../schema/packed-rows.js';
import { worseByTest } from '../../stats/sign-flip.js';
import { runTotals } from '../integrity/run-totals.js';
import { usageFromTotals, type UsageStats } from '../integrity/usage.js';
import type { GateStatus } from '../model.js';
import { caseCost, type Price, priceOf, runCost } from './cost.js';

/** A per-case metric: a case's value, read only where the case records it. */
interface PerCase {
  read: (p: PackedSummary, i: number) => number;
  recorded: (p: PackedSummary, i: number) => boolean;
}
/** A per-case metric that is one of the numbers a case row carries (schema/packed-rows.ts). */
const caseNumber = (name: CaseNumber): PerCase => ({ read: NUMBER_AT[name], recorded: RECORDED_AT[name] });

/** Per-case metrics: the mean over the cases that record them; lower is better for all. */
const PER_CASE: Record<string, PerCase> = {
  calls: caseNumber('totalCalls'),
  prompt_tokens: caseNumber('promptTokens'),
  completion_tokens: caseNumber('completionTokens'),
  total_tokens: { read: (p, i) => promptTokensAt(p, i) + completionTokensAt(p, i), recorded: hasUsage },
  latency_avg: caseNumber('duration'),
  harness_tool_calls: caseNumber('harnessToolCalls'),
  mcp_tool_calls: caseNumber('mcpToolCalls'),
  codemode_chain_calls: caseNumber('chainCalls'),
  codemode_search_calls: caseNumber('searchCalls'),
  codemode_discovery_calls: caseNumber('discoveryCalls'),
};

/** Run-level figures: one value per run. */
const RUN_LEVEL: Record<string, (u: UsageStats, p: PackedSummary) => number | null> = {
  latency_p50: (u) => u.latency_seconds?.p50 ?? null,
  latency_p95: (u) => u.latency_seconds?.p95 ?? null,
  latency_p99: (u) => u.latency_seconds?.p99 ?? null,
  latency_max: (u) => u.latency_seconds?.max ?? null,
  error_count: (u) => u.errors,
  guardrail_blocked: (u) => u.guardrail_blocked,
  run_duration: (_u, p) => p.head.run.duration_seconds,
};

/** Cost metrics: per-case mean USD (paired when both runs are priced by the configuration) and the run's total. */
const COST = ['cost', 'run_cost'] as const;

export const METRICS: readonly string[] = [...Object.keys(PER_CASE), ...Object.keys(RUN_LEVEL), ...COST];
export const GATE_LEVELS = ['required', 'advisory'] as const;

export interface MetricGateSpec {
  /** A built-in metric, or (with `field`) absent. */
  metric?: string | undefined;
  /** A numeric field of the case rows (their `extra`), judged as a per-case mean. */
  field?: string | undefined;
  /** Which way is better; every built-in metric is lower-is-better by default. */
  direction?: 'lower' | 'higher';
  /** How much worse the candidate may be: a number in the metric's unit, or "N%" of the baseline. Default 0. */
  tolerance?: number | string;
  level?: (typeof GATE_LEVELS)[number];
}

export interface MetricGateResult {
  /** The built-in metric, or the case field's path when `field` is true. */
  metric: string;
  field: boolean;
  direction: 'lower' | 'higher';
  level: 'required' | 'advisory';
  /** The tolerance as given, and as an absolute allowance in the metric's unit. */
  tolerance: string;
  allowance: number | null;
  baseline: number | null;
  candidate: number | null;
  /** candidate − baseline. */
  change: number | null;
  /** point: pass or fail; significant per-case: pass, fail or inconclusive; unknown values: inconclusive. */
  status: GateStatus;
  /** How it was judged. */
  basis: 'point' | 'paired' | 'unknown';
  /** One-sided p-values of the paired test (significant, per-case metrics). */
  p_violated: number | null;
  p_holds: number | null;
}

function perCaseValues(p: PackedSummary, spec: PerCase): Map<string, number> {
  const out = new Map<string, number>();
  p.ids.forEach((id, i) => {
    if (spec.recorded(p, i)) out.set(id, spec.read(p, i));
  });
  return out;
}

const mean = (xs: Iterable<number>): number | null => {
  let s = 0;
  let n = 0;
  for (const x of xs) {
    s += x;
    n++;
  }
  return n === 0 ? null : s / n;
};

/** The allowance in the metric's unit: a number as is, "N%" of the baseline value. */
export function allowanceOf(tolerance: number | string, baseline: number | null): number | null {
  if (typeof tolerance === 'number') return tolerance;
  const pct = Number(tolerance.replace(/%$/, ''));
  return baseline === null ? null : (Math.abs(baseline) * pct) / 100;
}

/** The paired test of "worse by at most the allowance" over the cases both runs record. */
function pairedTest(
  b: Map<string, number>,
  c: Map<string, number>,
  higher: boolean,
  allowance: number,
  alpha: number,
): { status: GateStatus; p_violated: number; p_holds: number } {
  const worse: number[] = [];
  for (const [id, x] of b) {
    const y = c.get(id);
    if (y !== undefined) worse.push(higher ? x - y : y - x);
  }
  if (worse.length === 0) return { status: 'inconclusive', p_violated: 1, p_holds: 1 };
  return worseByTest(worse, allowance, alpha);
}

/** Per-case USD at the configuration's price of the run's model; null when it has no price there. */
function costValues(p: PackedSummary, pricing: Readonly<Record<string, Price>>): Map<string, number> | null {
  const price = priceOf(p, pricing);
  if (price === null) return null;
  const out = new Map<string, number>();
  p.ids.forEach((id, i) => {
    const usd = caseCost(p, i, price);
    if (usd !== null) out.set(id, usd);
  });
  return out;
}

/** A case field's values: the cases that record a number there (the field was kept when packing). */
function fieldValues(p: PackedSummary, field: string): Map<string, number> {
  const column = Object.hasOwn(p.fields.numbers, field) ? p.fields.numbers[field] : undefined;
  if (column === undefined) throw new Error(`${p.head.id}: case field ${field} was not kept when packing`);
  const out = new Map<string, number>();
  p.ids.forEach((id, i) => {
    const v = column[i] as number;
    if (!Number.isNaN(v)) out.set(id, v);
  });
  return out;
}

/** A metric's per-case values (null: run-level or unknown) and run value for one run. */
function metricOf(
  spec: MetricGateSpec,
  p: PackedSummary,
  u: UsageStats,
  pricing: Readonly<Record<string, Price>>,
): { values: Map<string, number> | null; value: number | null } {
  if (spec.field !== undefined) {
    const values = fieldValues(p, spec.field);
    return { values, value: mean(values.values()) };
  }
  const metric = spec.metric ?? '';
  const perCase = PER_CASE[metric];
  if (perCase) {
    const values = perCaseValues(p, perCase);
    return { values, value: mean(values.values()) };
  }
  if (metric === 'cost') {
    const values = costValues(p, pricing);
    return { values, value: values === null ? runCost(p, pricing).per_case : mean(values.values()) };
  }
  if (metric === 'run_cost') return { values: null, value: runCost(p, pricing).total };
  const run = RUN_LEVEL[metric];
  return { values: null, value: run ? run(u, p) : null };
}

export function evaluateMetricGates(
  b: PackedSummary,
  c: PackedSummary,
  specs: readonly MetricGateSpec[],
  policy: 'point' | 'significant',
  alpha: number,
  pricing: Readonly<Record<string, Price>> = {},
): MetricGateResult[] {
  const ub = usageFromTotals(runTotals(b));
  const uc = usageFromTotals(runTotals(c));
  return specs.map((spec) => {
    const direction = spec.direction ?? 'lower';
    const level = spec.level ?? 'required';
    const tolerance = spec.tolerance ?? 0;
    const mb = metricOf(spec, b, ub, pricing);
    const mc = metricOf(spec, c, uc, pricing);
    const vb = mb.values;
    const vc = mc.values;
    const baseline = mb.value;
    const candidate = mc.value;
    const allowance = allowanceOf(tolerance, baseline);
    const base = {
      metric: spec.field ?? spec.metric ?? '',
      field: spec.field !== undefined,
      direction,
      level,
      tolerance: String(tolerance),
      allowance,
      baseline,
      candidate,
      change: baseline !== null && candidate !== null ? candidate - baseline : null,
    };
    if (baseline === null || candidate === null || allowance === null)
      return { ...base, status: 'inconclusive', basis: 'unknown', p_violated: null, p_holds: null };
    if (policy === 'significant' && vb && vc) {
      return { ...base, ...pairedTest(vb, vc, direction === 'higher', allowance, alpha), basis: 'paired' };
    }
    const worseBy = direction === 'higher' ? baseline - candidate : candidate - baseline;
    return { ...base, status: worseBy <= allowance ? 'pass' : 'fail', basis: 'point', p_violated: null, p_holds: null };
  });
}
