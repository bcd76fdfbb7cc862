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
  /**
   * When the pull request's run was created (its `created_at`, the same on every attempt), or null:
   * the runs that had finished by then come first (see {@link trustedRuns}).
   */
  madeBefore?: string | null;
}

export interface TrustedRun {
  id: number;
  url: string;
  event: string;
  /** When the run last changed (`updated_at`: for a finished run, when it finished). */
  finishedAt: string;
}

/**
 * The workflow file a job of this repository runs, from `GITHUB_WORKFLOW_REF`
 * (`owner/repo/.github/workflows/benchgate.yml@refs/pull/7/merge`): in a reusable workflow it names
 * the caller's file ("the github context is always associated with the caller workflow",
 * docs.github.com, Reusing workflows), which is the file a run's `path` names. Null when it is not
 * set, is of another repository, or names no workflow file.
 */
export function workflowPathOf(env: Readonly<Record<string, string | undefined>>): string | null {
  const ref = env['GITHUB_WORKFLOW_REF'] ?? '';
  const repo = (env['GITHUB_REPOSITORY'] ?? '').toLowerCase();
  const m = /^([\w.-]+\/[\w.-]+)\/(\.github\/workflows\/[\w.-]+\.ya?ml)@\S+$/.exec(ref);
  return m === null || repo === '' || (m[1] as string).toLowerCase() !== repo ? null : (m[2] as string);
}

/**
 * The runs that may supply the baseline, in the order they are tried; [] when there is none. They
 * are listed by the workflow ("List workflow runs for a workflow": its `workflow_id` may be the file
 * name, and the workflow files live in .github/workflows only), so the runs of other workflows at
 * the same commit never crowd the page; a workflow GitHub does not know (404) has no runs.
 *
 * The order: with `madeBefore` (the pull request run's creation), the runs that had finished by
 * then, newest first, and only after them the runs that finished later, newest first. A pull
 * request's baseline job (reuse-baseline) and publish, which judge one run of the pull request at
 * different moments, so take the same run even when main is measured again at that commit in
 * between (a nightly schedule at an unchanged head): design main draws a pull request's later
 * rounds from main's runs, so a different run of main would make its rounds the wrong ones. The
 * order is fixed by GitHub's timestamps alone: a pull request cannot pick an older run of main
 * once a newer one exists, since a run created after the newer finished gets the newer.
 */
export async function trustedRuns(octokit: GitHubClient, q: TrustedRunQuery): Promise<TrustedRun[]> {
  let data;
  try {
    ({ data } = await octokit.rest.actions.listWorkflowRuns({
      owner: q.owner,
      repo: q.repo,
      workflow_id: q.workflowPath.slice(q.workflowPath.lastIndexOf('/') + 1),
      head_sha: q.commit,
      branch: q.branch,
      status: 'success',
      per_page: Math.min(100, q.maxRuns ?? 20),
    }));
  } catch (err) {
    if ((err as { status?: unknown }).status === 404) return [];
    throw err;
  }
  const self = `${q.owner}/${q.repo}`.toLowerCase();
  const runs = data.workflow_runs
    .filter(
      (r) =>
        r.head_sha === q.commit &&
        r.head_branch === q.branch &&
        TRUSTED_EVENTS.includes(r.event) &&
        r.path === q.workflowPath &&
        r.conclusion === 'success' &&
        (r.head_repository?.full_name ?? self).toLowerCase() === self,
    )
    .map((r) => ({ id: r.id, url: r.html_url, event: r.event, finishedAt: r.updated_at }));
  const cutoff = q.madeBefore === null || q.madeBefore === undefined ? NaN : Date.parse(q.madeBefore);
  if (Number.isNaN(cutoff)) return runs;
  const late = (r: TrustedRun): number => (Date.parse(r.finishedAt) <= cutoff ? 0 : 1);
  // A stable sort: within each group the API's order, newest first.
  return runs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => late(a.r) - late(b.r) || a.i - b.i)
    .map(({ r }) => r);
}
