// Strict input: every way an input file can be wrong gives one InputError that names the file, the
// case id (for row problems), the JSON path and what was expected.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { MAX_LISTED_PROBLEMS } from '../../../src/adapters/parsing/issues.js';
import { parseJsonText } from '../../../src/adapters/parsing/read-json.js';
import { loadSummary, parseSummary } from '../../../src/adapters/registry.js';
import { inputError, triedFormats } from '../../helpers/input-error.js';

type Row = Record<string, unknown>;
interface RawSummary extends Record<string, unknown> {
  case_results: unknown[];
}

const NATIVE = fileURLToPath(new URL('../../fixtures/rlm-code/completion_regression_overall_improved/baseline.json', import.meta.url));
const PY_NAN = fileURLToPath(new URL('../../fixtures/adapters/python-nan.json', import.meta.url));
// Rows: chunked_analysis, iterative_refinement, variable_accumulation, recursive_decomposition.
const NATIVE_TEXT = readFileSync(NATIVE, 'utf8');
const raw = (): RawSummary => JSON.parse(NATIVE_TEXT) as RawSummary;
const FILE = 'runs/base.json';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const onDisk = (name: string, text: string): string => {
  const file = join(tmp, name);
  writeFileSync(file, text);
  return file;
};

/** The InputError message for the native fixture after `mutate` edits row or top level. */
const problem = (mutate: (s: RawSummary, rows: Row[]) => void): string => {
  const s = raw();
  mutate(s, s.case_results as Row[]);
  return inputError(() => parseSummary(FILE, s));
};

