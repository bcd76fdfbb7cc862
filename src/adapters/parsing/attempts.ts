/**
 * Agent benchmarks that run each task several times in one file (terminal-bench's `--n-attempts`,
 * tau-bench's `--num-trials`): the attempts of one task merged into one case, so that the case is
 * the task on both sides and a regressed task is one row. The attempts stay in `extra.attempts`
 * (each its outcome, error and trajectory reference), with the counts pass@k and pass^k need.
 */
import type { CaseResult } from '../../schema/summary.js';
import { caseOf } from './records-common.js';

/** One attempt of a task as the benchmark wrote it. */
export interface Attempt {
  /** The task it attempted (the case id). */
  task: string;
  /** Solved (reward 1 / resolved); null when the attempt has no verdict (it never reached its tests). */
  solved: boolean | null;
  reward: number;
  /** The tool's own error text (an infrastructure failure, an exception); null when none. */
  error: string | null;
  duration: number | null;
  usage: CaseResult['usage'];
  /** What is kept of the attempt (its trajectory or a reference to it, the tool's own fields). */
  extra: Record<string, unknown>;
}

/** An attempt as its case keeps it in `extra.attempts` (load/attempts.ts reads them back as trials). */
export interface KeptAttempt {
  solved: boolean | null;
  reward: number;
  error: string | null;
  [key: string]: unknown;
}

/** The usage of all attempts; unknown (null) when any attempt's is. */
function sumUsage(usages: readonly CaseResult['usage'][]): CaseResult['usage'] {
  let total = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0, roles: null };
  for (const u of usages) {
    if (u === null) return null;
    total = {
      total_calls: total.total_calls + u.total_calls,
      prompt_tokens: total.prompt_tokens + u.prompt_tokens,
      completion_tokens: total.completion_tokens + u.completion_tokens,
      roles: null,
    };
  }
  return total;
}

/**
 * One case per task, in first-seen order. A single attempt is its case. Several: completed when
 * every attempt solved it (pass^k: a flaky task is not a solved one), the reward the mean reward
 * (pass@1), the error the first failed attempt's error when none solved it, durations and usage
 * summed (usage unknown when any attempt's is).
 */
export function casesOfAttempts(attempts: readonly Attempt[]): CaseResult[] {
  const byTask = new Map<string, Attempt[]>();
  for (const a of attempts) {
    const list = byTask.get(a.task);
    if (list) list.push(a);
    else byTask.set(a.task, [a]);
  }
  return [...byTask].map(([task, list]) => {
    const first = list[0] as Attempt;
    const solved = list.filter((a) => a.solved === true).length;
    const durations = list.map((a) => a.duration);
    if (list.length === 1)
      return caseOf({
        id: task,
        completed: first.solved === true,
        reward: first.reward,
        error: first.error,
        duration_seconds: first.duration,
        usage: first.usage,
        extra: first.extra,
      });
    return caseOf({
      id: task,
      completed: solved === list.length,
      reward: list.reduce((s, a) => s + a.reward, 0) / list.length,
      error: solved === 0 ? (list.find((a) => a.error !== null)?.error ?? null) : null,
      duration_seconds: durations.every((d) => d !== null) ? durations.reduce((s: number, d) => s + (d ?? 0), 0) : null,
      usage: sumUsage(list.map((a) => a.usage)),
      extra: {
        attempts: list.map((a): KeptAttempt => ({ solved: a.solved, reward: a.reward, error: a.error, ...a.extra })),
        n_attempts: list.length,
        n_solved: solved,
      },
    });
  });
}
