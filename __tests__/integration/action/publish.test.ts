// Publishing on the pull request: the gate job (mode: compare) and the fork-safe publish job (mode:
// publish, on workflow_run), in process (helpers/in-process-jobs.ts), against the GitHub REST double
// (every request body validated against GitHub's OpenAPI description) and the artifact service
// double behind it. A secondary rate limit waited out by the throttling plugin, and the wiring of the
// publish mode, run through action.yml and the bundle in e2e/action-publish.test.ts; the setup and the
// fork-safe publish scenario both play are in helpers/scenarios/publish.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import type { GitHubApiDouble } from '../../doubles/github-api.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { job } from '../../helpers/in-process-jobs.js';
import { BASE, BOT, forkPublish, HEAD, MARKER, publishSetup, TOKEN } from '../../helpers/scenarios/publish.js';
import { trustAttacks } from '../../helpers/scenarios/trusted-baseline.js';

const setup = publishSetup(job);
const { suites, gate, botComments } = setup;
let results: ResultsServiceDouble;
let gh: GitHubApiDouble;
let root: string;
beforeAll(() => void ({ results, gh, root } = setup.doubles));

describe('the gate job of a same-repository pull request', () => {
  it('posts one comment and one completed check run, and on the next run updates them instead of adding', async () => {
    const run = await suites();
    const first = await gate(run);
    expect(first.exitCode).toBe(1); // hold, fail-on-hold
    expect(first.outputs['verdict']).toBe('hold');
    expect(botComments(42)).toHaveLength(1);
    expect(botComments(42)[0]?.body).toContain('### ❌ Hold: `codemode` is not ready to replace `tool_call`');
    expect(first.outputs['comment-url']).toBe(botComments(42)[0]?.html_url);
    const checks = gh.checkRuns().filter((c) => c.name === 'benchgate (demo)');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ head_sha: HEAD, status: 'completed', conclusion: 'failure' });
    expect(checks[0]?.output?.title).toBe('Hold (failed gates: completion_regressions; findings: guardrail-rise)');
    expect(checks[0]?.output?.summary).toContain('| Completion regressions |  |  | **1** | = 0 | ❌ |');

    // Same evidence again: `changed` leaves the comment alone; the check run is reused, not doubled.
    const commentId = botComments(42)[0]?.id;
    const updatedAt = botComments(42)[0]?.updated_at;
    const second = await gate(run);
    expect(second.log).toContain('benchgate: comment unchanged:');
    expect(botComments(42)).toHaveLength(1);
    expect(botComments(42)[0]).toMatchObject({ id: commentId, updated_at: updatedAt });
    expect(gh.checkRuns().filter((c) => c.name === 'benchgate (demo)')).toHaveLength(1);

    // `always` rewrites it in place.
    const third = await gate(run, { comment: 'always' });
    expect(third.log).toContain('benchgate: comment updated:');
    expect(botComments(42).map((c) => c.id)).toEqual([commentId]);
  });

  it('an inconclusive verdict (decide: significant) is a failed check run naming what would decide it by default, a neutral one in advisory mode', async () => {
    const run = await suites();
    const strict = await gate(run, { decide: 'significant', 'check-name': 'bench significant', comment: 'off', 'allow-findings': 'guardrail-rise' });
    expect(strict.exitCode, strict.log).toBe(1);
    expect(strict.outputs['verdict']).toBe('inconclusive');
    const check = () => gh.checkRuns().filter((c) => c.name === 'bench significant');
    expect(check()).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'failure' })]);
    expect(check()[0]?.output?.title).toBe('Inconclusive (undecided gates: reward, completion, steps, completion_regressions)');
    // The check says that it blocks, and what would decide it: each undecided gate's sizing.
    const summary = check()[0]?.output?.summary ?? '';
    expect(summary).toMatch(
      /^\*\*This check fails: the verdict is inconclusive, and an undecided verdict blocks the merge\*\* until what the report names below decides it\./,
    );
    expect(summary).toMatch(/\n\*\*What would decide it:\*\* [^\n]*about [\d,]+ cases at this noise show/);
    expect(summary).toContain('Advisory mode (`fail-on-inconclusive: false`');
    expect(strict.log).toMatch(/what would decide it: .*an undecided verdict fails the gate; fail-on-inconclusive: false is advisory mode/);
    const soft = await gate(run, {
      decide: 'significant',
      'check-name': 'bench significant',
      comment: 'off',
      'allow-findings': 'guardrail-rise',
      'fail-on-inconclusive': 'false',
    });
    expect(soft.exitCode, soft.log).toBe(0);
    expect(check()).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'neutral' })]);
    // Advisory mode says plainly that it lets the PR through.
    expect(check()[0]?.output?.summary).toMatch(
      /^\*\*This check is neutral \(advisory mode\), and GitHub counts a neutral check as passing: this inconclusive verdict does not block the merge\*\*/,
    );
  });

  it('finds its comment on the third page of 250 and leaves a forged marker alone', async () => {
    gh.addPull({ number: 43, headSha: HEAD, headRepo: 'octo-org/benchgate' });
    for (let i = 0; i < 250; i++) {
      if (i === 120) gh.addComment(43, `${MARKER}\nI copied the marker to take over the bot's comment`, { login: 'mallory', type: 'User' });
      else if (i === 230) gh.addComment(43, `${MARKER}\nold report`, BOT);
      else gh.addComment(43, `comment ${i}`);
    }
    const forged = gh.comments(43)[120];
    const ours = gh.comments(43)[230];
    const event = join(root, 'pr43.json');
    writeFileSync(event, JSON.stringify({ number: 43, pull_request: { number: 43, head: { sha: HEAD }, base: { sha: '2'.repeat(40) } } }));
    const result = await job(results, root, 'gate', await suites('tool_call')).run(
      { mode: 'compare', suite: 'demo', 'github-token': TOKEN },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_PATH: event },
    );
    expect(result.exitCode, result.log).toBe(0);
    expect(gh.comments(43)).toHaveLength(250);
    expect(gh.comments(43)[120]?.body).toBe(forged?.body);
    expect(gh.comments(43)[230]?.id).toBe(ours?.id);
    expect(gh.comments(43)[230]?.body).toContain('### ✅ Promote:');
    const pages = gh.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/issues/43/comments'));
    expect(pages.map((c) => c.query['page'] ?? '1')).toEqual(['1', '2', '3']);
  });

  it("on a fork PR's read-only token: warnings, the report in the job summary, no crash", async () => {
    gh.readOnly = true;
    try {
      const result = await gate(await suites(), { 'fail-on-hold': 'false', comment: 'always' });
      expect(result.exitCode, result.log).toBe(0);
      expect(result.log).toContain(
        'cannot write check runs (HTTP 403: Resource not accessible by integration); falling back to a commit status "benchgate (demo)"',
      );
      expect(result.log).toContain('cannot write commit statuses either');
      expect(result.log).toMatch(
        /::warning::benchgate: cannot post the comment \(HTTP 403: Resource not accessible by integration\): the token is read-only, as on a pull request from a fork/,
      );
      expect(result.summary).toContain('### ❌ Hold:');
    } finally {
      gh.readOnly = false;
    }
  });

  it('completes the check run with a failure when the gate itself fails', async () => {
    const result = await job(results, root, 'gate', `pub-empty-${setup.nextRun()}`).run(
      { mode: 'compare', suite: 'nothing', 'github-token': TOKEN },
      { GITHUB_API_URL: gh.url },
    );
    expect(result.exitCode).toBe(1);
    const check = gh.checkRuns().find((c) => c.name === 'benchgate (nothing)');
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure', output: expect.objectContaining({ title: 'benchgate could not decide' }) });
    expect(check?.output?.summary).toContain('artifact "benchgate-nothing-baseline" was not found');
  });
});

