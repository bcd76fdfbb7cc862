/**
 * Publishing the verdict on a pull request: the check run (started when the gate starts, always
 * completed) and the sticky comment. Nothing here may crash the gate: a token that cannot write (a
 * fork PR's own run) or a comment GitHub refuses becomes a warning, and the job summary and the job's
 * own result still carry the verdict.
 */
import type { Comparison, Verdict } from '../analysis/compare.js';
import { verdictLine } from '../cli/run.js';
import { completeCheck, startCheck, type CheckHandle } from '../github/checks.js';
import { upsertCombinedComment } from '../github/combined-comment.js';
import { digestOf, upsertStickyComment, type CommentOutcome } from '../github/comments.js';
import { messageOf, statusOf, type GitHubClient } from '../github/octokit.js';
import { commentDigest, renderCheckOutput, renderComment, renderSection, updatedLine, type CommentContext } from '../report/comment.js';
import { untrusted } from '../report/markdown.js';
import { renderTrend } from '../report/trend.js';
import { historyPoints } from './history.js';
import type { PublishInputs } from './inputs.js';
import type { ActionIo } from './io.js';

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
}

export interface Publisher {
  /** `failOnInconclusive`: an inconclusive verdict concludes the check as failure instead of neutral. */
  finish(cmp: Comparison, verdict: Verdict, preface: string, failOnInconclusive: boolean): Promise<void>;
  fail(message: string): Promise<void>;
}

const VERDICT_TITLE: Record<Verdict, string> = { promote: 'Promote', hold: 'Hold', inconclusive: 'Inconclusive' };

function warnOf(io: ActionIo) {
  return (message: string) => io.warning(`benchgate: ${message}`);
}

/** Explains a refused write: a read-only token is the usual reason on a fork PR. */
function refusal(error: unknown, what: string): string {
  const status = statusOf(error);
  if (status === 403) return `cannot post the ${what} (${messageOf(error)}): the token is read-only, as on a pull request from a fork; see the README for the workflow_run setup`;
  if (status === 422) return `GitHub refused the ${what} (${messageOf(error)})`;
  return `could not post the ${what}: ${messageOf(error)}`;
}

/** The trend section for the comment: the baseline's history on the base branch and this PR's candidate; [] when off or unavailable. */
async function trendSection(io: ActionIo, octokit: GitHubClient, target: PublishTarget, inputs: PublishInputs, cmp: Comparison, suite: string): Promise<string[]> {
  if (inputs.trend === 0 || inputs.comment === 'off' || target.baseRef === null || target.pullNumber === null) return [];
  try {
    const points = await historyPoints(io, octokit, { owner: target.owner, repo: target.repo, branch: target.baseRef }, inputs, suite);
    const c = cmp.rlm.candidate_metrics;
    return renderTrend([...points, { commit: null, when: new Date().toISOString(), completion_rate: c.completion_rate, avg_reward: c.avg_reward, avg_steps: c.avg_steps }], target.baseRef);
  } catch (error) {
    io.warning(`benchgate: no trend in the comment: ${messageOf(error)}`);
    return [];
  }
}

/** The sticky comment of this suite, or its section of the group's combined comment. */
async function postComment(octokit: GitHubClient, target: PublishTarget & { pullNumber: number }, inputs: PublishInputs, cmp: Comparison, ctx: CommentContext, warn: (m: string) => void): Promise<CommentOutcome> {
  const where = { owner: target.owner, repo: target.repo, issueNumber: target.pullNumber, mode: inputs.comment, verdict: ctx.verdict, warn };
  if (inputs.commentGroup !== '') {
    return upsertCombinedComment(octokit, {
      ...where,
      group: inputs.commentGroup,
      suite: ctx.gateId,
      digest: commentDigest(cmp, ctx.verdict),
      render: (share) => renderSection(cmp, ctx, share),
      tail: `${updatedLine(ctx)}\n`,
      note: (suite) => `> [!NOTE]\n> Cut to fit GitHub's size limit; the whole report of \`${suite}\` is in its job summary and its \`benchgate-${suite}-report\` artifact.`,
    });
  }
  const body = renderComment(cmp, ctx);
  return upsertStickyComment(octokit, { ...where, marker: body.slice(0, body.indexOf('\n')), body, digest: digestOf(body) ?? '' });
}

/** Starts the check run and returns what finishes the publishing; null when there is no token. */
export async function openPublisher(io: ActionIo, octokit: GitHubClient | null, target: PublishTarget, inputs: PublishInputs, ctx: Omit<CommentContext, 'verdict' | 'updatedAt' | 'preface' | 'headSha' | 'baseSha' | 'runUrl'>): Promise<Publisher | null> {
  if (octokit === null) return null;
  const warn = warnOf(io);
  let check: CheckHandle | null = null;
  if (inputs.checkName !== '') {
    try {
      check = await startCheck(octokit, { owner: target.owner, repo: target.repo, name: inputs.checkName, headSha: target.headSha, ...(target.runUrl ? { detailsUrl: target.runUrl } : {}), warn });
      if (check.kind === 'check') io.info(`benchgate: check run "${inputs.checkName}" (id ${check.id}) in progress on ${target.headSha.slice(0, 7)}`);
    } catch (error) {
      warn(refusal(error, 'check run'));
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
  const complete = async (result: Parameters<typeof completeCheck>[2]): Promise<void> => {
    if (check === null) return;
    try {
      await completeCheck(octokit, check, result);
    } catch (error) {
      warn(refusal(error, 'check run result'));
    }
  };
  return {
    async finish(cmp, verdict, preface, failOnInconclusive) {
      const title = verdictLine(cmp).replace(/^benchgate: (promote|hold|inconclusive)/, VERDICT_TITLE[verdict]);
      const conclusion = verdict === 'promote' ? 'success' : verdict === 'inconclusive' && !failOnInconclusive ? 'neutral' : 'failure';
      await complete({ conclusion, ...renderCheckOutput(cmp, context(verdict, preface), title) });
      if (target.pullNumber === null) {
        warn('no pull request to comment on; the verdict is in the check run and the job summary');
        return;
      }
      try {
        const trend = await trendSection(io, octokit, target, inputs, cmp, ctx.gateId);
        const outcome = await postComment(octokit, { ...target, pullNumber: target.pullNumber }, inputs, cmp, { ...context(verdict, preface), trend }, warn);
        if (outcome.action === 'skipped') io.info(`benchgate: no comment (${outcome.reason})`);
        else io.info(`benchgate: comment ${outcome.action}: ${outcome.url}`);
        io.setOutput('comment-url', outcome.action === 'skipped' ? '' : outcome.url);
      } catch (error) {
        warn(refusal(error, 'comment'));
      }
    },
    async fail(message) {
      await complete({ conclusion: 'failure', title: 'benchgate could not decide', summary: `benchgate failed before reaching a verdict:\n\n${untrusted(message, { maxLength: 4000 })}\n` });
    },
  };
}
