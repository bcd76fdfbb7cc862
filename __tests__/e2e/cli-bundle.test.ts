// The committed bundle dist/cli.js run as a program (moved from unit/cli/cli.test.ts, issue 19).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../helpers/cli-run.js';

const fixtures = new URL('../fixtures/rlm-code/', import.meta.url).pathname;
const pair = (dir: string) => ['--baseline', `${fixtures}${dir}/baseline.json`, '--candidate', `${fixtures}${dir}/candidate.json`];
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

describe('the committed bundle dist/cli.js', () => {
  it('runs alone, without node_modules, with the same exit codes', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), cli);
    const spawn = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: tmp, encoding: 'utf8', timeout: 120_000 });
    expect(spawn('compare', ...pair('clean_pass_codemode_promotion')).status).toBe(0);
    expect(spawn('compare', ...pair('reward_regression')).status).toBe(1);
    const bad = spawn('compare', '--baseline', 'missing.json', '--candidate', 'x.json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^benchgate: error: missing\.json: no such file\n$/);
  });
  it('loads in a worker thread for large inputs with the same reports and errors', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), cli);
    const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
    for (const dir of ['completion_regression_overall_improved', 'clean_pass_codemode_promotion']) {
      for (const format of ['json', 'markdown']) {
        const threaded = spawnSync(process.execPath, [cli, 'compare', ...pair(dir), '--format', format], { encoding: 'utf8', env, timeout: 120_000 });
        expect(threaded.stdout).toBe((await run('compare', ...pair(dir), '--format', format)).stdout);
      }
    }
    const bad = join(tmp, 'bad-candidate.json');
    writeFileSync(bad, '{"case_results": [}');
    const r = spawnSync(process.execPath, [cli, 'compare', ...pair('reward_regression').slice(0, 2), '--candidate', bad], {
      encoding: 'utf8',
      env,
      timeout: 120_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad-candidate\.json: not valid JSON at line 1, column 19/);
  });
  it('reports bad rows found by either loading thread exactly as loading in-process does', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), cli);
    const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
    const [baseline, candidate] = [pair('reward_regression')[1] as string, pair('reward_regression')[3] as string];
    const broken = (name: string, edit: (rows: Record<string, unknown>[]) => void): string => {
      const raw = JSON.parse(readFileSync(baseline, 'utf8')) as { case_results: Record<string, unknown>[] };
      edit(raw.case_results);
      writeFileSync(join(tmp, name), JSON.stringify(raw, null, 2));
      return join(tmp, name);
    };
    const badRow = broken('bad-row.json', (rows) => void ((rows[1] as Record<string, unknown>).completed = 'false'));
    const duplicate = broken('duplicate.json', (rows) => void ((rows[2] as Record<string, unknown>).case_id = (rows[0] as Record<string, unknown>).case_id));
    // A directory: this thread cannot read it for the loading thread, which then reads it and says why.
    const pairs = [
      [badRow, candidate],
      [baseline, badRow],
      [duplicate, candidate],
      [baseline, duplicate],
      [badRow, duplicate],
      [baseline, tmp],
    ];
    for (const [b, c] of pairs) {
      const args = ['compare', '--baseline', b as string, '--candidate', c as string];
      const threaded = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, timeout: 120_000 });
      const inProcess = await run(...args);
      expect(threaded.status).toBe(2);
      expect(threaded.stderr).toBe(inProcess.stderr);
    }
  });
  it('writes the same CSV from a large pair', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), cli);
    const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
    const args = ['compare', ...pair('completion_regression_overall_improved'), '--format', 'csv'];
    const threaded = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, timeout: 120_000 });
    expect(threaded.stdout).toBe((await run(...args)).stdout);
  });
});
