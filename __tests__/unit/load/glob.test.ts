/**
 * Input paths and globs (src/load/glob.ts): matching files, and expanding the CLI's repeatable file
 * options in argument order.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { UsageError } from '../../../src/errors.js';
import { expandInputs, hasGlob, matchFiles } from '../../../src/load/glob.js';
import { agedFileWriter } from '../../helpers/files.js';

describe('glob', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-glob-'));
  const file = agedFileWriter(dir);
  // Written newest first, so that mtime order and path order disagree.
  const c10 = file('runs/cand-10.json', 10);
  const c2 = file('runs/cand-2.json', 20);
  const c1 = file('runs/cand-1.json', 30);
  file('runs/cand-1.txt', 0);
  file('runs/base-a.json', 40);
  file('runs/base-b.json', 50);
  const nested = file('runs/more/cand-3.json', 60);

  it('hasGlob', () => {
    expect(hasGlob('runs/*.json')).toBe(true);
    expect(hasGlob('runs/a?.json')).toBe(true);
    expect(hasGlob('runs/a.json')).toBe(false);
  });

  it('matchFiles lists matches newest first, files only', () => {
    expect(matchFiles('runs/cand-*.json', dir).map((m) => m.path)).toEqual([c10, c2, c1]);
    expect(matchFiles('runs/**/cand-3.json', dir).map((m) => m.path)).toEqual([nested]);
    expect(matchFiles('run?', dir)).toEqual([]);
  });

  it('expands a glob to its matches in path order, relative to cwd like the pattern', () => {
    expect(expandInputs('candidate', ['runs/cand-*.json'], dir)).toEqual(['runs/cand-1.json', 'runs/cand-10.json', 'runs/cand-2.json']);
    expect(expandInputs('candidate', ['./runs/**/cand-?.json'], dir)).toEqual(['runs/cand-1.json', 'runs/cand-2.json', 'runs/more/cand-3.json']);
    expect(expandInputs('candidate', [join(dir, 'runs', 'cand-?.json')], '/')).toEqual([c1, c2]);
  });

  it('keeps argument order across patterns', () => {
    expect(expandInputs('baseline', ['runs/base-b.json', 'runs/cand-1?.json', 'runs/base-*.json'], dir)).toEqual([
      'runs/base-b.json',
      'runs/cand-10.json',
      'runs/base-a.json',
    ]);
  });

  it('removes duplicates (the same file once resolved), keeping the first', () => {
    expect(expandInputs('baseline', ['runs/cand-2.json', 'runs/cand-*.json', './runs/cand-1.json', c10], dir)).toEqual([
      'runs/cand-2.json',
      'runs/cand-1.json',
      'runs/cand-10.json',
    ]);
  });

  it('keeps a plain path that does not exist, for the loader to report', () => {
    expect(expandInputs('baseline', ['missing.json', 'runs/base-a.json', 'missing.json'], dir)).toEqual(['missing.json', 'runs/base-a.json']);
  });

  it('refuses a glob that matches no file, naming the option, the pattern and the directory', () => {
    const call = (): unknown => expandInputs('baseline', ['runs/base-a.json', 'runs/*.csv'], dir);
    expect(call).toThrow(UsageError);
    expect(call).toThrow(`--baseline 'runs/*.csv' matches no file in ${dir}`);
    expect(() => expandInputs('--candidate', ["it's/*.json"], dir)).toThrow(`--candidate "it's/*.json" matches no file in ${dir}`);
  });
});
