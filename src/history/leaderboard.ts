/**
 * The leaderboard: many runs ranked by one metric, with filters and statistics per group. Unlike
 * rlm-code's, token totals are the case rows' own usage (unknown when no row records usage, never 0)
 * and every file is its own entry: two runs with the same id are both listed, told apart by file.
 */
import { records } from '../adapters/registry.js';
import { type Price, runCost } from '../analysis/custom-gates/cost.js';
import { runTotals } from '../analysis/integrity/run-totals.js';
import type { SummaryHead } from '../schema/loaded.js';
import { type PackedSummary, packSummary } from '../schema/pack.js';
import { rowsWith } from '../schema/packed-rows.js';
import type { BenchmarkSummary } from '../schema/summary.js';

export const RANK_METRICS = ['reward', 'completion_rate', 'steps', 'tokens', 'cost', 'duration', 'efficiency'] as const;
export type RankMetric = (typeof RANK_METRICS)[number];
export const GROUP_FIELDS = ['strategy', 'model', 'mode', 'preset'] as const;
export type GroupField = (typeof GROUP_FIELDS)[number];
/** Higher is better for these; lower for the rest. */
const HIGHER: ReadonlySet<RankMetric> = new Set(['reward', 'completion_rate', 'efficiency']);

export interface LeaderboardEntry {
  /** Unique among the entries: the summary id, with the file when two runs share an id. */
  label: string;
  file: string;
  id: string;
  preset: string | null;
  mode: string | null;
  strategy: string | null;
  model: string | null;
  started_at: string | null;
  cases: number;
  reward: number;
  completion_rate: number;
  /** Mean steps per case; null when the format does not record steps (JUnit, promptfoo, …). */
  steps: number | null;
  /** Prompt plus completion tokens of the rows that record usage; null when none does. */
  tokens: number | null;
  cost: number | null;
  duration: number | null;
  /** Mean reward per 1,000 tokens per case; null without tokens. */
  efficiency: number | null;
}

export interface LeaderboardFilters {
  preset?: string;
  mode?: string;
  strategy?: string;
  model?: string;
  /** ISO dates (YYYY-MM-DD or full timestamps), inclusive; runs without a start time are excluded by them. */
  since?: string;
  until?: string;
  minCases?: number;
}

export interface GroupStats {
  group: string | null;
  count: number;
  /** Over the entries whose metric is known. */
  known: number;
  mean: number | null;
  median: number | null;
  /** Sample standard deviation; null with fewer than two values. */
  sd: number | null;
  min: number | null;
  max: number | null;
}

export interface Leaderboard {
  metric: RankMetric;
  higherIsBetter: boolean;
  entries: LeaderboardEntry[];
  /** Entries left out by each filter, for the footer. */
  excluded: { filter: string; count: number }[];
  groupBy: GroupField | null;
  stats: GroupStats[];
}

/** The entry of a whole summary (its cases packed here). */
export function leaderboardEntry(file: string, s: BenchmarkSummary, pricing: Readonly<Record<string, Price>>): Omit<LeaderboardEntry, 'label'> {
  return runEntry(file, s, packSummary(s), pricing);
}

/** The entry of a run from its head and packed rows (a loaded run: schema/loaded.ts). */
export function runEntry(file: string, s: SummaryHead, p: PackedSummary, pricing: Readonly<Record<string, Price>>): Omit<LeaderboardEntry, 'label'> {
  const t = runTotals(p);
  const n = t.rows;
  const usageRows = rowsWith(p, 'usage');
  const tokens = usageRows === 0 ? null : t.prompt_tokens + t.completion_tokens;
  const reward = n ? t.reward / n : 0;
  const cost = runCost(p, pricing).total;
  return {
    file,
    id: s.id,
    preset: s.run.preset,
    mode: s.run.mode,
    strategy: s.run.harness_strategy,
    model: s.run.model,
    started_at: s.run.started_at,
    cases: n,
    reward,
    completion_rate: n ? t.completed / n : 0,
    steps: !records(s, 'steps') ? null : n ? t.steps / n : 0,
    tokens,
    cost,
    duration: s.run.duration_seconds,
    efficiency: tokens === null || tokens === 0 || n === 0 ? null : reward / (tokens / n / 1000),
  };
}

