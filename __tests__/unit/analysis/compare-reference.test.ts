// The comparison reads cases in packed form (typed arrays). These tests hold it to a plain
// reference written over case objects, the way the comparison was first written, on random runs:
// ids in any order and of any characters, cases on one side only, errors, guardrail blocks,
// missing durations and usage, and top-level totals that disagree with the rows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { streamPackRlmCode } from '../../../src/adapters/formats/rlm-code-stream.js';
import { loadPackedSummary, loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { aggregateMismatches } from '../../../src/analysis/integrity/findings.js';
import { runTotals } from '../../../src/analysis/integrity/run-totals.js';
import type { UsageStats } from '../../../src/analysis/integrity/usage.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { type CaseRow, compareCodePoints } from '../../../src/analysis/rlm/pair.js';
import { loadRun } from '../../../src/load/load.js';
import { renderCsv } from '../../../src/report/csv-report.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { loadedRows } from '../../../src/schema/loaded.js';
import type { BenchmarkSummary, CaseResult } from '../../../src/schema/summary.js';
import { latencyStats } from '../../../src/stats/latency.js';
import { type CaseSpec, rlmSummary } from '../../helpers/rlm-builder.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-reference-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function referenceRows(b: BenchmarkSummary, c: BenchmarkSummary): CaseRow[] {
  const pairs = new Map<string, { id: string; b: CaseResult | null; c: CaseResult | null }>();
  for (const x of b.cases) pairs.set(x.id, { id: x.id, b: x, c: null });
  for (const x of c.cases) {
    const p = pairs.get(x.id);
    if (p) p.c = x;
    else pairs.set(x.id, { id: x.id, b: null, c: x });
  }
  return [...pairs.values()]
    .sort((p, q) => compareCodePoints(p.id, q.id))
    .map(({ id, b: x, c: y }) => ({
      case_id: id,
      in_baseline: x !== null,
      in_candidate: y !== null,
      baseline_completed: x?.completed ?? false,
      candidate_completed: y?.completed ?? false,
      baseline_reward: x?.reward ?? 0,
      candidate_reward: y?.reward ?? 0,
      reward_delta: (y?.reward ?? 0) - (x?.reward ?? 0),
      baseline_steps: x?.steps ?? 0,
      candidate_steps: y?.steps ?? 0,
      steps_delta: (y?.steps ?? 0) - (x?.steps ?? 0),
      completion_regression: x !== null && y !== null && x.completed && !y.completed,
      reward_regression: x !== null && y !== null && y.reward < x.reward,
      baseline_error: x?.error ?? null,
      candidate_error: y?.error ?? null,
      baseline_guardrail_blocked: x?.harness?.codemode_guardrail_blocked ?? false,
      candidate_guardrail_blocked: y?.harness?.codemode_guardrail_blocked ?? false,
    }));
}

function referenceUsage(s: BenchmarkSummary): UsageStats {
  const withUsage = s.cases.filter((c) => c.usage);
  const harness = s.cases.filter((c) => c.harness);
  const sum = (key: 'total_calls' | 'prompt_tokens' | 'completion_tokens') => withUsage.reduce((k, c) => k + (c.usage?.[key] ?? 0), 0);
  return {
    total_calls: sum('total_calls'),
    prompt_tokens: sum('prompt_tokens'),
    completion_tokens: sum('completion_tokens'),
    latency_seconds: latencyStats(s.cases.flatMap((c) => (c.duration_seconds === null ? [] : [c.duration_seconds]))),
    guardrail_blocked: harness.filter((c) => c.harness?.codemode_guardrail_blocked).length,
    mcp_tool_calls: harness.length === 0 ? null : harness.reduce((k, c) => k + (c.harness?.mcp_tool_calls ?? 0), 0),
    errors: s.cases.filter((c) => c.error !== null).length,
  };
}

/** A small deterministic generator (the same runs every time). */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

const ID_PARTS = ['a', 'b', 'Z', '0', '_', 'ä', '\ue000', '\uffff', '😀', '\u{10000}', ' '];

/**
 * A random rlm-code run written to a file, as rlm-code writes it, then broken: some rows without a
 * duration or usage, and totals that disagree with the rows.
 */
function randomRun(next: (n: number) => number, ids: string[], mode: string, file: string): string {
  const specs: CaseSpec[] = ids.map((id) => ({
    id,
    completed: next(3) > 0,
    reward: next(5) === 0 ? -0 : (next(20001) - 5000) / 10000,
    steps: next(9),
    ...(next(8) === 0 ? { error: `boom ${next(3)}` } : {}),
    duration: next(30000) / 1000,
    guardrail: next(6) === 0,
  }));
  const raw = rlmSummary({ mode, cases: specs, total: ids.length + next(2) }) as {
    case_results: Record<string, unknown>[];
    completed_cases: number;
    usage_totals: { prompt_tokens: number } | null;
  };
  for (const row of raw.case_results) {
    if (next(5) === 0) delete row['duration_seconds'];
    if (next(7) === 0) delete row['usage'];
  }
  if (next(3) === 0) raw.completed_cases += 1;
  if (next(3) === 0 && raw.usage_totals) raw.usage_totals.prompt_tokens += 7;
  writeFileSync(file, JSON.stringify(raw));
  return file;
}

