/**
 * The PR comment and the check-run output, built from the markdown report. A comment must stay under
 * 65,536 characters and a check-run summary under 65,535, so the report degrades in tiers: the full
 * report, then without the folded list of all cases, then the verdict and the gate table only, and as
 * a last resort a cut that closes what it leaves open. Each tier says where the rest is.
 */
import { createHash } from 'node:crypto';

import type { Comparison, Verdict } from '../analysis/compare.js';
import { type FitLimit, fitMarkdown } from './markdown/fit.js';
import { untrusted } from './markdown/markdown.js';
import { renderMarkdown, type ReportDetail } from './markdown-report.js';
import { evidenceDetails } from './sections/evidence.js';

/** A comment body, in UTF-16 code units as GitHub counts; below its 65,536 with room to spare. */
export const COMMENT_LIMIT: FitLimit = { max: 65_000, unit: 'chars' };
/** A check run's output.summary. */
export const CHECK_SUMMARY_LIMIT: FitLimit = { max: 65_000, unit: 'bytes' };

const TIERS: readonly ReportDetail[] = ['full', 'regressions', 'verdict'];
const GATE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The hidden first line that finds the comment again; one per gate, so two suites keep two comments. */
export function commentMarker(gateId: string): string {
  if (!GATE_ID.test(gateId)) throw new Error(`gate id ${JSON.stringify(gateId)}: expected letters, digits, ".", "_" or "-"`);
  return `<!-- benchgate:v1 gate=${gateId} -->`;
}

/**
 * What the comment says, as a digest: the verdict, the deltas, the gates, which cases regressed and
 * which findings hold, and the regression budget's section. `comment: changed` leaves an equal comment alone.
 */
export function commentDigest(cmp: Comparison, verdict: string, budget: readonly string[] = []): string {
  const regressed = cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id);
  const facts = {
    verdict,
    deltas: cmp.rlm.deltas,
    gates: cmp.rlm.gates,
    case_summary: cmp.rlm.case_summary,
    regressed,
    findings: cmp.findings.map((f) => [f.code, f.blocking, f.case_ids]),
    // The regression budget's section (used, left, who set the reference): only when there is one, so other digests stay as they were.
    ...(budget.length > 0 ? { budget } : {}),
    // The acceptances (issue 46): only when there are any, so other digests stay as they were.
    ...(cmp.acceptance === undefined ? {} : { acceptance: { ...cmp.acceptance, now: null } }),
  };
  return createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 32);
}

export interface CommentContext {
  gateId: string;
  /** Overrides the comparison's verdict (a suite job that failed holds whatever the numbers say). */
  verdict: Verdict;
  /** Markdown put above the report (e.g. why a failed suite job holds the gate); already safe. */
  preface?: string;
  headSha: string | null;
  baseSha: string | null;
  /** ISO time of this update; tests pin it. */
  updatedAt: string;
  /** The workflow run, for the "updated" line; built from trusted env, not from any summary. */
  runUrl: string | null;
  reportArtifact: string;
  /** The regression budget's section (report/history-report.ts), already safe; kept in every tier. */
  budget?: readonly string[];
  /** The trend section (report/trend.ts), already safe; dropped in the smallest tier. */
  trend?: readonly string[];
}

const short = (sha: string | null): string => (sha !== null && /^[0-9a-f]{7,64}$/.test(sha) ? `\`${sha.slice(0, 7)}\`` : '*(unknown)*');

export function updatedLine(ctx: CommentContext): string {
  const when = ctx.updatedAt.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
  const run = ctx.runUrl !== null && /^https:\/\/[^\s()<>]+$/.test(ctx.runUrl) ? ` · [workflow run](${ctx.runUrl})` : '';
  return `<sub>Updated ${when} for ${short(ctx.headSha)} against base ${short(ctx.baseSha)}${run}</sub>`;
}

function tierNote(detail: ReportDetail, ctx: CommentContext): string {
  const where = `the job summary and the \`${ctx.reportArtifact}\` artifact`;
  return detail === 'full'
    ? ''
    : `> [!NOTE]\n> Shortened to fit GitHub's size limit: ${detail === 'regressions' ? 'the list of all cases is' : 'the case tables are'} in ${where}.\n\n`;
}

const budgetOf = (ctx: CommentContext): string => (ctx.budget?.length ? `${ctx.budget.join('\n')}\n` : '');

