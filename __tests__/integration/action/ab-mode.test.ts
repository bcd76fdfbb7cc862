// mode: ab (issue 22, item 2), in-process through runAction(io): interleaved rounds of the example
// suite in two working trees, the sequential decision after every round, and each way the loop
// stops (decided, max-trials, budget, a failed side), with the alternation of the order.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';
import { afterAll, describe, expect, it } from 'vitest';

import { nextRoundFits, roundOrder } from '../../../src/action/ab/rounds.js';
import type { ActionIo } from '../../../src/action/io.js';
import { runAction } from '../../../src/action/main.js';
import type { GitHubClient } from '../../../src/github/octokit.js';
import { SUITE_SCRIPT } from '../../helpers/action-jobs.js';
import { caseNoise, drawnFor, noiseProfileOf } from '../../helpers/noise-profile.js';

const root = mkdtempSync(join(tmpdir(), 'benchgate-ab-'));
writeFileSync(join(root, 'ids.txt'), execFileSync(process.execPath, [SUITE_SCRIPT, '--list-cases'], { encoding: 'utf8' }));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Run {
  exitCode: number;
  log: string;
  outputs: Record<string, string>;
  summary: string;
  /** Artifact name → the files uploaded, relative to its root. */
  uploads: Map<string, string[]>;
}

/** A workspace with the two working trees `base/` and `head/`, as two actions/checkout steps with path: leave it. */
function workspace(): string {
  const dir = mkdtempSync(join(root, 'ws-'));
  for (const d of ['base', 'head', 'runner-temp']) mkdirSync(join(dir, d));
  return dir;
}

async function runAb(ws: string, inputs: Record<string, string>): Promise<Run> {
  const lines: string[] = [];
  const outputs: Record<string, string> = {};
  const uploads = new Map<string, string[]>();
  let summary = '';
  const artifacts = {
    deleteArtifact: () => Promise.reject(Object.assign(new Error('not found'), { name: 'ArtifactNotFoundError' })),
    uploadArtifact: (name: string, files: string[], rootDirectory: string) => {
      uploads.set(name, files.map((f) => relative(rootDirectory, f)).sort());
      return Promise.resolve({ id: uploads.size, size: 10 });
    },
  } as unknown as ArtifactClient;
  const io: ActionIo = {
    getInput: (name) => ({ mode: 'ab', suite: 'demo', 'baseline-directory': 'base', 'candidate-directory': 'head', ...inputs })[name] ?? '',
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      GITHUB_REPOSITORY: 'octo-org/benchgate',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_SHA: '3'.repeat(40),
      GITHUB_RUN_ID: '987654321',
    },
    tempDir: join(ws, 'runner-temp'),
    workspace: ws,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    startGroup: () => {},
    endGroup: () => {},
    write: () => {},
    setOutput: (name, value) => void (outputs[name] = String(value)),
    appendSummary: async (markdown) => void (summary += markdown),
    artifacts,
    github: (): GitHubClient => {
      throw new Error('mode ab makes no API call');
    },
    workerScript: null,
    killGraceMs: 1000,
  };
  const exitCode = await runAction(io);
  return { exitCode, log: lines.join('\n'), outputs, summary, uploads };
}

/** The example suite under tool_call; `flaky` loses each answer with that probability, drawn per trial. */
const suite = (flaky = 0, then = '') =>
  `node '${SUITE_SCRIPT}' --strategy tool_call${flaky > 0 ? ` --flaky ${flaky}` : ''} --out .rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json${then ? `\n${then}` : ''}`;
const trialFiles = (files: string[] | undefined) => (files ?? []).filter((f) => /^summary(\.trial-\d+)?\.json$/.test(f));

