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

export { messageOf, type Refusal, refusalOf, statusOf } from './refusal.js';
