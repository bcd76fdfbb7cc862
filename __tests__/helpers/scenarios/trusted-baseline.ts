// The attacks on the required check `benchgate (<suite>)` that publish must withstand, replayed
// through the GitHub REST double and the artifact service double (issue 43): a fork run that uploads
// its candidate as the baseline too, a second workflow named benchgate in the fork, a candidate of
// another commit, a base commit main never measured, and the same-repository opt-out. Written once
// and played by two harnesses (see hold-chain.ts): the bundle through action.yml with the real
// artifact client (e2e/action-publish.test.ts) and runAction in process
// (integration/action/publish.test.ts). docs/security.md's claims name these tests.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { ARTIFACT_EXTRACT_MAX_BYTES } from '../../../src/github/artifact-extract.js';
import { zipBomb } from '../zip-write.js';
import type { JobOf } from './hold-chain.js';
import { BASE, type forkPublish, type publishSetup } from './publish.js';

/** Bytes of every file under `dir` (the jobs' workspaces and temporary folders). */
function bytesUnder(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) n += statSync(join(e.parentPath, e.name)).size;
  return n;
}

/** No request wrote the history branch (or any branch): git data and contents are only read. */
function historyUntouched(setup: ReturnType<typeof publishSetup>): void {
  const writes = setup.doubles.gh.calls.filter((c) => c.method !== 'GET' && (c.path.includes('/git/') || c.path.includes('/contents/')));
  expect(writes).toEqual([]);
}