describe('row problems name the file, the case id, the JSON path and what was expected', () => {
  it.each<[string, (s: RawSummary, rows: Row[]) => void, RegExp]>([
    [
      'completed as the string "false"',
      (_, r) => void ((r[1] as Row).completed = 'false'),
      /^runs\/base\.json: case "iterative_refinement" \(\$\.case_results\[1\]\.completed\): expected a boolean \(true or false\), got the string "false"$/,
    ],
    [
      'total_reward as a string',
      (_, r) => void ((r[2] as Row).total_reward = '0.5'),
      /^runs\/base\.json: case "variable_accumulation" \(\$\.case_results\[2\]\.total_reward\): expected a finite number, got the string "0\.5"$/,
    ],
    [
      'steps 2.5',
      (_, r) => void ((r[0] as Row).steps = 2.5),
      /^runs\/base\.json: case "chunked_analysis" \(\$\.case_results\[0\]\.steps\): expected a whole number, got the number 2\.5$/,
    ],
    [
      'negative steps',
      (_, r) => void ((r[3] as Row).steps = -1),
      /^runs\/base\.json: case "recursive_decomposition" \(\$\.case_results\[3\]\.steps\): expected a whole number >= 0, got the number -1$/,
    ],
    [
      'a negative token count inside usage.roles',
      (_, r) => void (((r[1] as Row).usage as { roles: { sub: Row } }).roles.sub.prompt_tokens = -3),
      /case "iterative_refinement" \(\$\.case_results\[1\]\.usage\.roles\.sub\.prompt_tokens\): expected a whole number >= 0, got the number -3$/,
    ],
    [
      'a label of the wrong type',
      (_, r) => void ((r[0] as Row).task_family = 3),
      /case "chunked_analysis" \(\$\.case_results\[0\]\.task_family\): expected a string or null, got the number 3$/,
    ],
    [
      'a negative duration',
      (_, r) => void ((r[0] as Row).duration_seconds = -0.5),
      /case "chunked_analysis" \(\$\.case_results\[0\]\.duration_seconds\): expected a number of seconds >= 0, got the number -0\.5$/,
    ],
    [
      'codemode_guardrail_blocked as 0',
      (_, r) => void ((r[0] as Row).codemode_guardrail_blocked = 0),
      /case "chunked_analysis" \(\$\.case_results\[0\]\.codemode_guardrail_blocked\): expected a boolean \(true or false\), got the number 0$/,
    ],
  ])('%s', (_label, mutate, message) => {
    expect(problem(mutate)).toMatch(message);
  });

  it('an empty case_id: path and the value found', () => {
    const msg = problem((_, r) => void ((r[1] as Row).case_id = ''));
    expect(msg).toMatch(/^runs\/base\.json: .*\$\.case_results\[1\]\.case_id.*expected a non-empty string, got the string ""$/);
  });

  it('a numeric case_id 7: path and the value found', () => {
    const msg = problem((_, r) => void ((r[1] as Row).case_id = 7));
    expect(msg).toMatch(/^runs\/base\.json: .*\$\.case_results\[1\]\.case_id.*expected a non-empty string, got the number 7$/);
  });

  it('a missing case_id', () => {
    const msg = problem((_, r) => void delete (r[2] as Row).case_id);
    expect(msg).toMatch(/\$\.case_results\[2\]\.case_id.*expected a non-empty string, got nothing \(the field is missing\)/);
  });

  it('duplicate case ids name the id and both positions', () => {
    const msg = problem((_, r) => void ((r[3] as Row).case_id = 'iterative_refinement'));
    expect(msg).toMatch(
      /^runs\/base\.json: duplicate case id: case "iterative_refinement" appears at \$\.case_results\[1\] and \[3\]; expected each case_id once$/,
    );
  });

  it.each([
    ['a string', 'oops'],
    ['null', null],
    ['an array', [1, 2]],
    ['a number', 5],
  ])('a case row that is %s', (_l, value) => {
    const msg = problem((s) => void (s.case_results[2] = value));
    expect(msg).toBe('runs/base.json: $.case_results[2]: expected a case object');
  });

  it('several problems in one row are all listed, with the count', () => {
    const msg = problem((_, r) => void Object.assign(r[0] as Row, { completed: 'yes', steps: 'x' }));
    expect(msg).toMatch(/^runs\/base\.json: 2 problems:\n/);
    expect(msg).toMatch(/\n {2}- case "chunked_analysis" \(\$\.case_results\[0\]\.completed\): expected a boolean/);
    expect(msg).toMatch(/\n {2}- case "chunked_analysis" \(\$\.case_results\[0\]\.steps\): expected a whole number, got the string "x"/);
  });

  it(`lists at most ${MAX_LISTED_PROBLEMS} problems and counts the rest`, () => {
    const msg = problem((s) => {
      const template = s.case_results[0] as Row;
      s.case_results = Array.from({ length: 50 }, (_, i) => ({ ...template, case_id: `c${i}`, completed: 'yes' }));
    });
    const listed = msg.split('\n').filter((l) => l.startsWith('  - '));
    expect(MAX_LISTED_PROBLEMS).toBe(20);
    expect(msg).toMatch(/^runs\/base\.json: 50 problems:\n/);
    expect(listed).toHaveLength(20);
    expect(listed[0]).toBe('  - case "c0" ($.case_results[0].completed): expected a boolean (true or false), got the string "yes"');
    expect(msg).toContain('case "c19" ($.case_results[19]');
    expect(msg).not.toContain('case "c20"');
    expect(msg).toMatch(/\n {2}… and 30 more$/);
  });

  it('counts every problem when many non-object rows are mixed with bad rows', () => {
    const msg = problem((s) => {
      s.case_results = [...Array.from({ length: 25 }, () => 5), { case_id: 'x', completed: 1, steps: 0, total_reward: 0 }];
    });
    expect(msg).toMatch(/^runs\/base\.json: 26 problems:\n/);
    expect(msg.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(20);
    expect(msg).toMatch(/… and 6 more$/);
  });
});

describe('top-level problems', () => {
  it.each<[string, (s: RawSummary) => void, RegExp]>([
    [
      'case_results not an array',
      (s) => void (s.case_results = { a: 1 } as unknown as unknown[]),
      /^runs\/base\.json: \$\.case_results: expected an array of case rows, got an object$/,
    ],
    [
      'case_results null',
      (s) => void (s.case_results = null as unknown as unknown[]),
      /^runs\/base\.json: \$\.case_results: expected an array of case rows, got null$/,
    ],
    [
      'missing total_cases',
      (s) => void delete s.total_cases,
      /^runs\/base\.json: \$\.total_cases: expected a whole number, got nothing \(the field is missing\)$/,
    ],
    ['avg_reward a string', (s) => void (s.avg_reward = '0.45'), /^runs\/base\.json: \$\.avg_reward: expected a finite number, got the string "0\.45"$/],
    [
      'completed_cases fractional',
      (s) => void (s.completed_cases = 2.5),
      /^runs\/base\.json: \$\.completed_cases: expected a whole number, got the number 2\.5$/,
    ],
    [
      'cancelled as "false"',
      (s) => void (s.cancelled = 'false'),
      /^runs\/base\.json: \$\.cancelled: expected a boolean \(true or false\), got the string "false"$/,
    ],
    [
      'a latency field as "NaN"',
      (s) => void ((s.latency_seconds as Row).p95 = 'NaN'),
      /^runs\/base\.json: \$\.latency_seconds\.p95: expected a finite number, got the string "NaN"$/,
    ],
    ['an empty benchmark_id', (s) => void (s.benchmark_id = ''), /^runs\/base\.json: \$\.benchmark_id: expected a non-empty string, got the string ""$/],
    [
      'a pack path that is not a string',
      (s) => void (s.pack_paths = ['ok', 3]),
      /^runs\/base\.json: \$\.pack_paths\[1\]: expected a string, got the number 3$/,
    ],
  ])('%s', (_label, mutate, message) => {
    expect(problem(mutate)).toMatch(message);
  });

  it('{} is not a summary: the detection error is one line, and keeps why each format does not fit', () => {
    const msg = inputError(() => parseSummary(FILE, {}));
    expect(msg).toMatch(/^runs\/base\.json: not a benchmark summary benchgate can read; to see why, force a format with --input-format NAME [^\n]*$/);
    const tried = triedFormats(() => parseSummary(FILE, {}));
    expect(tried).toContainEqual(
      expect.stringMatching(/^benchgate: expected a benchgate normalized summary: a JSON object with `schema: "benchgate\.summary\/v1"`/),
    );
    expect(tried).toContainEqual(expect.stringMatching(/^rlm-code: expected an rlm-code summary: a JSON object with `case_results`, `total_cases`/));
  });

  it.each([
    ['a top-level array', [{ case_results: [] }]],
    ['null', null],
    ['a number', 3],
    ['a string', 'summary'],
  ])('%s is not a summary', (_l, data) => {
    expect(inputError(() => parseSummary(FILE, data))).toMatch(/^runs\/base\.json: not a benchmark summary benchgate can read/);
  });

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 's'],
  ])('forcing rlm-code on %s names the expected shape', (_l, data) => {
    expect(inputError(() => parseSummary(FILE, data, 'rlm-code'))).toMatch(
      /^runs\/base\.json: expected an rlm-code summary: a JSON object with `case_results`/,
    );
  });
});

