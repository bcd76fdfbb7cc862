/**
 * Differential test of `--decide point` against rlm-code's compare (issue 42, item 1): generated
 * pairs of rlm-code summaries, each compared by benchgate's pipeline and by the reference of
 * rlm-code's `compare_benchmarks` (scripts/rlm_compare_reference.py, the same code path rlm-code
 * takes: checked against rlm-code's own source with `--rlm-code-source`, see the last test). The
 * pairs hold failure rows of every kind (the agent's timeouts, exceptions, provider outages),
 * cancelled runs, missing, extra and reordered cases, rewards above 1 and below 0, and thresholds
 * at every edge: exactly the delta, one ulp either side, ±inf, the regressions gate off.
 *
 * rlm-code's four gates, its metrics, deltas and case summary must be identical, field for field.
 * Two kinds of input rlm-code reads silently benchgate refuses on purpose, with exit 2 naming the
 * field (docs/input-formats.md): a case id twice (rlm-code keeps the last row) and a non-finite
 * number (Python's json writes NaN, which JSON has not). Those pairs are generated too, and must be
 * refused with that message, never read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import type { Thresholds } from '../../../src/analysis/rlm/thresholds.js';
import { InputError } from '../../../src/errors.js';
import { toJsonReport } from '../../../src/report/json-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { bitSource } from '../../../src/stats/distributions.js';
import { asLoaded, type CaseSpec, rlmSummary } from '../../helpers/rlm-builder.js';

const REFERENCE = new URL('../../../scripts/rlm_compare_reference.py', import.meta.url).pathname;
const FIELDS = ['candidate_id', 'baseline_id', 'candidate_metrics', 'baseline_metrics', 'deltas', 'case_summary', 'gates', 'passed'] as const;

/** Failure texts as rlm-code and the providers write them: the agent's own first, then outages. */
const ERRORS = [
  'Execution timed out after 90s', // rlm_code/rlm/docker_interpreter.py: the agent's code ran too long
  'Python timed out after 30s', // rlm_code/agent/kernel.py
  "KeyError: 'answer'",
  'TimeoutError: tool call exceeded 30 s',
  'openai.RateLimitError: Error code: 429 - rate limit reached',
  'HTTP 503 Service Unavailable',
  'openai.APITimeoutError: Request timed out.',
  'connect ETIMEDOUT 10.0.0.1:443',
];

/** Uniform in [0, 1) from the seeded generator of src/stats (mulberry32): the same pairs on every run. */
function random(seed: number): () => number {
  const bits = bitSource(seed);
  return () => bits() / 4294967296;
}

type Strict = 'duplicate' | 'non-finite' | null;

interface Pair {
  name: string;
  baseline: Record<string, unknown>;
  candidate: Record<string, unknown>;
  /** JSON text of each side (a non-finite pair has a NaN token in it). */
  baselineText?: string;
  candidateText?: string;
  thresholds: Thresholds;
  strict: Strict;
}

function caseSpec(id: string, rnd: () => number): CaseSpec {
  const r = rnd();
  if (r < 0.15) return { id, error: ERRORS[Math.floor(rnd() * ERRORS.length)] as string };
  if (r < 0.3) return { id, completed: false, reward: [0, -0.5, 0.25][Math.floor(rnd() * 3)] as number, steps: 1 + Math.floor(rnd() * 8) };
  return { id, completed: true, reward: [1, 0.5, 1.8, 0.75, 1.25][Math.floor(rnd() * 5)] as number, steps: 1 + Math.floor(rnd() * 8) };
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const metric = (s: Record<string, unknown>, k: string): number => s[k] as number;
const completion = (s: Record<string, unknown>): number => (metric(s, 'total_cases') ? metric(s, 'completed_cases') / metric(s, 'total_cases') : 0);

/** The thresholds at an edge of this pair's deltas (as rlm-code computes them: plain double subtraction). */
function edgeThresholds(b: Record<string, unknown>, c: Record<string, unknown>, rnd: () => number): Thresholds {
  const reward = metric(c, 'avg_reward') - metric(b, 'avg_reward');
  const rate = completion(c) - completion(b);
  const steps = metric(c, 'avg_steps') - metric(b, 'avg_steps');
  const ulp = (x: number, dir: 1 | -1): number => {
    const buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, x === 0 ? 0 : x);
    if (x === 0) return dir * Number.MIN_VALUE;
    const bits = buf.getBigInt64(0);
    buf.setBigInt64(0, bits + BigInt((x > 0 ? 1 : -1) * dir));
    return buf.getFloat64(0);
  };
  const edge = (x: number): number => {
    const k = Math.floor(rnd() * 6);
    return [x, ulp(x, 1), ulp(x, -1), Infinity, -Infinity, 0][k] as number;
  };
  const pick = Math.floor(rnd() * 3);
  if (pick === 0) return { min_reward_delta: -0.05, min_completion_delta: 0, max_steps_increase: 0.5, fail_on_completion_regression: true };
  return { min_reward_delta: edge(reward), min_completion_delta: edge(rate), max_steps_increase: edge(steps), fail_on_completion_regression: rnd() < 0.8 };
}

