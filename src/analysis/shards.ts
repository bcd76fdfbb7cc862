/**
 * A suite split across a job matrix: each shard runs the cases of its part (a stable split by case
 * id) and uploads its own summary; the gate merges a role's shards back into one run. Together the
 * shards must cover the suite exactly once: a missing shard, a shard uploaded twice, shards that
 * split different case lists or a case run by two shards give a `shard-coverage` finding, which
 * holds. The merge runs in the gate's own code, never trusting a stamp to report problems. Pure.
 */
import { createHash } from 'node:crypto';

import { formatFacts } from '../adapters/registry.js';
import { packSummary } from '../schema/pack.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import { pyFixed } from '../stats/format.js';
import { aggregateMismatches, commandFailure, type FindingDraft } from './integrity/findings.js';
import { runTotals } from './integrity/run-totals.js';
import { usageFromTotals } from './integrity/usage.js';

/** The metadata keys the run mode stamps on a shard's summary. */
export const SHARD_KEYS = {
  index: 'shard.index',
  total: 'shard.total',
  /** sha256 of the whole case list (ids sorted, one per line), when the run was given one. */
  listSha: 'shard.case_list_sha256',
  /** The number of cases in the whole case list. */
  listSize: 'shard.case_list_size',
} as const;

/** The shard (1 to `total`) a case belongs to: from a hash of its id, so the split never depends on the list's order. */
export function shardOf(caseId: string, total: number): number {
  return (createHash('sha256').update(caseId, 'utf8').digest().readUInt32BE(0) % total) + 1;
}

/** The digest of a case list that every shard of one split must agree on. */
export function caseListSha(ids: readonly string[]): string {
  return createHash('sha256')
    .update([...new Set(ids)].sort().join('\n'), 'utf8')
    .digest('hex');
}

export interface ShardRun {
  /** The artifact it came from, for messages. */
  artifact: string;
  summary: BenchmarkSummary;
}

const num = (s: BenchmarkSummary, key: string): number | null => (typeof s.metadata[key] === 'number' ? (s.metadata[key] as number) : null);

/** What keeps the shards from covering the suite exactly once; [] when they do. */
function coverageProblems(runs: readonly ShardRun[], total: number): string[] {
  const problems: string[] = [];
  const byIndex = new Map<number, string[]>();
  for (const r of runs) {
    const index = num(r.summary, SHARD_KEYS.index);
    const t = num(r.summary, SHARD_KEYS.total);
    if (index === null || t === null) problems.push(`artifact ${r.artifact} is not stamped as a shard (no ${SHARD_KEYS.index} / ${SHARD_KEYS.total})`);
    else if (t !== total) problems.push(`artifact ${r.artifact} is shard ${index} of ${t}, but another shard says ${total}`);
    else byIndex.set(index, [...(byIndex.get(index) ?? []), r.artifact]);
  }
  for (const [index, artifacts] of byIndex)
    if (artifacts.length > 1) problems.push(`shard ${index} of ${total} was uploaded ${artifacts.length} times (${artifacts.join(', ')})`);
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0) problems.push(`shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${total} ${missing.length > 1 ? 'are' : 'is'} missing`);
  const lists = new Set(runs.map((r) => r.summary.metadata[SHARD_KEYS.listSha] ?? null));
  if (lists.size > 1) problems.push('the shards split different case lists (their shard.case_list_sha256 differ)');
  return problems;
}

/** The cases of all shards, each id once (the first shard's row wins), and the ids run twice. */
function mergeCases(runs: readonly ShardRun[]): { cases: CaseResult[]; twice: string[] } {
  const seen = new Set<string>();
  const cases: CaseResult[] = [];
  const twice = new Set<string>();
  for (const r of runs) {
    for (const c of r.summary.cases) {
      if (seen.has(c.id)) twice.add(c.id);
      else {
        seen.add(c.id);
        cases.push(c);
      }
    }
  }
  return { cases, twice: [...twice].sort() };
}

/** The command stamps of the worst shard: a failed or timed-out shard makes the merged run failed. */
function worstCommand(runs: readonly ShardRun[]): Record<string, string | number | boolean | null> {
  const failed = runs.find((r) => commandFailure(r.summary.metadata) !== null);
  if (failed === undefined) return {};
  const m = failed.summary.metadata;
  return {
    'command.exit_code': m['command.exit_code'] ?? null,
    'command.signal': m['command.signal'] ?? null,
    'command.timed_out': m['command.timed_out'] ?? false,
    'command.budget_exceeded': m['command.budget_exceeded'] ?? false,
    'shards.failed': failed.artifact,
  };
}

