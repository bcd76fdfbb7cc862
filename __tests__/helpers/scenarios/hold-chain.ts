// The run-and-compare hold chain (a baseline job and a candidate job run the embedded example suite
// with `mode: run`, a gate job decides with `mode: compare`), written once and played by two
// harnesses with the same job(double, root, name, run) signature: the committed bundle through
// action.yml (e2e/action-e2e.test.ts, helpers/action-jobs.ts) and runAction in process
// (integration/action/jobs.test.ts, helpers/in-process-jobs.ts). A difference between the bundle
// and the source shows up as one of them failing. Asserts on the stored artifacts, the outputs, the
// job summary and the exit codes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { gitWorkspace, suiteCommand } from '../action-jobs.js';
import { unzip } from '../zip.js';

interface JobResult {
  exitCode: number;
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

/** A harness's job: the inputs and env of one step of one job of a workflow run. */
export type JobOf = (
  double: ResultsServiceDouble,
  root: string,
  name: string,
  run?: string,
) => { workspace: string; temp: string; run(inputs: Record<string, string>, env?: Record<string, string>): Promise<JobResult> };

/** Declares the hold chain's tests with the harness's `job`; the double and the scratch folder are the caller's to reuse. */
export function holdChain(job: JobOf): { readonly double: ResultsServiceDouble; readonly root: string } {
  let double: ResultsServiceDouble;
  let root: string;

  beforeAll(async () => {
    double = await startResultsService();
    root = mkdtempSync(join(tmpdir(), 'benchgate-e2e-'));
  });
  afterAll(async () => {
    await double?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function stored(name: string, run = 'run-1'): Map<string, Buffer> {
    const artifact = double.artifacts(run).get(name);
    if (!artifact) throw new Error(`no artifact ${name} in ${run}; have ${[...double.artifacts(run).keys()].join(', ')}`);
    return unzip(artifact.bytes);
  }

  function json(buffer: Buffer | undefined): Record<string, unknown> {
    if (!buffer) throw new Error('file missing from artifact');
    return JSON.parse(buffer.toString('utf8')) as Record<string, unknown>;
  }

  describe('baseline, candidate and gate jobs (hold case)', () => {
    const run = 'run-1';
    let gitCommit: string;

    it('the baseline job runs the suite, stamps the summary and uploads it', async () => {
      const baseline = job(double, root, 'baseline', run);
      gitCommit = gitWorkspace(baseline.workspace);
      const result = await baseline.run({
        mode: 'run',
        suite: 'demo',
        role: 'baseline',
        command: suiteCommand('tool_call'),
        fingerprint: 'model: demo-model\nseed: 7\nscoring_version: 3',
      });
      expect(result.exitCode, result.log).toBe(0);
      expect(result.outputs).toMatchObject({
        'artifact-name': 'benchgate-demo-baseline',
        cases: '10',
        'completion-rate': '0.8',
        'avg-reward': '0.7',
        'command-exit-code': '0',
        'timed-out': 'false',
      });
      expect(Number(result.outputs['artifact-id'])).toBe(double.artifacts(run).get('benchgate-demo-baseline')?.id);
      expect(result.log).toContain('benchgate: summary .rlm_code/rlm/benchmarks/tool_call.json');
      // The suite's output is streamed inside a group, with workflow commands switched off around it.
      expect(result.log).toMatch(
        /::group::benchgate: baseline suite "demo"[^\n]*\n::stop-commands::([0-9a-f]{32})\n[\s\S]*tool_call, 8\/10 completed[\s\S]*\n::\1::\n::endgroup::/,
      );

      const files = stored('benchgate-demo-baseline', run);
      expect([...files.keys()].sort()).toEqual(['command.log', 'original/tool_call.json', 'summary.json']);
      expect(files.get('command.log')?.toString()).toContain('tool_call, 8/10 completed');
      const summary = json(files.get('summary.json'));
      expect(summary['schema']).toBe('benchgate.summary/v1');
      expect(summary['metadata']).toMatchObject({
        model: 'demo-model',
        seed: 7,
        scoring_version: 3,
        'benchgate.role': 'baseline',
        'benchgate.suite': 'demo',
        'github.repository': 'octo-org/benchgate',
        'github.pr': 42,
        'github.pr_head_sha': '1111111111111111111111111111111111111111',
        'github.pr_base_sha': '2222222222222222222222222222222222222222',
        'github.sha': '3333333333333333333333333333333333333333',
        'github.run_id': 987654321,
        'github.run_attempt': 1,
        'github.job': 'baseline',
        'runner.os': 'Linux',
        'runner.arch': 'X64',
        'git.commit': gitCommit,
        command: suiteCommand('tool_call'),
        'command.exit_code': 0,
        'command.timed_out': false,
        'source.file': '.rlm_code/rlm/benchmarks/tool_call.json',
      });
      expect(summary['metadata']).toHaveProperty('source.sha256', expect.stringMatching(/^[0-9a-f]{64}$/));
      expect(result.summary).toContain('### benchgate: baseline run');
      expect(result.summary).toContain('| Completion rate | 80.0% |');
    });

    it('the candidate job uploads its own artifact beside it', async () => {
      const result = await job(double, root, 'candidate', run).run({
        mode: 'run',
        suite: 'demo',
        role: 'candidate',
        command: suiteCommand('codemode'),
        fingerprint: 'model: demo-model\nseed: 7\nscoring_version: 3',
      });
      expect(result.exitCode, result.log).toBe(0);
      expect(result.outputs).toMatchObject({ 'artifact-name': 'benchgate-demo-candidate', 'completion-rate': '0.9', 'avg-reward': '0.9' });
      expect(json(stored('benchgate-demo-candidate', run).get('summary.json'))['metadata']).toMatchObject({
        'benchgate.role': 'candidate',
        'git.commit': null,
      });
    });

    it('the gate job holds: report in the job summary and the report artifact, outputs set, step failed', async () => {
      const gate = job(double, root, 'gate', run);
      const result = await gate.run({
        mode: 'compare',
        suite: 'demo',
        needs: JSON.stringify({ baseline: { result: 'success', outputs: {} }, candidate: { result: 'success', outputs: {} } }),
      });
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({
        verdict: 'hold',
        passed: 'false',
        regressions: '1',
        'reward-delta': '0.20000000000000007',
        'completion-delta': '0.09999999999999998',
        'steps-increase': '-0.10000000000000009',
      });
      expect(result.summary).toMatch(/^### ❌ Hold: `codemode` is not ready to replace `tool_call` on `demo_tool_use`\n/);
      expect(result.summary).toContain('| `log_error_count` | ✅ completed | ❌ guardrail blocked |');
      // Each side named by its artifact, the file the suite wrote, its commit and run: never the runner's download folder.
      expect(result.summary).toMatch(/Baseline benchmark: `[^`]+` \(`artifact benchgate-demo-baseline: tool_call\.json(, commit [0-9a-f]{7})?, run \d+`\)/);
      expect(result.summary).toMatch(/Candidate benchmark: `[^`]+` \(`artifact benchgate-demo-candidate: codemode\.json(, commit [0-9a-f]{7})?, run \d+`\)/);
      expect(result.summary).not.toContain(gate.temp);
      expect(result.summary).not.toContain('benchgate-download-');
      // The report's first line says hold; no second "failed" note under it.
      expect(result.summary).not.toContain('benchgate failed');
      expect(result.log).toContain('::error::benchgate: hold (failed gates: completion_regressions; findings: guardrail-rise) (set fail-on-hold: false');

      const reports = stored('benchgate-demo-report', run);
      // A case regressed: the evidence page (issue 35) is uploaded beside the reports.
      expect([...reports.keys()].sort()).toEqual(['benchgate-report.csv', 'benchgate-report.json', 'benchgate-report.md', 'evidence.html']);
      const report = json(reports.get('benchgate-report.json'));
      expect(report).toMatchObject({ verdict: 'hold', passed: false, gates: { reward: true, completion: true, steps: true, completion_regressions: false } });
      expect(report['baseline_path']).toMatch(/^artifact benchgate-demo-baseline: tool_call\.json/);
      expect(JSON.stringify(report)).not.toContain(gate.temp);
      expect(reports.get('benchgate-report.md')?.toString()).toBe(readFileSync(result.outputs['report-markdown'] as string, 'utf8'));
      expect(readFileSync(result.outputs['report-csv'] as string, 'utf8')).toBe(reports.get('benchgate-report.csv')?.toString());
      expect(Number(result.outputs['report-artifact-id'])).toBe(double.artifacts(run).get('benchgate-demo-report')?.id);
      writeFileSync(join(root, 'hold-summary.md'), result.summary);
    });

    it('fail-on-hold: false reports the hold without failing; a second gate run replaces the report artifact', async () => {
      const first = double.artifacts(run).get('benchgate-demo-report')?.id;
      const result = await job(double, root, 'gate2', run).run({ mode: 'compare', suite: 'demo', 'fail-on-hold': 'false' });
      expect(result.exitCode, result.log).toBe(0);
      expect(result.outputs).toMatchObject({ verdict: 'hold', passed: 'false' });
      expect(result.log).toContain(`benchgate: replaced artifact benchgate-demo-report (id ${first}) from an earlier run of this job (a re-run)`);
      expect(double.artifacts(run).get('benchgate-demo-report')?.id).toBe(Number(result.outputs['report-artifact-id']));
      expect(result.summary).not.toContain('benchgate failed');
    });
  });

  return {
    get double() {
      return double;
    },
    get root() {
      return root;
    },
  };
}
