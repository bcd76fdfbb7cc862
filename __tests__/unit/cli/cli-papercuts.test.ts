// What a new user trips on (issue 33): the version spelled the usual ways, a glob the shell expanded,
// a leaderboard over a folder that holds benchgate's own reports, help that fits 100 columns, and
// reports that never show this machine's absolute paths.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { sourceKindOf } from '../../../src/adapters/parsing/source.js';
import { COMPARE_HELP, LEADERBOARD_HELP, MAIN_HELP } from '../../../src/cli/help.js';
import { benchgateOutputKind } from '../../../src/cli/leaderboard.js';
import { shownPath } from '../../../src/fs-safe.js';
import { BENCHGATE_VERSION } from '../../../src/version.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';

const fixtures = new URL('../../fixtures/rlm-code/', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-papercuts-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A folder as the demo leaves it: two runs, then the reports compare wrote beside them. */
async function runsWithReports(name: string): Promise<string> {
  const dir = join(tmp, name);
  mkdirSync(dir);
  for (const side of ['baseline', 'candidate']) copyFileSync(`${fixtures}reward_regression/${side}.json`, join(dir, `${side}.json`));
  const pair = ['--baseline', join(dir, 'baseline.json'), '--candidate', join(dir, 'candidate.json')];
  expect((await runCli('compare', ...pair, '--format', 'json', '--output', join(dir, 'report.json'))).code).toBe(1);
  expect((await runCli('leaderboard', join(dir, '*.json'), '--format', 'json', '--output', join(dir, 'leaderboard.json'))).code).toBe(0);
  return dir;
}

describe('the version', () => {
  it.each([['-v'], ['-V'], ['--version'], ['version']])('benchgate %s prints it', async (arg) => {
    expect(await runCli(arg)).toEqual({ code: 0, stdout: `${BENCHGATE_VERSION}\n`, stderr: '' });
  });
});

describe('a glob the shell expanded', () => {
  it('says to quote it or repeat the option, naming the option it followed', async () => {
    const r = await runCli('compare', '--baseline', 'runs/a.json', 'runs/b.json', '--candidate', 'c.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `benchgate: error: Unexpected argument "runs/b.json": 'benchgate compare' takes only options. If the shell expanded a glob given to --baseline, quote it (--baseline 'runs/baseline-*.json') or repeat the option for each file (--baseline a.json --baseline b.json); see 'benchgate compare --help'\n`,
    );
    expect((await runCli('compare', '--baseline', 'a.json', '--candidate', 'c1.json', 'c2.json')).stderr).toContain('given to --candidate, quote it');
  });
  it('gives no such hint where no file option came before', async () => {
    for (const argv of [
      ['compare', 'stray', '--baseline', 'a.json'],
      ['compare', '--format', 'json', 'stray'],
    ]) {
      const r = await runCli(...argv);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Unexpected argument "stray": 'benchgate compare' takes only options; see/);
    }
  });
});

