/**
 * The markdown report a PR reviewer reads: the verdict and the one reason that decided it first
 * (sections/lead.ts; issue 45, item 7: a verdict reads in ten seconds), then the gate table and what
 * was compared; the reasons gate by gate, bounds, power, method and the rounds' spend folded under
 * the table; then the regressed cases, missing and new cases and findings; usage, all cases and the
 * CodeMode release checklist folded below. Deterministic: no clock, no locale.
 */
import type { Comparison } from '../analysis/compare.js';
import type { Finding } from '../analysis/integrity/findings.js';
import { rerunWords } from '../analysis/integrity/infrastructure.js';
import { caseCount } from '../schema/loaded.js';
import { pyFixed } from '../stats/format.js';
import { BENCHGATE_VERSION } from '../version.js';
import { acceptanceSection } from './acceptance-report.js';
import { details, table, untrusted } from './markdown/markdown.js';
import { gateLines, gateReason, idList, percent, reward4, sideNames, unknownSides } from './markdown/words.js';
import { benchmarksSection } from './sections/benchmarks.js';
import { allCasesSection, caseSections, releaseChecklist, usageSection } from './sections/cases.js';
import { leadLine } from './sections/lead.js';
import { metricGatesReason, metricGatesTable, slicesTable } from './sections/metric-gates.js';
import { sequentialSection } from './sections/sequential.js';
import { levelPercent, methodLine, significanceReasons, significanceTable } from './sections/significance.js';

export interface MarkdownOptions {
  /** Version in the footer; tests pin it. */
  version?: string;
  /** Heading level of the title line (3 = `###`). */
  headingLevel?: number;
  /** How much to show; smaller tiers fit GitHub's comment and check-run limits (see comment.ts). */
  detail?: ReportDetail;
}

/**
 * `full`: everything. `regressions`: without the folded table of all cases. `verdict`: the verdict,
 * the gate table and the findings, without any case table.
 */
export type ReportDetail = 'full' | 'regressions' | 'verdict';

/** Both runs have cases and none is in both (compare.ts commonCaseFindings). */
function noCaseInCommon(cmp: Comparison): boolean {
  if (cmp.rlm.case_summary.common_cases > 0) return false;
  const rows = cmp.cases.toArray();
  return rows.some((r) => r.in_baseline) && rows.some((r) => r.in_candidate);
}

function headline(cmp: Comparison, level: number): string {
  const names = sideNames(cmp);
  const generic = cmp.differences.length !== 1;
  const cand = generic ? `candidate ${untrusted(cmp.candidate.summary.id)}` : names.candidate;
  const base = generic ? `baseline ${untrusted(cmp.baseline.summary.id)}` : names.baseline;
  const b = cmp.baseline.summary.run.preset;
  const on = b !== null && b === cmp.candidate.summary.run.preset ? ` on ${untrusted(b)}` : '';
  const hashes = '#'.repeat(level);
  if (cmp.blocking_findings.some((f) => f.code === 'not-comparable')) {
    const why = [
      cmp.comparability.differing.some((d) => !d.allowed) ? 'keys that must be equal differ' : null,
      noCaseInCommon(cmp) ? 'they have no case in common' : null,
    ].filter((w) => w !== null);
    return `${hashes} ⛔ Not comparable: ${cand} cannot be judged against ${base}${on}: ${why.join(', and ') || 'see the findings'}`;
  }
  if (cmp.verdict === 'inconclusive' && cmp.infrastructure.rerun)
    return `${hashes} 🔁 Inconclusive, rerun: too many cases failed for infrastructure reasons to judge ${cand} against ${base}${on}`;
  if (cmp.verdict === 'inconclusive') return `${hashes} ❔ Inconclusive: the evidence cannot yet tell whether ${cand} may replace ${base}${on}`;
  return cmp.verdict === 'promote'
    ? `${hashes} ✅ Promote: ${cand} may replace ${base}${on}`
    : `${hashes} ❌ Hold: ${cand} is not ready to replace ${base}${on}`;
}

function reasonLines(cmp: Comparison): string[] {
  const lines = gateReasonLines(cmp);
  if (!(cmp.verdict === 'inconclusive' && cmp.infrastructure.rerun)) return lines;
  const x = cmp.infrastructure;
  const rerun = `**${rerunWords(x).replace(/^rerun/, 'Rerun')}** (more than ${(x.max_share * 100).toFixed(1)}% of a side's cases), so neither hold nor promote: the gates below are for information.`;
  return lines.length === 0 ? [rerun] : [`${rerun}<br>\n${lines[0] as string}`, ...lines.slice(1)];
}

