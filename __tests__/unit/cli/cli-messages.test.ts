// Issue 42 item 6, bad input with a useful message: a promptfoo output of several providers is no
// dead end for the leaderboard (each provider is ranked) and each command names its own options
// for choosing one; a file no format fits is one line (each format's reason with BENCHGATE_DEBUG).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadRuns, loadSummary, UnknownFormat } from '../../../src/adapters/registry.js';
import { main } from '../../../src/cli/run.js';
import { runCli } from '../../helpers/cli-run.js';

const promptfoo = new URL('../../fixtures/real/promptfoo/', import.meta.url).pathname;
/** promptfoo 0.121.20's output of providers `baseline` and `candidate`, 5 tests each (its README). */
const TWO_PROVIDERS = `${promptfoo}out-0.121.20.json`;
const multihop = new URL('../../fixtures/adapters-multihop/hotpot_qa_results_20261120_101500.jsonl', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-messages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Ranked {
  entries: { model: string | null; cases: number; reward: number | null }[];
}

describe('benchgate leaderboard on a file of several runs', () => {
  it('ranks each provider of a promptfoo output on its own, and says so once, naming --model', async () => {
    const r = await runCli('leaderboard', TWO_PROVIDERS, '--format', 'json');
    expect(r.code).toBe(0);
    const lb = JSON.parse(r.stdout) as Ranked;
    // baseline: rewards 1, 1, 0.7, 1, 1; candidate: 1, 0, 1, 0, 1 (the fixture's README).
    expect(lb.entries.map((e) => [e.model, e.cases, Number(e.reward?.toFixed(6))])).toEqual([
      ['baseline', 5, 0.94],
      ['candidate', 5, 0.6],
    ]);
    expect(r.stderr).toBe(`benchgate: ${TWO_PROVIDERS} holds 2 runs (providers "baseline", "candidate"): each is ranked on its own; --model NAME keeps one\n`);
  });

  it('--model keeps one provider', async () => {
    const r = await runCli('leaderboard', TWO_PROVIDERS, '--format', 'json', '--model', 'candidate');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Ranked).entries.map((e) => [e.model, e.reward])).toEqual([['candidate', 0.6]]);
    expect(r.stderr).not.toContain('--model NAME keeps one');
  });

  it("ranks each model of a multi-hop QA file, as it ranks promptfoo's providers", async () => {
    const r = await runCli('leaderboard', multihop, '--format', 'json');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Ranked).entries.map((e) => e.model).sort()).toEqual(['GPT-4o (Regular)', 'GPT-4o-mini (RLM)']);
  });

  it('a provider with several prompt labels gives one run per prompt', async () => {
    // promptfoo's JSON Lines rows (testIdx, promptIdx: the column, provider, prompt.label), 2 providers × 2 prompts × 2 tests.
    const rows = ['a', 'b'].flatMap((provider, pi) =>
      ['terse', 'long'].flatMap((label, qi) =>
        ['t1', 't2'].map((description, testIdx) => ({
          success: !(provider === 'b' && label === 'long' && testIdx === 1),
          score: provider === 'b' && label === 'long' && testIdx === 1 ? 0 : 1,
          provider: { id: `echo:${provider}`, label: provider },
          prompt: { raw: label, label },
          promptIdx: pi * 2 + qi,
          testIdx,
          testCase: { description },
        })),
      ),
    );
    const file = join(tmp, 'grid.jsonl');
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
    const r = await runCli('leaderboard', file, '--format', 'json');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `benchgate: ${file} holds 4 runs (providers "a" (prompt "terse"), "a" (prompt "long"), "b" (prompt "terse"), "b" (prompt "long")): each is ranked on its own; --model NAME keeps one\n`,
    );
    const entries = (JSON.parse(r.stdout) as Ranked).entries;
    expect(entries.map((e) => [e.model, e.cases, e.reward])).toEqual([
      ['a', 2, 1],
      ['a', 2, 1],
      ['b', 2, 1],
      ['b', 2, 0.5],
    ]);
  });

  it('loadRuns gives the one run of a file of one provider, as loadSummary does', () => {
    const one = `${promptfoo}out-single-a-0.121.20.json`;
    const { summaries, several } = loadRuns(one, { format: 'auto' });
    expect([summaries.length, several, summaries[0]?.run.model]).toEqual([1, null, loadSummary(one).run.model]);
  });
});

