/**
 * The acceptances in words (issue 46): the report's section (what was accepted, by whom, why and
 * until when; what expired; what covers nothing now), the verdict's reason, and the replies to a
 * `/benchgate` command. Every string from a person or the API (logins, reasons, case ids, the
 * words a refusal is about) goes through {@link untrusted}, the reports' one escaping function: in a
 * code span GitHub renders no HTML, markdown or @mention, and no escaped text starts a line, so none
 * can be a workflow command or one of benchgate's markers. Deterministic: the time comes in.
 */
import type { AcceptanceMarks, AcceptanceRecord, HeldRegression } from '../analysis/acceptance/model.js';
import type { Comparison } from '../analysis/compare.js';
import type { Refusal } from '../policy/acceptance-command.js';
import { USAGE } from '../policy/acceptance-command.js';
import { pyFixed } from '../stats/format.js';
import { table, untrusted } from './markdown/markdown.js';
import { percent } from './markdown/words.js';

/** The first line of every reply: the command parser ignores a comment with it, so benchgate never answers itself. */
export const REPLY_MARKER = '<!-- benchgate:reply -->';

/** Longest reason shown in a title or a log line, in code points (the report shows it whole). */
const REASON_SHORT = 80;

const GATE_WORDS: Record<string, string> = {
  reward: 'reward',
  completion: 'completion rate',
  steps: 'steps',
  completion_regressions: 'completion regressions',
};

/** A login as shown: `@name` in a code span, which mentions no one. */
export const loginText = (login: string): string => untrusted(`@${login}`, { maxLength: 60 });

const day = (iso: string): string => (/^\d{4}-\d\d-\d\d/.test(iso) ? iso.slice(0, 10) : 'an unknown day');

const gateText = (gate: string, inTable = false): string => (Object.hasOwn(GATE_WORDS, gate) ? (GATE_WORDS[gate] as string) : untrusted(gate, { inTable }));

/** A regression named: the case and its gate, or the gate. */
export function regressionName(x: HeldRegression, inTable = false): string {
  return x.case_id === null ? `gate ${gateText(x.gate, inTable)}` : `${untrusted(x.case_id, { inTable, maxLength: 80 })} (${gateText(x.gate, inTable)})`;
}

/** What was seen: a case passed and failed, a pass rate, a gate's figures. */
export function regressionChange(x: HeldRegression): string {
  const { baseline: b, candidate: c } = x;
  if (b === null || c === null) return 'unknown';
  if (x.case_id !== null) return b === 1 && c === 0 ? 'passed → failed' : `${percent(b)} → ${percent(c)} passed`;
  if (x.gate === 'completion') return `${percent(b)} → ${percent(c)}`;
  if (x.gate === 'completion_regressions') return `${pyFixed(c, 0)} cases`;
  return `${pyFixed(b, x.gate === 'steps' ? 2 : 4)} → ${pyFixed(c, x.gate === 'steps' ? 2 : 4)}`;
}

/** The acceptances applied, in the verdict's reasons: e.g. "2 regressions accepted by `@x`: `known trade-off`". */
export function acceptedWords(marks: AcceptanceMarks): string[] {
  return marks.applied.map(({ record, covers }) => {
    const n = covers.length;
    return `${n} ${n === 1 ? 'regression' : 'regressions'} accepted by ${loginText(record.by)}: ${untrusted(record.reason, { maxLength: REASON_SHORT })}`;
  });
}

/** The expired acceptances, in the verdict's reasons. */
export function expiredWords(marks: AcceptanceMarks): string[] {
  return marks.expired.map((r) => `an acceptance by ${loginText(r.by)} expired on ${day(r.expires_at)}`);
}