function gateReasonLines(cmp: Comparison): string[] {
  if (cmp.significance !== null) return significanceReasons(cmp, cmp.significance);
  const all = gateLines(cmp);
  const lines = all.filter((l) => l.notJudged === null);
  const skipped = all.filter((l) => l.notJudged !== null).map((l) => ` (${l.label.toLowerCase()} ${l.notJudged ?? ''})`);
  const failed = lines.filter((l) => !l.passed);
  const out: string[] = [];
  if (failed.length === 0) out.push(`**All ${lines.length} gates passed${skipped.join('')}.**`);
  else out.push(`**${failed.length} of ${lines.length} gates failed${skipped.join('')}:** ${failed.map((l) => gateReason(cmp, l)).join(' ')}`);
  const blocking = cmp.blocking_findings;
  if (blocking.length > 0) {
    const s = blocking.length === 1 ? 'finding holds' : 'findings hold';
    out.push(`**${blocking.length} integrity ${s} the verdict:** ${blocking.map((f) => f.message).join(' ')}`);
  } else if (cmp.verdict === 'hold') {
    out.push('No integrity finding blocks.');
  }
  return [out.join('<br>\n')];
}

/** The reason paragraph with the configuration's gates appended, as more `<br>` lines. */
function withMetricReasons(reasons: string[], extra: string[]): string[] {
  if (extra.length === 0) return reasons;
  return [[...reasons, ...extra].join('<br>\n')];
}

function comparedLine(cmp: Comparison): string {
  const b = cmp.baseline.summary;
  const c = cmp.candidate.summary;
  const parts = cmp.differences.map(
    (d) => `${d.label} ${d.baseline === null ? '*(none)*' : untrusted(d.baseline)} → ${d.candidate === null ? '*(none)*' : untrusted(d.candidate)}`,
  );
  if (parts.length === 0) parts.push('nothing differs in mode, harness strategy, MCP server or model');
  const same: string[] = [];
  if (b.run.preset !== null && b.run.preset === c.run.preset) same.push(`preset ${untrusted(b.run.preset)}`);
  else if (b.run.preset !== null || c.run.preset !== null)
    same.push(`preset ${b.run.preset === null ? '*(none)*' : untrusted(b.run.preset)} → ${c.run.preset === null ? '*(none)*' : untrusted(c.run.preset)}`);
  const [bn, cn] = [caseCount(cmp.baseline), caseCount(cmp.candidate)];
  same.push(bn === cn ? `${bn} cases` : `${bn} → ${cn} cases`);
  const model = cmp.differences.some((d) => d.dimension === 'model') ? null : (b.run.model ?? null);
  if (model !== null) same.push(`model ${untrusted(model)}`);
  const server = cmp.differences.some((d) => d.dimension === 'mcp_server') ? null : b.run.mcp_server;
  if (server !== null) same.push(`MCP server ${untrusted(server)}`);
  return `Compared: ${parts.join(', ')} · ${same.join(', ')}`;
}

function gateTable(cmp: Comparison): string[] {
  if (cmp.significance !== null) {
    const notJudged = Object.fromEntries(gateLines(cmp).flatMap((l) => (l.notJudged === null ? [] : [[l.gate, l.notJudged]])));
    return significanceTable(cmp.significance, notJudged);
  }
  const { baseline_metrics: bm, candidate_metrics: cm, case_summary } = cmp.rlm;
  const values: Record<string, [string, string]> = {
    reward: [reward4(bm.avg_reward), reward4(cm.avg_reward)],
    completion: [percent(bm.completion_rate), percent(cm.completion_rate)],
    steps: [pyFixed(bm.avg_steps, 2), pyFixed(cm.avg_steps, 2)],
    completion_regressions: ['', ''],
  };
  const steps = unknownSides(cmp, 'steps');
  if (steps.baseline) values['steps'] = ['unknown', values['steps']?.[1] ?? ''];
  if (steps.candidate) values['steps'] = [values['steps']?.[0] ?? '', 'unknown'];
  const rows = gateLines(cmp).map((l) => {
    const [base, cand] = values[l.gate] ?? ['', ''];
    if (l.notJudged !== null) return [l.label, base, cand, '', `${l.rule}; ${l.notJudged}`, '➖'];
    const change = l.gate === 'completion_regressions' ? `**${l.change}**` : l.change;
    return [l.label, base, cand, change, l.rule, l.passed ? '✅' : '❌'];
  });
  rows.push(['Reward regressions', '', '', String(case_summary.reward_regressions), 'not gated', 'ℹ️']);
  return table(['Gate', 'Baseline', 'Candidate', 'Change', 'Rule', ''], ['left', 'right', 'right', 'right', 'left', 'center'], rows);
}

