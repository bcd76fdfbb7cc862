/**
 * The report's second line (issue 45, item 7: a verdict reads in ten seconds): the one reason that
 * decided the verdict, under the headline and above the gate table. A hold names the finding that
 * held it or the gate shown violated with its estimate and bound; a promote names its tightest gate
 * and what it has to spare; an inconclusive verdict says what would decide it (deciding.ts, from
 * significance/sizing.ts). The full reasons, bounds, power and spend are folded below the table
 * (markdown-report.ts), so nothing said here is said only here.
 */
import type { Comparison } from '../../analysis/compare.js';
import { type Finding, isRunProblem } from '../../analysis/integrity/findings.js';
import { rerunWords } from '../../analysis/integrity/infrastructure.js';
import type { GateTest, SignificanceResult } from '../../analysis/model.js';
import { acceptedWords } from '../acceptance-report.js';
import { whatWouldDecide } from '../deciding.js';
import { untrusted } from '../markdown/markdown.js';
import { compact, type GateLine, gateLines, gateReason } from '../markdown/words.js';
import { verdictReasons } from '../verdict.js';
import { change, failSentence, levelPercent, lower, rule } from './significance.js';

/** What else holds the verdict, named only (the fold and the findings say the rest): " Also holding it: the steps gate, the finding `x`." */
function more(rest: readonly string[]): string {
  return rest.length === 0 ? '' : ` Also holding it: ${rest.join(', ')}.`;
}

const findingName = (f: Finding): string => `the finding \`${f.code}\``;

function findingLead(held: readonly Finding[], gates: readonly string[] = []): string {
  const [first, ...rest] = held as [Finding, ...Finding[]];
  return `**Held by the finding \`${first.code}\`:** ${first.message}${more([...gates.map((g) => `the ${g} gate`), ...rest.map(findingName)])}`;
}

const label = (l: GateLine): string => l.label.replace(/ \(mean\)$/, '').toLowerCase();

/** A failed gate of rlm-code's four, under either policy. */
function gateLead(cmp: Comparison): string | null {
  const also = [
    ...cmp.failed_metric_gates.map((n) => `the configuration's gate ${untrusted(n, { maxLength: 120 })}`),
    ...cmp.blocking_findings.map(findingName),
  ];
  const s = cmp.significance;
  if (s !== null) {
    const [first, ...rest] = s.gates.filter((g) => g.status === 'fail');
    if (first === undefined) return null;
    return `**Held by the ${lower(first.gate)} gate, shown violated:** ${failSentence(first, s)}${more([...rest.map((g) => `the ${lower(g.gate)} gate`), ...also])}`;
  }
  const [first, ...rest] = gateLines(cmp).filter((l) => l.notJudged === null && !l.passed);
  if (first === undefined) return null;
  return `**Held by the ${label(first)} gate:** ${gateReason(cmp, first)}${more([...rest.map((l) => `the ${label(l)} gate`), ...also])}`;
}

/** The pass line a gate must be shown past (threshold less its margin), and how far its bound is from it. */
function spare(t: GateTest): number {
  return t.direction === 'at_least' ? t.lower - (t.threshold - t.margin) : t.threshold + t.margin - t.upper;
}

/**
 * The gate closest to not being shown to hold: the largest p that it holds (scale-free), then the
 * least to spare; completion regressions only when it is the one gate (its bound is the completion
 * rate's when it has a margin: significance.ts passEvidence).
 */
function tightestShown(s: SignificanceResult): GateTest | null {
  const gated = s.gates.filter((g) => g.gated && g.status === 'pass');
  const judged = gated.filter((g) => g.gate !== 'completion_regressions');
  const pool = judged.length > 0 ? judged : gated;
  return [...pool].sort((a, b) => b.p_holds - a.p_holds || spare(a) - spare(b))[0] ?? null;
}

function promoteLead(cmp: Comparison): string {
  const accepted = cmp.acceptance === undefined ? [] : acceptedWords(cmp.acceptance);
  const s = cmp.significance;
  const prefix = accepted.length > 0 ? `**Promoted with ${accepted.join('; ')}.** ` : '';
  if (s !== null) {
    const t = tightestShown(s);
    // With regressions accepted, a gate shown violated stays so (as measured): the count says it.
    const held = s.gates.filter((g) => g.status === 'pass').length;
    const all =
      held === s.gates.length
        ? `**All ${s.gates.length} gates shown to hold at ${levelPercent(s.confidence)}% confidence`
        : `**${held} of ${s.gates.length} gates shown to hold at ${levelPercent(s.confidence)}% confidence; the regressions that failed the rest are accepted`;
    if (t === null || t.gate === 'completion_regressions') return `${prefix}${all}.**`;
    const bound = t.direction === 'at_least' ? `at worst ${change(t.gate, t.lower)}` : `at most ${change(t.gate, t.upper)}`;
    const left = change(t.gate, spare(t)).replace(/^\+/, '');
    return `${prefix}${all}; tightest: ${lower(t.gate)}**, ${bound} (rule ${rule(t)}): ${left} to spare.`;
  }
  return `${prefix}${pointTightest(cmp)}`;
}

/**
 * Under point: the judged gate with the least to spare, each on its rule's own scale (reward and
 * completion as fractions, steps in steps: commensurate at rlm-code's thresholds, 0, 0 and 0.5).
 */
