/** Test files with a chosen age, for the tests of globs and of finding the newest summary. */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A function that writes `{}` at `rel` under `dir`, last modified `ageSeconds` ago, and returns its path. */
export function agedFileWriter(dir: string): (rel: string, ageSeconds?: number) => string {
  return (rel, ageSeconds = 0) => {
    const path = join(dir, rel);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '{}');
    const t = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(path, t, t);
    return path;
  };
}
