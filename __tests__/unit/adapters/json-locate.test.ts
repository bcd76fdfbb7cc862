// locateJsonProblem: where a JSON text breaks (line, column, JSON path) and why; formatPath.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { formatPath, locateJsonProblem } from '../../../src/adapters/parsing/json-locate.js';

const problem = (line: number, column: number, path: string, reason: string, nonFinite = false) => ({
  line,
  column,
  path,
  reason,
  nonFinite,
});

describe('locateJsonProblem on valid JSON', () => {
  it.each([
    ['an empty object', '{}'],
    ['an empty array', ' [ ] '],
    ['a flat object', '{"a": 1, "b": -2.5e-3, "c": true, "d": false, "e": null}'],
    ['an array of scalars', '[0, -0, 1E+2, "x", null]'],
    ['nested objects and arrays', '{"a": [{"b": [[], {}, [1, [2, {"c": {}}]]]}], "d": {"e": {"f": [null]}}}'],
    ['strings with escapes', String.raw`{"q\"k": "line\nnext\ttab \\ slash \/ \b\f\r \u00e9 \ud83d\ude00"}`],
    ['raw unicode', '{"café": "naïve 😀 日本語", "emoji 😀": ["é"]}'],
    ['a bare string', '"just a string"'],
    ['a bare number', '42'],
    ['CRLF line ends', '{\r\n  "a": [1,\r\n 2]\r\n}\r\n'],
  ])('%s', (_label, text) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(locateJsonProblem(text)).toBeNull();
  });

  it('a real rlm-code summary', () => {
    const text = readFileSync(new URL('../../fixtures/rlm-code/steps_just_over_050/baseline.json', import.meta.url), 'utf8');
    expect(locateJsonProblem(text)).toBeNull();
  });
});

describe('locateJsonProblem on broken JSON', () => {
  it.each([
    ['a trailing comma in an object', '{\n  "a": 1,\n}', problem(3, 1, '$', 'expected a double-quoted property name')],
    ['a trailing comma in an array', '{"a": [1, 2,]}', problem(1, 13, '$.a[2]', 'unexpected character "]"')],
    ['a missing colon', '{"a" 1}', problem(1, 6, '$.a', "expected ':' after the property name")],
    ['a missing comma between properties', '{"a": 1 "b": 2}', problem(1, 9, '$', "expected ',' or '}' after a property value")],
    ['a missing comma between elements', '[1 2]', problem(1, 4, '$', "expected ',' or ']' after an array element")],
    ['a mismatched bracket', '{"a": [1, 2}', problem(1, 12, '$.a', "expected ',' or ']' after an array element")],
    ['an unclosed string', '{"a": "abc', problem(1, 7, '$.a', 'string is not closed')],
    ['an unclosed property name', '{"ab', problem(1, 2, '$', 'string is not closed')],
    ['an unclosed object', '{"a": 1', problem(1, 8, '$', "expected ',' or '}' after a property value")],
    ['a missing value at the end', '{"a": ', problem(1, 7, '$.a', 'unexpected end of file: a value is missing')],
    ['a control character (tab) inside a string', '{"a": "x\ty"}', problem(1, 9, '$.a', 'control character inside a string')],
    ['a raw newline inside a string', '{"a": "x\ny"}', problem(1, 9, '$.a', 'control character inside a string')],
    ['a bad escape', String.raw`{"a": "x\qy"}`, problem(1, 7, '$.a', 'invalid escape sequence in string')],
    ['a short \\u escape', String.raw`{"a": "\u12"}`, problem(1, 7, '$.a', 'invalid escape sequence in string')],
    ['text after the value', '{"a": 1} x', problem(1, 10, '$', 'unexpected text after the end of the JSON value')],
    ['two values', '{}\n{}', problem(2, 1, '$', 'unexpected text after the end of the JSON value')],
    ['single-quoted keys', "{'a': 1}", problem(1, 2, '$', 'expected a double-quoted property name')],
    ['a bare word', '{"a": yes}', problem(1, 7, '$.a', 'unexpected character "y"')],
    ['a lone minus', '[-]', problem(1, 2, '$[0]', 'unexpected character "-"')],
    ['an empty text', '', problem(1, 1, '$', 'unexpected end of file: a value is missing')],
  ])('%s', (_label, text, expected) => {
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(locateJsonProblem(text)).toEqual(expected);
  });

  it.each([
    ['NaN', '{"avg_reward": NaN}', problem(1, 16, '$.avg_reward', 'NaN is not a finite number', true)],
    ['Infinity', '{"a": [1, Infinity]}', problem(1, 11, '$.a[1]', 'Infinity is not a finite number', true)],
    ['-Infinity', '{"a": {"b": -Infinity}}', problem(1, 13, '$.a.b', '-Infinity is not a finite number', true)],
  ])('%s literal is flagged nonFinite with its path', (_label, text, expected) => {
    expect(locateJsonProblem(text)).toEqual(expected);
  });

  it('reports the first non-finite literal only', () => {
    expect(locateJsonProblem('[1, NaN, Infinity]')).toMatchObject({ path: '$[1]', reason: 'NaN is not a finite number' });
  });

  it('follows deep paths like $.case_results[2].usage.prompt_tokens across lines', () => {
    const rows = [0, 1, 2].map((i) => ({ case_id: `c${i}`, usage: { total_calls: 1, prompt_tokens: 10, completion_tokens: 2 } }));
    const text = JSON.stringify({ total_cases: 3, case_results: rows }, null, 2).replace(
      /("case_id": "c2",\n\s*"usage": \{\n\s*"total_calls": 1,\n\s*"prompt_tokens": )10/,
      '$1NaN',
    );
    expect(text).toContain('NaN');
    const line = text.split('\n').findIndex((l) => l.includes('NaN')) + 1;
    expect(line).toBeGreaterThan(20);
    expect(locateJsonProblem(text)).toEqual(problem(line, 26, '$.case_results[2].usage.prompt_tokens', 'NaN is not a finite number', true));
  });

  it('gives the path of the element being read, not of earlier siblings', () => {
    expect(locateJsonProblem('{"a": {"x": 1}, "b": [true, {"c": tru}]}')).toEqual(problem(1, 35, '$.b[1].c', 'unexpected character "t"'));
  });

  it('counts lines with CRLF line ends', () => {
    expect(locateJsonProblem('{\r\n  "a": 1,\r\n  "b": NaN\r\n}')).toEqual(problem(3, 8, '$.b', 'NaN is not a finite number', true));
  });

  it('quotes odd keys in the path', () => {
    expect(locateJsonProblem('{"odd key": {"x-y": NaN}}')).toMatchObject({ path: '$["odd key"]["x-y"]', nonFinite: true });
  });
});

describe('formatPath', () => {
  it.each<[(string | number)[], string]>([
    [[], '$'],
    [['a', 'b'], '$.a.b'],
    [['case_results', 2, 'usage', 'prompt_tokens'], '$.case_results[2].usage.prompt_tokens'],
    [[0, 1], '$[0][1]'],
    [['odd key'], '$["odd key"]'],
    [['x-y', 'ok'], '$["x-y"].ok'],
    [['1abc'], '$["1abc"]'],
    [[''], '$[""]'],
    [['quo"te'], '$["quo\\"te"]'],
    [['_private', 'A9'], '$._private.A9'],
    [['café'], '$["café"]'],
  ])('%j → %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected);
  });
});
