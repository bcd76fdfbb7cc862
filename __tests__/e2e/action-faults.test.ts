// Faults, end to end through action.yml and dist/index.js, that take real time or the real artifact
// client: a suite that hangs (the timeout stops its whole process group) or spends past its budget,
// and an artifact service that answers 500 (the client's own retries). Each must end in a failed
// step with a clear message, and nothing half-written passed off as a result. The other faults
// (a suite that fails or writes nothing, stale or broken summaries, missing or tampered artifacts,
// bad inputs) run in process: integration/action/faults.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import type { ResultsServiceDouble } from '../doubles/results-service.js';
import { job, suiteCommand } from '../helpers/action-jobs.js';
import { faultBench } from '../helpers/scenarios/faults.js';

const bench = faultBench();
const { freshRun, files, metadata } = bench;
let double: ResultsServiceDouble;
let root: string;
beforeAll(() => void ({ double, root } = bench.doubles));

/** True when the process is gone (or a zombie nobody reaped yet: it runs no more code either way). */
function dead(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

describe('the suite command', () => {
  it('times out: the whole process group is stopped and what it wrote is kept', async () => {
    const run = freshRun();
    const command = suiteCommand('tool_call', 'sleep 300 & echo $! > background.pid\nsleep 300');
    const j = job(double, root, 'slow', run);
    const result = await j.run({ mode: 'run', suite: 's', role: 'baseline', command, 'timeout-minutes': '0.03' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ 'timed-out': 'true', 'command-exit-code': '' });
    // Stopped, not waited out: the suite's own clock is under its sleep (not the test's clock, which a slow machine stretches).
    const after = /the baseline suite timed out after (\d+\.\d) s and was stopped/.exec(result.log);
    expect(Number(after?.[1])).toBeLessThan(300);
    const pid = Number(readFileSync(join(j.workspace, 'background.pid'), 'utf8'));
    expect(dead(pid), `background process ${pid} survived the timeout`).toBe(true);
    expect(metadata(run, 'benchgate-s-baseline')).toMatchObject({ 'command.timed_out': true, 'command.exit_code': null, 'command.signal': 'SIGTERM' });
  });

  it('spends past its budget: stopped, what it wrote kept, and the gate holds on the incomplete run', async () => {
    const run = freshRun();
    const command = suiteCommand('tool_call', `echo '{"prompt_tokens": 4000, "completion_tokens": 1000}' >> "$BENCHGATE_USAGE_FILE"\nsleep 60`);
    const result = await job(double, root, 'spender', run).run({ mode: 'run', suite: 's', role: 'baseline', command, budget: '1000 tokens' });
    expect(result.exitCode).toBe(1);
    const after = /the baseline suite was stopped after (\d+\.\d) s: it spent 5,000 tokens, over its budget of 1,000 tokens/.exec(result.log);
    expect(Number(after?.[1])).toBeLessThan(60);
    expect(metadata(run, 'benchgate-s-baseline')).toMatchObject({
      'command.budget_exceeded': true,
      'budget.unit': 'tokens',
      'budget.limit': 1000,
      'budget.spent': 5000,
    });
    expect(files(run, 'benchgate-s-baseline').get('usage.jsonl')?.toString()).toBe('{"prompt_tokens": 4000, "completion_tokens": 1000}\n');
    expect((await job(double, root, 'candidate', run).run({ mode: 'run', suite: 's', role: 'candidate', command: suiteCommand('tool_call') })).exitCode).toBe(
      0,
    );
    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 's', 'fail-on-hold': 'false' });
    expect(gate.outputs['verdict']).toBe('hold');
    expect(gate.summary).toContain('The baseline suite command was stopped at its spend cap (command.budget_exceeded: true); its summary may be partial.');
  });
});

describe('an artifact service that answers 500', () => {
  it('fails the run step with the service error after the client has retried', async () => {
    const run = freshRun();
    double.failNext('CreateArtifact', 10, 500, 'the results service is down');
    const j = job(double, root, 'baseline', run);
    const result = await j.run({ mode: 'run', suite: 'u', role: 'baseline', command: suiteCommand('tool_call') });
    double.failNext('CreateArtifact', 0);
    expect(result.exitCode).toBe(1);
    expect(result.log).toMatch(/::error::benchgate: uploading artifact "benchgate-u-baseline" in this workflow run/);
    expect(result.summary).toContain('### ❌ benchgate failed');
    expect(double.artifacts(run).has('benchgate-u-baseline')).toBe(false);
    // The summary it normalized stays on the runner, named in the log; nothing claims it was stored.
    expect(result.log).not.toContain('benchgate: uploaded artifact');
    expect(existsSync(j.temp)).toBe(true);
  });
});
