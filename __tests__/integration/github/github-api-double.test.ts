// The GitHub REST API double, driven by the REAL @actions/github getOctokit with the retry and
// throttling plugins, and checked against GitHub's OpenAPI description both ways: what the client
// sends (the double's job) and what the double answers (so the double cannot drift). Loopback only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type ApiCall, type GitHubApiDouble, responseErrors, ROUTES, startGitHubApi } from '../../doubles/github-api.js';
import { operation } from '../../doubles/github-api-spec.js';
import { octokitClient, TEST_TOKEN as TOKEN } from '../../helpers/octokit-client.js';

const O = 'octo-org';
const R = 'benchgate';
const SHA = 'a'.repeat(40);
const FORK_SHA = 'f'.repeat(40);

let api: GitHubApiDouble;
let limits: string[];

beforeEach(async () => {
  api = await startGitHubApi();
  limits = [];
});
afterEach(async () => {
  await api?.close();
});

/** The client as production code builds it (helpers/octokit-client.ts), against this file's double. */
function client(options: { throttle?: boolean; token?: string } = {}) {
  return octokitClient(api.url, limits, options);
}

/** The Octokit RequestError a call fails with (status, message, response). */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail('the request succeeded'),
    (e: unknown) => e as { status: number; message: string; response?: { data: Record<string, unknown>; headers: Record<string, string> } },
  );
  return error;
}

const repo = { owner: O, repo: R };
const statuses = (calls: ApiCall[]) => calls.map((c) => `${c.method} ${c.status}`);

