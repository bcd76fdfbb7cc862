// A cross-run artifact download that GitHub rate-limits (a 429, or the 403 of a secondary limit) is
// retried after GitHub's retry-after, as the REST client retries (src/github/artifacts.ts,
// downloadFound); any other failure, a same-run download or a fourth limit is not. The client is a
// stand-in that throws Octokit's RequestError as @actions/artifact's downloadArtifactPublic lets it
// through (its name, status, message and response headers); the wait is recorded, never slept.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ArtifactClient, DownloadArtifactOptions } from '@actions/artifact';
import { describe, expect, it } from 'vitest';

import { DOWNLOAD_RATE_LIMIT_RETRIES, downloadListedArtifact } from '../../../src/github/artifacts.js';
import { zip } from '../../helpers/zip-write.js';

const findBy = { token: 't', workflowRunId: 12, repositoryOwner: 'octo-org', repositoryName: 'benchgate' };
const listed = [{ name: 'benchgate-demo-baseline', id: 5, digest: undefined }];

/** What Octokit throws for a refused request: an HttpError with the status and GitHub's answer. */
function refusal(status: number, message: string, headers: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { name: 'HttpError', status, response: { status, url: '', headers, data: { message } } });
}

/** A client whose downloads fail with `failures`, in order, then succeed; it counts its calls. */
function client(failures: unknown[]): ArtifactClient & { calls: number } {
  const c = {
    calls: 0,
    async downloadArtifact(_id: number, options: DownloadArtifactOptions) {
      c.calls++;
      const next = failures.shift();
      if (next !== undefined) throw next;
      // The zip as it is (skipDecompress), where the real client saves it without a Content-Disposition.
      writeFileSync(join(options.path as string, 'artifact'), zip([{ name: 'summary.json', data: '{}' }]));
      return { downloadPath: options.path, digestMismatch: false };
    },
  };
  return c as unknown as ArtifactClient & { calls: number };
}

describe('a cross-run artifact download', () => {
  it('is retried after a secondary rate limit and a 429, waiting as GitHub says', async () => {
    const waits: number[] = [];
    const c = client([
      refusal(403, 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', { 'retry-after': '7' }),
      refusal(429, 'Too Many Requests'),
    ]);
    const path = join(mkdtempSync(join(tmpdir(), 'retry-')), 'x');
    const dir = await downloadListedArtifact(c, listed, { name: 'benchgate-demo-baseline', path, findBy }, async (ms) => void waits.push(ms));
    expect(dir).toBe(path);
    expect(c.calls).toBe(3);
    expect(waits).toEqual([7000, 4000]);
  });

  it(`gives up after ${DOWNLOAD_RATE_LIMIT_RETRIES} retries, and never retries a refusal that is not a limit or a same-run download`, async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    const limits = client(Array.from({ length: 10 }, () => refusal(429, 'Too Many Requests', { 'retry-after': '1' })));
    await expect(
      downloadListedArtifact(limits, listed, { name: 'benchgate-demo-baseline', path: join(mkdtempSync(join(tmpdir(), 'retry-')), 'x'), findBy }, wait),
    ).rejects.toThrow(/downloading artifact "benchgate-demo-baseline" in workflow run 12 of octo-org\/benchgate: the artifact service failed \(HTTP 429\)/);
    expect(limits.calls).toBe(DOWNLOAD_RATE_LIMIT_RETRIES + 1);
    const forbidden = client([refusal(403, 'Resource not accessible by integration')]);
    await expect(
      downloadListedArtifact(forbidden, listed, { name: 'benchgate-demo-baseline', path: join(mkdtempSync(join(tmpdir(), 'retry-')), 'x'), findBy }, wait),
    ).rejects.toThrow(/HTTP 403/);
    expect(forbidden.calls).toBe(1);
    const sameRun = client([refusal(429, 'Too Many Requests')]);
    await expect(
      downloadListedArtifact(sameRun, listed, { name: 'benchgate-demo-baseline', path: join(mkdtempSync(join(tmpdir(), 'retry-')), 'x') }, wait),
    ).rejects.toThrow(/HTTP 429/);
    expect(sameRun.calls).toBe(1);
    expect(waits).toEqual([1000, 1000, 1000]);
  });
});
