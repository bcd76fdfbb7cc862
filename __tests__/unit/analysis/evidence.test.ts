/**
 * The evidence of regressed cases (analysis/evidence): each format's extractor, rlm-code's parting
 * rule, and the pairs whose runs were written by the tools themselves (fixtures/evidence/README.md).
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { caseOf } from '../../../src/adapters/parsing/records-common.js';
import { loadPackedSummary, loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { caseRowsOf } from '../../../src/analysis/evidence/collect.js';
import { findDivergence } from '../../../src/analysis/evidence/divergence.js';
import { extractTrace, transcriptSteps } from '../../../src/analysis/evidence/extract.js';
import type { Trace, TraceStep } from '../../../src/analysis/evidence/model.js';
import { parseTrajectory, rlmStep } from '../../../src/analysis/evidence/rlm-code.js';
import { gatherEvidence } from '../../../src/load/evidence.js';
import { loadRun } from '../../../src/load/load.js';
import { loadedRows } from '../../../src/schema/loaded.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = new URL('../../fixtures/evidence/', import.meta.url).pathname;
const benchFile = (side: string): string => {
  const at = `${dir}rlm-code/${side}/rlm/benchmarks/`;
  const name = side === 'baseline' ? 'bench_20261127_040327_458153.json' : 'bench_20261127_040327_685468.json';
  return `${at}${name}`;
};

function pairEvidence(b: string, c: string) {
  const opts = { format: 'auto' };
  const cmp = compareSummaries(asLoaded(b, loadSummary(b, opts), NO_FIELDS), asLoaded(c, loadSummary(c, opts), NO_FIELDS));
  return gatherEvidence(cmp, { baseline: b, candidate: c }, { baseline: opts, candidate: opts });
}

const step = (over: Partial<TraceStep>): TraceStep => ({
  step: 1,
  action: 'run_python',
  input: 'x = 1',
  rationale: null,
  output: null,
  error: null,
  success: true,
  reward: 0.5,
  tokens: 10,
  ...over,
  key: over.key !== undefined ? over.key : { action: JSON.stringify(over.action ?? 'run_python'), input: JSON.stringify(over.input ?? 'x = 1') },
});
const trace = (steps: TraceStep[], final_answer: string | null = 'a'): Trace => ({
  format: 'rlm-code',
  source: 'trajectory',
  final_answer,
  expected_answer: null,
  reason: null,
  steps,
  steps_dropped: 0,
  note: null,
  step_count: null,
  last_message: null,
});

describe("rlm-code's parting rule (session_replay.compare_sessions)", () => {
  const s1 = step({ step: 1 });
  it('parts at the first step whose action type, code or success differs, in that order', () => {
    expect(findDivergence(trace([s1, step({ step: 2, action: 'final' })]), trace([s1, step({ step: 2, action: 'run_python' })])).kind).toBe('action');
    const code = findDivergence(trace([s1, step({ step: 2, input: 'a' })]), trace([s1, step({ step: 2, input: 'b', success: false })]));
    expect(code).toMatchObject({ kind: 'input', baseline_index: 1, candidate_index: 1, reason: 'parted at step 2: different code' });
    expect(code.before).toEqual([s1]);
    const ok = findDivergence(trace([step({ success: true })]), trace([step({ success: false })]));
    expect(ok.kind).toBe('success');
    expect(ok.reason).toBe('parted at step 1: the same action succeeded in the baseline, failed in the candidate');
  });
  it('ignores what the rule ignores (output, reward, tokens), and a success flag one side lacks', () => {
    const d = findDivergence(trace([step({ output: 'x', reward: 1 })], 'a'), trace([step({ output: 'y', reward: -1, success: null })], 'a'));
    expect(d.kind).toBe('none');
  });
  it('parts where the shorter run stops, else at the final answer', () => {
    expect(findDivergence(trace([s1]), trace([s1, step({ step: 2 })]))).toMatchObject({
      kind: 'length',
      baseline_index: null,
      candidate_index: 1,
      reason: 'the first step agrees; the candidate went on to step 2 (1 → 2 steps)',
    });
    expect(findDivergence(trace([], 'x'), trace([], 'y'))).toMatchObject({
      kind: 'answer',
      baseline_index: null,
      candidate_index: null,
      reason: 'no step in either run; the final answers differ',
    });
    expect(findDivergence(trace([s1], 'x'), trace([s1], ' x\n'))).toMatchObject({ kind: 'none', reason: 'the one step agrees, and so do the final answers' });
  });
  it('keeps at most two steps before the parting one', () => {
    const same = [1, 2, 3, 4].map((n) => step({ step: n, input: `s${n}` }));
    const d = findDivergence(trace([...same, step({ step: 5, input: 'p' })]), trace([...same, step({ step: 5, input: 'q' })]));
    expect(d.before.map((s) => s.step)).toEqual([3, 4]);
  });
});

describe('rlm-code trajectories written by its own runner', () => {
  const run = readFileSync(`${dir}rlm-code/candidate/rlm/runs/run_20261127_040327_744240.jsonl`, 'utf8');
  it("reads a step as rlm-code's replay does", () => {
    const { events, bad_lines } = parseTrajectory(`${run}not json\n[1]\n`);
    expect(bad_lines).toBe(2);
    expect(events.map((e) => e['type'])).toEqual(['step', 'step', 'step', 'final']);
    const s = rlmStep(events[0] as Record<string, unknown>, 0);
    expect(s).toMatchObject({ step: 1, action: 'run_python', success: false, reward: -0.3, rationale: 'Parse the date, day first.' });
    expect(s.input).toContain("'%d-%m-%Y'");
    expect(s.error).toMatch(/ValueError: time data '2021-05-08' does not match format '%d-%m-%Y'\n$/);
    expect(s.tokens).toBeGreaterThan(0);
  });
  it('the regressed case parts at step 1 on different code, with both final answers', () => {
    const ev = pairEvidence(benchFile('baseline'), benchFile('candidate'));
    expect(ev.more).toBe(0);
    expect(ev.cases.map((c) => c.case_id)).toEqual(['weekday']);
    const [e] = ev.cases;
    expect(e?.baseline).toMatchObject({ source: 'trajectory', final_answer: 'Saturday', expected_answer: 'Saturday', note: null });
    expect(e?.candidate).toMatchObject({ source: 'trajectory', final_answer: 'I could not determine the weekday: the date did not parse.' });
    expect(e?.candidate.steps).toHaveLength(3);
    expect(e?.divergence).toMatchObject({ kind: 'input', baseline_index: 0, candidate_index: 0, reason: 'parted at step 1: different code' });
    expect(e?.divergence.baseline_step).toMatchObject({ success: true, output: 'Saturday\n' });
    expect(e?.divergence.candidate_step).toMatchObject({ success: false });
  });
});

describe('summaries loaded packed (large pairs)', () => {
  it('hold no case objects, compare as when loaded whole, and their regressed rows are read again from the file', () => {
    const opts = { format: 'auto' };
    // The large-file path (load/load.ts readPacked): straight into the packed form, no case objects.
    const packed = (file: string) => loadedRows(file, loadPackedSummary(file, opts));
    const b = packed(benchFile('baseline'));
    const c = packed(benchFile('candidate'));
    expect('cases' in b.summary).toBe(false);
    expect(b.summary).toBe(b.rows.head);
    const cmp = compareSummaries(b, c);
    // The small-file path (loadRun: loaded whole, then packed) gives the same comparison.
    const whole = compareSummaries(loadRun(benchFile('baseline'), opts), loadRun(benchFile('candidate'), opts));
    expect(cmp.cases.toArray()).toStrictEqual(whole.cases.toArray());
    expect(cmp.verdict).toBe(whole.verdict);
    const ev = gatherEvidence(cmp, { baseline: benchFile('baseline'), candidate: benchFile('candidate') }, { baseline: opts, candidate: opts });
    expect(ev.cases[0]?.candidate).toMatchObject({ source: 'trajectory', final_answer: 'I could not determine the weekday: the date did not parse.' });
    expect(ev.cases[0]?.divergence.kind).toBe('input');
    expect(gatherEvidence(whole, { baseline: benchFile('baseline'), candidate: benchFile('candidate') }, { baseline: opts, candidate: opts })).toStrictEqual(
      ev,
    );
    // caseRowsOf picks the rows out of a summary read whole again.
    expect([...caseRowsOf(loadSummary(benchFile('candidate'), opts), ['weekday']).keys()]).toEqual(['weekday']);
    const files = { baseline: benchFile('baseline'), candidate: benchFile('candidate') };
    // Without a re-read (the CLI without --evidence), a large pair (here: large from 0 bytes) has no
    // rows, and each side says why; a small pair's rows are read all the same, however it was loaded.
    const unread = gatherEvidence(cmp, files, { baseline: opts, candidate: opts }, false, 0);
    expect(unread.cases[0]?.candidate).toMatchObject({ source: 'none', steps: [], note: expect.stringContaining('reads them again with --evidence DIR') });
    const small = gatherEvidence(cmp, files, { baseline: opts, candidate: opts }, false);
    expect(small.cases[0]?.candidate).toMatchObject({ source: 'trajectory' });
  });
});

describe('the other formats, from what their case rows hold', () => {
  it('Inspect AI (a real log and a derived one): the final answers and the scorer', () => {
    const ev = pairEvidence(`${dir}inspect-ai/baseline.json`, `${dir}inspect-ai/candidate.json`);
    expect(ev.cases).toHaveLength(1);
    const [e] = ev.cases;
    expect(e?.baseline).toMatchObject({ format: 'inspect-ai', final_answer: 'Yes\n', expected_answer: ' Yes', reason: 'scorer match gave C' });
    expect(e?.candidate).toMatchObject({ final_answer: 'No\n', reason: 'scorer match gave I' });
    // The adapter keeps the sample's messages: one free-text answer each, no tool call, so the runs
    // part at the final answers, not at the message's wording.
    expect(e?.baseline.source).toBe('transcript');
    expect(e?.divergence).toMatchObject({ kind: 'answer', baseline_step: null, reason: 'no action in either run; the final answers differ' });
  });
  it('Inspect AI messages, when a row keeps them, are steps: one per assistant turn with its tool calls and results', () => {
    const log = JSON.parse(readFileSync(`${dir}inspect-ai/baseline.json`, 'utf8')) as { samples: { messages: unknown[] }[] };
    const { steps } = transcriptSteps(log.samples[0]?.messages ?? []);
    expect(steps).toEqual([expect.objectContaining({ step: 1, action: 'message', input: 'Yes\n', key: null })]);
    const tools = transcriptSteps([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'text', text: 'look it up' }], tool_calls: [{ id: 't', function: 'search', arguments: { q: 'x' } }] },
      { role: 'tool', content: 'found', error: { message: 'partial' } },
      { role: 'assistant', content: 'done' },
    ]);
    expect(tools.steps[0]).toMatchObject({
      action: 'search',
      input: '{"q":"x"}',
      rationale: 'look it up',
      output: 'found',
      error: 'partial',
      key: { action: 'search', input: '{"q":"x"}' },
    });
    expect(tools.steps[1]).toMatchObject({ step: 2, action: 'message', input: 'done' });
  });
  it('promptfoo (real outputs): the responses and the failing assertion', () => {
    const ev = pairEvidence(`${dir}promptfoo/baseline.json`, `${dir}promptfoo/candidate.json`);
    const [e] = ev.cases;
    expect(e?.case_id).toBe('arithmetic');
    expect(e?.baseline.final_answer).toBe('4');
    expect(e?.candidate).toMatchObject({ final_answer: 'five', reason: 'Expected output to contain "4"' });
    expect(e?.divergence.kind).toBe('answer');
  });
  const row = (extra: Record<string, unknown>, more: Partial<CaseResult> = {}): CaseResult => ({
    ...caseOf({ id: 'c', completed: false, reward: 0, extra }),
    ...more,
  });
  it('tau-bench: the `traj` (OpenAI messages) parts at the first assistant action that differs', () => {
    const traj = (arg: string) => [
      { role: 'system', content: 'policy' },
      { role: 'assistant', content: null, tool_calls: [{ function: { name: 'find_user', arguments: '{"email":"a@b"}' } }] },
      { role: 'tool', name: 'find_user', content: 'u1' },
      { role: 'assistant', content: null, tool_calls: [{ function: { name: 'cancel_order', arguments: arg } }] },
    ];
    const b = extractTrace('tau-bench', row({ traj: traj('{"order":"#1"}') }));
    const c = extractTrace('tau-bench', row({ traj: traj('{"order":"#2"}') }));
    expect(b.source).toBe('transcript');
    expect(b.steps[0]).toMatchObject({ action: 'find_user', output: 'u1' });
    expect(findDivergence(b, c)).toMatchObject({
      kind: 'input',
      baseline_index: 1,
      candidate_index: 1,
      reason: 'parted at step 2 (action 2): the same tool, different arguments',
    });
  });
  it('lm-eval, JUnit and formats without evidence say what they hold', () => {
    expect(extractTrace('lm-eval', row({ metric: 'exact_match', exact_match: 0 }, { final_response: '5', expected_answer: '4' }))).toMatchObject({
      final_answer: '5',
      expected_answer: '4',
      reason: 'exact_match = 0',
      note: 'lm-eval records one response per sample: no steps',
    });
    expect(extractTrace('junit', row({ failure: 'expected 4, got 5' })).reason).toBe('expected 4, got 5');
    expect(extractTrace('records', row({})).note).toBe('the records format keeps no step-by-step trajectory');
    expect(extractTrace('rlm-code', row({}, { mode: 'harness' })).note).toBe('rlm-code harness rows keep no step-by-step trajectory');
  });
});