/** A random pair of run files (named by the seed). */
function randomPair(seed: number): [string, string] {
  const next = random(seed);
  const pool = Array.from({ length: 5 + next(40) }, (_, i) => `${ID_PARTS[next(ID_PARTS.length)]}${ID_PARTS[next(ID_PARTS.length)]}${i}`);
  const pick = () => pool.filter(() => next(5) > 0).sort(() => next(3) - 1);
  const sameOrder = next(3) === 0;
  const baseIds = sameOrder ? [...pool].sort() : pick();
  const candIds = sameOrder ? baseIds : pick();
  const mode = next(2) === 0 ? 'harness' : 'native';
  return [randomRun(next, baseIds, mode, join(tmp, `b${seed}.json`)), randomRun(next, candIds, mode, join(tmp, `c${seed}.json`))];
}

const OPTS = { format: 'auto' };
/** A small file's load (load/load.ts loadRun): the summary whole, its cases packed when loaded. */
const whole = (file: string): LoadedSummary => loadRun(file, OPTS);
/** A large file's loads (load/load.ts readPacked): straight into the packed form, by the full reader and by the streaming one. */
const packed = (file: string): LoadedSummary => loadedRows(file, loadPackedSummary(file, OPTS));
const streamed = (file: string): LoadedSummary => {
  const rows = streamPackRlmCode(file);
  if (rows === null) throw new Error(`the streaming reader left ${file} to the full one`);
  return loadedRows(file, rows);
};

describe('the comparison over packed cases agrees with a reference over case objects', () => {
  it.each(Array.from({ length: 60 }, (_, i) => [i + 1]))('random pair %i', (seed) => {
    const [bf, cf] = randomPair(seed);
    const [bs, cs] = [loadSummary(bf, OPTS), loadSummary(cf, OPTS)];
    const cmp = compareSummaries(whole(bf), whole(cf));
    expect(cmp.cases.toArray()).toStrictEqual(referenceRows(bs, cs));
    expect(cmp.usage).toStrictEqual({ baseline: referenceUsage(bs), candidate: referenceUsage(cs) });
    for (const s of [bs, cs]) {
      const errored = s.cases
        .filter((x) => x.error !== null)
        .map((x) => x.id)
        .sort();
      const finding = cmp.findings.find((f) => f.code === 'case-errors' && f.side === (s === bs ? 'baseline' : 'candidate'));
      expect(finding?.case_ids ?? []).toEqual(errored);
    }
    // Loaded packed from the large-file path, the same pair gives the same comparison and reports.
    for (const load of [packed, streamed]) {
      const other = compareSummaries(load(bf), load(cf));
      expect({ ...other, baseline: null, candidate: null }).toStrictEqual({ ...cmp, baseline: null, candidate: null });
      expect(renderJson(other)).toBe(renderJson(cmp));
      expect(renderMarkdown(other, { version: 'test' })).toBe(renderMarkdown(cmp, { version: 'test' }));
      expect(renderCsv(other)).toBe(renderCsv(cmp));
    }
  });
  it('finds the same disagreements between totals and rows', () => {
    for (let seed = 100; seed < 130; seed++) {
      for (const file of randomPair(seed)) {
        const s = loadSummary(file, OPTS);
        const rows = s.cases;
        const n = rows.length;
        const expected: string[] = [];
        const r = s.reported;
        if (r.attempted_cases !== null && r.attempted_cases !== n) expected.push(`attempted_cases is ${r.attempted_cases} but there are ${n} case rows`);
        if (n > r.total_cases) expected.push(`total_cases is ${r.total_cases} but there are ${n} case rows`);
        const completed = rows.filter((x) => x.completed).length;
        if (completed !== r.completed_cases) expected.push(`completed_cases is ${r.completed_cases} but ${completed} rows are completed`);
        const usage = referenceUsage(s);
        const mismatched = r.usage_totals !== null && r.usage_totals.prompt_tokens !== usage.prompt_tokens;
        // The totals of the rows as every load path packs them (findings.ts reads runTotals of the loaded rows).
        for (const run of [whole(file), packed(file), streamed(file)]) {
          const found = aggregateMismatches(run.summary, runTotals(run.rows));
          expect(found.filter((m) => !/^(avg_|usage_)/.test(m))).toEqual(expected);
          expect(found.some((m) => m.startsWith('usage_totals.prompt_tokens'))).toBe(mismatched);
        }
      }
    }
  });
});
