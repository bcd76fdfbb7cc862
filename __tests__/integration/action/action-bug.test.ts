// A bug in benchgate during a gate (src/errors.ts): the step fails, the log and the job summary say it
// is a bug and how to report it, without a stack trace, and the check run is completed with that text.
// The bug is injected through the io (the test seam): setOutput throws what a programming error throws.
import { rmSync } from 'node:fs';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { InputError } from '../../../src/errors.js';
import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';

/** The io's setOutput throws `bug` at the first output (the verdict), inside the gate's pipeline. */
const throwing = (bug: Error) => ({
  setOutput: () => {
    throw bug;
  },
});

const TOKEN = 'ghs_test_token';
const HEAD = '1'.repeat(40); // the pull_request fixture's head
let gh: GitHubApiDouble;
const dirs: string[] = [];
beforeAll(async () => {
  gh = await startGitHubApi({ token: TOKEN });
  gh.addPull({ number: 42, headSha: HEAD, headRepo: 'octo-org/benchgate' });
});
afterAll(async () => {
  await gh.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  expect(gh.invalidCalls(), "requests that GitHub's OpenAPI description rejects").toEqual([]);
});

describe('a bug during compare', () => {
  it('fails the step and completes the check run saying it is a bug in benchgate', async () => {
    const ws = demoWorkspace();
    dirs.push(ws);
    const bug = throwing(new TypeError("Cannot read properties of undefined (reading 'reward')"));
    const r = await runInProcess(
      gh.url,
      ws,
      { mode: 'compare', suite: 'bug', 'github-token': TOKEN, baseline: 'baseline.json', candidate: 'candidate.json' },
      {},
      bug,
    );
    expect(r.exitCode).toBe(1);
    const said =
      /internal error: Cannot read properties of undefined \(reading 'reward'\)\s+This is a bug in benchgate, not a problem with your input or configuration/;
    expect(r.log).toMatch(said);
    expect(r.summary).toContain('This is a bug in benchgate');
    expect(r.log).not.toMatch(/\n\s+at /);
    const checks = gh.checkRuns().filter((c) => c.name === 'benchgate (bug)');
    expect(checks).toEqual([expect.objectContaining({ head_sha: HEAD, status: 'completed', conclusion: 'failure' })]);
    // The check run's summary has the message as one escaped code span.
    expect(checks[0]?.output?.summary).toMatch(said);
    expect(checks[0]?.output?.summary).not.toMatch(/\n\s+at /);
  });

  it('a user error in the same place says only what to fix', async () => {
    const ws = demoWorkspace();
    dirs.push(ws);
    const user = throwing(new InputError('candidate.json: case "x": expected a boolean'));
    const r = await runInProcess(
      gh.url,
      ws,
      { mode: 'compare', suite: 'usr', 'github-token': TOKEN, baseline: 'baseline.json', candidate: 'candidate.json' },
      {},
      user,
    );
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain('benchgate: candidate.json: case "x": expected a boolean');
    expect(r.log).not.toMatch(/internal error|bug in benchgate/);
    const check = gh.checkRuns().find((c) => c.name === 'benchgate (usr)');
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(check?.output?.summary).toContain('candidate.json: case "x": expected a boolean');
    expect(check?.output?.summary).not.toMatch(/bug in benchgate/);
  });
});
