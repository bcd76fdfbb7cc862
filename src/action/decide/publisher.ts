/**
 * Publishing the verdict on a pull request: the check run (started when the gate starts, always
 * completed) and the sticky comment. Nothing here may crash the gate: a token that cannot write (a
 * fork PR's own run) or a comment GitHub refuses becomes a warning, and the job summary and the job's
 * own result still carry the verdict.
 */
import type { Comparison, Verdict } from '../../analysis/compare.js';
import { type CheckHandle, completeCheck, startCheck } from '../../github/checks.js';
import { upsertCombinedComment } from '../../github/combined-comment.js';
import { type CommentOutcome, upsertStickyComment } from '../../github/comments.js';
import { trendPoint } from '../../github/history.js';
import { type GitHubClient, messageOf, refusalOf, statusOf } from '../../github/octokit.js';
import {
  type CommentContext,
  commentDigest,
  commentMarker,
  failureDigest,
  renderCheckOutput,
  renderComment,
  renderFailure,
  renderFailureComment,
  renderSection,
  updatedLine,
} from '../../report/comment.js';
import { renderTrend } from '../../report/trend.js';
import { comparisonReasons, runProblemsOf, VERDICT_TITLE, verdictReasons } from '../../report/verdict.js';
import type { PublishInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { historyPoints } from './trend.js';

export interface PublishTarget {
  owner: string;
  repo: string;
  /** Null when no pull request could be established: the check run is still made. */
  pullNumber: number | null;
  headSha: string;
  baseSha: string | null;
  /** The branch the PR merges into: its history gives the trend. */
  baseRef: string | null;
  runUrl: string | null;
  /** True when the PR's head is in a fork (its own GITHUB_TOKEN is read-only); null when unknown. */
  fork: boolean | null;
}

/**
 * Each method resolves to a problem that must fail the step, or null: the check run could not be
 * created or completed (it would show as in progress, or not at all, where a required check waits
 * for it). A refused comment is only a warning: the check run and the job summary carry the verdict.
 */
export interface Publisher {
  /**
   * The check run and the comment of the finished comparison, whose verdict they publish (nothing
   * here changes it). `failOnInconclusive`: an inconclusive verdict concludes the check as failure
   * instead of neutral.
   */
  finish(cmp: Comparison, preface: string, failOnInconclusive: boolean, budget?: readonly string[]): Promise<string | null>;
  /** The gate failed before a verdict: the check run fails with `message` (its title `title`), and the comment says it. */
  fail(message: string, title?: string): Promise<string | null>;
  /** A run with nothing to compare (a push that measured the baseline): the check run succeeds with `title`; no comment. */
  measured(title: string, summary: string): Promise<string | null>;
}

/**
 * The check run's title: the verdict and why. A hold that problems of the run force (a cancelled or
 * failed suite job, a summary of the wrong provenance: findings the pipeline made of them) names
 * them, not the gates the comparison passed; when the comparison holds too, its reasons come first.
 */
export function checkTitle(cmp: Comparison): string {
  const problems = runProblemsOf(cmp);
  // A check run's title is plain text (GitHub renders only the summary and text as markdown): no code spans.
  if (problems.length === 0) return `${VERDICT_TITLE[cmp.verdict]} (${verdictReasons(cmp).join('; ').replace(/`/g, '')})`;
  const plain = problems.map((p) => p.replace(/`/g, ''));
  const named = `${plain[0]}${plain.length > 1 ? `; ${plain.length - 1} more` : ''}`;
  const own = comparisonReasons(cmp);
  return own === null ? `Hold (${named})` : `Hold (${own.join('; ')}; ${named})`;
}

function warnOf(io: ActionIo) {
  return (message: string) => io.warning(`benchgate: ${message}`);
}

/**
 * Explains a refused write from GitHub's answer: a rate limit (after the retries), a token without the
 * permission (what GitHub asked for, from x-accepted-github-permissions), a fork PR's read-only token.
 */
