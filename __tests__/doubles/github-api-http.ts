// HTTP plumbing for the GitHub API double: GitHub-style JSON errors and headers, page slicing with
// the Link header GitHub sends, and the pass-through proxy for requests the double does not serve.
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, request as httpRequest, type ServerResponse } from 'node:http';

/** An answer of `status` with GitHub's error body `{message, errors?, documentation_url, status}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, unknown>[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** GitHub's 422 for a model validation (as opposed to a JSON-schema one): "Validation Failed" + errors. */
export function validationFailed(resource: string, field: string, message: string, code = 'custom'): ApiError {
  return new ApiError(422, 'Validation Failed', [{ resource, code, field, message }]);
}

export interface Reply {
  status: number;
  /** Sent as JSON; a string is sent verbatim as text/html (a proxy's error page). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The JSON GitHub answers for an error; `status` is a string in GitHub's bodies. */
export function errorBody(error: ApiError, docs: string): Record<string, unknown> {
  return { message: error.message, ...(error.errors ? { errors: error.errors } : {}), documentation_url: docs, status: String(error.status) };
}

/** A request id in GitHub's `XXXX:XXXX:XXXXXX:XXXXXXX:XXXXXXXX` shape. */
export function requestId(): string {
  const hex = randomBytes(14).toString('hex').toUpperCase();
  return [hex.slice(0, 4), hex.slice(4, 8), hex.slice(8, 14), hex.slice(14, 21), hex.slice(21, 28)].join(':');
}

export function send(res: ServerResponse, reply: Reply, headers: Record<string, string>): void {
  const text = typeof reply.body === 'string';
  const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(text ? (reply.body as string) : JSON.stringify(reply.body));
  const all: Record<string, string> = { ...headers };
  if (reply.body !== undefined) all['content-type'] = text ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  Object.assign(all, reply.headers, { 'content-length': String(body.length) });
  res.writeHead(reply.status, all).end(body);
}

/** The JSON body (undefined when empty), or the raw text with `json: false` when it does not parse. */
export function parseBody(raw: Buffer): { value: unknown; json: boolean } {
  if (raw.length === 0) return { value: undefined, json: true };
  const text = raw.toString('utf8');
  try {
    return { value: JSON.parse(text) as unknown, json: true };
  } catch {
    return { value: text, json: false };
  }
}

/** GitHub caps per_page at 100 without an error, so a client asking for more silently gets fewer. */
export function queryNotes(query: URLSearchParams): string[] {
  const perPage = Number(query.get('per_page'));
  return perPage > 100 ? [`query per_page=${perPage} is over 100; GitHub silently returns 100 per page`] : [];
}

/** per_page (default 30; GitHub silently caps it at 100) and page (default 1) from a query. */
export function paging(query: URLSearchParams): { perPage: number; page: number } {
  const perPage = Number.parseInt(query.get('per_page') ?? '', 10);
  const page = Number.parseInt(query.get('page') ?? '', 10);
  return { perPage: perPage > 0 ? Math.min(perPage, 100) : 30, page: page > 0 ? page : 1 };
}

/**
 * One page of `items` and the Link header for it, as GitHub writes it: rels in the order prev, next,
 * last, first, each URL the request's own query with `page` replaced, and absent when all fits on one
 * page. `linkBase` is the canonical URL of the list; GitHub uses `/repositories/{id}/…` there, not
 * `/repos/{owner}/{repo}/…`, so a client must follow the URL rather than rebuild it.
 */
export function paginate<T>(items: T[], query: URLSearchParams, linkBase: string): { items: T[]; headers: Record<string, string> } {
  const { perPage, page } = paging(query);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (last === 1 && page === 1) return { items: slice, headers: {} };
  const at = (n: number) => {
    const url = new URL(linkBase);
    for (const [k, v] of query) url.searchParams.append(k, v);
    url.searchParams.set('page', String(n));
    return `<${url.toString()}>`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(`${at(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) rels.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) rels.push(`${at(1)}; rel="first"`);
  return { items: slice, headers: { link: rels.join(', ') } };
}

/** Hop-by-hop headers a proxy must not pass on (RFC 9110 §7.6.1); node re-frames the body itself. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/**
 * Send the request unchanged (method, path, query, headers, body) to `base` and pass the answer back
 * unchanged, redirects included: a 302 to a signed blob URL must reach the client as a 302.
 */
export function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, base: string): Promise<number> {
  const target = new URL(req.url ?? '/', base);
  const headers: Record<string, string | string[]> = {};
  // The body was read whole, so it goes out with its exact length rather than the client's framing.
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined && !HOP.has(k) && k !== 'host' && k !== 'content-length') headers[k] = v;
  }
  if (body.length > 0) headers['content-length'] = String(body.length);
  return new Promise((resolve) => {
    const out = httpRequest(target, { method: req.method, headers, timeout: 10_000 }, (answer) => {
      const back: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP.has(k)) back[k] = v;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
      answer.on('end', () => resolve(answer.statusCode ?? 502));
      answer.on('error', () => (res.destroy(), resolve(502)));
    });
    // A dead or hung upstream answers 502 in JSON, never a hang or an HTML page.
    const fail = (why: string) => {
      if (!res.headersSent) send(res, { status: 502, body: { message: `forward to ${base} failed: ${why}`, status: '502' } }, {});
      resolve(502);
    };
    out.on('timeout', () => out.destroy(new Error('timed out after 10 s')));
    out.on('error', (e) => fail(e.message));
    out.end(body);
  });
}