// No bounds of their own: the project's timeouts (vitest.config.mjs) only stop a hang. The first request
// of a worker reads the REST double's part of the OpenAPI description (github-api-spec.ts).
describe('GitHub API double: reads, pagination and writes', () => {
  it('names only operations that exist in the OpenAPI description', () => {
    for (const route of ROUTES) expect(operation(route.method, route.template), `${route.method} ${route.template}`).toBeDefined();
  });

  it('paginates 250 comments with the Link header GitHub sends, which paginate.iterator follows', async () => {
    api.addPull({ number: 7, headSha: SHA });
    for (let i = 0; i < 250; i++) api.addComment(7, `comment ${i}`, i === 180 ? { login: 'github-actions[bot]', type: 'Bot' } : undefined);
    const octokit = client();
    const pages: number[][] = [];
    for await (const page of octokit.paginate.iterator(octokit.rest.issues.listComments, { ...repo, issue_number: 7, per_page: 100 })) {
      pages.push(page.data.map((c) => c.id));
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, 50]);
    expect(pages.flat()).toEqual(api.comments(7).map((c) => c.id));
    const id = /repositories\/(\d+)\//.exec(api.calls[1]?.path ?? '')?.[1];
    expect(id, 'next pages are /repositories/{id}/… URLs, as on GitHub').toBeDefined();
    // The middle page has all four rels, in GitHub's order.
    const res = await fetch(`${api.url}/repositories/${id}/issues/7/comments?per_page=100&page=2`, { headers: { authorization: `token ${TOKEN}` } });
    const base = `${api.url}/repositories/${id}/issues/7/comments?per_page=100&page=`;
    expect(res.headers.get('link')).toBe(`<${base}1>; rel="prev", <${base}3>; rel="next", <${base}3>; rel="last", <${base}1>; rel="first"`);
    const first = await client().rest.issues.listComments({ ...repo, issue_number: 7 });
    expect(first.data).toHaveLength(30);
    expect(first.headers.link).toMatch(/page=2>; rel="next", <[^>]*page=9>; rel="last"$/);
    expect(api.invalidCalls()).toEqual([]);
  });

  it('creates comments as github-actions[bot], updates them, and answers 404 for unknown ones', async () => {
    api.addPull({ number: 7, headSha: SHA });
    const octokit = client();
    const created = await octokit.rest.issues.createComment({ ...repo, issue_number: 7, body: '<!-- benchgate:v1 --> hi' });
    expect(created.status).toBe(201);
    expect(created.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' });
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(created.headers['x-github-request-id']).toMatch(/^[0-9A-F]{4}:/);
    const updated = await octokit.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: 'v2' });
    expect(updated.data.body).toBe('v2');
    expect(api.comments(7)).toMatchObject([{ id: created.data.id, body: 'v2', user: { login: 'github-actions[bot]' } }]);
    expect((await failure(octokit.rest.issues.updateComment({ ...repo, comment_id: 999, body: 'x' }))).status).toBe(404);
    expect((await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 8, body: 'x' }))).status).toBe(404);
    expect(Number(created.headers['x-ratelimit-remaining'])).toBeGreaterThan(Number(updated.headers['x-ratelimit-remaining']));
  });

  it('serves pulls with fork heads, the head filter (owner: prefix or ignored) and commit → pulls', async () => {
    api.addPull({ number: 12, headSha: FORK_SHA, headRef: 'feat', headRepo: 'forker/benchgate' });
    api.addPull({ number: 13, headSha: SHA, headRef: 'perf' });
    api.addPull({ number: 14, headSha: 'b'.repeat(40), state: 'closed' });
    const octokit = client();
    const pr = (await octokit.rest.pulls.get({ ...repo, pull_number: 12 })).data;
    expect(pr.head).toMatchObject({ sha: FORK_SHA, ref: 'feat', label: 'forker:feat', repo: { full_name: 'forker/benchgate', fork: true } });
    expect(pr.base.repo.full_name).toBe(`${O}/${R}`);
    expect((await octokit.rest.pulls.list({ ...repo, head: 'forker:feat' })).data.map((p) => p.number)).toEqual([12]);
    expect((await octokit.rest.pulls.list({ ...repo, state: 'all' })).data.map((p) => p.number)).toEqual([14, 13, 12]);
    // Without "owner:" GitHub ignores the filter: every open PR comes back. Recorded as a misuse.
    expect((await octokit.rest.pulls.list({ ...repo, head: 'feat' })).data.map((p) => p.number)).toEqual([13, 12]);
    expect(api.invalidCalls().map((c) => c.invalid)).toEqual([[expect.stringMatching(/lacks "owner:"/)]]);
    const assoc = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: SHA });
    expect(assoc.data.map((p) => p.number)).toEqual([13]);
    expect((await failure(octokit.rest.pulls.get({ ...repo, pull_number: 99 }))).status).toBe(404);
  });

  it('keeps check runs: conclusion implies completed, annotations append, latest-per-name listing', async () => {
    api.addPull({ number: 13, headSha: SHA });
    api.addPull({ number: 12, headSha: FORK_SHA, headRepo: 'forker/benchgate' });
    const octokit = client();
    const run = (await octokit.rest.checks.create({ ...repo, name: 'benchgate', head_sha: SHA, status: 'in_progress' })).data;
    expect(run.pull_requests.map((p) => p.number)).toEqual([13]);
    const notes = Array.from({ length: 50 }, (_, i) => ({
      path: 'a.ts',
      start_line: i + 1,
      end_line: i + 1,
      annotation_level: 'warning' as const,
      message: `m${i}`,
    }));
    await octokit.rest.checks.update({ ...repo, check_run_id: run.id, output: { title: 't', summary: 's', annotations: notes } });
    const done = await octokit.rest.checks.update({
      ...repo,
      check_run_id: run.id,
      conclusion: 'success',
      output: { title: 't', summary: 's2', annotations: notes },
    });
    expect(done.data).toMatchObject({ status: 'completed', conclusion: 'success', output: { annotations_count: 100, summary: 's2' } });
    expect(done.data.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const fork = (await octokit.rest.checks.create({ ...repo, name: 'benchgate', head_sha: FORK_SHA, conclusion: 'neutral' })).data;
    expect(fork.pull_requests, 'empty for fork heads, as on GitHub').toEqual([]);
    await octokit.rest.checks.create({ ...repo, name: 'benchgate', head_sha: SHA, conclusion: 'failure' });
    const latest = await octokit.rest.checks.listForRef({ ...repo, ref: SHA, check_name: 'benchgate' });
    expect(latest.data.total_count).toBe(1);
    expect(latest.data.check_runs[0]?.conclusion).toBe('failure');
    expect((await octokit.rest.checks.listForRef({ ...repo, ref: SHA, filter: 'all' })).data.total_count).toBe(2);
    expect(api.checkRuns()[0]?.output.annotations).toHaveLength(100);
    expect(api.invalidCalls()).toEqual([]);
  });
});

