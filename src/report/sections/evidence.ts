/**
 * Why each regressed case regressed: under "Regressed cases", one folded block per case with where
 * the runs parted (the first differing action: analysis/evidence/divergence.ts) and both final
 * answers. Its numbers are the table's: a step count is the comparison's, never "no steps" beside one. Every
 * string from the runs goes through `untrusted` (code spans) or `untrustedBlock` (a fenced block);
 * each case is capped, and the blocks stop at {@link EVIDENCE_CHARS} in all (the rest is in the JSON
 * report and the `--evidence` page).
 */
import type { Comparison } from '../../analysis/compare.js';
import type { CaseEvidenceReport, Trace, TraceStep } from '../../analysis/evidence/model.js';
import { pyFixed, signed } from '../../stats/format.js';
import { fitMarkdown } from '../markdown/fit.js';
import { details, table, untrusted, untrustedBlock } from '../markdown/markdown.js';

/** Most characters of all evidence blocks together (a comment holds 65,000). */
export const EVIDENCE_CHARS = 24_000;

const cell = (text: string | null, max = 160): string => (text === null ? '—' : untrusted(text, { inTable: true, maxLength: max }));

/** The last non-blank line of an error (a traceback ends with the exception). */
export function errorHeadline(error: string): string {
  const lines = error.split(/\r\n|[\r\n]/).filter((l) => l.trim() !== '');
  return lines[lines.length - 1] ?? error;
}

function result(s: TraceStep | null): string {
  if (s === null) return '*(no step)*';
  const mark = s.success === null ? '' : s.success ? '✅ ' : '❌ ';
  if (s.error !== null) return `${mark}${cell(errorHeadline(s.error))}`;
  return `${mark}${cell(s.output)}`;
}

const reward = (s: TraceStep | null): string => (s === null || s.reward === null ? '—' : s.reward < 0 ? signed(s.reward, 2) : pyFixed(s.reward, 2));

function stepLine(s: TraceStep): string {
  const mark = s.success === null ? '' : s.success ? ' ✅' : ' ❌';
  return `step ${s.step} ${untrusted(s.action || '(none)', { maxLength: 40 })}${mark}${s.input === null ? '' : ` ${untrusted(s.input, { maxLength: 80 })}`}`;
}

const stepsWord = (n: number): string => `${n} step${n === 1 ? '' : 's'}`;

/** What a side's evidence holds, its step count the table's when the run records one. */
export function sourceWords(t: Trace): string {
  const kept = t.steps.length + t.steps_dropped;
  if (t.source === 'trajectory')
    return t.step_count === null || t.step_count === kept
      ? `trajectory, ${stepsWord(kept)}`
      : `trajectory of ${stepsWord(kept)} (the row counts ${t.step_count})`;
  if (t.source === 'transcript') {
    const calls = t.steps.filter((s) => s.key !== null).length;
    const of = calls === 0 ? 'no action' : `${calls} action${calls === 1 ? '' : 's'}`;
    return `transcript, ${stepsWord(kept)}, ${of}${t.steps_dropped > 0 ? ' among those kept' : ''}`;
  }
  const count = t.step_count === null ? '' : `, ${stepsWord(t.step_count)}, no step-by-step trajectory`;
  return t.source === 'row' ? `case row${count}` : `no row${count}`;
}

/** Where the runs part, for a heading: one step number when both sides are at the same one. */
export function partingAt(e: CaseEvidenceReport): string {
  const { baseline_step: b, candidate_step: c } = e.divergence;
  if (b !== null && c !== null) return b.step === c.step ? `step ${b.step}` : `baseline step ${b.step}, candidate step ${c.step}`;
  if (b !== null) return `baseline step ${b.step}`;
  return c === null ? '' : `candidate step ${c.step}`;
}

function caseBody(e: CaseEvidenceReport): string[] {
  const { baseline: b, candidate: c, divergence: d } = e;
  const body: string[] = [`Case ${untrusted(e.case_id, { maxLength: 80 })} · baseline: ${sourceWords(b)} · candidate: ${sourceWords(c)}`, ''];
  if (d.before.length > 0) body.push(`Same in both before it: ${d.before.map(stepLine).join(' · ')}`, '');
  const rows: string[][] = [];
  if (d.baseline_step !== null || d.candidate_step !== null) {
    const bs = d.baseline_step;
    const cs = d.candidate_step;
    rows.push(
      ['Action', cell(bs?.action ?? null, 40), cell(cs?.action ?? null, 40)],
      ['Code or arguments', cell(bs?.input ?? null, 200), cell(cs?.input ?? null, 200)],
      ['Result', result(bs), result(cs)],
    );
    if (bs?.reward != null || cs?.reward != null) rows.push(['Step reward', reward(bs), reward(cs)]);
  }
  if (b.final_answer !== null || c.final_answer !== null) rows.push(['Final answer', cell(b.final_answer, 200), cell(c.final_answer, 200)]);
  else if (b.last_message !== null || c.last_message !== null)
    rows.push(['Last message (wording, not compared)', cell(b.last_message, 200), cell(c.last_message, 200)]);
  if (b.expected_answer !== null || c.expected_answer !== null) rows.push(['Expected', cell(b.expected_answer), cell(c.expected_answer)]);
  if (b.reason !== null || c.reason !== null) rows.push(['Reason', cell(b.reason), cell(c.reason)]);
  const at = partingAt(e);
  if (rows.length > 0) body.push(...table([`Where they part${at === '' ? '' : ` (${at})`}`, 'Baseline', 'Candidate'], ['left', 'left', 'left'], rows), '');
  const err = d.candidate_step?.error ?? null;
  if (err !== null && err.includes('\n'))
    body.push(`The candidate's error at step ${d.candidate_step?.step ?? ''}:`, '', ...untrustedBlock(err, { maxLines: 12, tail: true }), '');
  const note = (who: string, text: string | null): string | null => (text === null ? null : `${who}: ${untrusted(text, { maxLength: 160 })}`);
  const notes =
    b.note !== null && b.note === c.note ? [note('both runs', b.note)] : [note('baseline', b.note), note('candidate', c.note)].filter((x) => x !== null);
  if (notes.length > 0) body.push(`<sub>${notes.join(' · ')}</sub>`);
  return body;
}

