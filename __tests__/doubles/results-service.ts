// An offline test double of the GitHub Actions artifact ("results") service, for the real
// @actions/artifact 6.x client on loopback (see shared/reference/github-platform.md §3). One node:http
// server plays the three parties the client talks to:
//   - the Twirp JSON RPC github.actions.results.api.v1.ArtifactService (ACTIONS_RESULTS_URL),
//   - the Azure block-blob storage behind the signed URLs it hands out,
//   - the two public REST endpoints that `findBy` (cross-run) downloads use (GITHUB_API_URL).
// Every error body is JSON: the client retries a non-JSON body, and any 429/5xx, 5 times with
// backoff (about 20 s), so a double that answered HTML would turn a failing test into a slow one.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type Fault, HttpError, readBody, type Reply, send } from './results-service-http.js';
import { ArtifactStore, type StoredArtifact } from './results-service-store.js';

export type { StoredArtifact } from './results-service-store.js';
export { HttpError } from './results-service-http.js';

/** What `failNext` can make fail: a Twirp method, a blob operation or a findBy REST call. */
export type FaultTarget =
  | 'CreateArtifact'
  | 'FinalizeArtifact'
  | 'ListArtifacts'
  | 'GetSignedArtifactURL'
  | 'DeleteArtifact'
  | 'BlobPut'
  | 'BlobGet'
  | 'RestList'
  | 'RestZip';

const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** Methods whose body carries the caller's own job id, which the token must then name too. */
const OWN_JOB_METHODS = new Set(['CreateArtifact', 'FinalizeArtifact']);

export interface ResultsServiceOptions {
  /** The repository the findBy REST endpoints serve (default octo-org/benchgate). */
  owner?: string;
  repo?: string;
  /** The token the REST endpoints accept as `Authorization: token <apiToken>`. */
  apiToken?: string;
}