describe('GitHub API double: what GitHub refuses', () => {
  it('rejects what the OpenAPI description rejects, with 422, and records it', async () => {
    const octokit = client();
    api.addPull({ number: 7, headSha: SHA });
    const annotation = { path: 'a.ts', start_line: 1, end_line: 1, annotation_level: 'notice' as const, message: 'm' };
    const bad: Promise<unknown>[] = [
      octokit.request('POST /repos/{owner}/{repo}/check-runs', { ...repo, name: 'x', head_sha: SHA, conclusion: 'passed' as 'success' }),
      octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA, output: { title: 't', summary: 's'.repeat(65_536) } }),
      octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA, output: { title: 't', summary: 's', annotations: Array(51).fill(annotation) } }),
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 7 } as never),
      octokit.rest.repos.createCommitStatus({ ...repo, sha: SHA, state: 'green' as 'success' }),
      octokit.request('GET /repos/{owner}/{repo}/pulls', { ...repo, state: 'merged' as 'open' }),
    ];
    for (const p of bad) {
      const e = await failure(p);
      expect(e.status).toBe(422);
      expect(e.response?.data['message']).toMatch(/^Invalid request\.\n\n(body|query)/);
    }
    expect(api.invalidCalls()).toHaveLength(6);
    expect(api.invalidCalls()[0]?.invalid?.join()).toMatch(/conclusion must be equal to one of the allowed values: action_required/);
    expect(api.invalidCalls()[3]?.invalid).toEqual(["body must have required property 'body'"]);
    expect(api.checkRuns()).toEqual([]);
    expect(api.statuses()).toEqual([]);
  });

  it('applies the rules the spec cannot encode (lengths, completed needs a conclusion)', async () => {
    const octokit = client();
    api.addPull({ number: 7, headSha: SHA });
    const long = await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 7, body: 'x'.repeat(65_537) }));
    expect(long.status).toBe(422);
    expect(long.response?.data).toMatchObject({
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }],
      documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
    });
    // The limit counts UTF-16 units, as JS does: 32,769 emoji are 65,538 of them.
    expect((await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 7, body: '😀'.repeat(32_769) }))).status).toBe(422);
    expect((await octokit.rest.issues.createComment({ ...repo, issue_number: 7, body: 'x'.repeat(65_536) })).status).toBe(201);
    const desc = await failure(octokit.rest.repos.createCommitStatus({ ...repo, sha: SHA, state: 'success', description: 'd'.repeat(141) }));
    expect(desc.response?.data['errors']).toMatchObject([{ message: 'description is too long (maximum is 140 characters)' }]);
    const status = await octokit.rest.repos.createCommitStatus({ ...repo, sha: SHA, state: 'failure', description: 'd'.repeat(140), context: 'benchgate' });
    expect(status.status).toBe(201);
    expect(api.statuses()).toMatchObject([{ sha: SHA, state: 'failure', context: 'benchgate', target_url: null }]);
    expect((await failure(octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA, status: 'completed' }))).status).toBe(422);
    expect((await failure(octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA, conclusion: 'action_required' }))).status).toBe(422);
    const ok = await octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA, conclusion: 'action_required', details_url: 'https://example.test/d' });
    expect(ok.data.status).toBe('completed');
    expect(api.invalidCalls(), 'GitHub rules, not spec violations').toEqual([]);
    // PATCH's schema does encode it (anyOf), so that one is a spec violation.
    expect((await failure(octokit.rest.checks.update({ ...repo, check_run_id: ok.data.id, status: 'completed' }))).status).toBe(422);
    expect(api.invalidCalls()).toHaveLength(1);
  });

  it('answers 401, 404, 400 and 403 (read-only token) as GitHub does, in JSON', async () => {
    api.addPull({ number: 7, headSha: SHA });
    expect((await failure(client({ token: 'ghs_wrong' }).rest.pulls.get({ ...repo, pull_number: 7 }))).response?.data['message']).toBe('Bad credentials');
    const octokit = client();
    const other = await failure(octokit.rest.pulls.get({ owner: 'someone', repo: 'else', pull_number: 7 }));
    expect([other.status, other.response?.data['message']]).toEqual([404, 'Not Found']);
    const unserved = await fetch(`${api.url}/repos/${O}/${R}/actions/runs/1/artifacts`, { headers: { authorization: `token ${TOKEN}` } });
    expect([unserved.status, ((await unserved.json()) as { message: string }).message]).toEqual([404, 'Not Found']);
    const garbled = await fetch(`${api.url}/repos/${O}/${R}/issues/7/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: '{nope',
    });
    expect([garbled.status, ((await garbled.json()) as { message: string }).message]).toEqual([400, 'Problems parsing JSON']);
    api.readOnly = true;
    const denied = await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 7, body: 'hi' }));
    expect([denied.status, denied.response?.data['message']]).toEqual([403, 'Resource not accessible by integration']);
    expect(denied.response?.headers['x-accepted-github-permissions']).toBe('issues=write; pull_requests=write');
    expect((await failure(octokit.rest.checks.create({ ...repo, name: 'x', head_sha: SHA }))).status).toBe(403);
    expect((await octokit.rest.issues.listComments({ ...repo, issue_number: 7 })).status, 'reads still work').toBe(200);
    expect(api.comments(7)).toEqual([]);
  });

  it('caps per_page at 100 like GitHub, and records the request as a misuse', async () => {
    api.addPull({ number: 7, headSha: SHA });
    for (let i = 0; i < 120; i++) api.addComment(7, `c${i}`);
    const page = await client().request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 7, per_page: 500 });
    expect(page.data).toHaveLength(100);
    expect(api.invalidCalls()[0]?.invalid).toEqual(['query per_page=500 is over 100; GitHub silently returns 100 per page']);
  });
});

describe('GitHub API double: faults and the plugins', () => {
  it('a 502 (JSON or an HTML page) and a 500 are retried by the retry plugin; a 404 is not', async () => {
    api.addPull({ number: 7, headSha: SHA });
    api.failNext({ path: /\/pulls\/7$/ }, { status: 502, body: '<html><body>Unicorn!</body></html>' });
    api.failNext({ path: /\/pulls\/7$/ }, { status: 500 });
    const octokit = client({ throttle: true });
    expect((await octokit.rest.pulls.get({ ...repo, pull_number: 7 })).data.number).toBe(7);
    expect(statuses(api.calls)).toEqual(['GET 502', 'GET 500', 'GET 200']);
    api.failNext({ method: 'GET' }, { status: 404, body: { message: 'Not Found' } });
    expect((await failure(octokit.rest.pulls.get({ ...repo, pull_number: 7 }))).status).toBe(404);
    expect(api.calls).toHaveLength(4);
  });
});

describe('GitHub API double: forwarding', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const seen: string[] = [];

  beforeEach(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} auth=${req.headers.authorization} body=${body}`);
        if (req.url?.includes('/zip')) return void res.writeHead(302, { location: `${upstreamUrl}/blob/9?sig=s` }).end();
        if (req.url?.startsWith('/blob/')) return void res.writeHead(200, { 'content-type': 'application/zip' }).end('PK-bytes');
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-upstream': 'yes' }).end(JSON.stringify({ total_count: 0, artifacts: [] }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    await api.close();
    api = await startGitHubApi({ forward: upstreamUrl });
    seen.length = 0;
  });
  afterEach(async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('proxies unserved requests unchanged, and passes a 302 back unchanged', async () => {
    const octokit = client();
    const list = await octokit.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: 5, name: 'bench' });
    expect(list.headers['x-upstream']).toBe('yes');
    expect(seen[0]).toBe(`GET /repos/${O}/${R}/actions/runs/5/artifacts?name=bench auth=token ${TOKEN} body=`);
    const raw = await fetch(`${api.url}/repos/${O}/${R}/actions/artifacts/9/zip?x=1`, {
      method: 'GET',
      redirect: 'manual',
      headers: { authorization: `token ${TOKEN}` },
    });
    expect([raw.status, raw.headers.get('location')]).toEqual([302, `${upstreamUrl}/blob/9?sig=s`]);
    const zip = await octokit.rest.actions.downloadArtifact({ ...repo, artifact_id: 9, archive_format: 'zip' });
    expect(Buffer.from(zip.data as ArrayBuffer).toString()).toBe('PK-bytes');
    await fetch(`${api.url}/anything?q=1`, { method: 'PUT', body: '{"a":1}', headers: { authorization: 'token t' } });
    expect(seen.at(-1)).toBe('PUT /anything?q=1 auth=token t body={"a":1}');
    expect(api.calls.every((c) => c.forwarded)).toBe(true);
    expect(statuses(api.calls)).toEqual(['GET 200', 'GET 302', 'GET 302', 'PUT 200']);
  });
});