function caseBlock(e: CaseEvidenceReport, n: number, of: number): string[] {
  return details(`Evidence, regressed case ${n} of ${of}: ${e.divergence.reason}`, caseBody(e));
}

/** Every step of one side, one row each (cells capped). */
function stepsTable(t: Trace, parted: number | null): string[] {
  if (t.steps.length === 0) return [];
  const rows = t.steps.map((s, i) => [
    `${s.step}${i === parted ? ' ⬅' : ''}`,
    cell(s.action, 40),
    cell(s.input, 300),
    result(s),
    reward(s),
    s.tokens === null ? '—' : String(s.tokens),
  ]);
  const more = t.steps_dropped > 0 ? [`${t.steps_dropped} more steps not kept.`, ''] : [];
  return [
    ...table(['Step', 'Action', 'Code or arguments', 'Result', 'Reward', 'Tokens'], ['right', 'left', 'left', 'left', 'right', 'right'], rows),
    '',
    ...more,
  ];
}

/** One regressed case's evidence (its parting, then each side's steps), or null when none was gathered for it. */
export function caseEvidence(cmp: Comparison, caseId: string): string[] | null {
  const e = cmp.evidence?.cases.find((x) => x.case_id === caseId);
  return e === undefined ? null : [`**${e.divergence.reason}**`, '', ...caseParts(e)];
}

/** A case's body and each side's steps, where they part. */
function caseParts(e: CaseEvidenceReport): string[] {
  const lines = [...caseBody(e), ''];
  for (const [name, t] of [
    ['Baseline', e.baseline],
    ['Candidate', e.candidate],
  ] as const) {
    const steps = stepsTable(t, name === 'Baseline' ? e.divergence.baseline_index : e.divergence.candidate_index);
    if (steps.length > 0) lines.push(`**${name}'s steps** (⬅ where the runs part)`, '', ...steps);
  }
  return lines;
}

/**
 * The check run's details (its output `text`): every regressed case's evidence with both runs'
 * steps, fitted to the check run's limit; null when no evidence was gathered.
 */
export function evidenceDetails(cmp: Comparison): string | null {
  const ev = cmp.evidence;
  if (ev === undefined || ev.cases.length === 0) return null;
  const lines: string[] = ['## Why the regressed cases regressed', ''];
  for (const e of ev.cases) lines.push(`### ${untrusted(e.case_id, { maxLength: 80 })}: ${e.divergence.reason}`, '', ...caseParts(e));
  if (ev.more > 0) lines.push(`${ev.more} more regressed cases beyond the cap of the evidence.`, '');
  const note = '> [!NOTE]\n> Cut to fit the check run; every step is in `evidence.html` and the JSON report in the report artifact.';
  return fitMarkdown(lines.join('\n'), { max: EVIDENCE_DETAILS_BYTES, unit: 'bytes' }, note).text;
}

/** The check run's `text` limit, in bytes (GitHub's is 65,535). */
export const EVIDENCE_DETAILS_BYTES = 65_000;

/** Whether a trace says anything beyond the outcome the table already shows. */
const says = (t: Trace): boolean => t.steps.length > 0 || t.final_answer !== null || t.reason !== null || t.expected_answer !== null || t.last_message !== null;

/** The folded evidence blocks of the regressed cases that have any, or nothing when the caller gathered none. */
export function evidenceSection(cmp: Comparison): string[] {
  const ev = cmp.evidence;
  if (ev === undefined) return [];
  const cases = ev.cases.filter((e) => says(e.baseline) || says(e.candidate));
  if (cases.length === 0) return [];
  const of = cases.length + ev.more;
  const out: string[] = [];
  let used = 0;
  let shown = 0;
  for (const e of cases) {
    const block = [...caseBlock(e, shown + 1, of), ''];
    const size = block.reduce((sum, l) => sum + l.length + 1, 0);
    if (used + size > EVIDENCE_CHARS) break;
    out.push(...block);
    used += size;
    shown++;
  }
  if (shown < of)
    out.push(
      `<sub>The evidence of ${of - shown} more regressed case${of - shown === 1 ? '' : 's'} is in the JSON report${ev.more > 0 ? ' (up to its cap)' : ''}.</sub>`,
      '',
    );
  return out;
}
