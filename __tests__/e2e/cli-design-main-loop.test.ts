// docs/cli.md's loop with --design main, run in bash against the committed bundle: main's runs are
// the baseline, the candidate runs alone, and each later round's suite is handed the case list the
// previous round's --next-cases wrote, checked against the design's draws (analysis/main-design.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { casesInRound, DEFAULT_MAIN_DESIGN, inclusionOf } from '../../src/analysis/main-design.js';
import { readDocs } from '../helpers/docs.js';
import { rlmSummary } from '../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-design-main-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const N = 120;
const MAIN_RUNS = 6;
const ids = Array.from({ length: N }, (_, i) => `case_${String(i).padStart(3, '0')}`);
/** On main (and for the unchanged candidate): a third always pass, a third never, the rest pass in run r when (i + r) is even. */
const passes = (i: number, run: number): boolean => (i % 3 === 0 ? true : i % 3 === 1 ? false : (i + run) % 2 === 0);
const inclusion = inclusionOf(
  ids.map((_, i) => ({ runs: MAIN_RUNS, passed: Array.from({ length: MAIN_RUNS }, (_, r) => passes(i, r)).filter(Boolean).length })),
  DEFAULT_MAIN_DESIGN,
);
const listOf = (round: number): string[] => (round === 1 ? ids : casesInRound(ids, inclusion, '17', round));

const SUITE = `import { existsSync, readFileSync, writeFileSync } from 'node:fs';
const round = (existsSync('count') ? Number(readFileSync('count', 'utf8')) : 0) + 1;
writeFileSync('count', String(round));
const file = process.env.BENCHGATE_CASES_FILE;
const listed = file !== undefined && existsSync(file) ? readFileSync(file, 'utf8') : null;
const expected = round === 1 ? null : readFileSync('expect-' + round + '.txt', 'utf8');
if (listed !== expected) {
  console.error('LIST MISMATCH in round ' + round + ': ' + JSON.stringify(listed));
  process.exit(1);
}
process.stdout.write(readFileSync('candidate-' + round + '.json', 'utf8'));
`;

describe("docs/cli.md's loop with --design main", () => {
  it('runs only the candidate, each later round on the cases drawn for it, until decided', () => {
    const loop = /<!-- design-main-example-start -->\n```sh\n([\s\S]*?)```\n<!-- design-main-example-end -->/.exec(readDocs())?.[1];
    expect(loop, 'docs/cli.md has the loop between its markers').toBeDefined();
    const dir = mkdtempSync(join(tmp, 'loop-'));
    mkdirSync(join(dir, 'runs'));
    mkdirSync(join(dir, 'main'));
    copyFileSync(new URL('../../dist/cli.js', import.meta.url), join(dir, 'cli.js'));
    writeFileSync(join(dir, 'suite.mjs'), SUITE);
    const write = (file: string, list: readonly string[], run: number, name: string): void =>
      writeFileSync(file, JSON.stringify(rlmSummary({ id: name, cases: list.map((id) => ({ id, completed: passes(ids.indexOf(id), run), steps: 3 })) })));
    for (let r = 0; r < MAIN_RUNS; r++) write(join(dir, 'main', `run-${r}.json`), ids, r, `main-${r}`);
    for (let round = 1; round <= 3; round++) {
      const list = listOf(round);
      if (round > 1) writeFileSync(join(dir, `expect-${round}.txt`), list.map((id) => `${id}\n`).join(''));
      write(join(dir, `candidate-${round}.json`), list, round - 1, `candidate-${round}`);
    }
    const script = [
      `benchgate() { "${process.execPath}" ./cli.js "$@"; }`,
      `run_suite() { "${process.execPath}" ./suite.mjs "$1"; }`,
      'PR=17',
      loop as string,
      'echo "rounds: $round"',
    ].join('\n');
    const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).not.toContain('LIST MISMATCH');
    expect(r.stdout).not.toContain('error');
    const rounds = Number(/rounds: (\d+)\n$/.exec(r.stdout)?.[1]);
    expect(rounds, r.stdout + r.stderr).toBeGreaterThanOrEqual(2);
    expect(listOf(2).length).toBeLessThan(N);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain("The baseline is main's 6 runs of the suite");
    expect(report).toContain('Stop: decided after round');
    expect(report).not.toContain('partial-trials');
  });
});