/** A merged total as the format writes it: Python's round(x, places) where its registry entry says so (rlm-code). */
const roundAs = (format: string, x: number, places: number): number => (formatFacts(format).pythonRounding ? Number(pyFixed(x, places)) : x);

/** One run from a role's shards (`runs` in any order), and the finding when they do not cover the suite exactly once. */
export function mergeShards(side: 'baseline' | 'candidate', runs: readonly ShardRun[]): { summary: BenchmarkSummary; drafts: FindingDraft[] } {
  if (runs.length === 0) throw new RangeError('mergeShards needs at least one shard');
  const sorted = [...runs].sort((a, b) => (num(a.summary, SHARD_KEYS.index) ?? 0) - (num(b.summary, SHARD_KEYS.index) ?? 0));
  const first = (sorted[0] as ShardRun).summary;
  const total = num(first, SHARD_KEYS.total) ?? sorted.length;
  const problems = coverageProblems(sorted, total);
  for (const r of sorted)
    if (aggregateMismatches(r.summary, runTotals(packSummary(r.summary))).length > 0) problems.push(`the totals of ${r.artifact} contradict its case rows`);
  const { cases, twice } = mergeCases(sorted);
  if (twice.length > 0)
    problems.push(`${twice.length === 1 ? '1 case was' : `${twice.length} cases were`} run by more than one shard (the first shard's result is kept)`);
  const sum = (f: (s: BenchmarkSummary) => number | null): number | null =>
    sorted.reduce<number | null>((acc, r) => (acc === null || f(r.summary) === null ? null : acc + (f(r.summary) as number)), 0);
  const listSize = num(first, SHARD_KEYS.listSize);
  const usage = sorted.every((r) => r.summary.reported.usage_totals !== null)
    ? {
        total_calls: sum((s) => s.reported.usage_totals?.total_calls ?? 0) ?? 0,
        prompt_tokens: sum((s) => s.reported.usage_totals?.prompt_tokens ?? 0) ?? 0,
        completion_tokens: sum((s) => s.reported.usage_totals?.completion_tokens ?? 0) ?? 0,
      }
    : null;
  const merged: BenchmarkSummary = {
    ...first,
    run: {
      ...first.run,
      started_at:
        sorted
          .map((r) => r.summary.run.started_at)
          .filter((x): x is string => x !== null)
          .sort()[0] ?? null,
      finished_at:
        sorted
          .map((r) => r.summary.run.finished_at)
          .filter((x): x is string => x !== null)
          .sort()
          .at(-1) ?? null,
      duration_seconds: sorted.some((r) => r.summary.run.duration_seconds === null)
        ? null
        : Math.max(...sorted.map((r) => r.summary.run.duration_seconds as number)),
      cancelled: sorted.some((r) => r.summary.run.cancelled === true) ? true : first.run.cancelled,
    },
    cases,
    reported: {
      ...first.reported,
      total_cases: 0,
      attempted_cases: null,
      completed_cases: 0,
      avg_reward: 0,
      avg_steps: 0,
      latency_seconds: null,
      usage_totals: usage,
    },
    metadata: { ...first.metadata, [SHARD_KEYS.index]: null, 'shards.count': sorted.length, ...worstCommand(sorted) },
  };
  // The merged totals are the rows' own (each shard's were checked against its rows above).
  const totals = runTotals(packSummary(merged));
  const n = totals.rows;
  const planned = sum((s) => s.reported.total_cases) ?? n;
  merged.reported = {
    ...merged.reported,
    total_cases: Math.max(planned, listSize ?? 0, n),
    attempted_cases: sum((s) => s.reported.attempted_cases),
    completed_cases: totals.completed,
    // rlm-code writes its averages rounded to 4 and 2 places: merged rlm-code shards do the same, so a
    // sharded suite gives the numbers (and plain-double deltas) the unsharded suite would.
    avg_reward: roundAs(first.format, n ? totals.reward / n : 0, 4),
    avg_steps: roundAs(first.format, n ? totals.steps / n : 0, 2),
    latency_seconds: usageFromTotals(totals).latency_seconds,
  };
  if (merged.reported.attempted_cases !== null && merged.reported.attempted_cases !== n) merged.reported.attempted_cases = n;
  const drafts: FindingDraft[] =
    problems.length === 0
      ? []
      : [{ code: 'shard-coverage', side, message: `The ${side}'s shards do not cover the suite exactly once: ${problems.join('; ')}.`, case_ids: twice }];
  return { summary: merged, drafts };
}
