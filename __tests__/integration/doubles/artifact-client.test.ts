// The in-memory artifact client (doubles/artifact-client.ts) against the expectations the REAL
// @actions/artifact client meets in e2e/artifacts-client.test.ts: the same calls through
// src/github/artifacts.ts give the same results and the same messages, so what the action's in-process
// tests see of artifacts is what the real client would give them. Loopback only (findBy's REST calls).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { downloadArtifactByName, listArtifactNames } from '../../../src/github/artifacts.js';
import { MemoryArtifactClient } from '../../doubles/artifact-client.js';
import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { artifactFiles, sha256, sharedArtifactScenarios, summary } from '../../helpers/scenarios/artifact-client.js';

let double: ResultsServiceDouble;
let client: MemoryArtifactClient;
let tmp: string;

beforeAll(async () => {
  double = await startResultsService();
  client = new MemoryArtifactClient(double, 'run-1', 'job-1');
  tmp = await mkdtemp(join(tmpdir(), 'benchgate-memory-artifacts-'));
});
afterAll(async () => {
  await double?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const bench = () => ({ client, double, tmp });
const { upload } = artifactFiles(bench);

describe('the in-memory artifact client, through src/github/artifacts.ts', () => {
  it('uploads a summary as a zip with its digest, and downloads it back byte-identical', async () => {
    const text = summary('tool_call');
    const up = await upload('bench-baseline', { 'summary.json': text });
    const stored = double.artifacts().get('bench-baseline');
    expect(up).toEqual({ id: stored?.id, name: 'bench-baseline', size: stored?.bytes.length, replaced: null });
    expect(stored?.size).toBe(stored?.bytes.length);
    expect(stored?.digest).toBe(`sha256:${sha256(stored?.bytes ?? Buffer.alloc(0))}`);
    expect(stored?.runBackendId).toBe('run-1');
    const out = join(tmp, 'dl-baseline');
    await expect(downloadArtifactByName(client, { name: 'bench-baseline', path: out })).resolves.toBe(out);
    expect(await readFile(join(out, 'summary.json'), 'utf8')).toBe(text);
  });

  sharedArtifactScenarios(bench, upload);

  it('downloads from another workflow run through the REST API (findBy); an expired one answers 410', async () => {
    const text = summary('baseline-from-main');
    await upload('main-baseline', { 'summary.json': text }, false, new MemoryArtifactClient(double, 'run-2', 'job-7'));
    const here = downloadArtifactByName(client, { name: 'main-baseline', path: join(tmp, 'x') });
    await expect(here).rejects.toThrow('was not found in this workflow run');
    const workflowRunId = double.runId('run-2');
    const findBy = { token: double.apiToken, workflowRunId, repositoryOwner: double.owner, repositoryName: double.repo };
    const out = join(tmp, 'dl-cross-run');
    await downloadArtifactByName(client, { name: 'main-baseline', path: out, findBy });
    expect(await readFile(join(out, 'summary.json'), 'utf8')).toBe(text);
    const id = double.artifacts('run-2').get('main-baseline')?.id;
    expect(double.requests).toContain(`GET /repos/octo-org/benchgate/actions/runs/${workflowRunId}/artifacts?name=main-baseline`);
    expect(double.requests).toContain(`GET /repos/octo-org/benchgate/actions/artifacts/${id}/zip`);
    expect(await listArtifactNames(client, findBy)).toEqual(['main-baseline']);

    double.store.expire('main-baseline', 'run-2');
    const expired = downloadArtifactByName(client, { name: 'main-baseline', path: join(tmp, 'dl-expired'), findBy });
    await expect(expired).rejects.toThrow(
      `downloading artifact "main-baseline" in workflow run ${workflowRunId} of octo-org/benchgate: ` +
        'the artifact service failed (the artifact has expired)',
    );
    const wrong = { ...findBy, token: 'wrong-token' };
    await expect(downloadArtifactByName(client, { name: 'main-baseline', path: join(tmp, 'z'), findBy: wrong })).rejects.toThrow(
      `looking up artifact "main-baseline" in workflow run ${workflowRunId} of octo-org/benchgate: the artifact service failed (HTTP 401): Bad credentials`,
    );
  });

  it('lists the newest artifact of each name in the run, not the expired ones, and records what the real client would request', async () => {
    const before = double.requests.length;
    const names = await listArtifactNames(client);
    expect(names.sort()).toEqual([...double.artifacts().keys()].sort());
    expect(double.requests.slice(before)).toEqual(['POST /twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts']);
    double.store.expire('bench-candidate');
    expect(await listArtifactNames(client)).not.toContain('bench-candidate');
  });
});
