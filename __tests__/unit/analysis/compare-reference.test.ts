// The comparison reads cases in packed form (typed arrays). These tests hold it to a plain
// reference written over case objects, the way the comparison was first written, on random runs:
// ids in any order and of any characters, cases on one side only, errors, guardrail blocks,
// missing durations and usage, and top-level totals that disagree with the rows.
import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { aggregateMismatches } from '../../../src/analysis/integrity/findings.js';
import type { UsageStats } from '../../../src/analysis/integrity/usage.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { type CaseRow, compareCodePoints } from '../../../src/analysis/rlm/pair.js';
import { renderCsv } from '../../../src/report/csv-report.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { packSummary } from '../../../src/schema/pack.js';
import { packedSummary } from '../../../src/schema/packed-summary.js';
import type { BenchmarkSummary, CaseResult } from '../../../src/schema/summary.js';
import { latencyStats } from '../../../src/stats/latency.js';
import { type CaseSpec, loaded, asLoaded } from '../../helpers/rlm-builder.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';

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

function randomRun(next: (n: number) => number, ids: string[], mode: string): LoadedSummary {
  const specs: CaseSpec[] = ids.map((id) => ({
    id,
    completed: next(3) > 0,
    reward: next(5) === 0 ? -0 : (next(20001) - 5000) / 10000,
    steps: next(9),
    ...(next(8) === 0 ? { error: `boom ${next(3)}` } : {}),
    duration: next(30000) / 1000,
    guardrail: next(6) === 0,
  }));
  const run = loaded({ mode, cases: specs, total: ids.length + next(2) });
  for (const c of run.summary.cases) {
    if (next(5) === 0) c.duration_seconds = null;
    if (next(7) === 0) c.usage = null;
  }
  if (next(3) === 0) run.summary.reported.completed_cases += 1;
  if (next(3) === 0 && run.summary.reported.usage_totals) run.summary.reported.usage_totals.prompt_tokens += 7;
  return run;
}

function randomPair(seed: number): [LoadedSummary, LoadedSummary] {
  const next = random(seed);
  const pool = Array.from({ length: 5 + next(40) }, (_, i) => `${ID_PARTS[next(ID_PARTS.length)]}${ID_PARTS[next(ID_PARTS.length)]}${i}`);
  const pick = () => pool.filter(() => next(5) > 0).sort(() => next(3) - 1);
  const sameOrder = next(3) === 0;
  const baseIds = sameOrder ? [...pool].sort() : pick();
  const candIds = sameOrder ? baseIds : pick();
  const mode = next(2) === 0 ? 'harness' : 'native';
  return [randomRun(next, baseIds, mode), randomRun(next, candIds, mode)];
}

/** The same loaded summary, backed by its packed form as large files are loaded. */
const asPacked = (s: LoadedSummary): LoadedSummary => asLoaded(s.path, packedSummary(packSummary(s.summary)), NO_FIELDS);

describe('the comparison over packed cases agrees with a reference over case objects', () => {
  it.each(Array.from({ length: 60 }, (_, i) => [i + 1]))('random pair %i', (seed) => {
    const [b, c] = randomPair(seed);
    const cmp = compareSummaries(b, c);
    expect(cmp.cases.toArray()).toStrictEqual(referenceRows(b.summary, c.summary));
    expect(cmp.usage).toStrictEqual({ baseline: referenceUsage(b.summary), candidate: referenceUsage(c.summary) });
    for (const s of [b.summary, c.summary]) {
      const errored = s.cases
        .filter((x) => x.error !== null)
        .map((x) => x.id)
        .sort();
      const finding = cmp.findings.find((f) => f.code === 'case-errors' && f.side === (s === b.summary ? 'baseline' : 'candidate'));
      expect(finding?.case_ids ?? []).toEqual(errored);
    }
    const packed = compareSummaries(asPacked(b), asPacked(c));
    expect({ ...packed, baseline: null, candidate: null }).toStrictEqual({ ...cmp, baseline: null, candidate: null });
    expect(renderJson(packed)).toBe(renderJson(cmp));
    expect(renderMarkdown(packed, { version: 'test' })).toBe(renderMarkdown(cmp, { version: 'test' }));
    expect(renderCsv(packed)).toBe(renderCsv(cmp));
  });
  it('finds the same disagreements between totals and rows', () => {
    for (let seed = 100; seed < 130; seed++) {
      for (const s of randomPair(seed)) {
        const rows = s.summary.cases;
        const n = rows.length;
        const expected: string[] = [];
        const r = s.summary.reported;
        if (r.attempted_cases !== null && r.attempted_cases !== n) expected.push(`attempted_cases is ${r.attempted_cases} but there are ${n} case rows`);
        if (n > r.total_cases) expected.push(`total_cases is ${r.total_cases} but there are ${n} case rows`);
        const completed = rows.filter((x) => x.completed).length;
        if (completed !== r.completed_cases) expected.push(`completed_cases is ${r.completed_cases} but ${completed} rows are completed`);
        expect(aggregateMismatches(s.summary).filter((m) => !/^(avg_|usage_)/.test(m))).toEqual(expected);
        const usage = referenceUsage(s.summary);
        const mismatched = r.usage_totals !== null && r.usage_totals.prompt_tokens !== usage.prompt_tokens;
        expect(aggregateMismatches(s.summary).some((m) => m.startsWith('usage_totals.prompt_tokens'))).toBe(mismatched);
      }
    }
  });
});
