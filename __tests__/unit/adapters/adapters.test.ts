// The adapter layer: rlm-code summaries to the canonical summary, format detection and forcing, and
// the round trip through benchgate's own normalized format. Error messages are in adapters-errors.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { dataSource } from '../../../src/adapters/parsing/source.js';
import { ADAPTERS, INPUT_FORMATS, loadSummary, parseSummary } from '../../../src/adapters/registry.js';
import { InputError } from '../../../src/errors.js';
import { BenchmarkSummary, SUMMARY_SCHEMA } from '../../../src/schema/summary.js';

type Json = Record<string, unknown>;
type Row = Json & { usage?: Json & { roles?: Json } };
interface RawSummary extends Json {
  case_results: Row[];
}

const RLM = new URL('../../fixtures/rlm-code/', import.meta.url);
const OWN = new URL('../../fixtures/adapters/', import.meta.url);
const fixturePath = (rel: string, base = RLM): string => fileURLToPath(new URL(rel, base));
/** A fresh deep copy of a fixture, to mutate freely. */
const raw = (rel: string, base = RLM): RawSummary => JSON.parse(readFileSync(fixturePath(rel, base), 'utf8')) as RawSummary;
const row = (s: RawSummary, i: number): Row => s.case_results[i] as Row;

const NATIVE = 'completion_regression_overall_improved/baseline.json';
const HARNESS = 'clean_pass_codemode_promotion/baseline.json';
const CODEMODE = 'clean_pass_codemode_promotion/candidate.json';
const OLD = 'ci_fixture_negative_reward_threshold/baseline.json';
const ALL_FIXTURES = [
  'ci_fixture_negative_reward_threshold',
  'clean_pass_codemode_promotion',
  'completion_regression_overall_improved',
  'reward_regression',
  'steps_just_over_050',
].flatMap((d) => [`${d}/baseline.json`, `${d}/candidate.json`]);

