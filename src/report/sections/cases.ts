/**
 * The case-level and folded sections of the markdown report: regressed cases, reward regressions,
 * missing and new cases, usage/latency/safety, all cases, and the release-decision checklist of the
 * CodeMode promotion protocol.
 */
import type { Comparison } from '../../analysis/compare.js';
import type { RunCost } from '../../analysis/custom-gates/cost.js';
import type { UsageStats } from '../../analysis/integrity/usage.js';
import type { NoiseMarks } from '../../analysis/model.js';
import type { CaseRow } from '../../analysis/rlm/pair.js';
import { grouped, pyFixed, signed } from '../../stats/format.js';
import { joinLines } from '../markdown/lines.js';
import { checkbox, details, table, untrusted } from '../markdown/markdown.js';
import { gateLines, idList, reward3, sideNames, unknownSides } from '../markdown/words.js';
import { evidenceSection } from './evidence.js';
import { noiseCell, noiseLine, usedNoise } from './noise.js';
import { declinesTable } from './significance.js';

const cell = (id: string): string => untrusted(id, { inTable: true, maxLength: 80 });

function outcome(completed: boolean, error: string | null, blocked: boolean, notMeasured = false): string {
  // An outage's row (integrity/infrastructure.ts) still counts as rlm-code counts it; the mark says it measured nothing.
  if (error !== null && notMeasured) return `⚠️ outage, not measured: ${untrusted(error, { inTable: true, maxLength: 120 })}`;
  if (error !== null) return `❌ error: ${untrusted(error, { inTable: true, maxLength: 120 })}`;
  if (completed) return '✅ completed';
  return blocked ? '❌ guardrail blocked' : '❌ not completed';
}

/** Each side's cases not measured (outages), by id. */
interface Outages {
  baseline: ReadonlySet<string>;
  candidate: ReadonlySet<string>;
}

const outagesOf = (cmp: Comparison): Outages => ({
  baseline: new Set(cmp.infrastructure.baseline.case_ids),
  candidate: new Set(cmp.infrastructure.candidate.case_ids),
});

/** Whether both runs record steps: otherwise the per-case steps (0s standing for unknown) are left out. */
const stepsKnown = (cmp: Comparison): boolean => unknownSides(cmp, 'steps').text === null;

/** The regressed cases; steps only when both runs record them; with a usable noise profile, each one's behaviour on main in a last column. */
function regressedTable(rows: readonly CaseRow[], steps: boolean, noise: NoiseMarks | null, outages: Outages): string[] {
  const onMain = noise === null ? null : new Map(noise.regressed.map((r) => [r.id, r.noise]));
  return table(
    ['Case', 'Baseline', 'Candidate', 'Reward', ...(steps ? ['Steps'] : []), ...(onMain === null ? [] : ['On main'])],
    ['left', 'left', 'left', 'right', ...(steps ? (['right'] as const) : []), ...(onMain === null ? [] : (['left'] as const))],
    rows.map((r) => [
      cell(r.case_id),
      outcome(r.baseline_completed, r.baseline_error, r.baseline_guardrail_blocked, outages.baseline.has(r.case_id)),
      outcome(r.candidate_completed, r.candidate_error, r.candidate_guardrail_blocked, outages.candidate.has(r.case_id)),
      `${reward3(r.baseline_reward)} → ${reward3(r.candidate_reward)}`,
      ...(steps ? [`${r.baseline_steps} → ${r.candidate_steps}`] : []),
      ...(onMain === null ? [] : [noiseCell(onMain.get(r.case_id))]),
    ]),
  );
}

function missingAndNew(cmp: Comparison): string[] {
  const missing = cmp.cases.filter((r) => r.in_baseline && !r.in_candidate).map((r) => r.case_id);
  const added = cmp.cases.filter((r) => !r.in_baseline && r.in_candidate).map((r) => r.case_id);
  const out: string[] = [];
  if (missing.length > 0) out.push(`**Missing from the candidate (${missing.length}):** ${idList(missing, 50)}`, '');
  if (added.length > 0) out.push(`**New in the candidate, not compared (${added.length}):** ${idList(added, 50)}`, '');
  return out;
}

