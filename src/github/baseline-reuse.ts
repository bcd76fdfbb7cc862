/**
 * Finding the baseline an earlier workflow run already measured for a commit (the pull request's
 * base), so the baseline job need not run the suite again: the runs publish trusts for that exact
 * commit (github/trusted-run.ts trustedRuns: successful push, workflow_dispatch or schedule runs of
 * the same workflow file on the default branch, of this repository), newest first, and the first of
 * them that still holds the suite's baseline artifact: the same run publish then takes, so the gate
 * job and publish judge the same baseline. Runs of any other commit or workflow are never looked
 * at, and an expired artifact is reported as such.
 */
import type { ArtifactClient } from '@actions/artifact';

import { downloadRunArtifact } from './artifacts.js';
import type { GitHubClient } from './octokit.js';
import { TRUSTED_EVENTS, trustedRuns } from './trusted-run.js';

export interface ReuseQuery {
  owner: string;
  repo: string;
  /** The commit whose baseline is wanted (the PR's base SHA). */
  commit: string;
  /** The repository's default branch, whose runs alone are taken. */
  branch: string;
  /** The workflow file whose runs alone are taken: the job's own (trusted-run.ts workflowPathOf). */
  workflowPath: string;
  /** The artifact name of the baseline (benchgate-<suite>-baseline). */
  artifact: string;
  token: string;
  /** Where to download it: all its entries, within the extraction budget (github/artifact-extract.ts). */
  path: string;
  /** Workflow runs looked at, newest first (default 20, as publish: both see the same runs). */
  maxRuns?: number;
  /** When this job's own workflow run was created, for the order publish takes main's runs in (trusted-run.ts), or null. */
  madeBefore: string | null;
}

export interface ReusedBaseline {
  runId: number;
  runUrl: string;
  artifactId: number;
  /** When the artifact was uploaded (ISO), for its age. */
  createdAt: string | null;
  /** The directory the artifact was extracted into. */
  dir: string;
}

/** The baseline found, or null with what was looked at and why nothing was taken (one note per run). */
export async function findReusableBaseline(
  octokit: GitHubClient,
  artifacts: ArtifactClient,
  q: ReuseQuery,
): Promise<{ found: ReusedBaseline | null; notes: string[] }> {
  const notes: string[] = [];
  const runs = await trustedRuns(octokit, {
    owner: q.owner,
    repo: q.repo,
    commit: q.commit,
    branch: q.branch,
    workflowPath: q.workflowPath,
    maxRuns: q.maxRuns ?? 20,
    madeBefore: q.madeBefore,
  });
  if (runs.length === 0)
    notes.push(
      `no successful ${TRUSTED_EVENTS.slice(0, -1).join(', ')} or ${String(TRUSTED_EVENTS.at(-1))} run of ${q.workflowPath} on ${q.branch} at commit ${q.commit.slice(0, 7)}`,
    );
  for (const run of runs) {
    const got = await downloadRunArtifact(octokit, artifacts, { owner: q.owner, repo: q.repo, runId: run.id, name: q.artifact, token: q.token, path: q.path });
    if (got === 'missing') notes.push(`workflow run ${run.id} has no artifact ${q.artifact}`);
    else if (got === 'expired') notes.push(`the ${q.artifact} artifact of workflow run ${run.id} has expired`);
    else return { found: { runId: run.id, runUrl: run.url, artifactId: got.id, createdAt: got.createdAt, dir: got.dir }, notes };
  }
  return { found: null, notes };
}
