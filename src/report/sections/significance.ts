/**
 * The markdown for the `significant` decision policy: the reason lines and the gate table with
 * estimates, confidence bounds and p-values ("~" where a change is not significant, benchstat's
 * convention), and a line saying how the evidence was tested.
 */
import type { Comparison } from '../../analysis/compare.js';
import type { GateTest, SignificanceResult } from '../../analysis/model.js';
import type { GateName } from '../../analysis/rlm/gates.js';
import { grouped, pyFixed, signed } from '../../stats/format.js';
import { table, untrusted } from '../markdown/markdown.js';
import { compact, percent, reward4 } from '../markdown/words.js';

const LABEL: Record<GateName, string> = {
  reward: 'Reward (mean)',
  completion: 'Completion rate',
  steps: 'Steps (mean)',
  completion_regressions: 'Completion regressions',
};
const ICON = { pass: '✅', fail: '❌', inconclusive: '❔' } as const;

/** A value of a gate's scale: reward 4 dp, completion in percentage points, steps 2 dp. */
export function change(gate: GateName, x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+∞' : '−∞';
  if (gate === 'completion' || gate === 'completion_regressions') return `${signed(x * 100, 1)} pp`;
  return signed(x, gate === 'reward' ? 4 : 2);
}

function level(g: GateName, x: number | null): string {
  if (x === null) return '';
  return g === 'completion' ? percent(x) : g === 'reward' ? reward4(x) : pyFixed(x, 2);
}

/**
 * A confidence level in percent, as a whole number (95, 99); a level that would round to 100 (the
 * nominal level of an early sequential round, 99.966) keeps the decimals that tell it from 100.
 */
export function levelPercent(confidence: number): string {
  const whole = Math.round(confidence * 100);
  if (whole < 100) return String(whole);
  const decimals = Math.min(12, Math.max(1, Math.ceil(-Math.log10(1 - confidence)) - 1));
  return (Math.floor(confidence * 100 * 10 ** decimals) / 10 ** decimals).toFixed(decimals);
}

/** A p-value as benchstat shows it: 3 significant places, "<0.001" below. */
export function pValue(p: number): string {
  if (p < 0.001) return 'p<0.001';
  return `p=${pyFixed(p, p < 0.01 ? 4 : 3)
    .replace(/0+$/, '')
    .replace(/\.$/, '')}`;
}

/** A gate's rule as the table shows it: `≥ +0 pp, margin 5 pp`. */
export function rule(t: GateTest): string {
  const size = t.gate === 'reward' ? compact(t.margin, 4) : `${compact(t.margin * 100, 2)} pp`;
  const margin = t.margin > 0 ? `, margin ${size.replace(/^\+/, '')}` : '';
  if (t.gate === 'completion_regressions') return t.gated ? `no more cases worse than better${margin}` : 'not gated';
  const op = t.direction === 'at_least' ? '≥' : '≤';
  return t.gate === 'completion' ? `${op} ${compact(t.threshold * 100, 2)} pp${margin}` : `${op} ${compact(t.threshold, 4)}${margin}`;
}

function bounds(t: GateTest): string {
  if (t.gate === 'completion_regressions') return '';
  return `${change(t.gate, t.lower)} … ${change(t.gate, t.upper)}`;
}

function changeCell(t: GateTest): string {
  if (t.gate === 'completion_regressions') {
    const shown = `${t.regressed ?? 0} worse, ${t.improved ?? 0} better`;
    return t.significant ? shown : `~ (${shown})`;
  }
  const shown = change(t.gate, t.estimate);
  return t.significant ? shown : `~ (${shown})`;
}

export function significanceTable(s: SignificanceResult, notJudged: Partial<Record<GateName, string>> = {}): string[] {
  const pct = levelPercent(s.confidence);
  const rows = s.gates.map((t) => {
    // A measure a run does not record (steps of a test report) is 0 in every case: nothing to test.
    const why = t.status === 'pass' ? notJudged[t.gate] : undefined;
    if (why !== undefined) return [LABEL[t.gate], 'unknown', 'unknown', '', '', '', `${rule(t)}; ${why}`, '➖'];
    return [LABEL[t.gate], level(t.gate, t.baseline), level(t.gate, t.candidate), changeCell(t), bounds(t), pValue(t.p_change), rule(t), ICON[t.status]];
  });
  return table(
    ['Gate', 'Baseline', 'Candidate', 'Change', `${pct}% bounds`, 'p', 'Rule', ''],
    ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'center'],
    rows,
  );
}

