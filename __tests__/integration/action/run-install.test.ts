// Mode run's `install` input (issue 43): benchgate runs it itself, in the suite's step, before the
// suite, in the working directory and with the suite's environment (the reusable workflows pass it
// instead of running a step of their own: .github/workflows/gate.yml, profile.yml). The case list a
// sharded suite's install writes (examples/workflows/benchgate-shards.yml) is read after it; a
// failing install stops the step with an error naming the input, and the suite does not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { job, SUITE_SCRIPT } from '../../helpers/in-process-jobs.js';

let double: ResultsServiceDouble;
let root: string;
const CASES = spawnSync(process.execPath, [SUITE_SCRIPT, '--list-cases'], { encoding: 'utf8' }).stdout;

beforeAll(async () => {
  double = await startResultsService();
  root = mkdtempSync(join(tmpdir(), 'benchgate-run-install-'));
});
afterAll(async () => {
  await double?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const suite = `node '${SUITE_SCRIPT}' --strategy tool_call --out .rlm_code/rlm/benchmarks/run.json --cases-file "$BENCHGATE_SHARD_CASES_FILE"`;

describe('mode run: the install input', () => {
  it("runs in the working directory before the suite, in its own log group, and may write the shard's case list", async () => {
    const j = job(double, root, 'shard-install', 'run-i');
    const r = await j.run({
      mode: 'run',
      suite: 'demo',
      role: 'candidate',
      shard: '2/4',
      cases: 'cases.txt',
      install: `echo "install saw role $BENCHGATE_ROLE"\nnode '${SUITE_SCRIPT}' --list-cases > cases.txt`,
      command: suite,
    });
    expect(r.exitCode, r.log).toBe(0);
    expect(r.log).toContain(`::group::benchgate: the candidate's install, in .: echo "install saw role $BENCHGATE_ROLE"`);
    expect(r.log).toContain('install saw role candidate');
    // The list was there when the shard's part was taken: a quarter of it, not an error about a missing file.
    expect(r.log).toMatch(new RegExp(`shard 2 of 4: \\d+ of the ${CASES.trim().split('\n').length} listed cases`));
    // The install's group comes before the suite's.
    expect(r.log.indexOf("the candidate's install")).toBeLessThan(r.log.indexOf('candidate suite "demo"'));
  });

  it('a failing install stops the step with an error naming input "install"; the suite does not run and nothing is uploaded', async () => {
    const j = job(double, root, 'failing-install', 'run-f');
    const r = await j.run({ mode: 'run', suite: 'demo', role: 'baseline', install: 'exit 3', command: 'touch suite-ran' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toMatch(/input "install": the baseline's install \(in \.\) exited with code 3 after [^;]+; the suite did not run/);
    expect(existsSync(join(j.workspace, 'suite-ran'))).toBe(false);
    expect([...(double.artifacts('run-f')?.keys() ?? [])]).toEqual([]);
  });

  it('is refused by a mode that does not take it', async () => {
    const r = await job(double, root, 'compare-install', 'run-c').run({ mode: 'compare', suite: 'demo', install: 'pip install -e .' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toMatch(/input "install" is not used by mode: compare/);
  });
});
