/**
 * The markdown for the configuration's own gates: one line in the reason paragraph when a required
 * gate fails or is undecided, and a table of all of them (required and advisory) under the gates.
 */
import type { Comparison } from '../../analysis/compare.js';
import type { MetricGateResult } from '../../analysis/custom-gates/metric-gates.js';
import type { SliceResult } from '../../analysis/custom-gates/slices.js';
import { pyFixed, signed } from '../../stats/format.js';
import { table, untrusted } from '../markdown/markdown.js';
import { pValue } from './significance.js';

const ICON = { pass: '✅', fail: '❌', inconclusive: '❔' } as const;

/** A value with up to 4 significant decimals, for metrics of any scale (tokens, seconds, counts). */
function value(x: number | null): string {
  if (x === null) return '*(unknown)*';
  const digits = Math.abs(x) >= 100 ? 1 : Math.abs(x) >= 1 ? 2 : 4;
  return pyFixed(x, digits).replace(/^-/, '−');
}

function changeOf(g: MetricGateResult): string {
  if (g.change === null) return '';
  const rel = g.baseline !== null && g.baseline !== 0 ? ` (${signed((g.change / Math.abs(g.baseline)) * 100, 1)}%)` : '';
  const abs = Math.abs(g.change) >= 100 ? 1 : Math.abs(g.change) >= 1 ? 2 : 4;
  return `${signed(g.change, abs)}${rel}`;
}

function rule(g: MetricGateResult): string {
  const worse = g.direction === 'lower' ? 'rise' : 'fall';
  if (Number(g.tolerance.replace(/%$/, '')) === 0) return `may not ${worse}`;
  const tol = /%$/.test(g.tolerance) ? g.tolerance : value(Number(g.tolerance));
  return `may ${worse} by ≤ ${tol}`;
}

function basis(g: MetricGateResult): string {
  if (g.basis === 'paired') return `paired, ${pValue(g.p_violated ?? 1)} worse`;
  if (g.basis === 'unknown') return 'a run does not record it';
  return 'run values';
}

export function metricGatesTable(cmp: Comparison): string[] {
  if (cmp.metric_gates.length === 0) return [];
  // A field's name comes from the configuration, not from benchgate: escaped like any outside string.
  const name = (g: MetricGateResult): string => (g.field ? `${untrusted(g.metric, { inTable: true, maxLength: 80 })} (field)` : `\`${g.metric}\``);
  const rows = cmp.metric_gates.map((g) => [name(g), g.level, value(g.baseline), value(g.candidate), changeOf(g), rule(g), basis(g), ICON[g.status]]);
  return [
    '**Gates of the configuration**',
    '',
    ...table(
      ['Metric', 'Level', 'Baseline', 'Candidate', 'Change', 'Rule', 'Judged on', ''],
      ['left', 'left', 'right', 'right', 'right', 'left', 'left', 'center'],
      rows,
    ),
    '',
  ];
}

/** The reason line for the configuration's required gates that failed or are undecided, or none. */
export function metricGatesReason(cmp: Comparison): string[] {
  const out: string[] = [];
  // Slice names carry a group label from the summary: escaped like every untrusted string.
  const names = (xs: readonly string[]): string => xs.map((m) => untrusted(m, { maxLength: 120 })).join(', ');
  if (cmp.failed_metric_gates.length > 0) out.push(`**Required gates of the configuration failed:** ${names(cmp.failed_metric_gates)} (table below).`);
  if (cmp.undecided_metric_gates.length > 0) out.push(`**Required gates of the configuration undecided:** ${names(cmp.undecided_metric_gates)}.`);
  return out;
}

/**
 * A slice's rule cell: its allowance, and under significant the p that it is worse than allowed,
 * adjusted within the comparison's error budget (Holm with the core gates) or marked unadjusted for
 * an advisory slice; a group whose cases move together says why it stays undecided.
 */
function sliceRule(x: SliceResult, allowance: string): string {
  if (!x.judged) return 'too few cases: not judged';
  const rule = `worse by ≤ ${allowance}`;
  if (x.moves_together === true) return `${rule}; its cases move together: one run cannot tell a shock from a change`;
  if (x.p_violated === undefined) return rule;
  return x.p_adjusted === null || x.p_adjusted === undefined
    ? `${rule}; ${pValue(x.p_violated)} (advisory, unadjusted)`
    : `${rule}; adjusted ${pValue(x.p_adjusted)}`;
}

/** One row per group of each slice gate; groups under the minimum size are shown, not judged. */
export function slicesTable(cmp: Comparison): string[] {
  if (cmp.slices.length === 0) return [];
  const shown = (metric: string, x: number): string => (metric === 'completion_rate' ? `${pyFixed(x * 100, 1)}%` : value(x));
  const delta = (metric: string, x: number): string => (metric === 'completion_rate' ? `${signed(x * 100, 1)} pp` : signed(x, Math.abs(x) >= 1 ? 2 : 4));
  const rows = cmp.slices.map((x) => [
    `${untrusted(x.by, { inTable: true, maxLength: 80 })} = ${x.group === null ? '*(none)*' : untrusted(x.group, { inTable: true, maxLength: 80 })}`,
    `\`${x.metric}\``,
    x.level,
    String(x.cases),
    shown(x.metric, x.baseline),
    shown(x.metric, x.candidate),
    delta(x.metric, x.change),
    sliceRule(x, delta(x.metric, x.allowance).replace(/^\+/, '')),
    x.judged ? ICON[x.status] : '—',
  ]);
  return [
    '**Slices**',
    '',
    ...table(
      ['Group', 'Metric', 'Level', 'Cases', 'Baseline', 'Candidate', 'Change', 'Rule', ''],
      ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'left', 'center'],
      rows,
    ),
    '',
  ];
}
