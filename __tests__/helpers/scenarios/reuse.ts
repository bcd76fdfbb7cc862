// Reusing the base commit's baseline: a push run on main measures the baseline and uploads it; a
// pull request's baseline job finds that run through the REST API double (GET
// /actions/workflows/{workflow_id}/runs, validated against GitHub's OpenAPI description), downloads its artifact across runs and uploads it
// as its own without running the suite; the gate compares as usual. Written once and played by two
// harnesses (see hold-chain.ts): the bundle through action.yml (e2e/action-reuse.test.ts, for the
// real artifact client's cross-run download) and runAction in process
// (integration/action/reuse.test.ts, which adds the other reuse scenarios on the same setup).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

import type { GitHubApiDouble } from '../../doubles/github-api.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { startWorkflowDoubles, stopWorkflowDoubles, suiteCommand } from '../action-jobs.js';
import { unzip } from '../zip.js';
import type { JobOf } from './hold-chain.js';

const TOKEN = 'ghs_reuse_token';
const BASE = '2222222222222222222222222222222222222222'; // the base.sha of fixtures/events/pull_request.json

/**
 * Declares the setup (main's push run measured the baseline) and the reuse-then-compare test with
 * the harness's `job`; returns the doubles and a pull request's baseline job for the caller's own tests.
 */
export function reuseScenario(job: JobOf) {
  let results: ResultsServiceDouble;
  let gh: GitHubApiDouble;
  let root: string;
  let pushEvent: string;

  /** A push run on main of the base commit, of workflow file `path`, measures the baseline and uploads it. */
  const measureOnMain = async (run: string, path: string, createdAt: string) => {
    const main = await job(results, root, 'main', run).run(
      { mode: 'run', suite: 'demo', role: 'baseline', command: suiteCommand('tool_call'), fingerprint: 'model: demo-model' },
      { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: pushEvent, GITHUB_SHA: BASE, GITHUB_REF: 'refs/heads/main' },
    );
    expect(main.exitCode, main.log).toBe(0);
    gh.addWorkflowRun({ id: results.runId(run), headSha: BASE, path, createdAt });
  };

  beforeAll(async () => {
    ({ results, gh, root } = await startWorkflowDoubles(TOKEN, 'benchgate-reuse-'));
    pushEvent = join(root, 'push.json');
    writeFileSync(pushEvent, JSON.stringify({ ref: 'refs/heads/main', after: BASE }));
    // main's push run of the base commit measured the baseline (its artifact's age is the baseline's).
    await measureOnMain('main-run', '.github/workflows/benchgate.yml', new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'));
    gh.addWorkflowRun({ id: 777, headSha: 'f'.repeat(40), headBranch: 'feature' }); // another commit's run: never looked at
  });
  afterAll(() => stopWorkflowDoubles({ results, gh, root }));
  afterEach(() => {
    expect(gh.invalidCalls(), "requests or answers GitHub's OpenAPI description rejects").toEqual([]);
  });

  /** A pull request's baseline job; `files` are written into its workspace first (a configuration, say). */
  const prBaseline = (run: string, extra: Record<string, string>, files: Record<string, string> = {}, env: Record<string, string> = {}) => {
    const j = job(results, root, 'baseline', run);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(j.workspace, name), text);
    return j.run({ mode: 'run', suite: 'demo', role: 'baseline', 'github-token': TOKEN, fingerprint: 'model: demo-model', ...extra }, { ...gh.env(), ...env });
  };

  it("takes the base commit's baseline from main's run instead of running the suite, and the gate compares with it", async () => {
    const r = await prBaseline('pr-1', { 'reuse-baseline': 'prefer', command: 'echo the suite ran; exit 9' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).not.toContain('the suite ran');
    expect(r.log).toMatch(
      new RegExp(
        `reused the baseline of base commit 2222222 from workflow run ${results.runId('main-run')} \\(https://github\\.com/octo-org/benchgate/actions/runs/${results.runId('main-run')}\\), 0 hours old; the suite does not run`,
      ),
    );
    expect(r.outputs['reused-run-id']).toBe(String(results.runId('main-run')));
    expect(r.summary).toContain('The suite did not run: benchgate reused the baseline of base commit `2222222` from [workflow run');
    const files = unzip(results.artifacts('pr-1').get('benchgate-demo-baseline')?.bytes as Buffer);
    expect([...files.keys()].sort()).toEqual(['command.log', 'original/tool_call.json', 'summary.json']);
    const meta = (JSON.parse(files.get('summary.json')?.toString() ?? '{}') as { metadata: Record<string, unknown> }).metadata;
    expect(meta).toMatchObject({ 'github.sha': BASE, 'reuse.commit': BASE, 'reuse.run_id': results.runId('main-run'), 'reuse.age_hours': 0 });
    // The workflow's own runs of the base commit on the default branch, as publish lists them.
    expect(
      gh.calls.some(
        (c) =>
          c.path.startsWith('/repos/octo-org/benchgate/actions/workflows/benchgate.yml/runs') && c.query['head_sha'] === BASE && c.query['branch'] === 'main',
      ),
    ).toBe(true);

    expect(
      (
        await job(results, root, 'candidate', 'pr-1').run({
          mode: 'run',
          suite: 'demo',
          role: 'candidate',
          command: suiteCommand('codemode'),
          fingerprint: 'model: demo-model',
        })
      ).exitCode,
    ).toBe(0);
    const gate = await job(results, root, 'gate', 'pr-1').run({ mode: 'compare', suite: 'demo', 'fail-on-hold': 'false' });
    expect(gate.outputs).toMatchObject({ verdict: 'hold', regressions: '1', 'reward-delta': '0.20000000000000007' });

    // With a token on the pull request, the comment carries the trend of main's baseline and this PR.
    gh.addPull({ number: 42, headSha: '1'.repeat(40), baseSha: BASE });
    const published = await job(results, root, 'gate-pr', 'pr-1').run(
      { mode: 'compare', suite: 'demo', 'fail-on-hold': 'false', 'github-token': TOKEN, 'report-dir': 'reports' },
      gh.env(),
    );
    expect(published.exitCode, published.log).toBe(0);
    const comment = gh.comments(42).at(-1)?.body ?? '';
    expect(comment).toContain('<details><summary>Trend: the baseline over the last 1 run on <code>main</code>, and this PR</summary>');
    expect(comment).toContain('```mermaid\nxychart-beta\n  title "Completion rate (%)"\n  x-axis ["2222222", "PR"]');
    expect(comment).toContain('| `2222222` |');
    // With comment: off there is nothing to put a trend in: no history is read.
    const lookups = () =>
      gh.calls.filter((c) => /^\/repos\/octo-org\/benchgate\/actions\/(runs|workflows)/.test(c.path) && !c.path.includes('/artifacts')).length;
    const before = lookups();
    const quiet = await job(results, root, 'gate-off', 'pr-1').run(
      { mode: 'compare', suite: 'demo', 'fail-on-hold': 'false', 'github-token': TOKEN, comment: 'off', 'report-dir': 'reports' },
      gh.env(),
    );
    expect(quiet.exitCode, quiet.log).toBe(0);
    expect(lookups()).toBe(before);
  });

  return {
    get results() {
      return results;
    },
    get gh() {
      return gh;
    },
    measureOnMain,
    prBaseline,
  };
}
