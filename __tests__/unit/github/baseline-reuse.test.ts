// Which earlier runs reuse-baseline looks at (github/baseline-reuse.ts): the runs publish trusts for
// the base commit (push, workflow_dispatch, schedule runs of the job's own workflow file on the
// default branch, of this repository), newest first, never another event's, commit's, workflow's,
// branch's or fork's. A fake client answers the two REST calls; no artifact is listed, so each run
// looked at leaves a note, in order.
import type { ArtifactClient } from '@actions/artifact';
import { describe, expect, it } from 'vitest';

import { findReusableBaseline } from '../../../src/github/baseline-reuse.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { workflowPathOf } from '../../../src/github/trusted-run.js';

const BASE = 'a'.repeat(40);

interface Run {
  id: number;
  event: string;
  head_sha: string;
  path?: string;
  head_branch?: string;
  fork?: boolean;
  updated_at?: string;
}

function client(runs: Run[]): { octokit: GitHubClient; asked: Record<string, unknown>[] } {
  const asked: Record<string, unknown>[] = [];
  const octokit = {
    rest: {
      actions: {
        listWorkflowRuns: (q: Record<string, unknown>) => {
          asked.push(q);
          const json = runs.map((r) => ({
            id: r.id,
            event: r.event,
            head_sha: r.head_sha,
            path: r.path ?? '.github/workflows/benchgate.yml',
            head_branch: r.head_branch ?? 'main',
            conclusion: 'success',
            head_repository: { full_name: r.fork === true ? 'fork/r' : 'o/r' },
            updated_at: r.updated_at ?? '2026-12-01T00:00:00Z',
            html_url: `https://github.com/o/r/actions/runs/${r.id}`,
          }));
          return Promise.resolve({ data: { total_count: json.length, workflow_runs: json } });
        },
        listWorkflowRunArtifacts: () => Promise.resolve({ data: { total_count: 0, artifacts: [] } }),
      },
    },
  };
  return { octokit: octokit as unknown as GitHubClient, asked };
}

const query = {
  owner: 'o',
  repo: 'r',
  commit: BASE,
  branch: 'main',
  workflowPath: '.github/workflows/benchgate.yml',
  artifact: 'benchgate-demo-baseline',
  token: 't',
  path: '/nonexistent',
  madeBefore: null,
};

describe('findReusableBaseline', () => {
  it("looks at the base commit's push, workflow_dispatch and schedule runs of its workflow on the default branch, newest first, and at no other", async () => {
    const { octokit, asked } = client([
      { id: 9, event: 'push', head_sha: BASE, path: '.github/workflows/other.yml' },
      { id: 8, event: 'push', head_sha: BASE, head_branch: 'release' },
      { id: 7, event: 'push', head_sha: BASE, fork: true },
      { id: 5, event: 'issue_comment', head_sha: BASE },
      { id: 4, event: 'schedule', head_sha: BASE },
      { id: 3, event: 'pull_request', head_sha: BASE },
      { id: 2, event: 'workflow_dispatch', head_sha: BASE },
      { id: 1, event: 'push', head_sha: BASE },
      { id: 0, event: 'push', head_sha: 'b'.repeat(40) },
    ]);
    const r = await findReusableBaseline(octokit, {} as ArtifactClient, query);
    expect(r.found).toBeNull();
    expect(r.notes).toEqual([4, 2, 1].map((id) => `workflow run ${id} has no artifact benchgate-demo-baseline`));
    // The workflow's own runs are listed (by its file name), so other workflows' runs never crowd the
    // page; one event at most is a filter of the API, so none is asked for: the events are kept by benchgate.
    expect(asked).toEqual([{ owner: 'o', repo: 'r', workflow_id: 'benchgate.yml', head_sha: BASE, branch: 'main', status: 'success', per_page: 20 }]);
  });

  it('says which events it looked for when the commit has no such run', async () => {
    const { octokit } = client([{ id: 3, event: 'pull_request', head_sha: BASE }]);
    const r = await findReusableBaseline(octokit, {} as ArtifactClient, query);
    expect(r.notes).toEqual(['no successful push, workflow_dispatch or schedule run of .github/workflows/benchgate.yml on main at commit aaaaaaa']);
  });

  it("tries the runs that had finished when this job's run was created first, newest first, then the later ones; without that time, newest first", async () => {
    const { octokit } = client([
      { id: 4, event: 'schedule', head_sha: BASE, updated_at: '2026-12-03T03:40:00Z' },
      { id: 3, event: 'schedule', head_sha: BASE, updated_at: '2026-12-02T03:40:00Z' },
      { id: 2, event: 'push', head_sha: BASE, updated_at: '2026-12-01T12:00:00Z' },
      { id: 1, event: 'workflow_dispatch', head_sha: BASE, updated_at: '2026-12-01T11:00:00Z' },
    ]);
    const order = async (madeBefore: string | null) =>
      (await findReusableBaseline(octokit, {} as ArtifactClient, { ...query, madeBefore })).notes.map((n) => Number(/run (\d+)/.exec(n)?.[1]));
    expect(await order('2026-12-02T09:00:00Z')).toEqual([3, 2, 1, 4]);
    // Finished at the very moment counts as finished by then.
    expect(await order('2026-12-01T12:00:00Z')).toEqual([2, 1, 4, 3]);
    expect(await order('2026-11-30T00:00:00Z')).toEqual([4, 3, 2, 1]);
    expect(await order(null)).toEqual([4, 3, 2, 1]);
  });

  it('a workflow GitHub does not know has no runs to reuse', async () => {
    const octokit = { rest: { actions: { listWorkflowRuns: () => Promise.reject(Object.assign(new Error('Not Found'), { status: 404 })) } } };
    const r = await findReusableBaseline(octokit as unknown as GitHubClient, {} as ArtifactClient, query);
    expect(r.found).toBeNull();
    expect(r.notes).toEqual(['no successful push, workflow_dispatch or schedule run of .github/workflows/benchgate.yml on main at commit aaaaaaa']);
  });
});

describe('workflowPathOf', () => {
  const at = (ref: string, repo = 'Octo-Org/bench') => workflowPathOf({ GITHUB_WORKFLOW_REF: ref, GITHUB_REPOSITORY: repo });
  it("reads the workflow file of this repository's GITHUB_WORKFLOW_REF (the caller's, in a reusable workflow)", () => {
    expect(at('octo-org/bench/.github/workflows/benchgate.yml@refs/pull/7/merge')).toBe('.github/workflows/benchgate.yml');
    expect(at('octo-org/bench/.github/workflows/gate.yaml@refs/heads/main')).toBe('.github/workflows/gate.yaml');
  });
  it('is null for another repository, a path outside .github/workflows, no ref, or nothing set', () => {
    expect(at('other/bench/.github/workflows/benchgate.yml@refs/heads/main')).toBeNull();
    expect(at('octo-org/bench/ci/benchgate.yml@refs/heads/main')).toBeNull();
    expect(at('octo-org/bench/.github/workflows/benchgate.yml')).toBeNull();
    expect(workflowPathOf({})).toBeNull();
  });
});
