// The history on a branch (`history-branch`), in process (helpers/in-process-jobs.ts): two pushes
// to main each run baseline, candidate and gate jobs; the gate adds its baseline run to
// demo.json on the branch benchgate-history (created as an orphan by the first) through the GitHub
// double's contents and git database endpoints; then a pull request's comment draws the trend from
// that file without listing a single workflow run, and `benchgate leaderboard` ranks the file's runs.
// A read-only token only warns. Loopback only; every request and answer checked against the spec.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { parseHistory, serializeHistory } from '../../../src/history/history-file.js';
import type { GitHubApiDouble } from '../../doubles/github-api.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { runCli } from '../../helpers/cli-run.js';
import { loadManifest } from '../../helpers/composite.js';
import { readDocs } from '../../helpers/docs.js';
import { job, startWorkflowDoubles, stopWorkflowDoubles, suiteCommand } from '../../helpers/in-process-jobs.js';

const TOKEN = 'ghs_history_token';
const PUSHES = ['a1'.repeat(20), 'b2'.repeat(20)];
const BRANCH = 'benchgate-history';
let results: ResultsServiceDouble;
let gh: GitHubApiDouble;
let root: string;
let pushEvent: string;

beforeAll(async () => {
  ({ results, gh, root } = await startWorkflowDoubles(TOKEN, 'benchgate-history-'));
  pushEvent = join(root, 'push.json');
  writeFileSync(pushEvent, JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'octo-org/benchgate', default_branch: 'main' } }));
});
afterAll(() => stopWorkflowDoubles({ results, gh, root }));
afterEach(() => {
  expect(gh.invalidCalls(), "requests or answers GitHub's OpenAPI description rejects").toEqual([]);
});

/**
 * One push to main: as gate.yml runs it, the baseline job (the suite once) and the gate job of
 * workflow run `run` (GITHUB_RUN_ID `runId`); `withCandidate` adds a candidate job, as a workflow of
 * its own that runs both roles on a push would.
 */
async function push(sha: string, run: string, runId: number, gateInputs: Record<string, string> = {}, withCandidate = false) {
  const env = { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: pushEvent, GITHUB_SHA: sha, GITHUB_REF: 'refs/heads/main', GITHUB_RUN_ID: String(runId) };
  const roles: (readonly ['baseline' | 'candidate', 'tool_call' | 'codemode'])[] = [
    ['baseline', 'tool_call'],
    ...(withCandidate ? [['candidate', 'codemode'] as const] : []),
  ];
  for (const [role, strategy] of roles) {
    const r = await job(results, root, role, run).run(
      { mode: 'run', suite: 'demo', role, command: suiteCommand(strategy), fingerprint: 'model: demo-model' },
      env,
    );
    expect(r.exitCode, r.log).toBe(0);
  }
  const inputs = {
    mode: 'compare',
    suite: 'demo',
    'fail-on-hold': 'false',
    'github-token': TOKEN,
    'history-branch': BRANCH,
    'check-name': 'off',
    ...gateInputs,
  };
  return job(results, root, 'gate', run).run(inputs, { ...env, ...gh.env() });
}

const runListings = () => gh.calls.filter((c) => c.path.startsWith('/repos/octo-org/benchgate/actions/runs')).length;

