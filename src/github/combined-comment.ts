/**
 * The combined PR comment of several suites (report/combined-comment.ts has its layout): each gate
 * job reads the group's comment, puts its own section in, writes the comment back, and checks.
 *
 * GitHub has no conditional update for comments, so two matrix jobs can read the same version and the
 * later write drops the earlier job's section, or both can find no comment and each create one. So a
 * job reads again after writing: when its section is gone (overwritten) or the group has more than one
 * comment (created twice), it does the read-merge-write again. Duplicates are merged into the oldest
 * comment and deleted; every job picks the same one (the lowest id), so they converge.
 */
import type { Verdict } from '../analysis/compare.js';
import { type CommentSection, groupMarker, parseSections, renderCombined, sectionShare, withSection } from '../report/combined-comment.js';
import { type CommentMode, type CommentOutcome, DEFAULT_BOT_LOGIN, findBotComments, type FoundComment } from './comments.js';
import { type GitHubClient, statusOf } from './octokit.js';

export interface CombinedComment {
  owner: string;
  repo: string;
  issueNumber: number;
  group: string;
  suite: string;
  verdict: Verdict;
  digest: string;
  /** This suite's section, rendered to fit `share` characters; called only when the comment is written. */
  render(share: number): string | Promise<string>;
  /** The line under the sections (when and for which commits). */
  tail: string;
  /** The note of a section cut to fit: where its whole report is. */
  note(suite: string): string;
  mode: CommentMode;
  botLogins?: readonly string[];
  warn(message: string): void;
  /** Waits before the check that follows a write; default 1 to 3 s, jittered so racing jobs drift apart. */
  settle?: () => Promise<void>;
  /** Read-merge-write rounds before giving up (default 5). */
  attempts?: number;
}

const jitteredWait = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1000 + Math.floor(Math.random() * 2000)));

/** Every section of the group's comments: the oldest comment's first, then those only the others have. */
function mergedSections(found: readonly FoundComment[]): CommentSection[] {
  let sections: CommentSection[] = [];
  for (const comment of found) {
    for (const section of parseSections(comment.body)) if (!sections.some((s) => s.suite === section.suite)) sections = withSection(sections, section);
  }
  return sections;
}

/** One read-merge-write; null when nothing was written (mode says so). */
async function writeOnce(octokit: GitHubClient, c: CombinedComment, found: readonly FoundComment[]): Promise<CommentOutcome> {
  const [keeper, ...others] = found;
  const sections = mergedSections(found);
  if (keeper === undefined && c.mode === 'hold' && c.verdict === 'promote') return { action: 'skipped', reason: 'comment: hold, and the verdict is promote' };
  const mine = sections.find((s) => s.suite === c.suite);
  if (keeper !== undefined && others.length === 0 && c.mode === 'changed' && mine?.digest === c.digest)
    return { action: 'unchanged', id: keeper.id, url: keeper.url };
  // This suite's section, empty first: its share of the room is known before it is rendered.
  const empty = { suite: c.suite, verdict: c.verdict, digest: c.digest, body: '' };
  const share = sectionShare(c.group, withSection(sections, empty), c.tail);
  const body = renderCombined(c.group, withSection(sections, { ...empty, body: await c.render(share) }), c.tail, c.note);
  const { owner, repo } = c;
  let outcome: CommentOutcome;
  if (keeper !== undefined) {
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: keeper.id, body });
    outcome = { action: 'updated', id: data.id, url: data.html_url };
  } else {
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: c.issueNumber, body });
    outcome = { action: 'created', id: data.id, url: data.html_url };
  }
  // Their sections are in the kept comment now. A 404 is a racing job of the group that deleted the
  // same duplicate first (both keep the oldest): it is gone, as wanted, and no warning is due.
  for (const other of others) {
    try {
      await octokit.rest.issues.deleteComment({ owner, repo, comment_id: other.id });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }
  return outcome;
}

/** Puts this suite's section into the group's comment, creating it when needed; see the file comment. */
export async function upsertCombinedComment(octokit: GitHubClient, c: CombinedComment): Promise<CommentOutcome> {
  if (c.mode === 'off') return { action: 'skipped', reason: 'comment: off' };
  const search = {
    owner: c.owner,
    repo: c.repo,
    issueNumber: c.issueNumber,
    marker: groupMarker(c.group),
    botLogins: c.botLogins ?? [DEFAULT_BOT_LOGIN],
    warn: c.warn,
  };
  const attempts = c.attempts ?? 5;
  let last: CommentOutcome = { action: 'skipped', reason: 'not written' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const found = await findBotComments(octokit, search, false);
    try {
      last = await writeOnce(octokit, c, found);
    } catch (error) {
      // The comment this job read was deleted by a racing job of the group meanwhile: read again.
      if (statusOf(error) !== 404 || attempt === attempts) throw error;
      continue;
    }
    if (last.action === 'skipped' || last.action === 'unchanged') return last;
    await (c.settle ?? jitteredWait)();
    const after = await findBotComments(octokit, search, false);
    const held = after.length === 1 && parseSections((after[0] as FoundComment).body).some((s) => s.suite === c.suite && s.digest === c.digest);
    if (held) return last;
  }
  c.warn(
    `the combined comment of group ${c.group} kept changing under this job (${attempts} attempts); its section for ${c.suite} may be missing until the next run`,
  );
  return last;
}
