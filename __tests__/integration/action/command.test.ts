// mode command (issue 46): `/benchgate accept`, `revoke`, `rerun` and `explain` in a pull request
// comment, in process against the GitHub REST double (every request checked against GitHub's
// OpenAPI description) and the artifact service double. Each test opens its own pull request (its own
// number and head commit, its own gate run), so none depends on another; main's push run of the
// base commit, the trusted baseline, is shared.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { HISTORY_SCHEMA, serializeHistory } from '../../../src/history/history-file.js';
import type { GitHubApiDouble } from '../../doubles/github-api.js';
import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { startWorkflowDoubles, stopWorkflowDoubles, suiteCommand } from '../../helpers/action-jobs.js';
import { historyEntry } from '../../helpers/history-entry.js';
import { job } from '../../helpers/in-process-jobs.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';

const TOKEN = 'ghs_test_token';
const BASE = '2222222222222222222222222222222222222222';
const WORKFLOW = '.github/workflows/benchgate.yml';
const HISTORY = 'benchgate-history';
const CHECK = 'benchgate (demo)';
const MARKER = '<!-- benchgate:v1 gate=demo -->';
const REPO = { full_name: 'octo-org/benchgate', default_branch: 'main' };
// The demo's codemode loses cases to the guardrail: allowed here, so that only its regressions hold.
const GATE = { 'allow-findings': 'guardrail-rise' };

let results: ResultsServiceDouble;
let gh: GitHubApiDouble;
let root: string;
let n = 0;

beforeAll(async () => {
  ({ results, gh, root } = await startWorkflowDoubles(TOKEN, 'benchgate-command-'));
  gh.setRole('maintainer', 'maintain');
  gh.setRole('admin-user', 'admin');
  gh.setRole('reader', 'read');
  gh.setRole('triager', 'triage');
  // main's push run of the base commit: the baseline every pull request here is judged against.
  const run = 'main-run';
  const event = join(root, 'push.json');
  writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: BASE, repository: REPO }));
  const r = await job(results, root, 'baseline', run).run(
    { mode: 'run', suite: 'demo', role: 'baseline', command: suiteCommand('tool_call') },
    { GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_SHA: BASE, GITHUB_REF: 'refs/heads/main', GITHUB_RUN_ID: String(results.runId(run)) },
  );
  expect(r.exitCode, r.log).toBe(0);
  gh.addWorkflowRun({ id: results.runId(run), headSha: BASE, event: 'push' });
});
afterAll(() => stopWorkflowDoubles({ results, gh, root }));
afterEach(() => {
  expect(gh.invalidCalls(), "requests that GitHub's OpenAPI description rejects").toEqual([]);
});

const sha = (k: number, c: string) => `${c}${String(k).padStart(39, '0')}`;

/** The gate run of pull request `pull` at `head` (a fork's: contributor/benchgate), judged once by mode publish as the check shows it. */
async function gateRun(pull: number, head: string, candidate = suiteCommand('codemode'), gate: Record<string, string> = GATE): Promise<number> {
  const run = `pr-run-${++n}`;
  const event = join(root, `pr-${n}.json`);
  const repo = (full_name: string) => ({ full_name });
  writeFileSync(
    event,
    JSON.stringify({
      number: pull,
      pull_request: {
        number: pull,
        head: { sha: head, ref: 'codemode', repo: repo('contributor/benchgate') },
        base: { sha: BASE, ref: 'main', repo: repo(REPO.full_name) },
      },
      repository: REPO,
    }),
  );
  for (const [role, command] of [
    ['baseline', suiteCommand('tool_call')],
    ['candidate', candidate],
  ] as const) {
    const r = await job(results, root, role, run).run(
      { mode: 'run', suite: 'demo', role, command },
      { GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: String(results.runId(run)) },
    );
    expect(r.exitCode, r.log).toBe(0);
  }
  const id = results.runId(run);
  gh.addWorkflowRun({ id, headSha: head, event: 'pull_request', headBranch: 'codemode', headRepo: 'contributor/benchgate', path: WORKFLOW });
  const published = join(root, `workflow_run-${n}.json`);
  writeFileSync(
    published,
    JSON.stringify({
      action: 'completed',
      workflow_run: {
        id,
        event: 'pull_request',
        conclusion: 'success',
        head_sha: head,
        head_branch: 'codemode',
        head_repository: { full_name: 'contributor/benchgate', owner: { login: 'contributor' } },
        pull_requests: [],
        html_url: `https://github.com/octo-org/benchgate/actions/runs/${id}`,
        path: WORKFLOW,
      },
      repository: REPO,
    }),
  );
  const p = await job(results, root, 'publish', `publisher-${n}`).run(
    { mode: 'publish', suite: 'demo', 'github-token': TOKEN, 'history-branch': HISTORY, comment: 'always', ...gate },
    { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: published },
  );
  expect(p.outputs['verdict'], p.log).toBeDefined();
  return id;
}

