// The endpoints the GitHub API double serves. Each template is spelled exactly as in GitHub's
// OpenAPI description, so the same string finds the operation whose schemas judge the request.
import { GIT_ROUTES } from './github-api-git-routes.js';
import { ApiError, paginate, type Reply } from './github-api-http.js';
import { ACTIONS_BOT, jobJson, pullJson, type Site, stableId, userJson, workflowRunJson, type WorkflowRunRecord } from './github-api-shapes.js';
import type { CheckRun, CommitStatus, GitHubState, IssueComment } from './github-api-store.js';

type Body = Record<string, unknown>;

export interface RouteContext {
  site: Site;
  state: GitHubState;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Body;
  /** This list's URL as GitHub writes it in Link headers (`…/repositories/{id}/…`). */
  linkBase: string;
}

/** A reply, plus notes on requests GitHub accepts but quietly misreads (recorded as invalid). */
export type RouteReply = Reply & { notes?: string[] };

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  template: string;
  /** Sent as x-accepted-github-permissions, as GitHub does on a 403 for an integration. */
  permissions: string;
  handle(ctx: RouteContext): RouteReply;
}

export interface Served {
  route: Route;
  params: Record<string, string>;
  /** The path in its `/repos/{owner}/{repo}/…` spelling. */
  canonical: string;
}

/** The served route for a path, accepting GitHub's `/repositories/{id}/…` spelling from Link headers. */
export function matchRoute(method: string, path: string, site: Site): Served | undefined {
  const alias = /^\/repositories\/(\d+)(\/.*)$/.exec(path);
  const canonical = alias && Number(alias[1]) === site.repoId ? `/repos/${site.owner}/${site.repo}${alias[2] ?? ''}` : path;
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = route.template.replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'));
    const found = new RegExp(`^${pattern}$`).exec(canonical);
    const params = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(found?.[i + 1] ?? '')]));
    // Numbers and ids must be digits: GitHub answers 404 for /issues/abc/comments. A workflow_id may
    // also be the workflow's file name (the spec's "workflow-id": number | string).
    if (found && names.every((n) => n === 'workflow_id' || !/_(number|id)$/.test(n) || /^\d+$/.test(params[n] ?? ''))) return { route, params, canonical };
  }
  return undefined;
}

const R = '/repos/{owner}/{repo}';
const COMMENTS = 'issues=write; pull_requests=write';
const num = (ctx: RouteContext, name: string) => Number(ctx.params[name]);

/** GET /actions/runs filters: `status` is a status or a conclusion; `branch` the head branch. */
function runMatches(w: WorkflowRunRecord, q: URLSearchParams): boolean {
  const status = q.get('status');
  return (
    (q.get('head_sha') === null || q.get('head_sha') === w.headSha) &&
    (q.get('branch') === null || q.get('branch') === w.headBranch) &&
    (q.get('event') === null || q.get('event') === w.event) &&
    (status === null || status === w.status || status === w.conclusion)
  );
}