export function refusal(error: unknown, what: string, fork: boolean | null): string {
  const status = statusOf(error);
  const why = refusalOf(error);
  if (why.kind === 'rate-limit')
    return `GitHub's rate limit refused the ${what} after the retries (${messageOf(error)}); rerun the job when the limit has reset`;
  if (why.kind === 'permission' && fork === true)
    return `cannot post the ${what} (${messageOf(error)}): the token is read-only, as on a pull request from a fork; see the README for the workflow_run setup`;
  if (why.kind === 'permission') {
    const wanted = why.accepted ? `; GitHub asks for ${why.accepted}` : '';
    const forkNote = fork === null ? " (or, if this is a pull request from a fork, whose token is read-only, use the README's workflow_run setup)" : '';
    return `cannot post the ${what} (${messageOf(error)}): the token lacks the permission${wanted}; grant it under permissions: in the workflow (checks: write, pull-requests: write)${forkNote}`;
  }
  if (status === 403 || status === 422) return `GitHub refused the ${what} (${messageOf(error)})`;
  return `could not post the ${what}: ${messageOf(error)}`;
}

/** The trend section for the comment: the baseline's history on the base branch and this PR's candidate; [] when off or unavailable. */
async function trendSection(
  io: ActionIo,
  octokit: GitHubClient,
  target: PublishTarget,
  inputs: PublishInputs,
  cmp: Comparison,
  suite: string,
): Promise<string[]> {
  if (inputs.trend === 0 || inputs.comment === 'off' || target.baseRef === null || target.pullNumber === null) return [];
  try {
    const points = await historyPoints(io, octokit, { owner: target.owner, repo: target.repo, branch: target.baseRef }, inputs, suite);
    return renderTrend([...points, trendPoint(cmp.candidate.summary, cmp.rlm.candidate_metrics, null, new Date().toISOString())], target.baseRef);
  } catch (error) {
    io.warning(`benchgate: no trend in the comment: ${messageOf(error)}`);
    return [];
  }
}

/**
 * What one comment says: the whole body (sticky), or the section of a combined comment. Rendered only
 * when the comment is written: the digest alone decides that a `changed` comment stays as it is, so
 * what only the written comment needs (the trend) is read only then.
 */
interface CommentContent {
  verdict: Verdict;
  digest: string;
  body(): Promise<string>;
  section(share: number): Promise<string>;
}

/** The sticky comment of this suite, or its section of the group's combined comment. */
async function postComment(
  octokit: GitHubClient,
  target: PublishTarget & { pullNumber: number },
  inputs: PublishInputs,
  content: CommentContent,
  ctx: CommentContext,
  warn: (m: string) => void,
): Promise<CommentOutcome> {
  const where = { owner: target.owner, repo: target.repo, issueNumber: target.pullNumber, mode: inputs.comment, verdict: content.verdict, warn };
  if (inputs.commentGroup !== '') {
    return upsertCombinedComment(octokit, {
      ...where,
      group: inputs.commentGroup,
      suite: ctx.gateId,
      digest: content.digest,
      render: (share) => content.section(share),
      tail: `${updatedLine(ctx)}\n`,
      note: (suite) =>
        `> [!NOTE]\n> Cut to fit GitHub's size limit; the whole report of \`${suite}\` is in its job summary and its \`benchgate-${suite}-report\` artifact.`,
    });
  }
  return upsertStickyComment(octokit, { ...where, marker: commentMarker(ctx.gateId), body: () => content.body(), digest: content.digest });
}

const published = new WeakSet<object>();

/** Marks an error whose failure the mode has already put on the check run and the comment. */
export function markPublished(err: unknown): void {
  if (typeof err === 'object' && err !== null) published.add(err);
}

/** True when the mode already published this error: the action's last resort must not do it again. */
export function wasPublished(err: unknown): boolean {
  return typeof err === 'object' && err !== null && published.has(err);
}

