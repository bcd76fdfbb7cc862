// Issue 43 for mode run, replayed through action.yml and the committed dist/ (the composite player
// runs its steps as the runner does, each step's runner files in RUNNER_TEMP/_runner_file_commands/
// and what a step wrote to GITHUB_ENV or GITHUB_PATH reaching the steps after it): the plain run, with
// trials, with reuse-baseline when no baseline is found (the only reuse path that runs the suite), and
// with a hostile `install`, which benchgate runs in the suite's step (the reusable workflows' install).
// Its suite (helpers/hostile-suite.ts) reads every ancestor's /proc/<pid>/environ up to the test's
// process, writes verdict=promote wherever it can, and writes a NODE_OPTIONS into its own step's
// GITHUB_ENV file, found by listing the runner's folder.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { job, startWorkflowDoubles, stopWorkflowDoubles, suiteCommand, type WorkflowDoubles } from '../helpers/action-jobs.js';
import { CLEAN_SCAN, writeHostileSuite } from '../helpers/hostile-suite.js';

const TOKEN = 'ghs_isolation_run_token';
let d: WorkflowDoubles;
let root: string;
beforeAll(async () => {
  d = await startWorkflowDoubles(TOKEN, 'benchgate-isolation-run-');
  root = mkdtempSync(join(tmpdir(), 'benchgate-isolation-run-jobs-'));
});
afterAll(async () => {
  await stopWorkflowDoubles(d);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Gone, or a zombie (killed, not yet reaped), as /proc/<pid>/stat says (proc(5): state after the command's closing parenthesis). */
function dead(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false;
  } catch {
    return true;
  }
}

/** The hostile suite, then the example suite's summary. */
const hostile = suiteCommand('tool_call', 'node ancestors.mjs\nbash hostile.sh');
const scan = suiteCommand('tool_call', 'node ancestors.mjs');
/** The job's environment: a GITHUB_TOKEN set at job level too, and where the scan stops. */
const jobEnv = () => ({ ...d.gh.env(), STOP_PID: String(process.pid), GITHUB_TOKEN: 'ghs_job_level_token' });

async function runJob(name: string, inputs: Record<string, string>) {
  const j = job(d.results, root, name, `run-${name}`);
  writeHostileSuite(j.workspace);
  const r = await j.run({ mode: 'run', suite: 'demo', 'github-token': TOKEN, ...inputs }, jobEnv());
  return { j, r };
}

describe('mode run: the suite has no token in reach and cannot reach the steps after its own', { timeout: 600_000 }, () => {
  it('mode run: no ancestor of the suite holds a token or runner file, and what it writes to its runner files reaches no later step', async () => {
    const { j, r } = await runJob('plain', { role: 'candidate', command: hostile });
    expect(r.steps.map((s) => s.id)).toEqual([undefined, 'runtime', 'prepare', 'suite', 'benchgate']);
    expect(r.log).toMatch(CLEAN_SCAN);
    expect(r.log).not.toMatch(/holding a token or runner file: \d/);
    // The attack ran: its step's GITHUB_ENV and GITHUB_OUTPUT files were there to find and write.
    expect(r.log).toMatch(/hostile: wrote to set_env_/);
    expect(r.log).toMatch(/hostile: wrote to set_output_/);
    // benchgate emptied them and fails the run: nothing the suite wrote set a later step's environment or an output.
    expect(r.log).toMatch(/the suite wrote to its step's runner files GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE, GITHUB_PATH, GITHUB_STEP_SUMMARY \(/);
    expect(r.exitCode).toBe(1);
    expect(r.envChanges).toEqual({});
    expect(r.pathChanges).toEqual([]);
    expect(existsSync(join(j.workspace, 'pwned')), 'the deliver step ran code the suite put in NODE_OPTIONS').toBe(false);
    expect(r.outputs['verdict']).toBe('');
  });

  it("mode run: a hostile install runs in the suite's tokenless step: no ancestor holds a token, and what it writes to its runner files reaches no later step", async () => {
    // The suite itself is the scan only: the attack is the install's (PR code in pip install -e . or an npm lifecycle script).
    const { j, r } = await runJob('install', { role: 'candidate', install: 'node ancestors.mjs\nbash hostile.sh', command: scan });
    expect(r.steps.map((s) => s.id)).toEqual([undefined, 'runtime', 'prepare', 'suite', 'benchgate']);
    const suiteLog = r.steps.find((s) => s.id === 'suite')?.log ?? '';
    expect(suiteLog).toContain("benchgate: the candidate's install, in .: node ancestors.mjs");
    // The install's scan and then the suite's, both in the suite's step, both clean.
    expect(suiteLog.match(new RegExp(CLEAN_SCAN.source, 'g'))).toHaveLength(2);
    expect(r.log).not.toMatch(/holding a token or runner file: \d/);
    expect(suiteLog).toMatch(/hostile: wrote to set_env_/);
    expect(r.log).toMatch(/the suite wrote to its step's runner files .*GITHUB_ENV/);
    expect(r.exitCode).toBe(1);
    expect(r.envChanges).toEqual({});
    expect(r.pathChanges).toEqual([]);
    expect(existsSync(join(j.workspace, 'pwned')), 'the deliver step ran code the install put in NODE_OPTIONS').toBe(false);
    expect(r.outputs['verdict']).toBe('');
  });

  it('mode run: a failing install stops the run with an error naming input "install", and the suite does not run', async () => {
    const { j, r } = await runJob('install-fails', { role: 'candidate', install: 'exit 4', command: suiteCommand('tool_call', 'touch suite-ran') });
    expect(r.exitCode).toBe(1);
    expect(r.log).toMatch(/input "install": the candidate's install \(in \.\) exited with code 4 after [^;]+; the suite did not run/);
    expect(existsSync(join(j.workspace, 'suite-ran'))).toBe(false);
  });

  it('mode run: a process the suite leaves in the background, its output closed, does not outlive the suite', async () => {
    const { j, r } = await runJob('background', {
      role: 'candidate',
      command: suiteCommand('tool_call', 'sleep 300 > /dev/null 2>&1 &\necho $! > background.pid'),
    });
    expect(r.exitCode, r.log).toBe(0);
    const pid = Number(readFileSync(join(j.workspace, 'background.pid'), 'utf8'));
    expect(pid).toBeGreaterThan(1);
    expect(dead(pid), `background process ${pid} outlived the suite`).toBe(true);
  });

  it('mode run with trials: every trial runs with no token or runner file in any ancestor', async () => {
    const { r } = await runJob('trials', { role: 'candidate', command: scan, trials: '2' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log.match(new RegExp(CLEAN_SCAN.source, 'g'))).toHaveLength(2);
    expect(r.outputs['trials']).toBe('2');
  });

  it('mode run with reuse-baseline and no baseline to reuse: the suite runs in the tokenless step, no ancestor holds a token', async () => {
    const { r } = await runJob('reuse', { role: 'baseline', command: scan, 'reuse-baseline': 'prefer' });
    expect(r.exitCode, r.log).toBe(0);
    // The lookup (with the token) happened in the prepare step; the suite ran after it, in its own step.
    expect(d.gh.calls.some((c) => c.path.includes('/actions/workflows/benchgate.yml/runs'))).toBe(true);
    expect(r.steps.find((s) => s.id === 'suite')?.log).toMatch(CLEAN_SCAN);
    expect(r.outputs['reused-run-id']).toBe('');
  });
});
