// The bundled CLI (dist/cli.js) as a program (issue 42 item 6): a closed pipe on stdout or stderr
// never changes the exit status (`benchgate compare … | head -1`), and a configuration file read
// from the working directory without --config is named once on stderr.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;
const fixtures = new URL('../fixtures/rlm-code/', import.meta.url).pathname;
const pair = (dir: string): string[] => ['--baseline', `${fixtures}${dir}/baseline.json`, '--candidate', `${fixtures}${dir}/candidate.json`];
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-pipe-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Runs the CLI with the reading end of stdout and/or stderr closed before it writes a byte (what
 * `| head -1` does to a report longer than its first line, at the latest moment a write can
 * fail), or closed after the first line (`firstLine`); resolves to the exit code and what the
 * open streams got.
 */
function run(args: string[], close: { stdout?: 'at once' | 'firstLine'; stderr?: 'at once' }, cwd = tmp) {
  return new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    if (close.stdout === 'at once') child.stdout.destroy();
    else
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (close.stdout === 'firstLine' && stdout.includes('\n')) child.stdout.destroy();
      });
    if (close.stderr === 'at once') child.stderr.destroy();
    else child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('a closed pipe', () => {
  // promote (0), hold (1): a crash on EPIPE exited 1, so the promote pair is the one that tells.
  it.each([
    ['clean_pass_codemode_promotion', 0, 'promote'],
    ['reward_regression', 1, 'hold'],
  ])('on stdout: %s still exits %i, and stderr still says the verdict', async (dir, code, verdict) => {
    for (const format of ['markdown', 'json']) {
      const r = await run(['compare', ...pair(dir), '--format', format], { stdout: 'at once' });
      expect([r.code, r.signal]).toEqual([code, null]);
      expect(r.stderr).toMatch(new RegExp(`^benchgate: ${verdict} \\(`));
      expect(r.stderr).not.toMatch(/EPIPE|Error|internal error/);
    }
  });

  it('on stdout after the first line (head -1): the exit status is the verdict', async () => {
    const r = await run(['compare', ...pair('clean_pass_codemode_promotion'), '--format', 'json'], { stdout: 'firstLine' });
    expect([r.code, r.signal]).toEqual([0, null]);
    expect(r.stdout.split('\n')[0]).toBe('{');
  });

  it.each([
    ['clean_pass_codemode_promotion', 0],
    ['reward_regression', 1],
  ])('on stderr, and on both: %s still exits %i', async (dir, code) => {
    const errOnly = await run(['compare', ...pair(dir)], { stderr: 'at once' });
    expect([errOnly.code, errOnly.signal]).toEqual([code, null]);
    expect(errOnly.stdout).toMatch(/^### /);
    const both = await run(['compare', ...pair(dir)], { stdout: 'at once', stderr: 'at once' });
    expect([both.code, both.signal]).toEqual([code, null]);
  });

  it('an error on a closed stderr is still exit 2, not a crash', async () => {
    const r = await run(['compare', '--baseline', 'missing.json', '--candidate', 'missing.json'], { stdout: 'at once', stderr: 'at once' });
    expect([r.code, r.signal]).toEqual([2, null]);
  });
});

describe('the configuration file of the working directory', () => {
  const dir = join(tmp, 'repo');
  mkdirSync(join(dir, '.github'), { recursive: true });
  writeFileSync(join(dir, '.github', 'benchgate.yml'), 'min_reward_delta: -1\n');

  it('is named once on stderr when read without --config, and it is the one that decides', async () => {
    // reward_regression holds on rlm-code's defaults; min_reward_delta -1 lets its reward drop pass.
    const r = await run(['compare', ...pair('reward_regression'), '--format', 'json'], {}, dir);
    const notice = 'benchgate: using the configuration file .github/benchgate.yml found in the working directory (--config FILE reads another)\n';
    expect(r.stderr.startsWith(notice)).toBe(true);
    expect(r.stderr.split(notice).length - 1).toBe(1);
    expect((JSON.parse(r.stdout) as { thresholds: { min_reward_delta: number } }).thresholds.min_reward_delta).toBe(-1);
  });

  it('is not named when --config names the file, nor when there is none', async () => {
    const given = await run(['compare', ...pair('reward_regression'), '--config', '.github/benchgate.yml'], {}, dir);
    expect(given.stderr).not.toContain('using the configuration file');
    const none = await run(['compare', ...pair('reward_regression')], {}, tmp);
    expect(none.stderr).not.toContain('using the configuration file');
  });

  it.each([['leaderboard'], ['history'], ['profile']])('%s names it too', async (command) => {
    const files = [`${fixtures}reward_regression/baseline.json`, `${fixtures}reward_regression/candidate.json`];
    const r = await run([command, ...files], {}, dir);
    expect(r.stderr).toContain('benchgate: using the configuration file .github/benchgate.yml found in the working directory');
  });
});