describe('reading the file', () => {
  it('an empty file', () => {
    const file = onDisk('empty.json', '');
    expect(inputError(() => loadSummary(file))).toBe(`${file}: file is empty, expected a JSON object`);
  });

  it('a file with only whitespace', () => {
    const file = onDisk('blank.json', ' \n\t\r\n  ');
    expect(inputError(() => loadSummary(file))).toBe(`${file}: file is empty, expected a JSON object`);
  });

  it('a non-existent file', () => {
    const file = join(tmp, 'missing', 'nope.json');
    expect(inputError(() => loadSummary(file))).toBe(`${file}: no such file`);
  });

  it('a directory', () => {
    const dir = join(tmp, 'a-dir.json');
    mkdirSync(dir);
    expect(inputError(() => loadSummary(dir))).toBe(
      `${dir}: is a directory, expected a summary file or a run folder (a directory is read only as an RLE run (<scenario>_summary.json files), lm-evaluation-harness samples (samples_<task>_<date>.jsonl), SWE-bench evaluation logs (logs/run_evaluation/<run_id>/<model>/<instance_id>/report.json), a tau2-bench run (results.json, simulations/) or a Harbor job (result.json and <trial_name>/result.json), and it holds none of them)`,
    );
  });

  it('a top-level JSON array on disk', () => {
    const file = onDisk('array.json', JSON.stringify([raw()]));
    expect(inputError(() => loadSummary(file))).toMatch(/: not a benchmark summary benchgate can read; to see why/);
  });

  it('invalid JSON (a trailing comma) gives line and column', () => {
    const file = onDisk('trailing.json', '{\n  "total_cases": 4,\n  "completed_cases": 2,\n}\n');
    expect(inputError(() => loadSummary(file))).toBe(`${file}: not valid JSON at line 4, column 1 ($): expected a double-quoted property name`);
  });

  it('invalid JSON inside a case row names the row path', () => {
    const text = NATIVE_TEXT.replace('"steps": 4,', '"steps": 4,,');
    const file = onDisk('double-comma.json', text);
    const line = text.slice(0, text.indexOf(',,')).split('\n').length;
    expect(inputError(() => loadSummary(file))).toMatch(
      new RegExp(`: not valid JSON at line ${line}, column 18 \\(\\$\\.case_results\\[0\\]\\): expected a double-quoted property name$`),
    );
  });

  it('a NaN literal as Python json.dumps writes it names the path and says not a finite number', () => {
    expect(inputError(() => loadSummary(PY_NAN))).toBe(
      `${PY_NAN}: line 18, column 23 ($.case_results[1].total_reward): NaN is not a finite number; expected a finite number (JSON has no NaN or Infinity)`,
    );
  });

  it.each(['Infinity', '-Infinity'])('a %s literal', (lit) => {
    const file = onDisk(`lit${lit}.json`, readFileSync(PY_NAN, 'utf8').replace('NaN', lit));
    expect(inputError(() => loadSummary(file))).toBe(
      `${file}: line 18, column 23 ($.case_results[1].total_reward): ${lit} is not a finite number; expected a finite number (JSON has no NaN or Infinity)`,
    );
  });

  it('a NaN at the top level', () => {
    const file = onDisk('top-nan.json', NATIVE_TEXT.replace('"avg_reward": 0.45', '"avg_reward": NaN'));
    expect(inputError(() => loadSummary(file))).toMatch(/: line \d+, column 17 \(\$\.avg_reward\): NaN is not a finite number/);
  });

  it('1e999 parses to Infinity and is rejected as not finite, row and top level', () => {
    const rowFile = onDisk('big-row.json', NATIVE_TEXT.replace('"total_reward": 0.85', '"total_reward": 1e999'));
    expect(inputError(() => loadSummary(rowFile))).toBe(
      `${rowFile}: case "chunked_analysis" ($.case_results[0].total_reward): expected a finite number, got Infinity`,
    );
    const topFile = onDisk('big-top.json', NATIVE_TEXT.replace('"avg_reward": 0.45', '"avg_reward": -1e999'));
    expect(inputError(() => loadSummary(topFile))).toBe(`${topFile}: $.avg_reward: expected a finite number, got -Infinity`);
  });

  it('a UTF-8 byte-order mark at the start is accepted', () => {
    const file = onDisk('bom.json', `\uFEFF${NATIVE_TEXT}`);
    expect(readFileSync(file)[0]).toBe(0xef);
    expect(loadSummary(file)).toEqual(loadSummary(NATIVE));
  });

  it('parseJsonText rejects NaN without a file on disk too', () => {
    expect(inputError(() => parseJsonText('mem.json', '{"a": [1, NaN]}'))).toMatch(/^mem\.json: line 1, column 11 \(\$\.a\[1\]\): NaN is not/);
  });
});

describe('benchgate normalized summaries are read strictly too', () => {
  const normalized = (): { cases: Row[] } & Row => JSON.parse(JSON.stringify(loadSummary(NATIVE))) as { cases: Row[] } & Row;

  it('rejects a case with a string for completed', () => {
    const s = normalized();
    (s.cases[1] as Row).completed = 'false';
    expect(inputError(() => parseSummary('norm.json', s))).toMatch(
      /^norm\.json: case "[^"]+" \(\$\.cases\[1\]\.completed\): expected a boolean \(true or false\), got the string "false"$/,
    );
  });

  it('rejects duplicate case ids', () => {
    const s = normalized();
    (s.cases[2] as Row).id = 'chunked_analysis';
    expect(inputError(() => parseSummary('norm.json', s))).toMatch(/^norm\.json: duplicate case id "chunked_analysis"/);
  });

  it('rejects a missing reported block', () => {
    const s = normalized();
    delete s.reported;
    expect(inputError(() => parseSummary('norm.json', s))).toMatch(/^norm\.json: \$\.reported: .*got nothing \(the field is missing\)$/);
  });
});