/** A pull request of its own, from a fork (author `contributor`), with its gate run published: held. */
async function heldPull(): Promise<{ pull: number; head: string; runId: number }> {
  const pull = 100 + ++n;
  const head = sha(pull, 'a');
  gh.addPull({ number: pull, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE, user: 'contributor' });
  const runId = await gateRun(pull, head);
  expect(check(head)?.conclusion).toBe('failure');
  return { pull, head, runId };
}

let commentId = 900_000;
/** The issue_comment event of a comment by `login` on `pull` (created now unless `at` says when). */
function commentEvent(
  pull: number,
  body: string,
  login: string,
  o: { action?: 'created' | 'edited' | 'deleted'; id?: number; at?: string } = {},
): { file: string; id: number } {
  const id = o.id ?? ++commentId;
  const file = join(root, `comment-${id}-${++n}.json`);
  const at = o.at ?? new Date().toISOString();
  writeFileSync(
    file,
    JSON.stringify({
      action: o.action ?? 'created',
      issue: { number: pull, pull_request: { url: `https://api.github.com/repos/octo-org/benchgate/pulls/${pull}` }, user: { login: 'contributor' } },
      comment: { id, body, user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' }, created_at: at, updated_at: at },
      repository: REPO,
    }),
  );
  return { file, id };
}

const command = (event: string, inputs: Record<string, string> = {}) =>
  job(results, root, 'command', `command-${++n}`).run(
    { mode: 'command', suite: 'demo', 'github-token': TOKEN, 'history-branch': HISTORY, ...GATE, ...inputs },
    { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event },
  );

const check = (head: string) =>
  gh
    .checkRuns()
    .filter((c) => c.head_sha === head && c.name === CHECK)
    .at(-1);
const replies = (pull: number) => gh.comments(pull).filter((c) => c.body.startsWith('<!-- benchgate:reply -->'));
const ledger = () => gh.git.file(HISTORY, 'demo.acceptances.json');
const ledgerOf = (pull: number) => JSON.parse(ledger() ?? '{"pulls":{}}').pulls[String(pull)] ?? [];

describe('/benchgate accept', () => {
  it('by a maintainer turns the held check green at once, with the acceptance shown, replied and recorded', async () => {
    const { pull, head } = await heldPull();
    const r = await command(commentEvent(pull, '/benchgate accept all because the tool_call → codemode trade-off is wanted for 14 days', 'maintainer').file);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('promote');
    const c = check(head);
    expect(c?.conclusion).toBe('success');
    expect(c?.output?.title).toBe('Promote (1 regression accepted by @maintainer: the tool_call → codemode trade-off is wanted)');
    // The reason line counts the gate that failed as measured: never "all gates passed".
    expect(c?.output?.summary).toMatch(
      /\*\*Promoted with 1 regression accepted by `@maintainer`: .*\*\* \*\*3 of 4 gates passed; the regressions that failed the rest are accepted/,
    );
    expect(c?.output?.summary).not.toMatch(/All \d gates passed/);
    expect(c?.output?.summary).toMatch(/\| `@maintainer` \(maintain\) \| `the tool_call → codemode trade-off is wanted` \| \d{4}-\d{2}-\d{2} \|/);
    expect(replies(pull).at(-1)?.body).toMatch(/✅ Accepted by `@maintainer` \(maintain\) until \d{4}-\d{2}-\d{2}/);
    const events = ledgerOf(pull);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'accept',
      record: { by: 'maintainer', permission: 'maintain', head_sha: head, reason: 'the tool_call → codemode trade-off is wanted', targets: { all: true } },
    });
    expect(events[0].record.regressions.length).toBeGreaterThan(0);
    expect(Date.parse(events[0].record.expires_at) - Date.parse(events[0].record.at)).toBe(14 * 86_400_000);
    // The sticky comment is decided again too.
    expect(
      gh
        .comments(pull)
        .filter((x) => x.body.includes(MARKER))
        .at(-1)?.body,
    ).toMatch(/accepted/i);
  });

  it("by a read-only user, a triager, the fork's author or a bot changes nothing: no check run, no record, a reply saying why", async () => {
    // The fork's author has no role on the repository; neither has the bot.
    for (const login of ['reader', 'triager', 'contributor', 'renovate[bot]']) {
      const { pull, head } = await heldPull();
      const checks = gh.checkRuns().length;
      const before = ledger();
      const r = await command(commentEvent(pull, '/benchgate accept all because I said so', login).file);
      expect(r.exitCode, r.log).toBe(0);
      expect(gh.checkRuns().length, login).toBe(checks);
      expect(check(head)?.conclusion, login).toBe('failure');
      expect(ledger(), login).toBe(before);
      expect(replies(pull).at(-1)?.body, login).toMatch(/was not carried out/);
    }
  });

  it('in a comment that carries a forged benchgate marker is ignored: no reply, no record, no check', async () => {
    const { pull, head } = await heldPull();
    const checks = gh.checkRuns().length;
    const before = ledger();
    const r = await command(commentEvent(pull, `${MARKER}\n/benchgate accept all because forged`, 'maintainer').file);
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.checkRuns().length).toBe(checks);
    expect(check(head)?.conclusion).toBe('failure');
    expect(ledger()).toBe(before);
    expect(replies(pull)).toEqual([]);
  });

  it('covers only the regressions it named: after a push with a new regression the check holds again', async () => {
    const { pull } = await heldPull();
    const accepted = await command(commentEvent(pull, '/benchgate accept all because wanted', 'admin-user').file);
    expect(accepted.outputs['verdict']).toBe('promote');
    // A push: a new head whose candidate also loses answers to a flaky model (more regressions).
    const head = sha(pull, 'b');
    gh.addPull({ number: pull, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE, user: 'contributor' });
    await gateRun(pull, head, `${suiteCommand('codemode').replace(' --out', ' --flaky 0.5 --out')}`);
    const c = check(head);
    expect(c?.conclusion).toBe('failure');
    expect(c?.output?.summary).toMatch(/Still holding, not accepted/);
  });

  it('that has expired holds again, and says so', async () => {
    const { pull, head } = await heldPull();
    // Given 10 days ago, for 2 days.
    const at = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const r = await command(commentEvent(pull, '/benchgate accept all because wanted for 2 days', 'maintainer', { at }).file);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('hold');
    expect(check(head)?.conclusion).toBe('failure');
    expect(check(head)?.output?.summary).toMatch(/expired/i);
  });

  it('is undone by /benchgate revoke, and withdrawn when its comment is deleted', async () => {
    const { pull, head } = await heldPull();
    const first = commentEvent(pull, '/benchgate accept all because wanted', 'maintainer');
    expect((await command(first.file)).outputs['verdict']).toBe('promote');
    const revoked = await command(commentEvent(pull, '/benchgate revoke', 'maintainer').file);
    expect(revoked.exitCode, revoked.log).toBe(0);
    expect(revoked.outputs['verdict']).toBe('hold');
    expect(check(head)?.conclusion).toBe('failure');
    expect(replies(pull).at(-1)?.body).toMatch(/↩️ Revoked by `@maintainer`: 1 acceptance revoked or narrowed\./);

    const again = commentEvent(pull, '/benchgate accept all because wanted after all', 'maintainer');
    expect((await command(again.file)).outputs['verdict']).toBe('promote');
    const deleted = await command(commentEvent(pull, '', 'maintainer', { action: 'deleted', id: again.id }).file);
    expect(deleted.exitCode, deleted.log).toBe(0);
    expect(deleted.outputs['verdict']).toBe('hold');
    expect(ledgerOf(pull).map((e: { kind: string }) => e.kind)).toEqual(['accept', 'revoke', 'accept', 'withdrawn']);
  });
});