/** Regressed cases, reward-only regressions (folded), missing and new cases. */
export function caseSections(cmp: Comparison): string[] {
  const out: string[] = [];
  const regressed = cmp.cases.filter((r) => r.completion_regression);
  const sig = cmp.significance;
  if (sig !== null && sig.declines.length > 0) {
    const noise = usedNoise(cmp);
    const onMain = noise === null ? null : new Map(noise.regressed.map((r) => [r.id, r.noise]));
    out.push(...declinesTable(sig, cell, onMain === null ? null : (id) => noiseCell(onMain.get(id))));
  } else if (regressed.length > 0) {
    // Under significant with one trial, a single flip is not evidence on its own: the gates judge them together.
    const title =
      sig === null
        ? '**Regressed cases**'
        : '**Cases completed by the baseline only** (one run per side: each alone may be noise; the gates above judge them together)';
    out.push(title, '', ...regressedTable(regressed, stepsKnown(cmp), usedNoise(cmp), outagesOf(cmp)), '');
  }
  out.push(...noiseLine(cmp));
  out.push(...evidenceSection(cmp));
  const rewardOnly = cmp.cases.filter((r) => r.reward_regression && !r.completion_regression);
  if (rewardOnly.length > 0) {
    const body = table(
      ['Case', 'Reward', 'Change'],
      ['left', 'right', 'right'],
      rewardOnly.map((r) => [cell(r.case_id), `${reward3(r.baseline_reward)} → ${reward3(r.candidate_reward)}`, signed(r.reward_delta, 3)]),
    );
    out.push(...details(`Lower reward, still completed (${rewardOnly.length}, not gated)`, body), '');
  }
  return [...out, ...missingAndNew(cmp)];
}

function change(b: number, c: number): string {
  if (b === c) return '0';
  if (b === 0) return c > 0 ? `+${grouped(c)}` : grouped(c);
  return `${signed(((c - b) / b) * 100, 1)}%`;
}

/** Seconds for display: one decimal from 1 s up, milliseconds below (tool-call suites run fast). */
export function duration(seconds: number, withSign = false): string {
  if (seconds === 0) return '0 s';
  const ms = Math.abs(seconds) < 1;
  const value = ms ? seconds * 1000 : seconds;
  return `${withSign ? signed(value, 1) : pyFixed(value, 1)} ${ms ? 'ms' : 's'}`;
}

function latency(u: UsageStats): string {
  const l = u.latency_seconds;
  return l ? `${duration(l.p50)} / ${duration(l.p95)}` : 'n/a';
}

function latencyChange(b: UsageStats, c: UsageStats): string {
  const lb = b.latency_seconds;
  const lc = c.latency_seconds;
  if (!lb || !lc) return '';
  return `${duration(lc.p50 - lb.p50, true)} / ${duration(lc.p95 - lb.p95, true)}`;
}

/** USD with its pricing source; an unknown cost reads "unknown", never $0. */
function usd(c: RunCost): string {
  if (c.total === null) return 'unknown';
  return `$${pyFixed(c.total, c.total >= 100 ? 2 : 4)} (${c.source})`;
}

/** The cost row, when at least one run's cost is known. */
function costRow(cmp: Comparison): string[] | null {
  const { baseline: b, candidate: c } = cmp.cost;
  if (b.total === null && c.total === null) return null;
  return ['Cost (USD)', usd(b), usd(c), b.total !== null && c.total !== null ? change(b.total, c.total) : ''];
}

/** Usage, latency and safety, folded. */
/** A count row; a side that does not record the measure reads "unknown", never 0, and has no change. */
function countRow(label: string, b: number, c: number, unknown: { baseline: boolean; candidate: boolean }): string[] {
  if (unknown.baseline || unknown.candidate) return [label, unknown.baseline ? 'unknown' : grouped(b), unknown.candidate ? 'unknown' : grouped(c), ''];
  return [label, grouped(b), grouped(c), change(b, c)];
}

