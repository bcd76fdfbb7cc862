/**
 * Fits rendered markdown into a size limit (GitHub's job summary takes 1 MiB per step, a comment
 * 65,536 characters, a check-run summary 65,535 bytes): cut at a line boundary, close whatever
 * `<details>` or code fence the cut left open, and end with a note that says where the rest is.
 */

export interface FitLimit {
  /** Largest allowed size, in the unit `measure` counts. */
  max: number;
  /** UTF-8 bytes (job summary, check runs) or UTF-16 code units (comment bodies). */
  unit: 'bytes' | 'chars';
}

const size = (text: string, unit: FitLimit['unit']): number => (unit === 'bytes' ? Buffer.byteLength(text, 'utf8') : text.length);

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** What must be appended to `text` to close the `<details>` blocks and the code fence it leaves open. */
export function closers(text: string): string {
  let fence: string | null = null;
  let open = 0;
  for (const line of text.split('\n')) {
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && f[1]?.[0] === fence[0] && (f[1]?.length ?? 0) >= fence.length && line.trim() === f[1]) fence = null;
      continue;
    }
    if (f) {
      fence = f[1] as string;
      continue;
    }
    open += (line.match(/<details[\s>]/g) ?? []).length;
    open -= (line.match(/<\/details>/g) ?? []).length;
  }
  const parts: string[] = [];
  if (fence !== null) parts.push(fence);
  for (let i = 0; i < Math.max(0, open); i++) parts.push('</details>');
  if (parts.length === 0) return '';
  return `${text.endsWith('\n') ? '' : '\n'}${parts.join('\n')}\n`;
}

/**
 * `markdown` unchanged when it fits; otherwise its longest prefix of whole lines that fits together
 * with the closers and `note` (a markdown paragraph saying the report was cut and where the rest is).
 */
export function fitMarkdown(markdown: string, limit: FitLimit, note: string): { text: string; truncated: boolean } {
  if (size(markdown, limit.unit) <= limit.max) return { text: markdown, truncated: false };
  const tail = `\n${note}\n`;
  // Closers are short: at most a fence and one </details> per nesting level. Reserve generously, then check.
  let budget = limit.max - size(tail, limit.unit) - 256;
  while (budget > 0) {
    let cut = markdown.slice(0, Math.min(markdown.length, budget));
    while (size(cut, limit.unit) > budget) cut = cut.slice(0, Math.floor(cut.length * 0.9));
    const nl = cut.lastIndexOf('\n');
    const kept = nl >= 0 ? cut.slice(0, nl + 1) : '';
    const text = `${kept}${closers(kept)}${tail}`;
    if (size(text, limit.unit) <= limit.max) return { text, truncated: true };
    budget -= 1024;
  }
  return { text: note.slice(0, limit.max), truncated: true };
}
