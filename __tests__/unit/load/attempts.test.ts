/**
 * A file that repeats each task (tau-bench's trials) is that many trials of its side under
 * `decide: significant`: the per-case success rates, pass@k and pass^k and the paired tests over
 * trials apply as to several files. Real tau-bench rows (fixtures/real/agent-bench/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ADAPTERS, loadSummary } from '../../../src/adapters/registry.js';
import { attemptTrials } from '../../../src/load/attempts.js';
import { loadedRows } from '../../../src/schema/loaded.js';
import { NO_FIELDS, packSummary, unpackSummary } from '../../../src/schema/pack.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const DIR = relative(process.cwd(), join(FIXTURES, 'real', 'agent-bench'));
const TAU_01 = join(DIR, 'tau-bench-gpt-4o-airline-trials-0-1.json');
const TAU_23_12 = join(DIR, 'tau-bench-gpt-4o-airline-trials-2-3-task-12-fails.json');
const TB1 = join(DIR, 'terminal-bench-goose-claude-4-sonnet-run1.json');

describe('attempts as trials', () => {
  it('splits a tau-bench file of 10 tasks × 2 trials into 2 runs of 10 cases, each attempt as written', () => {
    const runs = attemptTrials(asLoaded(TAU_01, loadSummary(TAU_01), NO_FIELDS));
    expect(runs).not.toBeNull();
    expect(runs!.map((r) => r.path)).toEqual([`${TAU_01}#attempt-1`, `${TAU_01}#attempt-2`]);
    const rows = JSON.parse(JSON.stringify(loadSummary(TAU_01).cases)) as { id: string; extra: { attempts: { reward: number; trial: number }[] } }[];
    for (const [t, run] of runs!.entries()) {
      // Each attempt is a loaded run: its rows packed (what packing keeps: no extra).
      const cases = unpackSummary(run.rows).cases;
      expect(cases).toHaveLength(10);
      for (const c of cases) {
        const attempt = rows.find((r) => r.id === c.id)!.extra.attempts[t]!;
        expect(c.reward).toBe(attempt.reward);
        expect(c.completed).toBe(Math.abs(attempt.reward - 1) <= 1e-6);
        expect(c.usage).toBeNull();
      }
      expect(run.summary.reported.completed_cases).toBe(cases.filter((c) => c.completed).length);
    }
  });

  it('leaves a run of one attempt per task, and other formats, as they are', () => {
    expect(attemptTrials(asLoaded(TB1, loadSummary(TB1), NO_FIELDS))).toBeNull();
  });

  it('says mergesAttempts in exactly the entries of the formats whose reader merges attempts (casesOfAttempts)', () => {
    const formats = join(import.meta.dirname, '..', '..', '..', 'src', 'adapters', 'formats');
    const merging = readdirSync(formats)
      .filter((f) => readFileSync(join(formats, f), 'utf8').includes('casesOfAttempts('))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(merging.length).toBeGreaterThan(0);
    expect(
      ADAPTERS.filter((a) => a.facts?.mergesAttempts)
        .map((a) => a.name)
        .sort(),
    ).toEqual(merging);
  });

  it('leaves a run loaded packed (a large pair) as loaded: it kept no attempts, and its cases are not read', () => {
    expect(attemptTrials(loadedRows(TAU_01, packSummary(loadSummary(TAU_01))))).toBeNull();
  });

  it('compares the trials under significant: 2 per side, task 12 lost in both candidate trials', async () => {
    const r = await runCli('compare', '--decide', 'significant', '--baseline', TAU_01, '--candidate', TAU_23_12, '--format', 'json');
    const report = JSON.parse(r.stdout) as {
      significance: {
        trials: { baseline: number; candidate: number };
        declines: { case_id: string; baseline: { trials: number; successes: number }; candidate: { trials: number; successes: number } }[];
      };
    };
    expect(report.significance.trials).toEqual({ baseline: 2, candidate: 2 });
    const twelve = report.significance.declines.find((d) => d.case_id === '12');
    expect(twelve).toMatchObject({ baseline: { trials: 2, successes: 2 }, candidate: { trials: 2, successes: 0 } });
    // Point compares the merged cases (pass^k), one run per side.
    const point = await runCli('compare', '--baseline', TAU_01, '--candidate', TAU_23_12, '--format', 'json');
    expect(point.code).toBe(1);
    expect(JSON.parse(point.stdout).significance).toBeUndefined();
  });
});
