// A suite split across a job matrix, in process (helpers/in-process-jobs.ts), with the in-memory
// artifact client over the results service double's store: 4 shard jobs per role run their part of the case
// list and upload their own artifacts; the gate job finds them by name, merges each role and compares.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { loadManifest } from '../../helpers/composite.js';
import { readDocs } from '../../helpers/docs.js';
import { job, SUITE_SCRIPT } from '../../helpers/in-process-jobs.js';
import { unzip } from '../../helpers/zip.js';

let double: ResultsServiceDouble;
let root: string;
const CASES = spawnSync(process.execPath, [SUITE_SCRIPT, '--list-cases'], { encoding: 'utf8' }).stdout;

beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-shards-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const command = (strategy: string) =>
  `node '${SUITE_SCRIPT}' --strategy ${strategy} --out .rlm_code/rlm/benchmarks/${strategy}.json --cases-file "$BENCHGATE_SHARD_CASES_FILE"`;

/** One shard job of a role: the case list checked out in its workspace, then the run mode. */
async function shardJob(run: string, role: 'baseline' | 'candidate', index: number) {
  const j = job(double, root, `${role}-${index}`, run);
  writeFileSync(join(j.workspace, 'cases.txt'), CASES);
  return j.run({
    mode: 'run',
    suite: 'sharded',
    role,
    shard: `${index}/4`,
    cases: 'cases.txt',
    command: command(role === 'baseline' ? 'tool_call' : 'codemode'),
  });
}

describe('a suite sharded 4 ways per role', () => {
  it('each shard uploads its own artifact with its part of the list; the gate merges them and decides as on the whole suite', async () => {
    for (const role of ['baseline', 'candidate'] as const) {
      for (let i = 1; i <= 4; i++) {
        const r = await shardJob('run-s', role, i);
        expect(r.exitCode, r.log).toBe(0);
        expect(r.outputs['artifact-name']).toBe(`benchgate-sharded-${role}-shard-${i}-of-4`);
      }
    }
    const files = unzip(double.artifacts('run-s').get('benchgate-sharded-baseline-shard-2-of-4')?.bytes as Buffer);
    const summary = JSON.parse(files.get('summary.json')?.toString() ?? '{}') as { cases: { id: string }[]; metadata: Record<string, unknown> };
    const part = files.get('shard-cases.txt')?.toString().trim().split('\n') ?? [];
    expect(summary.cases.map((c) => c.id).sort()).toEqual([...part].sort());
    expect(summary.metadata).toMatchObject({ 'shard.index': 2, 'shard.total': 4, 'shard.case_list_size': 10, 'shard.cases': part.length });

    const gate = await job(double, root, 'gate', 'run-s').run({ mode: 'compare', suite: 'sharded', 'fail-on-hold': 'false' });
    expect(gate.exitCode, gate.log).toBe(0);
    expect(gate.log).toContain('benchgate: baseline summary merged from 4 shard artifacts');
    // The numbers of the unsharded demo suite (action-e2e.test.ts): the same cases, merged.
    expect(gate.outputs).toMatchObject({
      verdict: 'hold',
      regressions: '1',
      'reward-delta': '0.20000000000000007',
      'completion-delta': '0.09999999999999998',
      'steps-increase': '-0.10000000000000009',
    });
    expect(gate.summary).toContain('| `log_error_count` | ✅ completed | ❌ guardrail blocked |');
    expect(gate.summary).not.toContain('shard-coverage');
    expect(gate.summary).toMatch(/Baseline benchmark: `[^`]+` \(`artifacts benchgate-[\w-]+-baseline-shard-1-of-4, [^`]* \(4 shards\)/);
  });

  it('the documented shard workflow (examples/workflows/benchgate-shards.yml) asks gate.yml for 4 shards, which runs one job per role and shard', () => {
    const file = readFileSync(join(import.meta.dirname, '..', '..', '..', 'examples', 'workflows', 'benchgate-shards.yml'), 'utf8');
    expect(/<!-- shard-workflow-start -->\n```yaml\n([\s\S]*?)```\n<!-- shard-workflow-end -->/.exec(readDocs())?.[1]).toBe(file);
    const caller = parseYaml(file) as { jobs: { benchgate: { with: Record<string, unknown> } } };
    expect(caller.jobs.benchgate.with).toMatchObject({ shards: 4, cases: 'cases.txt' });
    const gate = parseYaml(readFileSync(join(import.meta.dirname, '..', '..', '..', '.github', 'workflows', 'gate.yml'), 'utf8')) as {
      jobs: Record<string, { steps: { id?: string; run?: string; with?: Record<string, string> }[] }>;
    };
    // The plan step, run as the runner would, gives the matrix the action's INDEX/TOTAL values.
    const plan = gate.jobs['plan']?.steps.find((st) => st.id === 'plan')?.run as string;
    const out = join(root, 'plan-output');
    writeFileSync(out, '');
    const r = spawnSync('bash', ['-eo', 'pipefail', '-c', plan], {
      env: { PATH: process.env['PATH'], SHARDS: '4', SHAPE: 'separate', TRIALS: '1', EVENT: 'pull_request', FORK: 'false', GITHUB_OUTPUT: out },
      encoding: 'utf8',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('roles=["baseline","candidate"]\nshards=["1/4","2/4","3/4","4/4"]\n');
    const run = gate.jobs['suite']?.steps.find((st) => st.with?.['mode'] === 'run')?.with ?? {};
    // The install (writing cases.txt) runs in the suite's step, before the case list is read (run-install.test.ts).
    expect(run).toMatchObject({ shard: '${{ matrix.shard }}', install: '${{ inputs.install }}' });
    for (const key of Object.keys(run)) expect(Object.keys(loadManifest().inputs), key).toContain(key);
  });

  it('a missing shard holds the gate with a shard-coverage finding, never a silent gap', async () => {
    for (const role of ['baseline', 'candidate'] as const) {
      for (let i = 1; i <= 4; i++) {
        if (role === 'candidate' && i === 3) continue;
        expect((await shardJob('run-m', role, i)).exitCode).toBe(0);
      }
    }
    const gate = await job(double, root, 'gate', 'run-m').run({ mode: 'compare', suite: 'sharded' });
    expect(gate.exitCode).toBe(1);
    expect(gate.outputs['verdict']).toBe('hold');
    expect(gate.summary).toMatch(/`shard-coverage`.*The candidate's shards do not cover the suite exactly once: shard 3 of 4 is missing/);
    expect(gate.summary).toContain('`incomplete-run`');
  });
});
