// The gate's regression budget against a hand-written REST fake that records its calls: the tag
// resolved to its commit, the reference's runs read from the history branch, who set the reference
// found in the configuration's commits, and every way the budget cannot be judged (it holds, saying why).
import { describe, expect, it } from 'vitest';

import { type BudgetContext, findReferenceMove, gateBudget } from '../../../src/action/decide/regression-budget.js';
import type { ActionIo } from '../../../src/action/io.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { budgetHolds } from '../../../src/history/budget.js';
import { HISTORY_SCHEMA, type HistoryEntry, serializeHistory } from '../../../src/history/history-file.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { historyEntry } from '../../helpers/history-entry.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const REF = 'c0'.repeat(20);
const sha = (n: number): string => String(n).repeat(40).slice(0, 40);
const b64 = (text: string): string => Buffer.from(text).toString('base64');

const entry = (commit: string, completion: number, run: number): HistoryEntry => historyEntry(commit, completion, { run_id: run });

/** The configuration file's versions, newest first: [commit, reference named, author]. */
type Version = [string, string | null, string];

function fake(options: { tags?: Readonly<Record<string, string>>; entries?: readonly HistoryEntry[] | null; versions?: readonly Version[] }) {
  const calls: string[] = [];
  const notFound = () => Object.assign(new Error('Not Found'), { status: 404 });
  const configText = (reference: string | null) =>
    reference === null ? 'decide: point\n' : `regression_budget:\n  reference: ${reference}\n  completion_rate: 0.03\n`;
  const client = {
    rest: {
      repos: {
        async getCommit(p: { ref: string }) {
          calls.push(`getCommit ${p.ref}`);
          const found = options.tags?.[p.ref];
          if (found === undefined) throw Object.assign(new Error('No commit found for SHA: ' + p.ref), { status: 422 });
          return { data: { sha: found } };
        },
        async getContent(p: { path: string; ref: string }) {
          calls.push(`getContent ${p.path}@${p.ref}`);
          if (p.path === 'demo.json') {
            if (options.entries === null || options.entries === undefined) throw notFound();
            const text = serializeHistory({ schema: HISTORY_SCHEMA, suite: 'demo', entries: [...options.entries] });
            return { data: { type: 'file', sha: 'blob', size: text.length, content: b64(text), encoding: 'base64' } };
          }
          const v = options.versions?.find(([c]) => c === p.ref);
          if (v === undefined) throw notFound();
          const text = configText(v[1]);
          return { data: { type: 'file', sha: 'blob', size: text.length, content: b64(text), encoding: 'base64' } };
        },
        async listCommits(p: { path: string; sha: string; per_page: number }) {
          calls.push(`listCommits ${p.path}@${p.sha}`);
          const from = (options.versions ?? []).findIndex(([c]) => c === p.sha);
          const list = (options.versions ?? []).slice(Math.max(0, from), Math.max(0, from) + p.per_page);
          return { data: list.map(([c, , who]) => ({ sha: c, author: { login: who }, commit: { author: { name: who, date: '2026-09-30T12:00:00Z' } } })) };
        },
      },
      git: {
        async getRef() {
          calls.push('getRef');
          throw notFound();
        },
      },
    },
  };
  return { client: client as unknown as GitHubClient, calls };
}

const io = { info: () => undefined } as unknown as ActionIo;
const config = parseConfig('benchgate.yml', 'regression_budget:\n  reference: v1.4\n  completion_rate: 0.03\n');
const candidate = (done: number) => [loaded({ model: 'gpt-4o', cases: cases(100, (i) => ({ completed: i < done })) })];

function ctx(octokit: GitHubClient | null, over: Partial<BudgetContext> = {}): BudgetContext {
  return {
    octokit,
    owner: 'octo',
    repo: 'demo',
    historyBranch: 'benchgate-history',
    suite: 'demo',
    configPath: '.github/benchgate.yml',
    configAt: sha(9),
    pricing: {},
    ...over,
  };
}

