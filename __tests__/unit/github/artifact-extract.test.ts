// An artifact's zip extracted within the budget (src/github/artifact-extract.ts): only the wanted
// entries, the declared sizes and the inflated bytes both counted, the entry count capped, and no
// unsafe path or link written. Small budgets here; the real budget's figures are played through
// the real artifact client in e2e/artifacts-client.test.ts.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { isGateEntry } from '../../../src/action/artifact-layout.js';
import { ArtifactBudgetError } from '../../../src/errors.js';
import { ARTIFACT_BUDGET, extractArtifactZip, unsafeEntryPath } from '../../../src/github/artifact-extract.js';
import { zip, type ZipInput } from '../../helpers/zip-write.js';

const budget = { bytes: 1000, entries: 5, zipBytes: 100_000 };

function zipFile(entries: ZipInput[]): { file: string; into: string } {
  const dir = mkdtempSync(join(tmpdir(), 'extract-'));
  writeFileSync(join(dir, 'artifact'), zip(entries));
  return { file: join(dir, 'artifact'), into: join(dir, 'out') };
}

const listed = (dir: string): string[] => (existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).sort() : []);

describe('extractArtifactZip', () => {
  it('extracts only the entries the gate reads, and leaves the others in the zip', () => {
    const { file, into } = zipFile([
      { name: 'summary.json', data: '{"a":1}' },
      { name: 'summary.trial-2.json', data: '{"a":2}' },
      { name: 'runs/r1.jsonl', data: '{}\n' },
      { name: 'command.log', data: 'x'.repeat(5000) },
      { name: 'original/bench.json', data: '{}' },
      { name: 'runs/../escape.jsonl', data: '{}' },
    ]);
    const written = extractArtifactZip(file, into, { artifact: 'a', wanted: isGateEntry, budget: { ...budget, entries: 10 } });
    expect(written).toEqual([join(into, 'summary.json'), join(into, 'summary.trial-2.json'), join(into, 'runs/r1.jsonl')]);
    expect(listed(into)).toEqual(['runs', 'runs/r1.jsonl', 'summary.json', 'summary.trial-2.json']);
    expect(readFileSync(join(into, 'summary.trial-2.json'), 'utf8')).toBe('{"a":2}');
  });

  it('refuses an entry whose declared size breaks the budget before writing anything', () => {
    const { file, into } = zipFile([
      { name: 'summary.json', data: 'x'.repeat(600) },
      { name: 'summary.trial-2.json', data: 'y'.repeat(600) },
    ]);
    expect(() => extractArtifactZip(file, into, { artifact: 'bench-x', budget })).toThrow(ArtifactBudgetError);
    expect(() => extractArtifactZip(file, into, { artifact: 'bench-x', budget })).toThrow(
      /^artifact "bench-x": entry "summary.trial-2.json" declares 600 bytes uncompressed \(\d+ bytes compressed\), which takes the artifact's entries to 1200 bytes, over the 1000 bytes budget; nothing of it was extracted/,
    );
    expect(listed(into)).toEqual([]);
  });

  it('stops a header that lies about its size at the declared size, and removes what was written', () => {
    const { file, into } = zipFile([
      { name: 'summary.json', data: '{}' },
      { name: 'runs/r.jsonl', data: Buffer.alloc(100_000), size: 100 },
    ]);
    expect(() => extractArtifactZip(file, into, { artifact: 'liar', budget })).toThrow(
      'artifact "liar": entry "runs/r.jsonl" inflates to more than the 100 bytes its header declares (a lying header)',
    );
    expect(listed(into)).toEqual([]);
    // Stored (method 0): more bytes than declared are refused the same way.
    const stored = zipFile([{ name: 'summary.json', data: 'z'.repeat(500), method: 0, size: 10 }]);
    expect(() => extractArtifactZip(stored.file, stored.into, { artifact: 'liar', budget })).toThrow(/its header declares \(a lying header\)/);
  });

  it('caps the entries of the archive, counted from its end record', () => {
    const { file, into } = zipFile(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: '' })));
    expect(() => extractArtifactZip(file, into, { artifact: 'many', wanted: () => false, budget })).toThrow(
      'artifact "many": its zip declares 6 entries, over the cap of 5',
    );
    expect(() => extractArtifactZip(file, into, { artifact: 'many', budget: { ...budget, zipBytes: 100 } })).toThrow(
      /its zip is \d+ bytes, over the 100 bytes cap for a downloaded artifact/,
    );
  });

  it('refuses .. and absolute paths, drive letters, backslashes and symbolic links', () => {
    for (const name of ['../x', 'a/../../x', '/etc/passwd', 'C:/x', 'a\\b', 'a//b', './a']) expect(unsafeEntryPath(name), name).not.toBeNull();
    expect(unsafeEntryPath('runs/r.jsonl')).toBeNull();
    const escape = zipFile([{ name: '../escape.txt', data: 'x' }]);
    expect(() => extractArtifactZip(escape.file, escape.into, { artifact: 'evil', budget })).toThrow(
      'artifact "evil": entry "../escape.txt" is refused: a .. segment',
    );
    expect(existsSync(join(escape.into, '..', 'escape.txt'))).toBe(false);
    const link = zipFile([{ name: 'summary.json', data: '/etc/passwd', unixMode: 0o120777 }]);
    expect(() => extractArtifactZip(link.file, link.into, { artifact: 'evil', budget })).toThrow('entry "summary.json" is refused: a symbolic link');
    const regular = zipFile([{ name: 'summary.json', data: '{}', unixMode: 0o100644 }]);
    expect(extractArtifactZip(regular.file, regular.into, { artifact: 'ok', budget })).toEqual([join(regular.into, 'summary.json')]);
  });

  it('has the documented figures: 256 MiB, 20,000 entries, a 1 GiB zip', () => {
    expect(ARTIFACT_BUDGET).toEqual({ bytes: 256 * 1024 * 1024, entries: 20_000, zipBytes: 1024 * 1024 * 1024 });
  });
});
