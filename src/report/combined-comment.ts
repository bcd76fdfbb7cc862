/**
 * One PR comment for several suites (a matrix over presets): an overview of every suite's verdict,
 * then a section per suite, each written by its own gate job. A job rewrites only its own section and
 * keeps the others as it found them, so the sections are delimited by hidden markers that carry the
 * suite, its verdict and its digest (the overview is rebuilt from them on every write).
 *
 * The comment must stay under GitHub's 65,536 characters: each section gets an equal share of the
 * room, and a section over its share is cut at a line boundary with its open blocks closed (its whole
 * report is in that suite's job summary and report artifact).
 */
import type { Verdict } from '../analysis/compare.js';
import { COMMENT_LIMIT } from './comment.js';
import { fitMarkdown } from './markdown/fit.js';

export interface CommentSection {
  suite: string;
  verdict: Verdict;
  digest: string;
  /** The section's markdown (the suite's report, already safe). */
  body: string;
}

const NAME = /^[A-Za-z0-9._-]{1,100}$/;
const VERDICTS: readonly Verdict[] = ['promote', 'hold', 'inconclusive'];
const ICON: Record<Verdict, string> = { promote: '✅ Promote', hold: '❌ Hold', inconclusive: '❔ Inconclusive' };

/** The hidden first line of a combined comment: one per group. */
export function groupMarker(group: string): string {
  if (!NAME.test(group)) throw new Error(`comment group ${JSON.stringify(group)}: expected letters, digits, ".", "_" or "-"`);
  return `<!-- benchgate:v1 group=${group} -->`;
}

const START = /^<!-- benchgate:section suite=([A-Za-z0-9._-]{1,100}) verdict=(promote|hold|inconclusive) digest=([0-9a-f]{0,64}) -->$/;
const end = (suite: string): string => `<!-- benchgate:section-end suite=${suite} -->`;

/**
 * The sections of a combined comment's body, in order. Text outside the markers (the overview, the
 * updated line) is dropped: it is rebuilt. A section whose end marker is missing is dropped too,
 * rather than swallowing the rest of the comment.
 */
export function parseSections(body: string): CommentSection[] {
  const out: CommentSection[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = START.exec(lines[i] as string);
    if (!m) continue;
    const suite = m[1] as string;
    const close = lines.indexOf(end(suite), i + 1);
    if (close < 0) continue;
    if (!out.some((s) => s.suite === suite)) {
      out.push({ suite, verdict: m[2] as Verdict, digest: m[3] as string, body: lines.slice(i + 1, close).join('\n') });
    }
    i = close;
  }
  return out;
}

/** The sections with `section` put in place of its suite's, or added; ordered by suite name. */
export function withSection(sections: readonly CommentSection[], section: CommentSection): CommentSection[] {
  if (!NAME.test(section.suite) || !VERDICTS.includes(section.verdict))
    throw new Error(`section ${JSON.stringify(section.suite)}: expected a suite name of letters, digits, ".", "_" or "-"`);
  return [...sections.filter((s) => s.suite !== section.suite), section].sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : 0));
}

function overview(sections: readonly CommentSection[]): string {
  const held = sections.filter((s) => s.verdict !== 'promote').length;
  const head = held === 0 ? `## benchgate: all ${sections.length} suites promote` : `## benchgate: ${held} of ${sections.length} suites do not promote`;
  return [head, '', '| Suite | Verdict |', '|:--|:--|', ...sections.map((s) => `| \`${s.suite}\` | ${ICON[s.verdict]} |`), ''].join('\n');
}

const headOf = (group: string, sections: readonly CommentSection[]): string => `${groupMarker(group)}\n${overview(sections)}\n`;
const startOf = (s: CommentSection): string => `<!-- benchgate:section suite=${s.suite} verdict=${s.verdict} digest=${s.digest} -->`;
const SEPARATOR = '\n\n---\n\n';

/**
 * The room for each section's body, in characters, when the comment holds `sections` (bodies aside)
 * and ends with `tail`: an equal share of what the limit leaves.
 */
export function sectionShare(group: string, sections: readonly CommentSection[], tail: string): number {
  const framing = sections.reduce((n, s) => n + startOf(s).length + end(s.suite).length + 2 + SEPARATOR.length, 0);
  return Math.floor((COMMENT_LIMIT.max - headOf(group, sections).length - tail.length - framing - 8) / Math.max(1, sections.length));
}

/**
 * The combined comment's body: marker, overview, the sections (one over its share of the room is cut
 * at a line boundary, its open blocks closed, with `note(suite)` saying where the rest is), `tail`.
 */
export function renderCombined(group: string, sections: readonly CommentSection[], tail: string, note: (suite: string) => string): string {
  const share = sectionShare(group, sections, tail);
  const parts = sections.map(
    (s) => `${startOf(s)}\n${fitMarkdown(s.body, { max: share, unit: COMMENT_LIMIT.unit }, note(s.suite)).text.replace(/\n+$/, '')}\n${end(s.suite)}`,
  );
  return `${headOf(group, sections)}\n${parts.join(SEPARATOR)}\n\n${tail}`;
}