const NO_LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('rlm-code rows to canonical cases', () => {
  it('converts a native row: usage with root/sub roles, labels, run id and path, timing', () => {
    const s = raw(NATIVE);
    Object.assign(row(s, 0), { task_family: 'aggregation', domain: 'finance', split: 'test', length_bucket: 'long' });
    const c = parseSummary('base.json', s).cases[0];
    expect(c).toEqual({
      id: 'chunked_analysis',
      completed: true,
      reward: 0.85,
      steps: 4,
      duration_seconds: 44.1021,
      usage: {
        total_calls: 5,
        prompt_tokens: 22110,
        completion_tokens: 3120,
        roles: {
          root: { total_calls: 3, prompt_tokens: 13266, completion_tokens: 1872 },
          sub: { total_calls: 2, prompt_tokens: 8844, completion_tokens: 1248 },
        },
      },
      error: null,
      mode: 'native',
      labels: { environment: 'pure_rlm', task_family: 'aggregation', domain: 'finance', split: 'test', length_bucket: 'long' },
      harness: null,
      description: 'Chunk and analyze large context',
      task: row(s, 0).task,
      started_at: '2026-03-04T08:05:00.250000+00:00',
      finished_at: '2026-03-04T08:05:44.352100+00:00',
      run_id: 'run_20260304_080500_250000',
      run_path: '/home/runner/work/agents/agents/03_completion_regression_overall_improved/.rlm_code/rlm/runs/run_20260304_080500_250000.jsonl',
      final_response: "Completed task 'Split the context into chunks of ~1000 chars each. Use llm_q'.",
      expected_answer: null,
      answer_match: null,
      extra: {},
    });
  });

  it('keeps expected_answer and answer_match of a native row that has them', () => {
    const s = loadSummary(fixturePath('steps_just_over_050/baseline.json'));
    const c = s.cases[9];
    expect(c).toMatchObject({ id: 'oolong_q010', reward: 1.3289, expected_answer: 'label_3', answer_match: true });
    expect(s.cases[0]).toMatchObject({ expected_answer: null, answer_match: null });
  });

  it('converts a harness row: every counter goes into `harness`', () => {
    const c = loadSummary(fixturePath(HARNESS)).cases[0];
    expect(c).toMatchObject({
      id: 'dynamic_filter_domain_scope',
      completed: true,
      reward: 1,
      steps: 5,
      mode: 'harness',
      run_id: null,
      run_path: null,
      usage: { total_calls: 5, prompt_tokens: 9412, completion_tokens: 1180, roles: null },
      labels: { ...NO_LABELS, environment: 'harness' },
      extra: {},
    });
    expect(c?.harness).toEqual({
      mcp_enabled: true,
      mcp_server: 'codemode',
      harness_strategy: 'tool_call',
      harness_tool_calls: 4,
      mcp_tool_calls: 1,
      codemode_chain_calls: 0,
      codemode_search_calls: 1,
      codemode_discovery_calls: 1,
      codemode_guardrail_blocked: false,
    });
  });

  it('carries codemode counters and codemode_guardrail_blocked: true', () => {
    const s = raw(CODEMODE);
    Object.assign(row(s, 1), { codemode_guardrail_blocked: true, steps: 2, completed: false, total_reward: 0 });
    const [first, blocked] = parseSummary('cand.json', s).cases;
    expect(first?.harness).toMatchObject({ harness_strategy: 'codemode', codemode_chain_calls: 1, mcp_tool_calls: 2 });
    expect(blocked?.harness?.codemode_guardrail_blocked).toBe(true);
    expect(blocked).toMatchObject({ completed: false, steps: 2, reward: 0 });
  });

  it('converts direct-llm rows: plain usage, no harness, no roles', () => {
    const s = loadSummary(fixturePath('direct-llm.json', OWN));
    expect(s.run.mode).toBe('direct-llm');
    expect(s.cases[0]).toMatchObject({
      id: 'capital_fr',
      completed: true,
      steps: 1,
      reward: 1,
      mode: 'direct-llm',
      harness: null,
      error: null,
      usage: { total_calls: 1, prompt_tokens: 41, completion_tokens: 7, roles: null },
      labels: { ...NO_LABELS, environment: 'direct-llm' },
      final_response: 'Paris.',
      duration_seconds: 1.2,
    });
    expect(s.cases[1]).toMatchObject({ id: 'blank_answer', completed: false, steps: 0, reward: 0, final_response: '  ' });
  });

  it('converts a failure row: no usage key gives usage null, error kept, reward -1, steps 0', () => {
    const c = loadSummary(fixturePath('direct-llm.json', OWN)).cases[2];
    expect(c).toMatchObject({
      id: 'provider_timeout',
      completed: false,
      steps: 0,
      reward: -1,
      usage: null,
      harness: null,
      final_response: '',
      error: 'TimeoutError: provider did not answer in 30s',
      duration_seconds: 30,
      labels: { ...NO_LABELS, environment: 'pure_rlm' },
    });
    expect(c?.extra).toEqual({});
  });

  it('converts a harness failure row: zeroed counters, case environment, no usage', () => {
    const s = raw(HARNESS);
    const r = row(s, 2);
    delete r.usage;
    Object.assign(r, {
      environment: 'pure_rlm',
      completed: false,
      steps: 0,
      total_reward: -1.0,
      final_response: '',
      error: 'RuntimeError: MCP server codemode is not reachable',
      harness_tool_calls: 0,
      mcp_tool_calls: 0,
      codemode_chain_calls: 0,
      codemode_search_calls: 0,
      codemode_discovery_calls: 0,
      codemode_guardrail_blocked: false,
    });
    const c = parseSummary('base.json', s).cases[2];
    expect(c).toMatchObject({
      completed: false,
      steps: 0,
      reward: -1,
      usage: null,
      error: 'RuntimeError: MCP server codemode is not reachable',
      labels: { ...NO_LABELS, environment: 'pure_rlm' },
    });
    expect(c?.harness).toEqual({
      mcp_enabled: true,
      mcp_server: 'codemode',
      harness_strategy: 'tool_call',
      harness_tool_calls: 0,
      mcp_tool_calls: 0,
      codemode_chain_calls: 0,
      codemode_search_calls: 0,
      codemode_discovery_calls: 0,
      codemode_guardrail_blocked: false,
    });
  });

  it('treats a row with mode "harness" but no counters as harness with zero counters', () => {
    const s = raw(NATIVE);
    row(s, 0).mode = 'harness';
    expect(parseSummary('b.json', s).cases[0]?.harness).toMatchObject({ harness_tool_calls: 0, codemode_guardrail_blocked: false });
  });

  it('keeps usage: null and roles: null as null', () => {
    const s = raw(NATIVE);
    row(s, 0).usage = null as unknown as Json;
    (row(s, 1).usage as Json).roles = null;
    const [a, b] = parseSummary('b.json', s).cases;
    expect(a?.usage).toBeNull();
    expect(b?.usage?.roles).toBeNull();
  });

  it('keeps unknown row and top-level fields verbatim in `extra`', () => {
    const s = raw(NATIVE);
    Object.assign(row(s, 1), { grader: { name: 'exact', version: 2 }, tags: ['a', 'b'], retry_count: 0, note: null });
    Object.assign(s, { git_commit: 'abc123', env: { PYTHON: '3.12' }, schema_version: 3 });
    const out = parseSummary('b.json', s);
    expect(out.cases[1]?.extra).toEqual({ grader: { name: 'exact', version: 2 }, tags: ['a', 'b'], retry_count: 0, note: null });
    expect(out.cases[0]?.extra).toEqual({});
    expect(out.extra).toEqual({ git_commit: 'abc123', env: { PYTHON: '3.12' }, schema_version: 3 });
  });
});

