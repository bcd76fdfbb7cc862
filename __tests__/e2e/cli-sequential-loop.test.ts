// The README's sequential loop run in bash against the committed bundle (moved from unit/cli/cli-sequential.test.ts, issue 19).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { readDocs } from '../helpers/docs.js';
import { type CaseSpec, rlmSummary } from '../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-seq-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** n cases; `completes(i)` says whether case i completes in this trial. */
function write(name: string, n: number, completes: (i: number) => boolean, strategy: string): string {
  const cases: CaseSpec[] = Array.from({ length: n }, (_, i) => ({ id: `case_${String(i).padStart(3, '0')}`, completed: completes(i), steps: 3 + (i % 2) }));
  const path = join(tmp, name);
  writeFileSync(path, JSON.stringify(rlmSummary({ id: name.replace(/\.json$/, ''), strategy, cases })));
  return path;
}

// 80 cases, 5 trials per side. The baseline completes the even cases; the worse candidate loses the
// 20 even cases below 40 in every trial: all 2^20 sign flips of those 20 differences but one are
// less extreme, so each gate's sampled p-value is 1/10,000, the smallest 9,999 flips give.
const base = Array.from({ length: 5 }, (_, t) => write(`base-${t}.json`, 80, (i) => i % 2 === 0, 'tool_call'));
const worse = Array.from({ length: 5 }, (_, t) => write(`worse-${t}.json`, 80, (i) => i % 2 === 0 && i >= 40, 'codemode'));

describe("the README's sequential loop", () => {
  it('runs as written (benchgate: the committed bundle) and stops after round 3 on a clearly worse candidate', () => {
    const readme = readDocs();
    const loop = /<!-- sequential-example-start -->\n```sh\n([\s\S]*?)```\n<!-- sequential-example-end -->/.exec(readme)?.[1];
    expect(loop, 'README has the loop between its markers').toBeDefined();
    const dir = mkdtempSync(join(tmp, 'loop-'));
    mkdirSync(join(dir, 'runs'));
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), join(dir, 'cli.js'));
    const script = [
      `benchgate() { "${process.execPath}" ./cli.js "$@"; }`,
      `run_suite() { if [ "$1" = baseline ] ; then cat '${base[0]}'; else cat '${worse[0]}'; fi; }`,
      loop as string,
      'echo "rounds: $round"',
    ].join('\n');
    const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(r.stdout).toContain(
      "benchgate: hold (failed gates: reward, completion, completion_regressions; round 3 of at most 10: stop, decided; 14 of the fixed design's 20 runs saved)\n",
    );
    expect(r.stdout).toMatch(/rounds: 3\n$/);
    expect(existsSync(join(dir, 'runs', 'cand-4.json'))).toBe(false);
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('**Stop: decided after round 3 of at most 10.**');
  });
});
