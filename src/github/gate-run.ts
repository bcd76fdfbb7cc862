/**
 * The newest finished gate run of a pull request's head commit, for mode command to decide and
 * publish again (an acceptance, a revoke): a `pull_request` run of the named workflow file at that
 * exact commit, found through the REST API, never named by the comment. Its artifacts stay as
 * untrusted as mode publish reads them (publish-mode.ts); only the run is found here.
 */
import type { GitHubClient } from './octokit.js';
import type { WorkflowRun } from './pull-request.js';

export interface GateRunQuery {
  owner: string;
  repo: string;
  /** The pull request's head commit, as the API gives it. */
  head: string;
  /** The gate workflow file (`.github/workflows/benchgate.yml`). */
  workflowPath: string;
  /** Runs looked at, newest first (default 20). */
  maxRuns?: number;
}

/** The run in the shape mode publish reads from a workflow_run event, or null when none has finished. */
export async function newestGateRun(octokit: GitHubClient, q: GateRunQuery): Promise<WorkflowRun | null> {
  const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
    owner: q.owner,
    repo: q.repo,
    head_sha: q.head,
    event: 'pull_request',
    status: 'completed',
    per_page: Math.min(100, q.maxRuns ?? 20),
  });
  const run = data.workflow_runs.find((r) => r.head_sha === q.head && r.path === q.workflowPath && r.event === 'pull_request' && r.status === 'completed');
  if (run === undefined || run.head_repository === null || run.head_repository === undefined) return null;
  return {
    id: run.id,
    event: run.event,
    head_sha: run.head_sha,
    head_branch: run.head_branch ?? null,
    head_repository: { full_name: run.head_repository.full_name, owner: { login: run.head_repository.owner.login } },
    pull_requests: (run.pull_requests ?? []).map((p) => ({ number: p.number })),
    conclusion: run.conclusion ?? null,
    html_url: run.html_url,
    path: run.path,
    created_at: run.created_at,
  };
}
