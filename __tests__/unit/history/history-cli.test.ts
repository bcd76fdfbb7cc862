// `benchgate history`: summaries with a known shift, a history file with a budget, and a real
// github-action-benchmark data.js (awslabs/mls-rs, __tests__/fixtures/history/README.md).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseBenchmarkData } from '../../../src/history/benchmark-data.js';
import { HISTORY_SCHEMA, type HistoryEntry, serializeHistory } from '../../../src/history/history-file.js';
import { findShifts } from '../../../src/history/shifts.js';
import { runCli } from '../../helpers/cli-run.js';
import { historyEntry } from '../../helpers/history-entry.js';
import { cases, rlmSummary } from '../../helpers/rlm-builder.js';

const MLS = new URL('../../fixtures/history/mls-rs-data.js', import.meta.url).pathname;
let dir: string;

/** Completion of 100 cases per run: 80 (±3 by a fixed pattern) for runs 0–29, 70 from run 30. */
const done = (k: number): number => (k < 30 ? 80 : 70) + [0, 2, -1, 3, -2, 1, -3][k % 7]!;
const sha = (k: number): string => (k + 1).toString(16).padStart(40, '0');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchgate-history-'));
  for (let k = 0; k < 45; k++) {
    const data = rlmSummary({ id: `main_${k}`, model: 'gpt-4o', cases: cases(100, (i) => ({ completed: i < done(k) })) });
    Object.assign(data, { started_at: new Date(Date.UTC(2026, 9, 1, k)).toISOString(), metadata: { 'git.commit': sha(k) } });
    writeFileSync(join(dir, `main-${String(44 - k).padStart(2, '0')}.json`), JSON.stringify(data)); // names in reverse: start times order them
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('benchgate history on summaries', () => {
  it('prints the series in run order, marks the commit where completion drops, and exits 0', async () => {
    const missing = await runCli('history', join(dir, 'main-*.json'), '--config', join(dir, 'absent.yml'));
    expect(missing.stderr).toBe(`benchgate: error: ${join(dir, 'absent.yml')}: configuration file not found\n`);
    const ok = await runCli('history', join(dir, 'main-*.json'));
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('## benchgate history: 45 runs, 1 series');
    // rlm-code summaries record no commit: each run is named by its file.
    const rows = ok.stdout.split('\n').filter((l) => /^\| (◆ )?`main-/.test(l));
    expect(rows).toHaveLength(45);
    expect(rows[0]).toMatch(/^\| `main-44\.json` \| 2026-10-01 \| 80\.0% \|/); // run 0, though its file name sorts last
    expect(rows[30]).toMatch(/^\| ◆ `main-14\.json` \| 2026-10-02 \| 69\.0% \|/); // run 30 starts the drop
    expect(rows.filter((r) => r.includes('◆'))).toHaveLength(1);
    expect(ok.stdout).toContain('| Completion | `main-14.json` | 80.1% | 69.9% | worse | 0.005 |');
    expect(ok.stdout).not.toContain('Regression budget');
  });

  it('gives the same figures as JSON', async () => {
    const r = await runCli('history', join(dir, 'main-*.json'), '--format', 'json', '--metric', 'completion_rate');
    const out = JSON.parse(r.stdout) as { runs: number; shifts: { metric: string; index: number; commit: string; worse: boolean }[] };
    expect(out.runs).toBe(45);
    expect(out.shifts.map((s) => [s.metric, s.index, s.commit, s.worse])).toEqual([['completion_rate', 30, 'main-14.json', true]]);
  });

  it('names a metric the runs do not have, and a bad format', async () => {
    expect((await runCli('history', join(dir, 'main-*.json'), '--metric', 'completion')).stderr).toMatch(
      /--metric "completion": not in these runs; they have completion_rate, reward, steps, cost/,
    );
    expect((await runCli('history', join(dir, 'main-*.json'), '--format', 'csv')).stderr).toContain(
      'Invalid value "csv" for --format: expected one of markdown, json',
    );
    expect((await runCli('history')).stderr).toContain('benchgate history needs the runs');
  });
});

describe('benchgate history on a history file, with a budget', () => {
  const entry = (k: number, completion: number): HistoryEntry =>
    historyEntry(sha(k), completion, { run_id: k + 1, recorded_at: new Date(Date.UTC(2026, 9, 1, k)).toISOString(), id: `main_${k}`, preset: 'suite' });

  it('shows the budget since the reference commit and exits 1 when the newest run overspends it', async () => {
    const file = join(dir, 'demo.json');
    writeFileSync(file, serializeHistory({ schema: HISTORY_SCHEMA, suite: 'demo', entries: Array.from({ length: 12 }, (_, k) => entry(k, 0.8 - 0.004 * k)) }));
    const config = join(dir, 'budget.yml');
    writeFileSync(config, `regression_budget:\n  reference: "${sha(2)}"\n  completion_rate: 0.03\n`);
    const r = await runCli('history', file, '--config', config);
    expect(r.stdout).toContain('### Regression budget since `0000000000000000000000000000000000000003`');
    expect(r.stdout).toContain('since 0000000000000000000000000000000000000003: −3.6 of −3.0 points');
    expect(r.code).toBe(1);
    writeFileSync(config, `regression_budget:\n  reference: "${sha(5)}"\n  completion_rate: 0.03\n`);
    const within = await runCli('history', file, '--config', config);
    expect(within.stdout).toContain('−2.4 of −3.0 points');
    expect(within.code).toBe(0);
  });
});

describe('a real github-action-benchmark history (awslabs/mls-rs data.js)', () => {
  const data = parseBenchmarkData(readFileSync(MLS, 'utf8'), MLS);

  it('reads 100 pushes of 3 benchmarks, smaller is better (tool cargo)', () => {
    expect(data.points).toHaveLength(100);
    expect(data.metrics).toEqual({
      'group_commit/CipherSuite(1)/1': 'lower',
      'group_receive_commit/CipherSuite(1)/1': 'lower',
      'group_serialize/CipherSuite(1)/1': 'lower',
    });
  });

  it('finds the 6x slowdown of group_commit where it starts (9aee7e6, index 60), and the steps of group_receive_commit as slowdowns', () => {
    const shifts = findShifts(data.points, data.metrics);
    const commit = shifts.filter((s) => s.metric === 'group_commit/CipherSuite(1)/1');
    expect(commit.map((s) => [s.index, s.commit.slice(0, 7), s.worse])).toEqual([[60, '9aee7e6', true]]);
    const receive = shifts.filter((s) => s.metric === 'group_receive_commit/CipherSuite(1)/1').map((s) => s.index);
    expect(receive[0]).toBe(20);
    expect(receive.every((i, k) => k === 0 || i > (receive[k - 1] as number))).toBe(true);
    expect(shifts.every((s) => s.worse === true || s.metric === 'group_serialize/CipherSuite(1)/1')).toBe(true);
  });

  it('prints them through the CLI', async () => {
    const r = await runCli('history', MLS, '--metric', 'group_commit/CipherSuite(1)/1');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('| `group_commit/CipherSuite(1)/1` | `9aee7e6` | 1214125 | 7065443 | worse | 0.005 |');
    expect(r.stdout.match(/◆/g)).toHaveLength(1);
  });

  it('lists the few-percent wobbles of a machine benchmark unless --min-change leaves them out', async () => {
    const all = await runCli('history', MLS, '--format', 'json');
    const small = await runCli('history', MLS, '--format', 'json', '--min-change', '5%');
    const count = (text: string) => (JSON.parse(text) as { shifts: { metric: string }[] }).shifts.map((s) => s.metric.split('/')[0]);
    expect(count(all.stdout).filter((m) => m === 'group_serialize').length).toBeGreaterThan(0);
    expect(count(small.stdout)).toEqual(['group_commit', 'group_receive_commit']);
  });

  it('names the file and the field of a broken data.js', () => {
    expect(() => parseBenchmarkData('window.BENCHMARK_DATA = {"entries": {"B": [{"commit": {}, "tool": "go", "benches": []}]}}', 'data.js')).toThrow(
      /data\.js/,
    );
    expect(() => parseBenchmarkData('window.BENCHMARK_DATA = {', 'data.js')).toThrow(/data\.js: not github-action-benchmark's data\.js/);
  });
});
