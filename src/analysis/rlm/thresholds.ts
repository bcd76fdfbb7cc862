/**
 * The four rlm-code promotion thresholds, under rlm-code's names (so its CLI and config keys carry
 * over unchanged). All deltas are absolute differences candidate − baseline, never relative.
 */
export interface Thresholds {
  /** The candidate's mean reward may fall by at most this much (negative) or must rise by it. */
  min_reward_delta: number;
  /** Same for the completion rate, as a fraction (0.05 = 5 percentage points). */
  min_completion_delta: number;
  /** The mean number of steps may rise by at most this much. */
  max_steps_increase: number;
  /** Hold when any case completed by the baseline is not completed by the candidate. */
  fail_on_completion_regression: boolean;
}

/**
 * rlm-code's recommended release criteria (its docs), not its function signature defaults, which
 * set `max_steps_increase` to 0.0 and so fail any run that takes a single extra step on average.
 */
export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze({
  min_reward_delta: 0.0,
  min_completion_delta: 0.0,
  max_steps_increase: 0.5,
  fail_on_completion_regression: true,
});
