/**
 * What GitHub's answer to a refused request says (status, headers, message). Its own module, with no
 * import of @actions/github: the artifact code reads it, and @actions/github fixes its REST base URL
 * (GITHUB_API_URL) when first imported, which must not happen as a side effect of importing
 * src/github/artifacts.ts.
 */

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
