// Summaries as workflow artifacts, through the REAL @actions/artifact client against the loopback
// results service double. Nothing leaves 127.0.0.1 and no test waits on the client's retry backoff.
// In e2e, not unit: the client reads GITHUB_API_URL when @actions/github is first imported, so this
// file needs a module graph of its own (the unit project shares one per worker), and it moves 26 MiB
// through the double. integration/doubles/artifact-client.test.ts holds the in-memory client the
// action's in-process tests use to these expectations; the scenarios both play are written once in
// helpers/scenarios/artifact-client.ts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { isGateEntry } from '../../src/action/artifact-layout.js';
import { ArtifactBudgetError } from '../../src/errors.js';
import { ARTIFACT_EXTRACT_MAX_BYTES } from '../../src/github/artifact-extract.js';
import { downloadArtifactByName, uploadSummaryArtifact, validateArtifactName } from '../../src/github/artifacts.js';
import { type ResultsServiceDouble, runtimeToken, startResultsService } from '../doubles/results-service.js';
import { artifactFiles, sha256, sharedArtifactScenarios, summary } from '../helpers/scenarios/artifact-client.js';
import { zip, zipBomb } from '../helpers/zip-write.js';

let double: ResultsServiceDouble;
let client: ArtifactClient;
let tmp: string;
let restoreEnv: () => void;