/** The fingerprint keys that differ, with both values (untrusted: escaped) and whether they may. */
function fingerprintSection(cmp: Comparison): string[] {
  const d = cmp.comparability.differing;
  if (d.length === 0) return [];
  const value = (v: string | null): string => (v === null ? '*(none)*' : untrusted(v, { inTable: true, maxLength: 120 }));
  const rows = d.map((k) => [`\`${k.key}\``, value(k.baseline), value(k.candidate), k.allowed ? 'allowed to differ' : '⛔ must be equal']);
  return ['**Fingerprint**', '', ...table(['Key', 'Baseline', 'Candidate', ''], ['left', 'left', 'left', 'left'], rows), ''];
}

const ICON = { error: '🛑', warning: '⚠️', notice: 'ℹ️' } as const;

function findingLine(f: Finding): string {
  const allowed = f.severity === 'error' && !f.blocking ? ' (allowed, does not hold)' : '';
  const cases = f.case_ids.length > 0 ? ` Cases: ${idList(f.case_ids)}` : '';
  return `- ${ICON[f.severity]} \`${f.code}\`${allowed}: ${f.message}${cases}`;
}

function findingsSection(cmp: Comparison): string[] {
  if (cmp.findings.length === 0) return [];
  return ['**Findings**', '', ...cmp.findings.map(findingLine), '', ...policySection(cmp)];
}

/** Cases whose errors match a policy pattern, with the configuration's explanation when it has one. */
function policySection(cmp: Comparison): string[] {
  const f = cmp.safety.policy_failures;
  if (f.length === 0) return [];
  const rows = f.map((x) => [
    untrusted(x.case_id, { inTable: true, maxLength: 80 }),
    x.side,
    untrusted(x.error, { inTable: true, maxLength: 160 }),
    untrusted(x.pattern, { inTable: true, maxLength: 80 }),
    x.explained === null ? '🛑 unexplained' : `explained: ${untrusted(x.explained, { inTable: true, maxLength: 200 })}`,
  ]);
  return ['**Policy failures**', '', ...table(['Case', 'Run', 'Error', 'Pattern', ''], ['left', 'left', 'left', 'left', 'left'], rows), ''];
}

function footer(cmp: Comparison, version: string): string {
  const b = untrusted(cmp.baseline.summary.id);
  const c = untrusted(cmp.candidate.summary.id);
  const how =
    cmp.significance === null
      ? 'rlm-code-compatible gates'
      : `rlm-code's gates judged on paired evidence at ${levelPercent(cmp.significance.confidence)}% confidence`;
  return `<sub>benchgate ${version} · ${how} · baseline ${b} vs candidate ${c}</sub>`;
}

/** The head-to-head on reward, for formats that have one (multi-hop QA: F1 per example). */
function headToHeadLine(cmp: Comparison): string[] {
  const h = cmp.head_to_head;
  if (h === undefined) return [];
  return [
    `**Head to head** on reward over ${h.common} common cases: the candidate wins ${h.wins}, loses ${h.losses}, ties ${h.ties} (win rate ${pyFixed(h.win_rate * 100, 1)}%, ties counted half).`,
    '',
  ];
}

/**
 * What the lead line leaves out, folded under the gate table: every reason gate by gate (with each
 * undecided gate's bounds and sizing, and the power of the suite), how the evidence was tested, and
 * the sequential rounds with what they spent.
 */
function whyFold(cmp: Comparison): string[] {
  const s = cmp.significance;
  // --sequential needs the significant policy, so the rounds always follow its method.
  const what = `Why, gate by gate${s === null ? '' : ': bounds, power and method'}${cmp.sequential === undefined ? '' : '; rounds and spend'}`;
  const body = [
    ...withMetricReasons(reasonLines(cmp), metricGatesReason(cmp)),
    ...(s === null ? [] : ['', methodLine(s)]),
    ...(cmp.sequential === undefined ? [] : ['', ...sequentialSection(cmp).slice(0, -1)]),
  ];
  return [...details(what, body), ''];
}

/** Renders the markdown report, in full unless `options.detail` says less. */
export function renderMarkdown(cmp: Comparison, options: MarkdownOptions = {}): string {
  const detail = options.detail ?? 'full';
  const lines: string[] = [
    headline(cmp, options.headingLevel ?? 3),
    '',
    leadLine(cmp),
    '',
    ...gateTable(cmp),
    '',
    comparedLine(cmp),
    '',
    ...whyFold(cmp),
    ...acceptanceSection(cmp),
    ...fingerprintSection(cmp),
    ...headToHeadLine(cmp),
    ...benchmarksSection(cmp.benchmarks),
    ...metricGatesTable(cmp),
    ...slicesTable(cmp),
    ...(detail === 'verdict' ? [] : caseSections(cmp)),
    ...findingsSection(cmp),
    ...(detail === 'verdict' ? [] : [...usageSection(cmp), '']),
    ...(detail === 'full' ? [...allCasesSection(cmp), ''] : []),
    ...releaseChecklist(cmp),
    '',
    footer(cmp, options.version ?? BENCHGATE_VERSION),
  ];
  return `${lines.join('\n')}\n`;
}
