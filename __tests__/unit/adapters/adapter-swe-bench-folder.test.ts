/**
 * A SWE-bench run read from its evaluation log folder (fixtures/adapters-folders/README.md says how
 * each instance folder follows the harness's code): each instance as `make_run_report` counts it.
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { inputError } from '../../helpers/input-error.js';

const RUN = join(FIXTURES, 'adapters-folders', 'swe-bench', 'logs', 'run_evaluation', 'nightly-7');
const MODEL = join(RUN, 'openai__gpt-4o');

const row = (c: CaseResult) => ({
  id: c.id,
  completed: c.completed,
  reward: c.reward,
  error: c.error,
  outcome: c.extra['outcome'],
  reason: c.extra['failure_reason'] ?? null,
});

describe('swe-bench: the evaluation log folder', () => {
  it('reads each instance folder as make_run_report counts it', () => {
    const s = loadSummary(MODEL);
    expect(s.format).toBe('swe-bench');
    expect(s.cases.map(row)).toEqual([
      { id: 'astropy__astropy-12907', completed: true, reward: 1, error: null, outcome: 'resolved', reason: null },
      // Unresolved with nothing in the logs: the model's miss, no error.
      { id: 'django__django-11099', completed: false, reward: 0, error: null, outcome: 'unresolved', reason: null },
      // No report.json: error_ids, with the harness's own EvaluationError message from run_instance.log.
      {
        id: 'django__django-11133',
        completed: false,
        reward: 0,
        error: 'error_ids: no report.json, the harness could not evaluate the instance (>>>>> Patch Apply Failed:)',
        outcome: 'error',
        reason: null,
      },
      // An empty report.json is an error too (reporting.py: `if not content: error_ids.add`).
      {
        id: 'pallets__flask-4992',
        completed: false,
        reward: 0,
        error: 'error_ids: report.json is empty, the harness could not evaluate the instance',
        outcome: 'error',
        reason: null,
      },
      // Graded, killed for memory: infra_failure.py's out_of_memory (TIER_ENVIRONMENT) from test_output.txt.
      { id: 'psf__requests-2317', completed: false, reward: 0, error: 'infra_failure: out_of_memory', outcome: 'unresolved', reason: 'out_of_memory' },
      // The tests timed out: an error of the harness, classified ambiguous (tests_timed_out), so no infra_failure.
      {
        id: 'pytest-dev__pytest-5103',
        completed: false,
        reward: 0,
        error: 'error_ids: no report.json, the harness could not evaluate the instance (Test timed out after 1800 seconds.)',
        outcome: 'error',
        reason: 'tests_timed_out',
      },
      // The Docker daemon failed creating the container: error_ids and, from the log, container_unavailable.
      {
        id: 'sympy__sympy-20590',
        completed: false,
        reward: 0,
        error:
          'error_ids: no report.json, the harness could not evaluate the instance (500 Server Error for http+docker://localhost/v1.47/containers/create: Internal Server Error ("Error response from daemon: no space left on device")); infra_failure: container_unavailable',
        outcome: 'error',
        reason: 'container_unavailable',
      },
    ]);
    const pytest = s.cases.find((c) => c.id === 'pytest-dev__pytest-5103');
    expect(pytest?.extra['ambiguous_failure']).toBe(true);
    // The repository is the task family, as for the run report; the report's tests_status is kept.
    expect(s.cases[0]?.labels.task_family).toBe('astropy');
    expect((s.cases[0]?.extra['tests_status'] as { FAIL_TO_PASS: { success: string[] } }).FAIL_TO_PASS.success).toHaveLength(1);
    expect(s.run.model).toBe('openai__gpt-4o');
    expect(s.metadata).toMatchObject({ 'swe_bench.run_id': 'nightly-7', 'swe_bench.dataset': 'SWE-bench/SWE-bench_Lite', 'swe_bench.split': 'test' });
    expect(s.reported).toMatchObject({ total_cases: 7, completed_cases: 1 });
  });

  it('reads the run folder of one model as that model’s folder', () => {
    expect(loadSummary(RUN).cases.map((c) => c.id)).toEqual(loadSummary(MODEL).cases.map((c) => c.id));
    expect(loadSummary(RUN, 'swe-bench').id).toBe('nightly-7 openai__gpt-4o');
  });

  it('refuses a run folder of two models, naming them', () => {
    const dir = join(FIXTURES, 'adapters-folders', 'swe-bench-two-models', 'nightly-8');
    expect(inputError(() => loadSummary(dir))).toBe(
      `${dir}: holds the evaluation logs of 2 models (anthropic__claude-sonnet-4, openai__gpt-4o); each is its own run: give one, such as ${join(dir, 'anthropic__claude-sonnet-4')}`,
    );
  });

  it('reads a report.json that is not JSON, or lacks its instance, as the harness does: an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-swe-'));
    cpSync(join(MODEL, 'astropy__astropy-12907'), join(dir, 'a__a-1'), { recursive: true });
    cpSync(join(MODEL, 'astropy__astropy-12907'), join(dir, 'b__b-2'), { recursive: true });
    writeFileSync(join(dir, 'a__a-1', 'report.json'), '{"resolved": tru');
    const s = loadSummary(dir);
    expect(s.cases.map((c) => [c.id, c.completed, c.error])).toEqual([
      ['a__a-1', false, 'error_ids: report.json is not valid JSON, the harness could not evaluate the instance'],
      // The report's key is astropy__astropy-12907, not the folder's instance id: make_run_report's KeyError.
      ['b__b-2', false, 'error_ids: report.json has no "b__b-2" entry with "resolved", the harness could not evaluate the instance'],
    ]);
  });

  it('refuses a report whose resolved is not a boolean, naming the instance', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-swe-'));
    cpSync(join(MODEL, 'astropy__astropy-12907'), join(dir, 'astropy__astropy-12907'), { recursive: true });
    writeFileSync(join(dir, 'astropy__astropy-12907', 'report.json'), JSON.stringify({ 'astropy__astropy-12907': { resolved: 'yes', patch_exists: true } }));
    expect(inputError(() => loadSummary(dir))).toContain(
      'astropy__astropy-12907/report.json: "resolved": expected true or false (grading.py get_eval_report), got the string "yes"',
    );
  });

  it('a folder of neither: the directory error names every folder shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-swe-'));
    writeFileSync(join(dir, 'notes.txt'), 'x');
    expect(inputError(() => loadSummary(dir))).toContain('SWE-bench evaluation logs (logs/run_evaluation/<run_id>/<model>/<instance_id>/report.json)');
    expect(inputError(() => loadSummary(dir, 'swe-bench'))).toContain(
      'or a SWE-bench evaluation log folder, logs/run_evaluation/<run_id>/<model>/ (or its <run_id>/ of one model), of <instance_id>/ folders with report.json or run_instance.log',
    );
  });
});

describe('swe-bench: the run report', () => {
  it('an instance in error_ids and infra_failure_ids reads as the environment fault it is, as the folder reads it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swe-run-report-'));
    const file = join(dir, 'openai__gpt-4o.nightly-7.json');
    // reporting.py (#586): an environment fault the harness could not evaluate is in both lists.
    writeFileSync(
      file,
      JSON.stringify({
        submitted_ids: ['a__a-1', 'b__b-2'],
        resolved_ids: ['a__a-1'],
        unresolved_ids: [],
        empty_patch_ids: [],
        error_ids: ['b__b-2'],
        infra_failure_ids: ['b__b-2'],
        ambiguous_failure_ids: [],
        failure_reasons: { 'b__b-2': 'docker: no space left on device' },
      }),
    );
    const s = loadSummary(file);
    expect(s.cases.map((c) => [c.id, c.completed, c.error])).toEqual([
      ['a__a-1', true, null],
      ['b__b-2', false, 'infra_failure: docker: no space left on device (error_ids: the harness could not evaluate the instance)'],
    ]);
  });
});
