// What the REAL @actions/artifact client (e2e/artifacts-client.test.ts) and the in-memory client the
// in-process tests use (integration/doubles/artifact-client.test.ts) must both do, through
// src/github/artifacts.ts: the files they share and the scenarios played against each. Written once,
// so that the double is held to exactly the real client's expectations.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';
import { expect, it } from 'vitest';

import { downloadArtifactByName, uploadSummaryArtifact } from '../../../src/github/artifacts.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';

/** A test file's client, results service double and scratch directory (read when a test runs). */
export interface ArtifactBench {
  client: ArtifactClient;
  double: ResultsServiceDouble;
  tmp: string;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const summary = (label: string) => JSON.stringify({ strategy: label, avg_reward: 0.75, total_cases: 10 }, null, 2);

/** `tree` (a fresh directory holding the given files, relative path → content) and `upload` (those files as an artifact) for a bench. */
export function artifactFiles(bench: () => ArtifactBench) {
  let dirs = 0;
  async function tree(files: Record<string, string | Buffer>): Promise<string> {
    const dir = join(bench().tmp, `d${++dirs}`);
    for (const [rel, content] of Object.entries(files)) {
      await mkdir(dirname(join(dir, rel)), { recursive: true });
      await writeFile(join(dir, rel), content);
    }
    return dir;
  }
  async function upload(name: string, files: Record<string, string | Buffer>, overwrite = false, c: ArtifactClient = bench().client) {
    const root = await tree(files);
    return uploadSummaryArtifact(c, { name, rootDirectory: root, files: Object.keys(files).map((f) => join(root, f)), overwrite });
  }
  return { tree, upload };
}

/** The scenarios both clients must pass alike. */
export function sharedArtifactScenarios(bench: () => ArtifactBench, upload: ReturnType<typeof artifactFiles>['upload']): void {
  it('keeps several files and their folders relative to the root directory', async () => {
    const { client, tmp } = bench();
    const files = { 'summary.json': summary('codemode'), 'original/rlm-code.json': '{"raw": true}\n' };
    await upload('bench-candidate', files);
    const out = join(tmp, 'dl-candidate');
    await downloadArtifactByName(client, { name: 'bench-candidate', path: out });
    for (const [rel, content] of Object.entries(files)) expect(await readFile(join(out, rel), 'utf8')).toBe(content);
  });

  it('saves the zip as it is, as <path>/artifact, when asked not to decompress (skipDecompress)', async () => {
    const { client, double, tmp } = bench();
    await upload('bench-raw', { 'summary.json': summary('raw') });
    const stored = double.artifacts().get('bench-raw');
    const out = join(tmp, 'dl-raw');
    await mkdir(out, { recursive: true });
    const got = await client.downloadArtifact(stored?.id ?? 0, { path: out, skipDecompress: true, expectedHash: stored?.digest ?? '' });
    expect(got.digestMismatch).toBe(false);
    expect(await readdir(out)).toEqual(['artifact']);
    expect(sha256(await readFile(join(out, 'artifact')))).toBe(sha256(stored?.bytes ?? Buffer.alloc(0)));
  });

  it('says which artifact is missing and that its job must run first', async () => {
    const { client, tmp } = bench();
    const run = downloadArtifactByName(client, { name: 'never-uploaded', path: join(tmp, 'dl-missing') });
    await expect(run).rejects.toThrow(
      /artifact "never-uploaded" was not found in this workflow run: the job that uploads it must run first in the same workflow run/,
    );
  });

  it('fails when the downloaded bytes do not match the digest recorded at upload', async () => {
    const { client, double, tmp } = bench();
    await upload('bench-tampered', { 'summary.json': summary('tool_call') });
    double.store.corrupt('bench-tampered');
    const run = downloadArtifactByName(client, { name: 'bench-tampered', path: join(tmp, 'dl-tampered') });
    await expect(run).rejects.toThrow(/artifact "bench-tampered" .*do not match the digest recorded at upload \(sha256:[0-9a-f]{64}\)/);
  });

  it('refuses a second artifact with the same name in the run, clearly', async () => {
    await upload('bench-dup', { 'summary.json': '{}' });
    await expect(upload('bench-dup', { 'summary.json': '{"again":1}' })).rejects.toThrow(
      /uploading artifact "bench-dup" in this workflow run: the artifact service failed \(HTTP 409\): .*already exists/,
    );
  });

  it('with overwrite, replaces the artifact of the same name (a re-run job) and says which', async () => {
    const { client, tmp } = bench();
    const first = await upload('bench-rerun', { 'summary.json': '{"attempt":1}' }, true);
    expect(first.replaced).toBeNull();
    const second = await upload('bench-rerun', { 'summary.json': '{"attempt":2}' }, true);
    expect(second.replaced).toBe(first.id);
    expect(second.id).not.toBe(first.id);
    const out = await downloadArtifactByName(client, { name: 'bench-rerun', path: join(tmp, 'rerun') });
    expect(await readFile(join(out, 'summary.json'), 'utf8')).toBe('{"attempt":2}');
  });
}
