import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const dir = join(FIXTURES, 'adapters-rle');
const base = join(dir, 'baseline');
const cand = join(dir, 'candidate');

describe('RimWorld Learning Environment runs', () => {
  it('a directory of scenario summaries is one run: score the reward, outcome the completion, ticks the steps (golden)', () => {
    const s = loadSummary(base);
    expect(s.format).toBe('rle');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.steps])).toEqual([
      ['crashlanded', true, 0.734, 60000],
      ['lost_tribe', true, 0.61, 60000],
      ['naked_brutality', false, 0.22, 31000],
    ]);
    expect(s.metadata).toMatchObject({
      scoring_version: '1.0',
      seed: 42,
      fork_commit: '5a1b9c2',
      model: 'anthropic/claude-3.5-sonnet',
      provider: 'openrouter',
      dll_hash: 'sha256:9f2c1e',
    });
    expect(s.metadata['cost_usd']).toBeCloseTo(0.99, 12);
    expect(s.metadata['dataset_hash']).toMatch(/^[0-9a-f]{64}$/);
    expectCanonical('rle-baseline', s);
    // One scenario file alone is a run of one case.
    expect(loadSummary(join(base, 'crashlanded_summary.json')).cases.map((c) => c.id)).toEqual(['crashlanded']);
  });

  it('an unknown price is never a cost of $0: the run cost is unknown', async () => {
    const s = loadSummary(cand);
    expect(s.metadata['cost_usd']).toBeUndefined();
    expect(s.metadata['pricing_source']).toBe('unknown');
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      cost: { baseline: { source: string; total: number }; candidate: { source: string; total: number | null } };
      cases: { case_id: string; completion_regression: boolean }[];
    };
    expect(report.cost.candidate).toMatchObject({ source: 'unknown', total: null });
    expect(report.cost.baseline.source).toBe('summary');
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['lost_tribe']);
  });

  it('runs with another scoring version are not comparable', async () => {
    const d = tempFiles({});
    cpSync(cand, join(d, 'candidate'), { recursive: true });
    for (const name of ['crashlanded', 'lost_tribe', 'naked_brutality']) {
      const file = join(d, 'candidate', `${name}_summary.json`);
      const data = JSON.parse(readFileSync(file, 'utf8')) as { metadata: Record<string, unknown> };
      data.metadata['scoring_version'] = '2.0';
      writeFileSync(file, JSON.stringify(data));
    }
    const r = await runCli('compare', '--baseline', base, '--candidate', join(d, 'candidate'), '--format', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toContain('not-comparable');
  });

  it('the history gives the scenario lines of its newest benchmark run', () => {
    const s = loadSummary(join(dir, 'benchmark_history.jsonl'));
    expect(s.run.description).toBe('benchmark b-2 of the history, lines 5, 6: 2026-11-22T10:00:00Z (commit unknown)');
    expect(s.id).toBe('benchmark_history @ 2026-11-22T10:00:00Z');
    expect(s.cases.map((c) => [c.id, c.reward])).toEqual([
      ['crashlanded', 0.7],
      ['lost_tribe', 0.55],
    ]);
  });

  it('names the file and the field of a broken scenario; scenarios must agree on the scoring version', () => {
    const d = tempFiles({
      'a_summary.json': JSON.stringify({ scenario: 'a', outcome: 'survived', composite_score: 'good', metadata: { scoring_version: '1.0' } }),
      'b_summary.json': JSON.stringify({ scenario: 'b', outcome: 'survived', composite_score: 0.5, metadata: { scoring_version: '1.1' } }),
    });
    expect(() => loadSummary(d)).toThrow(
      `${d}: 2 problems:\n  - a_summary.json: "composite_score": expected a number, got the string "good"\n  - the scenarios disagree on scoring_version ("1.0", "1.1"); one run has one scoring_version`,
    );
    expect(() => loadSummary(tempFiles({ 'notes.txt': 'x' }))).toThrow(
      /is a directory, expected a summary file or a run folder \(a directory is read only as an RLE run/,
    );
  });
});
