// The small loading thread (dist/load-worker.js) run beside the bundle, as the CLI starts it for a large pair (issue 23).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli-run.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-load-worker-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const root = new URL('../fixtures/', import.meta.url).pathname;

describe('the small loading thread (dist/load-worker.js) beside the bundle', () => {
  const cli = join(tmp, 'cli.js');
  copyFileSync(new URL('../../dist/cli.js', import.meta.url), cli);
  copyFileSync(new URL('../../dist/load-worker.js', import.meta.url), join(tmp, 'load-worker.js'));
  const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
  const pair = (dir: string) => ['--baseline', `${root}rlm-code/${dir}/baseline.json`, '--candidate', `${root}rlm-code/${dir}/candidate.json`];

  it('imports neither zod nor yaml', () => {
    const source = readFileSync(join(tmp, 'load-worker.js'), 'utf8');
    expect(source).not.toMatch(/\bZod[A-Z]\w*/);
    expect(source).not.toMatch(/\bYAMLMap\b|\bparseDocument\b/);
    expect(source.length).toBeLessThan(200_000);
  });

  it('gives the reports and errors of loading in-process, and hands broken files to the full reader (threads on and off)', async () => {
    const base = JSON.parse(readFileSync(`${root}rlm-code/reward_regression/baseline.json`, 'utf8')) as { case_results: Record<string, unknown>[] };
    const badRow = join(tmp, 'bad-row.json');
    writeFileSync(badRow, JSON.stringify({ ...base, case_results: base.case_results.map((r, i) => (i === 1 ? { ...r, completed: 'false' } : r)) }, null, 2));
    // The larger rlm-code file of a pair is read in the CLI's own thread, the other in the small one: a
    // broken file on either side, or on both (the baseline's error first), reads as in-process.
    const badLarge = join(tmp, 'bad-row-large.json');
    writeFileSync(badLarge, JSON.stringify({ ...base, case_results: base.case_results.map((r, i) => (i === 2 ? { ...r, steps: 'three' } : r)) }, null, 8));
    const large = join(tmp, 'large.json');
    writeFileSync(large, JSON.stringify(base, null, 8));
    const custom = join(tmp, 'custom-field.json');
    writeFileSync(custom, JSON.stringify({ ...base, case_results: base.case_results.map((r) => ({ ...r, custom: 1 })) }, null, 2));
    const runs: string[][] = [
      ['compare', ...pair('completion_regression_overall_improved'), '--format', 'json'],
      ['compare', ...pair('clean_pass_codemode_promotion'), '--format', 'markdown'],
      ['compare', ...pair('reward_regression'), '--format', 'csv'],
      ['compare', '--baseline', badRow, '--candidate', `${root}rlm-code/reward_regression/candidate.json`],
      ['compare', '--baseline', `${root}rlm-code/reward_regression/candidate.json`, '--candidate', custom, '--format', 'json'],
      ['compare', '--baseline', tmp, '--candidate', badRow],
      ['compare', '--baseline', badRow, '--candidate', badLarge],
      ['compare', '--baseline', `${root}rlm-code/reward_regression/baseline.json`, '--candidate', badLarge],
      ['compare', '--baseline', badLarge, '--candidate', `${root}rlm-code/reward_regression/candidate.json`],
      ['compare', '--baseline', `${root}rlm-code/reward_regression/baseline.json`, '--candidate', large, '--format', 'json'],
    ];
    for (const args of runs) {
      const inProcess = await runCli(...args);
      // Threads, and BENCHGATE_THREADS=0: the same packed forms read one after the other on the main thread.
      for (const threads of [{}, { BENCHGATE_THREADS: '0' }]) {
        const threaded = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...env, ...threads }, timeout: 120_000 });
        expect({ status: threaded.status, stdout: threaded.stdout, stderr: threaded.stderr }, JSON.stringify(threads)).toEqual({
          status: inProcess.code,
          stdout: inProcess.stdout,
          stderr: inProcess.stderr,
        });
      }
    }
  });
});