/** The report in the largest tier that fits `limit`, with `head` above it and `tail` below. */
function fitted(cmp: Comparison, ctx: CommentContext, head: string, tail: string, limit: FitLimit): string {
  const size = (text: string): number => (limit.unit === 'bytes' ? Buffer.byteLength(text, 'utf8') : text.length);
  for (const detail of TIERS) {
    const trend = detail !== 'verdict' && ctx.trend?.length ? `${ctx.trend.join('\n')}\n\n` : '';
    const text = `${head}${ctx.preface ?? ''}${tierNote(detail, ctx)}${renderMarkdown(cmp, { detail })}\n${budgetOf(ctx)}${trend}${tail}`;
    if (size(text) <= limit.max) return text;
  }
  const note = `> [!NOTE]\n> Cut to fit GitHub's size limit; the whole report is in the job summary and the \`${ctx.reportArtifact}\` artifact.`;
  const room = { ...limit, max: limit.max - size(head) - size(tail) - 1 };
  return `${head}${fitMarkdown(`${ctx.preface ?? ''}${renderMarkdown(cmp, { detail: 'verdict' })}\n${budgetOf(ctx)}`, room, note).text}\n${tail}`;
}

/** The sticky comment's body: marker, digest, report (tiered), and when it was last updated. */
export function renderComment(cmp: Comparison, ctx: CommentContext): string {
  const head = `${commentMarker(ctx.gateId)}\n<!-- benchgate:digest=${commentDigest(cmp, ctx.verdict, ctx.budget)} -->\n`;
  return fitted(cmp, ctx, head, `${updatedLine(ctx)}\n`, COMMENT_LIMIT);
}

/** One suite's section of a combined comment (report/combined-comment.ts): the report, tiered to fit `max` characters. */
export function renderSection(cmp: Comparison, ctx: CommentContext, max: number): string {
  return fitted(cmp, ctx, '', '', { max, unit: 'chars' });
}

/** The check run's output: a one-line title, the report as its summary, and the regressed cases' evidence as its details. */
export function renderCheckOutput(
  cmp: Comparison,
  ctx: CommentContext,
  title: string,
  failOnInconclusive?: boolean,
): { title: string; summary: string; text?: string } {
  const text = evidenceDetails(cmp);
  return { title, summary: fitted(cmp, ctx, inconclusiveNote(cmp, failOnInconclusive), '', CHECK_SUMMARY_LIMIT), ...(text === null ? {} : { text }) };
}

/**
 * What an inconclusive verdict does to the pull request, said plainly at the top of the check run:
 * a neutral check passes a required check on GitHub. Empty for any other verdict, or
 * when the caller does not say how the check concludes.
 */
export function inconclusiveNote(cmp: Comparison, failOnInconclusive?: boolean): string {
  if (cmp.verdict !== 'inconclusive' || failOnInconclusive === undefined) return '';
  if (failOnInconclusive)
    // What would decide it is the report's own second line, just below (sections/lead.ts, from deciding.ts): said once.
    return (
      '**This check fails: the verdict is inconclusive, and an undecided verdict blocks the merge** until what the report names below decides it. ' +
      'Advisory mode (`fail-on-inconclusive: false`, or `fail_on_inconclusive: false` in the configuration) makes it a neutral check instead, which GitHub counts as passing.\n\n'
    );
  return (
    '**This check is neutral (advisory mode), and GitHub counts a neutral check as passing: this inconclusive verdict does not block the merge**, even as a required check. ' +
    'To make it block (the default), remove `fail-on-inconclusive: false` (or `fail_on_inconclusive: false` in the configuration).\n\n'
  );
}

/** Longest error message shown in a comment or check run, in code points. */
const FAILURE_MESSAGE_MAX = 4000;

/** What the gate says when it could not decide: why, as untrusted text (it may quote a file or a summary). */
export function renderFailure(message: string): string {
  return `### ❌ benchgate could not decide\n\nbenchgate failed before reaching a verdict, so the gate holds:\n\n${untrusted(message, { maxLength: FAILURE_MESSAGE_MAX })}\n`;
}

/** The digest of a failure comment: `comment: changed` leaves the same failure alone. */
export function failureDigest(message: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ failure: message }))
    .digest('hex')
    .slice(0, 32);
}

/** The sticky comment of a gate that could not decide: marker, digest, the error, the updated line. */
export function renderFailureComment(message: string, ctx: CommentContext): string {
  return `${commentMarker(ctx.gateId)}\n<!-- benchgate:digest=${failureDigest(message)} -->\n${renderFailure(message)}\n${updatedLine(ctx)}\n`;
}