describe('the other commands', () => {
  it('/benchgate rerun by a maintainer re-runs an undecided gate run through the Actions API; by a reader it does not', async () => {
    // Under significant, one trial a side of the demo's ten cases decides no gate: inconclusive.
    const significant = { ...GATE, decide: 'significant' };
    const pull = 100 + ++n;
    const head = sha(pull, 'a');
    gh.addPull({ number: pull, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE, user: 'contributor' });
    const runId = await gateRun(pull, head, suiteCommand('codemode'), significant);
    expect(check(head)?.output?.title).toMatch(/^Inconclusive/);
    const refused = await command(commentEvent(pull, '/benchgate rerun', 'reader').file, significant);
    expect(refused.exitCode, refused.log).toBe(0);
    expect(gh.reruns()).not.toContain(runId);
    expect(replies(pull).at(-1)?.body).toMatch(/was not carried out: `\/benchgate rerun` needs write permission/);
    const r = await command(commentEvent(pull, '/benchgate rerun', 'maintainer').file, significant);
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.reruns().filter((id) => id === runId)).toHaveLength(1);
    expect(replies(pull).at(-1)?.body).toContain(`🔁 The gate run ${runId} runs again (the verdict is undecided, and more trials are what decides it)`);
  });

  it('/benchgate rerun of a decided hold whose regressions are not flaky on main runs nothing, and says why and what would help', async () => {
    const { pull, runId } = await heldPull();
    const calls = gh.reruns().length;
    const r = await command(commentEvent(pull, '/benchgate rerun', 'maintainer').file);
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.reruns()).toHaveLength(calls);
    expect(gh.reruns()).not.toContain(runId);
    const body = replies(pull).at(-1)?.body ?? '';
    expect(body).toContain(`⛔ The gate run ${runId} is not run again: the check says **hold (failed gates: completion_regressions)**, a decided verdict.`);
    expect(body).toContain("It holds on regressions that are not flaky on main (`log_error_count`). No noise profile of main's runs marks these cases flaky");
    expect(body).toContain('`/benchgate accept <case ids | gate names | all> because <reason>`; otherwise push a fix.');
    // Nothing else changed: the check still holds, no acceptance recorded.
    expect(ledgerOf(pull)).toEqual([]);
  });

  it('/benchgate rerun of a hold resting only on a case flaky on main re-runs the gate run, once', async () => {
    const { pull, runId } = await heldPull();
    // The default branch's noise profile: log_error_count, the case that regressed, passed 5 of 10 runs of main.
    const c = job(results, root, 'command', `command-${++n}`);
    writeFileSync(join(c.workspace, 'profile.json'), JSON.stringify(noiseProfileOf([caseNoise('log_error_count', 10, 5)])));
    const r = await c.run(
      { mode: 'command', suite: 'demo', 'github-token': TOKEN, 'history-branch': HISTORY, ...GATE, 'noise-profile': 'profile.json' },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: commentEvent(pull, '/benchgate rerun', 'maintainer').file },
    );
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.reruns().filter((id) => id === runId)).toHaveLength(1);
    expect(replies(pull).at(-1)?.body).toContain(
      `🔁 The gate run ${runId} runs again (every regression that holds is on a case flaky on main (\`log_error_count\`), where one more draw is evidence): its suites measure once more`,
    );
    // The same hold without the profile is refused (the previous test): the profile is what makes the case flaky.
  });

  it('/benchgate rerun of a promote runs nothing: there is nothing to decide', async () => {
    const pull = 100 + ++n;
    const head = sha(pull, 'a');
    gh.addPull({ number: pull, headSha: head, headRef: 'codemode', headRepo: 'contributor/benchgate', baseSha: BASE, user: 'contributor' });
    const runId = await gateRun(pull, head, suiteCommand('tool_call'));
    expect(check(head)?.conclusion).toBe('success');
    const calls = gh.reruns().length;
    const r = await command(commentEvent(pull, '/benchgate rerun', 'admin-user').file);
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.reruns()).toHaveLength(calls);
    expect(replies(pull).at(-1)?.body).toContain(`⛔ The gate run ${runId} is not run again`);
    expect(replies(pull).at(-1)?.body).toContain('The gate promotes: there is nothing for more trials to decide.');
  });

  it('/benchgate explain <case> by a reader replies with that case on both sides; an unknown case is refused, named', async () => {
    const { pull } = await heldPull();
    const r = await command(commentEvent(pull, '/benchgate explain inventory_stock_value', 'reader').file);
    expect(r.exitCode, r.log).toBe(0);
    const last = replies(pull).at(-1)?.body ?? '';
    expect(last).toMatch(/#### The case `inventory_stock_value`/);
    expect(last).toMatch(/- Baseline: (completed|not completed)/);
    await command(commentEvent(pull, '/benchgate explain no-such-case', 'reader').file);
    expect(replies(pull).at(-1)?.body).toMatch(/was not carried out.*no-such-case/s);
  });

  it('a comment without a command, or on an issue, is left alone without a request', async () => {
    const { pull } = await heldPull();
    const calls = gh.calls.length;
    const r = await command(commentEvent(pull, 'LGTM, thanks!', 'maintainer').file);
    expect(r.exitCode, r.log).toBe(0);
    expect(gh.calls.length).toBe(calls);
    expect(r.log).toContain('holds no /benchgate command');
  });
});

