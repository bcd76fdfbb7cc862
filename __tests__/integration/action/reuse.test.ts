// Reusing the base commit's baseline, in process (helpers/in-process-jobs.ts): the scenario of
// helpers/scenarios/reuse.ts (main's run measured the baseline; a pull request's baseline job reuses
// it through the REST API double without running the suite; the gate compares as usual), then a
// baseline that does not fit and an expired one, on the same setup. Loopback only.
import { describe, expect, it } from 'vitest';

import { job, suiteCommand } from '../../helpers/in-process-jobs.js';
import { reuseScenario } from '../../helpers/scenarios/reuse.js';
import { zip } from '../../helpers/zip-write.js';

describe('reuse-baseline', () => {
  const reuse = reuseScenario(job);

  it('runs the suite when the found baseline does not fit (another fingerprint), and says why', async () => {
    const r = await reuse.prBaseline('pr-2', { 'reuse-baseline': 'prefer', command: suiteCommand('tool_call'), fingerprint: 'model: other-model' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).toContain(
      `no baseline to reuse (the baseline of workflow run ${reuse.results.runId('main-run')} does not fit: its fingerprint model is "demo-model", this job's is "other-model"); running the suite`,
    );
    expect(r.outputs['reused-run-id']).toBe('');
  });

  it("main's runs that would be older than main-max-age when the gate judges are measured again, not reused", async () => {
    // Measured moments ago; the candidate's rounds may take 3 × 30 minutes, so within 2h they would not be, within 1h they would.
    const fresh = await reuse.prBaseline('pr-age-1', {
      'reuse-baseline': 'prefer',
      command: 'echo the suite ran; exit 9',
      'main-max-age': '2h',
      'timeout-minutes': '30',
    });
    expect(fresh.exitCode, fresh.log).toBe(0);
    expect(fresh.outputs['reused-run-id']).toBe(String(reuse.results.runId('main-run')));
    const stale = await reuse.prBaseline('pr-age-2', {
      'reuse-baseline': 'prefer',
      command: suiteCommand('tool_call'),
      'main-max-age': '1',
      'timeout-minutes': '30',
    });
    expect(stale.exitCode, stale.log).toBe(0);
    expect(stale.log).toMatch(
      new RegExp(
        `no baseline to reuse \\(the baseline of workflow run ${reuse.results.runId('main-run')} does not fit: it was measured 0\\.\\d hours ago, and with the candidate's rounds still to run \\(up to 1\\.5 hours\\) it would be older than main-max-age 1 when the gate judges\\); running the suite`,
      ),
    );
    expect(stale.outputs['reused-run-id']).toBe('');
    // require never takes them either: it fails the step, saying why.
    const required = await reuse.prBaseline('pr-age-3', { 'reuse-baseline': 'require', command: suiteCommand('tool_call'), 'main-max-age': '1h' });
    expect(required.exitCode).toBe(1);
    expect(required.log).toContain('would be older than main-max-age 1h when the gate judges');
  });

  it("the configuration's main_max_age does not make the baseline job measure main's runs again: only the input does", async () => {
    const r = await reuse.prBaseline(
      'pr-age-5',
      { 'reuse-baseline': 'prefer', command: 'echo the suite ran; exit 9', config: 'gate.yml', 'timeout-minutes': '30' },
      { 'gate.yml': 'version: 1\nmain_max_age: 1\n' },
    );
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).not.toContain('the suite ran');
    expect(r.outputs['reused-run-id']).toBe(String(reuse.results.runId('main-run')));
  });

  it("other workflows' runs at the base commit never crowd out the gate workflow's: reuse lists that workflow's runs alone", async () => {
    // Newer than main's run, more than a page of the 20 runs reuse looks at, none of them the gate's.
    for (let k = 0; k < 22; k++)
      reuse.gh.addWorkflowRun({
        id: 9000 + k,
        headSha: '2'.repeat(40),
        path: '.github/workflows/lint.yml',
        createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      });
    const r = await reuse.prBaseline('pr-crowd', { 'reuse-baseline': 'require', command: 'echo the suite ran; exit 9' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['reused-run-id']).toBe(String(reuse.results.runId('main-run')));
    expect(r.log).not.toContain('workflow run 90');
  });

  it("reuse-workflow takes the runs of the workflow it names instead of the job's own, and is refused without reuse or outside .github/workflows", async () => {
    // An older push run of another workflow file measured the base commit too.
    await reuse.measureOnMain('main-run-bench', '.github/workflows/bench-main.yml', new Date(Date.now() - 7200_000).toISOString().replace(/\.\d+Z$/, 'Z'));
    const own = await reuse.prBaseline('pr-wf-1', { 'reuse-baseline': 'require', command: 'echo the suite ran; exit 9' });
    expect(own.outputs['reused-run-id']).toBe(String(reuse.results.runId('main-run')));
    const other = await reuse.prBaseline('pr-wf-2', {
      'reuse-baseline': 'require',
      'reuse-workflow': '.github/workflows/bench-main.yml',
      command: 'echo the suite ran; exit 9',
    });
    expect(other.exitCode, other.log).toBe(0);
    expect(other.outputs['reused-run-id']).toBe(String(reuse.results.runId('main-run-bench')));
    const none = await reuse.prBaseline('pr-wf-3', { 'reuse-baseline': 'require', 'reuse-workflow': '.github/workflows/nightly.yml', command: 'exit 9' });
    expect(none.exitCode).toBe(1);
    expect(none.log).toContain('no successful push, workflow_dispatch or schedule run of .github/workflows/nightly.yml on main at commit 2222222');
    const unused = await reuse.prBaseline('pr-wf-4', { 'reuse-workflow': '.github/workflows/bench-main.yml', command: 'exit 9' });
    expect(unused.exitCode).toBe(1);
    expect(unused.log).toContain(
      'input "reuse-workflow": it names the workflow whose runs reuse-baseline takes; give reuse-baseline prefer or require, or remove it',
    );
    const bad = await reuse.prBaseline('pr-wf-5', { 'reuse-baseline': 'prefer', 'reuse-workflow': 'ci/bench.yml', command: 'exit 9' });
    expect(bad.exitCode).toBe(1);
    expect(bad.log).toContain('input "reuse-workflow"');
    expect(bad.log).toContain('a workflow file such as .github/workflows/benchgate.yml');
  });

  it("main's runs that had finished when this workflow run was created come first, as publish takes them; unknown, the newest is taken with a warning", async () => {
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    // Main's runs of a workflow of this test's own (no other test sees them): pushed 2 hours ago, and
    // measured again at the base commit 6 minutes ago (a nightly run); this pull request's run was
    // created 30 minutes ago.
    const wf = { 'reuse-baseline': 'require', 'reuse-workflow': '.github/workflows/order.yml', command: 'exit 9' };
    await reuse.measureOnMain('order-pushed', wf['reuse-workflow'], at(2));
    await reuse.measureOnMain('order-nightly', wf['reuse-workflow'], at(0.1));
    reuse.gh.addWorkflowRun({ id: 5551, headSha: '1'.repeat(40), headBranch: 'pr', event: 'pull_request', createdAt: at(0.5) });
    const r = await reuse.prBaseline('pr-order-1', wf, {}, { GITHUB_RUN_ID: '5551' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).not.toContain('is unknown');
    expect(r.outputs['reused-run-id']).toBe(String(reuse.results.runId('order-pushed')));
    // A run GitHub does not know: the newest of main's runs, and a warning saying publish may take another.
    const unknown = await reuse.prBaseline('pr-order-2', wf, {}, { GITHUB_RUN_ID: '5552' });
    expect(unknown.exitCode, unknown.log).toBe(0);
    expect(unknown.outputs['reused-run-id']).toBe(String(reuse.results.runId('order-nightly')));
    expect(unknown.log).toContain('reuse-baseline: when this workflow run was created is unknown (reading it failed');
  });

  it('a bad main-max-age names the input', async () => {
    const r = await reuse.prBaseline('pr-age-4', { command: suiteCommand('tool_call'), 'main-max-age': 'soon' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain('input "main-max-age": expected an age above 0 in hours or days, such as 36h or 7d (a bare number is hours), got "soon"');
  });

  it('a baseline artifact over the extraction budget is never copied: require fails the step with the named error', async () => {
    // main's run's artifact replaced by a zip whose summary.json declares 300 MiB (the budget is 256 MiB).
    reuse.results.store.replace('benchgate-demo-baseline', zip([{ name: 'summary.json', data: '{}', size: 300 * 1024 * 1024 }]), 'main-run');
    const r = await reuse.prBaseline('pr-4', { 'reuse-baseline': 'require', command: suiteCommand('tool_call') });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain(
      'no baseline to reuse: the baseline artifact of an earlier run was refused: artifact "benchgate-demo-baseline": entry "summary.json" declares 314572800 bytes (300.0 MiB) uncompressed',
    );
    expect(r.outputs['reused-run-id'] ?? '').toBe('');
  });

  it('an expired artifact is never used: require fails the step and says so', async () => {
    reuse.results.expire('main-run', 'benchgate-demo-baseline');
    const r = await reuse.prBaseline('pr-3', { 'reuse-baseline': 'require', command: suiteCommand('tool_call') });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain(
      `reuse-baseline: require, and no baseline to reuse: the benchgate-demo-baseline artifact of workflow run ${reuse.results.runId('main-run')} has expired`,
    );
  });
});
