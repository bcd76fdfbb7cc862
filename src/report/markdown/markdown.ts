/**
 * Markdown builders. Each does one thing; renderers push their output into line arrays.
 *
 * {@link untrusted} is the one function through which every string that comes from a summary, a file
 * name, a branch or a PR reaches markdown. It renders the value as a code span, because inside a code
 * span GitHub interprets nothing: no HTML, no emphasis, no links or autolinks, no @mentions or #refs.
 * What a code span cannot neutralize is handled here: backtick runs (a longer fence), line breaks
 * (they would end a table row or a list item), `|` in table cells, control and bidirectional
 * characters (which can make text read differently from what it is), and length.
 */

/** Characters replaced by U+FFFD: C0/C1 controls, DEL, bidi overrides/isolates/marks, line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

export interface UntrustedOptions {
  /** The value goes into a table cell: `|` must be escaped or it would split the cell. */
  inTable?: boolean;
  /** Longest value shown, in code points; longer values end in "…". Default 200. */
  maxLength?: number;
}

/** Printable ASCII but for a backtick and `|`: nothing to replace, escape or fence specially. */
const PLAIN = /^[\x20-\x5f\x61-\x7b\x7d\x7e]+$/;

/** Renders an untrusted string safely as inline code. */
export function untrusted(value: string, options: UntrustedOptions = {}): string {
  const max = options.maxLength ?? 200;
  // The common case (ids like `case_000123`) in one test: a plain string needs only the fence.
  if (value.length <= max && PLAIN.test(value) && !(value.startsWith(' ') && value.endsWith(' '))) return `\`${value}\``;
  let text = value.replace(/\r\n|[\r\n\t]/g, ' ').replace(UNSAFE, '\ufffd');
  const points = [...text];
  if (points.length > max) text = `${points.slice(0, max - 1).join('')}…`;
  if (text === '') return '*(empty)*';
  if (options.inTable) text = text.replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export interface UntrustedBlockOptions {
  /** Most lines shown; the first lines beyond are dropped and counted. Default 20. */
  maxLines?: number;
  /** Most code points shown per line; longer lines end in "…". Default 200. */
  maxLineLength?: number;
  /** Keep the last lines instead of the first (a traceback ends with its error). */
  tail?: boolean;
}

/**
 * Renders untrusted multi-line text as a fenced code block, where GitHub interprets nothing. The
 * fence is longer than any backtick run in the text, so no line can close it; the same characters
 * as in {@link untrusted} become U+FFFD, tabs become spaces, and lines and their length are capped.
 * Every line inside is indented by two spaces, so that none starts with `::` (a workflow command
 * when the report is printed in a job's log) or is one of benchgate's hidden markers (a combined
 * comment finds its sections by whole marker lines). Returns the block's lines (the fence lines
 * included); the caller leaves a blank line around it.
 */
export function untrustedBlock(value: string, options: UntrustedBlockOptions = {}): string[] {
  const maxLines = options.maxLines ?? 20;
  const maxLen = options.maxLineLength ?? 200;
  let lines = value.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(UNSAFE, '\ufffd').split('\n');
  while (lines.length > 0 && (lines[lines.length - 1] as string).trim() === '') lines.pop();
  const dropped = Math.max(0, lines.length - maxLines);
  if (dropped > 0) lines = options.tail ? lines.slice(-maxLines) : lines.slice(0, maxLines);
  lines = lines.map((line) => {
    const points = [...line];
    return points.length > maxLen ? `${points.slice(0, maxLen - 1).join('')}…` : line;
  });
  if (dropped > 0) lines.splice(options.tail ? 0 : lines.length, 0, `… ${dropped} line${dropped === 1 ? '' : 's'} not shown`);
  const longestRun = Math.max(0, ...lines.flatMap((l) => l.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return [fence, ...lines.map((line) => `  ${line}`), fence];
}

export type Align = 'left' | 'right' | 'center';

/** A GFM table. Cells must already be safe markdown (built with {@link untrusted} where needed). */
export function table(header: readonly string[], align: readonly Align[], rows: readonly (readonly string[])[]): string[] {
  const rule = align.map((a) => (a === 'right' ? '--:' : a === 'center' ? ':-:' : ':--'));
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), `|${rule.join('|')}|`, ...rows.map(line)];
}

/** A collapsed `<details>` block; the summary text must be trusted. Blank lines keep markdown working inside. */
export function details(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${summary}</summary>`, '', ...body, '', '</details>'];
}

/** A bullet list. */
export function bullets(items: readonly string[]): string[] {
  return items.map((item) => `- ${item}`);
}

/** A task-list item. */
export function checkbox(checked: boolean, text: string): string {
  return `- [${checked ? 'x' : ' '}] ${text}`;
}