describe('rlm-code top level to canonical summary', () => {
  it('keeps the reported totals exactly and maps run fields', () => {
    const s = loadSummary(fixturePath(NATIVE));
    expect(s.schema).toBe(SUMMARY_SCHEMA);
    expect(s.format).toBe('rlm-code');
    expect(s.id).toBe('bench_20260304_080500_250000');
    expect(s.metadata).toEqual({});
    expect(s.extra).toEqual({});
    expect(s.reported).toEqual({
      total_cases: 4,
      attempted_cases: 4,
      completed_cases: 2,
      avg_reward: 0.45,
      avg_steps: 5,
      latency_seconds: { avg: 50.441, p50: 48.8308, p95: 58.8993, p99: 59.7799, max: 60 },
      usage_totals: { total_calls: 24, prompt_tokens: 115352, completion_tokens: 14918 },
    });
    expect(s.run).toEqual({
      preset: 'pure_rlm_context',
      mode: 'native',
      mcp_enabled: false,
      mcp_server: null,
      harness_strategy: null,
      model: null,
      source: 'builtin',
      description: '',
      pack_paths: [],
      started_at: '2026-03-04T08:05:00.250000+00:00',
      finished_at: '2026-03-04T08:08:22.013800+00:00',
      duration_seconds: 201.7638,
      cancelled: false,
    });
    expect(s.cases.map((c) => c.id)).toEqual(raw(NATIVE).case_results.map((r) => r.case_id));
  });

  it('does not re-aggregate: reported totals stay even when the rows disagree', () => {
    const s = raw(NATIVE);
    Object.assign(s, { total_cases: 9, completed_cases: 7, avg_reward: 0.123456789, avg_steps: 1.5, cancelled: true });
    const out = parseSummary('b.json', s);
    expect(out.reported).toMatchObject({ total_cases: 9, completed_cases: 7, avg_reward: 0.123456789, avg_steps: 1.5 });
    expect(out.run.cancelled).toBe(true);
    expect(out.cases).toHaveLength(4);
  });

  it('maps harness run fields and pack paths', () => {
    expect(loadSummary(fixturePath(CODEMODE)).run).toMatchObject({
      mode: 'harness',
      mcp_enabled: true,
      mcp_server: 'codemode',
      harness_strategy: 'codemode',
    });
    expect(loadSummary(fixturePath('steps_just_over_050/baseline.json')).run.pack_paths).toEqual(['packs/oolong_regression_100.json']);
  });

  it('uses the file stem as id when benchmark_id is missing', () => {
    const s = raw(NATIVE);
    delete s.benchmark_id;
    expect(parseSummary('/runs/benchmarks/bench_20260101_000000_000001.json', s).id).toBe('bench_20260101_000000_000001');
    expect(parseSummary('C:\\runs\\nightly.JSON', s).id).toBe('nightly');
    expect(parseSummary('plain-name', s).id).toBe('plain-name');
  });

  it.each(ALL_FIXTURES)('reads %s into a valid canonical summary that mirrors the file', (rel) => {
    const file = raw(rel);
    const s = loadSummary(fixturePath(rel));
    expect(BenchmarkSummary.safeParse(s).success).toBe(true);
    expect(s.id).toBe(file.benchmark_id);
    expect(s.cases.map((c) => [c.id, c.completed, c.reward, c.steps])).toEqual(file.case_results.map((r) => [r.case_id, r.completed, r.total_reward, r.steps]));
    expect([s.reported.total_cases, s.reported.completed_cases, s.reported.avg_reward, s.reported.avg_steps]).toEqual([
      file.total_cases,
      file.completed_cases,
      file.avg_reward,
      file.avg_steps,
    ]);
  });
});

