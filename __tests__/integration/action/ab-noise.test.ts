// mode ab with the suite's noise profile, then its gate job, in process over the results service
// double: later rounds run only the cases the profile does not settle (BENCHGATE_CASES_FILE), and
// the gate, given the same profile, settles the same cases; without it, they are partial trials.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serializeNoiseProfiles } from '../../../src/analysis/noise/profile-file.js';
import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { SAME_REPO_EVENT, SUITE_SCRIPT } from '../../helpers/action-jobs.js';
import { job } from '../../helpers/in-process-jobs.js';
import { caseNoise, drawnFor, noiseProfileOf } from '../../helpers/noise-profile.js';

let double: ResultsServiceDouble;
let root: string;
beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-ab-noise-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const IDS = execFileSync(process.execPath, [SUITE_SCRIPT, '--list-cases'], { encoding: 'utf8' }).trim().split('\n');
// 8 cases always passed on main, the last 2 are flaky there.
/** Later rounds run the 2 flaky cases and the settled ones drawn for the round. */
const runs = (round: number): number => 2 + drawnFor(IDS.slice(0, 8), round).length;
const PROFILE = JSON.stringify(noiseProfileOf(IDS.map((id, i) => caseNoise(id, 10, i < 8 ? 10 : 5))));
/** The example suite, running only the listed cases when BENCHGATE_CASES_FILE names a list. */
const suite = (flaky: number): string =>
  `node '${SUITE_SCRIPT}' --strategy tool_call --flaky ${flaky} --out .rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json \${BENCHGATE_CASES_FILE:+--cases-file "$BENCHGATE_CASES_FILE"}`;

describe('mode ab and its gate with a noise profile', () => {
  it('the gate given the profile settles the cases the rounds left out; without it they are partial trials', async () => {
    const run = 'run-noise';
    const ab = job(double, root, 'ab', run);
    for (const dir of ['base', 'head']) mkdirSync(join(ab.workspace, dir));
    writeFileSync(join(ab.workspace, 'profile.json'), PROFILE);
    const rounds = await ab.run(
      {
        mode: 'ab',
        suite: 'demo',
        'baseline-directory': 'base',
        'candidate-directory': 'head',
        'baseline-command': suite(0),
        command: suite(0.3),
        'max-trials': '3',
        'noise-profile': 'profile.json',
      },
      SAME_REPO_EVENT,
    );
    expect(rounds.exitCode, rounds.log).toBe(0);
    expect(rounds.outputs['rounds']).toBe('3');
    expect(rounds.log).toContain(`round 2 runs ${runs(2)} (BENCHGATE_CASES_FILE)`);

    const withProfile = job(double, root, 'gate', run);
    writeFileSync(join(withProfile.workspace, 'profile.json'), PROFILE);
    const gate = await withProfile.run({
      mode: 'compare',
      suite: 'demo',
      decide: 'significant',
      'noise-profile': 'profile.json',
      'fail-on-hold': 'false',
      // Advisory mode: the subject is what the profile settles, whichever verdict the rounds reach.
      'fail-on-inconclusive': 'false',
    });
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.summary).not.toMatch(/partial-trials|in some of its \d+ trials only/);
    expect(gate.summary).toContain(
      `8 cases deterministic on main ran the first round, then 20% of the later rounds (drawn in advance by case and round); the next round runs ${runs(4)}.`,
    );
    expect(gate.outputs['verdict']).toBe(rounds.outputs['verdict']);

    const without = await job(double, root, 'gate-without', run).run({ mode: 'compare', suite: 'demo', decide: 'significant', 'fail-on-hold': 'false' });
    expect(without.outputs['verdict']).toBe('hold');
    // A settled case drawn for both later rounds ran all 3; the others are partial without the profile.
    const partial = 8 - IDS.slice(0, 8).filter((id) => drawnFor([id], 2).length + drawnFor([id], 3).length === 2).length;
    expect(without.summary).toMatch(new RegExp(`${partial} cases of the (baseline|candidate) side are in some of its 3 trials only`));
  });

  it("of a file of several fingerprints (the history branch's), the rounds take the one of round 1's runs, or say none fits", async () => {
    const profile = noiseProfileOf(IDS.map((id, i) => caseNoise(id, 10, i < 8 ? 10 : 5)));
    const other = (preset: string) => ({ ...profile, fingerprint: { 'run.preset': preset }, cases: profile.cases.map((c) => ({ ...c, passed: 5 })) });
    const rounds = async (file: string, run: string) => {
      const ab = job(double, root, 'ab', run);
      for (const dir of ['base', 'head']) mkdirSync(join(ab.workspace, dir));
      writeFileSync(join(ab.workspace, 'profiles.json'), file);
      const inputs = { mode: 'ab', suite: 'demo', 'baseline-directory': 'base', 'candidate-directory': 'head', command: suite(0), 'max-trials': '2' };
      return ab.run({ ...inputs, 'noise-profile': 'profiles.json' }, SAME_REPO_EVENT);
    };
    // The newest profile is of another preset (every case flaky there): the older one of the runs' preset settles 8.
    const fits = await rounds(
      serializeNoiseProfiles('demo', [other('other_preset'), { ...profile, fingerprint: { 'run.preset': 'demo_tool_use' } }]),
      'run-set',
    );
    expect(fits.exitCode, fits.log).toBe(0);
    expect(fits.log).toContain(
      `8 cases deterministic on main are settled (each runs in 20% of the later rounds, drawn by case and round); round 2 runs ${runs(2)}`,
    );
    const none = await rounds(serializeNoiseProfiles('demo', [other('other_preset'), other('older_preset')]), 'run-set-none');
    expect(none.exitCode, none.log).toBe(0);
    expect(none.log).toContain(
      'the noise profile profiles.json is not used: none of its 2 profiles fits these runs: one was made with run.preset "other_preset" and this run has "demo_tool_use"; one was made with run.preset "older_preset" and this run has "demo_tool_use"; every case reruns',
    );
    expect(none.log).not.toContain('deterministic on main are settled');
  });
});