describe('GitHub API double: its answers conform to the spec', () => {
  it('every response of every served endpoint validates against its response schema', async () => {
    api.addPull({ number: 12, headSha: FORK_SHA, headRepo: 'forker/benchgate' });
    api.addPull({ number: 13, headSha: SHA });
    api.addComment(13, 'seeded');
    const octokit = client();
    const c = (await octokit.rest.issues.createComment({ ...repo, issue_number: 13, body: 'x' })).data;
    await octokit.rest.issues.updateComment({ ...repo, comment_id: c.id, body: 'y' });
    await octokit.rest.issues.listComments({ ...repo, issue_number: 13 });
    await octokit.rest.issues.deleteComment({ ...repo, comment_id: c.id });
    await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 13, body: 'z'.repeat(70_000) }));
    await failure(octokit.rest.issues.listComments({ ...repo, issue_number: 99 }));
    for (const n of [12, 13]) await octokit.rest.pulls.get({ ...repo, pull_number: n });
    await octokit.rest.pulls.list({ ...repo, state: 'all' });
    await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: SHA });
    const run = (await octokit.rest.checks.create({ ...repo, name: 'g', head_sha: SHA, external_id: 'e1' })).data;
    await octokit.rest.checks.update({ ...repo, check_run_id: run.id, conclusion: 'failure', output: { title: 't', summary: 's', text: 'x' } });
    await octokit.rest.checks.get({ ...repo, check_run_id: run.id });
    await octokit.rest.checks.listForRef({ ...repo, ref: SHA });
    await octokit.rest.repos.createCommitStatus({ ...repo, sha: SHA, state: 'pending', target_url: 'https://example.test/x', description: 'd' });
    api.addWorkflowRun({ id: 4242, headSha: SHA });
    api.addWorkflowRun({ id: 4243, headSha: FORK_SHA, conclusion: 'failure' });
    const runs = (await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: SHA, status: 'success', event: 'push' })).data;
    expect(runs.workflow_runs.map((w) => w.id)).toEqual([4242]);
    api.addWorkflowRun({ id: 4244, headSha: SHA, path: '.github/workflows/other.yml' });
    // A workflow's runs, the workflow named by its file name.
    const own = (await octokit.rest.actions.listWorkflowRuns({ ...repo, workflow_id: 'benchgate.yml', head_sha: SHA, branch: 'main', status: 'success' })).data;
    expect(own.workflow_runs.map((w) => w.id)).toEqual([4242]);
    expect((await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: 4242 })).data.head_sha).toBe(SHA);
    await failure(octokit.rest.actions.getWorkflowRun({ ...repo, run_id: 4299 }));
    api.addJobs(4243, [{ name: 'suite (candidate)', conclusion: 'cancelled' }]);
    const jobs = (await octokit.rest.actions.listJobsForWorkflowRun({ ...repo, run_id: 4243, filter: 'latest' })).data;
    expect(jobs.jobs.map((j) => [j.name, j.conclusion])).toEqual([['suite (candidate)', 'cancelled']]);
    api.setRole('maintainer', 'maintain');
    const role = (await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'maintainer' })).data;
    expect([role.permission, role.role_name]).toEqual(['write', 'maintain']);
    await failure(octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'stranger' }));
    await octokit.rest.actions.reRunWorkflow({ ...repo, run_id: 4243 });
    expect(api.reruns()).toEqual([4243]);
    await contentsAndGitCalls(octokit);
    const checked = new Set<string>();
    for (const call of api.calls) {
      const [method = '', template = ''] = (call.operation ?? '').split(' ');
      const errors = responseErrors(method, template, call.status, call.response);
      if (errors === undefined) continue;
      expect(errors, `${call.operation} → ${call.status}`).toEqual([]);
      checked.add(`${call.operation} ${call.status}`);
    }
    for (const route of ROUTES.filter((r) => r.method !== 'DELETE')) {
      expect(
        [...checked].some((k) => k.startsWith(`${route.method} ${route.template} 2`)),
        `${route.method} ${route.template}`,
      ).toBe(true);
    }
    expect(checked).toContain(`POST ${ROUTES[1]?.template} 422`);
    expect(api.invalidCalls()).toEqual([]);
  });
});