function makePair(k: number): Pair {
  const rnd = random(1000 + k);
  const n = 5 + Math.floor(rnd() * 40);
  const ids = Array.from({ length: n }, (_, i) => `case-${String(i).padStart(3, '0')}`);
  const baseCases = ids.map((id) => caseSpec(id, rnd));
  // The candidate: the same cases, some changed, some missing, some new, the order shuffled.
  let candCases = baseCases.filter(() => rnd() > 0.08).map((c) => (rnd() < 0.35 ? caseSpec(c.id, rnd) : { ...c }));
  if (rnd() < 0.3) candCases.push(...Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, i) => caseSpec(`new-${i}`, rnd)));
  if (rnd() < 0.5) candCases = shuffle(candCases, rnd);
  // A cancelled candidate: the first rows only, planned cases kept.
  const cancelled = rnd() < 0.15;
  if (cancelled) candCases = candCases.slice(0, Math.max(1, Math.floor(candCases.length * 0.6)));
  const mode = rnd() < 0.5 ? 'native' : 'harness';
  const baseline = rlmSummary({ id: `bench_b_${k}`, mode, cases: baseCases });
  const candidate = rlmSummary({ id: `bench_c_${k}`, mode, cases: candCases, ...(cancelled ? { total: n, cancelled: true } : {}) });
  const thresholds = edgeThresholds(baseline, candidate, rnd);
  const r = rnd();
  if (r < 0.06) {
    // A case id twice: rlm-code keeps the last row; benchgate refuses.
    const rows = candidate['case_results'] as Record<string, unknown>[];
    rows.push({ ...(rows[0] as Record<string, unknown>), completed: false });
    return { name: `pair ${k} (duplicate id)`, baseline, candidate, thresholds, strict: 'duplicate' };
  }
  if (r < 0.12) {
    // A NaN as Python's json writes it (allow_nan=True is its default).
    const text = JSON.stringify(candidate).replace(/"avg_reward":[^,]+/, '"avg_reward":NaN');
    return { name: `pair ${k} (NaN)`, baseline, candidate, candidateText: text, thresholds, strict: 'non-finite' };
  }
  return { name: `pair ${k}${cancelled ? ' (cancelled)' : ''}`, baseline, candidate, thresholds, strict: null };
}

