import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadPackedSummary, parseSummary } from '../../../src/adapters/registry.js';
import { type CompareOptions, compareSummaries } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { keptFields } from '../../../src/load/kept-fields.js';
import { loadRun } from '../../../src/load/load.js';
import { loadOptionsOf, parseConfig } from '../../../src/policy/config-file.js';
import { compareOptionsOf, resolvePolicy } from '../../../src/policy/policy.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { loadedRows } from '../../../src/schema/loaded.js';
import { runCli } from '../../helpers/cli-run.js';
import { asLoaded, cases, rlmSummary } from '../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-fields-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An rlm-code run whose rows carry fields benchgate does not read: a judge score and a nested language. */
function raw(strategy: string, n: number, score: (i: number) => unknown, completed: (i: number) => boolean = () => true): Record<string, unknown> {
  const data = rlmSummary({ strategy, cases: cases(n, (i) => ({ completed: completed(i) })) }) as { case_results: Record<string, unknown>[] };
  data.case_results.forEach((row, i) => {
    row['judge_score'] = score(i);
    row['meta'] = { lang: i % 2 === 0 ? 'python' : 'rust' };
  });
  return data as unknown as Record<string, unknown>;
}

/** The case fields these tests' gates, slices and clustering name: what a loader keeps for their policies (load/kept-fields.ts). */
const KEPT = { numbers: ['judge_score', 'no_such_field', 'a|b`c'], labels: ['meta.lang', 'meta.repo'] };
const run = (data: Record<string, unknown>, path: string): LoadedSummary => asLoaded(path, parseSummary(path, data), KEPT);

