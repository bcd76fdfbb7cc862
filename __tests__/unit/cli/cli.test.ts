import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { FINDING_CODES } from '../../../src/analysis/integrity/findings.js';
import { COMPARE_HELP } from '../../../src/cli/help.js';
import { BENCHGATE_VERSION } from '../../../src/version.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';
import { rlmSummary } from '../../helpers/rlm-builder.js';

const fixtures = new URL('../../fixtures/rlm-code/', import.meta.url).pathname;
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
    [
      'not a number',
      ['compare', ...pair('reward_regression'), '--max-steps-increase', 'half'],
      /Invalid value "half" for --max-steps-increase: expected a number/,
    ],
    ['NaN refused', ['compare', ...pair('reward_regression'), '--min-reward-delta', 'nan'], /Invalid value "nan" for --min-reward-delta/],
    ['bad format', ['compare', ...pair('reward_regression'), '--format', 'html'], /Invalid value "html" for --format: expected one of markdown, json, csv/],
    [
      'bad finding code',
      ['compare', ...pair('reward_regression'), '--allow-finding', 'everything'],
      /Invalid value "everything" for --allow-finding: expected one of empty-run/,
    ],
    ['contradicting flags', ['compare', ...pair('reward_regression'), '--fail-on-completion-regression', '--no-fail-on-completion-regression'], /contradict/],
    ['repeated option', ['compare', ...pair('reward_regression'), '--format', 'csv', '--format', 'json'], /--format was given 2 times/],
    ['missing file', ['compare', '--baseline', join(tmp, 'nope.json'), '--candidate', 'x'], /nope\.json: no such file/],
    [
      'output onto an input',
      ['compare', ...pair('reward_regression'), '--output', `${fixtures}reward_regression/baseline.json`],
      /is an input file; refusing to overwrite it/,
    ],
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
    expect(options).toEqual(
      expect.arrayContaining([
        '--baseline',
        '--candidate',
        '--input-format',
        '--min-reward-delta',
        '--min-completion-delta',
        '--max-steps-increase',
        '--fail-on-completion-regression',
        '--no-fail-on-completion-regression',
        '--allow-finding',
        '--format',
        '--output',
        '--help',
      ]),
    );
    for (const option of options) expect(readme, option).toContain(`\`${option}`);
    for (const code of FINDING_CODES) expect(readme, code).toContain(`\`${code}\``);
  });
  it('--help and --version exit 0', async () => {
    expect(await run('compare', '--help')).toMatchObject({ code: 0, stdout: COMPARE_HELP });
    expect((await run('--help')).code).toBe(0);
    expect((await run('--version')).stdout).toBe(`${BENCHGATE_VERSION}\n`);
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(BENCHGATE_VERSION).toBe(pkg.version);
  });
});