const dir = mkdtempSync(join(tmpdir(), 'benchgate-differential-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the pairs and runs the reference over all of them in one process. */
function reference(pairs: Pair[], source?: string, tag = 'pair'): Record<string, unknown>[] {
  const batch = pairs.map((p, k) => {
    const baseline = join(dir, `${tag}-b${k}.json`);
    const candidate = join(dir, `${tag}-c${k}.json`);
    writeFileSync(baseline, p.baselineText ?? JSON.stringify(p.baseline));
    writeFileSync(candidate, p.candidateText ?? JSON.stringify(p.candidate));
    // JSON has no infinity: the reference reads "inf" / "-inf" with float().
    const t = Object.fromEntries(
      Object.entries(p.thresholds).map(([key, v]) => [key, typeof v === 'number' && !Number.isFinite(v) ? String(v > 0 ? 'inf' : '-inf') : v]),
    );
    return { baseline, candidate, thresholds: t };
  });
  const file = join(dir, `${tag}-batch-${source === undefined ? 'ref' : 'rlm'}.json`);
  writeFileSync(file, JSON.stringify(batch));
  const args = [REFERENCE, '--batch', file, ...(source === undefined ? [] : ['--rlm-code-source', source])];
  const run = spawnSync('python3', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.error) throw new Error(`python3 could not be run for the rlm-code reference: ${run.error.message}`);
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>[];
}

function benchgate(k: number, thresholds: Thresholds, tag = 'pair'): ReturnType<typeof compareSummaries> {
  const load = (f: string) => asLoaded(join(dir, f), loadSummary(join(dir, f)), NO_FIELDS);
  return compareSummaries(load(`${tag}-b${k}.json`), load(`${tag}-c${k}.json`), { thresholds, decide: 'point' });
}

const PAIRS = Array.from({ length: 400 }, (_, k) => makePair(k));

describe("--decide point is rlm-code's compare, exactly, on generated pairs", () => {
  const expected = reference(PAIRS);

  it('the generated pairs cover what they claim to', () => {
    const texts = PAIRS.flatMap((p) => [p.baseline, p.candidate]).flatMap((s) => (s['case_results'] as { error?: string }[]).map((r) => r.error ?? null));
    for (const e of ERRORS) expect(texts, e).toContain(e);
    expect(PAIRS.filter((p) => p.strict === 'duplicate').length).toBeGreaterThan(5);
    expect(PAIRS.filter((p) => p.strict === 'non-finite').length).toBeGreaterThan(5);
    expect(PAIRS.filter((p) => p.candidate['cancelled'] === true && p.strict === null).length).toBeGreaterThan(10);
    // Some gates fall exactly on their threshold, and some pairs hold only through a failure row.
    expect(expected.filter((r) => (r['deltas'] as Record<string, number> | undefined)?.['avg_reward'] === 0).length).toBeGreaterThan(0);
    const passed = expected.filter((r) => r['passed'] === true).length;
    expect(passed).toBeGreaterThan(20);
    expect(expected.length - passed).toBeGreaterThan(20);
  });

  it('every pair benchgate reads: the four gates, metrics, deltas and case summary are identical; point never promotes what rlm-code holds', () => {
    let compared = 0;
    PAIRS.forEach((p, k) => {
      if (p.strict !== null) return;
      const ref = expected[k] as Record<string, unknown>;
      expect(ref['error'], p.name).toBeUndefined();
      const cmp = benchgate(k, p.thresholds);
      const got = toJsonReport(cmp) as unknown as Record<string, unknown>;
      for (const key of FIELDS) expect(got[key], `${p.name}: ${key}`).toStrictEqual(ref[key]);
      if (cmp.verdict === 'promote') expect(ref['passed'], `${p.name}: promoted what rlm-code holds`).toBe(true);
      // With nothing of benchgate's own holding, the verdict is rlm-code's passed, or a rerun of a promote.
      if (cmp.blocking_findings.length === 0 && cmp.failed_metric_gates.length === 0) {
        expect(cmp.verdict, p.name).toBe(ref['passed'] === true ? (cmp.infrastructure.rerun ? 'inconclusive' : 'promote') : 'hold');
      }
      compared++;
    });
    expect(compared).toBeGreaterThan(300);
  });

  it('a case id twice or a NaN: refused with the field named (rlm-code reads them silently), never read', () => {
    PAIRS.forEach((p, k) => {
      if (p.strict === null) return;
      let error: unknown = null;
      try {
        benchgate(k, p.thresholds);
      } catch (e) {
        error = e;
      }
      expect(error, p.name).toBeInstanceOf(InputError);
      expect((error as Error).message, p.name).toMatch(
        p.strict === 'duplicate' ? /duplicate case id: case "case-\d+"/ : /\$\.avg_reward\): NaN is not a finite number/,
      );
    });
  });

  it('a 2,000-case pair with 3% of candidate cases timing out in the agent: identical, and held', () => {
    const n = 2000;
    const ids = Array.from({ length: n }, (_, i) => `task-${i}`);
    const base = rlmSummary({ id: 'bench_big_b', mode: 'native', cases: ids.map((id) => ({ id })) });
    const cand = rlmSummary({
      id: 'bench_big_c',
      mode: 'native',
      cases: ids.map((id, i) => (i % 33 === 0 ? { id, error: 'Execution timed out after 90s' } : { id })),
    });
    const thresholds: Thresholds = { min_reward_delta: -0.05, min_completion_delta: -0.05, max_steps_increase: 0.5, fail_on_completion_regression: true };
    const p: Pair = { name: 'big', baseline: base, candidate: cand, thresholds, strict: null };
    const [ref] = reference([p], undefined, 'big');
    const cmp = benchgate(0, thresholds, 'big');
    const got = toJsonReport(cmp) as unknown as Record<string, unknown>;
    for (const key of FIELDS) expect(got[key], key).toStrictEqual((ref as Record<string, unknown>)[key]);
    expect(cmp.rlm.case_summary.completion_regressions).toBe(Math.ceil(n / 33));
    expect(cmp.verdict).toBe('hold');
    expect(cmp.infrastructure.candidate.not_measured).toBe(0);
  });
});

/**
 * The reference against rlm-code itself: with a checkout of rlm-code's source (RLM_CODE_SOURCE, a
 * folder holding rlm_code/rlm/benchmark_manager.py; no PyPI here, so fetched, never committed) the
 * reference's batch is run through rlm-code's own compare_benchmarks and must print the same bytes.
 */
const SOURCE = process.env['RLM_CODE_SOURCE'];
describe.runIf(SOURCE !== undefined && existsSync(join(SOURCE, 'rlm_code/rlm/benchmark_manager.py')))("the reference is rlm-code's own compare", () => {
  it('on every generated pair, rlm-code and the reference print the same results', () => {
    expect(reference(PAIRS, SOURCE)).toStrictEqual(reference(PAIRS));
  });
});
