// Every file generated from the code (tools/generate/files.ts) is committed as the code generates it.
// `npm run generate` rewrites them without the tests; UPDATE_GOLDEN=1 here does too.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { generatedFiles } from '../../../tools/generate/files.js';
import { REPO_ROOT } from '../../helpers/composite.js';

describe('the generated files', () => {
  for (const [file, text] of generatedFiles(REPO_ROOT)) {
    it(`${file} is what the code generates`, () => {
      const path = join(REPO_ROOT, file);
      if (process.env['UPDATE_GOLDEN']) writeFileSync(path, text);
      expect(readFileSync(path, 'utf8') === text, `${file} differs from what the code generates: run npm run generate`).toBe(true);
    });
  }
});
