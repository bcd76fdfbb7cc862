/**
 * github-action-benchmark's history: the `data.js` it keeps on the gh-pages branch
 * (`window.BENCHMARK_DATA = {lastUpdate, repoUrl, entries: {<suite>: [{commit, date, tool, benches}]}}`),
 * one entry per push, each with its benchmarks' values. Read as series points for the change-point
 * search: each benchmark is a metric, better in the direction the entry's `tool` gives (as the action
 * itself decides it), and each suite name with its tool is a series of its own.
 */
import { z } from 'zod';

import { formatIssues, throwProblems } from '../adapters/parsing/issues.js';
import { InputError } from '../errors.js';
import type { SeriesPoint } from './shifts.js';

const PREFIX = /^\uFEFF?\s*window\.BENCHMARK_DATA\s*=\s*/;

/** True when a file's first bytes are github-action-benchmark's data.js. */
export function looksLikeBenchmarkData(head: string): boolean {
  return PREFIX.test(head);
}

/** Bigger is better for these tools (github-action-benchmark's `biggerIsBetter`); smaller for the rest it knows. */
const BIGGER = new Set(['benchmarkjs', 'pytest', 'customBiggerIsBetter']);
const SMALLER = new Set(['cargo', 'go', 'benchmarkluau', 'googlecpp', 'catch2', 'julia', 'jmh', 'benchmarkdotnet', 'customSmallerIsBetter']);

const Bench = z.looseObject({
  name: z.string().min(1).max(500),
  value: z.number().refine(Number.isFinite, 'expected a finite number'),
  unit: z.string().max(100).optional(),
});
const Entry = z.looseObject({
  commit: z.looseObject({ id: z.string().min(1).max(100), timestamp: z.string().max(100).nullish() }),
  date: z.number().optional(),
  tool: z.string().max(100),
  benches: z.array(Bench),
});
const Data = z.looseObject({ entries: z.record(z.string().max(500), z.array(Entry)) });

export interface BenchmarkHistory {
  points: SeriesPoint[];
  /** Each benchmark's direction ('higher' or 'lower' is better; null for a tool benchmarkgate does not know). */
  metrics: Record<string, 'higher' | 'lower' | null>;
}

/** Parses data.js text; `where` names the file in errors. Suites are concatenated, each its own series. */
export function parseBenchmarkData(text: string, where: string): BenchmarkHistory {
  const body = text.replace(PREFIX, '').replace(/;?\s*$/, '');
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch (err) {
    throw new InputError(
      `${where}: not github-action-benchmark's data.js (${err instanceof Error ? err.message : String(err)}); expected "window.BENCHMARK_DATA = {...}" with JSON after the "="`,
    );
  }
  const parsed = Data.safeParse(root);
  if (!parsed.success) throwProblems(where, formatIssues(parsed.error.issues, root));
  const points: SeriesPoint[] = [];
  const metrics: BenchmarkHistory['metrics'] = {};
  for (const [suite, entries] of Object.entries(parsed.data.entries)) {
    for (const e of entries) {
      const values: Record<string, number> = {};
      for (const b of e.benches) {
        const name = Object.keys(parsed.data.entries).length > 1 ? `${suite}: ${b.name}` : b.name;
        values[name] = b.value;
        metrics[name] ??= BIGGER.has(e.tool) ? 'higher' : SMALLER.has(e.tool) ? 'lower' : null;
      }
      const when = e.commit.timestamp ?? (e.date === undefined ? null : new Date(e.date).toISOString());
      points.push({ commit: e.commit.id, when, identity: JSON.stringify([suite, e.tool]), values });
    }
  }
  return { points, metrics };
}
