// What JSON.parse and the YAML library let through, refused with the place (issue 18, items 2 and 3):
// nesting deep enough to exhaust the stack, a key given twice, invalid UTF-8 (which decoding would
// turn into U+FFFD), and in the configuration anchors, aliases (an alias bomb, an alias as a key)
// and merge keys.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { checkJsonText, MAX_JSON_DEPTH } from '../../../src/adapters/parsing/json-guard.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { runCli } from '../../helpers/cli-run.js';
import { inputError as message } from '../../helpers/input-error.js';

const dir = mkdtempSync(join(tmpdir(), 'benchgate-input-hardening-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const demo = readFileSync(`${fixtures}demo/candidate.json`, 'utf8');
const records = readFileSync(`${fixtures}adapters-records/baseline.jsonl`, 'utf8');

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('nesting', () => {
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

  it('a 10,000-deep array anywhere in a summary is refused with its place, not a stack overflow', () => {
    const path = file('deep.json', demo.replace('"case_id"', `"deep": ${deep}, "case_id"`));
    expect(message(() => loadSummary(path))).toMatch(
      new RegExp(
        `deep\\.json: line \\d+, column \\d+ \\(\\$\\.case_results\\[0\\]\\.deep(\\[0\\])+…(\\[0\\])+\\): nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      ),
    );
  });

  it('the same on a line of a JSON Lines file', () => {
    const lines = records.split('\n');
    lines[2] = (lines[2] as string).replace('"id"', `"deep": ${deep}, "id"`);
    const path = file('deep.jsonl', lines.join('\n'));
    expect(message(() => loadSummary(path))).toMatch(/deep\.jsonl: line 3: line 1, column \d+ \(\$\.deep\[0\].*\): nested deeper than 256 levels/);
  });

  it('the CLI says so with exit 2 (no internal error)', async () => {
    const r = await runCli('compare', '--baseline', `${fixtures}demo/baseline.json`, '--candidate', join(dir, 'deep.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^benchgate: error: .*nested deeper than 256 levels/);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels`, () => {
    expect(() => checkJsonText('x', `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).not.toThrow();
  });
});

describe('duplicate keys', () => {
  it('are refused with the path and the place of both', () => {
    const path = file('dupe.json', demo.replace('"total_reward": ', '"total_reward": 1.0,\n      "total_reward": '));
    expect(message(() => loadSummary(path))).toMatch(
      /dupe\.json: \$\.case_results\[0\]\.total_reward: key "total_reward" is given twice, at line (\d+), column \d+ and at line \d+, column \d+; a summary must say each thing once/,
    );
  });

  it('in a JSON Lines record, with the line', () => {
    const lines = records.split('\n');
    lines[1] = (lines[1] as string).replace('"score": ', '"score": 0.1, "score": ');
    const path = file('dupe.jsonl', lines.join('\n'));
    expect(message(() => loadSummary(path))).toMatch(/dupe\.jsonl: line 2: \$\.score: key "score" is given twice/);
  });

  it('tells keys that only look alike apart (escapes are decoded)', () => {
    expect(() => checkJsonText('x', '{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}')).not.toThrow();
    expect(() => checkJsonText('x', '{"a\\"": 1, "a": 2, "s": "\\\\", "t": "{\\"a\\": 1}"}')).not.toThrow();
    expect(() => checkJsonText('x', '{"\\u0061": 1, "a": 2}')).toThrow(/key "a" is given twice/);
  });
});

describe('invalid UTF-8', () => {
  it('in a JSON summary is refused with its byte offset', () => {
    const text = Buffer.from(demo.replace('"case_id": "', '"case_id": "caf\u00e9-\u4e2d-'));
    const at = text.indexOf(Buffer.from('\u4e2d'));
    text[at + 1] = 0x41; // a 3-byte sequence broken in its second byte
    const path = file('broken.json', text);
    expect(message(() => loadSummary(path))).toBe(`${path}: invalid UTF-8 at byte ${at}; expected UTF-8 text`);
  });

  it('in a JSON Lines file, with the line and the byte offset in the file', () => {
    const text = Buffer.from(records.replace('"task-01"', '"task-\u00e9\u4e2d"'));
    const at = text.indexOf(Buffer.from('\u4e2d'));
    text[at] = 0xff;
    const path = file('broken.jsonl', text);
    expect(message(() => loadSummary(path))).toBe(`${path}: line 2: invalid UTF-8 at byte ${at}; expected UTF-8 text`);
  });
});

describe('YAML configuration', () => {
  it('an alias bomb is refused at the first alias, not an internal error', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]', ''].join('\n');
    expect(message(() => parseConfig('bench.yml', bomb))).toBe(
      'bench.yml: line 1, column 7: the anchor &a is not accepted; write the value out where it is used (benchgate reads anchors and aliases nowhere in a configuration)',
    );
  });

  it('an alias used as a key (which would silently override the key) is refused', () => {
    expect(message(() => parseConfig('bench.yml', 'decide: point\nallow_findings: [new-cases]\n*x : significant\n'))).toMatch(
      /^bench\.yml: line 3, column 1: the alias \*x is not accepted/,
    );
    expect(message(() => parseConfig('bench.yml', '&k decide: point\n*k : significant\n'))).toMatch(
      /^bench\.yml: line 1, column 4: the anchor &k is not accepted/,
    );
  });

  it('a merge key is refused', () => {
    expect(message(() => parseConfig('bench.yml', 'pricing:\n  <<: {}\n  gpt: {prompt: 1, completion: 2}\n'))).toBe(
      'bench.yml: line 2, column 3: the merge key << is not accepted; write the keys out',
    );
  });

  it('duplicate keys are refused (as before)', () => {
    expect(message(() => parseConfig('bench.yml', 'decide: point\ndecide: significant\n'))).toMatch(
      /^bench\.yml: line 2, column 1: not valid YAML: Map keys must be unique/,
    );
  });
});