/** How the evidence was tested, in one line under the table. */
export function methodLine(s: SignificanceResult): string {
  const pct = levelPercent(s.confidence);
  const trials =
    s.trials.baseline === 1 && s.trials.candidate === 1 ? 'one trial per side' : `${s.trials.baseline} baseline and ${s.trials.candidate} candidate trials`;
  if (s.method === 'cluster-robust') return clusterRobustLine(s, trials, pct);
  if (s.method === 'variance-components') return varianceComponentsLine(s, trials, pct);
  const flips = s.method === 'exact' ? `all ${grouped(s.patterns)} sign patterns` : `${grouped(s.patterns - 1)} seeded sign patterns`;
  const names = s.closed_form.map(lower);
  const listed = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] as string}`;
  const closed = names.length === 0 ? '' : ` (${listed}: the exact binomial form of that test, McNemar's at a zero threshold)`;
  return (
    `<sub>Paired over ${grouped(s.cases)} cases (${trials}), ${s.cluster.note}; sign-flip randomization test over ${flips}${closed}. ` +
    `A gate fails when the data show it violated at ${pct}% confidence (adjusted across gates), passes when they show it holds${s.gates.some((g) => g.margin > 0) ? ' within its margin' : ''}, else it is undecided (❔).${rewardMarginSentence(s)} ` +
    `~: the change is not significant (p = two-sided, change ≠ 0).</sub>`
  );
}

/** Where the reward gate's margin comes from (margins.ts: a share of the baseline's scale by default), as a sentence; empty without one. */
function rewardMarginSentence(s: SignificanceResult): string {
  const t = s.gates.find((g) => g.gate === 'reward');
  return t === undefined || !t.gated || !(t.margin > 0) ? '' : ` Reward margin: ${t.margin_basis}.`;
}

/** The method line when few clusters are the units: the cluster-robust t test. */
function clusterRobustLine(s: SignificanceResult, trials: string, pct: string): string {
  return (
    `<sub>Paired over ${grouped(s.cases)} cases (${trials}), ${s.cluster.note}; cluster-robust t test over the ${grouped(s.cluster.units)} groups (CR2 variance, Bell–McCaffrey degrees of freedom; ${grouped(s.patterns)} seeded draws adjust across the gates). ` +
    `A gate fails when the data show it violated at ${pct}% confidence (adjusted across gates), passes when they show it holds${s.gates.some((g) => g.margin > 0) ? ' within its margin' : ''}, else it is undecided (❔).${rewardMarginSentence(s)} ` +
    `~: the change is not significant (p = two-sided, change ≠ 0).</sub>`
  );
}

/** The method line when the trials give the per-run group noise: a t test with cases as units and that variance added. */
function varianceComponentsLine(s: SignificanceResult, trials: string, pct: string): string {
  return (
    `<sub>Paired over ${grouped(s.cases)} cases (${trials}), ${s.cluster.note}; t test on the mean change with that variance added to the cases' own (Satterthwaite degrees of freedom; ${grouped(s.patterns)} seeded draws adjust across the gates). ` +
    `A gate fails when the data show it violated at ${pct}% confidence (adjusted across gates), passes when they show it holds${s.gates.some((g) => g.margin > 0) ? ' within its margin' : ''}, else it is undecided (❔).${rewardMarginSentence(s)} ` +
    `~: the change is not significant (p = two-sided, change ≠ 0).</sub>`
  );
}

/** A gate's name in a sentence. */
export const lower = (g: GateName): string => LABEL[g].replace(/ \(mean\)$/, '').toLowerCase();

