/**
 * Golden files: rendered output is compared with a committed file under __tests__/golden/.
 * `UPDATE_GOLDEN=1 npm test` rewrites them; on a mismatch the actual output is written next to the
 * golden as `<name>.got.<ext>` (gitignored) so `diff -u` shows what changed.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { expect } from 'vitest';

export const GOLDEN_DIR = new URL('../golden/', import.meta.url).pathname;

export function expectGolden(name: string, actual: string): void {
  const file = join(GOLDEN_DIR, name);
  const got = file.replace(/(\.[^.]+)$/, '.got$1');
  if (process.env['UPDATE_GOLDEN']) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) throw new Error(`golden file ${name} is missing: run UPDATE_GOLDEN=1 npm test`);
  const expected = readFileSync(file, 'utf8');
  if (expected !== actual) writeFileSync(got, actual);
  else rmSync(got, { force: true });
  expect(actual, `${name} differs from its golden file; see ${got}`).toBe(expected);
}
