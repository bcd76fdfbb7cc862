/**
 * The report's table of github-action-benchmark benchmarks: each benchmark's values, its ratio
 * candidate / baseline and how much worse it got in the format's direction, then the geometric mean.
 */
import type { BenchmarkComparison } from '../../analysis/custom-gates/benchmark-ratios.js';
import { table, untrusted } from '../markdown/markdown.js';

/** A value as the file wrote it (recovered from a log: rounded to 12 significant digits). */
const value = (x: number): string => String(Number(x.toPrecision(12)));
const signedPct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;

export function benchmarksSection(b: BenchmarkComparison | undefined): string[] {
  if (b === undefined || b.benchmarks.length === 0) return [];
  const tol = `${(b.tolerance * 100).toFixed(1)}%`;
  const rows = b.benchmarks.map((x) => [
    untrusted(x.case_id, { inTable: true, maxLength: 80 }),
    value(x.baseline),
    value(x.candidate),
    `×${x.ratio.toFixed(3)}`,
    signedPct(x.worse_factor - 1),
    x.beyond_tolerance ? '❌' : '✅',
  ]);
  if (b.direction === 'per-task') {
    // lm-eval aggregates: scores on each task's own metric range; a drop in points, no run-level mean.
    const pts = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
    const taskRows = b.benchmarks.map((x, i) => [
      rows[i]?.[0] ?? '',
      value(x.baseline),
      value(x.candidate),
      pts(x.worse_factor - 1),
      x.beyond_tolerance ? '❌' : '✅',
    ]);
    return [
      `**Tasks** (each judged on its own metric, never through a mean of unlike scales; a drop beyond ${(b.tolerance * 100).toFixed(1)} points holds)`,
      '',
      ...table(['Task', 'Baseline', 'Candidate', 'Worse by (points)', ''], ['left', 'right', 'right', 'right', 'center'], taskRows),
      '',
    ];
  }
  rows.push(['**Geometric mean**', '', '', '', signedPct(b.geomean_worse_factor - 1), b.geomean_beyond_tolerance ? '❌' : '✅']);
  return [
    `**Benchmarks** (${b.direction} is better; each compared by its own ratio, as github-action-benchmark does; tolerance ${tol})`,
    '',
    ...table(['Benchmark', 'Baseline', 'Candidate', 'Ratio', 'Worse by', ''], ['left', 'right', 'right', 'right', 'right', 'center'], rows),
    '',
  ];
}
