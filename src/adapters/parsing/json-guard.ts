/**
 * What JSON.parse lets through and a summary must not say: the same key twice in one object
 * (JSON.parse keeps the last, so a summary that says two things is read as one without a word), and
 * nesting so deep that the code walking the value runs out of stack. One pass over text that
 * JSON.parse has accepted, without recursion: strings are skipped with indexOf, keys kept per object
 * only while it is open. Errors name the file, the line and column, and the JSON path.
 */
import { InputError } from '../../errors.js';
import { formatPath } from './json-locate.js';

/** Deepest nesting of arrays and objects read; a summary needs a handful of levels. */
export const MAX_JSON_DEPTH = 256;

interface Frame {
  /** Keys seen in this object and where (null for an array). */
  keys: Map<string, number> | null;
  /** The key or index of the value being read in this container. */
  at: string | number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function lineColumn(text: string, at: number): string {
  const before = text.slice(0, at);
  return `line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n')}`;
}

function shownPath(stack: readonly Frame[]): string {
  const full = formatPath(stack.map((f) => f.at));
  return full.length > 200 ? `${full.slice(0, 100)}…${full.slice(-99)}` : full;
}

/** The index just past the string that starts at `start` (an opening quote). */
function stringEnd(text: string, start: number): number {
  let q = text.indexOf('"', start + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
    q = text.indexOf('"', q + 1);
  }
}

/**
 * Throws an InputError for a duplicate key or nesting over {@link MAX_JSON_DEPTH}. `text` must be
 * valid JSON (JSON.parse accepted it); `where` names the file (and line of a JSON Lines file).
 */
export function checkJsonText(where: string, text: string, maxDepth = MAX_JSON_DEPTH): void {
  const stack: Frame[] = [];
  // In an object, true when the next string is a key.
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, end - 1);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : raw;
        const first = top.keys.get(key);
        top.at = key;
        if (first !== undefined) {
          throw new InputError(
            `${where}: ${shownPath(stack)}: key ${JSON.stringify(key)} is given twice, at ${lineColumn(text, first)} and at ${lineColumn(text, i)}; a summary must say each thing once`,
          );
        }
        top.keys.set(key, i);
        expectKey = false;
      }
      i = end - 1;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= maxDepth) {
        throw new InputError(
          `${where}: ${lineColumn(text, i)} (${shownPath(stack)}): nested deeper than ${maxDepth} levels of arrays and objects; benchgate reads at most ${maxDepth}`,
        );
      }
      stack.push(c === 0x7b ? { keys: new Map(), at: '' } : { keys: null, at: 0 });
      expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
  }
}
