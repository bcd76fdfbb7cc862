// mode ab in shards (issue 22, item 2), in process (helpers/in-process-jobs.ts) over the results
// service double: each shard job runs its own interleaved rounds over its part of a 60-case suite
// whose results are fixed in advance, and stops on its own (its own decision, its spend cap, the
// design's maximum); the gate job merges the shards at their common look, the fewest rounds any
// shard ran, decides at that look's level, and says each shard's rounds, why it stopped and what it
// did not count.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { shardOf } from '../../../src/analysis/shards.js';
import { sequentialConfidence } from '../../../src/analysis/significance/sequential.js';
import { level } from '../../../src/report/sections/sequential.js';
import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { interpolate, parseOutputFile, REPO_ROOT } from '../../helpers/composite.js';
import { readDocs } from '../../helpers/docs.js';
import { job, SAME_REPO_EVENT } from '../../helpers/in-process-jobs.js';
import { cases, rlmSummary } from '../../helpers/rlm-builder.js';
import { unzip } from '../../helpers/zip.js';

let double: ResultsServiceDouble;
let root: string;
const N = 60;
const IDS = cases(N).map((c) => c.id);

beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-ab-shards-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A number in [0, 1) fixed by its parts: the same role, trial and case always draw the same. */
const draw = (...parts: (string | number)[]): number => createHash('sha256').update(parts.join('\0')).digest().readUInt32BE(0) / 2 ** 32;

/** Whether case `id` completes for `role` in trial `t`: the scenario's model of both agents. */
type Model = (role: 'baseline' | 'candidate', id: string, t: number) => boolean;

/**
 * A suite of 60 cases whose every result is fixed in advance: the summary each role, shard and trial
 * writes is generated here, and the command copies it (the shard's part of the cases only, as a suite
 * reading BENCHGATE_SHARD_CASES_FILE would). The suite of shard `spender` reports 100 tokens a trial.
 */
function suite(name: string, model: Model, total: number, maxRounds: number, spender = 0): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const role of ['baseline', 'candidate'] as const)
    for (let index = 1; index <= total; index++)
      for (let t = 1; t <= maxRounds; t++) {
        const rows = cases(N, (i) => ({ completed: model(role, IDS[i] as string, t) })).filter((c) => shardOf(c.id, total) === index);
        writeFileSync(join(dir, `${role}-${index}-${t}.json`), JSON.stringify(rlmSummary({ strategy: 'tool_call', cases: rows })));
      }
  return [
    'mkdir -p .rlm_code/rlm/benchmarks',
    `cp '${dir}'/"$BENCHGATE_ROLE-$BENCHGATE_SHARD_INDEX-$BENCHGATE_TRIAL.json" .rlm_code/rlm/benchmarks/run-$BENCHGATE_TRIAL.json`,
    `if [ "$BENCHGATE_SHARD_INDEX" = ${spender} ]; then echo '{"prompt_tokens": 100}' >> "$BENCHGATE_USAGE_FILE"; fi`,
  ].join('\n');
}

/** One shard job: the two trees (the case list in the base tree), then mode ab on shard `index` of `total`. */
async function shardJob(run: string, index: number, total: number, inputs: Record<string, string>) {
  const j = job(double, root, `ab-${index}`, run);
  for (const dir of ['base', 'head']) mkdirSync(join(j.workspace, dir));
  writeFileSync(join(j.workspace, 'base', 'cases.txt'), `${IDS.join('\n')}\n`);
  return j.run(
    {
      mode: 'ab',
      suite: 'demo',
      'baseline-directory': 'base',
      'candidate-directory': 'head',
      shard: `${index}/${total}`,
      cases: 'cases.txt',
      ...inputs,
    },
    SAME_REPO_EVENT,
  );
}

/** Each role completes a case with its own probability, drawn afresh per trial; `p` gives it by role and shard. */
const noisy =
  (p: (role: 'baseline' | 'candidate', shard: number) => number, total: number): Model =>
  (role, id, t) =>
    draw(role, id, t) < p(role, shardOf(id, total));

const trialOf = (run: string, name: string, file: string) =>
  JSON.parse(
    unzip(double.artifacts(run).get(name)?.bytes as Buffer)
      .get(file)
      ?.toString() ?? '{}',
  ) as { metadata: Record<string, unknown> };