/** The report's section: empty without acceptances. */
export function acceptanceSection(cmp: Comparison): string[] {
  const m = cmp.acceptance;
  if (m === undefined) return [];
  const out: string[] = [];
  if (m.applied.length > 0) {
    const rows = m.applied.flatMap(({ record: r, covers }) =>
      covers.map((x) => [
        regressionName(x, true),
        regressionChange(x),
        `${loginText(r.by)} (${r.permission})`,
        untrusted(r.reason, { inTable: true, maxLength: 300 }),
        day(r.expires_at),
      ]),
    );
    const n = m.accepted;
    out.push(
      `**Accepted regressions:** ${n} ${n === 1 ? 'regression holds' : 'regressions hold'} the verdict no longer (it was ${m.verdict_before}); ${n === 1 ? 'it is' : 'they are'} shown as measured above and charged to the regression budget.`,
      '',
      ...table(['Regression', 'Change', 'Accepted by', 'Reason', 'Until'], ['left', 'left', 'left', 'left', 'left'], rows),
      '',
    );
  }
  for (const r of m.expired)
    out.push(
      `⌛ The acceptance by ${loginText(r.by)} (${untrusted(r.reason, { maxLength: REASON_SHORT })}) expired on ${day(r.expires_at)}: it covers nothing.`,
      '',
    );
  for (const r of m.unused)
    out.push(
      `ℹ️ The acceptance by ${loginText(r.by)} (${untrusted(r.reason, { maxLength: REASON_SHORT })}) covers no regression of this run: the regressions it named are gone or changed.`,
      '',
    );
  if (m.applied.length > 0 && m.held.length > 0)
    out.push(
      `Still holding, not accepted: ${m.held
        .slice(0, 10)
        .map((x) => regressionName(x))
        .join(', ')}${m.held.length > 10 ? `, and ${m.held.length - 10} more` : ''}.`,
      '',
    );
  return out;
}

/** The reply to an accept carried out: what it covers, until when, why, and the verdict decided again (when known). */
export function renderAcceptedReply(record: AcceptanceRecord, verdict: string | null = null): string {
  const n = record.regressions.length;
  const shown = record.regressions.slice(0, 20).map((x) => `- ${regressionName(x)}: ${regressionChange(x)}`);
  if (n > shown.length) shown.push(`- and ${n - shown.length} more`);
  return [
    REPLY_MARKER,
    `✅ Accepted by ${loginText(record.by)} (${record.permission}) until ${day(record.expires_at)}: ${n} ${n === 1 ? 'regression' : 'regressions'}, as seen at ${shaText(record.head_sha)}.`,
    '',
    ...shown,
    '',
    `Reason: ${untrusted(record.reason, { maxLength: 300 })}`,
    '',
    verdict === null ? 'The check is decided again.' : `The check is decided again: **${verdict}**.`,
    'A new regression after a push is not covered. `/benchgate revoke` undoes this.',
    '',
  ].join('\n');
}

/** The reply to a command not carried out, and why. */
export function renderRefusedReply(actor: string, refusal: Refusal): string {
  const names = refusal.names.slice(0, 20).map((w) => untrusted(w, { maxLength: 80 }));
  if (refusal.names.length > names.length) names.push(`and ${refusal.names.length - names.length} more`);
  const known = refusal.known?.length ? ` The gates are ${refusal.known.map((g) => untrusted(g, { maxLength: 80 })).join(', ')}.` : '';
  return [
    REPLY_MARKER,
    `⛔ The command by ${loginText(actor)} was not carried out: ${refusal.message}${names.length > 0 ? ` ${names.join(', ')}` : ''}.${known}`,
    '',
    `Commands: ${USAGE}.`,
    '',
  ].join('\n');
}

/** The reply to a revoke: how many acceptances it ended or narrowed, and the verdict decided again (when known). */
export function renderRevokedReply(actor: string, changed: number, verdict: string | null = null): string {
  const what = changed === 0 ? 'no acceptance named what it revoked' : `${changed} ${changed === 1 ? 'acceptance' : 'acceptances'} revoked or narrowed`;
  return [
    REPLY_MARKER,
    `↩️ Revoked by ${loginText(actor)}: ${what}.`,
    '',
    verdict === null ? 'The check is decided again.' : `The check is decided again: **${verdict}**.`,
    '',
  ].join('\n');
}

const shaText = (sha: string): string => (/^[0-9a-f]{7,64}$/.test(sha) ? `\`${sha.slice(0, 7)}\`` : '*(an unknown commit)*');
