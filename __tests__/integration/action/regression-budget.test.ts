// The regression budget through the action program (runAction, mode compare on a pull request, in
// process): the gate reads the reference's stored run from the history branch through its REST
// client (a hand-written fake recording the calls), writes the budget under the report in the job
// summary and the report file, and holds with the finding regression-budget when the candidate
// would overspend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { HISTORY_SCHEMA, type HistoryEntry, serializeHistory } from '../../../src/history/history-file.js';
import { leaderboardEntry } from '../../../src/history/leaderboard.js';
import { historyEntry } from '../../helpers/history-entry.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';

const REF = 'c0'.repeat(20);
/** The commit of the configuration that set the reference (what its commit list answers). */
const SETTER = 'd1'.repeat(20);
const BASE = '2'.repeat(40);
const DEMO = new URL('../../fixtures/demo/', import.meta.url).pathname;
const CONFIG = `allow_findings: [guardrail-rise]\nfail_on_completion_regression: false\nmin_completion_delta: -1\nmin_reward_delta: -1\nmax_steps_increase: 100\nregression_budget:\n  reference: "${REF}"\n  completion_rate: 0.03\n`;
const candidateCompletion = leaderboardEntry('', loadSummary(join(DEMO, 'candidate.json'), { format: 'auto' }), {}).completion_rate;

const entry = (completion: number): HistoryEntry => historyEntry(REF, completion, { run_id: 7, cases: 10, model: null });

/** The few REST calls the budget makes, answered from memory; any other call is a TypeError the test would see. */
function fakeClient(calls: string[], referenceCompletion: number): GitHubClient {
  const file = (text: string) => ({
    data: { type: 'file', sha: 'blob', size: text.length, content: Buffer.from(text).toString('base64'), encoding: 'base64' },
  });
  return {
    rest: {
      repos: {
        getContent: async (p: { path: string; ref: string }) => {
          calls.push(`getContent ${p.path}@${p.ref}`);
          if (p.path === 'demo.json') return file(serializeHistory({ schema: HISTORY_SCHEMA, suite: 'demo', entries: [entry(referenceCompletion)] }));
          return file(CONFIG);
        },
        listCommits: async (p: { path: string; sha: string }) => {
          calls.push(`listCommits ${p.path}@${p.sha}`);
          return { data: [{ sha: SETTER, author: { login: 'release-bot' }, commit: { author: { name: 'Release Bot', date: '2026-10-02T09:00:00Z' } } }] };
        },
      },
    },
  } as unknown as GitHubClient;
}

/** The gate on a pull request (base commit 2222222): its configuration is read from the base commit through the API. */
async function gate(referenceCompletion: number) {
  const workspace = demoWorkspace();
  const calls: string[] = [];
  const inputs = {
    mode: 'compare',
    suite: 'demo',
    baseline: 'baseline.json',
    candidate: 'candidate.json',
    'github-token': 'ghs_budget',
    'history-branch': 'benchgate-history',
    'check-name': 'off',
    comment: 'off',
    trend: '0',
    'fail-on-hold': 'false',
    'report-dir': 'report',
  };
  const r = await runInProcess('', workspace, inputs, {}, {}, fakeClient(calls, referenceCompletion));
  const budget = JSON.parse(readFileSync(join(workspace, 'report', 'benchgate-budget.json'), 'utf8')) as {
    reference: string;
    lines: { metric: string; used: number | null; allowed: number | null; over: boolean }[];
  };
  return { ...r, calls, budget, report: readFileSync(join(workspace, 'report', 'benchgate-report.md'), 'utf8') };
}

describe('the regression budget in the gate', () => {
  it("within the budget: the section shows what is used and left, and who set the reference; the verdict is the gate's", async () => {
    const r = await gate(candidateCompletion + 0.01);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['verdict']).toBe('promote');
    expect(r.summary).toContain(`### Regression budget since \`${REF}\``);
    expect(r.summary).toContain(`since ${REF}: −1.0 of −3.0 points`);
    expect(r.summary).toContain('reference set in `d1d1d1d` by `@release-bot` on 2026-10-02');
    expect(r.report).toContain(`since ${REF}: −1.0 of −3.0 points`);
    // Machine-readable beside the reports: the same figures.
    expect(r.budget.reference).toBe(REF);
    const completion = r.budget.lines.find((l) => l.metric === 'completion_rate');
    expect(completion?.used).toBeCloseTo(0.01, 12);
    expect(completion?.allowed).toBeCloseTo(0.03, 12);
    expect(completion?.over).toBe(false);
    expect(r.calls).toEqual([
      `getContent .github/benchgate.yml@${BASE}`, // the trusted configuration: the PR's base commit's
      'getContent demo.json@refs/heads/benchgate-history',
      `listCommits .github/benchgate.yml@${BASE}`,
      `getContent .github/benchgate.yml@${SETTER}`,
    ]);
  });

  it('overspent: the gate holds with the finding regression-budget, and says by how much', async () => {
    const r = await gate(candidateCompletion + 0.05);
    expect(r.outputs['verdict']).toBe('hold');
    expect(r.summary).toContain('`regression-budget`');
    expect(r.summary).toContain(`Since ${REF} the candidate would overspend the regression budget: Completion would use −5.0 of −3.0 points.`);
    expect(r.summary).toContain('| ❌ Completion |');
    expect(r.budget.lines.find((l) => l.metric === 'completion_rate')?.over).toBe(true);
  });
});
