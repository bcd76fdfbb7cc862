/**
 * tau2-bench results: the monolithic results.json of a text run (as a file and as its run folder),
 * the dir layout of a voice run, and a real experiment folder from tau2-bench's own tests
 * (fixtures/adapters-folders/README.md). Each task × trial as the runner and the evaluator write it.
 */
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { extractTrace } from '../../../src/analysis/evidence/extract.js';
import { attemptTrials } from '../../../src/load/attempts.js';
import { NO_FIELDS, unpackSummary } from '../../../src/schema/pack.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { inputError } from '../../helpers/input-error.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const DIR = join(FIXTURES, 'adapters-folders', 'tau2');
const TEXT_RUN = join(DIR, 'airline-gpt-4.1-mini');

const row = (c: CaseResult) => ({ id: c.id, completed: c.completed, reward: c.reward, error: c.error, solved: c.extra['n_solved'] });

describe('tau2-bench', () => {
  it('reads a text run: one case per task, its trials merged, the termination reasons as errors', () => {
    const s = loadSummary(TEXT_RUN);
    expect(s.format).toBe('tau2-bench');
    expect(s.cases.map(row)).toEqual([
      { id: '0', completed: true, reward: 1, error: null, solved: 2 },
      // One trial ran out of steps: not pass^2; the task was solved once, so no error for the case.
      { id: '1', completed: false, reward: 0.5, error: null, solved: 1 },
      // Neither trial solved it: the first failed trial's termination reason is the error.
      { id: '2', completed: false, reward: 0, error: 'termination_reason: too_many_errors', solved: 0 },
      // run_with_retry's placeholder: the exception type and text as the runner recorded them.
      {
        id: '3',
        completed: false,
        reward: 0,
        error:
          'termination_reason: infrastructure_error (RateLimitError: litellm.RateLimitError: RateLimitError: OpenAIException - Rate limit reached for gpt-4.1-mini in organization org-x on tokens per min (TPM))',
        solved: 0,
      },
      { id: '4', completed: false, reward: 0.5, error: null, solved: 1 },
      { id: '5', completed: false, reward: 0.5, error: null, solved: 1 },
    ]);
    const attempts = (id: string) =>
      (s.cases.find((c) => c.id === id)?.extra['attempts'] as { solved: boolean | null; error: string | null }[]).map((a) => [a.solved, a.error]);
    // The infrastructure error has no verdict (no reward_info); the others are scored 0 by the evaluator.
    expect(attempts('3')).toEqual([
      [null, expect.stringMatching(/^termination_reason: infrastructure_error \(RateLimitError: /)],
      [false, null],
    ]);
    expect(attempts('4')).toEqual([
      [false, 'termination_reason: user_error'],
      [true, null],
    ]);
    expect(attempts('5')).toEqual([
      [false, 'termination_reason: timeout'],
      [true, null],
    ]);
    expect(s.run.model).toBe('gpt-4.1-mini-2025-04-14');
    expect(s.id).toBe('airline-gpt-4.1-mini');
    expect(s.metadata).toMatchObject({ 'tau2.domain': 'airline', 'tau2.num_trials': 2, 'tau2.user_llm': 'gpt-4.1-2025-04-14' });
    // The messages stay with each trial, for the evidence of a regressed task.
    const first = (s.cases[0]?.extra['attempts'] as { messages: unknown[] }[])[0];
    expect(first?.messages).toHaveLength(5);
    expect(s.cases[0]?.duration_seconds).toBe(85);
  });

  it('reads results.json given as a file the same as its folder', () => {
    const file = loadSummary(join(TEXT_RUN, 'results.json'));
    const folder = loadSummary(TEXT_RUN);
    expect(file.cases).toEqual(folder.cases);
    expect(file.id).toBe(folder.id);
  });

  it('splits the trials into runs under significant (attempt t of every task in run t)', () => {
    const s = loadSummary(TEXT_RUN);
    const runs = attemptTrials(asLoaded(TEXT_RUN, s, NO_FIELDS));
    expect(runs?.map((r) => unpackSummary(r.rows).cases.map((c) => c.completed))).toEqual([
      [true, true, false, false, false, false],
      [true, false, false, false, true, true],
    ]);
  });

  it('reads the dir layout: results.json with simulation_index, one simulations/<id>.json each', () => {
    const dir = join(DIR, 'voice-dir');
    const s = loadSummary(dir);
    expect(s.cases.map(row)).toEqual([
      { id: '0', completed: true, reward: 1, error: null, solved: undefined },
      { id: '1', completed: false, reward: 0, error: 'termination_reason: agent_error', solved: undefined },
    ]);
    // The messages are the evidence's steps: one per assistant turn, a tool call by its name and arguments.
    const trace = extractTrace('tau2-bench', s.cases[1] as CaseResult);
    expect(trace.steps.map((t) => [t.action, t.input])).toEqual([
      ['message', 'Hi! How can I help you today?'],
      ['get_reservation_details', '{"reservation_id":"EHGLP3"}'],
      ['message', 'Your flight is changed.'],
    ]);
    // Given the file, the simulations/ folder beside it makes it the dir layout (Results._detect_format).
    expect(loadSummary(join(dir, 'results.json')).cases).toEqual(s.cases);
  });

  it('refuses a dir layout whose files and index differ, as Results.load does', () => {
    const dir = join(DIR, 'voice-dir-missing');
    expect(inputError(() => loadSummary(dir))).toBe(
      `${join(dir, 'results.json')}: the simulations/ folder and the simulation_index of results.json differ (missing simulation files: 00000000-0000-4000-8000-000000000014); expected one file per indexed simulation`,
    );
  });

  it('refuses a folder of several results files: each is a run of its own', () => {
    const dir = join(DIR, 'several');
    expect(inputError(() => loadSummary(dir))).toContain('a tau2-bench run (results.json, simulations/)');
    // Forced, the shape check refuses it first (registry.ts), naming the files it will not join.
    expect(inputError(() => loadSummary(dir, 'tau2-bench'))).toContain(
      'here: a directory without results.json (its 2 .json files are not read as one tau2-bench run)',
    );
    // One of them alone is read.
    expect(loadSummary(join(dir, 'gpt-4.1_airline_default_gpt-4.1_2trials.json')).cases.map((c) => c.id)).toEqual(['1']);
  });

  it('refuses the real voice experiment of tau2-bench’s tests: its simulations were never evaluated (no reward_info)', () => {
    const dir = join(DIR, 'real-voice-experiment');
    const message = inputError(() => loadSummary(dir));
    expect(message).toContain(`${join(dir, 'results.json')}: 3 problems`);
    expect(message).toContain(
      'simulations/49b22f0c-4a56-41c5-922f-bc2a56e53a23.json: "reward_info": expected the evaluator’s RewardInfo with a finite `reward`, got nothing (the field is missing)',
    );
  });
});