/** Starts the check run and returns what finishes the publishing; null when there is no client. */
export async function openPublisher(
  io: ActionIo,
  octokit: GitHubClient | null,
  target: PublishTarget,
  inputs: PublishInputs,
  ctx: Omit<CommentContext, 'verdict' | 'updatedAt' | 'preface' | 'headSha' | 'baseSha' | 'runUrl'>,
): Promise<Publisher | null> {
  if (octokit === null) return null;
  const warn = warnOf(io);
  let check: CheckHandle | null = null;
  let notStarted: string | null = null;
  if (inputs.checkName !== '') {
    try {
      check = await startCheck(octokit, {
        owner: target.owner,
        repo: target.repo,
        name: inputs.checkName,
        headSha: target.headSha,
        ...(target.runUrl ? { detailsUrl: target.runUrl } : {}),
        warn,
      });
      if (check.kind === 'check') io.info(`benchgate: check run "${inputs.checkName}" (id ${check.id}) in progress on ${target.headSha.slice(0, 7)}`);
    } catch (error) {
      // Not a missing permission (startCheck falls back on those): a rate limit or GitHub failing.
      notStarted = `the check run "${inputs.checkName}" could not be created: ${refusal(error, 'check run', target.fork)}`;
      warn(notStarted);
    }
  }
  const context = (verdict: Verdict, preface: string): CommentContext => ({
    ...ctx,
    verdict,
    preface,
    headSha: target.headSha,
    baseSha: target.baseSha,
    runUrl: target.runUrl,
    updatedAt: new Date().toISOString(),
  });
  const complete = async (result: Parameters<typeof completeCheck>[2]): Promise<string | null> => {
    if (check === null) return notStarted;
    try {
      await completeCheck(octokit, check, result);
      return null;
    } catch (error) {
      const problem = `the check run "${inputs.checkName}" could not be completed and stays in progress: ${refusal(error, 'check run result', target.fork)}`;
      warn(problem);
      return problem;
    }
  };
  const comment = async (content: CommentContent, ctx: CommentContext): Promise<void> => {
    if (target.pullNumber === null) {
      warn('no pull request to comment on; the verdict is in the check run and the job summary');
      return;
    }
    try {
      const outcome = await postComment(octokit, { ...target, pullNumber: target.pullNumber }, inputs, content, ctx, warn);
      if (outcome.action === 'skipped') io.info(`benchgate: no comment (${outcome.reason})`);
      else io.info(`benchgate: comment ${outcome.action}: ${outcome.url}`);
      io.setOutput('comment-url', outcome.action === 'skipped' ? '' : outcome.url);
    } catch (error) {
      warn(refusal(error, 'comment', target.fork));
    }
  };
  return {
    async finish(cmp, preface, failOnInconclusive, budget = []) {
      const verdict = cmp.verdict;
      const title = checkTitle(cmp);
      const conclusion = verdict === 'promote' ? 'success' : verdict === 'inconclusive' && !failOnInconclusive ? 'neutral' : 'failure';
      const base = { ...context(verdict, preface), ...(budget.length > 0 ? { budget } : {}) };
      const problem = await complete({ conclusion, ...renderCheckOutput(cmp, base, title, failOnInconclusive) });
      // The trend is read once, and only when the comment is written.
      let read: Promise<CommentContext> | null = null;
      const withTrend = (): Promise<CommentContext> =>
        (read ??= trendSection(io, octokit, target, inputs, cmp, ctx.gateId).then((trend) => ({ ...base, trend })));
      const content = {
        verdict,
        digest: commentDigest(cmp, verdict, budget),
        body: async () => renderComment(cmp, await withTrend()),
        section: async (share: number) => renderSection(cmp, await withTrend(), share),
      };
      await comment(content, base);
      return problem;
    },
    async measured(title, summary) {
      return complete({ conclusion: 'success', title, summary });
    },
    async fail(message, title = 'benchgate could not decide') {
      const problem = await complete({ conclusion: 'failure', title, summary: renderFailure(message) });
      const c = context('hold', '');
      await comment(
        { verdict: 'hold', digest: failureDigest(message), body: async () => renderFailureComment(message, c), section: async () => renderFailure(message) },
        c,
      );
      return problem;
    },
  };
}