describe('older hand-made summaries', () => {
  it('accepts a summary without mode, attempted_cases, latency_seconds, usage_totals, cancelled', () => {
    const file = raw(OLD);
    for (const key of ['mode', 'attempted_cases', 'latency_seconds', 'usage_totals', 'cancelled']) expect(file).not.toHaveProperty(key);
    const s = loadSummary(fixturePath(OLD));
    expect(s.id).toBe('bench_ci_baseline_generic_smoke_v1');
    expect(s.run).toEqual({
      preset: 'generic_smoke',
      mode: null,
      mcp_enabled: null,
      mcp_server: null,
      harness_strategy: null,
      model: null,
      source: 'pinned',
      description: 'Deterministic CI baseline for RLM benchmark gate.',
      pack_paths: [],
      started_at: '2026-02-09T00:00:00Z',
      finished_at: '2026-02-09T00:00:02Z',
      duration_seconds: null,
      cancelled: null,
    });
    expect(s.reported).toEqual({
      total_cases: 2,
      attempted_cases: null,
      completed_cases: 2,
      avg_reward: 1.8,
      avg_steps: 2,
      latency_seconds: null,
      usage_totals: null,
    });
    expect(s.cases[0]).toMatchObject({
      id: 'hello_py',
      completed: true,
      steps: 2,
      reward: 1.8,
      mode: null,
      usage: null,
      duration_seconds: null,
      harness: null,
      error: null,
      run_id: null,
      final_response: null,
      labels: { ...NO_LABELS, environment: 'generic' },
    });
  });

  it('accepts the bare minimum: totals and rows with case_id, completed, steps, total_reward', () => {
    const s = parseSummary('min.json', {
      total_cases: 1,
      completed_cases: 0,
      avg_reward: 0,
      avg_steps: 0,
      case_results: [{ case_id: 'only', completed: false, steps: 0, total_reward: 0 }],
    });
    expect(s.id).toBe('min');
    expect(s.run.pack_paths).toEqual([]);
    expect(s.cases[0]).toMatchObject({ id: 'only', usage: null, harness: null, labels: NO_LABELS, extra: {} });
  });
});

