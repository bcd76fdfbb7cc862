import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINDING_CODES } from '../src/analysis/findings.js';
import { COMPARE_HELP } from '../src/cli/help.js';
import { BENCHGATE_VERSION } from '../src/version.js';
import { rlmSummary } from './helpers/rlm-builder.js';
import { runCli } from './helpers/cli-run.js';
import { readDocs } from './helpers/docs.js';

const fixtures = new URL('./fixtures/rlm-code/', import.meta.url).pathname;
const pair = (dir: string) => ['--baseline', `${fixtures}${dir}/baseline.json`, '--candidate', `${fixtures}${dir}/candidate.json`];
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = runCli;

describe('exit codes and output', () => {
  it('promote is 0, with the report on stdout and the verdict line on stderr', async () => {
    const r = await run('compare', ...pair('clean_pass_codemode_promotion'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^### ✅ Promote: `codemode` may replace `tool_call` on `dynamic_web_filtering`/);
    expect(r.stderr).toBe('benchgate: promote (all 4 gates passed, no finding holds)\n');
  });
  it('hold is 1 and says which gate', async () => {
    const r = await run('compare', ...pair('steps_just_over_050'), '--format', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'hold', passed: false, failed_gates: ['steps'] });
    expect(r.stderr).toMatch(/hold \(failed gates: steps\)/);
  });
  it('thresholds from flags change the decision (rlm-code CI gate: -0.05 reward floor)', async () => {
    expect((await run('compare', ...pair('reward_regression'), '--min-reward-delta', '-0.2')).code).toBe(0);
    expect((await run('compare', ...pair('reward_regression'), '--min-reward-delta=-0.1')).code).toBe(1);
    expect((await run('compare', ...pair('completion_regression_overall_improved'), '--no-fail-on-completion-regression')).code).toBe(0);
    expect((await run('compare', ...pair('steps_just_over_050'), '--max-steps-increase', 'inf')).code).toBe(0);
  });
  it('--output writes the file and prints where', async () => {
    const out = join(tmp, 'nested', 'report.csv');
    const r = await run('compare', ...pair('reward_regression'), '--format', 'csv', '--output', out);
    expect(r.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(`${fixtures}reward_regression/rlm-code-report.csv`, 'utf8'));
    expect(r.stdout).toContain(`csv report written to ${out}`);
  });
  it('--allow-finding lets a run with missing cases promote', async () => {
    const base = join(tmp, 'base.json');
    const cand = join(tmp, 'cand.json');
    writeFileSync(base, JSON.stringify(rlmSummary({ cases: [{ id: 'a' }, { id: 'b' }] })));
    writeFileSync(cand, JSON.stringify(rlmSummary({ cases: [{ id: 'a' }] })));
    expect((await run('compare', '--baseline', base, '--candidate', cand)).code).toBe(1);
    expect((await run('compare', '--baseline', base, '--candidate', cand, '--allow-finding', 'missing-cases')).code).toBe(0);
  });
});

describe('usage and input errors exit 2 with one clear message', () => {
  const cases: [string, string[], RegExp][] = [
    ['no command', [], /A command is required/],
    ['unknown command', ['frobnicate'], /Unknown command "frobnicate"/],
    ['missing --baseline', ['compare', '--candidate', 'x.json'], /--baseline FILE is required/],
    ['unknown option', ['compare', ...pair('reward_regression'), '--min-reward'], /Unknown option --min-reward/],
    ['value missing', ['compare', ...pair('reward_regression'), '--output'], /--output needs a value/],
    ['not a number', ['compare', ...pair('reward_regression'), '--max-steps-increase', 'half'], /Invalid value "half" for --max-steps-increase: expected a number/],
    ['NaN refused', ['compare', ...pair('reward_regression'), '--min-reward-delta', 'nan'], /Invalid value "nan" for --min-reward-delta/],
    ['bad format', ['compare', ...pair('reward_regression'), '--format', 'html'], /Invalid value "html" for --format: expected one of markdown, json, csv/],
    ['bad finding code', ['compare', ...pair('reward_regression'), '--allow-finding', 'everything'], /Invalid value "everything" for --allow-finding: expected one of empty-run/],
    ['contradicting flags', ['compare', ...pair('reward_regression'), '--fail-on-completion-regression', '--no-fail-on-completion-regression'], /contradict/],
    ['repeated option', ['compare', ...pair('reward_regression'), '--format', 'csv', '--format', 'json'], /--format was given 2 times/],
    ['missing file', ['compare', '--baseline', join(tmp, 'nope.json'), '--candidate', 'x'], /nope\.json: no such file/],
    ['output onto an input', ['compare', ...pair('reward_regression'), '--output', `${fixtures}reward_regression/baseline.json`], /is an input file; refusing to overwrite it/],
  ];
  it.each(cases)('%s', async (_what, argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^benchgate: error: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
  it('a string "false" in completed is an input error naming the case', async () => {
    const file = join(tmp, 'bad.json');
    const raw = rlmSummary({ cases: [{ id: 'hello_py' }] });
    (raw['case_results'] as Record<string, unknown>[])[0]!['completed'] = 'false';
    writeFileSync(file, JSON.stringify(raw));
    const r = await run('compare', '--baseline', file, '--candidate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('case "hello_py" ($.case_results[0].completed): expected a boolean (true or false), got the string "false"');
  });
});

describe('documentation', () => {
  const readme = readDocs();
  const options = [...COMPARE_HELP.matchAll(/^\s+(?:-h, )?(--[a-z-]+)/gm)].map((m) => m[1] as string);
  it('--help and the README document every option, and the README every finding code', async () => {
    expect(options).toEqual(expect.arrayContaining(['--baseline', '--candidate', '--input-format', '--min-reward-delta', '--min-completion-delta', '--max-steps-increase', '--fail-on-completion-regression', '--no-fail-on-completion-regression', '--allow-finding', '--format', '--output', '--help']));
    for (const option of options) expect(readme, option).toContain(`\`${option}`);
    for (const code of FINDING_CODES) expect(readme, code).toContain(`\`${code}\``);
  });
  it('--help and --version exit 0', async () => {
    expect(await run('compare', '--help')).toMatchObject({ code: 0, stdout: COMPARE_HELP });
    expect((await run('--help')).code).toBe(0);
    expect((await run('--version')).stdout).toBe(`${BENCHGATE_VERSION}\n`);
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(BENCHGATE_VERSION).toBe(pkg.version);
  });
});

describe('the committed bundle dist/cli.js', () => {
  it('runs alone, without node_modules, with the same exit codes', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../dist/cli.js', import.meta.url), cli);
    const spawn = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: tmp, encoding: 'utf8', timeout: 20_000 });
    expect(spawn('compare', ...pair('clean_pass_codemode_promotion')).status).toBe(0);
    expect(spawn('compare', ...pair('reward_regression')).status).toBe(1);
    const bad = spawn('compare', '--baseline', 'missing.json', '--candidate', 'x.json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^benchgate: error: missing\.json: no such file\n$/);
  });
  it('loads in a worker thread for large inputs with the same reports and errors', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../dist/cli.js', import.meta.url), cli);
    const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
    for (const dir of ['completion_regression_overall_improved', 'clean_pass_codemode_promotion']) {
      for (const format of ['json', 'markdown']) {
        const threaded = spawnSync(process.execPath, [cli, 'compare', ...pair(dir), '--format', format], { encoding: 'utf8', env, timeout: 20_000 });
        expect(threaded.stdout).toBe((await run('compare', ...pair(dir), '--format', format)).stdout);
      }
    }
    const bad = join(tmp, 'bad-candidate.json');
    writeFileSync(bad, '{"case_results": [}');
    const r = spawnSync(process.execPath, [cli, 'compare', ...pair('reward_regression').slice(0, 2), '--candidate', bad], { encoding: 'utf8', env, timeout: 20_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad-candidate\.json: not valid JSON at line 1, column 19/);
  });
  it('reports bad rows found by either loading thread exactly as loading in-process does', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../dist/cli.js', import.meta.url), cli);
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
    const pairs = [[badRow, candidate], [baseline, badRow], [duplicate, candidate], [baseline, duplicate], [badRow, duplicate], [baseline, tmp]];
    for (const [b, c] of pairs) {
      const args = ['compare', '--baseline', b as string, '--candidate', c as string];
      const threaded = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, timeout: 20_000 });
      const inProcess = await run(...args);
      expect(threaded.status).toBe(2);
      expect(threaded.stderr).toBe(inProcess.stderr);
    }
  });
  it('writes the same CSV from a large pair', async () => {
    const cli = join(tmp, 'cli.js');
    copyFileSync(new URL('../dist/cli.js', import.meta.url), cli);
    const env = { ...process.env, BENCHGATE_PARALLEL_MIN_BYTES: '0' };
    const args = ['compare', ...pair('completion_regression_overall_improved'), '--format', 'csv'];
    const threaded = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env, timeout: 20_000 });
    expect(threaded.stdout).toBe((await run(...args)).stdout);
  });
});
