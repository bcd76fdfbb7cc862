// The history file (history/history-file.ts) and its branch (github/history-branch.ts): entries from
// stamped summaries, strict reading with errors that name the place, limits, unknown keys kept, and
// writing through the REAL Octokit against the GitHub double: an orphan branch created once, updates
// that name the blob SHA, and racing writers that all end up in the file. Loopback only.
import * as github from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { withMetadata } from '../../../src/action/suite/metadata.js';
import { readHistoryBranch, recordHistory, recordVerdict } from '../../../src/github/history-branch.js';
import {
  addEntry,
  branchRuns,
  HISTORY_MAX_ENTRIES,
  type HistoryEntry,
  historyEntry,
  type HistoryFile,
  looksLikeHistory,
  parseHistory,
  serializeHistory,
} from '../../../src/history/history-file.js';
import { leaderboardEntry } from '../../../src/history/leaderboard.js';
import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const SHA = (n: number): string => n.toString(16).padStart(40, 'a');
const CTX = {
  branch: 'main',
  runUrl: 'https://github.com/o/r/actions/runs/7',
  recordedAt: '2026-11-22T10:00:00Z',
  fingerprintKeys: ['model', 'scoring_version'],
};

function entry(run: number, commit = SHA(run), branch = 'main', completed = 6): HistoryEntry {
  const s = loaded({ id: `bench_${run}`, strategy: 'codemode', model: 'gpt-4o', cases: cases(8, (i) => ({ completed: i < completed })) }).summary;
  const stamped = withMetadata(s, { 'github.sha': commit, 'github.run_id': run, 'github.run_attempt': 1, model: 'gpt-4o', scoring_version: 2 }).summary;
  return historyEntry(stamped, {}, { ...CTX, branch });
}

