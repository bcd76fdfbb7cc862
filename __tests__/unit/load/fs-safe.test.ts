// Non-regular files (issue 18, item 1): an input, configuration or case list that is a FIFO, a
// character device (or a symlink to one) or a directory is refused with a clear error before it is
// opened, never read (a FIFO would wait for a writer for ever, /dev/zero never ends); --output goes
// only to a regular file or a new path, never over an input, the configuration, a device or a FIFO.
import { spawnSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readCaseList } from '../../../src/action/suite/shard-cases.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { InputError } from '../../../src/errors.js';
import { loadConfig } from '../../../src/policy/config-file.js';
import { runCli } from '../../helpers/cli-run.js';

let dir: string;
let fifo: string;
const fixtures = new URL('../../fixtures/', import.meta.url).pathname;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchgate-fs-safe-'));
  fifo = join(dir, 'pipe');
  const made = spawnSync('mkfifo', [fifo]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
  symlinkSync('/dev/zero', join(dir, 'zero-link.json'));
  copyFileSync(`${fixtures}demo/baseline.json`, join(dir, 'baseline.json'));
  copyFileSync(`${fixtures}demo/candidate.json`, join(dir, 'candidate.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(Error);
    return (err as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('inputs that are not regular files are refused before they are opened', () => {
  it('a FIFO, /dev/zero and a symlink to /dev/zero as a summary', () => {
    expect(refusal(() => loadSummary(fifo))).toBe(
      `${fifo}: is a FIFO (named pipe), expected a regular file (benchgate never reads pipes or devices: they may never end)`,
    );
    expect(refusal(() => loadSummary('/dev/zero'))).toMatch(/^\/dev\/zero: is a character device, expected a regular file/);
    expect(refusal(() => loadSummary(join(dir, 'zero-link.json'), 'benchgate'))).toMatch(/zero-link\.json: is a character device, expected a regular file/);
    expect(() => loadSummary(fifo)).toThrow(InputError);
  });

  it('a configuration that is a directory, a FIFO or a device', () => {
    mkdirSync(join(dir, 'conf.yml'));
    expect(refusal(() => loadConfig(join(dir, 'conf.yml'), true))).toBe(`${join(dir, 'conf.yml')}: configuration file is a directory, expected a file`);
    expect(refusal(() => loadConfig(fifo, true))).toMatch(/pipe: configuration file is a FIFO \(named pipe\), expected a regular file/);
    expect(refusal(() => loadConfig('/dev/zero', true))).toMatch(/^\/dev\/zero: configuration file is a character device/);
  });

  it('a case list that is a FIFO', () => {
    expect(refusal(() => readCaseList(fifo, 'cases.txt'))).toMatch(/^input "cases": cases\.txt is a FIFO \(named pipe\), expected a regular file/);
  });

  it('the CLI answers exit 2 and the message, for a FIFO baseline', async () => {
    const r = await runCli('compare', '--baseline', fifo, '--candidate', join(dir, 'candidate.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is a FIFO (named pipe), expected a regular file');
  });
});

describe('--output', () => {
  const compare = (out: string, ...more: string[]) =>
    runCli('compare', '--baseline', join(dir, 'baseline.json'), '--candidate', join(dir, 'candidate.json'), '--output', out, ...more);

  it('refuses /dev/null and a FIFO, which stay what they are', async () => {
    const before = statSync('/dev/null');
    const r = await compare('/dev/null');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--output /dev/null: is a character device; benchgate writes reports only to regular files');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(statSync('/dev/null').ino).toBe(before.ino);
    const f = await compare(fifo);
    expect(f.code).toBe(2);
    expect(f.stderr).toContain('is a FIFO (named pipe); benchgate writes reports only to regular files');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('refuses the configuration file (by real path, through a symlink) and leaves it as it was', async () => {
    const config = join(dir, 'benchgate.yml');
    writeFileSync(config, 'min_reward_delta: 0\n');
    symlinkSync(config, join(dir, 'report-link.md'));
    for (const out of [config, join(dir, 'report-link.md')]) {
      const r = await compare(out, '--config', config);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is the configuration file.*; refusing to overwrite it/);
    }
    expect(readFileSync(config, 'utf8')).toBe('min_reward_delta: 0\n');
  });

  it('refuses an input reached by a hard link', async () => {
    spawnSync('ln', [join(dir, 'baseline.json'), join(dir, 'hard.json')]);
    const r = await compare(join(dir, 'hard.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is an input file');
  });

  it('under a file: a clear error, not an internal one', async () => {
    const r = await compare(join(dir, 'baseline.json', 'report.md'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^benchgate: error: --output .*report\.md: a part of its directory .* is a file, not a directory\n$/);
  });

  it('a directory is refused; a regular file is replaced atomically, leaving no temporary file', async () => {
    mkdirSync(join(dir, 'out'));
    const d = await compare(join(dir, 'out'));
    expect(d.stderr).toContain('is a directory; benchgate writes reports only to regular files');
    writeFileSync(join(dir, 'out', 'report.md'), 'old');
    expect((await compare(join(dir, 'out', 'report.md'))).code).toBe(1); // hold
    expect(readFileSync(join(dir, 'out', 'report.md'), 'utf8')).toContain('Hold');
    expect(spawnSync('ls', ['-A', join(dir, 'out')], { encoding: 'utf8' }).stdout.trim()).toBe('report.md');
  });
});