describe('format detection and --input-format', () => {
  it('lists the formats', () => {
    const names = [
      'benchgate',
      'rlm-code',
      'rle',
      'rlm-runner',
      'promptfoo',
      'multihop-qa',
      'inspect-ai',
      'lm-eval',
      'terminal-bench',
      'tau-bench',
      'swe-bench',
      'tau2-bench',
      'harbor',
      'ctrf',
      'junit',
      'github-action-benchmark',
      'github-action-benchmark-bigger',
      'github-action-benchmark-smaller',
      'records',
    ];
    expect(ADAPTERS.map((a) => a.name)).toEqual(names);
    expect(INPUT_FORMATS).toEqual(['auto', ...names]);
  });

  it('forcing rlm-code on a benchgate summary refuses its shape and names the format it looks like', () => {
    const normalized = JSON.parse(JSON.stringify(loadSummary(fixturePath(NATIVE)))) as unknown;
    const run = (): unknown => parseSummary('norm.json', normalized, 'rlm-code');
    expect(run).toThrow(InputError);
    expect(run).toThrow(/^norm\.json: expected an rlm-code summary: a JSON object with `case_results`.*, as the input format rlm-code given says/);
    expect(run).toThrow(/; here: no `case_results`; the file looks like benchgate input \(give that format, or auto\)$/);
  });

  it('forcing rlm-code on an rlm-code summary with a broken field still names the field', () => {
    const s = raw(NATIVE);
    delete s['total_cases'];
    expect(() => parseSummary('b.json', s, 'rlm-code')).toThrow(/\$\.total_cases: expected a whole number, got nothing \(the field is missing\)/);
  });

  it('forcing the right format works like auto', () => {
    const s = raw(NATIVE);
    expect(parseSummary('b.json', s, 'rlm-code')).toEqual(parseSummary('b.json', s));
    expect(loadSummary(fixturePath(NATIVE), 'rlm-code')).toEqual(loadSummary(fixturePath(NATIVE)));
  });

  it('rejects an unknown format name, listing the allowed ones', () => {
    const run = (): unknown => parseSummary('b.json', raw(NATIVE), 'csv');
    expect(run).toThrow(InputError);
    expect(run).toThrow(
      'unknown input format "csv"; expected one of auto, benchgate, rlm-code, rle, rlm-runner, promptfoo, multihop-qa, inspect-ai, lm-eval, terminal-bench, tau-bench, swe-bench, tau2-bench, harbor, ctrf, junit, github-action-benchmark, github-action-benchmark-bigger, github-action-benchmark-smaller, records',
    );
    expect(() => loadSummary(fixturePath(NATIVE), 'RLM-CODE')).toThrow(/unknown input format "RLM-CODE"/);
  });
});

describe('round trip through the benchgate format', () => {
  it.each(ALL_FIXTURES)('%s: normalized, written and read back equals the original', (rel) => {
    const original = loadSummary(fixturePath(rel));
    const file = join(tmp, rel.replace('/', '__'));
    writeFileSync(file, JSON.stringify(original, null, 2));
    const text = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    expect(ADAPTERS.find((a) => a.mismatch(dataSource(file, text), { format: 'auto' }) === null)?.name).toBe('benchgate');
    const back = loadSummary(file);
    expect(back).toEqual(original);
    expect(back.format).toBe('rlm-code');
    expect(loadSummary(file, 'benchgate')).toEqual(original);
  });

  it('keeps extra fields, failure rows and nulls through the round trip', () => {
    const s = raw(HARNESS);
    delete row(s, 2).usage;
    Object.assign(row(s, 2), { error: 'boom', total_reward: -1, steps: 0, completed: false, custom: { deep: [1, null] } });
    Object.assign(s, { git_commit: 'abc' });
    const original = parseSummary('h.json', s);
    const file = join(tmp, 'extras.json');
    writeFileSync(file, JSON.stringify(original));
    const back = loadSummary(file);
    expect(back).toEqual(original);
    expect(back.cases[2]).toMatchObject({ usage: null, error: 'boom', extra: { custom: { deep: [1, null] } } });
    expect(back.extra).toEqual({ git_commit: 'abc' });
  });

  it('rejects another schema version with a clear message', () => {
    const normalized = { ...loadSummary(fixturePath(NATIVE)), schema: 'benchgate.summary/v0' };
    const file = join(tmp, 'v0.json');
    writeFileSync(file, JSON.stringify(normalized));
    const run = (): unknown => loadSummary(file);
    expect(run).toThrow(InputError);
    expect(run).toThrow(`${file}: $.schema: expected "benchgate.summary/v1", got the string "benchgate.summary/v0" (written by another benchgate version)`);
  });
});