describe('/benchgate accept and the regression budget', () => {
  // The reference: a release whose stored run completed 95% of the cases; the candidate completes 90%.
  const REF = 'c0'.repeat(20);
  /** A command job whose checked-out configuration sets a budget of `allowance` completion since REF. */
  async function budgetCommand(event: string, allowance: number) {
    gh.git.seedFile(
      HISTORY,
      'demo.json',
      serializeHistory({ schema: HISTORY_SCHEMA, suite: 'demo', entries: [historyEntry(REF, 0.95, { run_id: 7, cases: 10, model: null })] }),
    );
    const j = job(results, root, 'command', `command-${++n}`);
    mkdirSync(join(j.workspace, '.github'), { recursive: true });
    writeFileSync(join(j.workspace, '.github', 'benchgate.yml'), `regression_budget:\n  reference: "${REF}"\n  completion_rate: ${allowance}\n`);
    return j.run(
      { mode: 'command', suite: 'demo', 'github-token': TOKEN, 'history-branch': HISTORY, ...GATE },
      { GITHUB_API_URL: gh.url, GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event },
    );
  }

  it('an accepted regression is charged to the budget: the check promotes, and its budget counts the accepted regression in what is used', async () => {
    const { pull, head } = await heldPull();
    const r = await budgetCommand(commentEvent(pull, '/benchgate accept all because wanted', 'maintainer').file, 0.1);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('promote');
    const c = check(head);
    expect(c?.conclusion).toBe('success');
    const summary = c?.output?.summary ?? '';
    // The accepted loss is in the candidate's figures: 5 of the 10 points are used, and the section says how many of them were accepted.
    expect(summary).toContain(`### Regression budget since \`${REF}\``);
    expect(summary).toContain(`since ${REF}: −5.0 of −10.0 points (the candidate against the reference's 1 stored run; within budget)`);
    expect(summary).toContain('| ✅ Completion | 95.0% | 90.0% | −5.0 of −10.0 points | 5.0 points |');
    expect(summary).toContain("The candidate's use includes 1 accepted regression (by `@maintainer`): accepted, not fixed.");
  });

  it('an accepted regression never lifts a budget it overspends: the check still holds on the budget, which counts the acceptance', async () => {
    const { pull, head } = await heldPull();
    const r = await budgetCommand(commentEvent(pull, '/benchgate accept all because wanted', 'maintainer').file, 0.03);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('hold');
    const c = check(head);
    expect(c?.conclusion).toBe('failure');
    const summary = c?.output?.summary ?? '';
    expect(summary).toContain(`since ${REF}: −5.0 of −3.0 points (the candidate against the reference's 1 stored run; overspent: the gate holds)`);
    expect(summary).toContain('| ❌ Completion | 95.0% | 90.0% | −5.0 of −3.0 points | -2.0 points |');
    expect(summary).toContain("The candidate's use includes 1 accepted regression (by `@maintainer`): accepted, not fixed.");
    // The acceptance is recorded and shown; only the budget's finding holds.
    expect(ledgerOf(pull)).toHaveLength(1);
    expect(replies(pull).at(-1)?.body).toMatch(/✅ Accepted by `@maintainer`/);
  });
});
