/**
 * The gate's record (history/gate-record.ts) needs every merged pull request's verdict. On a push to
 * the default branch that records its baseline, the pull request merged as that commit is found
 * through the REST API (GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls lists the pull requests
 * associated with a commit; the merged one is the one whose merge_commit_sha is the pushed commit,
 * a merge, squash or rebase merge alike), and its verdict is read from benchgate's own check run on
 * its head commit (the newest of the check's name: its conclusion, and the verdict its title opens
 * with, as publisher.ts writes it). A push that merged no pull request, or one whose check did not
 * end in a verdict, records nothing, and the log says why.
 */
import { type HistoryLocation, recordVerdict } from '../../github/history-branch.js';
import { type GitHubClient, messageOf } from '../../github/octokit.js';
import type { GateVerdictEntry, HistoryFile } from '../../history/history-file.js';
import { verdictOfTitle } from '../../report/verdict.js';
import type { ActionIo } from '../io.js';

const SHA = /^[0-9a-f]{40,64}$/;

export interface MergedContext {
  owner: string;
  repo: string;
  /** The pushed commit. */
  sha: string;
  suite: string;
  /** The check run's name (publish's, the same input); '' when there is none. */
  checkName: string;
  decide: GateVerdictEntry['decide'];
}

/** The merged pull request's verdict, or why there is none. */
export async function mergedVerdict(octokit: GitHubClient, ctx: MergedContext): Promise<GateVerdictEntry | string> {
  if (ctx.checkName === '') return 'no check run (check-name: off) to read a verdict from';
  const { data: pulls } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
    owner: ctx.owner,
    repo: ctx.repo,
    commit_sha: ctx.sha,
    per_page: 100,
  });
  const pull = pulls.find((p) => p.merged_at !== null && p.merge_commit_sha === ctx.sha);
  if (pull === undefined) return `commit ${ctx.sha.slice(0, 7)} merged no pull request`;
  if (!SHA.test(pull.head.sha) || !SHA.test(pull.base.sha)) return `pull request #${pull.number}: its head or base is not a commit SHA`;
  const { data } = await octokit.rest.checks.listForRef({
    owner: ctx.owner,
    repo: ctx.repo,
    ref: pull.head.sha,
    check_name: ctx.checkName,
    filter: 'latest',
    per_page: 1,
  });
  const check = data.check_runs[0];
  const verdict = verdictOfTitle(check?.output?.title ?? '');
  const conclusion = check?.conclusion;
  if (check === undefined) return `pull request #${pull.number} has no check run "${ctx.checkName}" on its head ${pull.head.sha.slice(0, 7)}`;
  if (verdict === null || (conclusion !== 'success' && conclusion !== 'failure' && conclusion !== 'neutral'))
    return `the check run of pull request #${pull.number} ended ${conclusion ?? check.status}, not in a verdict`;
  return {
    pr: pull.number,
    head_sha: pull.head.sha,
    merge_sha: ctx.sha,
    base_sha: pull.base.sha,
    verdict,
    decide: ctx.decide,
    check: conclusion === 'neutral' ? 'advisory' : 'blocking',
    conclusion,
    at: new Date(Date.parse(pull.merged_at as string)).toISOString(),
  };
}

/** Records the merged pull request's verdict in the suite's history on the branch; logs what it did. The history as written, or null when nothing was. */
export async function recordMergedVerdict(io: ActionIo, octokit: GitHubClient, at: HistoryLocation, ctx: MergedContext): Promise<HistoryFile | null> {
  try {
    const found = await mergedVerdict(octokit, ctx);
    if (typeof found === 'string') {
      io.info(`benchgate: history: no verdict recorded for the gate's record: ${found}`);
      return null;
    }
    const done = await recordVerdict(octokit, at, ctx.suite, found);
    io.info(
      `benchgate: history: recorded the verdict of #${found.pr} (${found.verdict}, a ${found.check} check) in ${at.branch}:${at.path} for the gate's record: ${done.verdicts} merged pull requests`,
    );
    return done.history;
  } catch (error) {
    // The baseline is recorded either way; the record misses this pull request, and the log says so.
    io.warning(`benchgate: history: the merged pull request's verdict could not be recorded for the gate's record (${messageOf(error)})`);
    return null;
  }
}
