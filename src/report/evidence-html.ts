/**
 * The evidence of the regressed cases as one self-contained HTML page: no script, no external
 * resource, inline CSS only, every string from the runs HTML-escaped by {@link escapeHtml}. A
 * reviewer opens it after downloading the report artifact.
 */
import type { Comparison } from '../analysis/compare.js';
import type { CaseEvidenceReport, Trace, TraceStep } from '../analysis/evidence/model.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

const pre = (text: string | null): string => (text === null ? '<span class="none">—</span>' : `<pre>${escapeHtml(text)}</pre>`);

function stepRows(t: Trace, parted: number | null): string {
  return t.steps
    .map((s: TraceStep, i) => {
      const cls = parted !== null && i === parted ? ' class="parted"' : '';
      const ok = s.success === null ? '' : s.success ? '✅' : '❌';
      return `<tr${cls}><td>${s.step}</td><td>${escapeHtml(s.action)} ${ok}</td><td>${pre(s.input)}</td><td>${pre(s.output)}</td><td>${pre(s.error)}</td><td>${s.reward === null ? '' : String(Number(s.reward.toFixed(4)))}</td><td>${s.tokens ?? ''}</td></tr>`;
    })
    .join('\n');
}

function side(name: string, t: Trace, parted: number | null): string {
  const rows = stepRows(t, parted);
  return [
    `<section><h3>${name} <small>(${escapeHtml(t.format)}, ${t.source})</small></h3>`,
    `<dl><dt>Final answer</dt><dd>${pre(t.final_answer)}</dd><dt>Expected</dt><dd>${pre(t.expected_answer)}</dd><dt>Reason</dt><dd>${pre(t.reason)}</dd>${t.note === null ? '' : `<dt>Note</dt><dd>${escapeHtml(t.note)}</dd>`}</dl>`,
    rows === ''
      ? '<p class="none">No steps recorded.</p>'
      : `<table><tr><th>Step</th><th>Action</th><th>Code or arguments</th><th>Output</th><th>Error</th><th>Reward</th><th>Tokens</th></tr>\n${rows}</table>`,
    t.steps_dropped > 0 ? `<p>${t.steps_dropped} more steps not kept.</p>` : '',
    '</section>',
  ].join('\n');
}

function caseSection(e: CaseEvidenceReport): string {
  return [
    `<article><h2>${escapeHtml(e.case_id)}</h2><p class="reason">${escapeHtml(e.divergence.reason)}</p>`,
    `<div class="sides">${side('Baseline', e.baseline, e.divergence.index)}${side('Candidate', e.candidate, e.divergence.index)}</div></article>`,
  ].join('\n');
}

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:2em}pre{white-space:pre-wrap;word-break:break-word;margin:0;max-height:20em;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px;vertical-align:top;text-align:left}td:nth-child(3),td:nth-child(4),td:nth-child(5){min-width:14em}
.sides section{margin:0 0 1.5em}.parted{background:#fff3cd}.none{color:#888}.reason{font-weight:bold}`;

/** The page: one section per regressed case, both sides' steps, the parting step highlighted. */
export function renderEvidenceHtml(cmp: Comparison): string {
  const ev = cmp.evidence ?? { cases: [], more: 0 };
  const title = `benchgate evidence: ${cmp.baseline.summary.id} → ${cmp.candidate.summary.id}`;
  const body = ev.cases.length === 0 ? '<p>No case regressed.</p>' : ev.cases.map(caseSection).join('\n');
  const more = ev.more > 0 ? `<p>${ev.more} more regressed cases beyond the cap.</p>` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>Verdict: ${escapeHtml(cmp.verdict)} · ${ev.cases.length + ev.more} regressed case(s). The highlighted row is where the runs part (rlm-code's rule: action type, code, or success).</p>
${body}
${more}
</body></html>
`;
}
