/**
 * The jobs of a workflow run, for the publish job: a suite job of the triggering run that failed or
 * was cancelled holds the verdict, as the gate job's `needs` does. Needs `actions: read` (which the
 * artifact download needs too).
 */
import type { GitHubClient } from './octokit.js';

/** Conclusions of a job that did not run to success (skipped and neutral are not failures). */
export const FAILED_CONCLUSIONS: readonly string[] = ['failure', 'cancelled', 'timed_out', 'startup_failure', 'action_required', 'stale'];

export interface RunJob {
  /** The job's name as the run's workflow gives it: untrusted (a fork PR's workflow names it). */
  name: string;
  status: string;
  conclusion: string | null;
}

/** The jobs of the run's latest attempt, every page. */
export async function listRunJobs(octokit: GitHubClient, repo: { owner: string; repo: string }, runId: number): Promise<RunJob[]> {
  const jobs = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRun, { ...repo, run_id: runId, filter: 'latest', per_page: 100 });
  return jobs.map((j) => ({ name: j.name, status: j.status, conclusion: j.conclusion ?? null }));
}
