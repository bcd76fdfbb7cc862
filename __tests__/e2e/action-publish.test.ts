// Publishing on the pull request, end to end: the gate job (mode: compare) and the fork-safe publish
// job (mode: publish, on workflow_run) as child processes of the committed dist/index.js, through
// action.yml, against the GitHub REST double (every request body validated against GitHub's OpenAPI
// description) and the artifact service double behind it. Only what needs the bundle: the REST
// client as index.ts builds it (the throttling plugin waits out a real `retry-after: 1`), and the
// publish mode's wiring (helpers/scenarios/publish.ts, played in process too). The other scenarios
// run in process: integration/action/publish.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';

import type { GitHubApiDouble } from '../doubles/github-api.js';
import { job } from '../helpers/action-jobs.js';
import { forkPublish, publishSetup } from '../helpers/scenarios/publish.js';
import { trustAttacks } from '../helpers/scenarios/trusted-baseline.js';

const setup = publishSetup(job);
const { suites, gate } = setup;
let gh: GitHubApiDouble;
beforeAll(() => void ({ gh } = setup.doubles));

describe('the gate job of a same-repository pull request', () => {
  it('rides out a secondary rate limit and a 502, and turns a refused comment into a warning', async () => {
    const run = await suites();
    gh.failNext(
      { method: 'POST', path: /\/check-runs$/ },
      {
        status: 403,
        headers: { 'retry-after': '1' },
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
      },
    );
    gh.failNext({ method: 'GET', path: /\/issues\/42\/comments$/ }, { status: 502, body: { message: 'Server Error' } });
    gh.failNext(
      { method: 'PATCH', path: /\/issues\/comments\/\d+$/ },
      {
        status: 422,
        body: {
          message: 'Validation Failed',
          errors: [{ resource: 'IssueComment', code: 'custom', field: 'body', message: 'body is too long (maximum is 65536 characters)' }],
        },
      },
    );
    gh.failNext({ method: 'POST', path: /\/issues\/42\/comments$/ }, { status: 422, body: { message: 'Validation Failed' } });
    const result = await gate(run, { comment: 'always', 'check-name': 'bench gate' });
    expect(result.log).toContain('GitHub secondary rate limit on POST');
    expect(result.log).toMatch(/::warning::benchgate: GitHub refused the comment \(HTTP 422: Validation Failed/);
    expect(gh.checkRuns().filter((c) => c.name === 'bench gate')).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
    expect(result.outputs['verdict']).toBe('hold');
  });
});

describe('the publish job (workflow_run, fork-safe)', () => {
  const fork = forkPublish(job, setup);
  // Each attack through action.yml, the bundle and the real artifact client.
  trustAttacks(job, setup, fork);
});
