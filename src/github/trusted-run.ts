/**
 * The trusted run of a pull request's baseline: a successful run of the default branch's own
 * workflow at the PR's base commit, found through the REST API (never named by an artifact). Only
 * a run whose event is `push`, `workflow_dispatch` or `schedule`, whose head branch is the default
 * branch, whose head repository is this repository and whose workflow file is the triggering run's
 * counts: a fork can neither start such a run nor choose its code, which is the default branch's
 * reviewed commit.
 */
import type { GitHubClient } from './octokit.js';

/**
 * The events of a run of the default branch's own code (GitHub runs that branch's workflow file for
 * them). A schedule "will only run on the default branch", at its latest commit (GITHUB_SHA: "Last
 * commit on default branch"; docs.github.com, Events that trigger workflows, schedule), and no fork
 * can start one: a scheduled run of the gate workflow keeps main's runs at the head fresh for
 * main_max_age (docs/github-actions.md).
 */
export const TRUSTED_EVENTS: readonly string[] = ['push', 'workflow_dispatch', 'schedule'];

export interface TrustedRunQuery {
  owner: string;
  repo: string;
  /** The PR's base commit, as the API gives it. */
  commit: string;
  /** The repository's default branch. */
  branch: string;
  /** The workflow file of the triggering run (`.github/workflows/benchgate.yml`), as GitHub's event gives it. */
  workflowPath: string;
  /** Runs looked at, newest first (default 20). */
  maxRuns?: number;
}

export interface TrustedRun {
  id: number;
  url: string;
  event: string;
}

/** The runs that may supply the baseline, newest first; [] when there is none. */
export async function trustedRuns(octokit: GitHubClient, q: TrustedRunQuery): Promise<TrustedRun[]> {
  const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
    owner: q.owner,
    repo: q.repo,
    head_sha: q.commit,
    branch: q.branch,
    status: 'success',
    per_page: Math.min(100, q.maxRuns ?? 20),
  });
  const self = `${q.owner}/${q.repo}`.toLowerCase();
  return data.workflow_runs
    .filter(
      (r) =>
        r.head_sha === q.commit &&
        r.head_branch === q.branch &&
        TRUSTED_EVENTS.includes(r.event) &&
        r.path === q.workflowPath &&
        r.conclusion === 'success' &&
        (r.head_repository?.full_name ?? self).toLowerCase() === self,
    )
    .map((r) => ({ id: r.id, url: r.html_url, event: r.event }));
}