export const ROUTES: Route[] = [
  {
    method: 'GET',
    template: `${R}/issues/{issue_number}/comments`,
    permissions: 'issues=read; pull_requests=read',
    handle: (ctx) => {
      const since = ctx.query.get('since');
      const all = ctx.state.comments(num(ctx, 'issue_number')).filter((c) => since === null || Date.parse(c.updated_at) >= Date.parse(since));
      return list(
        ctx,
        all.map((c) => commentJson(ctx.site, c)),
      );
    },
  },
  {
    method: 'POST',
    template: `${R}/issues/{issue_number}/comments`,
    permissions: COMMENTS,
    handle: (ctx) => {
      const json = commentJson(ctx.site, ctx.state.createComment(num(ctx, 'issue_number'), String(ctx.body['body'])));
      return { status: 201, body: json, headers: { location: String(json['url']) } };
    },
  },
  {
    method: 'PATCH',
    template: `${R}/issues/comments/{comment_id}`,
    permissions: COMMENTS,
    handle: (ctx) => ({
      status: 200,
      body: commentJson(ctx.site, ctx.state.updateComment(num(ctx, 'comment_id'), String(ctx.body['body']))),
    }),
  },
  {
    method: 'DELETE',
    template: `${R}/issues/comments/{comment_id}`,
    permissions: COMMENTS,
    handle: (ctx) => {
      ctx.state.deleteComment(num(ctx, 'comment_id'));
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    template: `${R}/pulls/{pull_number}`,
    permissions: 'pull_requests=read',
    handle: (ctx) => {
      const pull = ctx.state.pull(num(ctx, 'pull_number'));
      return { status: 200, body: pullJson(ctx.site, pull, true, ctx.state.comments(pull.number).length) };
    },
  },
  {
    method: 'GET',
    template: `${R}/pulls`,
    permissions: 'pull_requests=read',
    handle: (ctx) => {
      const state = ctx.query.get('state') ?? 'open';
      const head = ctx.query.get('head');
      const base = ctx.query.get('base');
      // GitHub silently ignores a head filter without the `owner:` prefix and lists every PR instead.
      const notes = head !== null && !head.includes(':') ? [`query head=${head} lacks "owner:", so GitHub ignores it`] : [];
      const pulls = ctx.state
        .pulls()
        .filter(
          (p) =>
            (state === 'all' || p.state === state) &&
            (base === null || p.baseRef === base) &&
            (head === null || notes.length > 0 || `${p.headRepo.split('/')[0] ?? ''}:${p.headRef}`.toLowerCase() === head.toLowerCase()),
        );
      const asc = ctx.query.get('direction') === 'asc';
      pulls.sort((a, b) => (asc ? a.number - b.number : b.number - a.number));
      return {
        ...list(
          ctx,
          pulls.map((p) => pullJson(ctx.site, p, false)),
        ),
        notes,
      };
    },
  },
  {
    method: 'GET',
    template: `${R}/commits/{commit_sha}/pulls`,
    permissions: 'pull_requests=read',
    handle: (ctx) => {
      // A commit is "associated" with the open PRs whose head it is, and with the PR merged as it.
      const sha = ctx.params['commit_sha'];
      const pulls = ctx.state.pulls().filter((p) => (p.state === 'open' && p.headSha === sha) || p.mergeSha === sha);
      return list(
        ctx,
        pulls.map((p) => pullJson(ctx.site, p, false)),
      );
    },
  },
  {
    method: 'POST',
    template: `${R}/check-runs`,
    permissions: 'checks=write',
    handle: (ctx) => {
      const json = checkRunJson(ctx, ctx.state.createCheckRun(ctx.body));
      return { status: 201, body: json, headers: { location: String(json['url']) } };
    },
  },
  {
    method: 'GET',
    template: `${R}/check-runs/{check_run_id}`,
    permissions: 'checks=read',
    handle: (ctx) => ({
      status: 200,
      body: checkRunJson(ctx, ctx.state.checkRun(num(ctx, 'check_run_id'))),
    }),
  },
  {
    method: 'PATCH',
    template: `${R}/check-runs/{check_run_id}`,
    permissions: 'checks=write',
    handle: (ctx) => ({
      status: 200,
      body: checkRunJson(ctx, ctx.state.updateCheckRun(num(ctx, 'check_run_id'), ctx.body)),
    }),
  },
  {
    method: 'GET',
    template: `${R}/commits/{ref}/check-runs`,
    permissions: 'checks=read',
    handle: (ctx) => {
      const ref = ctx.params['ref'] ?? '';
      const sha = ctx.state.pulls().find((p) => p.headRef === ref)?.headSha ?? ref;
      const name = ctx.query.get('check_name');
      const status = ctx.query.get('status');
      let runs = ctx.state.checkRuns().filter((r) => r.head_sha === sha && (name === null || r.name === name) && (status === null || r.status === status));
      // filter=latest (the default) keeps the newest run of each name.
      if (ctx.query.get('filter') !== 'all') runs = runs.filter((r) => !runs.some((o) => o.name === r.name && o.id > r.id));
      const page = paginate(
        [...runs].sort((a, b) => b.id - a.id),
        ctx.query,
        ctx.linkBase,
      );
      return { status: 200, body: { total_count: runs.length, check_runs: page.items.map((r) => checkRunJson(ctx, r)) }, headers: page.headers };
    },
  },
  {
    method: 'POST',
    template: `${R}/statuses/{sha}`,
    permissions: 'statuses=write',
    handle: (ctx) => {
      const json = statusJson(ctx.site, ctx.state.createStatus(ctx.params['sha'] ?? '', ctx.body));
      return { status: 201, body: json, headers: { location: String(json['url']) } };
    },
  },
  {
    method: 'GET',
    template: `${R}/actions/runs`,
    permissions: 'actions=read',
    handle: (ctx) => {
      const all = ctx.state.workflowRuns.filter((w) => runMatches(w, ctx.query));
      const { items, headers } = paginate(all, ctx.query, ctx.linkBase);
      return { status: 200, headers, body: { total_count: all.length, workflow_runs: items.map((w) => workflowRunJson(ctx.site, w)) } };
    },
  },
  {
    // A workflow's runs, the workflow named by its file name (benchgate.yml), as `workflow_id` may be.
    method: 'GET',
    template: `${R}/actions/workflows/{workflow_id}/runs`,
    permissions: 'actions=read',
    handle: (ctx) => {
      const id = ctx.params['workflow_id'] ?? '';
      const all = ctx.state.workflowRuns.filter((w) => (w.path ?? '.github/workflows/benchgate.yml').split('/').at(-1) === id && runMatches(w, ctx.query));
      const { items, headers } = paginate(all, ctx.query, ctx.linkBase);
      return { status: 200, headers, body: { total_count: all.length, workflow_runs: items.map((w) => workflowRunJson(ctx.site, w)) } };
    },
  },
  {
    method: 'GET',
    template: `${R}/actions/runs/{run_id}`,
    permissions: 'actions=read',
    handle: (ctx) => {
      const run = ctx.state.workflowRuns.find((w) => w.id === num(ctx, 'run_id'));
      if (run === undefined) throw new ApiError(404, 'Not Found');
      return { status: 200, body: workflowRunJson(ctx.site, run) };
    },
  },
  {
    method: 'GET',
    template: `${R}/actions/runs/{run_id}/jobs`,
    permissions: 'actions=read',
    handle: (ctx) => {
      const runId = num(ctx, 'run_id');
      const all = ctx.state.runJobs.get(runId) ?? [];
      const headSha = ctx.state.workflowRuns.find((w) => w.id === runId)?.headSha ?? '0'.repeat(40);
      const { items, headers } = paginate(all, ctx.query, ctx.linkBase);
      return { status: 200, headers, body: { total_count: all.length, jobs: items.map((j) => jobJson(ctx.site, j, headSha)) } };
    },
  },
  {
    method: 'GET',
    template: `${R}/collaborators/{username}/permission`,
    permissions: 'metadata=read',
    handle: (ctx) => {
      const login = ctx.params['username'] ?? '';
      const role = [...ctx.state.roles].find(([name]) => name.toLowerCase() === login.toLowerCase());
      if (role === undefined) throw new ApiError(404, `${login} is not a user`);
      // The legacy base roles: maintain is mapped to write, triage to read (GitHub's description of this endpoint).
      const permission = role[1] === 'maintain' ? 'write' : role[1] === 'triage' ? 'read' : role[1];
      return { status: 200, body: { permission, role_name: role[1], user: { ...userJson(ctx.site, { login: role[0], type: 'User' }), role_name: role[1] } } };
    },
  },
  {
    method: 'POST',
    template: `${R}/actions/runs/{run_id}/rerun`,
    permissions: 'actions=write',
    handle: (ctx) => {
      const runId = num(ctx, 'run_id');
      if (!ctx.state.workflowRuns.some((w) => w.id === runId)) throw new ApiError(404, 'Not Found');
      ctx.state.reruns.push(runId);
      return { status: 201, body: {} };
    },
  },
  ...GIT_ROUTES,
];

function list(ctx: RouteContext, items: unknown[]): RouteReply {
  const page = paginate(items, ctx.query, ctx.linkBase);
  return { status: 200, body: page.items, headers: page.headers };
}

function repoUrl(site: Site): string {
  return `${site.api}/repos/${site.owner}/${site.repo}`;
}

export function commentJson(site: Site, c: IssueComment): Body {
  return {
    url: `${repoUrl(site)}/issues/comments/${c.id}`,
    html_url: c.html_url,
    issue_url: `${repoUrl(site)}/issues/${c.issue}`,
    id: c.id,
    node_id: Buffer.from(`IC_${c.id}`).toString('base64url'),
    user: userJson(site, c.user),
    created_at: c.created_at,
    updated_at: c.updated_at,
    author_association: c.user.type === 'Bot' ? 'NONE' : 'CONTRIBUTOR',
    body: c.body,
    performed_via_github_app: null,
  };
}

/** The GitHub Actions app, which owns every check run a GITHUB_TOKEN creates. */
function actionsApp(site: Site): Body {
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    owner: userJson(site, { login: 'github', type: 'Organization' }),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: 'https://github.com/apps/github-actions',
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2019-12-10T19:04:12Z',
    permissions: { checks: 'write', contents: 'write', metadata: 'read', pull_requests: 'write', statuses: 'write' },
    events: ['check_run', 'check_suite', 'pull_request', 'push'],
  };
}

