/**
 * The REST client: @actions/github's Octokit (proxy-aware fetch) with the retry and throttling
 * plugins, as GitHub recommends for Actions. Rate limits are retried twice after the `retry-after`
 * GitHub sends; 5xx answers are retried by the retry plugin; 4xx other than rate limits are not.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface ClientOptions {
  /** The REST API base (GITHUB_API_URL); read by the caller, not at import time. */
  baseUrl: string;
  warn(message: string): void;
  /** How many times a rate-limited request is retried (default 2). */
  rateLimitRetries?: number;
}

export function createGitHubClient(token: string, options: ClientOptions): GitHubClient {
  const retries = options.rateLimitRetries ?? 2;
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const again = retryCount < retries;
      options.warn(`GitHub ${kind} rate limit on ${request.method} ${request.url}; ${again ? `retrying after ${retryAfter} s` : 'giving up'}`);
      return again;
    };
  return getOctokit(
    token,
    {
      baseUrl: options.baseUrl,
      throttle: { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
      retry: { doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451] },
    },
    retry,
    throttling,
  );
}

/** The HTTP status of an Octokit error, or undefined. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The message GitHub gave, without Octokit's documentation link. */
export function messageOf(error: unknown): string {
  const e = error as { message?: unknown; status?: unknown } | null;
  const text = typeof e?.message === 'string' ? e.message.replace(/ - https:\/\/docs\.github\.com\S*/g, '') : String(error);
  return typeof e?.status === 'number' ? `HTTP ${e.status}: ${text}` : text;
}

/** Why GitHub refused a request, read from its answer (status, headers, message), for a message that says what to do. */
export type Refusal = { kind: 'rate-limit' } | { kind: 'permission'; accepted: string | null } | { kind: 'other' };

export function refusalOf(error: unknown): Refusal {
  const status = statusOf(error);
  const headers = ((error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers ?? {}) as Record<string, unknown>;
  const header = (name: string): string | null => (typeof headers[name] === 'string' ? (headers[name] as string) : null);
  const message = messageOf(error);
  if (status === 429 || (status === 403 && (/rate limit/i.test(message) || header('x-ratelimit-remaining') === '0' || header('retry-after') !== null)))
    return { kind: 'rate-limit' };
  if (status === 403 && (header('x-accepted-github-permissions') !== null || /not accessible by integration|must have .*access/i.test(message))) {
    return { kind: 'permission', accepted: header('x-accepted-github-permissions') };
  }
  return { kind: 'other' };
}
