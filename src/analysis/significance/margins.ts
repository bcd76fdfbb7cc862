/**
 * Each gate's non-inferiority margin on its metric's own scale (issue 45): the distance within
 * which the significant policy shows a gate to hold (significance.ts reads the resolved numbers).
 *
 * - completion, and the regressions gate it decides: 5 points, absolute: a rate is on its own
 *   scale already (0–1).
 * - reward: by default 5% of the BASELINE's reward scale, so the same "5%" reads alike on rlm-code's
 *   rewards (a sum of per-step rewards each clamped to [−1, 1], so up to 1.4 and more) and on a 0–1
 *   grade. The scale is read from the baseline side only, never the candidate's data, so a candidate
 *   cannot move its own bar; under sequential rounds the caller fixes it at the first look
 *   (sequential-compare.ts), so it does not move between looks either.
 * - steps: no margin. Its threshold (max_steps_increase, default +0.5 steps) is already a tolerance
 *   on its own scale, and no option ever gave it a margin; adding one would loosen a cap users set.
 *
 * The reward scale is the spread of the baseline's rewards between their 5th and 95th percentiles,
 * read over its rows (each trial's row of each case; trials.ts `rowRewards`), not their min–max
 * range: rlm-code writes −1.0 for a case whose executor raised (../shared/reference/
 * rlm-code-format.md, "failure row"), so one failed row out of 400 stretched a 0.00–1.40 range to
 * −1.00–1.40 and the margin from 0.070 to 0.120; the percentiles ignore failures on up to 5% of the
 * rows, and they do not grow with the suite's size as an extreme does. Rows, not per-case means: the
 * means of 3 trials of a 1.0/0.0 reward at 72% success spanned 0.67–1.00 (a margin of 0.017, a
 * third of completion's 5 points on the same outcomes), the rows 0–1. Not a standard deviation: a
 * share of an SD is not the "5 points of its range" that the completion margin is, and on
 * near-binary rewards the SD follows the success rate, not the scale. When 90% or more of the rows
 * tie (a 1.0/0.0 reward at 97% success) the percentiles meet, and the min–max range is used; a
 * constant baseline (or none) has no scale, and the floor is 1 reward unit (rlm-code clamps each
 * step's reward to [−1, 1]), so the margin is then the former absolute 0.05, never 0.
 */
import { grouped } from '../../stats/format.js';
import type { MarginSetting, RewardScale } from '../model.js';
import { GATE_NAMES, type GateName } from '../rlm/gates.js';

/** The defaults: completion and its regressions 5 points absolute, reward 5% of the baseline's scale, steps none. */
export const DEFAULT_MARGIN_SETTINGS: Readonly<Record<GateName, MarginSetting>> = {
  reward: { share: 0.05 },
  completion: 0.05,
  completion_regressions: 0.05,
  steps: 0,
};

/** The percentiles of the baseline's reward rows between which the reward scale is read. */
export const SCALE_PERCENTILES = [0.05, 0.95] as const;
/** The reward scale of a baseline with none (constant, or no measured case): 1 reward unit. */
export const SCALE_FLOOR = 1;

/** A gate's margin: the distance, and in words where it comes from (the report's `margin_basis`). */
export interface ResolvedMargin {
  value: number;
  basis: string;
}

/** Linear interpolation at position (n − 1)·q of ascending values. */
function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return (sorted[lo] as number) + (pos - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

/** The reward scale of the baseline's rewards, its rows (trials.ts `rowRewards`; a value that is not finite is left out). */
export function rewardScale(baselineRewards: ArrayLike<number>): RewardScale {
  const values = Float64Array.from(baselineRewards)
    .filter((x) => Number.isFinite(x))
    .sort();
  const rows = values.length;
  if (rows === 0) return { lo: 0, hi: SCALE_FLOOR, basis: 'floor', rows };
  const lo = quantile(values, SCALE_PERCENTILES[0]);
  const hi = quantile(values, SCALE_PERCENTILES[1]);
  if (hi > lo) return { lo, hi, basis: 'percentiles', rows };
  const min = values[0] as number;
  const max = values[rows - 1] as number;
  if (max > min) return { lo: min, hi: max, basis: 'range', rows };
  return { lo: min, hi: min + SCALE_FLOOR, basis: 'floor', rows };
}

/** The ends of a scale: 2 decimals, more when the span is narrow (a reward on a 0–0.1 scale). */
function ends(lo: number, hi: number): string {
  const span = hi - lo;
  const digits = span > 0 && span < 0.1 ? Math.min(6, 2 - Math.floor(Math.log10(span))) : 2;
  const one = (x: number): string => x.toFixed(digits).replace(/^-/, '−');
  return `${one(lo)} to ${one(hi)}`;
}

/** The margin's own digits: 3 decimals, more when it is small. */
const value3 = (x: number): string => (x !== 0 && Math.abs(x) < 0.01 ? x.toPrecision(2) : x.toFixed(3));

function scaleWords(s: RewardScale): string {
  if (s.basis === 'floor')
    return s.rows === 0
      ? 'reward scale (no measured row: 1 reward unit)'
      : `reward scale (all ${grouped(s.rows)} rows at ${Number(s.lo.toPrecision(6))}: 1 reward unit)`;
  const how = s.basis === 'percentiles' ? `5th–95th percentile of ${grouped(s.rows)} rows` : `min–max of ${grouped(s.rows)} rows`;
  return `reward range ${ends(s.lo, s.hi)} (${how})`;
}

const pct = (share: number): string => `${Number((share * 100).toPrecision(6))}%`;

/** One gate's margin from its setting (absent: the default); `reward` the baseline's scale. */
function resolveOne(gate: GateName, setting: MarginSetting, reward: RewardScale): ResolvedMargin {
  if (typeof setting === 'number') {
    if (gate === 'steps') return { value: setting, basis: setting === 0 ? 'none: the cap max_steps_increase is the tolerance' : `${value3(setting)} steps` };
    if (setting === 0) return { value: 0, basis: '0: shown at least as good' };
    const what = gate === 'reward' ? 'in reward units' : `${Number((setting * 100).toPrecision(6))} points of the rate`;
    return { value: setting, basis: `${value3(setting)} absolute (${what})` };
  }
  const { share } = setting;
  if (gate === 'reward') {
    const value = share * (reward.hi - reward.lo);
    return { value, basis: `${pct(share)} of the baseline's ${scaleWords(reward)} = ${value3(value)}` };
  }
  // A rate is on its own scale (0–1): a share of it is the share itself. Steps have no scale of their own here.
  if (gate === 'steps') throw new RangeError(`the steps gate takes no relative margin, got ${pct(share)}`);
  return { value: share, basis: `${pct(share)} of the rate's scale 0–1 = ${value3(share)}` };
}

/**
 * Each gate's margin: the setting given (absolute numbers stay absolute, shares are of the scale),
 * else the default, with `reward` read from the baseline only ({@link rewardScale}). A margin must
 * be finite and at least 0.
 */
export function resolveMargins(given: Partial<Record<GateName, MarginSetting>> | undefined, reward: RewardScale): Record<GateName, ResolvedMargin> {
  const out = {} as Record<GateName, ResolvedMargin>;
  for (const gate of GATE_NAMES) {
    const setting = given?.[gate] ?? DEFAULT_MARGIN_SETTINGS[gate];
    const raw = typeof setting === 'number' ? setting : setting.share;
    if (!(Number.isFinite(raw) && raw >= 0)) throw new RangeError(`the ${gate} margin must be a finite number of at least 0, got ${raw}`);
    out[gate] = resolveOne(gate, setting, reward);
  }
  return out;
}
