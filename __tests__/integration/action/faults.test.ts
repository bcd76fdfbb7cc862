// Faults, the action's program in process (runAction, the in-memory artifact client over the results
// service double's store): a suite that fails, writes nothing, leaves only a stale file or writes a
// broken summary; a missing or tampered artifact; bad inputs. Each must end in a failed step with a
// clear message in the log and the job summary, and nothing half-written passed off as a result.
// A suite that hangs or overspends, and a service that answers 500, are in e2e/action-faults.test.ts.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import type { ResultsServiceDouble } from '../../doubles/results-service.js';
import { job, suiteCommand } from '../../helpers/in-process-jobs.js';
import { faultBench } from '../../helpers/scenarios/faults.js';

const bench = faultBench();
const { freshRun, files, metadata } = bench;
let double: ResultsServiceDouble;
let root: string;
beforeAll(() => void ({ double, root } = bench.doubles));

describe('the suite command', () => {
  it('fails: the summary is uploaded stamped with the exit code and the step fails', async () => {
    const run = freshRun();
    const result = await job(double, root, 'baseline', run).run({ mode: 'run', suite: 's', role: 'baseline', command: suiteCommand('tool_call', 'exit 3') });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ 'command-exit-code': '3', 'timed-out': 'false', cases: '10', 'artifact-name': 'benchgate-s-baseline' });
    expect(result.log).toMatch(/::error::benchgate: the baseline suite exited with code 3 after \d+\.\d s; uploading what it wrote, marked as a failed run/);
    expect(result.log).toContain('set allow-command-failure: true to let this step pass');
    expect(result.summary).toContain('| Command | exited with code 3 after');
    expect(result.summary).toContain('### ❌ benchgate failed');
    expect(metadata(run, 'benchgate-s-baseline')).toMatchObject({ 'command.exit_code': 3, 'command.timed_out': false });
  });

  it('trials: 3 runs the suite three times into one artifact, and the gate judges them together', async () => {
    const run = freshRun();
    for (const [role, strategy] of [
      ['baseline', 'tool_call'],
      ['candidate', 'codemode'],
    ] as const) {
      const r = await job(double, root, role, run).run({
        mode: 'run',
        suite: 's',
        role,
        command: `echo "trial $BENCHGATE_TRIAL of $BENCHGATE_TRIALS"\n${suiteCommand(strategy)}`,
        trials: '3',
      });
      expect(r.exitCode, r.log).toBe(0);
      expect(r.outputs).toMatchObject({ trials: '3', cases: '10' });
      expect(r.log).toContain(`::group::benchgate: ${role} suite "s" (trial 3 of 3): echo`);
    }
    const stored = files(run, 'benchgate-s-candidate');
    expect([...stored.keys()].sort()).toEqual([
      'command.log',
      'command.trial-2.log',
      'command.trial-3.log',
      'original.trial-2/codemode.json',
      'original.trial-3/codemode.json',
      'original/codemode.json',
      'summary.json',
      'summary.trial-2.json',
      'summary.trial-3.json',
    ]);
    expect(stored.get('command.trial-2.log')?.toString()).toContain('trial 2 of 3');
    expect(JSON.parse((stored.get('summary.trial-3.json') as Buffer).toString()).metadata).toMatchObject({ 'benchgate.trial': 3, 'benchgate.trials': 3 });
    const point = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 's' });
    expect(point.exitCode).toBe(1);
    expect(point.log).toContain('the baseline holds 3 trials: set decide: significant to judge repeated trials (decide: point compares one run per side)');
    const gate = await job(double, root, 'gate', run).run({
      mode: 'compare',
      suite: 's',
      decide: 'significant',
      'report-dir': 'reports',
      'allow-findings': 'guardrail-rise',
      'fail-on-inconclusive': 'false',
    });
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.outputs['verdict']).toBe('inconclusive');
    expect(JSON.parse(readFileSync(gate.outputs['report-json'] as string, 'utf8')).significance.trials).toEqual({ baseline: 3, candidate: 3 });
  });

  it('fails, but allow-command-failure lets the step pass', async () => {
    const run = freshRun();
    const result = await job(double, root, 'candidate', run).run({
      mode: 'run',
      suite: 's',
      role: 'candidate',
      command: suiteCommand('codemode', 'exit 4'),
      'allow-command-failure': 'true',
    });
    expect(result.exitCode, result.log).toBe(0);
    expect(result.outputs['command-exit-code']).toBe('4');
    expect(metadata(run, 'benchgate-s-candidate')['command.exit_code']).toBe(4);
    // The same suite on both sides would promote; the failed command still holds the gate.
    const baseline = await job(double, root, 'baseline', run).run({ mode: 'run', suite: 's', role: 'baseline', command: suiteCommand('codemode') });
    expect(baseline.exitCode, baseline.log).toBe(0);
    const gate = await job(double, root, 'gate', run).run({
      mode: 'compare',
      suite: 's',
      needs: '{"baseline":{"result":"success"},"candidate":{"result":"success"}}',
    });
    expect(gate.exitCode).toBe(1);
    expect(gate.outputs).toMatchObject({ verdict: 'hold', regressions: '0', 'reward-delta': '0', 'completion-delta': '0', 'steps-increase': '0' });
    expect(gate.log).toContain('benchgate: hold (findings: command-failed)');
    expect(gate.summary).toContain('The candidate suite command exited with code 4 (command.exit_code); its summary may be partial.');
  });

  it('writes no summary: its log is uploaded and the step says where it looked', async () => {
    const run = freshRun();
    const result = await job(double, root, 'nothing', run).run({ mode: 'run', suite: 's', role: 'baseline', command: 'echo "suite ran but wrote nothing"' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toContain('::error::benchgate: no file matches the summary pattern ".rlm_code/rlm/benchmarks/*.json" in ');
    expect([...files(run, 'benchgate-s-baseline').keys()]).toEqual(['command.log']);
    expect(files(run, 'benchgate-s-baseline').get('command.log')?.toString()).toBe('suite ran but wrote nothing\n');
    expect(result.outputs['summary-path']).toBe('');
    // The gate then fails on the artifact without a summary, and says why.
    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 's' });
    expect(gate.exitCode).toBe(1);
    expect(gate.log).toContain('artifact "benchgate-s-baseline" holds no summary.json: the baseline run found no usable summary');
  });

  it.each([
    ['an hour', 3_600],
    ['1.5 s', 1.5],
    ['0.5 s', 0.5],
  ])('leaves only a summary that was there before it (written %s earlier, as by a checkout): it is never passed off as this run', async (_, ageSeconds) => {
    const run = freshRun();
    const j = job(double, root, `stale-${ageSeconds}`, run);
    const dir = join(j.workspace, '.rlm_code', 'rlm', 'benchmarks');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'old.json'), '{}');
    const before = new Date(Date.now() - ageSeconds * 1000);
    utimesSync(join(dir, 'old.json'), before, before);
    const result = await j.run({ mode: 'run', suite: 's', role: 'baseline', command: 'true' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toMatch(
      /1 file\(s\) match the summary pattern .* but none was written by this run: the newest, \.rlm_code\/rlm\/benchmarks\/old\.json, was last modified at .* and was already there, unchanged, before the command started/,
    );
    expect(files(run, 'benchgate-s-baseline').has('summary.json')).toBe(false);
  });

  it('trials: a trial that writes nothing does not get the summary an earlier trial wrote', async () => {
    const run = freshRun();
    const command = `if [ "$BENCHGATE_TRIAL" = 1 ]; then ${suiteCommand('tool_call')}; fi`;
    const result = await job(double, root, 'trial-stale', run).run({ mode: 'run', suite: 's', role: 'baseline', command, trials: '2' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toMatch(/::error::benchgate: trial 2: 1 file\(s\) match the summary pattern .* none was written by this run/);
    expect([...files(run, 'benchgate-s-baseline').keys()].filter((f) => f.startsWith('summary'))).toEqual(['summary.json']);
  });

  it("a new summary beside an old one: the new one is taken and the log says the old one is not this run's", async () => {
    const run = freshRun();
    const j = job(double, root, 'beside', run);
    const dir = join(j.workspace, '.rlm_code', 'rlm', 'benchmarks');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'zz-old.json'), '{}');
    const result = await j.run({ mode: 'run', suite: 's', role: 'baseline', command: suiteCommand('tool_call') });
    expect(result.exitCode).toBe(0);
    expect(result.log).toMatch(
      /benchgate: summary \.rlm_code\/rlm\/benchmarks\/(?!zz-old)\S+\.json \(1 matching file was already there before the command and is not this run's\)/,
    );
  });

  it('writes a broken summary: the error names the file and the case, the original is kept', async () => {
    const run = freshRun();
    const write = `mkdir -p out && node '${join(import.meta.dirname, '..', '..', '..', 'examples', 'suite', 'run-suite.mjs')}' --strategy tool_call --out out/s.json && sed -i 's/"completed": false/"completed": "false"/' out/s.json`;
    const result = await job(double, root, 'broken', run).run({ mode: 'run', suite: 's', role: 'baseline', command: write, summary: 'out/*.json' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toMatch(/::error::benchgate: .*s\.json: .*case "[a-z_]+".*completed.*expected (a )?boolean/);
    expect([...files(run, 'benchgate-s-baseline').keys()].sort()).toEqual(['command.log', 'original/s.json']);
  });
});

describe('the gate', () => {
  it('with no artifacts says which job must upload them first', async () => {
    const result = await job(double, root, 'gate', freshRun()).run({ mode: 'compare', suite: 'nowhere' });
    expect(result.exitCode).toBe(1);
    const message = 'artifact "benchgate-nowhere-baseline" was not found in this workflow run: the job that uploads it must run first';
    expect(result.log).toContain(message);
    expect(result.summary).toContain('### ❌ benchgate failed');
    expect(result.summary).toContain(message);
    expect(result.outputs['verdict']).toBe('');
  });

  it('refuses a tampered artifact', async () => {
    const run = freshRun();
    for (const role of ['baseline', 'candidate'] as const) {
      expect((await job(double, root, role, run).run({ mode: 'run', suite: 't', role, command: suiteCommand('tool_call') })).exitCode).toBe(0);
    }
    double.store.corrupt('benchgate-t-candidate', run);
    const result = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 't' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toMatch(/artifact "benchgate-t-candidate" \(id \d+\): the downloaded bytes do not match the digest recorded at upload/);
    expect(result.outputs['verdict']).toBe('');
  });

  it('reports bad inputs before doing anything', async () => {
    const result = await job(double, root, 'gate', freshRun()).run({ mode: 'compare', command: 'true', 'min-reward-delta': 'lots' });
    expect(result.exitCode).toBe(1);
    expect(result.log).toContain('::error::benchgate: input "command" is not used by mode: compare; remove it');
  });
});
