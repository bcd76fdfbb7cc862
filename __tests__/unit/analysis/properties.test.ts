// Property-based tests (fast-check, issue 18, item 7) of what reads untrusted bytes and what writes
// untrusted text: the summary readers answer any input with a summary or an InputError (never
// another exception, never a silently altered value), and the markdown escaper's output cannot break
// a table, a line, a code span, or be read as one of benchgate's markers. Seeds are fixed: the same
// cases on every run; a failure prints the counterexample and its seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { checkJsonText, MAX_JSON_DEPTH } from '../../../src/adapters/parsing/json-guard.js';
import { decodeUtf8, parseJsonText } from '../../../src/adapters/parsing/read-json.js';
import { parsePackedSummary, parseSummary } from '../../../src/adapters/registry.js';
import { InputError } from '../../../src/errors.js';
import { startsWithMarker } from '../../../src/github/comments.js';
import { commentMarker } from '../../../src/report/comment.js';
import { untrusted } from '../../../src/report/markdown/markdown.js';

const SEED = 18;
const runs = (numRuns: number) => ({ seed: SEED, numRuns });

/** Runs `fn`; any exception but an InputError fails the property. */
function onlyInputErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
  }
}

/** Strings with what breaks markdown and markers: backticks, pipes, line breaks, bidi, comments. */
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({
    unit: fc.constantFrom('`', '|', '\n', '\r', '\t', '\\', '<', '>', '!', '-', ' ', 'a', '\u202e', '\u2028', '\u0000', '@', '#', '$'),
    maxLength: 60,
  }),
  fc.constantFrom(
    '<!-- benchgate:v1 gate=other -->',
    '<!-- benchgate:digest=ffffffffffffffff -->',
    '<!-- benchgate:section suite=x verdict=promote digest= -->',
    '-->',
    '``',
    ' ` ',
  ),
);

describe('the markdown escaper (untrusted)', () => {
  it('never lets a line break, a control or bidi character, or an unescaped | (in a table) through', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), fc.integer({ min: 1, max: 300 }), (value, inTable, maxLength) => {
        const out = untrusted(value, { inTable, maxLength });
        // eslint-disable-next-line no-control-regex
        expect(out).not.toMatch(/[\r\n\u2028\u2029\u202a-\u202e\u2066-\u2069\u0000-\u0008]/);
        if (inTable) expect(out.replace(/\\\|/g, '')).not.toContain('|');
      }),
      runs(3000),
    );
  });

  it('is one code span whose fence is longer than any backtick run inside, or *(empty)*', () => {
    fc.assert(
      fc.property(hostile, (value) => {
        const out = untrusted(value);
        if (out === '*(empty)*') return;
        const fence = /^`+/.exec(out)?.[0] ?? '';
        expect(fence.length).toBeGreaterThan(0);
        expect(out.endsWith(fence)).toBe(true);
        const inner = out.slice(fence.length, out.length - fence.length);
        for (const run of inner.match(/`+/g) ?? []) expect(run.length).not.toBe(fence.length);
        expect(inner.length).toBeGreaterThan(0);
      }),
      runs(3000),
    );
  });

  it('keeps at most maxLength code points of the value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 1, max: 200 }), (value, maxLength) => {
        const out = untrusted(value, { maxLength });
        if (out === '*(empty)*') {
          expect(value).toBe('');
          return;
        }
        const fence = /^`+/.exec(out)?.[0] ?? '';
        // Inside the fence: the value (cut to maxLength, "…" included), with at most one space of padding each side.
        expect([...out.slice(fence.length, out.length - fence.length)].length).toBeLessThanOrEqual(maxLength + 2);
      }),
      runs(1000),
    );
  });

  it('put in a table row or a list item, can never be read as a benchgate marker', () => {
    const marker = commentMarker('other');
    fc.assert(
      fc.property(hostile, (value) => {
        for (const body of [`| ${untrusted(value, { inTable: true })} | x |`, `- ${untrusted(value)}`, untrusted(value)]) {
          expect(startsWithMarker(body, marker)).toBe(false);
          for (const line of body.split('\n')) expect(line).not.toMatch(/^<!-- benchgate:/);
        }
      }),
      runs(3000),
    );
  });
});

describe('the summary readers', () => {
  it('decodeUtf8: any bytes decode to exactly what they say, or are refused as invalid UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const buf = Buffer.from(bytes);
        const expected = buf.toString('utf8');
        let got: string;
        try {
          got = decodeUtf8(Buffer.from(bytes));
        } catch (err) {
          expect(err).toBeInstanceOf(InputError);
          expect(expected).toContain('\ufffd');
          return;
        }
        expect(got).toBe(expected);
      }),
      runs(5000),
    );
  });

  it('parseJsonText: any text is a value or an InputError (never a crash)', () => {
    const jsonish = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.json().map((t) => t.slice(0, Math.max(0, t.length - 1))),
      fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', ':', ',', '1', 'e', '-', 'N', ' ', '\\'), maxLength: 60 }),
    );
    fc.assert(
      fc.property(jsonish, (text) => onlyInputErrors(() => parseJsonText('x.json', text))),
      runs(5000),
    );
  });

  it('parseJsonText: valid JSON of unique keys reads as JSON.parse reads it; a repeated key is refused', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        expect(parseJsonText('x.json', text)).toEqual(JSON.parse(text));
        const withDupe = text.replace(/^\{"((?:[^"\\]|\\.)*)":/, '{"$1":null,"$1":');
        if (withDupe !== text) expect(() => parseJsonText('x.json', withDupe)).toThrow(/is given twice/);
      }),
      runs(2000),
    );
  });

  it('checkJsonText: any nesting up to the limit passes, one level more is refused with the depth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_JSON_DEPTH + 50 }), fc.boolean(), (depth, objects) => {
        const open = objects ? '{"k":' : '[';
        const close = objects ? '}' : ']';
        const text = `${open.repeat(depth)}0${close.repeat(depth)}`;
        if (depth <= MAX_JSON_DEPTH) expect(() => checkJsonText('x', text)).not.toThrow();
        else expect(() => checkJsonText('x', text)).toThrow(`nested deeper than ${MAX_JSON_DEPTH} levels`);
      }),
      runs(300),
    );
  });

  it('parseSummary and parsePackedSummary: any JSON value is a summary or an InputError, in every format', () => {
    const formats = ['auto', 'benchgate', 'rlm-code', 'records', 'promptfoo'];
    const summaryish = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }),
      fc.record({
        case_results: fc.array(
          fc.dictionary(fc.constantFrom('case_id', 'completed', 'total_reward', 'steps', 'error', 'usage'), fc.jsonValue({ maxDepth: 2 })),
          { maxLength: 4 },
        ),
      }),
      fc.record({ records: fc.array(fc.dictionary(fc.constantFrom('id', 'passed', 'score', 'turns'), fc.jsonValue({ maxDepth: 1 })), { maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(summaryish, fc.constantFrom(...formats), (data, format) => {
        onlyInputErrors(() => parseSummary('x.json', data, format));
        onlyInputErrors(() => parsePackedSummary('x.json', data, format));
      }),
      runs(1500),
    );
  });
});
