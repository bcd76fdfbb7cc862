/**
 * A Harbor job folder (terminal-bench 2.x), built from Harbor's own models
 * (fixtures/adapters-folders/README.md): each trial as TrialResult records it, a task's trials merged.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { inputError } from '../../helpers/input-error.js';

const DIR = join(FIXTURES, 'adapters-folders', 'harbor');
const JOB = join(DIR, 'jobs', '2026-11-30__21-00-00');

type Kept = { solved: boolean | null; reward: number; error: string | null; exception_info: { exception_type: string } | null };
const attempts = (c: CaseResult | undefined) =>
  (c?.extra['attempts'] as Kept[]).map((a) => [a.solved, a.reward, a.error, a.exception_info?.exception_type ?? null]);

describe('harbor: a job folder', () => {
  it('reads each task as a case, its trials merged', () => {
    const s = loadSummary(JOB);
    expect(s.format).toBe('harbor');
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.error])).toEqual([
      // The environment never started for either trial: no verdict; the error is the first trial's (by folder name).
      [
        'build-cython-ext',
        false,
        0,
        'RuntimeError: Docker compose command failed for environment build-cython-ext. Command: docker compose -p build-cython-ext__b6n5m4k up -d. Return code: 1. Stdout: . Stderr: Error response from daemon: pull access denied. ',
      ],
      // The agent timed out on one trial (scored 0 by its verifier) and solved the other.
      ['fix-git', false, 0.5, null],
      ['hello-world', true, 1, null],
      ['regex-log', false, 0.5, null],
    ]);
    const by = (id: string) => s.cases.find((c) => c.id === id);
    expect(attempts(by('build-cython-ext'))).toEqual([
      [
        null,
        0,
        'RuntimeError: Docker compose command failed for environment build-cython-ext. Command: docker compose -p build-cython-ext__b6n5m4k up -d. Return code: 1. Stdout: . Stderr: Error response from daemon: pull access denied. ',
        'RuntimeError',
      ],
      [null, 0, 'EnvironmentStartTimeoutError: Environment start timed out after 600.0 seconds', 'EnvironmentStartTimeoutError'],
    ]);
    expect(attempts(by('fix-git'))).toEqual([
      [false, 0, 'AgentTimeoutError: Agent execution timed out after 900.0 seconds', 'AgentTimeoutError'],
      [true, 1, null, null],
    ]);
    // Solved after an AgentTimeoutError (the verifier still ran, single_step.py): solved, the exception kept aside.
    expect(attempts(by('regex-log'))).toEqual([
      [
        false,
        0,
        'ApiRateLimitError: Agent exited with code 1: 429 rate_limit_error: This request would exceed the rate limit for your organization',
        'ApiRateLimitError',
      ],
      [true, 1, null, 'AgentTimeoutError'],
    ]);
  });

  it('reads the tokens, the durations and the job head', () => {
    const s = loadSummary(JOB);
    const hello = s.cases.find((c) => c.id === 'hello-world');
    expect(hello?.usage).toEqual({ total_calls: 0, prompt_tokens: 82460, completion_tokens: 3644, roles: null });
    expect(hello?.duration_seconds).toBe(1500);
    // No agent_result on a trial whose environment never started: the task's tokens are unknown, never 0.
    expect(s.cases.find((c) => c.id === 'build-cython-ext')?.usage).toBeNull();
    expect(s.run.model).toBe('claude-sonnet-4-5');
    expect(s.id).toBe('2026-11-30__21-00-00');
    expect(s.metadata).toEqual({
      'harbor.n_total_trials': 9,
      'harbor.job_id': '7c0e6a52-3b8e-4d1f-9a0c-2f5b1e9d4c11',
      'harbor.unfinished_trials': 'regex-log__X1c2V3b',
    });
    expect(s.run.description).toBe("Harbor job: 4 tasks, 8 trials; 1 of the job's 9 trials have no result.json");
  });

  it('refuses a job of two agents: each is its own run', () => {
    const dir = join(DIR, 'two-agents');
    expect(inputError(() => loadSummary(dir))).toBe(
      `${dir}: its trials are of 2 agent and model pairs (["terminus-2","claude-sonnet-4-5"], ["codex","gpt-5"]); each pair is its own run (JobStats.evals): give a job of one agent and model`,
    );
  });

  it('refuses rewards it cannot choose from, naming the trial', () => {
    const dir = join(DIR, 'two-rewards');
    expect(inputError(() => loadSummary(dir))).toContain(
      'hello-world__a1B2c3d/result.json: "verifier_result.rewards": expected one reward, or a `reward` key among several, got',
    );
  });

  it('is not taken for another folder format, nor they for it', () => {
    expect(inputError(() => loadSummary(join(DIR, 'jobs')))).toContain('a Harbor job (result.json and <trial_name>/result.json)');
    expect(inputError(() => loadSummary(join(FIXTURES, 'adapters-folders', 'tau2', 'voice-dir'), 'harbor'))).toContain(
      'here: a directory without result.json or config.json; the file looks like tau2-bench input',
    );
  });
});