describe('history file', () => {
  it('an entry carries where the run was made and the figures the leaderboard computes', () => {
    const s = withMetadata(loaded({ id: 'b', cases: cases(4, (i) => ({ completed: i !== 0, steps: 3 })) }).summary, {
      'github.sha': SHA(1),
      'github.run_id': 7,
      model: 'm',
    }).summary;
    const e = historyEntry(s, {}, CTX);
    const { file, ...figures } = leaderboardEntry('', s, {});
    void file;
    expect(e).toMatchObject({
      commit: SHA(1),
      branch: 'main',
      run_id: 7,
      run_attempt: null,
      run_url: CTX.runUrl,
      fingerprint: { model: 'm', scoring_version: null },
      ...figures,
    });
    expect(e.completion_rate).toBe(0.75);
    const unstamped = loaded({ id: 'plain', cases: cases(2) }).summary;
    expect(() => historyEntry(unstamped, {}, CTX)).toThrow('summary plain: metadata "github.sha": expected the commit the run measured');
    expect(() => historyEntry(withMetadata(unstamped, { 'github.sha': SHA(2) }).summary, {}, CTX)).toThrow('metadata "github.run_id"');
  });

  it('reads strictly: not JSON, another file, a bad entry (named by its place)', () => {
    expect(() => parseHistory('{', 'h:demo.json')).toThrow(/^h:demo\.json: not JSON/);
    expect(() => parseHistory('{"cases": []}', 'h:demo.json')).toThrow(
      'h:demo.json: not a benchgate history file: expected "schema": "benchgate-history/1" at the top',
    );
    const bad = JSON.parse(serializeHistory(addEntry(null, 'demo', entry(1)).history)) as { entries: Record<string, unknown>[] };
    (bad.entries[0] as Record<string, unknown>)['completion_rate'] = 'high';
    (bad.entries[0] as Record<string, unknown>)['commit'] = 'main';
    expect(() => parseHistory(JSON.stringify(bad), 'h:demo.json')).toThrow(
      /h:demo\.json: 2 problems:\n {2}- \$\.entries\[0\]\.commit: expected a full commit SHA, got the string "main"\n {2}- \$\.entries\[0\]\.completion_rate: expected a finite number, got the string "high"/,
    );
  });

  it('writes one entry per line, round-trips, keeps keys it does not know, and replaces a re-run', () => {
    let h: HistoryFile | null = null;
    for (const run of [1, 2, 3]) h = addEntry(h, 'demo', entry(run)).history;
    const text = serializeHistory(h as HistoryFile);
    expect(text.split('\n').filter((l) => l.startsWith('    {"commit"'))).toHaveLength(3);
    const future = JSON.parse(text) as Record<string, unknown> & { entries: Record<string, unknown>[] };
    future['retention'] = { days: 90 };
    const reordered = { retention: future['retention'], ...future };
    (future.entries[0] as Record<string, unknown>)['judge'] = 'gpt-5';
    const again = addEntry(parseHistory(JSON.stringify(reordered), 'x'), 'demo', entry(2, SHA(2), 'main', 8)).history;
    expect(looksLikeHistory(serializeHistory(again))).toBe(true);
    expect(looksLikeHistory(JSON.stringify(reordered))).toBe(false);
    expect(again.entries.map((e) => e.run_id)).toEqual([1, 3, 2]);
    expect(again.entries[2]?.completion_rate).toBe(1);
    const reread = parseHistory(serializeHistory(again), 'x') as HistoryFile & { retention?: unknown };
    expect(reread.retention).toEqual({ days: 90 });
    expect((reread.entries[0] as Record<string, unknown>)['judge']).toBe('gpt-5');
    expect(() => addEntry(again, 'other', entry(4))).toThrow('the history file is of suite "demo", not "other"');
  });

  it('drops the oldest entries past the limits, and says how many', () => {
    const one = entry(1);
    const full: HistoryFile = {
      schema: 'benchgate-history/1',
      suite: 'demo',
      entries: Array.from({ length: HISTORY_MAX_ENTRIES }, (_, i) => ({ ...one, run_id: i + 1 })),
    };
    const { history, dropped } = addEntry(full, 'demo', { ...one, run_id: 5000 });
    expect(dropped).toBeGreaterThanOrEqual(1);
    expect(history.entries.at(-1)?.run_id).toBe(5000);
    expect(history.entries[0]?.run_id).toBe(dropped + 1);
    expect(Buffer.byteLength(serializeHistory(history))).toBeLessThanOrEqual(900_000);
  });

  it('the trend takes the newest run per commit of the branch, the last N, oldest first', () => {
    let h: HistoryFile | null = null;
    for (const [run, commit, branch] of [
      [1, 1, 'main'],
      [2, 2, 'main'],
      [3, 3, 'release'],
      [4, 2, 'main'],
      [5, 5, 'main'],
    ] as const)
      h = addEntry(h, 'demo', entry(run, SHA(commit), branch)).history;
    expect(branchRuns(h as HistoryFile, 'main', 10).map((e) => e.run_id)).toEqual([1, 4, 5]);
    expect(branchRuns(h as HistoryFile, 'main', 2).map((e) => e.run_id)).toEqual([4, 5]);
    expect(branchRuns(h as HistoryFile, 'release', 10).map((e) => e.run_id)).toEqual([3]);
    expect(branchRuns(h as HistoryFile, 'main', 0)).toEqual([]);
  });
});

