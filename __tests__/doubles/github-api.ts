// An offline double of api.github.com for the endpoints benchgate writes through @actions/github's
// getOctokit: sticky PR comments, pulls, check runs and commit statuses (github-platform.md §4, §5, §7).
// Every request to a served endpoint is judged by GitHub's own OpenAPI description (ajv over the
// deref spec); a violation answers 422 and is recorded, so tests can assert `invalidCalls()` is empty.
// Anything it does not serve can be forwarded unchanged to another double (e.g. the results service
// for the artifact REST calls), so one GITHUB_API_URL serves both. Errors are always GitHub's JSON.
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { GitStore } from './github-api-git.js';
import { ApiError, errorBody, forward, parseBody, queryNotes, type Reply, requestId, send } from './github-api-http.js';
import { matchRoute, type RouteReply, type Served } from './github-api-routes.js';
import { type ApiUser, type Site, stableId, type WorkflowRunRecord } from './github-api-shapes.js';
import { docsUrl, requestErrors } from './github-api-spec.js';
import { type CheckRun, type CommitStatus, GitHubState, type IssueComment, type PullSeed } from './github-api-store.js';
import { readBody } from './results-service-http.js';

export type { ApiUser } from './github-api-shapes.js';
export type { Annotation, CheckRun, CommitStatus, IssueComment, PullSeed } from './github-api-store.js';
export { ROUTES } from './github-api-routes.js';
export { responseErrors } from './github-api-spec.js';

export interface GitHubApiOptions {
  /** The repository served (default octo-org/benchgate, as the results service double). */
  owner?: string;
  repo?: string;
  /** The only token accepted, as `token <t>` or `Bearer <t>` (default ghs_test_token). */
  token?: string;
  /** Base URL that requests for unserved endpoints are proxied to, unchanged. */
  forward?: string;
}

export interface ApiCall {
  method: string;
  /** The path as requested (a `/repositories/{id}/…` Link URL stays as it was). */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body (undefined when empty, the raw text when not JSON). */
  body: unknown;
  status: number;
  /** Spec violations, and parameters GitHub would accept but quietly misread (per_page > 100, …). */
  invalid?: string[];
  /** `METHOD template` of the spec operation that served it, for response validation. */
  operation?: string;
  /** The JSON answered (not kept for forwarded calls). */
  response?: unknown;
  forwarded?: true;
  injected?: true;
}

export interface FaultMatch {
  method?: string;
  /** Tested against the path without the query. */
  path?: RegExp;
}

export interface FaultReply {
  status: number;
  headers?: Record<string, string>;
  /** JSON by default; a string is sent as text/html, like a proxy's error page. */
  body?: unknown;
}

