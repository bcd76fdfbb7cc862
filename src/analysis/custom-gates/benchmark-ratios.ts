/**
 * github-action-benchmark files compared as that action compares them: each benchmark by its own
 * ratio candidate / baseline, never by a mean of raw values (the benchmarks of one file are in
 * different units and magnitudes: a mean lets a 5 % gain on a large number outvote a 2× loss on a
 * small one). A benchmark's "worse factor" is the action's ratio in the format's direction
 * (baseline / candidate when bigger is better, candidate / baseline when smaller is; 0 and 0 is 1);
 * the run-level figure is the geometric mean of the worse factors. A benchmark, or the run's
 * geometric mean, worse by more than the tolerance holds the verdict (finding benchmark-regression).
 *
 * The adapter stores each benchmark's reward as ±ln(value) (github-action-benchmark.ts), so the
 * rewards are logs of values: the mean reward delta is the log of the geometric mean ratio, and the
 * worse factor of a benchmark is exp(baseline reward − candidate reward).
 */
import { type BenchmarkDirection, formatFacts } from '../../adapters/registry.js';
import type { FindingDraft } from '../integrity/findings.js';
import type { CaseRowList } from '../rlm/pair.js';

/** 10 %: CI runners vary by a few percent run to run; github-action-benchmark's own default (200 %) lets a 2× slowdown through. */
export const DEFAULT_BENCHMARK_TOLERANCE = 0.1;

/**
 * 2 points of a task's metric range for lm-eval aggregates: the standard error of a 1,000-document
 * accuracy near 0.5 is about 1.6 points, and an 8-point loss on a task must hold.
 */
export const DEFAULT_TASK_TOLERANCE = 0.02;

/**
 * `per-task`: lm-evaluation-harness aggregates (format `lm-eval-results`), one case per task whose
 * reward the adapter put on the task's own metric range, higher better (adapters/formats/lm-eval.ts):
 * each task is judged by its own drop in points, never through a mean of unlike scales.
 */
export type { BenchmarkDirection };

/**
 * The direction of a summary's format (its registry entry's `benchmarkDirection`), or null when its
 * cases are not each a benchmark of its own.
 */
export function benchmarkDirection(format: string): BenchmarkDirection | null {
  return formatFacts(format).benchmarkDirection ?? null;
}

/** How much worse a case got, as a factor above 1: a ratio of values, or 1 + a drop in points. */
function worseFactor(direction: BenchmarkDirection, baselineReward: number, candidateReward: number): number {
  const drop = baselineReward - candidateReward;
  return direction === 'per-task' ? 1 + drop : Math.exp(drop);
}

export interface BenchmarkRatio {
  case_id: string;
  /** The values as the files give them (recovered from the rewards: exact to about 15 digits). */
  baseline: number;
  candidate: number;
  /** candidate / baseline. */
  ratio: number;
  /** github-action-benchmark's ratio in the format's direction: above 1 is worse (1.25 = 25 % worse). */
  worse_factor: number;
  /** worse_factor − 1 above the tolerance. */
  beyond_tolerance: boolean;
}

export interface BenchmarkComparison {
  direction: BenchmarkDirection;
  /** How much worse a benchmark (and the geometric mean) may get: 0.1 = a worse factor up to 1.1. */
  tolerance: number;
  /** The benchmarks on both sides, in report order. */
  benchmarks: BenchmarkRatio[];
  /** Geometric mean of the worse factors; 1 when no benchmark is on both sides. */
  geomean_worse_factor: number;
  geomean_beyond_tolerance: boolean;
  /** Ids of the benchmarks beyond the tolerance. */
  worse: string[];
}

/** Tolerances are compared with a little slack so that 1.1 / 1.0 is not "beyond 10 %" by rounding. */
const SLACK = 1e-9;

/** The comparison of two github-action-benchmark runs of one direction; null for any other pair. */
export function compareBenchmarks(baselineFormat: string, candidateFormat: string, rows: CaseRowList, given: number | undefined): BenchmarkComparison | null {
  const direction = benchmarkDirection(baselineFormat);
  if (direction === null || benchmarkDirection(candidateFormat) !== direction) return null;
  const tolerance = given ?? (direction === 'per-task' ? DEFAULT_TASK_TOLERANCE : DEFAULT_BENCHMARK_TOLERANCE);
  // Per task the rewards are the scores themselves; otherwise logs of the values (±ln).
  const valueOf = (reward: number): number => (direction === 'per-task' ? reward : Math.exp((direction === 'bigger' ? 1 : -1) * reward));
  const benchmarks: BenchmarkRatio[] = [];
  let dropSum = 0;
  for (const r of rows) {
    if (!r.in_baseline || !r.in_candidate) continue;
    dropSum += r.baseline_reward - r.candidate_reward;
    const worse = worseFactor(direction, r.baseline_reward, r.candidate_reward);
    const [baseline, candidate] = [valueOf(r.baseline_reward), valueOf(r.candidate_reward)];
    benchmarks.push({
      case_id: r.case_id,
      baseline,
      candidate,
      ratio: baseline === 0 && candidate === 0 ? 1 : candidate / baseline,
      worse_factor: worse,
      beyond_tolerance: worse - 1 > tolerance + SLACK,
    });
  }
  const mean = benchmarks.length === 0 ? 0 : dropSum / benchmarks.length;
  const geomean = direction === 'per-task' ? 1 + mean : Math.exp(mean);
  return {
    direction,
    tolerance,
    benchmarks,
    geomean_worse_factor: geomean,
    // Per task there is no run-level figure to hold on: the tasks' scales differ.
    geomean_beyond_tolerance: direction !== 'per-task' && geomean - 1 > tolerance + SLACK,
    worse: benchmarks.filter((b) => b.beyond_tolerance).map((b) => b.case_id),
  };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
/** A drop in points of a metric's range (0.025 → "2.5 points"). */
const points = (x: number): string => `${(x * 100).toFixed(1)} points`;

/** The benchmark-regression finding: the benchmarks (and the geometric mean) beyond the tolerance. */
export function benchmarkFindings(b: BenchmarkComparison | null): FindingDraft[] {
  if (b === null || (b.worse.length === 0 && !b.geomean_beyond_tolerance)) return [];
  const parts: string[] = [];
  if (b.worse.length > 0) {
    const n = b.worse.length;
    const worst = Math.max(...b.benchmarks.filter((x) => x.beyond_tolerance).map((x) => x.worse_factor));
    if (b.direction === 'per-task')
      parts.push(
        `${n} task${n === 1 ? '' : 's'} got worse on ${n === 1 ? 'its' : 'their'} own metric by more than the tolerance of ${points(b.tolerance)} (the worst by ${points(worst - 1)}): ${[...b.worse].sort().join(', ')}`,
      );
    else parts.push(`${n} benchmark${n === 1 ? '' : 's'} got worse by more than the tolerance of ${pct(b.tolerance)} (the worst by ${pct(worst - 1)})`);
  }
  if (b.geomean_beyond_tolerance)
    parts.push(`the geometric mean of the ratios is ${pct(b.geomean_worse_factor - 1)} worse, beyond the tolerance of ${pct(b.tolerance)}`);
  const text = parts.join('; ');
  return [{ code: 'benchmark-regression', side: 'candidate', message: `${text.charAt(0).toUpperCase()}${text.slice(1)}.`, case_ids: [...b.worse].sort() }];
}