/** Labels that never collide: the id, and the file too for ids that several runs share. */
export function labelEntries(entries: readonly Omit<LeaderboardEntry, 'label'>[]): LeaderboardEntry[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  return entries.map((e) => ({ label: (counts.get(e.id) ?? 0) > 1 ? `${e.id} (${e.file})` : e.id, ...e }));
}

const value = (e: LeaderboardEntry, m: RankMetric): number | null => e[m];

function applyFilters(
  entries: readonly LeaderboardEntry[],
  f: LeaderboardFilters,
): { kept: LeaderboardEntry[]; excluded: { filter: string; count: number }[] } {
  const tests: [string, (e: LeaderboardEntry) => boolean][] = [];
  for (const key of ['preset', 'mode', 'strategy', 'model'] as const) if (f[key] !== undefined) tests.push([`${key} ${f[key]}`, (e) => e[key] === f[key]]);
  if (f.minCases !== undefined) tests.push([`fewer than ${f.minCases} cases`, (e) => e.cases >= (f.minCases as number)]);
  if (f.since !== undefined)
    tests.push([`before ${f.since} (or no start time)`, (e) => e.started_at !== null && e.started_at.slice(0, f.since?.length) >= (f.since as string)]);
  if (f.until !== undefined)
    tests.push([`after ${f.until} (or no start time)`, (e) => e.started_at !== null && e.started_at.slice(0, f.until?.length) <= (f.until as string)]);
  let kept = [...entries];
  const excluded: { filter: string; count: number }[] = [];
  for (const [filter, keep] of tests) {
    const next = kept.filter(keep);
    if (next.length < kept.length) excluded.push({ filter, count: kept.length - next.length });
    kept = next;
  }
  return { kept, excluded };
}

export function statsOf(group: string | null, values: readonly (number | null)[]): GroupStats {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const k = xs.length;
  const mean = k ? xs.reduce((a, x) => a + x, 0) / k : null;
  const median = k ? (k % 2 ? (xs[(k - 1) / 2] as number) : ((xs[k / 2 - 1] as number) + (xs[k / 2] as number)) / 2) : null;
  const sd = k > 1 && mean !== null ? Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1)) : null;
  return { group, count: values.length, known: k, mean, median, sd, min: k ? (xs[0] as number) : null, max: k ? (xs[k - 1] as number) : null };
}

/** Ranks the entries by `metric` in its better direction; unknown values last; ties by label. */
export function buildLeaderboard(
  entries: readonly LeaderboardEntry[],
  metric: RankMetric,
  filters: LeaderboardFilters,
  groupBy: GroupField | null,
  top?: number,
): Leaderboard {
  const { kept, excluded } = applyFilters(entries, filters);
  const higher = HIGHER.has(metric);
  const ranked = [...kept].sort((a, b) => {
    const x = value(a, metric);
    const y = value(b, metric);
    if (x === null || y === null) return x === null && y === null ? a.label.localeCompare(b.label) : x === null ? 1 : -1;
    return x !== y ? (higher ? y - x : x - y) : a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
  });
  const groups = new Map<string | null, (number | null)[]>();
  for (const e of ranked) {
    const key = groupBy === null ? null : e[groupBy];
    groups.set(key, [...(groups.get(key) ?? []), value(e, metric)]);
  }
  const stats = [...groups]
    .map(([g, vs]) => statsOf(g, vs))
    .sort((a, b) => (a.mean === null ? 1 : b.mean === null ? -1 : higher ? b.mean - a.mean : a.mean - b.mean));
  return { metric, higherIsBetter: higher, entries: top === undefined ? ranked : ranked.slice(0, top), excluded, groupBy, stats };
}
