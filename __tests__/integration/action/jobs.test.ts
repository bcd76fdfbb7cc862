// The way a workflow uses the action: a baseline job and a candidate job run the embedded example
// suite with `mode: run`, a gate job decides with `mode: compare`. In process: runAction with the
// inputs action.yml would give it, the in-memory artifact client over the results service double's
// store (helpers/in-process-jobs.ts). Asserts on the stored artifacts, the outputs, the job summary
// and the exit codes. The hold chain is helpers/scenarios/hold-chain.ts, also played through action.yml
// and the bundle by e2e/action-e2e.test.ts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { job, suiteCommand } from '../../helpers/in-process-jobs.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';
import { rlmSummary } from '../../helpers/rlm-builder.js';
import { holdChain } from '../../helpers/scenarios/hold-chain.js';

const ctx = holdChain(job);

describe('a promote case', () => {
  it('the same strategy on both sides promotes and the gate step passes', async () => {
    const run = 'run-2';
    for (const role of ['baseline', 'candidate'] as const) {
      const r = await job(ctx.double, ctx.root, role, run).run({ mode: 'run', suite: 'same', role, command: suiteCommand('tool_call') });
      expect(r.exitCode, r.log).toBe(0);
    }
    const result = await job(ctx.double, ctx.root, 'gate', run).run({
      mode: 'compare',
      suite: 'same',
      needs: '{"baseline":{"result":"success"},"candidate":{"result":"success"}}',
    });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs).toMatchObject({
      verdict: 'promote',
      passed: 'true',
      regressions: '0',
      'reward-delta': '0',
      'completion-delta': '0',
      'steps-increase': '0',
    });
    expect(result.summary).toMatch(/^### ✅ Promote: /);
    expect(result.summary).not.toContain('benchgate failed');
    expect(result.log).toContain('benchgate: promote (all 4 gates passed, no finding holds)');
  });

  it('a suite job that failed holds the gate even when the summaries would promote', async () => {
    const result = await job(ctx.double, ctx.root, 'gate-after-failure', 'run-2').run({
      mode: 'compare',
      suite: 'same',
      'report-dir': 'reports',
      needs: '{"baseline":{"result":"success"},"candidate":{"result":"cancelled"}}',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs['verdict']).toBe('hold');
    // The job's name and result come from the `needs` input: shown as code (report/markdown/markdown.ts untrusted), as every run problem is.
    expect(result.summary).toContain('> [!CAUTION]\n> **Hold:** job `candidate` ended with `cancelled`. The comparison below is of what the runs uploaded.');
    expect(result.log).toContain('::error::benchgate: job `candidate` ended with `cancelled`; the gate holds');
    expect(existsSync(join(result.outputs['report-markdown'] as string))).toBe(true);
    expect(result.outputs['report-markdown']).toMatch(/\/workspace\/reports\/benchgate-report\.md$/);
  });
});

describe('local files', () => {
  it('compares two local summaries without any artifact download', async () => {
    const gate = job(ctx.double, ctx.root, 'local', 'run-3');
    const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'rlm-code', 'clean_pass_codemode_promotion');
    writeFileSync(join(gate.workspace, 'b.json'), readFileSync(join(fixtures, 'baseline.json')));
    writeFileSync(join(gate.workspace, 'c.json'), readFileSync(join(fixtures, 'candidate.json')));
    const before = ctx.double.requests.length;
    const result = await gate.run({ mode: 'compare', suite: 'local', baseline: 'b.json', candidate: 'c.json' });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['verdict']).toBe('promote');
    expect(ctx.double.requests.slice(before).filter((r) => r.includes('GetSignedArtifactURL') || r.startsWith('GET /blob/'))).toEqual([]);
  });

  it("decide: significant reads a tau-bench file's trials as trials of its side, as the CLI does", async () => {
    const gate = job(ctx.double, ctx.root, 'tau', 'run-4b');
    const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'real', 'agent-bench');
    writeFileSync(join(gate.workspace, 'b.json'), readFileSync(join(dir, 'tau-bench-gpt-4o-airline-trials-0-1.json')));
    writeFileSync(join(gate.workspace, 'c.json'), readFileSync(join(dir, 'tau-bench-gpt-4o-airline-trials-2-3-task-12-fails.json')));
    const result = await gate.run({
      mode: 'compare',
      suite: 'tau',
      baseline: 'b.json',
      candidate: 'c.json',
      decide: 'significant',
      'report-dir': 'tau-reports',
    });
    expect(result.exitCode, result.log).toBeLessThanOrEqual(1);
    const report = JSON.parse(readFileSync(join(gate.workspace, 'tau-reports', 'benchgate-report.json'), 'utf8')) as {
      significance: { trials: { baseline: number; candidate: number }; declines: { case_id: string }[] };
    };
    expect(report.significance.trials).toEqual({ baseline: 2, candidate: 2 });
    expect(report.significance.declines.map((d) => d.case_id)).toContain('12');
    expect(result.summary).toContain('b.json#attempt-1');
  });

  it("the configuration's flaky_below with the noise-profile input: a regression only on a case flaky on main does not hold by itself", async () => {
    const gate = job(ctx.double, ctx.root, 'flaky', 'run-4c');
    const ids = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}`);
    // f00 regresses and f01 completes instead: the completion rate stays, one regression.
    const side = (cand: boolean) =>
      rlmSummary({ cases: ids.map((id, i) => ({ id, completed: cand && id === 'f00' ? false : cand && id === 'f01' ? true : i % 2 === 0 })) });
    writeFileSync(join(gate.workspace, 'b.json'), JSON.stringify(side(false)));
    writeFileSync(join(gate.workspace, 'c.json'), JSON.stringify(side(true)));
    writeFileSync(
      join(gate.workspace, 'profile.json'),
      JSON.stringify(noiseProfileOf(ids.map((id, i) => caseNoise(id, 10, id === 'f00' ? 5 : i % 2 === 0 ? 10 : 0)))),
    );
    writeFileSync(join(gate.workspace, 'gate.yml'), 'version: 1\nflaky_below: 0.9\n');
    const inputs = { mode: 'compare', suite: 'flaky', baseline: 'b.json', candidate: 'c.json', 'noise-profile': 'profile.json' };
    expect((await gate.run(inputs)).outputs['verdict']).toBe('hold');
    // On a push (no PR), the workspace's configuration is the trusted one.
    const result = await gate.run({ ...inputs, config: 'gate.yml' }, { GITHUB_EVENT_NAME: 'push' });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs).toMatchObject({ verdict: 'promote', regressions: '1' });
    expect(result.summary).toContain("it passes less than 90% of main's runs: no hold by itself");
  });

  it('decide: significant turns a noisy equal pair into inconclusive: a warning, or a failure when asked', async () => {
    const gate = job(ctx.double, ctx.root, 'noisy', 'run-4');
    // 60 cases, the candidate flips 5 cases each way: point holds on the 5 regressions.
    const side = (flip: boolean) =>
      rlmSummary({
        cases: Array.from({ length: 60 }, (_, i) => ({ id: `k${String(i).padStart(2, '0')}`, completed: flip && i < 10 ? i % 2 === 1 : i % 2 === 0 })),
      });
    writeFileSync(join(gate.workspace, 'b.json'), JSON.stringify(side(false)));
    writeFileSync(join(gate.workspace, 'c.json'), JSON.stringify(side(true)));
    const inputs = { mode: 'compare', suite: 'noisy', baseline: 'b.json', candidate: 'c.json' };
    expect((await gate.run(inputs)).outputs['verdict']).toBe('hold');
    // Undecided blocks by default: a failed step, naming what would decide it.
    const strict = await gate.run({ ...inputs, decide: 'significant', confidence: '95%' });
    expect(strict.exitCode, strict.log).toBe(1);
    expect(strict.outputs).toMatchObject({ verdict: 'inconclusive', passed: 'false' });
    expect(strict.log).toMatch(
      /::error::benchgate: inconclusive \(undecided gates: reward, completion, completion_regressions\); what would decide it: the verdict: about [\d,]+ cases in all decide it with 80%25 power \(an equal candidate promoted, every undecided gate shown within its margin\); reward: .*; completion rate: about [\d,]+ cases at this noise show .* \(an undecided verdict fails the gate; fail-on-inconclusive: false is advisory mode\)/,
    );
    expect(strict.summary).toMatch(/^### ❔ Inconclusive: /);
    // Advisory mode: a warning, and the step passes.
    const result = await gate.run({ ...inputs, decide: 'significant', 'fail-on-inconclusive': 'false' });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.log).toMatch(
      /::warning::benchgate: inconclusive \(undecided gates: reward, completion, completion_regressions\); what would decide it: .*; the step passes \(advisory mode: fail-on-inconclusive is false\)/,
    );
    const bad = await gate.run({ ...inputs, decide: 'maybe' });
    expect(bad.exitCode).toBe(1);
    expect(bad.log).toContain('input "decide": expected one of point, significant, got "maybe"');
  });
});