describe('gateBudget', () => {
  it("resolves the tag, averages the reference's runs on the branch and says who set the reference", async () => {
    const versions: Version[] = [
      [sha(9), 'v1.4', 'carol'], // a later edit of the file that keeps the reference
      [sha(8), 'v1.4', 'bob'], // set it
      [sha(7), 'v1.3', 'alice'],
    ];
    const f = fake({ tags: { 'v1.4': REF }, entries: [entry(sha(1), 0.9, 1), entry(REF, 0.8, 2), entry(REF, 0.82, 3), entry(sha(2), 0.7, 4)], versions });
    const state = await gateBudget(io, config, ctx(f.client), candidate(79));
    expect(state?.commit).toBe(REF);
    expect(state?.runs).toBe(2);
    expect(state?.lines[0]?.reference).toBeCloseTo(0.81, 12);
    expect(state?.lines[0]?.used).toBeCloseTo(0.02, 12);
    expect(state?.moved).toEqual({ commit: sha(8), author: '@bob', date: '2026-09-30T12:00:00Z' });
    expect(budgetHolds(state!)).toBe(false);
    expect(f.calls).toEqual([
      'getCommit v1.4',
      'getContent demo.json@refs/heads/benchgate-history',
      `listCommits .github/benchgate.yml@${sha(9)}`,
      `getContent .github/benchgate.yml@${sha(9)}`,
      `getContent .github/benchgate.yml@${sha(8)}`,
      `getContent .github/benchgate.yml@${sha(7)}`,
    ]);
    expect(budgetHolds((await gateBudget(io, config, ctx(f.client), candidate(77)))!)).toBe(true); // 4 of 3 points
  });

  it('a SHA reference needs no look-up; who set it is unknown past 8 versions of the file', async () => {
    const versions: Version[] = Array.from({ length: 9 }, (_, i) => [sha(9 - i).replace(/^./, 'e'), REF, 'dave']);
    const f = fake({ entries: [entry(REF, 0.8, 1)], versions });
    const state = await gateBudget(
      io,
      parseConfig('c.yml', `regression_budget:\n  reference: "${REF}"\n  completion_rate: 0.03\n`),
      ctx(f.client, { configAt: versions[0]?.[0] as string }),
      candidate(80),
    );
    expect(f.calls.some((c) => c.startsWith('getCommit'))).toBe(false);
    expect(state?.moved).toBeNull();
    expect(state?.problem).toBeNull();
  });

  it.each([
    ['no history-branch', { historyBranch: '' }, {}, 'the reference runs are read from the history branch, and history-branch is not set'],
    ['no token', { octokit: null }, {}, 'no github-token to read the history branch with'],
    ['an unknown tag', {}, { tags: {} }, 'the reference v1.4 is not a commit or tag of this repository (HTTP 422: No commit found for SHA: v1.4)'],
    [
      'no runs of the reference',
      {},
      { tags: { 'v1.4': REF }, entries: [entry(sha(1), 0.8, 1)] },
      `the reference v1.4 (${REF.slice(0, 7)}) has no runs in the history`,
    ],
    ['no history file yet', {}, { tags: { 'v1.4': REF }, entries: null }, `the reference v1.4 (${REF.slice(0, 7)}) has no runs in the history`],
  ] as const)('holds, saying why, with %s', async (_, over, seed, problem) => {
    const f = fake(seed);
    const c = ctx('octokit' in over ? null : f.client, 'historyBranch' in over ? { historyBranch: '' } : {});
    const state = await gateBudget(io, config, c, candidate(80));
    expect(state?.problem).toBe(problem);
    expect(budgetHolds(state!)).toBe(true);
  });

  it('is null without a regression_budget, and reads nothing', async () => {
    const f = fake({});
    expect(await gateBudget(io, parseConfig('c.yml', 'decide: point'), ctx(f.client), candidate(80))).toBeNull();
    expect(f.calls).toEqual([]);
  });
});

describe('findReferenceMove', () => {
  it("is the file's first commit when every version names the reference, and unknown without a commit to start from", async () => {
    const f = fake({
      versions: [
        [sha(5), 'v2', 'erin'],
        [sha(4), 'v2', 'frank'],
      ],
    });
    expect((await findReferenceMove(f.client, ctx(f.client, { configAt: sha(5) }), 'v2'))?.author).toBe('@frank');
    expect(await findReferenceMove(f.client, ctx(f.client, { configAt: null }), 'v2')).toBeNull();
  });
});