export function usageSection(cmp: Comparison): string[] {
  const b = cmp.usage.baseline;
  const c = cmp.usage.candidate;
  const calls = unknownSides(cmp, 'calls');
  const tokens = unknownSides(cmp, 'tokens');
  const rows: string[][] = [
    countRow('LLM calls', b.total_calls, c.total_calls, calls),
    countRow('Prompt tokens', b.prompt_tokens, c.prompt_tokens, tokens),
    countRow('Completion tokens', b.completion_tokens, c.completion_tokens, tokens),
    ['Latency p50 / p95', latency(b), latency(c), latencyChange(b, c)],
    ['Guardrail blocked', String(b.guardrail_blocked), String(c.guardrail_blocked), signed(c.guardrail_blocked - b.guardrail_blocked, 0)],
  ];
  if (b.mcp_tool_calls !== null || c.mcp_tool_calls !== null) {
    const bm = b.mcp_tool_calls ?? 0;
    const cm = c.mcp_tool_calls ?? 0;
    rows.push(['MCP tool calls', grouped(bm), grouped(cm), signed(cm - bm, 0)]);
  }
  rows.push(['Cases with errors', String(b.errors), String(c.errors), signed(c.errors - b.errors, 0)]);
  const cost = costRow(cmp);
  if (cost) rows.push(cost);
  return details('Usage, latency and safety', table(['', 'Baseline', 'Candidate', 'Change'], ['left', 'right', 'right', 'right'], rows));
}

function side(completed: boolean, error: string | null, present: boolean, reward: number): string {
  if (!present) return '—';
  const mark = error !== null ? '💥' : completed ? '✅' : '❌';
  return `${mark} ${reward3(reward)}`;
}

function allCasesLine(r: CaseRow, steps: boolean): string {
  const both = r.in_baseline && r.in_candidate;
  const b = side(r.baseline_completed, r.baseline_error, r.in_baseline, r.baseline_reward);
  const c = side(r.candidate_completed, r.candidate_error, r.in_candidate, r.candidate_reward);
  const line = `| ${cell(r.case_id)} | ${b} | ${c} | ${both ? signed(r.reward_delta, 3) : ''} |`;
  return steps ? `${line} ${both ? signed(r.steps_delta, 0) : ''} |` : line;
}

/**
 * Every case, folded. The table's rows come as one string of lines (see {@link joinLines}): 100,000
 * array items would also be copied by every spread on their way into the report.
 */
export function allCasesSection(cmp: Comparison): string[] {
  const steps = stepsKnown(cmp);
  const body = [
    '✅ completed · ❌ not completed · 💥 error · — absent; the number is the reward.',
    '',
    ...table(
      ['Case', 'Baseline', 'Candidate', 'Reward Δ', ...(steps ? ['Steps Δ'] : [])],
      ['left', 'center', 'center', 'right', ...(steps ? (['right'] as const) : [])],
      [],
    ),
  ];
  if (cmp.cases.length > 0) body.push(joinLines(cmp.cases, (r) => allCasesLine(r, steps)));
  return details(`All ${cmp.cases.length} cases`, body);
}

/** The CodeMode promotion protocol's release-decision checklist. */
export function releaseChecklist(cmp: Comparison): string[] {
  const gates = gateLines(cmp);
  const names = sideNames(cmp);
  const b = cmp.usage.baseline.guardrail_blocked;
  const c = cmp.usage.candidate.guardrail_blocked;
  const blocking = cmp.blocking_findings.length;
  const items = [
    checkbox(true, `Baseline benchmark: ${untrusted(cmp.baseline.summary.id)} (${untrusted(cmp.baseline.path)})`),
    checkbox(true, `Candidate benchmark: ${untrusted(cmp.candidate.summary.id)} (${untrusted(cmp.candidate.path)})`),
    ...gates.map((l) => (l.notJudged !== null ? `- ${l.checklist}: ${l.notJudged}` : checkbox(l.passed, `${l.checklist}: ${l.change} (${l.rule})`))),
    checkbox(c <= b, `Guardrail blocked: ${c} (baseline ${b})${c > b ? ' — explain or fix' : ''}`),
    checkbox(blocking === 0, `Integrity findings that hold: ${blocking}`),
    cmp.verdict === 'promote'
      ? `- **Decision: promote**: ${names.candidate} may replace ${names.baseline} as the default.`
      : cmp.verdict === 'inconclusive' && cmp.infrastructure.rerun
        ? `- **Decision: inconclusive, rerun**: too many cases failed for infrastructure reasons; keep ${names.baseline} as the default and rerun the suite.`
        : cmp.verdict === 'inconclusive'
          ? `- **Decision: inconclusive**: keep ${names.baseline} as the default until more cases or trials decide; ${names.candidate} stays opt-in.`
          : `- **Decision: hold**: keep ${names.baseline} as the default; ${names.candidate} stays opt-in.`,
  ];
  return details('Release decision', items);
}
