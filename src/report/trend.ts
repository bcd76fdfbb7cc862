/**
 * The trend under a PR comment: the main metrics of the baseline over the last runs on the base
 * branch, and this PR's candidate, as Mermaid line charts (GitHub renders Mermaid in comments) with
 * the same numbers in a table for readers and screen readers. Every label is a short commit SHA or
 * "PR", checked here: nothing from a summary reaches the chart as text.
 */
import { pyFixed } from '../stats/format.js';
import { details, table } from './markdown/markdown.js';

export interface TrendPoint {
  /** A commit SHA (shown shortened), or null for this PR's candidate. */
  commit: string | null;
  /** ISO time of the run, or null. */
  when: string | null;
  completion_rate: number;
  avg_reward: number;
  /** Null when the run's format does not record steps (JUnit, promptfoo, …): unknown, never 0. */
  avg_steps: number | null;
  /**
   * Shifts found on the branch that start at this run (history/shifts.ts), each as safe text
   * (report/history-report.ts shiftText): the chart marks the run, the table lists them.
   */
  marks?: readonly string[];
}

const sha = (p: TrendPoint): string => (p.commit !== null && /^[0-9a-f]{7,64}$/.test(p.commit) ? p.commit.slice(0, 7) : p.commit === null ? 'PR' : '?');
/** The x-axis label: the short SHA, marked "◆" where a shift starts. */
const label = (p: TrendPoint): string => (p.marks?.length ? `◆ ${sha(p)}` : sha(p));
const finite = (x: number): number => (Number.isFinite(x) ? x : 0);

function chart(
  title: string,
  axis: string,
  points: readonly TrendPoint[],
  value: (p: TrendPoint) => number,
  digits: number,
  range: [number, number] = [-Infinity, Infinity],
): string[] {
  const values = points.map((p) => finite(value(p)));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi === lo ? Math.max(1, Math.abs(hi) * 0.1) : (hi - lo) * 0.15;
  const bound = (x: number): string => pyFixed(Math.min(range[1], Math.max(range[0], x)), digits);
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis [${points.map((p) => `"${label(p)}"`).join(', ')}]`,
    `  y-axis "${axis}" ${bound(lo - pad)} --> ${bound(hi + pad)}`,
    `  line [${values.map((v) => bound(v)).join(', ')}]`,
    '```',
    '',
  ];
}

/** The trend section: folded, charts then the table; nothing when there is no earlier run. */
export function renderTrend(points: readonly TrendPoint[], branch: string): string[] {
  if (points.length < 2) return [];
  const safeBranch = /^[\w./-]{1,100}$/.test(branch) ? branch : 'the base branch';
  const earlier = points.length - 1;
  const marked = points.some((p) => p.marks?.length);
  const body = [
    ...(marked ? ['◆ marks the run where a shift starts (E-divisive means over the branch history; advisory, never a hold).', ''] : []),
    ...chart('Completion rate (%)', '%', points, (p) => p.completion_rate * 100, 1, [0, 100]),
    ...chart('Mean reward', 'reward', points, (p) => p.avg_reward, 3),
    // No steps chart when a run does not record them: a 0 there would be drawn as a real value.
    ...(points.every((p) => p.avg_steps !== null) ? chart('Mean steps', 'steps', points, (p) => p.avg_steps ?? 0, 2) : []),
    ...table(
      ['Run', 'When', 'Completion', 'Reward', 'Steps', ...(marked ? ['Shift starts'] : [])],
      ['left', 'left', 'right', 'right', 'right', ...(marked ? (['left'] as const) : [])],
      points.map((p) => [
        p.commit === null ? '**this PR**' : `\`${sha(p)}\``,
        p.when === null ? '' : p.when.slice(0, 10),
        `${pyFixed(p.completion_rate * 100, 1)}%`,
        pyFixed(p.avg_reward, 4),
        p.avg_steps === null ? 'unknown' : pyFixed(p.avg_steps, 2),
        ...(marked ? [(p.marks ?? []).join('; ')] : []),
      ]),
    ),
  ];
  return details(`Trend: the baseline over the last ${earlier} run${earlier === 1 ? '' : 's'} on <code>${safeBranch}</code>, and this PR`, body);
}