describe('history branch', () => {
  let api: GitHubApiDouble;
  beforeEach(async () => {
    api = await startGitHubApi();
  });
  afterEach(async () => {
    expect(api.invalidCalls()).toEqual([]);
    await api.close();
  });
  // As production builds it, minus the throttling queues (a 1 s gap between writes) and with 409 not retried, as octokit.ts says.
  const client = () =>
    github.getOctokit(
      'ghs_test_token',
      { baseUrl: api.url, throttle: { enabled: false }, retry: { doNotRetry: [400, 401, 403, 404, 409, 410, 422, 451] } },
      retry,
      throttling,
    );
  const at = { owner: 'octo-org', repo: 'benchgate', branch: 'benchgate-history', path: 'demo.json' };
  const fast = { pauseMs: 5 };

  it('creates the branch as an orphan holding only the file, then adds to it commit by commit', async () => {
    const octokit = client();
    expect(await readHistoryBranch(octokit, at)).toEqual({ history: null, branch: false });
    const first = await recordHistory(octokit, at, 'demo', entry(1), fast);
    const { history: written, ...counts } = first;
    expect(counts).toEqual({ attempts: 1, dropped: 0, entries: 1, created: true });
    expect(written.entries.map((e) => e.run_id)).toEqual([1]); // the file as written, for the shifts
    expect(api.git.log('benchgate-history')).toEqual([
      { sha: expect.any(String), parents: [], message: `benchgate: record demo at ${SHA(1).slice(0, 7)} (workflow run 1)` },
    ]);
    await recordHistory(octokit, at, 'demo', entry(2), fast);
    const log = api.git.log('benchgate-history');
    expect(log).toHaveLength(2);
    expect(log[0]?.parents).toEqual([log[1]?.sha]);
    const read = await readHistoryBranch(octokit, at);
    expect(read.history?.entries.map((e) => e.run_id)).toEqual([1, 2]);
    expect(parseHistory(api.git.file('benchgate-history', 'demo.json') ?? '', 'x').entries).toHaveLength(2);
    expect(api.git.file('main', 'demo.json')).toBeNull();
  });

  it("records a merged PR's verdict beside the runs, one per PR, without losing a run written at the same time", async () => {
    const octokit = client();
    const verdict = (pr: number, v: 'hold' | 'promote') => ({
      pr,
      head_sha: SHA(0x100 + pr),
      merge_sha: SHA(0x200 + pr),
      base_sha: SHA(1),
      verdict: v,
      decide: 'significant' as const,
      check: 'advisory' as const,
      conclusion: 'neutral' as const,
      at: '2026-11-22T10:00:00Z',
    });
    const [first] = await Promise.all([recordVerdict(octokit, at, 'demo', verdict(7, 'hold'), fast), recordHistory(octokit, at, 'demo', entry(1), fast)]);
    expect(first.verdicts).toBe(1);
    await recordVerdict(octokit, at, 'demo', verdict(7, 'promote'), fast);
    const read = await readHistoryBranch(octokit, at);
    expect(read.history?.entries.map((e) => e.run_id)).toEqual([1]);
    expect(read.history?.verdicts?.map((v) => [v.pr, v.verdict])).toEqual([[7, 'promote']]);
    expect(api.git.log('benchgate-history')[0]?.message).toBe('benchgate: record the verdict of #7 on demo (promote)');
  });

  it('racing writers: each one that finds the file changed reads again, and every entry lands', async () => {
    const octokit = client();
    const results = await Promise.all([1, 2, 3].map((run) => recordHistory(octokit, at, 'demo', entry(run), fast)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(Math.max(...results.map((r) => r.attempts))).toBeGreaterThan(1);
    const runs = (await readHistoryBranch(octokit, at)).history?.entries.map((e) => e.run_id).sort();
    expect(runs).toEqual([1, 2, 3]);
    expect(api.calls.some((c) => c.status === 409 || c.status === 422)).toBe(true);
  });

  it("gives up after its attempts with GitHub's answer, and names a file that is not a history file", async () => {
    const octokit = client();
    api.git.seedFile('benchgate-history', 'demo.json', serializeHistory(addEntry(null, 'demo', entry(1)).history));
    api.failNext(
      { method: 'PUT' },
      { status: 409, body: { message: 'demo.json does not match 0000', documentation_url: 'https://docs.github.com/rest', status: '409' } },
      3,
    );
    await expect(recordHistory(octokit, at, 'demo', entry(2), { attempts: 3, pauseMs: 1 })).rejects.toMatchObject({ status: 409 });
    api.git.seedFile('benchgate-history', 'demo.json', '<html>');
    await expect(readHistoryBranch(octokit, at)).rejects.toThrow('benchgate-history:demo.json: not JSON');
  });

  it('reads a file over 1 MB (sent without content) through its blob', async () => {
    const big = JSON.parse(serializeHistory(addEntry(null, 'demo', entry(1)).history)) as Record<string, unknown>;
    big['notes'] = 'x'.repeat(1_100_000);
    api.git.seedFile('benchgate-history', 'demo.json', JSON.stringify(big));
    const read = await readHistoryBranch(client(), at);
    expect(read.history?.entries[0]?.run_id).toBe(1);
    expect(api.calls.some((c) => c.path.includes('/git/blobs/'))).toBe(true);
  });
});
