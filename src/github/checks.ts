/**
 * The check run on the PR's head commit: started `in_progress` when the gate starts, always completed
 * (success on promote, failure on hold or on an error of the gate itself). A re-run finds the check
 * run of the same name on the same commit and updates it instead of adding a second one. When the
 * token may not write check runs (only GitHub Apps may; a fork PR's token may not write at all) it
 * falls back to a commit status, and when that is refused too, it says so and carries on.
 */
import { type GitHubClient, messageOf, refusalOf, statusOf } from './octokit.js';

/** GitHub's limits: output.summary and output.text 65,535; a status description 140 characters. */
export const CHECK_OUTPUT_MAX = 65_535;
export const STATUS_DESCRIPTION_MAX = 140;

export interface CheckTarget {
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  detailsUrl?: string;
  warn(message: string): void;
}

export type CheckHandle =
  | { kind: 'check'; id: number; target: CheckTarget }
  | { kind: 'status'; target: CheckTarget }
  | { kind: 'none'; reason: string; target: CheckTarget };

export interface CheckResult {
  conclusion: 'success' | 'failure' | 'neutral';
  /** One line: the verdict and why. */
  title: string;
  /** Markdown, fitted to CHECK_OUTPUT_MAX by the caller. */
  summary: string;
  text?: string;
}

/** The token may not write here (a 403 that is not a rate limit, or a 404): falling back makes sense; a rate limit or a 5xx does not. */
const refused = (error: unknown): boolean => (statusOf(error) === 403 && refusalOf(error).kind !== 'rate-limit') || statusOf(error) === 404;

function truncate(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

async function setStatus(octokit: GitHubClient, t: CheckTarget, state: 'pending' | 'success' | 'failure' | 'error', description: string): Promise<void> {
  await octokit.rest.repos.createCommitStatus({
    owner: t.owner,
    repo: t.repo,
    sha: t.headSha,
    state,
    context: t.name,
    description: truncate(description, STATUS_DESCRIPTION_MAX),
    ...(t.detailsUrl ? { target_url: t.detailsUrl } : {}),
  });
}

/** The newest check run with this name on the commit, if any. */
async function existingCheck(octokit: GitHubClient, t: CheckTarget): Promise<number | null> {
  const { data } = await octokit.rest.checks.listForRef({ owner: t.owner, repo: t.repo, ref: t.headSha, check_name: t.name, filter: 'latest', per_page: 1 });
  return data.check_runs[0]?.id ?? null;
}

export async function startCheck(octokit: GitHubClient, t: CheckTarget): Promise<CheckHandle> {
  const started_at = new Date().toISOString();
  try {
    const id = await existingCheck(octokit, t);
    const body = { status: 'in_progress' as const, started_at, ...(t.detailsUrl ? { details_url: t.detailsUrl } : {}) };
    if (id !== null) {
      await octokit.rest.checks.update({ owner: t.owner, repo: t.repo, check_run_id: id, ...body });
      return { kind: 'check', id, target: t };
    }
    const { data } = await octokit.rest.checks.create({ owner: t.owner, repo: t.repo, name: t.name, head_sha: t.headSha, ...body });
    return { kind: 'check', id: data.id, target: t };
  } catch (error) {
    if (!refused(error)) throw error;
    t.warn(`cannot write check runs (${messageOf(error)}); falling back to a commit status "${t.name}"`);
  }
  try {
    await setStatus(octokit, t, 'pending', 'benchgate is comparing the baseline and the candidate');
    return { kind: 'status', target: t };
  } catch (error) {
    if (!refused(error)) throw error;
    const reason = `cannot write commit statuses either (${messageOf(error)}); the verdict is in the job summary and the job's own result`;
    t.warn(reason);
    return { kind: 'none', reason, target: t };
  }
}

export async function completeCheck(octokit: GitHubClient, handle: CheckHandle, result: CheckResult): Promise<void> {
  const t = handle.target;
  if (handle.kind === 'none') return;
  if (handle.kind === 'status') {
    // A commit status has no neutral: a neutral result (an inconclusive verdict that does not block) is
    // a success whose description says inconclusive.
    const state = result.conclusion === 'failure' ? 'failure' : 'success';
    await setStatus(octokit, t, state, result.title);
    return;
  }
  await octokit.rest.checks.update({
    owner: t.owner,
    repo: t.repo,
    check_run_id: handle.id,
    status: 'completed',
    conclusion: result.conclusion,
    completed_at: new Date().toISOString(),
    output: {
      title: truncate(result.title, 255),
      summary: result.summary,
      ...(result.text ? { text: result.text } : {}),
    },
  });
}