describe('choosing a provider: each command names its own options', () => {
  it('compare: --baseline-model / --candidate-model and the prompt options', async () => {
    const r = await runCli('compare', '--baseline', TWO_PROVIDERS, '--candidate', TWO_PROVIDERS);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `benchgate: error: ${TWO_PROVIDERS}: holds 2 providers: "baseline" (5 results), "candidate" (5 results); choose one per side with --baseline-model / --candidate-model (input.baseline_model / input.candidate_model), and a prompt label with --baseline-prompt / --candidate-prompt\n`,
    );
    expect(
      (await runCli('compare', '--baseline', TWO_PROVIDERS, '--candidate', TWO_PROVIDERS, '--baseline-model', 'baseline', '--candidate-model', 'candidate'))
        .code,
    ).toBe(1);
  });

  it('profile: its own --model and --prompt, which then work', async () => {
    const r = await runCli('profile', TWO_PROVIDERS, `${promptfoo}out-0.91.3.json`);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `benchgate: error: ${TWO_PROVIDERS}: holds 2 providers: "baseline" (5 results), "candidate" (5 results); choose one with --model, and a prompt label with --prompt\n`,
    );
    const chosen = await runCli('profile', TWO_PROVIDERS, `${promptfoo}out-0.91.3.json`, '--model', 'baseline', '--format', 'json');
    expect([chosen.code, chosen.stderr]).toEqual([0, 'benchgate: warning: a profile of 2 runs gives coarse pass rates; 5 or more runs are advised\n']);
    const wrong = await runCli('profile', TWO_PROVIDERS, `${promptfoo}out-0.91.3.json`, '--model', 'nope');
    expect(wrong.stderr).toContain('no provider or prompt label "nope" (--model)');
  });

  it('history, which takes one run per file: no option of another command, and where to go instead', async () => {
    const r = await runCli('history', TWO_PROVIDERS);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `benchgate: error: ${TWO_PROVIDERS}: holds 2 providers: "baseline" (5 results), "candidate" (5 results); benchgate history reads one run per file: give one file per run (promptfoo: one provider per output), or rank them with benchgate leaderboard\n`,
    );
  });
});

describe('a file no format fits', () => {
  const file = join(tmp, 'package.json');
  writeFileSync(file, JSON.stringify({ name: 'not-a-run', version: '1.0.0' }));

  it('is one line naming the file and how to see more', async () => {
    const r = await runCli('compare', '--baseline', file, '--candidate', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `benchgate: error: ${file}: not a benchmark summary benchgate can read; to see why, force a format with --input-format NAME (the action's \`format\` input; 'benchgate compare --help' lists the names), or set BENCHGATE_DEBUG=1 for every format's reason\n`,
    );
  });

  it("keeps every format's reason: on the error, and printed with BENCHGATE_DEBUG=1", async () => {
    let err: unknown;
    try {
      loadSummary(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UnknownFormat);
    const tried = (err as UnknownFormat).tried;
    expect(tried[0]).toMatch(/^benchgate: expected a benchgate normalized summary: .*; here: no `schema: "benchgate\.summary\/…"`$/);
    expect(tried.some((t) => /^records: expected generic records: .*; here: /.test(t))).toBe(true);
    let stderr = '';
    const code = await main(['compare', '--baseline', file, '--candidate', file], { stdout: () => {}, stderr: (t) => void (stderr += t), debug: true });
    expect(code).toBe(2);
    expect(stderr.split('\n').slice(1, -1)).toEqual(tried.map((t) => `  - ${t}`));
  });

  it('forcing a format says what does not fit', async () => {
    const r = await runCli('compare', '--baseline', file, '--candidate', file, '--input-format', 'rlm-code');
    expect(r.code).toBe(2);
    // The shape check of the forced format refuses it first (registry.ts), naming what is not there.
    expect(r.stderr).toMatch(/expected an rlm-code summary: .*; here: no `case_results`; the file matches no format benchgate reads/);
  });
});
