// Which earlier runs reuse-baseline looks at (github/baseline-reuse.ts): the runs of the base commit
// by the events publish trusts (push, workflow_dispatch, schedule), newest first, never another
// event's or another commit's. A fake client answers the two REST calls; no artifact is listed, so
// each run looked at leaves a note, in order.
import type { ArtifactClient } from '@actions/artifact';
import { describe, expect, it } from 'vitest';

import { findReusableBaseline } from '../../../src/github/baseline-reuse.js';
import type { GitHubClient } from '../../../src/github/octokit.js';

const BASE = 'a'.repeat(40);

function client(runs: { id: number; event: string; head_sha: string }[]): { octokit: GitHubClient; asked: Record<string, unknown>[] } {
  const asked: Record<string, unknown>[] = [];
  const octokit = {
    rest: {
      actions: {
        listWorkflowRunsForRepo: (q: Record<string, unknown>) => {
          asked.push(q);
          return Promise.resolve({
            data: { total_count: runs.length, workflow_runs: runs.map((r) => ({ ...r, html_url: `https://github.com/o/r/actions/runs/${r.id}` })) },
          });
        },
        listWorkflowRunArtifacts: () => Promise.resolve({ data: { total_count: 0, artifacts: [] } }),
      },
    },
  };
  return { octokit: octokit as unknown as GitHubClient, asked };
}

const query = { owner: 'o', repo: 'r', commit: BASE, artifact: 'benchgate-demo-baseline', token: 't', path: '/nonexistent' };

describe('findReusableBaseline', () => {
  it("looks at the base commit's push, workflow_dispatch and schedule runs, newest first, and at no other event's or commit's", async () => {
    const { octokit, asked } = client([
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
    // One event at most is a filter of the API, so none is asked for: the events are kept by benchgate.
    expect(asked).toEqual([{ owner: 'o', repo: 'r', head_sha: BASE, status: 'success', per_page: 10 }]);
  });

  it('says which events it looked for when the commit has no such run', async () => {
    const { octokit } = client([{ id: 3, event: 'pull_request', head_sha: BASE }]);
    const r = await findReusableBaseline(octokit, {} as ArtifactClient, query);
    expect(r.notes).toEqual(['no successful push, workflow_dispatch or schedule run of commit aaaaaaa']);
  });
});