function checkRunJson(ctx: RouteContext, r: CheckRun): Body {
  const { site } = ctx;
  const url = `${repoUrl(site)}/check-runs/${r.id}`;
  const ref = (sha: string, name: string) => ({ ref: name, sha, repo: { id: site.repoId, url: repoUrl(site), name: site.repo } });
  // The Checks API leaves `pull_requests` empty for PRs whose head is in a fork.
  const pulls = ctx.state.pulls().filter((p) => p.headSha === r.head_sha && p.headRepo === `${site.owner}/${site.repo}`);
  return {
    id: r.id,
    node_id: Buffer.from(`CR_${r.id}`).toString('base64url'),
    head_sha: r.head_sha,
    external_id: r.external_id,
    url,
    html_url: `https://github.com/${site.owner}/${site.repo}/runs/${r.id}`,
    details_url: r.details_url,
    status: r.status,
    conclusion: r.conclusion,
    started_at: r.started_at,
    completed_at: r.completed_at,
    name: r.name,
    output: {
      title: r.output.title,
      summary: r.output.summary,
      text: r.output.text,
      annotations_count: r.output.annotations.length,
      annotations_url: `${url}/annotations`,
    },
    check_suite: { id: stableId(`suite ${r.head_sha}`) },
    app: actionsApp(site),
    pull_requests: pulls.map((p) => ({
      id: stableId(`pull ${site.repoId} ${p.number}`),
      number: p.number,
      url: `${repoUrl(site)}/pulls/${p.number}`,
      head: ref(p.headSha, p.headRef),
      base: ref(p.baseSha, p.baseRef),
    })),
  };
}

function statusJson(site: Site, s: CommitStatus): Body {
  const creator = userJson(site, ACTIONS_BOT);
  return {
    url: `${repoUrl(site)}/statuses/${s.sha}`,
    avatar_url: creator['avatar_url'],
    id: s.id,
    node_id: Buffer.from(`SC_${s.id}`).toString('base64url'),
    state: s.state,
    description: s.description,
    target_url: s.target_url,
    context: s.context,
    created_at: s.created_at,
    updated_at: s.created_at,
    creator,
  };
}
