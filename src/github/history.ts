/**
 * The baseline's history on the base branch, for the trend in the PR comment: the last successful
 * push runs of the branch that still hold the suite's baseline artifact, newest first, each read as a
 * benchgate summary (strictly, within a size cap: artifacts are data, never code).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';

import { loadSummary, records } from '../adapters/registry.js';
import { type RunMetrics, runMetrics } from '../analysis/rlm/gates.js';
import type { TrendPoint } from '../report/trend.js';
import type { SummaryHead } from '../schema/loaded.js';
import { downloadRunArtifact } from './artifacts.js';
import type { GitHubClient } from './octokit.js';

export interface HistoryQuery {
  owner: string;
  repo: string;
  branch: string;
  /** benchgate-<suite>-baseline */
  artifact: string;
  token: string;
  /** Most runs shown. */
  limit: number;
  /** A fresh directory to download into. */
  path: string;
  /** Largest summary read, in bytes. */
  maxBytes: number;
}

/** A run's point in the trend; its steps are unknown, never 0, for a format that records none (adapters/recorded.ts). */
export function trendPoint(summary: SummaryHead, m: RunMetrics, commit: string | null, when: string): TrendPoint {
  return { commit, when, completion_rate: m.completion_rate, avg_reward: m.avg_reward, avg_steps: records(summary, 'steps') ? m.avg_steps : null };
}

/** Up to `limit` points, oldest first, and a note per run that could not be read. */
export async function loadHistory(octokit: GitHubClient, artifacts: ArtifactClient, q: HistoryQuery): Promise<{ points: TrendPoint[]; notes: string[] }> {
  const notes: string[] = [];
  const points: TrendPoint[] = [];
  const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({
    owner: q.owner,
    repo: q.repo,
    branch: q.branch,
    event: 'push',
    status: 'success',
    per_page: Math.min(100, q.limit * 3),
  });
  for (const run of data.workflow_runs) {
    if (points.length >= q.limit) break;
    try {
      const got = await downloadRunArtifact(octokit, artifacts, {
        owner: q.owner,
        repo: q.repo,
        runId: run.id,
        name: q.artifact,
        token: q.token,
        path: join(q.path, String(run.id)),
        wanted: (entry) => entry === 'summary.json',
      });
      if (typeof got === 'string') continue; // missing or expired: not part of the history
      const file = join(got.dir, 'summary.json');
      if (!existsSync(file) || statSync(file).size > q.maxBytes) throw new Error('no summary.json within the size cap');
      const summary = loadSummary(file, 'benchgate');
      points.push(trendPoint(summary, runMetrics(summary), run.head_sha, run.created_at));
    } catch (err) {
      notes.push(`workflow run ${run.id}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }
  return { points: points.reverse(), notes };
}
