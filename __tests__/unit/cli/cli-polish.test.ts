// The CLI as a newcomer types it (issue 20, item 5): a suggestion for every typo, an error for an
// option that cannot matter, help per command, and usage lines the parser agrees with.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { COMPARE_HELP, HISTORY_HELP, LEADERBOARD_HELP, MAIN_HELP, PROFILE_HELP } from '../../../src/cli/help.js';
import { closestName } from '../../../src/policy/suggest.js';
import { runCli } from '../../helpers/cli-run.js';

const fixtures = new URL('../../fixtures/rlm-code/', import.meta.url).pathname;
const pair = ['--baseline', `${fixtures}reward_regression/baseline.json`, '--candidate', `${fixtures}reward_regression/candidate.json`];
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-cli-polish-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function error(...argv: string[]): Promise<string> {
  const r = await runCli(...argv);
  expect(r.code, r.stderr).toBe(2);
  return r.stderr;
}

function config(text: string): string {
  const path = join(tmp, `c-${Math.random().toString(36).slice(2)}.yml`);
  writeFileSync(path, text);
  return path;
}

describe('did you mean', () => {
  it.each([
    [['compare', '--basline', 'x', '--candidate', 'y'], '--basline (did you mean --baseline?)'],
    [['compare', ...pair, '--min_reward_delta', '0'], '--min_reward_delta (did you mean --min-reward-delta?)'],
    [['compare', ...pair, '--confidance', '0.9'], '(did you mean --confidence?)'],
    [['compare', ...pair, '--fail-on-completion-regresion'], '(did you mean --fail-on-completion-regression?)'],
    [['leaderboard', 'x.json', '--group_by', 'model'], '--group_by (did you mean --group-by?)'],
    [['compair'], 'Unknown command "compair" (did you mean compare?)'],
  ])('%j', async (argv, said) => {
    expect(await error(...argv)).toContain(said);
  });

  it('offers nothing for a word that is no typo of any option', async () => {
    const said = await error('compare', ...pair, '--frobnicate', '1');
    expect(said).toContain('Unknown option --frobnicate;');
    expect(said).not.toContain('did you mean');
    expect(closestName('xyz', ['baseline', 'candidate'])).toBeNull();
  });

  it('configuration keys: the top level, and nested keys among their own siblings', async () => {
    const top = await error('compare', ...pair, '--config', config('min-reward-delta: 0\n'));
    expect(top).toContain('unknown key "min-reward-delta" (did you mean "min_reward_delta"?)');
    const gate = await error('compare', ...pair, '--config', config('gates:\n  - metric: calls\n    tolerence: 1\n'));
    expect(gate).toContain('"gates.0": unknown key "tolerence" (did you mean "tolerance"?); allowed here: metric, field, direction, tolerance, level');
    expect(gate).not.toContain('min_reward_delta');
    const slice = await error('compare', ...pair, '--config', config('slices:\n  - by: task_family\n    metric: reward\n    min_case: 3\n'));
    expect(slice).toContain('unknown key "min_case" (did you mean "min_cases"?); allowed here: by, metric, tolerance, min_cases, level');
    const price = await error('compare', ...pair, '--config', config('pricing:\n  gpt-4o:\n    promt: 1\n    completion: 2\n'));
    expect(price).toContain('"pricing.gpt-4o": unknown key "promt" (did you mean "prompt"?); allowed here: prompt, completion');
  });
});

describe('options that cannot change the verdict are errors', () => {
  it('--confidence and --cluster without --decide significant', async () => {
    expect(await error('compare', ...pair, '--confidence', '0.99')).toContain(
      '--confidence has no effect with --decide point (the default): it applies to --decide significant only',
    );
    expect(await error('compare', ...pair, '--cluster', 'task_family', '--decide', 'point')).toContain(
      '--cluster has no effect with --decide point: it applies to --decide significant only',
    );
    expect(await error('compare', ...pair, '--cluster', 'none', '--confidence', '95%')).toContain('--confidence and --cluster have no effect');
  });

  it('a forced cluster field that no case has is an error naming the fields the cases do have', async () => {
    const said = await error('compare', ...pair, '--decide', 'significant', '--cluster', 'repo');
    expect(said).toMatch(
      /cluster "repo": no case has a value for this field, so nothing could be clustered by it; the cases have .*\(or choose auto or none\)/,
    );
  });

  it('are accepted when the configuration file decides significant', async () => {
    const r = await runCli('compare', ...pair, '--config', config('decide: significant\n'), '--confidence', '0.9');
    expect([0, 1, 3]).toContain(r.code);
    expect(r.stderr).not.toContain('no effect');
  });
});

describe('help', () => {
  it("benchgate help <command> prints that command's help", async () => {
    expect((await runCli('help', 'compare')).stdout).toBe(COMPARE_HELP);
    expect((await runCli('help', 'leaderboard')).stdout).toBe(LEADERBOARD_HELP);
    expect((await runCli('help', 'history')).stdout).toBe(HISTORY_HELP);
    expect((await runCli('history', '--help')).stdout).toBe(HISTORY_HELP);
    expect((await runCli('help', 'profile')).stdout).toBe(PROFILE_HELP);
    expect((await runCli('profile', '--help')).stdout).toBe(PROFILE_HELP);
    expect((await runCli('help')).stdout).toBe(MAIN_HELP);
    expect(await error('help', 'comprae')).toContain(
      '\'benchgate help\' takes one command name: compare, leaderboard, history, profile, not "comprae" (did you mean compare?)',
    );
  });

  it('usage lines match the parser: one file per --baseline, repeated for trials', () => {
    for (const text of [MAIN_HELP, COMPARE_HELP]) expect(text).not.toMatch(/FILE\.\.\./);
    expect(COMPARE_HELP).toContain('repeat it or give a quoted glob for repeated trials');
    expect(COMPARE_HELP).not.toMatch(/may change by at least/);
  });
});
