/** Shared by the adapter tests: fixture paths, the canonical golden of a converted file, temp files. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { BenchmarkSummary } from '../../src/schema/summary.js';
import { expectGolden } from './golden.js';

export const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

/** The canonical summary of a fixture, compared with __tests__/golden/adapters/<name>.json. */
export function expectCanonical(name: string, summary: BenchmarkSummary): void {
  expectGolden(`adapters/${name}.json`, `${JSON.stringify(summary, null, 2)}\n`);
}

/** Writes `files` (name → text) into a fresh temp directory and returns its path. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-adapter-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