export function trustAttacks(_job: JobOf, setup: ReturnType<typeof publishSetup>, fork: ReturnType<typeof forkPublish>) {
  const { publish, forkRun, workflowRunEvent, forkCheck, FORK_HEAD, headCheck } = fork;

  it("a fork run that uploads its candidate as the baseline too holds: the baseline is main's run's, the history branch untouched", async () => {
    const { gh } = setup.doubles;
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    // The fork's workflow runs its regressing candidate in the baseline job too: compared with itself, it would promote.
    const run = await forkRun('codemode', { baseline: 'codemode' });
    const result = await publish(run, workflowRunEvent(run, [], 'success'), { 'history-branch': 'benchgate-history' });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['verdict']).toBe('hold');
    expect(forkCheck()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(forkCheck()?.output?.title).toBe('Hold (failed gates: completion_regressions; findings: guardrail-rise)');
    expect(result.summary).toContain(`artifact benchgate-demo-baseline: tool_call.json, commit 2222222, run ${fork.mainRunId()}`);
    historyUntouched(setup);
  });

  it("a second workflow named benchgate in the fork, re-run on the same head, cannot flip the real run's check", async () => {
    const { gh } = setup.doubles;
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    const real = await forkRun('codemode');
    expect((await publish(real, workflowRunEvent(real, [], 'failure'))).outputs['verdict']).toBe('hold');
    expect(forkCheck()).toMatchObject({ conclusion: 'failure' });
    // The fork adds .github/workflows/evil.yml, also named benchgate: its run uploads a baseline and a candidate that promote.
    const evil = await forkRun('tool_call');
    const result = await publish(evil, workflowRunEvent(evil, [], 'success', { path: '.github/workflows/evil.yml' }));
    expect(result.exitCode).toBe(1);
    expect(forkCheck()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(forkCheck()?.output?.title).toBe('No trusted baseline yet for 2222222');
    expect(forkCheck()?.output?.summary).toContain('no successful run of it on `main` at 2222222');
    expect(forkCheck()?.output?.summary).toContain('`.github/workflows/evil.yml`');
    expect(gh.checkRuns().filter((c) => c.head_sha === FORK_HEAD && c.conclusion === 'success')).toEqual([]);
    historyUntouched(setup);
  });

  it('a candidate stamped for another commit holds, and the check run names the stamp', async () => {
    const { gh } = setup.doubles;
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    // The fork's run uploads a summary of another commit (say main's own) as its candidate: alone, it promotes.
    const run = await forkRun('tool_call', { head: '5'.repeat(40) });
    const result = await publish(run, workflowRunEvent(run, [], 'success'));
    expect(result.outputs['verdict']).toBe('hold');
    const runId = setup.doubles.results.runId(run);
    const problem = `provenance: the candidate (workflow run ${runId}) is stamped for commit \`${'5'.repeat(40)}\`, not \`444444444444\``;
    expect(result.log).toContain(`::warning::benchgate: ${problem}; the gate holds`);
    expect(forkCheck()).toMatchObject({ conclusion: 'failure' });
    expect(forkCheck()?.output?.title).toBe(`Hold (${problem.replace(/`/g, '')})`);
  });

  it('with no trusted baseline for the base commit yet the check fails and says what to run', async () => {
    const { gh } = setup.doubles;
    const head = '6'.repeat(40);
    gh.addPull({ number: 143, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: '7'.repeat(40) });
    const run = await forkRun('tool_call', { head });
    const result = await publish(run, workflowRunEvent(run, [], 'success', { head }));
    expect(result.exitCode).toBe(1);
    const check = headCheck(head);
    expect(check).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'No trusted baseline yet for 7777777' }),
    });
    expect(check?.output?.summary).toContain('run that workflow on `main` at 7777777');
    expect(gh.comments(143).at(-1)?.body).toContain('no trusted baseline for the pull request');
  });

  it("a scheduled run of the default branch at the base commit supplies the trusted baseline, as a push's does", async () => {
    const { gh } = setup.doubles;
    const [base, head] = ['8'.repeat(40), '9'.repeat(40)];
    const scheduled = await fork.mainRun(base, 'tool_call', { event: 'schedule' });
    // A run of another event at that commit (an issue comment's, say) is never taken.
    gh.addWorkflowRun({ id: scheduled + 1000, headSha: base, event: 'issue_comment' });
    gh.addPull({ number: 144, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: base });
    const run = await forkRun('tool_call', { head });
    const result = await publish(run, workflowRunEvent(run, [], 'success', { head }));
    expect(result.exitCode, result.log).toBe(0);
    expect(result.log).toContain(`benchgate: the baseline of base commit 8888888 comes from the schedule run ${scheduled} on main`);
    expect(headCheck(head)).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it("main measured again at the base commit after the pull request's run was created: publish takes the run that had finished by then, as reuse-baseline did", async () => {
    const { gh } = setup.doubles;
    const [base, head] = ['6'.repeat(40), '5'.repeat(40)];
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const pushed = await fork.mainRun(base, 'tool_call', { createdAt: at(5) });
    // The nightly run at the unchanged head finished an hour after the pull request's run was created.
    const nightly = await fork.mainRun(base, 'tool_call', { event: 'schedule', createdAt: at(1) });
    gh.addPull({ number: 145, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: base });
    const run = await forkRun('tool_call', { head });
    const result = await publish(run, workflowRunEvent(run, [], 'success', { head, createdAt: at(2) }));
    expect(result.exitCode, result.log).toBe(0);
    expect(result.log).toContain(`benchgate: the baseline of base commit 6666666 comes from the push run ${pushed} on main`);
    // A run created after the nightly finished judges against the nightly, the newest.
    const later = await forkRun('tool_call', { head });
    const again = await publish(later, workflowRunEvent(later, [], 'success', { head, createdAt: at(0) }));
    expect(again.log).toContain(`benchgate: the baseline of base commit 6666666 comes from the schedule run ${nightly} on main`);
  });

  it('a candidate artifact that is a zip bomb fails the check with the budget error, and nothing of it reaches the disk', async () => {
    const { gh, results, root } = setup.doubles;
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    const run = await forkRun('tool_call');
    // The fork's job uploads a zip of its own making: about 260 KB, whose summary.json inflates to 257 MiB of zeros.
    results.store.replace('benchgate-demo-candidate', await zipBomb('summary.json', ARTIFACT_EXTRACT_MAX_BYTES + 1024 * 1024), run);
    const before = bytesUnder(root);
    const result = await publish(run, workflowRunEvent(run, [], 'success'));
    expect(result.exitCode).toBe(1);
    const error = 'artifact "benchgate-demo-candidate": entry "summary.json" declares 269484032 bytes (257.0 MiB) uncompressed';
    expect(result.log).toContain(error);
    expect(result.log).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // a message, never a stack trace
    expect(forkCheck()).toMatchObject({ status: 'completed', conclusion: 'failure', output: expect.objectContaining({ title: 'benchgate could not decide' }) });
    expect(forkCheck()?.output?.summary).toContain(error);
    // The job wrote its logs and reports; the 257 MiB never reached the disk, nor the bomb's zip stayed.
    expect(bytesUnder(root) - before).toBeLessThan(2 * 1024 * 1024);
  });

  it("baseline-from: pull-request-run takes a same-repository run's own baseline, and never a fork's", async () => {
    const { gh } = setup.doubles;
    const head = '8'.repeat(40);
    gh.addPull({ number: 144, headSha: head, headRef: 'codemode', headRepo: 'octo-org/benchgate', baseSha: BASE });
    const run = await forkRun('codemode', { baseline: 'codemode', head });
    const own = await publish(run, workflowRunEvent(run, [], 'success', { head, headRepo: 'octo-org/benchgate' }), { 'baseline-from': 'pull-request-run' });
    expect(own.exitCode, own.log).toBe(0);
    expect(own.log).toContain("the baseline is the triggering run's own (a same-repository pull request)");
    expect(own.outputs['verdict']).toBe('promote');
    // Without the input, the same run is compared with main's baseline.
    expect((await publish(run, workflowRunEvent(run, [], 'success', { head, headRepo: 'octo-org/benchgate' }))).outputs['verdict']).toBe('hold');
    // From a fork the input is ignored.
    gh.addPull({ number: 142, headSha: FORK_HEAD, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE });
    const forked = await forkRun('codemode', { baseline: 'codemode' });
    const ignored = await publish(forked, workflowRunEvent(forked, [], 'success'), { 'baseline-from': 'pull-request-run' });
    expect(ignored.log).toContain('baseline-from: pull-request-run is ignored for a pull request from a fork');
    expect(ignored.outputs['verdict']).toBe('hold');
  });
}