describe('leaderboard over a folder holding benchgate’s own reports', () => {
  it('ranks the runs and skips each report with a notice', async () => {
    const dir = await runsWithReports('demo-like');
    const r = await runCli('leaderboard', join(dir, '*.json'), '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      `benchgate: skipped ${join(dir, 'leaderboard.json')}: a leaderboard benchgate wrote, not a run\n` +
        `benchgate: skipped ${join(dir, 'report.json')}: a compare report benchgate wrote, not a run\n`,
    );
    expect((JSON.parse(r.stdout) as { entries: { file: string }[] }).entries.map((e) => e.file).sort()).toEqual([
      join(dir, 'baseline.json'),
      join(dir, 'candidate.json'),
    ]);
  });
  it('refuses, saying why, when the reports are all there is', async () => {
    const dir = await runsWithReports('only-reports');
    const r = await runCli('leaderboard', join(dir, 'report.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no run to rank: every file given is a report benchgate wrote (${join(dir, 'report.json')})`);
  });
  it('tells reports from runs by their first bytes', () => {
    expect(benchgateOutputKind(readFileSync(`${fixtures}reward_regression/baseline.json`, 'utf8'))).toBeNull();
    expect(benchgateOutputKind('{"candidate_id": "a", "baseline_id": "b", "candidate_path": "c", "baseline_path": "d"')).toBe('a compare report');
    expect(benchgateOutputKind('{\n  "metric": "reward",\n  "higher_is_better": true,')).toBe('a leaderboard');
    expect(benchgateOutputKind('{"case_results": [], "candidate_id": "a"}')).toBeNull();
  });
});

describe('help', () => {
  it.each([
    ['benchgate --help', MAIN_HELP],
    ['benchgate help compare', COMPARE_HELP],
    ['benchgate help leaderboard', LEADERBOARD_HELP],
  ])('%s fits in 100 columns', (_, text) => {
    const long = text.split('\n').filter((line) => [...line].length > 100);
    expect(long).toEqual([]);
  });
  it('names every way to ask for the version', () => {
    expect(MAIN_HELP).toContain('benchgate --help | version | --version | -v');
  });
});

describe('file names in reports', () => {
  it('are relative to the working directory, with .. outside it, never absolute', () => {
    const cwd = join(tmp, 'work');
    expect(shownPath(join(cwd, 'runs', 'a.json'), cwd)).toBe(join('runs', 'a.json'));
    expect(shownPath('runs/a.json', cwd)).toBe(join('runs', 'a.json'));
    expect(shownPath(join(tmp, 'elsewhere', 'b.json'), cwd)).toBe(join('..', 'elsewhere', 'b.json'));
    expect(shownPath(cwd, cwd)).toBe('.');
  });
  it('in the markdown checklist and the JSON report of a compare given absolute paths', async () => {
    const pair = ['--baseline', `${fixtures}reward_regression/baseline.json`, '--candidate', `${fixtures}reward_regression/candidate.json`];
    const expected = relative(process.cwd(), `${fixtures}reward_regression/baseline.json`);
    const md = (await runCli('compare', ...pair)).stdout;
    expect(md).toContain(`(\`${expected}\`)`);
    const json = JSON.parse((await runCli('compare', ...pair, '--format', 'json')).stdout) as { baseline_path: string; candidate_path: string };
    expect(json.baseline_path).toBe(expected);
    expect(json.candidate_path).toBe(expected.replace('baseline.json', 'candidate.json'));
    for (const text of [md, JSON.stringify(json)]) expect(text).not.toContain(fixtures);
  });
});

describe("the docs' one-line JSON Lines example of generic records", () => {
  const example = /### Generic records \(`records`\)\n\n```\n(.*\n)```/.exec(readDocs())?.[1] as string;

  it('is one line, read as one record from a .jsonl file', async () => {
    expect(example.split('\n')).toHaveLength(2);
    const dir = join(tmp, 'records');
    mkdirSync(dir);
    writeFileSync(join(dir, 'base.jsonl'), example);
    writeFileSync(join(dir, 'cand.jsonl'), example.replace('"passed": true, "score": 0.85', '"passed": false, "score": 0.1'));
    const r = await runCli('compare', '--baseline', join(dir, 'base.jsonl'), '--candidate', join(dir, 'cand.jsonl'), '--format', 'json');
    expect(r.stderr).toBe('benchgate: hold (failed gates: reward, completion, completion_regressions)\n');
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { cases: { case_id: string }[] };
    expect(json.cases.map((c) => c.case_id)).toEqual(['task-01']);
  });
  it('stays one JSON document in a .json file, and a .jsonl file of pretty JSON is not one line', () => {
    expect(sourceKindOf('a.json', example)).toBe('json');
    expect(sourceKindOf('a.jsonl', example)).toBe('jsonl');
    expect(sourceKindOf('a.ndjson', example)).toBe('jsonl');
    expect(sourceKindOf('a.jsonl', '{\n  "id": 1\n}\n')).toBe('json');
    expect(sourceKindOf('a.jsonl', '[{"id": 1}]')).toBe('json');
  });
});

describe('docs/cli.md', () => {
  const page = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

  it("usage block names every option of 'benchgate compare --help'", () => {
    const usage = /^```\n(benchgate compare [\s\S]*?)^```$/m.exec(page)?.[1] as string;
    const options = [...new Set([...COMPARE_HELP.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1] as string))].filter((o) => o !== '--help');
    expect(options).toContain('--sequential');
    expect(options.filter((o) => !usage.includes(`[${o}`) && !usage.includes(` ${o} `) && !usage.includes(`| ${o}`))).toEqual([]);
    expect(usage).toContain('benchgate version | --version | -v');
  });

  it('says what --output prints, as it prints it', async () => {
    const out = join(tmp, 'cli-md', 'report.md');
    const r = await runCli(
      'compare',
      '--baseline',
      `${fixtures}reward_regression/baseline.json`,
      '--candidate',
      `${fixtures}reward_regression/candidate.json`,
      '--output',
      out,
    );
    expect(page).toContain('With `--output`, standard output gets two lines: the verdict and why, then where the report went');
    expect(r.stdout.split('\n')).toEqual(['benchgate: hold (failed gates: reward)', `benchgate: markdown report written to ${out}`, '']);
    expect(r.stderr).toBe('');
  });
});
