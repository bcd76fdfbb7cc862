/**
 * `npm run generate`: rewrites the files generated from the code (files.ts: docs/reference.md and
 * schema/benchgate.schema.json) without running the tests, which keep them equal
 * (unit/docs/generated.test.ts). Run from the repository's root (npm does); says which changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { generatedFiles } from './files.js';

const root = process.cwd();
for (const [file, text] of generatedFiles(root)) {
  const path = join(root, file);
  let before: string | null = null;
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    // a new file
  }
  if (before !== text) writeFileSync(path, text);
  process.stdout.write(`${file}: ${before === text ? 'unchanged' : 'written'}\n`);
}
