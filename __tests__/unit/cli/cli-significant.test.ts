import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../../helpers/cli-run.js';
import { type CaseSpec, rlmSummary } from '../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-sig-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

/** n cases; `flip(i)` says whether case i completes on this side. */
function write(name: string, n: number, completes: (i: number) => boolean, strategy: string): string {
  const cases: CaseSpec[] = Array.from({ length: n }, (_, i) => ({ id: `case_${String(i).padStart(3, '0')}`, completed: completes(i), steps: 3 + (i % 2) }));
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name.replace(/\.json$/, ''), strategy, cases })));
  return path;
}

// 80 cases: the baseline completes even cases; the candidate the same, but 6 of them flip each way.
const base = write('base.json', 80, (i) => i % 2 === 0, 'tool_call');
const noisy = write('noisy.json', 80, (i) => (i < 12 ? i % 2 === 1 : i % 2 === 0), 'codemode');
const worse = write('worse.json', 80, (i) => i % 2 === 0 && i >= 40, 'codemode');

describe('--decide significant', () => {
  it('a noisy equal pair: point holds on 6 regressions, significant is inconclusive (exit 3) and says why', async () => {
    expect((await run('compare', '--baseline', base, '--candidate', noisy)).code).toBe(1);
    const r = await run('compare', '--baseline', base, '--candidate', noisy, '--decide', 'significant');
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('benchgate: inconclusive (undecided gates: reward, completion, completion_regressions)\n');
    expect(r.stdout).toMatch(/^### ❔ Inconclusive: the evidence cannot yet tell whether `codemode` may replace `tool_call`/);
    expect(r.stdout).toContain('| Gate | Baseline | Candidate | Change | 95% bounds | p | Rule |  |');
    expect(r.stdout).toContain('| Completion rate | 50.0% | 50.0% | ~ (+0.0 pp) |');
    expect(r.stdout).toContain('| Completion regressions |  |  | ~ (6 worse, 6 better) |');
    expect(r.stdout).toContain('**3 of 4 gates undecided at 95% confidence:** reward (+0.0000, could be ');
    // Sized for showing an equal candidate within the 5-point margin, not for the observed +0.0 (which no suite size would decide).
    expect(r.stdout).toContain(
      'completion regressions (6 worse, 6 better; about 376 cases at this noise show an equal candidate within the 5.0 pp margin with 80% power). With 80% power this suite detects a distance from the threshold of ',
    );
    expect(r.stdout).toContain("(reward, completion rate and completion regressions: the exact binomial form of that test, McNemar's at a zero threshold)");
    expect(r.stdout).toContain('- **Decision: inconclusive**');
  });

  it('a real drop holds under both policies; the JSON carries the tests', async () => {
    const r = await run('compare', '--baseline', base, '--candidate', worse, '--decide', 'significant', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ verdict: 'hold', decision: 'significant', failed_gates: ['reward', 'completion', 'completion_regressions'] });
    const completion = report.significance.gates.find((g: { gate: string }) => g.gate === 'completion');
    expect(completion).toMatchObject({ status: 'fail', estimate: -0.25, significant: true });
    expect(completion.upper).toBeLessThan(0);
    expect(report.significance).toMatchObject({ confidence: 0.95, method: 'sampled', cases: 80, trials: { baseline: 1, candidate: 1 } });
    // rlm-code's fields are still there, unchanged.
    expect(report.gates).toEqual({ reward: false, completion: false, steps: true, completion_regressions: false });
  });

  it('point keeps its JSON exactly: no significance fields', async () => {
    const report = JSON.parse((await run('compare', '--baseline', base, '--candidate', worse, '--format', 'json')).stdout);
    expect(Object.keys(report)).not.toContain('decision');
    expect(Object.keys(report)).not.toContain('significance');
  });

  it('repeated trials by glob and by repeating the flag are merged per case', async () => {
    for (let t = 0; t < 3; t++) {
      write(`trial-base-${t}.json`, 80, (i) => i % 2 === 0, 'tool_call');
      write(`trial-cand-${t}.json`, 80, (i) => (i < 12 ? (i + t) % 2 === 1 : i % 2 === 0), 'codemode');
    }
    const r = await run(
      'compare',
      '--decide',
      'significant',
      '--baseline',
      join(tmp, 'trial-base-*.json'),
      '--candidate',
      join(tmp, 'trial-cand-0.json'),
      '--candidate',
      join(tmp, 'trial-cand-1.json'),
      '--candidate',
      join(tmp, 'trial-cand-2.json'),
      '--format',
      'json',
    );
    const report = JSON.parse(r.stdout);
    expect(report.significance.trials).toEqual({ baseline: 3, candidate: 3 });
    expect(report.findings.map((f: { code: string }) => f.code)).not.toContain('partial-trials');
  });

  it('several files under point, a bad confidence or cluster, a glob matching nothing: exit 2 with the reason', async () => {
    const two = await run('compare', '--baseline', base, '--baseline', noisy, '--candidate', worse);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(
      'benchgate: error: --baseline gives 2 files: repeated trials are judged with --decide significant (point compares one run per side)\n',
    );
    const conf = await run('compare', '--baseline', base, '--candidate', worse, '--decide', 'significant', '--confidence', '1.5');
    expect(conf.code).toBe(2);
    expect(conf.stderr).toContain('Invalid value "1.5" for --confidence: expected a confidence level above 0.5 and below 1');
    const cl = await run('compare', '--baseline', base, '--candidate', worse, '--decide', 'significant', '--cluster', 'the color');
    expect(cl.stderr).toContain(
      'Invalid value "the color" for --cluster: expected auto, none, one of task_family, environment, domain, split, length_bucket, or a field of the case rows (no spaces)',
    );
    const glob = await run('compare', '--decide', 'significant', '--baseline', join(tmp, 'nothing-*.json'), '--candidate', worse);
    expect(glob.code).toBe(2);
    expect(glob.stderr).toContain('matches no file');
    expect((await run('compare', '--baseline', base, '--candidate', worse, '--confidence', '99%', '--decide', 'significant')).code).toBe(1);
  });
});
