/**
 * Which pull request a `workflow_run` belongs to, decided by the API and never by what an artifact
 * claims. GitHub leaves `workflow_run.pull_requests` empty for fork PRs (actions/runner#3444), so the
 * numbers it lists and the number the artifact claims are only candidates: one is taken only when
 * GitHub says that PR's head is the run's head commit in the run's head repository. Failing that,
 * open PRs from the head branch are searched for the head commit.
 */
import { z } from 'zod';

import type { GitHubClient } from './octokit.js';

/** The fields of a `workflow_run` event this uses, checked (the payload comes from GitHub). */
export const WorkflowRunEvent = z.object({
  workflow_run: z.object({
    id: z.number().int(),
    event: z.string(),
    head_sha: z.string().regex(/^[0-9a-f]{40,64}$/),
    head_branch: z.string().nullable(),
    head_repository: z.object({ full_name: z.string(), owner: z.object({ login: z.string() }) }),
    pull_requests: z.array(z.object({ number: z.number().int() })).default([]),
    conclusion: z.string().nullable().optional(),
    html_url: z.string().optional(),
    /** The workflow file the run ran (`.github/workflows/benchgate.yml`): GitHub's, not the run's say. */
    path: z.string().optional(),
    /** When the run was created (the same on every attempt): which of main's runs it judged against (trusted-run.ts). */
    created_at: z.string().optional(),
  }),
});
export type WorkflowRun = z.infer<typeof WorkflowRunEvent>['workflow_run'];

export interface ResolvedPull {
  number: number;
  /** How it was found: listed by GitHub on the run, claimed by the artifact and verified, or searched. */
  via: 'workflow_run' | 'artifact' | 'search';
  /** The PR's base commit and branch as the API gives them (null when the answer lacks them). */
  baseSha: string | null;
  baseRef: string | null;
}

type PullAnswer = { number: number; head: { sha: string; repo: { full_name: string } | null }; base?: { sha?: string; ref?: string }; state: string };

const found = (pull: PullAnswer, via: ResolvedPull['via']): ResolvedPull => ({
  number: pull.number,
  via,
  baseSha: typeof pull.base?.sha === 'string' && /^[0-9a-f]{40,64}$/.test(pull.base.sha) ? pull.base.sha : null,
  baseRef: typeof pull.base?.ref === 'string' ? pull.base.ref : null,
});

export async function resolvePullRequest(
  octokit: GitHubClient,
  repo: { owner: string; repo: string },
  run: WorkflowRun,
  claimed: number | null,
): Promise<ResolvedPull | null> {
  const matches = (pull: PullAnswer): boolean =>
    pull.state === 'open' && pull.head.sha === run.head_sha && pull.head.repo?.full_name === run.head_repository.full_name;
  const candidates: { number: number; via: ResolvedPull['via'] }[] = run.pull_requests.map((p) => ({ number: p.number, via: 'workflow_run' as const }));
  if (claimed !== null && Number.isSafeInteger(claimed) && claimed > 0 && !candidates.some((c) => c.number === claimed))
    candidates.push({ number: claimed, via: 'artifact' });
  for (const candidate of candidates) {
    try {
      const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: candidate.number });
      if (matches(data)) return found(data, candidate.via);
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }
  if (run.head_branch === null) return null;
  const head = `${run.head_repository.owner.login}:${run.head_branch}`;
  const { data } = await octokit.rest.pulls.list({ ...repo, state: 'open', head, per_page: 100 });
  const match = data.find(matches);
  return match ? found(match, 'search') : null;
}
