// One error taxonomy (src/errors.ts): a user error (input, configuration, environment) exits 2 with
// its message; anything else is a bug in benchgate and exits 4 with a message that says so. The bug
// is injected through the CLI's injected io (the test seam): its stdout throws what a programming
// error throws, from inside the program's pipeline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { EXIT, main } from '../../../src/cli/run.js';
import { ArtifactError, bugMessage, EnvironmentError, InputError, isUserError, SummaryNotFound, UsageError } from '../../../src/errors.js';
import { runCli } from '../../helpers/cli-run.js';

/** Runs the CLI with an io whose stdout throws `bug` (the report is written there). */
async function withBug(bug: unknown, debug = false): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await main(pair, {
    stdout: () => {
      throw bug;
    },
    stderr: (t) => void (stderr += t),
    debug,
  });
  return { code, stderr };
}

const DEMO = join(import.meta.dirname, '..', '..', 'fixtures', 'demo');
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-errors-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const pair = ['compare', '--baseline', join(DEMO, 'baseline.json'), '--candidate', join(DEMO, 'candidate.json')];

describe('user errors exit 2 with their message', () => {
  const notJson = join(tmp, 'not.json');
  writeFileSync(notJson, '{"case_results": [');
  const cases: [string, string[], RegExp][] = [
    ['an unknown option', ['compare', '--frobnicate'], /unknown option/i],
    ['a missing file', ['compare', '--baseline', join(tmp, 'missing.json'), '--candidate', join(DEMO, 'candidate.json')], /missing\.json/],
    ['a file that is not JSON', ['compare', '--baseline', notJson, '--candidate', join(DEMO, 'candidate.json')], /not\.json/],
    ['a directory given as a file', ['compare', '--baseline', tmp, '--candidate', join(DEMO, 'candidate.json')], /benchgate-errors-/],
    ['an output under a file', [...pair, '--output', join(notJson, 'report.md')], /not\.json/],
    // Issue 42: the forced reader skipped its shape check and crashed (exit 4, "rows.flatMap is not a function").
    [
      'a format given that the file is not',
      [...pair, '--input-format', 'tau-bench'],
      /baseline\.json: expected tau-bench results: .*; here: not a non-empty array; the file looks like rlm-code input/,
    ],
  ];
  for (const [what, argv, message] of cases) {
    it(what, async () => {
      const r = await runCli(...argv);
      expect(r.code, r.stderr).toBe(EXIT.error);
      expect(r.stderr).toMatch(/^benchgate: error: /);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/internal error|bug in benchgate|\n\s+at /);
    });
  }
});

describe('a bug exits 4 and says it is one', () => {
  it('names the error, says it is a bug and how to report it, with no stack trace', async () => {
    const r = await withBug(new TypeError("Cannot read properties of undefined (reading 'reward')"));
    expect(r.code).toBe(EXIT.bug);
    expect(EXIT.bug).toBe(4);
    expect(r.stderr).toMatch(
      /^benchgate: internal error: Cannot read properties of undefined \(reading 'reward'\)\nThis is a bug in benchgate, not a problem with your input/,
    );
    expect(r.stderr).toContain("benchgate's issue tracker");
    expect(r.stderr).toContain('set BENCHGATE_DEBUG=1');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('with BENCHGATE_DEBUG=1 (io.debug), adds the stack trace', async () => {
    const r = await withBug(new RangeError('offset out of bounds'), true);
    expect(r.code).toBe(EXIT.bug);
    expect(r.stderr).toMatch(/^benchgate: internal error: RangeError: offset out of bounds\n\s+at /);
  });

  it('a thrown non-Error is a bug too; a user error thrown there is not', async () => {
    const r = await withBug('a string');
    expect(r.code).toBe(EXIT.bug);
    expect(r.stderr).toMatch(/^benchgate: internal error: a string\n/);
    const user = await withBug(new EnvironmentError('standard output is closed'));
    expect(user).toEqual({ code: EXIT.error, stderr: 'benchgate: error: standard output is closed\n' });
  });
});

describe('isUserError', () => {
  it('takes every UserError subclass, system errors and REST failures; nothing else', () => {
    for (const err of [new InputError('x'), new UsageError('x'), new EnvironmentError('x'), new ArtifactError('x'), new SummaryNotFound('x')]) {
      expect(isUserError(err), err.name).toBe(true);
    }
    const enoent = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
    const http = Object.assign(new Error('Server Error'), { name: 'HttpError', status: 502 });
    const network = new TypeError('fetch failed', { cause: Object.assign(new Error('reset'), { code: 'ECONNRESET', syscall: 'read' }) });
    for (const err of [enoent, http, network]) expect(isUserError(err), err.message).toBe(true);
    for (const err of [new Error('x'), new TypeError('x'), new RangeError('x'), Object.assign(new Error('x'), { code: 'ERR_X' }), 'text', null]) {
      expect(isUserError(err), String(err)).toBe(false);
    }
  });

  it('bugMessage keeps the stack out unless asked', () => {
    const err = new Error('boom');
    expect(bugMessage(err, false).split('\n')[0]).toBe('internal error: boom');
    expect(bugMessage(err, true)).toContain('\n    at ');
  });
});
