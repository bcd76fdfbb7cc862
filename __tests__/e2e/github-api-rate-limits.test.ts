// The GitHub REST API double's rate-limit answers, waited out by the REAL throttling plugin of
// @actions/github's getOctokit. In e2e, not unit: the plugin waits real time (`retry-after: 1`, and
// up to 1 s until `x-ratelimit-reset`), which is what these tests check, so faking its clock would
// fake the thing tested; its write queue is also process-wide. Moved from
// unit/github/github-api-double.test.ts, assertions unchanged. Loopback only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type ApiCall, type GitHubApiDouble, startGitHubApi } from '../doubles/github-api.js';
import { octokitClient } from '../helpers/octokit-client.js';

const O = 'octo-org';
const R = 'benchgate';
const SHA = 'a'.repeat(40);

let api: GitHubApiDouble;
let limits: string[];

beforeEach(async () => {
  api = await startGitHubApi();
  limits = [];
});
afterEach(async () => {
  await api?.close();
});

/** The client as production code builds it (helpers/octokit-client.ts), against this file's double. */
function client(options: { throttle?: boolean; token?: string } = {}) {
  return octokitClient(api.url, limits, options);
}

const repo = { owner: O, repo: R };
const statuses = (calls: ApiCall[]) => calls.map((c) => `${c.method} ${c.status}`);

describe('GitHub API double: faults and the plugins', () => {
  // On a check run: a comment would wait 3 s, not 1, since the plugin also spaces notification-
  // triggering writes (comments) 3 s apart, and the retry queues behind the first attempt.
  it('a secondary rate limit with retry-after 1 is waited out by the throttling plugin', async () => {
    api.failNext(
      { method: 'POST', path: /\/check-runs$/ },
      {
        status: 403,
        headers: { 'retry-after': '1' },
        body: {
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403',
        },
      },
    );
    const started = Date.now();
    const created = await client({ throttle: true }).rest.checks.create({ ...repo, name: 'benchgate', head_sha: SHA });
    expect(created.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(limits).toEqual(['secondary 1 s, retry 0']);
    expect(statuses(api.calls)).toEqual(['POST 403', 'POST 201']);
    expect(api.calls[0]?.injected).toBe(true);
  });

  it('an exhausted primary limit (x-ratelimit-remaining 0) is waited out until x-ratelimit-reset', async () => {
    api.addPull({ number: 7, headSha: SHA });
    const reset = String(Math.floor(Date.now() / 1000));
    api.failNext(
      { method: 'GET' },
      {
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
        body: { message: 'API rate limit exceeded for installation ID 1.' },
      },
    );
    expect((await client({ throttle: true }).rest.pulls.get({ ...repo, pull_number: 7 })).status).toBe(200);
    // The plugin waits ceil(reset - now) + 1 s, floored at 0: 1 s while still in the reset second,
    // 0 s when a second boundary passed between the header and the plugin's clock read.
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatch(/^primary [01] s, retry 0$/);
    expect(statuses(api.calls)).toEqual(['GET 403', 'GET 200']);
  });
});