describe('gates and slices on fields of the case rows', () => {
  it('a field gate judges the per-case mean of a numeric field, skipping cases without a number', () => {
    const b = run(
      raw('tool_call', 20, () => 0.8),
      'b.json',
    );
    const c = run(
      raw('codemode', 20, (i) => (i === 0 ? 'n/a' : 0.7)),
      'c.json',
    );
    const cmp = compareSummaries(b, c, { metricGates: [{ field: 'judge_score', direction: 'higher', tolerance: 0.05 }] });
    expect(cmp.metric_gates[0]).toMatchObject({ metric: 'judge_score', field: true, status: 'fail', basis: 'point' });
    expect(cmp.metric_gates[0]?.baseline).toBeCloseTo(0.8, 12);
    // 19 cases record a number (case c01's "n/a" is skipped, not read as 0).
    expect(cmp.metric_gates[0]?.candidate).toBeCloseTo(0.7, 12);
    expect(cmp.verdict).toBe('hold');
    expect(cmp.failed_metric_gates).toEqual(['judge_score']);
    expect(renderMarkdown(cmp)).toContain('| `judge_score` (field) | required | 0.8000 | 0.7000 |');
    const loose = compareSummaries(b, c, { metricGates: [{ field: 'judge_score', direction: 'higher', tolerance: '20%' }] });
    expect(loose.verdict).toBe('promote');
  });

  it('under significant a field gate is a paired test; a field no case records never passes', () => {
    const b = run(
      raw('tool_call', 30, (i) => 0.5 + (i % 3) * 0.1),
      'b.json',
    );
    const worse = run(
      raw('codemode', 30, (i) => 0.3 + (i % 3) * 0.1),
      'c.json',
    );
    const sig = compareSummaries(b, worse, { decide: 'significant', metricGates: [{ field: 'judge_score', direction: 'higher' }] });
    expect(sig.metric_gates[0]).toMatchObject({ basis: 'paired', status: 'fail' });
    const none = compareSummaries(b, worse, { metricGates: [{ field: 'no_such_field' }] });
    expect(none.metric_gates[0]).toMatchObject({ baseline: null, status: 'inconclusive', basis: 'unknown' });
    expect(none.verdict).toBe('hold');
  });

  it('a slice may group by any field, nested ones by a dotted path', () => {
    const b = run(
      raw('tool_call', 20, () => 1),
      'b.json',
    );
    // Every rust case (odd i) stops completing; python cases stay.
    const c = run(
      raw(
        'codemode',
        20,
        () => 1,
        (i) => i % 2 === 0,
      ),
      'c.json',
    );
    const cmp = compareSummaries(b, c, {
      slices: [{ by: 'meta.lang', metric: 'completion_rate', tolerance: 0.1 }],
      thresholds: { min_reward_delta: -1, min_completion_delta: -1, max_steps_increase: 1, fail_on_completion_regression: false },
    });
    expect(cmp.slices.map((x) => [x.group, x.cases, x.status])).toEqual([
      ['python', 10, 'pass'],
      ['rust', 10, 'fail'],
    ]);
    expect(cmp.verdict).toBe('hold');
    expect(renderMarkdown(cmp)).toContain('| `meta.lang` = `rust` | `completion_rate` | required | 10 | 100.0% | 0.0% |');
  });

  it('significant clusters by any field of the case rows', () => {
    const withRepo = (strategy: string, repos: number, completed: (i: number) => boolean) => {
      const data = raw(strategy, 50, () => 1, completed) as { case_results: Record<string, unknown>[] };
      data.case_results.forEach((row, i) => (row['meta'] = { repo: `repo-${i % repos}` }));
      return run(data as unknown as Record<string, unknown>, `${strategy}.json`);
    };
    const b = withRepo('tool_call', 25, () => true);
    const c = withRepo('codemode', 25, (i) => i % 10 !== 3);
    const sig = compareSummaries(b, c, { decide: 'significant', significance: { cluster: 'meta.repo' } });
    expect(sig.significance?.cluster).toMatchObject({ field: 'meta.repo', units: 25, note: 'clustered by meta.repo' });
    const few = compareSummaries(
      withRepo('tool_call', 3, () => true),
      withRepo('codemode', 3, () => true),
      { decide: 'significant', significance: { cluster: 'meta.repo' } },
    );
    expect(few.significance?.cluster.units).toBe(3);
    expect(few.findings.find((f) => f.code === 'too-few-clusters')?.message).toMatch(/^Clustering by meta\.repo leaves 3 clusters/);
  });

  it('summaries loaded packed keep the fields the configuration names, with the same result', () => {
    const config = parseConfig('c.yml', 'gates:\n  - field: judge_score\n    direction: higher\nslices:\n  - by: meta.lang\n    metric: reward\n');
    const files = ['b', 'c'].map((name, k) => {
      const file = join(tmp, `${name}.json`);
      writeFileSync(file, JSON.stringify(raw(name, 12, (i) => (k === 0 ? 0.9 : 0.6) + i / 100)));
      return file;
    }) as [string, string];
    const options: CompareOptions = { metricGates: config.gates ?? [], slices: config.slices ?? [] };
    const keep = loadOptionsOf(config, 'baseline').keep;
    expect(keep).toEqual({ numbers: ['judge_score'], labels: ['meta.lang'] });
    // The loader keeps what the resolved policy names: the configuration's fields are the compare options' fields.
    expect(keptFields(compareOptionsOf(resolvePolicy(config, {})))).toEqual(keep);
    const packed = files.map((f) => loadedRows(f, loadPackedSummary(f, { format: 'auto', keep }))) as [LoadedSummary, LoadedSummary];
    // The same files loaded whole, as a small pair is (load/load.ts loadRun): packed when loaded, keeping the same fields.
    const whole = files.map((f) => loadRun(f, { format: 'auto', keep })) as [LoadedSummary, LoadedSummary];
    const a = compareSummaries(packed[0], packed[1], options);
    const w = compareSummaries(whole[0], whole[1], options);
    expect(a.metric_gates).toEqual(w.metric_gates);
    expect(a.slices).toEqual(w.slices);
    expect(a.metric_gates[0]?.status).toBe('fail');
  });

  it('the configuration wants exactly one of metric and field; names are escaped in the report', async () => {
    expect(() => parseConfig('c.yml', 'gates:\n  - metric: calls\n    field: x\n')).toThrow(
      'c.yml: line 2, column 5: "gates.0": expected exactly one of "metric" (a built-in metric) and "field" (a field of the case rows)',
    );
    expect(() => parseConfig('c.yml', 'gates:\n  - direction: higher\n')).toThrow(/expected exactly one of "metric"/);
    const b = run(
      raw('tool_call', 10, () => 1),
      'b.json',
    );
    const cmp = compareSummaries(b, b, { metricGates: [{ field: 'a|b`c' }] });
    expect(renderMarkdown(cmp)).toContain('| ``a\\|b`c`` (field) |');
    // Through the CLI with a configuration file.
    const [bf, cf] = ['b', 'c'].map((name, k) => {
      const file = join(tmp, `cli-${name}.json`);
      writeFileSync(file, JSON.stringify(raw(name === 'b' ? 'tool_call' : 'codemode', 10, () => (k === 0 ? 0.9 : 0.5))));
      return file;
    }) as [string, string];
    const cfg = join(tmp, 'gates.yml');
    writeFileSync(cfg, 'gates:\n  - field: judge_score\n    direction: higher\n    tolerance: 10%\n');
    const out = await runCli('compare', '--baseline', bf, '--candidate', cf, '--config', cfg, '--format', 'json');
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).metric_gates[0]).toMatchObject({ metric: 'judge_score', field: true, status: 'fail' });
    // The bundled CLI loading both files packed, one in a worker thread: the same report.
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../../../dist/cli.js', import.meta.url), cli);
    const threaded = spawnSync(process.execPath, [cli, 'compare', '--baseline', bf, '--candidate', cf, '--config', cfg, '--format', 'json'], {
      encoding: 'utf8',
      env: { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' },
      timeout: 120_000,
    });
    expect(threaded.stderr).not.toMatch(/Error/);
    expect(threaded.stdout).toBe(out.stdout);
  });
});
