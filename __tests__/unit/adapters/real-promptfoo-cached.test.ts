// promptfoo's cached responses (fixtures/real/promptfoo/README.md, "Cached responses"): the same
// eval run twice by promptfoo 0.121.20 against a local stand-in for the OpenAI API, the second run
// served from promptfoo's cache. A cache hit records `tokenUsage: {cached, total}` and no split
// (promptfoo src/providers/openai/util.ts getTokenUsage): the total is known, the split unknown,
// never 0 (issue 42: read as 0 prompt and 0 completion tokens).
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary, parseSummary } from '../../../src/adapters/registry.js';
import { FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';

const DIR = relative(process.cwd(), join(FIXTURES, 'real', 'promptfoo'));
const at = (name: string): string => join(DIR, name);

describe('promptfoo cached responses', () => {
  it('the first run (no cache hit) has every split', () => {
    const s = loadSummary(at('out-cached-first-0.121.20.json'));
    expect(s.cases.map((c) => [c.id, c.usage?.prompt_tokens, c.usage?.completion_tokens, c.extra['total_tokens']])).toEqual([
      ['capital', 12, 5, undefined],
      ['arithmetic', 14, 1, undefined],
      ['refund window', 13, 23, undefined],
    ]);
    expect(s.reported.usage_totals).toEqual({ total_calls: 3, prompt_tokens: 39, completion_tokens: 29 });
  });

  it('the cached run: usage unknown, the total kept, never 0 prompt and 0 completion', () => {
    const s = loadSummary(at('out-cached-0.121.20.json'));
    expect(s.cases.map((c) => [c.id, c.usage, c.extra['total_tokens'], c.extra['cached_tokens']])).toEqual([
      ['capital', null, 17, 17],
      ['arithmetic', null, 15, 15],
      ['refund window', null, 36, 36],
    ]);
    expect(s.reported.usage_totals).toBeNull();
  });

  it("the row's own tokenUsage (prompt 0, completion 0, cached the total) is no split either", () => {
    const row = { success: true, score: 1, provider: { id: 'p' }, testIdx: 0, promptIdx: 0, tokenUsage: { prompt: 0, completion: 0, cached: 17, total: 17 } };
    const parsed = parseRow(row);
    expect([parsed.usage, parsed.extra['total_tokens']]).toEqual([null, 17]);
    // Tokens that add up with some cached (a row of several calls, one a hit) keep their split.
    expect(parseRow({ ...row, tokenUsage: { prompt: 10, completion: 7, cached: 5, total: 17 } }).usage).toMatchObject({
      prompt_tokens: 10,
      completion_tokens: 7,
    });
  });

  it('the report says unknown for the cached side, not 0', async () => {
    const r = await runCli('compare', '--baseline', at('out-cached-first-0.121.20.json'), '--candidate', at('out-cached-0.121.20.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\| Prompt tokens \| 39 \| unknown \|/);
    expect(r.stdout).toMatch(/\| Completion tokens \| 29 \| unknown \|/);
  });
});

/** One promptfoo JSON Lines row read alone. */
function parseRow(row: Record<string, unknown>) {
  const c = parseSummary('row.json', row).cases[0];
  if (c === undefined) throw new Error('no case');
  return c;
}