/** An unsigned JWT (`header.payload.x`) whose scp names the run and job, as the runner issues. */
export function runtimeToken(run: string, job: string, scope = `Actions.Results:${run}:${job}`): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: `Actions.ExampleScope ${scope}` })}.x`;
}

export class ResultsServiceDouble {
  readonly owner: string;
  readonly repo: string;
  readonly apiToken: string;
  /** Every request seen, as `METHOD path` (query included), for assertions on what the client did. */
  readonly requests: string[] = [];
  readonly store: ArtifactStore;
  private readonly faults = new Map<FaultTarget, Fault>();
  private readonly server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));

  constructor(options: ResultsServiceOptions = {}) {
    this.owner = options.owner ?? 'octo-org';
    this.repo = options.repo ?? 'benchgate';
    this.apiToken = options.apiToken ?? 'ghs_results_double';
    this.store = new ArtifactStore(() => this.url, `/repos/${this.owner}/${this.repo}`);
    // Bounded: a stuck client cannot hold a socket open for ever.
    this.server.requestTimeout = 15_000;
    this.server.headersTimeout = 10_000;
    this.server.keepAliveTimeout = 1_000;
  }

  /** http://127.0.0.1:PORT, once listening. */
  get url(): string {
    const address = this.server.address() as AddressInfo | null;
    if (!address) throw new Error('results service double is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject).listen(0, '127.0.0.1', () => resolve());
    });
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The environment the client needs, for run-1/job-1 of this double. GITHUB_SERVER_URL is pinned to
   * github.com because any other host makes the client throw GHESNotSupportedError.
   */
  env(run = 'run-1', job = 'job-1'): Record<string, string> {
    return {
      ACTIONS_RUNTIME_TOKEN: runtimeToken(run, job),
      ACTIONS_RESULTS_URL: `${this.url}/`,
      GITHUB_API_URL: this.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: `${this.owner}/${this.repo}`,
      NO_PROXY: '127.0.0.1,localhost',
    };
  }

  /** Stored artifacts of one run by name: {id, bytes, size, digest, runBackendId, …}. */
  artifacts(run = 'run-1'): Map<string, StoredArtifact> {
    return this.store.byName(run);
  }

  /** Let an artifact expire (its retention ran out): listed with expired: true, its blob answers 410. */
  expire(run: string, name: string): void {
    const artifact = this.store.byName(run).get(name);
    if (!artifact) throw new Error(`no artifact ${name} in ${run}`);
    (artifact as { expired: boolean }).expired = true;
  }

  /** The numeric workflow run id the REST API (findBy.workflowRunId) uses for a backend run id. */
  runId(run: string): number {
    return this.store.runId(run);
  }

  /**
   * Make the next `count` calls of `target` answer `status` with a JSON error. Tests that expect the
   * client to fail should pass a 4xx: the client retries 429/5xx Twirp answers for about 20 s, 5xx
   * blob PUTs with the Azure SDK's backoff, findBy REST 5xx with Octokit's, and *every* failed blob
   * GET 5 times 5 s apart. A 500 is for tests that want to watch a retry succeed and can wait 3 s.
   */
  failNext(target: FaultTarget, count = 1, status = 500, msg = `injected fault in ${target}`): void {
    this.faults.set(target, { remaining: count, status, msg });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    this.requests.push(`${req.method ?? '?'} ${url.pathname}${url.search}`);
    const isRest = url.pathname.startsWith('/repos/');
    try {
      const body = await readBody(req);
      send(res, await this.route(req, url, body));
    } catch (error) {
      const e = error instanceof HttpError ? error : new HttpError(500, 'internal', String(error));
      // Twirp and blob errors are {code, msg}; GitHub REST errors are {message}.
      send(res, { status: e.status, json: isRest ? { message: e.message } : { code: e.code, msg: e.message } });
    }
  }

  private async route(req: IncomingMessage, url: URL, body: Buffer): Promise<Reply> {
    const path = url.pathname;
    if (req.method === 'POST' && path.startsWith(TWIRP)) {
      const method = path.slice(TWIRP.length);
      this.inject(method as FaultTarget);
      return { status: 200, json: this.twirp(method, parseJson(body), req.headers.authorization) };
    }
    if (path.startsWith('/blob/') && (req.method === 'PUT' || req.method === 'GET')) {
      this.inject(req.method === 'PUT' ? 'BlobPut' : 'BlobGet');
      return req.method === 'PUT' ? this.store.blobPut(url, req.headers, body) : this.store.blobGet(url);
    }
    const list = /^\/repos\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)\/artifacts$/.exec(path);
    const zip = /^\/repos\/([^/]+)\/([^/]+)\/actions\/artifacts\/(\d+)\/zip$/.exec(path);
    const rest = list ?? zip;
    if (req.method === 'GET' && rest) {
      this.inject(list ? 'RestList' : 'RestZip');
      this.authorizeRest(req.headers.authorization, rest[1], rest[2]);
      return list ? this.store.restList(Number(list[3]), url.searchParams) : this.store.restZip(Number(rest[3]));
    }
    throw new HttpError(404, 'bad_route', `no route for ${req.method ?? '?'} ${path}`);
  }

  private twirp(method: string, body: Record<string, unknown>, auth: string | undefined): object {
    const run = String(body['workflow_run_backend_id'] ?? '');
    const job = String(body['workflow_job_run_backend_id'] ?? '');
    authorizeTwirp(auth, run, OWN_JOB_METHODS.has(method) ? job : undefined);
    const name = String(body['name'] ?? '');
    switch (method) {
      case 'CreateArtifact':
        return this.store.create(run, job, name, body['expires_at']);
      case 'FinalizeArtifact':
        return this.store.finalize(run, name, String(body['size'] ?? '0'), body['hash']);
      case 'ListArtifacts':
        return this.store.twirpList(run, body['name_filter'], body['id_filter']);
      case 'GetSignedArtifactURL':
        return this.store.signedDownload(run, name);
      case 'DeleteArtifact':
        return this.store.delete(run, name);
      default:
        throw new HttpError(404, 'bad_route', `no method ${method} on ArtifactService`);
    }
  }

  private inject(target: FaultTarget): void {
    const fault = this.faults.get(target);
    if (!fault || fault.remaining <= 0) return;
    fault.remaining -= 1;
    throw new HttpError(fault.status, fault.status >= 500 ? 'internal' : 'failed_precondition', fault.msg);
  }

  private authorizeRest(auth: string | undefined, owner: string | undefined, repo: string | undefined): void {
    if (auth !== `token ${this.apiToken}`) throw new HttpError(401, 'unauthenticated', 'Bad credentials');
    if (owner !== this.owner || repo !== this.repo) throw new HttpError(404, 'not_found', 'Not Found');
  }
}

/** Start a double on 127.0.0.1 and an ephemeral port. */
export async function startResultsService(options?: ResultsServiceOptions): Promise<ResultsServiceDouble> {
  return new ResultsServiceDouble(options).listen();
}

/** The runtime token is never verified, only decoded, but its scp must name the run (and job). */
function authorizeTwirp(auth: string | undefined, run: string, job: string | undefined): void {
  const payload = /^Bearer [^.]+\.([^.]+)\./.exec(auth ?? '')?.[1];
  let scopes: string[] = [];
  try {
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as { scp?: unknown };
    scopes = typeof claims.scp === 'string' ? claims.scp.split(' ') : [];
  } catch {
    // An unparsable token has no scopes.
  }
  const wanted = `Actions.Results:${run}:${job ?? ''}`;
  if (!scopes.some((s) => (job === undefined ? s.startsWith(wanted) : s === wanted))) {
    throw new HttpError(401, 'unauthenticated', `token scope lacks Actions.Results:${run}:${job ?? '<job>'}`);
  }
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'malformed', 'request body is not a JSON object');
}