describe('the publish job (workflow_run, fork-safe)', () => {
  const fork = forkPublish(job, setup);
  const { FORK_HEAD, workflowRunEvent, publish, forkRun, headCheck } = fork;
  trustAttacks(job, setup, fork);

  it('takes a PR listed on the run only when its head matches, and comments nowhere when none does', async () => {
    const run = await forkRun();
    const result = await publish(run, workflowRunEvent(run, [42]));
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['pull-request']).toBe('142'); // 42 listed but its head differs; 142 found by search
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', state: 'closed' });
    const none = await publish(run, workflowRunEvent(run, [42]));
    expect(none.outputs['pull-request']).toBe('');
    expect(none.log).toContain('no open pull request has head 4444444 in contributor/benchgate');
    expect(none.log).toContain('no pull request to comment on');
    expect(none.exitCode).toBe(1);
    expect(headCheck()?.output?.title).toBe('No pull request for this commit');
  });

  it('holds on a suite job of the triggering run that was cancelled, whatever its artifacts say, and the title says so', async () => {
    const run = await forkRun('tool_call'); // the artifacts alone promote
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    gh.addJobs(results.runId(run), [
      { name: 'suite (baseline)', conclusion: 'success' },
      { name: 'suite (candidate)', conclusion: 'cancelled' },
      { name: 'gate', conclusion: 'success' },
    ]);
    const result = await publish(run, workflowRunEvent(run, [], 'cancelled'));
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['verdict']).toBe('hold');
    expect(result.log).toContain('benchgate: job `suite (candidate)` ended with cancelled in the triggering run; the gate holds');
    const check = headCheck();
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(check?.output?.title).toBe('Hold (job suite (candidate) ended with cancelled)');
    expect(check?.output?.summary).toContain('**Hold:** job `suite (candidate)` ended with cancelled.');
    expect(botComments(142).at(-1)?.body).toContain('**Hold:** job `suite (candidate)` ended with cancelled.');
  });

  it('promotes when every job of the triggering run succeeded', async () => {
    const run = await forkRun('tool_call');
    gh.addJobs(results.runId(run), [
      { name: 'suite (baseline)', conclusion: 'success' },
      { name: 'suite (candidate)', conclusion: 'success' },
    ]);
    const result = await publish(run, workflowRunEvent(run, [], 'success'));
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['verdict']).toBe('promote');
    expect(headCheck()).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it('refuses to run on any other event', async () => {
    const result = await job(results, root, 'publish', 'pub-wrong').run({ mode: 'publish', suite: 'demo', 'github-token': TOKEN }, { GITHUB_API_URL: gh.url });
    expect(result.exitCode).toBe(1);
    expect(result.log).toContain('mode: publish runs in a workflow triggered by workflow_run, not by pull_request');
  });
});