describe('mode ab in shards', () => {
  it('three shards stop on their own decisions at rounds 3, 4 and 6; the gate merges rounds 1..3 and decides at round 3', async () => {
    const run = 'run-abs';
    // A worse candidate everywhere, much worse in shard 1: each shard holds on its own cases, at its own round.
    const model = noisy((role, shard) => (role === 'baseline' ? 0.75 : shard === 1 ? 0.25 : 0.6), 3);
    const inputs = { command: suite(run, model, 3, 8), 'max-trials': '8' };
    const jobs = [await shardJob(run, 1, 3, inputs), await shardJob(run, 2, 3, inputs), await shardJob(run, 3, 3, inputs)];
    expect(jobs.map((r) => [r.exitCode, r.outputs['rounds'], r.outputs['stop-reason'], r.outputs['verdict']])).toEqual([
      [0, '3', 'decided', 'hold'],
      [0, '4', 'decided', 'hold'],
      [0, '6', 'decided', 'hold'],
    ]);
    expect(jobs[0]?.summary).toContain('### benchgate: interleaved rounds of suite `demo` (shard 1 of 3)');
    expect(jobs[0]?.summary).toContain("The verdict on this shard's cases after round 3: **hold**.");
    expect(jobs[0]?.summary).toContain("judges them with the other shards' rounds, merged at the fewest rounds any shard ran.");
    expect(jobs[0]?.log).toMatch(/benchgate: shard 1 of 3: \d+ of the 60 listed cases, in BENCHGATE_SHARD_CASES_FILE; both sides run it/);
    // Every trial is stamped with its round, the design, the shard and why its job's rounds stopped.
    expect(trialOf(run, 'benchgate-demo-candidate-shard-3-of-3', 'summary.trial-5.json').metadata).toMatchObject({
      'ab.round': 5,
      'ab.max_rounds': 8,
      'ab.stop': 'decided',
      'shard.index': 3,
      'shard.total': 3,
    });

    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 'demo', decide: 'significant', 'fail-on-hold': 'false' });
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.log).toContain(
      'benchgate: candidate summary merged from 3 shard artifacts (benchgate-demo-candidate-shard-1-of-3, benchgate-demo-candidate-shard-2-of-3, benchgate-demo-candidate-shard-3-of-3, 13 trials in all)',
    );
    expect(gate.outputs['verdict']).toBe('hold');
    // Decided at the common look, round 3, at that look's level of the 8-round design.
    expect(gate.summary).toContain(
      '**Stop: decided after round 3 of at most 8.** The 3 shards ran 26 runs (a run: one side of one shard), 18 of them counted; the fixed design of 8 rounds spends 48: 22 runs saved (46%).',
    );
    expect(gate.summary).toContain(`Round 3's gates are judged at a one-sided level of ${level(1 - sequentialConfidence(3, 8, 0.95))} `);
    expect(gate.summary).toContain(
      "The gate merges rounds 1–3 of every shard case by case (the common look: the fewest rounds any shard ran) and judges them at round 3's level. **Not counted: 8 runs of shards 2 and 3**, after the common look.",
    );
    expect(gate.summary).toContain(
      [
        '| Shard | Rounds run | Why its rounds stopped | Counted | Not counted |',
        '|--:|--:|:--|--:|:--|',
        '| 1 of 3 | 3 | decided on its own cases | 3 | none |',
        '| 2 of 3 | 4 | decided on its own cases | 3 | round 4 (2 runs) |',
        '| 3 of 3 | 6 | decided on its own cases | 3 | rounds 4–6 (6 runs) |',
      ].join('\n'),
    );
    expect(gate.summary).not.toContain('shard-coverage');
    expect(gate.summary).not.toContain('partial-trials');
  });

  it('undecided at the common look: shard 1 decided alone at round 3, the others ran to 8; the merge stops there undecided, never "run another round"', async () => {
    const run = 'run-abc';
    const model = noisy((role, shard) => (role === 'baseline' ? 0.7 : shard === 1 ? 0.2 : 0.7), 3);
    const inputs = { command: suite(run, model, 3, 8), 'max-trials': '8' };
    const jobs = [await shardJob(run, 1, 3, inputs), await shardJob(run, 2, 3, inputs), await shardJob(run, 3, 3, inputs)];
    expect(jobs.map((r) => [r.outputs['rounds'], r.outputs['stop-reason']])).toEqual([
      ['3', 'decided'],
      ['8', 'max-trials'],
      ['8', 'max-trials'],
    ]);
    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 'demo', decide: 'significant' });
    // Undecided blocks by default, and the failure says what would decide it.
    expect(gate.exitCode, gate.log).toBe(1);
    expect(gate.outputs['verdict']).toBe('inconclusive');
    expect(gate.log).toMatch(/what would decide it: the rounds (ended after|stopped at the spend cap after) /);
    expect(gate.summary).toContain("**Stopped at the shards' common look, round 3 of at most 8: undecided.**");
    expect(gate.summary).toContain('| 3 of 3 | 8 | the last round of the design, undecided | 3 | rounds 4–8 (10 runs) |');
    expect(gate.summary).toContain('**Not counted: 20 runs of shards 2 and 3**');
    expect(gate.summary).not.toContain('run another round');
    expect(gate.log).toContain("round 3 of at most 8: stopped undecided, at the shards' common look");
  });

  it('undecided when a shard stopped on its spend cap: the gate and that job say the cap, never "run another round"', async () => {
    const run = 'run-abu';
    // The same noisy agent on both sides; shard 2's suite spends 200 tokens a round, so it stops after 2.
    const inputs = {
      command: suite(
        run,
        noisy(() => 0.7, 2),
        2,
        4,
        2,
      ),
      'max-trials': '4',
      budget: '450 tokens',
    };
    const jobs = [await shardJob(run, 1, 2, inputs), await shardJob(run, 2, 2, inputs)];
    expect(jobs.map((r) => [r.exitCode, r.outputs['rounds'], r.outputs['stop-reason']])).toEqual([
      [0, '4', 'max-trials'],
      [0, '2', 'budget'],
    ]);
    expect(jobs[1]?.summary).toContain('**Stopped on the spend cap after round 2 of at most 4: undecided.**');
    expect(jobs[1]?.summary).not.toContain('run another round');
    expect(jobs[1]?.summary).toMatch(/\| 2 \| candidate → baseline \| .* \| inconclusive \(stopped: the spend cap\) \| [\d.]+ \|/);

    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 'demo', decide: 'significant' });
    // Undecided blocks by default, and the failure says what would decide it.
    expect(gate.exitCode, gate.log).toBe(1);
    expect(gate.outputs['verdict']).toBe('inconclusive');
    expect(gate.log).toMatch(/what would decide it: the rounds (ended after|stopped at the spend cap after) /);
    expect(gate.summary).toContain('**Stopped on the spend cap after round 2 of at most 4: undecided.**');
    expect(gate.summary).toContain('| 1 of 2 | 4 | the last round of the design, undecided | 2 | rounds 3–4 (4 runs) |');
    expect(gate.summary).toContain('| 2 of 2 | 2 | the spend cap | 2 | none |');
    expect(gate.summary).not.toContain('run another round');
    expect(gate.log).toContain('round 2 of at most 4: stopped undecided, on the spend cap');
  });

  it('holds with a shard-coverage finding when the shards ran different designs (max-trials)', async () => {
    const run = 'run-abx';
    const command = suite(run, () => true, 2, 3);
    const jobs = [await shardJob(run, 1, 2, { command, 'max-trials': '2' }), await shardJob(run, 2, 2, { command, 'max-trials': '3' })];
    for (const r of jobs) expect(r.exitCode, r.log).toBe(0);
    const gate = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 'demo', decide: 'significant' });
    expect(gate.exitCode).toBe(1);
    expect(gate.outputs['verdict']).toBe('hold');
    expect(gate.summary).toMatch(
      /`shard-coverage`.*The baseline's shards cannot be merged round by round: the baseline's shard 2 ran a design of at most 3 rounds, another shard 2 \(ab\.max_rounds\)\./,
    );
  });

  it('refuses decide: point on shards of rounds, naming what to set', async () => {
    const run = 'run-aby';
    const command = suite(run, () => true, 2, 2);
    for (const i of [1, 2]) expect((await shardJob(run, i, 2, { command, 'max-trials': '2' })).exitCode).toBe(0);
    const point = await job(double, root, 'gate', run).run({ mode: 'compare', suite: 'demo', decide: 'point' });
    expect(point.exitCode).toBe(1);
    expect(point.log).toContain('the shards hold interleaved rounds (mode ab): set decide: significant to judge them');
  });

  it('the documented interleaved workflow runs through gate.yml: its plan, one ab job per shard as its steps say, then the unchanged gate job', async () => {
    const file = readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-interleaved.yml'), 'utf8');
    expect(/<!-- interleaved-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- interleaved-workflow-end -->/.exec(readDocs())?.[1]).toBe(file);
    interface Step {
      name?: string;
      if?: string;
      run?: string;
      env?: Record<string, string>;
      with?: Record<string, unknown>;
    }
    const gateYml = parseYaml(readFileSync(join(REPO_ROOT, '.github', 'workflows', 'gate.yml'), 'utf8')) as {
      on: { workflow_call: { inputs: Record<string, { default?: unknown }> } };
      jobs: Record<string, { steps: Step[] }>;
    };
    const caller = (parseYaml(file) as { jobs: { benchgate: { with: Record<string, unknown> } } }).jobs.benchgate.with;
    const inputs = { ...Object.fromEntries(Object.entries(gateYml.on.workflow_call.inputs).map(([k, v]) => [k, v.default ?? ''])), ...caller };
    // A same-repository pull request: the plan reads the event (a push runs only the baseline; a fork never runs interleaved).
    const github = {
      event_name: 'pull_request',
      sha: '3'.repeat(40),
      repository: 'octo-org/benchgate',
      event: { pull_request: { base: { sha: 'a'.repeat(40) }, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo-org/benchgate' } } } },
    };
    // No configuration file in the base commit, no noise profile checked out: hashFiles finds nothing.
    const given = (step: Step, contexts: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v).replace(/hashFiles\((?:[^()]|\([^()]*\))*\)/g, "''"), contexts)]),
      );
    const bash = (script: string, env: Record<string, string>, cwd = root) =>
      execFileSync('bash', ['-eo', 'pipefail', '-c', script], { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, encoding: 'utf8' });

    const plan = gateYml.jobs['plan']?.steps[0] as Step;
    const out = join(root, 'interleaved-plan');
    writeFileSync(out, '');
    bash(plan.run as string, {
      ...Object.fromEntries(Object.entries(plan.env ?? {}).map(([k, v]) => [k, interpolate(v, { inputs, github })])),
      GITHUB_OUTPUT: out,
    });
    const planned = parseOutputFile(readFileSync(out, 'utf8'));
    expect(planned).toEqual({ roles: '["ab"]', shards: '["1/2","2/2"]' });

    const run = 'run-abw';
    const steps = gateYml.jobs['suite']?.steps ?? [];
    for (const shard of JSON.parse(planned['shards'] as string) as string[]) {
      const matrix = { role: 'ab', shard };
      const j = job(double, root, `wf-${shard.replace('/', '-')}`, run);
      // The two checkouts: the example suite at both commits.
      for (const dir of ['base', 'head']) {
        cpSync(join(REPO_ROOT, 'examples', 'suite'), join(j.workspace, dir, 'examples', 'suite'), { recursive: true });
        for (const f of ['py-json.mjs', 'rlm-summary-aggregates.mjs']) cpSync(join(REPO_ROOT, 'scripts', f), join(j.workspace, dir, 'scripts', f));
      }
      // benchgate runs the install itself (here in each tree, each side in its own environment): no step of the suite job runs it.
      expect(steps.filter((st) => String(st.run ?? '').includes('INSTALL') || JSON.stringify(st.env ?? {}).includes('inputs.install'))).toEqual([]);
      const ab = given(steps.find((st) => st.with?.['mode'] === 'ab') as Step, { inputs, matrix, github });
      expect(ab).toMatchObject({
        shard,
        cases: 'cases.txt',
        config: '',
        decide: '',
        'max-trials': '10',
        'baseline-command': inputs['command'],
        install: inputs['install'],
      });
      const r = await j.run(ab, SAME_REPO_EVENT);
      expect(r.exitCode, r.log).toBe(0);
      expect(readFileSync(join(j.workspace, 'head', 'cases.txt'), 'utf8')).toBe(readFileSync(join(j.workspace, 'base', 'cases.txt'), 'utf8'));
      expect(r.summary).toContain(`(shard ${shard.replace('/', ' of ')})`);
      // The same command on both sides (A/A, deterministic): no spread, so each shard decides at round 1.
      expect(r.outputs).toMatchObject({ rounds: '1', 'stop-reason': 'decided', verdict: 'promote' });
    }

    const compare = given(gateYml.jobs['gate']?.steps.find((st) => st.with?.['mode'] === 'compare') as Step, {
      inputs,
      github,
      needs: { suite: { result: 'success', outputs: {} } },
    });
    expect(compare).toMatchObject({ decide: 'significant', config: '', comment: 'off' });
    const gate = await job(double, root, 'gate', run).run(compare);
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.log).toContain(
      'benchgate: baseline summary merged from 2 shard artifacts (benchgate-demo-baseline-shard-1-of-2, benchgate-demo-baseline-shard-2-of-2)',
    );
    expect(gate.summary).toContain('**Shards.**');
    expect(gate.outputs['verdict']).toBe('promote');
    expect(gate.summary).toContain('**Stop: decided after round 1 of at most 10.**');
  });
});