/** Set env vars, returning a function that puts the previous values (or their absence) back. */
function setEnv(vars: Record<string, string>): () => void {
  const saved = Object.entries(vars).map(([k]) => [k, process.env[k]] as const);
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

beforeAll(async () => {
  // @actions/core writes its info and ::debug:: lines straight to stdout; keep them out of the report
  // (comment this out to watch what the client does).
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  double = await startResultsService();
  tmp = await mkdtemp(join(tmpdir(), 'benchgate-artifacts-'));
  restoreEnv = setEnv({ ...double.env(), GITHUB_WORKSPACE: tmp });
  // Import only now: @actions/github fixes its REST base URL (GITHUB_API_URL) when first imported.
  const artifact = await import('@actions/artifact');
  const { defaults } = await import('@actions/github/lib/utils');
  expect(defaults.baseUrl, '@actions/github was imported before GITHUB_API_URL was set').toBe(double.url);
  client = new artifact.DefaultArtifactClient();
});

afterAll(async () => {
  vi.restoreAllMocks();
  restoreEnv?.();
  await double?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const bench = () => ({ client, double, tmp });
const { tree, upload } = artifactFiles(bench);

describe('artifacts through the real @actions/artifact client', () => {
  it('uploads a summary and downloads it back byte-identical', async () => {
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

  const MiB = 1024 * 1024;
  async function bigRoundTrip(name: string, bytes: number) {
    const big = randomBytes(bytes); // incompressible, so the zip is as large as the file
    await upload(name, { 'large.bin': big });
    const stored = double.artifacts().get(name);
    // The blob the double assembled is the zip the client hashed: checked here, because a misassembled
    // zip would otherwise only show as the client's download retries (5 × 5 s) running into the timeout.
    expect(stored?.digest).toBe(`sha256:${sha256(stored?.bytes ?? Buffer.alloc(0))}`);
    const out = join(tmp, `dl-${name}`);
    await downloadArtifactByName(client, { name, path: out });
    expect(sha256(await readFile(join(out, 'large.bin')))).toBe(sha256(big));
    return { sizes: stored?.blockList.map((id) => stored.blocks.get(id)?.length), stored };
  }

  it('uploads 9 MiB as an 8 MiB block and the rest, and downloads it intact', async () => {
    const { sizes, stored } = await bigRoundTrip('bench-9mib', 9 * MiB);
    expect(sizes).toEqual([8 * MiB, expect.any(Number)]);
    expect(stored?.size).toBe(stored?.bytes.length);
  });

  it('assembles blocks in block-list order when they arrive out of order (17 MiB: two full blocks in flight)', async () => {
    // Block 0 is stored only once block 1 has been; the time is only a fallback against a hang (block 1,
    // in flight beside it, releases it), generous so that a slow machine never stores block 0 first.
    double.store.holdFirstBlockMs = 120_000;
    try {
      const { sizes, stored } = await bigRoundTrip('bench-17mib', 17 * MiB);
      expect(sizes).toEqual([8 * MiB, 8 * MiB, expect.any(Number)]);
      const [b0, b1, b2] = stored?.blockList ?? [];
      expect(stored?.blockArrival).toEqual([b1, b0, b2]);
    } finally {
      double.store.holdFirstBlockMs = 0;
    }
  });

  it('refuses names with forbidden characters before calling the service, naming the character', async () => {
    const before = double.requests.length;
    for (const [bad, label] of [
      ['a/b', 'forward slash'],
      ['a:b', 'colon'],
      ['a\nb', 'line feed'],
      ['a\\b', 'backslash'],
    ]) {
      expect(() => validateArtifactName(bad as string)).toThrow(label as string);
    }
    await expect(upload('bench|x', { 'summary.json': '{}' })).rejects.toThrow(/artifact name "bench\|x" contains a vertical bar/);
    await expect(downloadArtifactByName(client, { name: '', path: tmp })).rejects.toThrow('artifact name is empty');
    const root = await tree({ 's.json': '{}' });
    const bad = { name: 'ok', files: [join(root, 's.json')], rootDirectory: root, retentionDays: 0 };
    await expect(uploadSummaryArtifact(client, bad)).rejects.toThrow('retentionDays must be a whole number from 1 to 400');
    expect(double.requests.length).toBe(before);
  });

  it('downloads from another workflow run through the REST API (findBy)', async () => {
    const text = summary('baseline-from-main');
    process.env['ACTIONS_RUNTIME_TOKEN'] = runtimeToken('run-2', 'job-7');
    try {
      await upload('main-baseline', { 'summary.json': text });
    } finally {
      process.env['ACTIONS_RUNTIME_TOKEN'] = double.env().ACTIONS_RUNTIME_TOKEN;
    }
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

    double.store.expire('main-baseline', 'run-2');
    const expired = downloadArtifactByName(client, { name: 'main-baseline', path: join(tmp, 'dl-expired'), findBy });
    await expect(expired).rejects.toThrow(
      `downloading artifact "main-baseline" in workflow run ${workflowRunId} of octo-org/benchgate: ` +
        'the artifact service failed (the artifact has expired)',
    );
  });

  it('turns a 4xx from the service into a clear error at once (no 20 s of retries)', async () => {
    const from = double.requests.length;
    double.failNext('CreateArtifact', 1, 400, 'version is not supported');
    await expect(upload('bench-4xx', { 'summary.json': '{}' })).rejects.toThrow(
      /uploading artifact "bench-4xx" in this workflow run: the artifact service failed \(HTTP 400\): .*version is not supported/,
    );
    double.failNext('ListArtifacts', 1, 403);
    await expect(downloadArtifactByName(client, { name: 'bench-baseline', path: join(tmp, 'y') })).rejects.toThrow(
      /looking up artifact "bench-baseline" in this workflow run: the artifact service failed \(HTTP 403\)/,
    );
    const findBy = { token: 'wrong-token', workflowRunId: 42, repositoryOwner: 'octo-org', repositoryName: 'benchgate' };
    await expect(downloadArtifactByName(client, { name: 'main-baseline', path: join(tmp, 'z'), findBy })).rejects.toThrow(
      'looking up artifact "main-baseline" in workflow run 42 of octo-org/benchgate: the artifact service failed (HTTP 401): Bad credentials',
    );
    // At once: the Twirp calls (whose retries wait 3 s and more each: artifact-twirp-client.js) were made
    // once, never retried. Counted, not timed: a slow machine stretches a clock. The REST lookup is
    // @actions/artifact's Octokit with `retries: 5` (find/retry-options.js): at most 1 + 5 requests.
    const made = double.requests.slice(from);
    expect(made.filter((r) => r.includes('/CreateArtifact'))).toHaveLength(1);
    expect(made.filter((r) => r.includes('/ListArtifacts'))).toHaveLength(1);
    expect(made.filter((r) => r.includes('/actions/runs/42/artifacts')).length).toBeLessThanOrEqual(6);
  });
});

describe('artifacts extracted within the budget, through the real client', () => {
  /** Every file under `dir` (the download's parent too: the zip's temporary folder must be gone), with its size. */
  async function files(dir: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const e of await readdir(dir, { recursive: true, withFileTypes: true }))
      if (e.isFile()) out[join(e.parentPath, e.name).slice(dir.length + 1)] = (await stat(join(e.parentPath, e.name))).size;
    return out;
  }

  it('refuses a zip bomb (a 257 MiB entry of zeros in a zip of about 260 KB) from its declared size, writing nothing', async () => {
    await upload('bench-bomb', { 'summary.json': '{}' });
    const bomb = await zipBomb('summary.json', ARTIFACT_EXTRACT_MAX_BYTES + 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    double.store.replace('bench-bomb', bomb);
    const parent = await mkdtemp(join(tmp, 'bomb-'));
    const got = downloadArtifactByName(client, { name: 'bench-bomb', path: join(parent, 'out') });
    await expect(got).rejects.toThrow(ArtifactBudgetError);
    await expect(downloadArtifactByName(client, { name: 'bench-bomb', path: join(parent, 'again') })).rejects.toThrow(
      'artifact "bench-bomb": entry "summary.json" declares 269484032 bytes (257.0 MiB) uncompressed',
    );
    expect(await files(parent)).toEqual({});
  });

  it('stops a header that lies about its size (1 KiB declared, 16 MiB of zeros inside), writing at most what it declared', async () => {
    await upload('bench-liar', { 'summary.json': '{}' });
    const lie = zip([
      { name: 'summary.json', data: summary('liar') },
      { name: 'summary.trial-2.json', data: Buffer.alloc(16 * 1024 * 1024), size: 1024 },
    ]);
    double.store.replace('bench-liar', lie);
    const parent = await mkdtemp(join(tmp, 'liar-'));
    await expect(downloadArtifactByName(client, { name: 'bench-liar', path: join(parent, 'out') })).rejects.toThrow(
      'artifact "bench-liar": entry "summary.trial-2.json" inflates to more than the 1024 bytes its header declares (a lying header)',
    );
    expect(await files(parent)).toEqual({});
  });

  it('extracts only the entries asked for from an artifact with others', async () => {
    await upload('bench-extra', { 'summary.json': '{}' });
    const text = summary('extra');
    double.store.replace(
      'bench-extra',
      zip([
        { name: 'summary.json', data: text },
        { name: 'command.log', data: 'log' },
        { name: 'original/bench.json', data: '{}' },
        { name: 'runs/r1.jsonl', data: '{}\n' },
        { name: 'notes/huge.bin', data: Buffer.alloc(1024), size: 2 ** 32 - 2 },
      ]),
    );
    const parent = await mkdtemp(join(tmp, 'extra-'));
    await downloadArtifactByName(client, { name: 'bench-extra', path: join(parent, 'out'), wanted: isGateEntry });
    expect(await files(parent)).toEqual({ 'out/summary.json': text.length, 'out/runs/r1.jsonl': 3 });
  });
});

describe('the results service double itself', () => {
  async function twirp(method: string, body: object, token = double.env().ACTIONS_RUNTIME_TOKEN) {
    const res = await fetch(`${double.url}/twirp/github.actions.results.api.v1.ArtifactService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type'), json: (await res.json()) as Record<string, unknown> };
  }
  const ids = { workflow_run_backend_id: 'run-1', workflow_job_run_backend_id: 'job-1' };

  it('rejects a token whose scp lacks Actions.Results:<run>:<job>, with a JSON 401', async () => {
    const other = await twirp('CreateArtifact', { ...ids, name: 'a', version: 7 }, runtimeToken('run-9', 'job-1'));
    expect(other).toMatchObject({ status: 401, type: 'application/json', json: { code: 'unauthenticated' } });
    const none = await twirp('ListArtifacts', ids, runtimeToken('run-1', 'job-1', 'Actions.Other'));
    expect(none.status).toBe(401);
  });

  it('refuses FinalizeArtifact before the block list is committed (404 JSON)', async () => {
    const created = await twirp('CreateArtifact', { ...ids, name: 'half-done', version: 7 });
    expect(created.json).toMatchObject({ ok: true, signed_upload_url: expect.stringContaining('?') });
    const finalized = await twirp('FinalizeArtifact', { ...ids, name: 'half-done', size: '1', hash: 'sha256:00' });
    expect(finalized).toMatchObject({ status: 404, type: 'application/json', json: { code: 'not_found' } });
  });

  it('deletes an artifact so its name can be used again, and pages the REST listing', async () => {
    await upload('to-delete', { 'summary.json': '{}' });
    await client.deleteArtifact('to-delete');
    expect(double.artifacts().has('to-delete')).toBe(false);
    await upload('to-delete', { 'summary.json': '{"second":true}' });
    const page = async (n: number) => {
      const url = `${double.url}/repos/octo-org/benchgate/actions/runs/${double.runId('run-1')}/artifacts?per_page=1&page=${n}`;
      const res = await fetch(url, { headers: { authorization: `token ${double.apiToken}` } });
      return (await res.json()) as { total_count: number; artifacts: { id: number }[] };
    };
    const [first, second] = [await page(1), await page(2)];
    expect(first.total_count).toBe(double.artifacts().size);
    expect(first.artifacts).toHaveLength(1);
    expect(second.artifacts[0]?.id).not.toBe(first.artifacts[0]?.id);
  });

  it('answers injected 500s as JSON, then recovers; an expired blob is 410; unknown routes are JSON 404s', async () => {
    double.failNext('ListArtifacts', 1, 500);
    expect(await twirp('ListArtifacts', ids)).toMatchObject({ status: 500, type: 'application/json', json: { code: 'internal' } });
    expect((await twirp('ListArtifacts', ids)).status).toBe(200);
    await upload('soon-expired', { 'summary.json': '{}' });
    const { json } = await twirp('GetSignedArtifactURL', { ...ids, name: 'soon-expired' });
    double.store.expire('soon-expired');
    expect((await fetch(String(json['signed_url']))).status).toBe(410);
    expect((await twirp('NoSuchMethod', ids)).json).toMatchObject({ code: 'bad_route' });
  });
});
