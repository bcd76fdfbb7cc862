// The leaderboard on a dozen summaries, through the CLI, in every export format (goldens), with
// ranking directions, filters, group statistics checked by hand, unknown values and hostile names.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { LEADERBOARD_HELP } from '../../../src/cli/help.js';
import { statsOf } from '../../../src/history/leaderboard.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';
import { expectGolden } from '../../helpers/golden.js';
import { cases, rlmSummary } from '../../helpers/rlm-builder.js';

let dir: string;
const STRATEGIES = ['tool_call', 'codemode', 'react'] as const;

/** Run k: strategy k % 3, model k % 2, completes all but (k % 4) of 8 cases, started on day k + 1. */
function write(k: number, edit: (data: Record<string, unknown>) => void = () => undefined, name = `run-${String(k).padStart(2, '0')}.json`): void {
  const data = rlmSummary({
    id: `bench_${String(k).padStart(2, '0')}`,
    strategy: STRATEGIES[k % 3],
    model: k % 2 ? 'gpt-4o-mini' : 'gpt-4o',
    preset: k < 10 ? 'suite' : 'other',
    cases: cases(8, (i) => ({ completed: i >= k % 4, steps: 2 + (k % 5) })),
  });
  Object.assign(data, { started_at: `2026-11-${String(k + 1).padStart(2, '0')}T10:00:00Z`, duration_seconds: 60 + k * 7 });
  edit(data);
  writeFileSync(join(dir, name), JSON.stringify(data));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchgate-leaderboard-'));
  for (let k = 0; k < 10; k++) write(k);
  // Run 10 has no usage at all: its tokens and efficiency are unknown, never 0.
  write(10, (d) => {
    for (const row of d['case_results'] as Record<string, unknown>[]) delete row['usage'];
    delete d['usage_totals'];
  });
  // Run 11 shares run 03's id (another file): both are listed, told apart. Its strategy is hostile.
  mkdirSync(join(dir, 'again'));
  write(3, (d) => Object.assign(d, { harness_strategy: '=HYPERLINK("x")|`<script>`\nnext' }), join('again', 'run-03.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lb = (...args: string[]) => runCli('leaderboard', join(dir, '*.json'), join(dir, 'again', '*.json'), ...args);
const relative = (text: string): string => text.split(dir).join('<dir>');

describe('benchgate leaderboard', () => {
  it('ranks a dozen runs in every export format (goldens)', async () => {
    // Priced for gpt-4o only: gpt-4o-mini's cost is unknown, never $0.
    writeFileSync(join(dir, 'pricing.yml'), 'pricing:\n  gpt-4o: {prompt: 2.5, completion: 10}\n');
    for (const [format, ext] of [
      ['table', 'txt'],
      ['markdown', 'md'],
      ['csv', 'csv'],
      ['json', 'json'],
    ] as const) {
      const r = await lb('--format', format, '--group-by', 'strategy', '--config', join(dir, 'pricing.yml'));
      expect(r.code, r.stderr).toBe(0);
      expectGolden(`leaderboard.${ext}`, relative(r.stdout));
    }
    const readme = readDocs();
    expect(/<!-- leaderboard-start -->\n([\s\S]*?)<!-- leaderboard-end -->/.exec(readme)?.[1], 'README shows the markdown golden').toBe(
      readFileSync(new URL('../../golden/leaderboard.md', import.meta.url), 'utf8'),
    );
  });

  it('ranks in the better direction of each metric, unknown values last', async () => {
    const json = async (...args: string[]) =>
      JSON.parse((await lb('--format', 'json', ...args)).stdout) as {
        entries: { label: string; reward: number; steps: number; tokens: number | null; efficiency: number | null }[];
      };
    const byReward = await json();
    expect(byReward.entries.map((e) => e.reward)).toEqual([...byReward.entries.map((e) => e.reward)].sort((a, b) => b - a));
    const bySteps = await json('--by', 'steps');
    expect(bySteps.entries.map((e) => e.steps)).toEqual([...bySteps.entries.map((e) => e.steps)].sort((a, b) => a - b));
    const byTokens = await json('--by', 'tokens');
    expect(byTokens.entries.at(-1)).toMatchObject({ label: 'bench_10', tokens: null, efficiency: null });
    // Ids shared by two files never collide.
    const labels = byReward.entries.map((e) => e.label);
    expect(new Set(labels).size).toBe(12);
    expect(labels).toEqual(expect.arrayContaining([`bench_03 (${join(dir, 'run-03.json')})`, `bench_03 (${join(dir, 'again', 'run-03.json')})`]));
  });

  it('filters by preset, strategy, model, date and size, and says what it left out', async () => {
    const r = await lb('--format', 'json', '--preset', 'suite', '--strategy', 'codemode', '--since', '2026-11-03', '--until', '2026-11-09');
    const out = JSON.parse(r.stdout) as { entries: { id: string }[]; excluded: { filter: string; count: number }[] };
    expect(out.entries.map((e) => e.id).sort()).toEqual(['bench_04', 'bench_07']);
    // bench_10 is of preset other; of the other 11, codemode ran 01, 04 and 07; 01 started on the 2nd.
    expect(out.excluded).toEqual([
      { filter: 'preset suite', count: 1 },
      { filter: 'strategy codemode', count: 8 },
      { filter: 'before 2026-11-03 (or no start time)', count: 1 },
    ]);
    const none = await lb('--model', 'claude');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('benchgate: error: no run is left to rank: 12 left out (model claude)\n');
    expect((await lb('--min-cases', 'x')).stderr).toContain('Invalid value "x" for --min-cases: expected a whole number of at least 1');
    expect((await lb('--by', 'speed')).stderr).toContain(
      'Invalid value "speed" for --by: expected one of reward, completion_rate, steps, tokens, cost, duration, efficiency',
    );
  });

  it('group statistics: mean, median, sample standard deviation and range, checked by hand', async () => {
    const s = statsOf('g', [0.5, 1, 0.75, null]);
    expect(s).toEqual({ group: 'g', count: 4, known: 3, mean: 0.75, median: 0.75, sd: 0.25, min: 0.5, max: 1 });
    const out = JSON.parse((await lb('--format', 'json', '--group-by', 'model', '--by', 'completion_rate')).stdout) as {
      stats: { group: string; count: number; mean: number }[];
    };
    // gpt-4o: runs 0, 2, 4, 6, 8, 10 → completion 8, 6, 8, 6, 8, 6 of 8; gpt-4o-mini: 1, 3, 3 (again), 5, 7, 9 → 7, 5, 5, 7, 5, 7.
    expect(out.stats.map((x) => [x.group, x.count, x.mean])).toEqual([
      ['gpt-4o', 6, 0.875],
      ['gpt-4o-mini', 6, 0.75],
    ]);
  });

  it("ranks the history: baseline artifacts downloaded from earlier runs (benchgate's own summaries)", async () => {
    const hist = mkdtempSync(join(tmpdir(), 'benchgate-history-'));
    try {
      for (const k of [1, 2, 3]) {
        mkdirSync(join(hist, `benchgate-demo-baseline-${k}`));
        const summary = loadSummary(join(dir, `run-0${k}.json`));
        summary.metadata = { 'github.sha': String(k).repeat(40), 'benchgate.suite': 'demo' };
        writeFileSync(join(hist, `benchgate-demo-baseline-${k}`, 'summary.json'), JSON.stringify(summary));
      }
      const r = await runCli('leaderboard', join(hist, '**', 'summary.json'), '--format', 'json', '--by', 'steps');
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { entries: { id: string; steps: number }[] };
      expect(out.entries.map((e) => [e.id, e.steps])).toEqual([
        ['bench_01', 3],
        ['bench_02', 4],
        ['bench_03', 5],
      ]);
    } finally {
      rmSync(hist, { recursive: true, force: true });
    }
  });

  it('escapes hostile names in markdown and neutralizes formulas in CSV; writes --output; has help', async () => {
    const md = (await lb('--format', 'markdown')).stdout;
    expect(md).toContain('``=HYPERLINK("x")\\|`<script>` next``');
    expect(md).not.toContain('<script>`\n');
    const csv = (await lb('--format', 'csv')).stdout;
    expect(csv).toContain(`"'=HYPERLINK(""x"")|\`<script>\`\nnext"`);
    const out = join(dir, 'board.md');
    const w = await lb('--format', 'markdown', '--output', out);
    expect(w.stdout).toBe(`benchgate: markdown leaderboard written to ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(md);
    expect((await runCli('leaderboard', '--help')).stdout).toBe(LEADERBOARD_HELP);
  });
});