/** One of each contents and git database call, and the refusals that matter (stale sha, existing ref). */
async function contentsAndGitCalls(octokit: ReturnType<typeof client>): Promise<void> {
  const tree = (await octokit.rest.git.createTree({ ...repo, tree: [{ path: 'h.json', mode: '100644', type: 'blob', content: '{}\n' }] })).data;
  const commit = (await octokit.rest.git.createCommit({ ...repo, message: 'first', tree: tree.sha, parents: [] })).data;
  await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/history', sha: commit.sha });
  expect((await failure(octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/history', sha: commit.sha }))).status).toBe(422);
  expect((await octokit.rest.git.getRef({ ...repo, ref: 'heads/history' })).data.object.sha).toBe(commit.sha);
  const file = (await octokit.rest.repos.getContent({ ...repo, path: 'h.json', ref: 'refs/heads/history' })).data as { sha: string; content: string };
  expect(Buffer.from(file.content, 'base64').toString()).toBe('{}\n');
  // git's own blob SHA of "{}\n"
  expect(file.sha).toBe('0967ef424bce6791893e9a57bb952f80fd536e93');
  const put = { ...repo, path: 'h.json', branch: 'history', message: 'second', content: Buffer.from('[]\n').toString('base64') };
  expect((await octokit.rest.repos.createOrUpdateFileContents({ ...put, sha: file.sha })).status).toBe(200);
  expect((await failure(octokit.rest.repos.createOrUpdateFileContents({ ...put, sha: file.sha }))).status).toBe(409);
  expect((await failure(octokit.rest.repos.createOrUpdateFileContents(put))).status).toBe(422);
  expect((await octokit.rest.repos.createOrUpdateFileContents({ ...put, path: 'other.json' })).status).toBe(201);
  expect((await failure(octokit.rest.repos.getContent({ ...repo, path: 'h.json', ref: 'nowhere' }))).status).toBe(404);
  expect((await octokit.rest.git.getBlob({ ...repo, file_sha: file.sha })).data.content).toBe(Buffer.from('{}\n').toString('base64'));
  expect(api.git.log('history').map((c) => c.message)).toEqual(['second', 'second', 'first']);
}
