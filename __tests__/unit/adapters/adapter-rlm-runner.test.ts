import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const dir = join(FIXTURES, 'adapters-rlm-runner');
const base = join(dir, 'baseline', 'summary.json');
const cand = join(dir, 'candidate', 'summary.json');

describe('RLM benchmark runner', () => {
  it("reads summary.json: tasks from a benchmark's results file, else the benchmark as one case (golden)", () => {
    const s = loadSummary(base);
    expect(s.format).toBe('rlm-runner');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward])).toEqual([
      ['oolong/oolong-0', true, 1],
      ['oolong/oolong-1', true, 1],
      ['oolong/oolong-2', true, 1],
      ['oolong/oolong-3', true, 1],
      ['oolong/oolong-4', false, 0],
      ['ruler', true, 0.6],
      ['deep_research', true, 0.4],
    ]);
    expect(s.cases[0]).toMatchObject({ duration_seconds: 80, labels: { task_family: 'oolong' } });
    expect(s.metadata).toEqual({ model: 'gpt-4o', max_depth: 3, max_tasks: 5, 'rlm_runner.cases': 'tasks', answered_cases: 7 });
    expectCanonical('rlm-runner-baseline', s);
  });

  it('compares two runs end to end: a benchmark that raised (its cases missing) and a task that stopped passing hold', async () => {
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      cases: { case_id: string; completion_regression: boolean; candidate_error: string | null }[];
      findings: { code: string; side: string; case_ids: string[]; blocking: boolean }[];
    };
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['oolong/oolong-3']);
    // deep_research raised before its tasks ran (`{"error": …}`): planned, not attempted, and missing from the candidate.
    expect(report.findings.filter((f) => f.blocking).map((f) => [f.code, f.side, f.case_ids])).toEqual([
      ['incomplete-run', 'candidate', []],
      ['missing-cases', 'candidate', ['deep_research']],
    ]);
    expect(report.findings.map((f) => f.code)).not.toContain('aggregate-mismatch');
  });

  it('a results file that contradicts the summary, and a non-numeric accuracy, are caught', async () => {
    const d = tempFiles({});
    copyFileSync(base, join(d, 'summary.json'));
    writeFileSync(
      join(d, 'oolong_results.json'),
      JSON.stringify([
        { task_id: 'a', correct: true },
        { task_id: 'b', correct: false },
      ]),
    );
    const r = await runCli('compare', '--baseline', join(d, 'summary.json'), '--candidate', join(d, 'summary.json'), '--format', 'json');
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toEqual(expect.arrayContaining(['aggregate-mismatch', 'incomplete-run']));
    const bad = tempFiles({
      'summary.json': JSON.stringify({
        model: 'm',
        benchmarks: { ruler: { name: 'RULER', metrics: { overall_accuracy: 'high', total_tasks: 5, correct_tasks: 2 } } },
      }),
    });
    expect(() => loadSummary(join(bad, 'summary.json'))).toThrow(
      `${join(bad, 'summary.json')}: $.benchmarks.ruler: "metrics.overall_accuracy": expected a number from 0 to 1, a fraction in a string ("0.85") or a percentage ("75.00%"), got the string "high"`,
    );
    writeFileSync(join(bad, 'summary.json'), JSON.stringify({ benchmarks: { oolong: { metrics: { overall_accuracy: '0.5' } } } }));
    writeFileSync(join(bad, 'oolong_results.json'), JSON.stringify({ results: [{ task_id: 'a' }] }));
    expect(() => loadSummary(join(bad, 'summary.json'))).toThrow(
      `${join(bad, 'oolong_results.json')}: $.results[0]: no correctness flag (is_correct, correct, passed, success), score or error`,
    );
  });
});