/** Why a failed gate failed, in one sentence. */
export function failSentence(t: GateTest, s: SignificanceResult): string {
  const pct = levelPercent(s.confidence);
  if (t.gate === 'completion_regressions') {
    return `${t.regressed ?? 0} cases got worse and ${t.improved ?? 0} better: more worse than better beyond chance (adjusted ${pValue(t.p_violated_adjusted)}).`;
  }
  const bound = t.direction === 'at_least' ? `at best ${change(t.gate, t.upper)}` : `at least ${change(t.gate, t.lower)}`;
  const name = lower(t.gate);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} changed by ${change(t.gate, t.estimate)}, ${bound} at ${pct}% confidence (rule ${rule(t)}; adjusted ${pValue(t.p_violated_adjusted)}).`;
}

/** What would decide an undecided gate, for the stated effect (sizing.ts): units, or trials per side. */
export function decideWords(t: GateTest, s: SignificanceResult): string {
  const unit = s.cluster.field === null ? 'cases' : `${s.cluster.field} clusters`;
  const z = t.sizing;
  if (z === null || t.units_needed === null) return 'its noise cannot be sized';
  const effect = change(t.gate === 'completion_regressions' ? 'completion' : t.gate, z.effect).replace(/^\+/, '');
  const what = z.decides === 'fail' ? `a drop of ${effect}` : `an equal candidate within the ${effect} ${t.margin > 0 ? 'margin' : 'tolerance'}`;
  const trials = z.trials === null ? '' : `, or ${grouped(z.trials)} trials per side at ${grouped(s.cases)} cases`;
  if (t.units_needed > 100 * s.cluster.units) return `showing ${what} with 80% power would take over 100 times the ${unit}${trials}`;
  return `about ${grouped(t.units_needed)} ${unit} at this noise show ${what} with 80% power${trials}`;
}

/** An undecided gate in a few words: its change, its range, what would decide it. */
function undecidedPart(t: GateTest, s: SignificanceResult): string {
  const est =
    t.gate === 'completion_regressions'
      ? `${t.regressed ?? 0} worse, ${t.improved ?? 0} better`
      : `${change(t.gate, t.estimate)}, could be ${change(t.gate, t.lower)} to ${change(t.gate, t.upper)}`;
  return `${lower(t.gate)} (${est}; ${decideWords(t, s)})`;
}

/** The smallest detectable distances from the thresholds, for the gates that have one. */
function detectable(gates: readonly GateTest[]): string {
  const parts = gates
    .filter((t) => t.minimum_detectable !== null && t.gate !== 'completion_regressions')
    .map((t) => `${change(t.gate, t.minimum_detectable as number).replace(/^\+/, '')} in ${lower(t.gate)}`);
  return parts.length === 0 ? '' : ` With 80% power this suite detects a distance from the threshold of ${parts.join(', ')}.`;
}

/** The reason lines of a significant comparison, as the report's second paragraph. */
export function significanceReasons(cmp: Comparison, s: SignificanceResult): string[] {
  const pct = levelPercent(s.confidence);
  const failed = s.gates.filter((g) => g.status === 'fail');
  const undecided = s.gates.filter((g) => g.status === 'inconclusive');
  const out: string[] = [];
  if (failed.length > 0) out.push(`**${failed.length} of 4 gates failed at ${pct}% confidence:** ${failed.map((g) => failSentence(g, s)).join(' ')}`);
  if (undecided.length > 0) {
    const onThreshold = undecided.some((t) => t.estimate === t.threshold && t.margin === 0);
    const hint = onThreshold
      ? ' A gate on its threshold with no margin is decided only by a real difference: a margin such as --completion-margin 0.05 lets an equal candidate pass.'
      : '';
    out.push(
      `**${undecided.length} of 4 gates undecided at ${pct}% confidence:** ${undecided.map((t) => undecidedPart(t, s)).join(', ')}.${detectable(undecided)}${hint}`,
    );
  }
  if (failed.length === 0 && undecided.length === 0) out.push(`**All 4 gates shown to hold at ${pct}% confidence.**`);
  const apart = s.heterogeneity;
  if (apart !== null) {
    const name = `${untrusted(apart.field, { maxLength: 80 })} ${untrusted(apart.group, { maxLength: 80 })}`;
    out.push(
      `**One group moved apart:** completion changed by ${change('completion', apart.change)} in ${name} (${apart.cases} cases) against ${change('completion', apart.rest)} in the other groups, ` +
        `beyond chance at ${pct}% (Welch z ${pyFixed(apart.z, 1).replace('-', '−')}, Bonferroni over the groups); the mean change hides it. A slice by ${untrusted(apart.field, { maxLength: 80 })} gates on it.`,
    );
  }
  const blocking = cmp.blocking_findings;
  if (blocking.length > 0) {
    const word = blocking.length === 1 ? 'finding holds' : 'findings hold';
    out.push(`**${blocking.length} integrity ${word} the verdict:** ${blocking.map((f) => f.message).join(' ')}`);
  }
  return [out.join('<br>\n')];
}

/** Cases whose success rate fell across trials, with pass@k and pass^k; "~" when within the case's noise. */
/** The cases that completed less often across repeated trials; `onMain`: each one's behaviour on main (a noise profile), in a last column. */
export function declinesTable(s: SignificanceResult, cell: (id: string) => string, onMain: ((id: string) => string) | null = null): string[] {
  if (s.declines.length === 0) return [];
  const rate = (x: { trials: number; successes: number }): string => `${x.successes}/${x.trials}`;
  const two = (x: number): string => pyFixed(x, 2);
  const rows = s.declines.map((d) => [
    cell(d.case_id),
    rate(d.baseline),
    rate(d.candidate),
    `${two(d.baseline.pass_at_k)} → ${two(d.candidate.pass_at_k)}`,
    `${two(d.baseline.pass_hat_k)} → ${two(d.candidate.pass_hat_k)}`,
    d.within_noise ? `~ (${pValue(d.p)})` : pValue(d.p),
    ...(onMain === null ? [] : [onMain(d.case_id)]),
  ]);
  const noisy = s.declines.filter((d) => d.within_noise).length;
  return [
    `**Cases that completed less often** (${s.declines.length}; ${noisy} within their own noise, marked ~)`,
    '',
    ...table(
      ['Case', 'Baseline', 'Candidate', 'pass@k', 'pass^k', 'Fisher p', ...(onMain === null ? [] : ['On main'])],
      ['left', 'right', 'right', 'right', 'right', 'right', ...(onMain === null ? [] : (['left'] as const))],
      rows,
    ),
    '',
  ];
}
