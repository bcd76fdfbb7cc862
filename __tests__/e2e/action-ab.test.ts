// Interleaved rounds in one job (mode: ab, issue 22 item 2), end to end through action.yml and the
// committed dist/index.js against the artifact service double: the example suite checked out twice
// (base/ and head/, as two actions/checkout steps with path: leave it), a noisy candidate (the
// flaky model of run-suite.mjs, each answer lost with probability 0.5), the rounds stopping early
// with the rounds and the saving in the job summary; then the unchanged gate job reads the two
// artifacts and judges them at the look the rounds stopped at.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { type ResultsServiceDouble, startResultsService } from '../doubles/results-service.js';
import { gitWorkspace, job, SAME_REPO_EVENT } from '../helpers/action-jobs.js';
import { REPO_ROOT } from '../helpers/composite.js';
import { readDocs } from '../helpers/docs.js';
import { unzip } from '../helpers/zip.js';

let double: ResultsServiceDouble;
let root: string;

beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-ab-e2e-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const EXAMPLE = join(REPO_ROOT, 'examples', 'workflows', 'benchgate-ab.yml');
interface Step {
  uses?: string;
  with?: Record<string, string>;
}
const exampleSteps = (): Step[] => (parseYaml(readFileSync(EXAMPLE, 'utf8')) as { jobs: Record<string, { steps: Step[] }> }).jobs['rounds']?.steps ?? [];

/** The ab job's workspace: the example suite (and the two scripts it imports) checked out twice, as base/ and head/ (two actions/checkout steps with path:). */
function abJob(run: string) {
  const ab = job(double, root, 'ab', run);
  for (const dir of ['base', 'head']) {
    mkdirSync(join(ab.workspace, dir, 'examples'), { recursive: true });
    cpSync(join(REPO_ROOT, 'examples', 'suite'), join(ab.workspace, dir, 'examples', 'suite'), { recursive: true });
    for (const f of ['py-json.mjs', 'rlm-summary-aggregates.mjs']) cpSync(join(REPO_ROOT, 'scripts', f), join(ab.workspace, dir, 'scripts', f));
    gitWorkspace(join(ab.workspace, dir));
  }
  return ab;
}

describe('mode ab on the example suite with a noisy candidate', () => {
  it('stops early, says the rounds and the saving in the job summary, and the gate judges its artifacts at that look', async () => {
    const ab = abJob('run-ab');
    const run = (flaky: string) => `node examples/suite/run-suite.mjs --strategy tool_call ${flaky}--out .rlm_code/rlm/benchmarks/run.json`;
    const inputs = {
      mode: 'ab',
      suite: 'demo',
      'baseline-directory': 'base',
      'candidate-directory': 'head',
      'baseline-command': run(''),
      command: run('--flaky 0.5 '),
    };
    const r = await ab.run(inputs, SAME_REPO_EVENT);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '5', 'stop-reason': 'decided', 'runs-saved': '10', verdict: 'hold' });
    expect(r.summary).toContain(
      "**Stopped after round 5 of at most 10: decided.** The verdict after round 5: **hold**. 10 runs (5 per side) of the fixed design's 20: **10 runs saved**.",
    );
    expect(r.summary).toMatch(
      /\| 1 \| baseline → candidate \| `exited with code 0 after [\d.]+ s` \| `exited with code 0 after [\d.]+ s` \| inconclusive \(continue\) \| 5\.7e-10 \|/,
    );
    expect(r.summary).toMatch(/\| 2 \| candidate → baseline \|/);
    expect(r.summary).toMatch(/\| 5 \| baseline → candidate \| .* \| hold \(stop: decided\) \| 0\.005 \|/);
    expect(r.summary).not.toMatch(/\| 6 \|/);

    const stored = (name: string) => unzip(double.artifacts('run-ab').get(name)?.bytes as Buffer);
    const base = stored('benchgate-demo-baseline');
    const head = stored('benchgate-demo-candidate');
    expect([...head.keys()].filter((f) => f.startsWith('summary')).sort()).toEqual([
      'summary.json',
      'summary.trial-2.json',
      'summary.trial-3.json',
      'summary.trial-4.json',
      'summary.trial-5.json',
    ]);
    const third = JSON.parse(head.get('summary.trial-3.json')?.toString() ?? '{}') as { metadata: Record<string, unknown> };
    expect(third.metadata).toMatchObject({ 'benchgate.role': 'candidate', 'ab.round': 3, 'ab.max_rounds': 10, 'ab.position': 2, 'command.exit_code': 0 });
    expect(base.has('summary.trial-5.json') && !base.has('summary.trial-6.json')).toBe(true);

    // The gate job of the separate-jobs shape, unchanged, on these artifacts.
    const gate = await job(double, root, 'gate', 'run-ab').run({ mode: 'compare', suite: 'demo', decide: 'significant', 'fail-on-hold': 'false' });
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.outputs['verdict']).toBe('hold');
    expect(gate.log).toContain('benchgate: candidate summary from artifact benchgate-demo-candidate (5 trials)');
    expect(gate.summary).toContain('**Stop: decided after round 5 of at most 10.**');
  });

  it('the documented workflow (examples/workflows/benchgate-ab.yml) is the one in docs/github-actions.md, checks both commits out where its ab step looks, and runs', async () => {
    const file = readFileSync(EXAMPLE, 'utf8');
    expect(/<!-- ab-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- ab-workflow-end -->/.exec(readDocs())?.[1]).toBe(file);
    const steps = exampleSteps();
    const step = steps.find((s) => s.with?.['mode'] === 'ab') as Step;
    const paths = steps.filter((s) => s.uses?.startsWith('actions/checkout@')).map((s) => [s.with?.['path'], s.with?.['ref']]);
    expect(paths).toEqual([
      [step.with?.['baseline-directory'], '${{ github.event.pull_request.base.sha }}'],
      [step.with?.['candidate-directory'], '${{ github.event.pull_request.head.sha }}'],
    ]);
    expect([step.with?.['baseline-directory'], step.with?.['candidate-directory']]).toEqual(['base', 'head']);
    // tool_call against codemode: the guardrail-rise finding holds whatever the gates say, so the first round decides.
    const r = await abJob('run-example').run(Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)])), SAME_REPO_EVENT);
    expect(r.exitCode, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ rounds: '1', 'stop-reason': 'decided', 'runs-saved': '18', verdict: 'hold' });
    expect(r.summary).toContain(
      "**Stopped after round 1 of at most 10: decided.** The verdict after round 1: **hold**. 2 runs (1 per side) of the fixed design's 20: **18 runs saved**. Spent ",
    );
  });
});
