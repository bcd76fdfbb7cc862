// The regression budget through the action program (runAction, mode compare, in process): the gate
// reads the reference's stored run from the history branch through its REST client (a hand-written
// fake recording the calls), writes the budget under the report in the job summary and the report
// file, and holds with the finding regression-budget when the candidate would overspend.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArtifactClient } from '@actions/artifact';
import { describe, expect, it } from 'vitest';
import type { ActionIo } from '../../../src/action/io.js';
import { runAction } from '../../../src/action/main.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { HISTORY_SCHEMA, serializeHistory, type HistoryEntry } from '../../../src/history/history-file.js';
import { leaderboardEntry } from '../../../src/history/leaderboard.js';

const REF = 'c0'.repeat(20);
const HEAD = 'd1'.repeat(20);
const DEMO = new URL('../../fixtures/demo/', import.meta.url).pathname;
const candidateCompletion = leaderboardEntry('', loadSummary(join(DEMO, 'candidate.json'), { format: 'auto' }), {}).completion_rate;

function entry(completion: number): HistoryEntry {
  return {
    commit: REF,
    branch: 'main',
    run_id: 7,
    run_attempt: 1,
    run_url: null,
    recorded_at: '2026-10-01T00:00:00Z',
    id: 'demo',
    preset: null,
    mode: null,
    strategy: null,
    model: null,
    started_at: null,
    cases: 10,
    reward: 0,
    completion_rate: completion,
    steps: 0,
    tokens: null,
    cost: null,
    duration: null,
    efficiency: null,
    fingerprint: {},
  };
}

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
          return file(`regression_budget:\n  reference: "${REF}"\n  completion_rate: 0.03\n`);
        },
        listCommits: async (p: { path: string; sha: string }) => {
          calls.push(`listCommits ${p.path}@${p.sha}`);
          return { data: [{ sha: HEAD, author: { login: 'release-bot' }, commit: { author: { name: 'Release Bot', date: '2026-10-02T09:00:00Z' } } }] };
        },
      },
    },
  } as unknown as GitHubClient;
}

async function gate(referenceCompletion: number) {
  const workspace = mkdtempSync(join(tmpdir(), 'benchgate-budget-'));
  mkdirSync(join(workspace, 'runner-temp'));
  mkdirSync(join(workspace, '.github'));
  for (const f of ['baseline.json', 'candidate.json']) copyFileSync(join(DEMO, f), join(workspace, f));
  writeFileSync(
    join(workspace, '.github', 'benchgate.yml'),
    `allow_findings: [guardrail-rise]\nfail_on_completion_regression: false\nmin_completion_delta: -1\nmin_reward_delta: -1\nmax_steps_increase: 100\nregression_budget:\n  reference: "${REF}"\n  completion_rate: 0.03\n`,
  );
  const calls: string[] = [];
  let summary = '';
  const outputs: Record<string, string> = {};
  const lines: string[] = [];
  const inputs: Record<string, string> = {
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
  const io: ActionIo = {
    getInput: (name) => inputs[name] ?? '',
    env: {
      GITHUB_REPOSITORY: 'octo-org/benchgate',
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_SHA: HEAD,
      GITHUB_RUN_ID: '5',
      GITHUB_REF: 'refs/heads/main',
    },
    tempDir: join(workspace, 'runner-temp'),
    workspace,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    startGroup: () => {},
    endGroup: () => {},
    write: () => {},
    setOutput: (name, value) => void (outputs[name] = String(value)),
    appendSummary: async (markdown) => void (summary += markdown),
    artifacts: {
      deleteArtifact: () => Promise.reject(Object.assign(new Error('not found'), { name: 'ArtifactNotFoundError' })),
      uploadArtifact: () => Promise.resolve({ id: 1, size: 10 }),
    } as unknown as ArtifactClient,
    github: () => fakeClient(calls, referenceCompletion),
    workerScript: null,
    killGraceMs: 1000,
  };
  const exitCode = await runAction(io);
  return { exitCode, summary, outputs, calls, log: lines.join('\n'), report: readFileSync(join(workspace, 'report', 'benchgate-report.md'), 'utf8') };
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
    expect(r.calls).toEqual([
      'getContent demo.json@refs/heads/benchgate-history',
      `listCommits .github/benchgate.yml@${HEAD}`,
      `getContent .github/benchgate.yml@${HEAD}`,
    ]);
  });

  it('overspent: the gate holds with the finding regression-budget, and says by how much', async () => {
    const r = await gate(candidateCompletion + 0.05);
    expect(r.outputs['verdict']).toBe('hold');
    expect(r.summary).toContain('`regression-budget`');
    expect(r.summary).toContain(`Since ${REF} the candidate would overspend the regression budget: Completion would use −5.0 of −3.0 points.`);
    expect(r.summary).toContain('| ❌ Completion |');
  });
});
