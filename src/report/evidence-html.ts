/**
 * The evidence of the regressed cases as one self-contained HTML page: no script, no external
 * resource, inline CSS only, every string from the runs HTML-escaped by {@link escapeHtml}. A
 * reviewer opens it after downloading the report artifact. The verdict comes first; each case then
 * shows the comparison's own numbers (outcome, reward, steps: the report's table), where the runs
 * part, and the two runs side by side, the parting step highlighted on each.
 */
import type { Comparison } from '../analysis/compare.js';
import type { CaseEvidenceReport, Trace, TraceStep } from '../analysis/evidence/model.js';
import type { CaseRow } from '../analysis/rlm/pair.js';
import { pyFixed, signed } from '../stats/format.js';
import { reward3, unknownSides } from './markdown/words.js';
import { errorHeadline, sourceWords } from './sections/evidence.js';
import { verdictReasons } from './verdict.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

const NONE = '<span class="none">—</span>';
const pre = (text: string | null): string => (text === null ? NONE : `<pre>${escapeHtml(text)}</pre>`);
const stepReward = (r: number | null): string => (r === null ? '' : r < 0 ? signed(r, 2) : pyFixed(r, 2));

function stepCard(s: TraceStep, parted: string | null, same: boolean): string {
  const ok = s.success === null ? '' : s.success ? ' <span class="ok">✔ succeeded</span>' : ' <span class="bad">✘ failed</span>';
  const cls = ['step', s.key === null ? 'text' : 'act', parted !== null ? 'parted' : '', same ? 'same' : ''].filter((c) => c !== '').join(' ');
  const tag = parted !== null ? '<span class="tag">the runs part here</span>' : same ? '<span class="tag same">same in both</span>' : '';
  const meta = [s.reward === null ? '' : `step reward ${stepReward(s.reward)}`, s.tokens === null ? '' : `${s.tokens} tokens`]
    .filter((m) => m !== '')
    .join(' · ');
  const parts = [
    `<li class="${cls}"${parted === null ? '' : ` id="${parted}"`}><div class="head"><b>Step ${s.step}</b> <code>${escapeHtml(s.action || '(none)')}</code>${s.key === null ? ' <small>(free text, not compared)</small>' : ''}${ok}${tag}</div>`,
    s.rationale === null ? '' : `<div class="why">${escapeHtml(s.rationale)}</div>`,
    s.input === null ? '' : `<div class="k">${s.key === null ? 'Text' : 'Code or arguments'}</div>${pre(s.input)}`,
    s.output === null ? '' : `<div class="k">Output</div>${pre(s.output)}`,
    s.error === null ? '' : `<div class="k">Error: ${escapeHtml(errorHeadline(s.error))}</div>${pre(s.error)}`,
    meta === '' ? '' : `<div class="meta">${meta}</div>`,
    '</li>',
  ];
  return parts.filter((p) => p !== '').join('');
}

function sideColumn(name: string, id: string, t: Trace, parted: number | null, before: ReadonlySet<TraceStep>): string {
  const steps = t.steps.map((s, i) => stepCard(s, i === parted ? id : null, before.has(s))).join('\n');
  const body =
    t.steps.length === 0
      ? `<p class="none">${t.step_count === null ? 'No step-by-step trajectory recorded.' : `${t.step_count} step${t.step_count === 1 ? '' : 's'}, but no step-by-step trajectory recorded.`}</p>`
      : `<ol class="steps">\n${steps}\n</ol>`;
  const more = t.steps_dropped > 0 ? `<p class="none">${t.steps_dropped} more steps not kept.</p>` : '';
  return `<section class="side"><h3>${name} <small>${escapeHtml(t.format)} · ${escapeHtml(sourceWords(t))}</small></h3>\n${body}${more}</section>`;
}

function outcome(completed: boolean, error: string | null): string {
  if (error !== null) return `<span class="bad">✘ error</span> ${escapeHtml(errorHeadline(error))}`;
  return completed ? '<span class="ok">✔ completed</span>' : '<span class="bad">✘ not completed</span>';
}

/** A side's parting step in brief, for the facts table (its full card is in the side's column). */
function partingCell(s: TraceStep | null): string {
  if (s === null) return '<span class="none">(no such step: this run stopped before it)</span>';
  const ok = s.success === null ? '' : s.success ? ' <span class="ok">✔</span>' : ' <span class="bad">✘</span>';
  const out =
    s.error !== null ? `<div class="k">Error</div>${pre(errorHeadline(s.error))}` : s.output === null ? '' : `<div class="k">Output</div>${pre(s.output)}`;
  return `<b>Step ${s.step}</b> <code>${escapeHtml(s.action || '(none)')}</code>${ok}${s.input === null ? '' : pre(s.input)}${out}`;
}

