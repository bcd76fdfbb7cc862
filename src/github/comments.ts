/**
 * The sticky PR comment: one comment per gate, found again by its hidden marker *and* its author
 * (a user who pastes the marker into their own comment must not take it over), through every page
 * of the PR's comments, then updated in place or created.
 */
import type { Verdict } from '../analysis/compare.js';
import type { GitHubClient } from './octokit.js';

export const COMMENT_MODES = ['always', 'changed', 'hold', 'off'] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];

/** GITHUB_TOKEN comments are written by this bot. */
export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';
/** Pages of 100 comments searched for the marker before giving up (and creating a new one). */
export const MAX_COMMENT_PAGES = 50;

export interface StickyComment {
  owner: string;
  repo: string;
  issueNumber: number;
  /** The hidden marker the body starts with (see report/comment.ts). */
  marker: string;
  /** The body, or what renders it: called only when the comment is written (`changed` may leave it be). */
  body: string | (() => Promise<string>);
  /** Digest of what the comment says (verdict and numbers); `changed` mode skips an equal one. */
  digest: string;
  mode: CommentMode;
  verdict: Verdict;
  /** Logins whose comments may be taken as ours (default: github-actions[bot]). */
  botLogins?: readonly string[];
  warn(message: string): void;
}

export type CommentOutcome =
  | { action: 'created' | 'updated'; id: number; url: string }
  | { action: 'unchanged'; id: number; url: string }
  | { action: 'skipped'; reason: string };

export interface FoundComment {
  id: number;
  body: string;
  url: string;
}

type Search = Pick<StickyComment, 'owner' | 'repo' | 'issueNumber' | 'marker' | 'botLogins' | 'warn'>;

/** Line `n` (0-based) of a body, without a trailing carriage return; '' past the end. */
function lineOf(body: string, n: number): string {
  return (body.split('\n', n + 1)[n] ?? '').replace(/\r$/, '');
}

/**
 * True when the body is one of ours for `marker`: the marker is its first line. Anywhere else it may
 * be a case id or an error quoted in the report (as code, but the text is the same), which must not
 * make this comment another suite's.
 */
export function startsWithMarker(body: string | undefined | null, marker: string): body is string {
  return typeof body === 'string' && lineOf(body, 0) === marker;
}

/** The comments with the marker written by one of the bot logins, ascending by id; only the first when `first`. */
export async function findBotComments(octokit: GitHubClient, c: Search, first: boolean): Promise<FoundComment[]> {
  const bots = new Set(c.botLogins ?? [DEFAULT_BOT_LOGIN]);
  const found: FoundComment[] = [];
  let pages = 0;
  const iterator = octokit.paginate.iterator(octokit.rest.issues.listComments, { owner: c.owner, repo: c.repo, issue_number: c.issueNumber, per_page: 100 });
  for await (const page of iterator) {
    for (const comment of page.data) {
      const user = comment.user;
      if (startsWithMarker(comment.body, c.marker) && user !== null && user !== undefined && user.type === 'Bot' && bots.has(user.login)) {
        found.push({ id: comment.id, body: comment.body, url: comment.html_url });
        if (first) return found;
      }
    }
    if (++pages >= MAX_COMMENT_PAGES) {
      if (found.length === 0) c.warn(`searched ${pages * 100} comments of #${c.issueNumber} for benchgate's comment without finding it; posting a new one`);
      break;
    }
  }
  return found.sort((a, b) => a.id - b.id);
}

/** The first comment with the marker written by one of the bot logins, or null. */
export async function findStickyComment(octokit: GitHubClient, c: Search): Promise<FoundComment | null> {
  return (await findBotComments(octokit, c, true))[0] ?? null;
}

/** The digest a body carries on its second line, right under the marker (see report/comment.ts), or null. */
export function digestOf(body: string): string | null {
  return /^<!-- benchgate:digest=([0-9a-f]{16,64}) -->$/.exec(lineOf(body, 1))?.[1] ?? null;
}

export async function upsertStickyComment(octokit: GitHubClient, c: StickyComment): Promise<CommentOutcome> {
  if (c.mode === 'off') return { action: 'skipped', reason: 'comment: off' };
  const existing = await findStickyComment(octokit, c);
  if (c.mode === 'hold' && c.verdict === 'promote' && existing === null) return { action: 'skipped', reason: 'comment: hold, and the verdict is promote' };
  if (existing !== null && c.mode === 'changed' && digestOf(existing.body) === c.digest) {
    return { action: 'unchanged', id: existing.id, url: existing.url };
  }
  const body = typeof c.body === 'string' ? c.body : await c.body();
  if (existing !== null) {
    const { data } = await octokit.rest.issues.updateComment({ owner: c.owner, repo: c.repo, comment_id: existing.id, body });
    return { action: 'updated', id: data.id, url: data.html_url };
  }
  const { data } = await octokit.rest.issues.createComment({ owner: c.owner, repo: c.repo, issue_number: c.issueNumber, body });
  return { action: 'created', id: data.id, url: data.html_url };
}
