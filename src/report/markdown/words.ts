/**
 * The words and numbers the markdown report uses for gates and sides, shared by its sections so a
 * gate reads the same in the table, the reason line and the release checklist.
 */
import type { Measure } from '../../adapters/recorded.js';
import { records } from '../../adapters/registry.js';
import type { Comparison } from '../../analysis/compare.js';
import type { GateName } from '../../analysis/rlm/gates.js';
import { rowsWith } from '../../schema/packed-rows.js';
import { deltaNearThreshold, pyFixed, signed } from '../../stats/format.js';
import { untrusted } from './markdown.js';

/** Compact threshold: shortest fixed form up to `digits`, signed: 0 → "+0", -0.05 → "−0.05". */
export function compact(x: number, digits: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+∞' : '−∞';
  const s = signed(x, digits)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return s;
}

export const pp = (fraction: number, digits = 1): string => `${signed(fraction * 100, digits)} pp`;
export const percent = (fraction: number): string => `${pyFixed(fraction * 100, 1)}%`;

/** How the two sides are called in sentences: the one differing dimension's values, else generic. */
export function sideNames(cmp: Comparison): { baseline: string; candidate: string } {
  const only = cmp.differences.length === 1 ? cmp.differences[0] : undefined;
  if (only) {
    return {
      baseline: only.baseline === null ? '*(none)*' : untrusted(only.baseline),
      candidate: only.candidate === null ? '*(none)*' : untrusted(only.candidate),
    };
  }
  return { baseline: 'the baseline', candidate: 'the candidate' };
}

/**
 * Which side does not record a measure (its 0s are unknown, never 0): `calls` and `steps` by the
 * summary's format (adapters/recorded.ts), `tokens` (and `calls`) when no case row carries usage and
 * the run reports no usage totals.
 */
export function unknownSides(cmp: Comparison, measure: Measure | 'tokens'): { baseline: boolean; candidate: boolean; text: string | null } {
  const unknown = (side: 'baseline' | 'candidate'): boolean => {
    const s = cmp[side].summary;
    if (measure !== 'tokens' && !records(s, measure)) return true;
    if (measure === 'steps') return false;
    // Usage is known from a row that carries it, or from the run's own totals (rlm-code writes them).
    return s.reported.usage_totals === null && rowsWith(cmp[side].rows, 'usage') === 0;
  };
  const b = unknown('baseline');
  const c = unknown('candidate');
  const what = measure === 'calls' ? 'LLM calls' : measure;
  const text = b && c ? `neither run records ${what}` : b ? `the baseline does not record ${what}` : c ? `the candidate does not record ${what}` : null;
  return { baseline: b, candidate: c, text };
}

export interface GateLine {
  gate: GateName;
  label: string;
  /** The CodeMode promotion protocol's name for the item in its release checklist. */
  checklist: string;
  /** The change as shown, e.g. "+0.0500" or "−5.0 pp". */
  change: string;
  /** The rule, e.g. "≥ +0" or "= 0". */
  rule: string;
  passed: boolean;
  /** Why the gate is not judged (a run does not record its measure); null when it is. */
  notJudged: string | null;
}

/** One line per gate, in rlm-code's gate order. */
export function gateLines(cmp: Comparison): GateLine[] {
  const { deltas, gates, case_summary } = cmp.rlm;
  const t = cmp.thresholds;
  const steps = unknownSides(cmp, 'steps').text;
  const lines: Omit<GateLine, 'notJudged'>[] = [
    {
      gate: 'reward',
      label: 'Reward (mean)',
      checklist: 'Reward delta',
      change: deltaNearThreshold(deltas.avg_reward, t.min_reward_delta, 4),
      rule: `≥ ${compact(t.min_reward_delta, 4)}`,
      passed: gates.reward,
    },
    {
      gate: 'completion',
      label: 'Completion rate',
      checklist: 'Completion delta',
      change: `${deltaNearThreshold(deltas.completion_rate, t.min_completion_delta, 1, 100)} pp`,
      rule: `≥ ${compact(t.min_completion_delta * 100, 2)} pp`,
      passed: gates.completion,
    },
    {
      gate: 'steps',
      label: 'Steps (mean)',
      checklist: 'Steps increase',
      change: deltaNearThreshold(deltas.avg_steps_increase, t.max_steps_increase, 2),
      rule: `≤ ${compact(t.max_steps_increase, 4)}`,
      passed: gates.steps,
    },
    {
      gate: 'completion_regressions',
      label: 'Completion regressions',
      checklist: 'Completion regressions',
      change: String(case_summary.completion_regressions),
      rule: !t.fail_on_completion_regression ? 'not gated' : cmp.flaky_regressions !== null ? `= 0; ${flakyWords(cmp.flaky_regressions)}` : '= 0',
      passed: gates.completion_regressions || cmp.flaky_regressions !== null,
    },
  ];
  // A run that does not record steps has 0 in every case: a steps gate on it would judge nothing.
  return lines.map((l) => ({ ...l, notJudged: l.gate === 'steps' && steps !== null && gates.steps ? `not judged: ${steps}` : null }));
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** Why regressions that are all flaky on main do not hold by themselves (`flaky_below`). */
export function flakyWords(f: { below: number; cases: string[] }): string {
  const one = f.cases.length === 1;
  return `${one ? 'it passes' : 'each passes'} less than ${Math.round(f.below * 10000) / 100}% of main's runs: no hold by ${one ? 'itself' : 'themselves'}`;
}

/** Why a failed gate failed, in one sentence. */
export function gateReason(cmp: Comparison, line: GateLine): string {
  const names = sideNames(cmp);
  switch (line.gate) {
    case 'reward':
      return `mean reward changed by ${line.change} (rule ${line.rule}).`;
    case 'completion':
      return `completion rate changed by ${line.change} (rule ${line.rule}).`;
    case 'steps':
      return `mean steps changed by ${line.change} (rule ${line.rule}).`;
    case 'completion_regressions': {
      const n = cmp.rlm.case_summary.completion_regressions;
      return `${n} ${plural(n, 'case', 'cases')} that completed with ${names.baseline} no longer ${plural(n, 'completes', 'complete')} with ${names.candidate}.`;
    }
  }
}

/** A leading minus as the true minus sign (U+2212). */
const trueMinus = (s: string): string => (s.charCodeAt(0) === 0x2d ? `−${s.slice(1)}` : s);
/** Reward with rlm-code's markdown precision (3 dp). */
export const reward3 = (x: number): string => trueMinus(pyFixed(x, 3));
/** A mean reward as rlm-code stores it (4 dp). */
export const reward4 = (x: number): string => trueMinus(pyFixed(x, 4));

/** Case ids inline as code spans, at most `max` of them. */
export function idList(ids: readonly string[], max = 20): string {
  const shown = ids.slice(0, max).map((id) => untrusted(id, { maxLength: 80 }));
  return ids.length > max ? `${shown.join(', ')} … and ${ids.length - max} more` : shown.join(', ');
}