/** The case's facts, baseline | candidate: the comparison's numbers first (the report's table), then what each run says. */
function factsTable(e: CaseEvidenceReport, row: CaseRow | undefined, steps: boolean): string {
  const { baseline: b, candidate: c } = e;
  const rows: [string, string, string][] = [];
  if (row !== undefined) {
    rows.push(['Outcome', outcome(row.baseline_completed, row.baseline_error), outcome(row.candidate_completed, row.candidate_error)]);
    rows.push(['Reward', reward3(row.baseline_reward), reward3(row.candidate_reward)]);
    if (steps) rows.push(['Steps', String(row.baseline_steps), String(row.candidate_steps)]);
  }
  const d = e.divergence;
  if (d.baseline_step !== null || d.candidate_step !== null) rows.push(['Where they part', partingCell(d.baseline_step), partingCell(d.candidate_step)]);
  const both = (label: string, x: string | null, y: string | null): void => {
    if (x !== null || y !== null) rows.push([label, pre(x), pre(y)]);
  };
  both('Final answer', b.final_answer, c.final_answer);
  if (b.final_answer === null && c.final_answer === null) both('Last message (wording, not compared)', b.last_message, c.last_message);
  both('Expected', b.expected_answer, c.expected_answer);
  both('Reason', b.reason, c.reason);
  if (b.note !== null || c.note !== null) rows.push(['Note', b.note === null ? NONE : escapeHtml(b.note), c.note === null ? NONE : escapeHtml(c.note)]);
  const trs = rows.map(([k, x, y]) => `<tr><th scope="row">${k}</th><td>${x}</td><td>${y}</td></tr>`).join('\n');
  return `<table class="facts"><thead><tr><th></th><th scope="col">Baseline</th><th scope="col">Candidate</th></tr></thead>\n<tbody>\n${trs}\n</tbody></table>`;
}

/** Links to the parting step of each side (the page needs no script to get there). */
function jumps(e: CaseEvidenceReport, n: number): string {
  const d = e.divergence;
  const links = [
    d.baseline_step === null ? null : `<a href="#case-${n}-baseline-part">baseline step ${d.baseline_step.step}</a>`,
    d.candidate_step === null ? null : `<a href="#case-${n}-candidate-part">candidate step ${d.candidate_step.step}</a>`,
  ].filter((l) => l !== null);
  return links.length === 0 ? '' : `<p class="jump">Go to where they part: ${links.join(' · ')}</p>`;
}

function caseSection(e: CaseEvidenceReport, n: number, row: CaseRow | undefined, steps: boolean): string {
  const d = e.divergence;
  const before = new Set(d.before);
  // The steps equal to the baseline's context steps on the candidate side: the same positions among its actions.
  const candBefore = new Set<TraceStep>();
  if (d.before.length > 0) {
    const acts = e.candidate.steps.filter((s) => s.key !== null);
    const bActs = e.baseline.steps.filter((s) => s.key !== null);
    for (const s of d.before) {
      const k = bActs.indexOf(s);
      const m = k < 0 ? undefined : acts[k];
      if (m !== undefined) candBefore.add(m);
    }
  }
  return [
    `<article id="case-${n}"><h2>Case <code>${escapeHtml(e.case_id)}</code></h2>`,
    `<p class="reason"><span class="kind">${escapeHtml(d.kind)}</span> ${escapeHtml(d.reason)}</p>`,
    jumps(e, n),
    factsTable(e, row, steps),
    `<div class="sides" id="case-${n}-sides">`,
    sideColumn('Baseline', `case-${n}-baseline-part`, e.baseline, d.baseline_index, before),
    sideColumn('Candidate', `case-${n}-candidate-part`, e.candidate, d.candidate_index, candBefore),
    '</div></article>',
  ].join('\n');
}

const VERDICT: Record<Comparison['verdict'], { word: string; mark: string }> = {
  promote: { word: 'Promote', mark: '✔' },
  hold: { word: 'Hold', mark: '✘' },
  inconclusive: { word: 'Inconclusive', mark: '?' },
};

