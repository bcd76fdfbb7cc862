// `benchgate history` with the history branch's file (its PR verdicts) and main's summaries: the
// gate's record of the simulated 40 merged PRs (helpers/gate-record-sim.ts), as markdown and JSON.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HISTORY_SCHEMA, serializeHistory } from '../../../src/history/history-file.js';
import { runCli } from '../../helpers/cli-run.js';
import { SIMULATED_TRUTH, simulatedHistory } from '../../helpers/gate-record-sim.js';
import { expectGolden } from '../../helpers/golden.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'benchgate-record-'));
  const sim = simulatedHistory();
  sim.runs.forEach((r, k) => writeFileSync(join(dir, `main-${String(k).padStart(3, '0')}.json`), JSON.stringify(r.summary)));
  writeFileSync(join(dir, 'history.json'), serializeHistory({ schema: HISTORY_SCHEMA, suite: 'suite', entries: [], verdicts: sim.verdicts }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECTION = "### The gate's record";

describe("benchgate history: the gate's record", () => {
  it("prints the record of the history file's verdicts against main's summaries (golden: gate-record.md)", async () => {
    const r = await runCli('history', join(dir, 'history.json'), join(dir, 'main-*.json'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const section = r.stdout.slice(r.stdout.indexOf(SECTION));
    expect(section).toContain('| False holds (held, main showed no drop) | 4 | of holds: 4 of 11 (36.4%, 95% interval 10.9%–69.2%);');
    expect(section).toContain('| Misses (promoted, main showed a drop) | 3 | of promotes: 3 of 23 (13.0%, 95% interval 2.8%–33.6%) |');
    expect(section).toContain('| Undecided (not counted right or wrong) | 6 |  |');
    expect(section).toContain('The numbers do not yet support making the check required: false holds per decided PR may be as high as 27.5%');
    expectGolden('gate-record.md', section);
  });

  it('gives the record as data with --format json', async () => {
    const r = await runCli('history', join(dir, 'history.json'), join(dir, 'main-*.json'), '--format', 'json');
    const out = JSON.parse(r.stdout) as {
      record: { prs: { pr: number; outcome: string }[]; rates: { right: number; falseHolds: number; misses: number; undecided: number } };
    };
    expect(out.record.rates).toMatchObject({ right: SIMULATED_TRUTH.right, falseHolds: 4, misses: 3, undecided: 6 });
    expect(out.record.prs.filter((p) => p.outcome === 'miss').map((p) => p.pr)).toEqual(SIMULATED_TRUTH.misses);
  });

  it('says so when no run of main with its cases is given, and leaves the record out without verdicts', async () => {
    const only = await runCli('history', join(dir, 'history.json'));
    expect(only.stdout).toContain("No run of main with its cases was given, so no real effect could be judged: give main's summaries beside the history file.");
    expect(only.stdout).toContain('| Undecided (not counted right or wrong) | 40 |  |');
    const none = await runCli('history', join(dir, 'main-00*.json'));
    expect(none.stdout).not.toContain(SECTION);
  });
});

describe("docs/history.md's sample of the record", () => {
  it('is the record the simulated history gives (its table lines, quoted)', async () => {
    const docs = readFileSync(new URL('../../../docs/history.md', import.meta.url), 'utf8');
    const r = await runCli('history', join(dir, 'history.json'), join(dir, 'main-*.json'));
    const section = r.stdout.slice(r.stdout.indexOf(SECTION));
    const quoted = docs
      .slice(docs.indexOf("## The gate's record"))
      .split('\n')
      .filter((l) => l.startsWith('> |') || l.startsWith('> ### ') || l.startsWith('> The numbers'))
      .map((l) => l.slice(2));
    expect(quoted).toHaveLength(8);
    for (const line of quoted) expect(section.split('\n')).toContain(line);
  });
});