const RATE_LIMIT = 1000; // GITHUB_TOKEN's primary limit per repository and hour
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export class GitHubApiDouble {
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  readonly calls: ApiCall[] = [];
  /** When true every write to a served endpoint answers 403, as a fork PR's read-only GITHUB_TOKEN. */
  readOnly = false;
  private readonly state: GitHubState;
  private readonly faults: { match: FaultMatch; reply: FaultReply; remaining: number }[] = [];
  private readonly forwardTo: string | undefined;
  private readonly resetAt = Math.floor(Date.now() / 1000) + 3600;
  private used = 0;
  private readonly server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));

  constructor(options: GitHubApiOptions = {}) {
    this.owner = options.owner ?? 'octo-org';
    this.repo = options.repo ?? 'benchgate';
    this.token = options.token ?? 'ghs_test_token';
    this.forwardTo = options.forward;
    this.state = new GitHubState(`${this.owner}/${this.repo}`, `https://github.com/${this.owner}/${this.repo}`);
    // Bounded: a stuck client cannot hold a socket for ever. Keep-alive stays at node's 5 s because
    // undici reuses a socket until 1 s before the server's advertised timeout; shorter races it.
    this.server.requestTimeout = 15_000;
    this.server.headersTimeout = 10_000;
    this.server.keepAliveTimeout = 5_000;
  }

  /** http://127.0.0.1:PORT, once listening: the baseUrl / GITHUB_API_URL. */
  get url(): string {
    const address = this.server.address() as AddressInfo | null;
    if (!address) throw new Error('GitHub API double is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  private get site(): Site {
    return { api: this.url, owner: this.owner, repo: this.repo, repoId: stableId(`${this.owner}/${this.repo}`) };
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => this.server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment a spawned action needs to talk to this double. */
  env(): Record<string, string> {
    return {
      GITHUB_API_URL: this.url,
      GITHUB_REPOSITORY: `${this.owner}/${this.repo}`,
      GITHUB_SERVER_URL: 'https://github.com',
      NO_PROXY: '127.0.0.1,localhost',
    };
  }

  invalidCalls(): ApiCall[] {
    return this.calls.filter((c) => c.invalid !== undefined);
  }

  addPull(pull: PullSeed): void {
    this.state.addPull(pull);
  }

  /** Seed a workflow run (GET /actions/runs lists it); `id` is the results double's REST run id. */
  addWorkflowRun(run: Partial<WorkflowRunRecord> & Pick<WorkflowRunRecord, 'id' | 'headSha'>): void {
    this.state.addWorkflowRun(run);
  }

  /** Seed the jobs of a workflow run (the results double's REST run id); GET /actions/runs/{id}/jobs lists them. */
  addJobs(runId: number, jobs: readonly { name: string; conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out' }[]): void {
    this.state.addJobs(runId, jobs);
  }

  /** Give `login` a role on the repository (GET /collaborators/{username}/permission answers it); a user never given one is no collaborator. */
  setRole(login: string, role: 'admin' | 'maintain' | 'write' | 'triage' | 'read'): void {
    this.state.roles.set(login, role);
  }

  /** The workflow runs asked to run again (POST /actions/runs/{run_id}/rerun), in order. */
  reruns(): number[] {
    return [...this.state.reruns];
  }

  /** Seed a comment (no length rule applies); the issue exists from then on. */
  addComment(issue: number, body: string, user: ApiUser = { login: 'someone', type: 'User' }): IssueComment {
    return structuredClone(this.state.seedComment(issue, body, user));
  }

  /** Comments of one issue, ascending by id; [] for an issue that does not exist. */
  comments(issue: number): IssueComment[] {
    return this.state.hasIssue(issue) ? structuredClone(this.state.comments(issue)) : [];
  }

  /** Branches and files: read what was written, seed a file on a branch. */
  get git(): GitStore {
    return this.state.git;
  }

  checkRuns(): CheckRun[] {
    return structuredClone(this.state.checkRuns());
  }

  statuses(): CommitStatus[] {
    return structuredClone(this.state.statuses());
  }

  /**
   * Answer the next `count` requests matching `match` with `reply` instead (before auth, routing or
   * forwarding). GitHub's throttling signals: 403/429 with `retry-after` and a "secondary rate limit"
   * message, or `x-ratelimit-remaining: 0` with `x-ratelimit-reset`; the reply's headers override ours.
   */
  failNext(match: FaultMatch, reply: FaultReply, count = 1): void {
    this.faults.push({ match, reply, remaining: count });
  }

  private headers(): Record<string, string> {
    return {
      'x-github-request-id': requestId(),
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(Math.max(0, RATE_LIMIT - this.used)),
      'x-ratelimit-reset': String(this.resetAt),
      'x-ratelimit-used': String(this.used),
      'x-ratelimit-resource': 'core',
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const call: ApiCall = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: undefined, status: 0 };
    this.calls.push(call);
    // Over 32 MiB (readBody's cap) leaves no body: answered 413 below, never forwarded.
    const raw = await readBody(req).catch(() => undefined);
    const parsed = raw ? parseBody(raw) : { value: undefined, json: true };
    call.body = parsed.value;
    const served = matchRoute(method, url.pathname, this.site);
    // Judged even when a fault or a 403 will answer, so a bad request cannot hide behind them.
    const schemaErrors = served && parsed.json ? requestErrors(method, served.route.template, url.searchParams, parsed.value) : [];
    if (served) {
      call.operation = `${method} ${served.route.template}`;
      const invalid = [...schemaErrors, ...queryNotes(url.searchParams)];
      if (invalid.length > 0) call.invalid = invalid;
    }
    const fault = this.takeFault(method, url.pathname);
    if (!fault && !served && this.forwardTo && raw) {
      call.forwarded = true;
      call.status = await forward(req, res, raw, this.forwardTo);
      return;
    }
    this.used += 1;
    let reply: Reply;
    if (fault) {
      call.injected = true;
      reply = {
        status: fault.status,
        headers: fault.headers,
        body: fault.body ?? { message: STATUS_CODES[fault.status] ?? 'Error', status: String(fault.status) },
      };
    } else {
      const docs = served ? docsUrl(method, served.route.template) : 'https://docs.github.com/rest';
      try {
        if (!raw) throw new ApiError(413, 'Payload too large');
        if (!parsed.json) throw new ApiError(400, 'Problems parsing JSON');
        reply = this.serve(req, served, call, schemaErrors);
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(500, `double failed: ${String(error)}`);
        reply = { status: e.status, body: errorBody(e, docs), headers: e.headers };
      }
    }
    call.status = reply.status;
    call.response = reply.body;
    send(res, reply, this.headers());
  }

  /** The checks GitHub makes, in its order: credentials, resource, permission, then the request's validity. */
  private serve(req: IncomingMessage, served: Served | undefined, call: ApiCall, schemaErrors: string[]): RouteReply {
    if (!served) throw new ApiError(404, 'Not Found');
    const auth = /^(?:token|bearer) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth === undefined) throw new ApiError(401, 'Requires authentication');
    if (auth !== this.token) throw new ApiError(401, 'Bad credentials');
    const { route, params } = served;
    if (params['owner']?.toLowerCase() !== this.owner.toLowerCase() || params['repo']?.toLowerCase() !== this.repo.toLowerCase()) {
      throw new ApiError(404, 'Not Found');
    }
    if (this.readOnly && WRITES.has(call.method)) {
      throw new ApiError(403, 'Resource not accessible by integration', undefined, { 'x-accepted-github-permissions': route.permissions });
    }
    if (schemaErrors.length > 0) throw new ApiError(422, `Invalid request.\n\n${schemaErrors.join('\n')}`);
    const rest = served.canonical.slice(`/repos/${params['owner'] ?? ''}/${params['repo'] ?? ''}`.length);
    const body = (call.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams(call.query);
    const reply = route.handle({ site: this.site, state: this.state, params, query, body, linkBase: `${this.url}/repositories/${this.site.repoId}${rest}` });
    if (reply.notes && reply.notes.length > 0) call.invalid = [...(call.invalid ?? []), ...reply.notes];
    return reply;
  }

  private takeFault(method: string, path: string): FaultReply | undefined {
    const fault = this.faults.find(
      (f) => f.remaining > 0 && (!f.match.method || f.match.method.toUpperCase() === method) && (!f.match.path || f.match.path.test(path)),
    );
    if (fault) fault.remaining -= 1;
    return fault?.reply;
  }
}

/** Start a double on 127.0.0.1 and an ephemeral port; the OpenAPI description is loaded on first use. */
export async function startGitHubApi(options?: GitHubApiOptions): Promise<GitHubApiDouble> {
  return new GitHubApiDouble(options).listen();
}