describe('mode ab: interleaved rounds, decided after every round', () => {
  it('stops at the decision: a noisy, worse candidate is held after round 5 of 10, 10 runs saved, and both artifacts hold the 5 rounds', async () => {
    const ws = workspace();
    const r = await runAb(ws, { 'baseline-command': suite(), command: suite(0.5), 'max-trials': '10' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '5', 'stop-reason': 'decided', 'runs-saved': '10', verdict: 'hold' });
    expect(r.summary).toContain(
      "**Stopped after round 5 of at most 10: decided.** The verdict after round 5: **hold**. 10 runs (5 per side) of the fixed design's 20: **10 runs saved**.",
    );
    expect(r.summary).toContain('| 5 | baseline → candidate |');
    expect(r.summary).toMatch(
      /\| 4 \| candidate → baseline \| `exited with code 0 after [\d.]+ s` \| `exited with code 0 after [\d.]+ s` \| inconclusive \(continue\) \| 0\.0018 \|/,
    );
    expect(r.summary).toContain('**Stop: decided after round 5 of at most 10.**');
    expect(trialFiles(r.uploads.get('benchgate-demo-baseline'))).toEqual([
      'summary.json',
      'summary.trial-2.json',
      'summary.trial-3.json',
      'summary.trial-4.json',
      'summary.trial-5.json',
    ]);
    expect(trialFiles(r.uploads.get('benchgate-demo-candidate'))).toHaveLength(5);
    // Each trial is stamped with its round and tree, as the run mode stamps a trial.
    const staged = readdirRecursive(join(ws, 'runner-temp')).find((f) => f.includes('candidate') && basename(f) === 'summary.trial-3.json') as string;
    expect(JSON.parse(readFileSync(staged, 'utf8')).metadata).toMatchObject({
      'benchgate.role': 'candidate',
      'benchgate.trial': 3,
      'ab.round': 3,
      'ab.max_rounds': 10,
      'ab.position': 2,
    });
  });

  it('stops at max-trials when the same noisy agent is undecided, saving nothing, and the step passes', async () => {
    const r = await runAb(workspace(), { command: suite(0.3), 'max-trials': '2' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '2', 'stop-reason': 'max-trials', 'runs-saved': '0', verdict: 'inconclusive' });
    expect(r.summary).toContain(
      "**Stopped after round 2 of at most 2: the maximum number of rounds was reached undecided.** The verdict after round 2: **inconclusive**. 4 runs (2 per side) of the fixed design's 4.",
    );
  });

  it('alternates the order: baseline first in odd rounds, candidate first in even ones, one trial of each per round', async () => {
    const ws = workspace();
    const order = join(ws, 'order.txt');
    const r = await runAb(ws, { command: suite(0.3, `echo "$BENCHGATE_ROLE $BENCHGATE_TRIAL $(basename "$PWD")" >> '${order}'`), 'max-trials': '3' });
    expect(r.exitCode, r.log).toBe(0);
    expect(readFileSync(order, 'utf8')).toBe('baseline 1 base\ncandidate 1 head\ncandidate 2 head\nbaseline 2 base\nbaseline 3 base\ncandidate 3 head\n');
    expect([1, 2, 3, 4].map(roundOrder)).toEqual([
      ['baseline', 'candidate'],
      ['candidate', 'baseline'],
      ['baseline', 'candidate'],
      ['candidate', 'baseline'],
    ]);
  });

  it('stops at the spend cap before a round that would pass it, and uploads the usage file with the counted rounds', async () => {
    const r = await runAb(workspace(), { command: suite(0.3, 'echo \'{"prompt_tokens": 100}\' >> "$BENCHGATE_USAGE_FILE"'), budget: '350 tokens' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '1', 'stop-reason': 'budget', 'runs-saved': '' });
    expect(r.log).toContain('round 2 not started: 200 tokens spent in 1 round, and one more would pass the cap of 350 tokens');
    expect(r.summary).toContain('**Stopped after round 1 of at most 10: the spend cap.**');
    expect(r.summary).toContain('Spent 200 tokens of the cap of 350 tokens.');
    expect(r.uploads.get('benchgate-demo-baseline')).toContain('usage.jsonl');
    expect(trialFiles(r.uploads.get('benchgate-demo-candidate'))).toEqual(['summary.json']);
    expect([nextRoundFits(0, 0, 10), nextRoundFits(11, 0, 10), nextRoundFits(200, 1, 400), nextRoundFits(201, 1, 400)]).toEqual([true, false, true, false]);
  });

  it('drops a round the cap stops mid-way: it says so (no "uploading … marked as a failed run"), counts the rounds before, and its report says the cap, not "run another round"', async () => {
    // Round 1 spends 200 tokens; round 2's candidate (first in even rounds) passes the cap of 350 and waits to be stopped.
    const spend =
      'echo \'{"prompt_tokens": 100}\' >> "$BENCHGATE_USAGE_FILE"\nif [ "$BENCHGATE_TRIAL" = 2 ]; then echo \'{"prompt_tokens": 500}\' >> "$BENCHGATE_USAGE_FILE"; sleep 60; fi';
    const r = await runAb(workspace(), { command: suite(0.3, spend), 'baseline-command': suite(0.3), budget: '350 tokens', 'max-trials': '4' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '1', 'stop-reason': 'budget' });
    expect(r.log).toMatch(
      /warning: benchgate: the candidate suite \(trial 2 of 4\) was stopped after [\d.]+ s: .*; mode ab drops this round: it is not counted, and its summaries are not uploaded \(its log is\)/,
    );
    expect(r.log).not.toContain('marked as a failed run');
    expect(r.log).not.toContain('error:');
    expect(trialFiles(r.uploads.get('benchgate-demo-candidate'))).toEqual(['summary.json']);
    expect(r.uploads.get('benchgate-demo-candidate')).toContain('command.trial-2.log');
    expect(r.summary).toContain('**Stopped on the spend cap after round 1 of at most 4: undecided.**');
    expect(r.summary).toMatch(
      /\| 1 \| baseline → candidate \| .* \| inconclusive \(stopped: the spend cap\) \| [\d.e-]+ \|\n\| 2 \| candidate → baseline \| .* \| not counted \(incomplete\) \|/,
    );
    expect(r.summary).not.toContain('run another round');
  });

  it('stops at a side whose command fails: the step fails, the other side of that round does not run, and what ran is uploaded', async () => {
    // The candidate fails in round 2, where it runs first.
    const r = await runAb(workspace(), { command: suite(0.3, 'if [ "$BENCHGATE_TRIAL" = 2 ]; then exit 3; fi'), 'max-trials': '4' });
    expect(r.exitCode).toBe(1);
    expect(r.outputs).toMatchObject({ rounds: '1', 'stop-reason': 'failed' });
    expect(r.log).toContain('error: benchgate: the candidate suite (round 2) exited with code 3');
    expect(r.summary).toMatch(/\| 2 \| candidate → baseline \| `did not run` \| `exited with code 3 after [\d.]+ s` \|/);
    expect(r.summary).toContain('**Stopped after round 1 of at most 4: a side failed.**');
    expect(trialFiles(r.uploads.get('benchgate-demo-baseline'))).toEqual(['summary.json']);
    // The failed trial's summary is uploaded, stamped with its exit code: the gate holds on it.
    expect(trialFiles(r.uploads.get('benchgate-demo-candidate'))).toEqual(['summary.json', 'summary.trial-2.json']);

    const allowed = await runAb(workspace(), {
      command: suite(0.3, 'if [ "$BENCHGATE_TRIAL" = 2 ]; then exit 3; fi'),
      'max-trials': '4',
      'allow-command-failure': 'true',
    });
    expect(allowed.exitCode, allowed.log).toBe(0);
    expect(allowed.outputs['stop-reason']).toBe('failed');
  });

  it('fails the step when a side writes no summary', async () => {
    const r = await runAb(workspace(), { 'baseline-command': 'true', command: suite() });
    expect(r.exitCode).toBe(1);
    expect(r.outputs['stop-reason']).toBe('failed');
    expect(r.log).toMatch(/error: benchgate: round 1: no usable summary: baseline trial 1: no file matches the summary pattern/);
  });

  it("reads the configuration from the baseline's working tree (the base commit), never the candidate's", async () => {
    const ws = workspace();
    mkdirSync(join(ws, 'head', '.github'));
    writeFileSync(join(ws, 'head', '.github', 'benchgate.yml'), 'decide: point\n');
    const r = await runAb(ws, { command: suite(), 'max-trials': '2' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).toContain("info: benchgate: no configuration file .github/benchgate.yml in the baseline's working tree: the defaults apply");
    mkdirSync(join(ws, 'base', '.github'));
    writeFileSync(join(ws, 'base', '.github', 'benchgate.yml'), 'decide: point\n');
    const point = await runAb(ws, { command: suite(), 'max-trials': '2' });
    expect(point.exitCode).toBe(1);
    expect(point.log).toContain("the configuration's decide: point: mode ab stops when the paired evidence decides, which is decide: significant");
  });

  it.each([
    [{ 'baseline-directory': '' }, 'input "baseline-directory": required with mode: ab'],
    [{ 'candidate-directory': 'base' }, 'inputs "baseline-directory" and "candidate-directory": both are "base"'],
    [{ 'candidate-directory': '../elsewhere' }, 'input "candidate-directory": expected a directory inside the workspace'],
    [{ 'candidate-directory': 'missing' }, 'input "candidate-directory": missing is not a directory'],
    [{ 'max-trials': '1' }, 'input "max-trials": expected a whole number of rounds (trials per side) from 2 to 50, got "1"'],
    [{ decide: 'point' }, 'input "decide": point: mode ab stops when the paired evidence decides'],
    [{ command: '' }, 'input "command": required with mode: ab'],
    [{ role: 'baseline' }, 'input "role" is not used by mode: ab'],
    [{ trials: '3' }, 'input "trials" is not used by mode: ab'],
    [{ shard: '3/2' }, 'input "shard": expected INDEX/TOTAL with 1 <= INDEX <= TOTAL <= 256'],
    [{ cases: 'cases.txt' }, 'input "cases": used only with "shard"'],
    [{ shard: '1/2', cases: 'cases.txt' }, 'input "cases": base/cases.txt no such file; expected a file listing the suite\'s case ids'],
  ])('refuses %o with a message naming the input', async (given, message) => {
    const r = await runAb(workspace(), { command: 'true', ...given });
    expect(r.exitCode).toBe(1);
    expect(r.log).toContain(message);
    expect(r.log).not.toMatch(/internal error|\n\s+at /);
  });
  it('with a noise profile, rounds after the first run only the cases it does not settle (BENCHGATE_CASES_FILE), with no partial-trials finding', async () => {
    const ws = workspace();
    const ids = readFileSync(join(ws, '..', 'ids.txt'), 'utf8')
      .trim()
      .split('\n');
    // 8 cases always passed on main, the last 2 are flaky there.
    const profile = noiseProfileOf(ids.map((id, i) => caseNoise(id, 10, i < 8 ? 10 : 5)));
    writeFileSync(join(ws, 'profile.json'), JSON.stringify(profile));
    const listed = (flaky: number): string =>
      `node '${SUITE_SCRIPT}' --strategy tool_call --flaky ${flaky} --out .rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json \${BENCHGATE_CASES_FILE:+--cases-file "$BENCHGATE_CASES_FILE"}`;
    const r = await runAb(ws, { 'baseline-command': listed(0), command: listed(0.3), 'max-trials': '3', 'noise-profile': 'profile.json' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs['rounds']).toBe('3');
    // Later rounds: the 2 flaky cases and the settled ones drawn for the round.
    const settled = ids.slice(0, 8);
    const runs = (round: number): number => 2 + drawnFor(settled, round).length;
    expect(r.log).toContain(
      `benchgate: 8 cases deterministic on main are settled (each runs in 20% of the later rounds, drawn by case and round); round 2 runs ${runs(2)} (BENCHGATE_CASES_FILE)`,
    );
    const staged = readdirRecursive(join(ws, 'runner-temp'));
    const rows = (name: string): number =>
      JSON.parse(readFileSync(staged.find((f) => f.includes('candidate') && basename(f) === name) as string, 'utf8')).cases.length;
    expect([rows('summary.json'), rows('summary.trial-2.json'), rows('summary.trial-3.json')]).toEqual([10, runs(2), runs(3)]);
    expect(r.summary).not.toMatch(/partial-trials|in some of its \d+ trials only/);
    expect(r.summary).toContain(
      `8 cases deterministic on main ran the first round, then 20% of the later rounds (drawn in advance by case and round); the next round runs ${runs(4)}.`,
    );
  });

  it("with the configuration's settle_share: 0, later rounds run the flaky cases only", async () => {
    const ws = workspace();
    const ids = readFileSync(join(ws, '..', 'ids.txt'), 'utf8')
      .trim()
      .split('\n');
    writeFileSync(join(ws, 'profile.json'), JSON.stringify(noiseProfileOf(ids.map((id, i) => caseNoise(id, 10, i < 8 ? 10 : 5)))));
    // The configuration is read from the baseline's tree.
    mkdirSync(join(ws, 'base', '.github'), { recursive: true });
    writeFileSync(join(ws, 'base', '.github', 'benchgate.yml'), 'settle_share: 0\n');
    const listed = (flaky: number): string =>
      `node '${SUITE_SCRIPT}' --strategy tool_call --flaky ${flaky} --out .rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json \${BENCHGATE_CASES_FILE:+--cases-file "$BENCHGATE_CASES_FILE"}`;
    const r = await runAb(ws, { 'baseline-command': listed(0), command: listed(0.3), 'max-trials': '3', 'noise-profile': 'profile.json' });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).toContain('benchgate: 8 cases deterministic on main are settled (they ran in the first round only); round 2 runs 2 (BENCHGATE_CASES_FILE)');
    const staged = readdirRecursive(join(ws, 'runner-temp'));
    const rows = (name: string): number =>
      JSON.parse(readFileSync(staged.find((f) => f.includes('candidate') && basename(f) === name) as string, 'utf8')).cases.length;
    expect([rows('summary.json'), rows('summary.trial-2.json'), rows('summary.trial-3.json')]).toEqual([10, 2, 2]);
    expect(r.summary).toContain('8 cases deterministic on main ran the first round only; the next round runs 2.');
  });
});

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}
