/**
 * The workflow run's context as the runner gives it: the event payload at GITHUB_EVENT_PATH and the
 * facts read from it (the pull request, whether it comes from a fork, the default branch), and the
 * run's URL. Every value is checked for its shape before it is used: the payload is the event's,
 * and a pull request's fields are written by whoever opened it.
 */
import { readFileSync } from 'node:fs';

/** The event payload at GITHUB_EVENT_PATH, or null when there is none or it cannot be read. */
export function readEvent(env: Readonly<Record<string, string | undefined>>): unknown {
  const path = env['GITHUB_EVENT_PATH'];
  if (!path) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** This workflow run's page, from the runner's own variables (never from a summary). */
export function runUrl(env: Readonly<Record<string, string | undefined>>): string | null {
  const server = env['GITHUB_SERVER_URL'] || 'https://github.com';
  const repo = env['GITHUB_REPOSITORY'];
  const run = env['GITHUB_RUN_ID'];
  if (!repo || !run || !/^\d+$/.test(run) || !/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^https:\/\/[\w.-]+(:\d+)?$/.test(server)) return null;
  return `${server}/${repo}/actions/runs/${run}`;
}

/** The pull request of the event, when it has one (pull_request and pull_request_target). */
export function pullRequestOf(event: unknown): { number: number; headSha: string | null; baseSha: string | null; baseRef: string | null } | null {
  const pr = (event as { pull_request?: { number?: unknown; head?: { sha?: unknown }; base?: { sha?: unknown; ref?: unknown } } } | null)?.pull_request;
  if (pr === undefined || typeof pr.number !== 'number' || !Number.isInteger(pr.number)) return null;
  const sha = (v: unknown): string | null => (typeof v === 'string' && /^[0-9a-f]{40,64}$/.test(v) ? v : null);
  const ref = pr.base?.ref;
  return {
    number: pr.number,
    headSha: sha(pr.head?.sha),
    baseSha: sha(pr.base?.sha),
    baseRef: typeof ref === 'string' && /^[\w./-]{1,255}$/.test(ref) ? ref : null,
  };
}

/** True when the event's pull request comes from a fork (its GITHUB_TOKEN is read-only), false when not, null when the event does not say. */
export function forkOf(event: unknown): boolean | null {
  const pr = (event as { pull_request?: { head?: { repo?: { full_name?: unknown } | null }; base?: { repo?: { full_name?: unknown } } } } | null)?.pull_request;
  const head = pr?.head?.repo?.full_name;
  const base = pr?.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' ? head.toLowerCase() !== base.toLowerCase() : null;
}

/** The repository's default branch named in the event payload, or null. */
export function defaultBranchOf(event: unknown): string | null {
  const ref = (event as { repository?: { default_branch?: unknown } } | null)?.repository?.default_branch;
  return typeof ref === 'string' && /^[\w./-]{1,255}$/.test(ref) ? ref : null;
}