const STYLE = `:root{color-scheme:light;--line:#d0d7de;--muted:#59636e;--part:#fff1c2;--partline:#d4a72c}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
main{max-width:1400px;margin:0 auto;padding:24px}
header.verdict{border-radius:8px;padding:16px 20px;margin:0 0 20px;border:1px solid var(--line);background:#fff}
header.verdict h1{margin:0 0 4px;font-size:24px}header.verdict p{margin:4px 0;color:var(--muted)}
.v-hold{border-left:8px solid #cf222e!important}.v-promote{border-left:8px solid #1a7f37!important}.v-inconclusive{border-left:8px solid #9a6700!important}
nav ol{margin:4px 0 0;padding-left:20px}
article{background:#fff;border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:0 0 20px}
h2{margin:0 0 8px;font-size:18px}h2 code{font-size:inherit}.jump{margin:-6px 0 12px;font-size:13px}h3{margin:0 0 8px;font-size:15px}h3 small,.head small{color:var(--muted);font-weight:normal}
.reason{font-weight:600;margin:0 0 12px}.kind{display:inline-block;font:12px ui-monospace,monospace;background:#eaeef2;border-radius:10px;padding:1px 8px;margin-right:4px}
table.facts{border-collapse:collapse;width:100%;margin:0 0 16px;table-layout:fixed}
.facts th,.facts td{border:1px solid var(--line);padding:6px 8px;vertical-align:top;text-align:left}
.facts thead th{background:#f6f8fa}.facts th[scope=row]{width:14em;background:#f6f8fa;font-weight:600}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;max-height:16em;overflow:auto;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border-radius:4px;padding:4px 6px}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
.sides{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px}
ol.steps{list-style:none;margin:0;padding:0}
.step{border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:0 0 8px;background:#fff}
.step.text{background:#fbfbfc;color:#424a53}.step.same{opacity:.8}
.step.parted{background:var(--part);border:2px solid var(--partline);box-shadow:0 0 0 3px #fff8dc}
.head{margin:0 0 4px}.tag{float:right;font-size:12px;font-weight:600;color:#7d4e00}.tag.same{color:var(--muted);font-weight:normal}
.why{color:var(--muted);font-style:italic;margin:0 0 4px;white-space:pre-wrap;overflow-wrap:anywhere}
.k{font-size:12px;color:var(--muted);margin:6px 0 2px}.meta{font-size:12px;color:var(--muted);margin-top:4px}
.ok{color:#1a7f37;font-weight:600}.bad{color:#cf222e;font-weight:600}.none{color:var(--muted)}
@media (max-width:800px){.sides{grid-template-columns:1fr}}`;

/** The page: the verdict, then one section per regressed case with both runs side by side. */
export function renderEvidenceHtml(cmp: Comparison): string {
  const ev = cmp.evidence ?? { cases: [], more: 0 };
  const ids = `${cmp.baseline.summary.id} → ${cmp.candidate.summary.id}`;
  const title = `benchgate evidence: ${ids}`;
  const v = VERDICT[cmp.verdict];
  const wanted = new Set(ev.cases.map((e) => e.case_id));
  const rows = new Map(cmp.cases.filter((r) => wanted.has(r.case_id)).map((r) => [r.case_id, r]));
  const steps = unknownSides(cmp, 'steps').text === null;
  const regressed = ev.cases.length + ev.more;
  const nav =
    ev.cases.length > 1
      ? `<nav><b>Regressed cases</b><ol>${ev.cases.map((e, i) => `<li><a href="#case-${i + 1}"><code>${escapeHtml(e.case_id)}</code></a>: ${escapeHtml(e.divergence.reason)}</li>`).join('')}</ol></nav>`
      : '';
  const body = ev.cases.length === 0 ? '<p>No case regressed.</p>' : ev.cases.map((e, i) => caseSection(e, i + 1, rows.get(e.case_id), steps)).join('\n');
  const more = ev.more > 0 ? `<p>${ev.more} more regressed cases beyond the cap.</p>` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<header class="verdict v-${cmp.verdict}"><h1>${v.mark} ${v.word}</h1>
<p>Candidate <code>${escapeHtml(cmp.candidate.summary.id)}</code> against baseline <code>${escapeHtml(cmp.baseline.summary.id)}</code>: ${escapeHtml(verdictReasons(cmp).join('; '))}.</p>
<p>${regressed} regressed case${regressed === 1 ? '' : 's'}. Where two runs part is the first action that differs (a tool call and its arguments, code, or the final answer); free text alone is not a parting. The highlighted step on each side is where they part.</p>
${nav}</header>
${body}
${more}
</main></body></html>
`;
}
