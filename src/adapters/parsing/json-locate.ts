/**
 * Finds where a JSON text breaks, for error messages. `JSON.parse` says "Unexpected token" with no
 * position on some errors and never names the field, so when it fails this scanner walks the text
 * once more and reports the line, column and JSON path of the first problem.
 *
 * Python's `json.dumps` writes `NaN`, `Infinity` and `-Infinity` for non-finite floats (rlm-code does
 * when a metric is undefined): those are reported as such, with the field they sit in, because that is
 * a data problem the user must fix upstream, not a corrupt file.
 */

export interface JsonProblem {
  /** 1-based line and column of the offending character. */
  line: number;
  column: number;
  /** JSON path of the value being read, e.g. `$.case_results[3].total_reward`. */
  path: string;
  /** What was wrong, e.g. `NaN is not a finite number` or `expected ',' or '}'`. */
  reason: string;
  /** True when the problem is a NaN/Infinity literal (the rest of the file may be fine). */
  nonFinite: boolean;
}

type Segment = string | number;

class Fail extends Error {
  constructor(
    readonly at: number,
    readonly reason: string,
    readonly nonFinite = false,
  ) {
    super(reason);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
/** Deeper nesting is reported rather than followed (the scanner recurses; summaries are shallow). */
export const MAX_DEPTH = 512;
const NON_FINITE = ['-Infinity', 'Infinity', 'NaN'];

/** Formats a path the way errors show it: `$`, `$.a.b[2]`, `$["odd key"]`. */
export function formatPath(path: readonly Segment[]): string {
  let out = '$';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) out += `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/**
 * Scans `text` and returns its first problem, or null if it is valid JSON with finite numbers only.
 * Number literals too large for a double (`1e999`, which JSON.parse turns into Infinity) count as
 * problems, like NaN.
 */
export function locateJsonProblem(text: string): JsonProblem | null {
  const path: Segment[] = [];
  let i = 0;
  const skip = (): void => {
    while (i < text.length && WS.has(text[i] as string)) i++;
  };
  const expect = (ch: string, what: string): void => {
    skip();
    if (text[i] !== ch) throw new Fail(i, `expected ${what}`);
    i++;
  };
  const str = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) throw new Fail(i, 'control character inside a string');
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) throw new Fail(start, 'string is not closed');
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw new Fail(start, 'invalid escape sequence in string');
    }
  };
  const value = (): void => {
    skip();
    if (path.length > MAX_DEPTH) throw new Fail(i, `nesting deeper than ${MAX_DEPTH} levels`);
    const ch = text[i];
    if (ch === undefined) throw new Fail(i, 'unexpected end of file: a value is missing');
    if (ch === '{') return object();
    if (ch === '[') return array();
    if (ch === '"') return void str();
    for (const lit of NON_FINITE) {
      if (text.startsWith(lit, i)) throw new Fail(i, `${lit} is not a finite number`, true);
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|^(true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) throw new Fail(i, `unexpected character ${JSON.stringify(ch)}`);
    if (m[4] === undefined && !Number.isFinite(Number(m[0]))) {
      throw new Fail(i, `${m[0].length > 20 ? `${m[0].slice(0, 20)}…` : m[0]} is too large to be a finite number`, true);
    }
    i += m[0].length;
  };
  const object = (): void => {
    i++;
    skip();
    if (text[i] === '}') return void i++;
    for (;;) {
      skip();
      if (text[i] !== '"') throw new Fail(i, 'expected a double-quoted property name');
      path.push(str());
      expect(':', "':' after the property name");
      value();
      path.pop();
      skip();
      if (text[i] === ',') i++;
      else if (text[i] === '}') return void i++;
      else throw new Fail(i, "expected ',' or '}' after a property value");
    }
  };
  const array = (): void => {
    i++;
    skip();
    if (text[i] === ']') return void i++;
    for (let n = 0; ; n++) {
      path.push(n);
      value();
      path.pop();
      skip();
      if (text[i] === ',') i++;
      else if (text[i] === ']') return void i++;
      else throw new Fail(i, "expected ',' or ']' after an array element");
    }
  };
  try {
    value();
    skip();
    if (i < text.length) throw new Fail(i, 'unexpected text after the end of the JSON value');
    return null;
  } catch (err) {
    if (!(err instanceof Fail)) throw err;
    const before = text.slice(0, err.at);
    const line = before.split('\n').length;
    const column = err.at - before.lastIndexOf('\n');
    const full = formatPath(path);
    const shown = full.length > 200 ? `${full.slice(0, 100)}…${full.slice(-99)}` : full;
    return { line, column, path: shown, reason: err.reason, nonFinite: err.nonFinite };
  }
}