describe('history-branch', () => {
  it('pushes to main record their baselines on the branch; the PR comment draws its trend from it; the leaderboard ranks it', async () => {
    const first = await push(PUSHES[0] as string, 'push-1', 1001);
    expect(first.exitCode, first.log).toBe(0);
    // The suite ran once: nothing to compare, the baseline measured and recorded.
    expect(first.log).toContain(
      'benchgate: measured the baseline of a1a1a1a once (a push run has no candidate to compare); pull requests based on this commit take it as their baseline',
    );
    expect(first.outputs['verdict']).toBe('');
    expect(first.log).toContain(`benchgate: history: recorded the baseline of a1a1a1a (workflow run 1001) in ${BRANCH}:demo.json (new): 1 runs`);
    expect(first.summary).toContain(`benchgate recorded this baseline run in the history: \`${BRANCH}:demo.json\` (1 runs).`);
    const second = await push(PUSHES[1] as string, 'push-2', 1002);
    expect(second.log).toContain(`recorded the baseline of b2b2b2b (workflow run 1002) in ${BRANCH}:demo.json: 2 runs`);
    // The job summary of a recording push lists the shifts of the branch's history (none in two runs).
    expect(second.summary).toContain('### Shifts in the history of <code>main</code>\n\nNo shift found (E-divisive means over the last 2 runs');

    const log = gh.git.log(BRANCH);
    expect(log.map((c) => c.parents.length)).toEqual([1, 0]); // an orphan branch: its first commit has no parent
    expect(gh.git.file('main', 'demo.json')).toBeNull();
    const text = gh.git.file(BRANCH, 'demo.json') ?? '';
    const history = parseHistory(text, 'demo.json');
    expect(history.entries.map((e) => [e.commit, e.branch, e.run_id, e.cases, e.fingerprint['model']])).toEqual([
      [PUSHES[0], 'main', 1001, 10, 'demo-model'],
      [PUSHES[1], 'main', 1002, 10, 'demo-model'],
    ]);
    expect(history.entries[0]?.run_url).toBe('https://github.com/octo-org/benchgate/actions/runs/1001');

    // A pull request into main: its gate reads the trend from the file, lists no workflow run, records nothing.
    gh.addPull({ number: 42, headSha: '1'.repeat(40), baseSha: '2'.repeat(40) });
    for (const [role, strategy] of [
      ['baseline', 'tool_call'],
      ['candidate', 'codemode'],
    ] as const) {
      expect(
        (await job(results, root, role, 'pr-1').run({ mode: 'run', suite: 'demo', role, command: suiteCommand(strategy), fingerprint: 'model: demo-model' }))
          .exitCode,
      ).toBe(0);
    }
    const listed = runListings();
    const pr = await job(results, root, 'gate', 'pr-1').run(
      { mode: 'compare', suite: 'demo', 'fail-on-hold': 'false', 'github-token': TOKEN, 'history-branch': BRANCH, 'check-name': 'off' },
      gh.env(),
    );
    expect(pr.exitCode, pr.log).toBe(0);
    expect(runListings()).toBe(listed);
    expect(pr.log).toContain(
      'benchgate: history: not recorded: this run is a pull_request on refs/pull/42/merge; only a push, schedule or workflow_dispatch run on the default branch (main) writes the history branch',
    );
    const comment = gh.comments(42).at(-1)?.body ?? '';
    expect(comment).toContain('<details><summary>Trend: the baseline over the last 2 runs on <code>main</code>, and this PR</summary>');
    expect(comment).toContain('x-axis ["a1a1a1a", "b2b2b2b", "PR"]');
    expect(gh.git.log(BRANCH)).toHaveLength(2);

    // The file, fetched from the branch, is a leaderboard of its runs; a copy's runs are told apart by file and run.
    const file = join(root, 'history.json');
    const copy = join(root, 'copy.json');
    writeFileSync(file, text);
    writeFileSync(copy, text);
    const ids = history.entries.map((e) => e.id);
    const labels = async (...files: string[]) => {
      const board = await runCli('leaderboard', ...files, '--format', 'json');
      expect(board.code, board.stderr).toBe(0);
      return (JSON.parse(board.stdout) as { entries: { label: string }[] }).entries.map((e) => e.label).sort();
    };
    expect(await labels(file)).toEqual([...ids].sort());
    expect(await labels(file, copy)).toEqual(
      [`${ids[0]} (${copy}#run-1001)`, `${ids[0]} (${file}#run-1001)`, `${ids[1]} (${copy}#run-1002)`, `${ids[1]} (${file}#run-1002)`].sort(),
    );
  });

  it("a push that merged a pull request records that pull request's verdict, read from its check run, for the gate's record", async () => {
    const head = '1'.repeat(40); // the pull_request fixture's head (PR 42)
    const merge = 'e5'.repeat(20);
    gh.addPull({ number: 42, headSha: head, baseSha: '2'.repeat(40) });
    for (const [role, strategy] of [
      ['baseline', 'tool_call'],
      ['candidate', 'codemode'],
    ] as const) {
      const r = await job(results, root, role, 'pr-record').run({ mode: 'run', suite: 'demo', role, command: suiteCommand(strategy) });
      expect(r.exitCode, r.log).toBe(0);
    }
    const gate = await job(results, root, 'gate', 'pr-record').run(
      { mode: 'compare', suite: 'demo', 'fail-on-hold': 'false', 'github-token': TOKEN, comment: 'off' },
      gh.env(),
    );
    expect(gate.outputs['verdict'], gate.log).toBe('hold');
    // Merged as `merge`; the push of that commit records its baseline, then the PR's verdict.
    gh.addPull({ number: 42, headSha: head, baseSha: '2'.repeat(40), mergeSha: merge });
    const pushed = await push(merge, 'push-record', 1005, { 'check-name': '' });
    expect(pushed.exitCode, pushed.log).toBe(0);
    expect(pushed.log).toContain(`benchgate: history: recorded the verdict of #42 (hold, a blocking check) in ${BRANCH}:demo.json for the gate's record`);
    const verdicts = parseHistory(gh.git.file(BRANCH, 'demo.json') ?? '', 'x').verdicts ?? [];
    expect(verdicts.at(-1)).toMatchObject({
      pr: 42,
      head_sha: head,
      merge_sha: merge,
      base_sha: '2'.repeat(40),
      verdict: 'hold',
      check: 'blocking',
      conclusion: 'failure',
    });
    // A push that merged nothing records no verdict, and says so.
    const plain = await push('f6'.repeat(20), 'push-plain', 1006, { 'check-name': '' });
    expect(plain.log).toContain("benchgate: history: no verdict recorded for the gate's record: commit f6f6f6f merged no pull request");
  });

  it("the job summary of a recording push shows the gate's record: the history's merged verdicts judged against main's runs, read from their baseline artifacts", async () => {
    const branch = 'benchgate-record'; // a history of its own: the record's counts depend on every run in it
    const at = (n: number) => `${'0'.repeat(38)}${String(n).padStart(2, '0')}`;
    const sha = { a0: at(10), a1: at(11), b0: at(20), b1: at(21), c0: at(30), c1: at(31), d: at(40) };
    const pushed: Record<string, string> = {};
    // Main's runs: two before PR 6's merge (b0), two between it and PR 7's (c0), and from c0 on.
    for (const name of ['a0', 'a1', 'b0', 'b1', 'c0', 'c1'] as const) {
      const run = `record-${name}`;
      const r = await push(sha[name], run, results.runId(run), { 'history-branch': branch });
      expect(r.exitCode, r.log).toBe(0);
      pushed[name] = r.summary;
    }
    // No merged verdict yet: one line says so.
    expect(pushed['c1']).toContain(
      "The gate's record: no merged pull request's verdict is in `benchgate-record:demo.json` yet (a push that merges a pull request records its verdict).",
    );
    expect(pushed['c1']).not.toContain("### The gate's record");
    // The verdicts as pushes that merged these PRs would have recorded them: PR 6 promoted (merged as
    // b0, based on a1), PR 7 held (merged as c0, based on b1), PR 5 inconclusive with no merge commit.
    const history = parseHistory(gh.git.file(branch, 'demo.json') ?? '', 'demo.json');
    const verdict = (pr: number, v: 'promote' | 'hold' | 'inconclusive', merge: string | null, base: string, day: number) => ({
      pr,
      head_sha: at(60 + pr),
      merge_sha: merge,
      base_sha: base,
      verdict: v,
      decide: 'significant' as const,
      check: 'blocking' as const,
      conclusion: v === 'hold' ? ('failure' as const) : ('success' as const),
      at: `2026-01-0${day}T00:00:00.000Z`,
    });
    history.verdicts = [verdict(5, 'inconclusive', null, sha.a0, 1), verdict(6, 'promote', sha.b0, sha.a1, 2), verdict(7, 'hold', sha.c0, sha.b1, 3)];
    gh.git.seedFile(branch, 'demo.json', serializeHistory(history));

    const zips = () => gh.calls.filter((c) => /\/actions\/artifacts\/\d+\/zip$/.test(c.path)).length;
    const zipsBefore = zips();
    const last = await push(sha.d, 'record-d', results.runId('record-d'), { 'history-branch': branch });
    expect(last.exitCode, last.log).toBe(0);
    // Main's runs did not change (the same suite, the same strategy): PR 6's promote was right, PR 7's
    // hold a false hold; PR 5 the gate left inconclusive, undecided.
    const summary = last.summary;
    expect(summary).toContain("### The gate's record: the last 3 merged PRs");
    expect(summary).toContain('| Right | 1 |  |');
    expect(summary).toContain(
      '| False holds (held, main showed no drop) | 1 | of holds: 1 of 1 (100.0%, 95% interval 2.5%–100.0%); of decided PRs: 1 of 2 (50.0%, 95% interval 1.3%–98.7%) |',
    );
    expect(summary).toContain('| Misses (promoted, main showed a drop) | 0 | of promotes: 0 of 1 (0.0%, 95% interval 0.0%–97.5%) |');
    expect(summary).toContain('| Undecided (not counted right or wrong) | 1 |  |');
    expect(summary).toContain('The numbers do not yet support making the check required: only 2 PRs decided so far');
    // Each PR's row: the runs judged each side (before: a0 a1 / b0 b1; after: b0 b1 / c0 c1 d).
    expect(summary).toContain('| #6 | `0000000` | 2026-01-02 | promote | blocking | 2 / 2 | promote | ✅ right |');
    expect(summary).toContain('| #7 | `0000000` | 2026-01-03 | hold | blocking | 2 / 3 | promote | ❌ false hold |');
    // The five earlier runs the record judges were read from their baseline artifacts (this run's is in hand).
    expect(zips() - zipsBefore).toBe(6);
    expect(last.log).not.toContain("the gate's record leaves out");
  });

  it('a token that cannot write warns and the verdict stands; the default branch itself is never written', async () => {
    const recorded = () => parseHistory(gh.git.file(BRANCH, 'demo.json') ?? '', 'x').entries.length;
    const before = recorded();
    gh.readOnly = true;
    try {
      const r = await push('c3'.repeat(20), 'push-3', 1003, {}, true);
      expect(r.exitCode, r.log).toBe(0);
      expect(r.outputs['verdict']).toBe('hold');
      expect(r.log).toMatch(
        /::warning::benchgate: history: could not record the baseline in benchgate-history:demo\.json \(HTTP 403: Resource not accessible by integration\): the gate job needs permissions: contents: write/,
      );
    } finally {
      gh.readOnly = false;
    }
    const onMain = await push('d4'.repeat(20), 'push-4', 1004, { 'history-branch': 'main' });
    expect(onMain.log).toContain(
      'history: not recorded: history-branch is the default branch main; give the history a branch of its own, such as benchgate-history',
    );
    expect(gh.git.file('main', 'demo.json')).toBeNull();
    expect(recorded()).toBe(before);
  });

  it('the documented push workflow (examples/workflows/benchgate-main.yml) alone may write, and passes the history branch to the gate', () => {
    const file = readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'workflows', 'benchgate-main.yml'), 'utf8');
    expect(/<!-- history-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- history-workflow-end -->/.exec(readDocs())?.[1]).toBe(file);
    const workflow = parseYaml(file) as {
      on: Record<string, unknown>;
      permissions: Record<string, string>;
      jobs: { benchgate: { uses: string; with: Record<string, string> } };
    };
    expect(Object.keys(workflow.on)).toEqual(['push']);
    expect(workflow.permissions).toEqual({ actions: 'read', contents: 'write' });
    expect(workflow.jobs.benchgate.uses).toBe('benchgate/benchgate/.github/workflows/gate.yml@v1');
    expect(workflow.jobs.benchgate.with['history-branch']).toBe(BRANCH);
    // gate.yml hands it to the compare step, an input action.yml declares.
    const gate = parseYaml(readFileSync(join(import.meta.dirname, '..', '..', '..', '.github', 'workflows', 'gate.yml'), 'utf8')) as {
      jobs: { gate: { permissions?: unknown; steps: { with?: Record<string, string> }[] } };
    };
    expect(gate.jobs.gate.permissions, 'the gate job takes what the caller grants').toBeUndefined();
    const compare = gate.jobs.gate.steps.find((st) => st.with?.['mode'] === 'compare')?.with ?? {};
    expect(compare['history-branch']).toBe('${{ inputs.history-branch }}');
    expect(Object.keys(loadManifest().inputs)).toContain('history-branch');
  });
});
