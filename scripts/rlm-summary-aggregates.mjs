/**
 * rlm-code's top-level summary aggregates (`run_benchmark` and `_summarize_distribution`,
 * reference doc section a), recomputed from case rows with the same float operations in the
 * same order, so a generated summary is exactly what rlm-code would have written for its rows.
 */
import { pyRound } from './py-json.mjs';

/**
 * Python's `_percentile`: linear interpolation at `(n - 1) * q` over ascending values.
 * @param {Float64Array} sorted ascending, non-empty.
 * @param {number} q quantile in [0, 1].
 */
function percentile(sorted, q) {
  if (sorted.length === 1) return sorted[0];
  const pos = (sorted.length - 1) * q;
  const lower = Math.floor(pos);
  const upper = Math.ceil(pos);
  if (lower === upper) return sorted[lower];
  const weight = pos - lower;
  return sorted[lower] * (1 - weight) + sorted[upper] * weight;
}

/**
 * `latency_seconds` {avg, p50, p95, p99, max}, each `round(x, 4)`; all 0 for no cases.
 * The mean sums the *sorted* values left to right, as rlm-code does.
 * @param {Float64Array} durations case `duration_seconds`; sorted in place.
 */
export function latencySummary(durations) {
  if (durations.length === 0) return { avg: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  durations.sort();
  let sum = 0;
  for (const value of durations) sum += value;
  return {
    avg: pyRound(sum / durations.length, 4),
    p50: pyRound(percentile(durations, 0.5), 4),
    p95: pyRound(percentile(durations, 0.95), 4),
    p99: pyRound(percentile(durations, 0.99), 4),
    max: pyRound(durations[durations.length - 1], 4),
  };
}

/**
 * Aggregates over rows as `run_benchmark` computes them (no cancellation, so
 * total = attempted = rows). Also returns the exactly-rounded mean reward, so callers can reject
 * the (one in ~10^7) seed whose float-summed mean rounds differently from the exact one: such a
 * file would depend on the summation algorithm (Python 3.12's `sum` is compensated, 3.11's is not).
 * @param {Iterable<object>} rows native case rows.
 * @returns {{fields: object, exactAvgReward: number}} `fields` in rlm-code's key order.
 */
export function summarizeRows(rows) {
  let count = 0,
    completed = 0,
    rewardSum = 0,
    rewardUnits = 0,
    steps = 0;
  const durations = [];
  const usage = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 };
  for (const row of rows) {
    count += 1;
    if (row.completed) completed += 1;
    rewardSum += row.total_reward;
    rewardUnits += Math.round(row.total_reward * 1e4);
    steps += row.steps;
    durations.push(row.duration_seconds);
    if (row.usage && typeof row.usage === 'object') {
      for (const key of Object.keys(usage)) usage[key] += row.usage[key] || 0;
    }
  }
  const fields = {
    total_cases: count,
    attempted_cases: count,
    completed_cases: completed,
    avg_reward: count ? pyRound(rewardSum / count, 4) : 0,
    avg_steps: count ? pyRound(steps / count, 2) : 0,
    latency_seconds: latencySummary(Float64Array.from(durations)),
    usage_totals: usage,
    cancelled: false,
  };
  const exactAvgReward = count ? pyRound(rewardUnits / (count * 1e4), 4) : 0;
  return { fields, exactAvgReward };
}