function pointTightest(cmp: Comparison): string {
  const { deltas } = cmp.rlm;
  const t = cmp.thresholds;
  const judged = new Set(gateLines(cmp).flatMap((l) => (l.notJudged === null ? [l.gate] : [])));
  const candidates = [
    { gate: 'reward' as const, left: deltas.avg_reward - t.min_reward_delta, shown: compact(deltas.avg_reward - t.min_reward_delta, 4) },
    {
      gate: 'completion' as const,
      left: deltas.completion_rate - t.min_completion_delta,
      shown: `${compact((deltas.completion_rate - t.min_completion_delta) * 100, 1)} pp`,
    },
    { gate: 'steps' as const, left: t.max_steps_increase - deltas.avg_steps_increase, shown: compact(t.max_steps_increase - deltas.avg_steps_increase, 2) },
  ].filter((x) => judged.has(x.gate) && Number.isFinite(x.left));
  const lines = gateLines(cmp).filter((l) => l.notJudged === null);
  const passed = lines.filter((l) => l.passed).length;
  // With regressions accepted, a failed gate stays failed (as measured): the count says it.
  const head =
    passed === lines.length
      ? `**All ${lines.length} gates passed`
      : `**${passed} of ${lines.length} gates passed; the regressions that failed the rest are accepted`;
  const tight = [...candidates].sort((a, b) => a.left - b.left)[0];
  if (tight === undefined) return `${head}.**`;
  const line = lines.find((l) => l.gate === tight.gate);
  return `${head}; tightest: ${line === undefined ? tight.gate : label(line)}**, ${line?.change ?? ''} (rule ${line?.rule ?? ''}): ${tight.shown.replace(/^\+/, '')} to spare.`;
}

/** What would decide an inconclusive verdict: the rerun or the rounds first, else the gate that needs the most evidence. */
function inconclusiveLead(cmp: Comparison): string {
  if (cmp.infrastructure.rerun) return `**${rerunWords(cmp.infrastructure).replace(/^rerun/, 'Rerun')}:** neither hold nor promote until then.`;
  const clauses = whatWouldDecide(cmp);
  const s = cmp.significance;
  const open = s === null ? [] : s.gates.filter((g) => g.status === 'inconclusive');
  const others = (shown: string | null): string => {
    const rest = open.map((g) => lower(g.gate)).filter((g) => g !== shown);
    const names = [...rest, ...cmp.undecided_metric_gates.map((n) => `the gate ${untrusted(n, { maxLength: 120 })}`)];
    return names.length === 0 ? '' : ` Also undecided: ${names.join(', ')}.`;
  };
  if (cmp.sequential !== undefined && !(cmp.sequential.stop && cmp.sequential.reason === 'decided') && clauses[0] !== undefined)
    return `**What would decide it:** ${clauses[0]}.${others(null)}`;
  // The gate that needs the most units binds a promote (every undecided gate must pass); one that cannot be sized needs the most.
  const binding = [...open].sort((a, b) => (b.units_needed ?? Infinity) - (a.units_needed ?? Infinity))[0];
  // The verdict's own sizing when the gates together need clearly more than the one that needs the most
  // (significance/sizing.ts verdictUnits; within 5% is the draws' noise, and that gate's own sizing says more).
  const verdict = s?.verdict_sizing ?? null;
  if (verdict !== null && binding !== undefined && binding.units_needed !== null && verdict.units > 1.05 * binding.units_needed) {
    const clause = clauses.find((c) => c.startsWith('the verdict: '));
    if (clause !== undefined) return `**What would decide it:** ${clause}.${others(null)}`;
  }
  if (binding !== undefined && s !== null) {
    const clause = clauses.find((c) => c.startsWith(`${lower(binding.gate)}: `)) ?? lower(binding.gate);
    return `**What would decide it:** ${clause}.${others(lower(binding.gate))}`;
  }
  return `**What would decide it:** ${clauses[0] ?? 'a rerun'}.${clauses.length > 1 ? ` Also: ${clauses.slice(1).join('; ')}.` : ''}`;
}

/** The one line under the headline that says why the verdict is what it is. */
export function leadLine(cmp: Comparison): string {
  const held = cmp.blocking_findings;
  // A run that failed, or two runs that cannot be compared, decide before any gate: the gates judged them anyway.
  const first = held.filter((f) => isRunProblem(f.code) || f.code === 'not-comparable');
  if (cmp.verdict === 'hold' && first.length > 0) return findingLead([...first, ...held.filter((f) => !first.includes(f))]);
  if (cmp.verdict === 'inconclusive') return inconclusiveLead(cmp);
  if (cmp.verdict === 'promote') return promoteLead(cmp);
  const gate = gateLead(cmp);
  if (gate !== null) return gate;
  if (cmp.failed_metric_gates.length > 0) {
    const [name, ...rest] = cmp.failed_metric_gates.map((n) => untrusted(n, { maxLength: 120 }));
    return `**Held by the configuration's gate ${name ?? ''}** (table below).${more([...rest.map((n) => `the configuration's gate ${n}`), ...held.map(findingName)])}`;
  }
  if (held.length > 0) return findingLead(held);
  // A hold no gate or finding explains (an expired acceptance, a rule of the policy): the reasons as the log gives them.
  return `**Held:** ${verdictReasons(cmp).join('; ')}.`;
}
