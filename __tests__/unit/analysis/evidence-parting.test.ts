/**
 * Where two runs part is the first differing action (issue 42): a tool call and its arguments
 * (parsed JSON: key order and whitespace do not matter), code, or the final answer; free text alone
 * is no parting. tau-bench's own transcripts (fixtures/evidence/README.md), its ReAct agents' and
 * its `think` tool; rlm-code's raw action types and success flags as its replay reads them; and
 * what is said when no step-by-step record exists but the step counts are known.
 */
import { readFileSync } from 'node:fs';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { caseOf } from '../../../src/adapters/parsing/records-common.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { findDivergence } from '../../../src/analysis/evidence/divergence.js';
import { extractTrace, transcriptSteps } from '../../../src/analysis/evidence/extract.js';
import { canonicalJson, type Trace } from '../../../src/analysis/evidence/model.js';
import { rlmStep } from '../../../src/analysis/evidence/rlm-code.js';
import { tauRewardReason } from '../../../src/analysis/evidence/tau-bench.js';
import { gatherEvidence } from '../../../src/load/evidence.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = new URL('../../fixtures/evidence/', import.meta.url).pathname;
const opts = { format: 'auto' };

function pairEvidence(name: string) {
  const b = `${dir}${name}/baseline.json`;
  const c = `${dir}${name}/candidate.json`;
  const cmp = compareSummaries(asLoaded(b, loadSummary(b, opts), NO_FIELDS), asLoaded(c, loadSummary(c, opts), NO_FIELDS));
  return gatherEvidence(cmp, { baseline: b, candidate: c }, { baseline: opts, candidate: opts });
}

const row = (extra: Record<string, unknown>, more: Partial<CaseResult> = {}): CaseResult => ({
  ...caseOf({ id: 'c', completed: false, reward: 0, extra }),
  ...more,
});
const say = (text: string) => ({ role: 'assistant', content: text });
const call = (name: string, args: string) => ({ role: 'assistant', content: null, tool_calls: [{ id: 'x', function: { name, arguments: args } }] });
const tool = (out: string) => ({ role: 'tool', content: out });
const user = (text: string) => ({ role: 'user', content: text });
const tau = (traj: unknown[]): Trace => extractTrace('tau-bench', row({ traj }));

describe('a transcript parts at the first differing tool call, never at wording alone', () => {
  it('paraphrased messages before the same tool calls are no parting; the later tool call is', () => {
    const b = tau([say('I would like to change it'), call('find', '{"a":1,"b":[1,2]}'), tool('ok'), say('Done.'), call('cancel', '{"id":"#1"}')]);
    const c = tau([say('You want to modify it'), say('Let me look.'), call('find', '{ "b": [1, 2],\n "a": 1 }'), tool('ok'), call('cancel', '{"id":"#2"}')]);
    const d = findDivergence(b, c);
    expect(d).toMatchObject({
      kind: 'input',
      baseline_index: 3,
      candidate_index: 3,
      reason: 'parted at step 4 (action 2): the same tool, different arguments',
    });
    expect(d.before.map((s) => s.action)).toEqual(['find']);
    const c2 = tau([say('x'), call('find', '{"a":1,"b":[1,2]}'), call('refund', '{"id":"#1"}')]);
    expect(findDivergence(b, c2)).toMatchObject({
      kind: 'action',
      baseline_index: 3,
      candidate_index: 2,
      reason: 'parted at action 2 (baseline step 4, candidate step 3): a different tool',
    });
  });
  it('when the tool calls never differ it says so plainly, and where the runs part by length', () => {
    const b = tau([say('Sure, one moment.'), call('find', '{"a":1}'), say('All set!')]);
    const c = tau([say('Certainly.'), call('find', '{"a": 1}'), say('Done, have a nice day.')]);
    expect(findDivergence(b, c)).toMatchObject({
      kind: 'none',
      baseline_step: null,
      reason: 'the one action agrees; only the wording of the messages differs, which is not a parting',
    });
    expect(b.last_message).toBe('All set!');
    expect(b.final_answer).toBeNull();
    expect(findDivergence(b, b).reason).toBe('the one action agrees, and so do the messages');
    const longer = tau([say('Sure.'), call('find', '{"a":1}'), say('And'), call('cancel', '{}')]);
    expect(findDivergence(b, longer)).toMatchObject({
      kind: 'length',
      baseline_index: null,
      candidate_index: 3,
      reason: 'the first action agrees; the candidate went on to action 2 (step 4) (1 → 2 actions)',
    });
    expect(findDivergence(tau([say('hi')]), longer).reason).toBe('the baseline took no action; the candidate did (0 → 2 actions)');
  });
  it('canonical JSON: key order and whitespace do not matter, values do; text that is no JSON is compared trimmed', () => {
    expect(canonicalJson(JSON.parse('{"b":{"y":1,"x":[2,{"q":0,"p":1}]},"a":"s"}'))).toBe('{"a":"s","b":{"x":[2,{"p":1,"q":0}],"y":1}}');
    const [x, y, z] = transcriptSteps([call('f', '{"a":1, "b":2}'), call('f', '{"b":2,"a":1}'), call('f', '{"a":1,"b":"2"}')]).steps;
    expect(x?.key).toEqual(y?.key);
    expect(x?.key).not.toEqual(z?.key);
    const [p, q] = transcriptSteps([call('f', ' not json '), call('f', 'not json')]).steps;
    expect(p?.key).toEqual(q?.key);
  });
});

describe('the parting rule on generated transcripts', () => {
  // An action is one of a few tools with one of a few argument objects, written in any key order and spacing.
  const action = fc.record({ name: fc.constantFrom('find', 'cancel', 'refund'), a: fc.integer({ min: 0, max: 2 }), b: fc.constantFrom('x', 'y') });
  type Act = { name: string; a: number; b: string };
  const write = (x: Act, flip: boolean, spaced: boolean): unknown =>
    call(x.name, flip ? JSON.stringify({ b: x.b, a: x.a }, null, spaced ? 2 : 0) : JSON.stringify({ a: x.a, b: x.b }, null, spaced ? 1 : 0));
  /** A transcript of these actions with free-text messages between them, and each argument object written its own way. */
  const transcript = (acts: Act[]) =>
    fc
      .tuple(fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.nat(2), fc.string({ maxLength: 8 })), { minLength: acts.length, maxLength: acts.length }))
      .map(([how]) =>
        acts.flatMap((x, i) => {
          const [flip, spaced, messages, text] = how[i] as [boolean, boolean, number, string];
          return [...Array.from({ length: messages }, (_, m) => say(`${text} ${m}`)), write(x, flip, spaced)];
        }),
      );
  const pair = fc.tuple(fc.array(action, { maxLength: 6 }), fc.array(action, { maxLength: 6 }), fc.nat(6)).chain(([x, y, common]) => {
    const b = [...x.slice(0, common), ...x.slice(common)];
    const c = [...x.slice(0, common), ...y];
    return fc.tuple(fc.constant(b), fc.constant(c), transcript(b), transcript(c));
  });
  const same = (x: Act, y: Act): boolean => x.name === y.name && x.a === y.a && x.b === y.b;
  it('parts at the first action whose tool or arguments differ, whatever the messages and the JSON spelling', () => {
    fc.assert(
      fc.property(pair, ([ba, ca, bt, ct]) => {
        const d = findDivergence(tau(bt), tau(ct));
        const k = ba.findIndex((x, i) => i < ca.length && !same(x, ca[i] as Act));
        expect(d.reason).toMatch(/^[a-z0-9 ,;:()→'.-]+$/);
        if (k >= 0) {
          const x = ba[k] as Act;
          const y = ca[k] as Act;
          expect(d.kind).toBe(x.name !== y.name ? 'action' : 'input');
          expect(d.reason).toContain(`action ${k + 1}`);
          expect(d.before).toHaveLength(Math.min(k, 2));
        } else if (ba.length !== ca.length) {
          expect(d.kind).toBe('length');
        } else {
          expect(d.kind).toBe('none');
          expect(d.baseline_step).toBeNull();
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("tau-bench's own agents (sierra-research/tau-bench @ 59a200c)", () => {
  it("the ReAct agents' `Action:` text is the action; `respond` is a message (chat_react_agent.py)", () => {
    const { steps } = transcriptSteps(
      [
        say('Thought: look the user up\nAction:\n{"name": "find_user_id_by_email", "arguments": {"email": "a@b"}}'),
        user('API output: u1'),
        say('Thought: tell them\nAction: {"name": "respond", "arguments": {"content": "Found you."}}'),
      ],
      'tau-bench',
    );
    expect(steps[0]).toMatchObject({ action: 'find_user_id_by_email', rationale: 'Thought: look the user up', key: { input: '{"email":"a@b"}' } });
    expect(steps[1]).toMatchObject({ action: 'message', input: 'Found you.', key: null });
    // Another format's text is never read as an action.
    expect(transcriptSteps([say('Action: {"name": "x", "arguments": {}}')], 'inspect-ai').steps[0]?.key).toBeNull();
  });
  it('the `think` tool writes a thought, no action (envs/*/tools/think.py): two different thoughts part nothing', () => {
    const b = tau([call('think', '{"thought":"a"}'), call('find', '{}')]);
    const c = tau([call('think', '{"thought":"something else"}'), call('find', '{}')]);
    expect(b.steps[0]?.key).toBeNull();
    expect(findDivergence(b, c).kind).toBe('none');
  });
  it('the reward in words from `info.reward_info` (envs/base.py calculate_reward)', () => {
    const info = (reward: number, detail: object) => ({ reward_info: { reward, info: detail, actions: [] } });
    expect(tauRewardReason(info(0, { r_actions: 0, gt_data_hash: 'h' }))).toBe(
      "reward 0: the database does not end as the task's ground-truth actions leave it (r_actions 0)",
    );
    expect(tauRewardReason(info(1, { r_actions: true }))).toBe("reward 1: the database ends as the task's ground-truth actions leave it (r_actions 1)");
    expect(tauRewardReason(info(0, { r_outputs: 0, outputs: { '327': false, '1000': true } }))).toBe(
      'reward 0: the agent never told the user "327" (r_outputs 0)',
    );
    expect(tauRewardReason(info(0, { r_outputs: 1, outputs: { '1': true } }))).toMatch(/so the database differs/);
    expect(tauRewardReason({})).toBeNull();
    // The row's reward is what was gated: a reward_info that disagrees is named, never taken for it.
    expect(tauRewardReason(info(1, { r_actions: 1 }), 0)).toBe(
      "reward 0 (reward_info says 1): the database ends as the task's ground-truth actions leave it (r_actions 1)",
    );
  });
  it('task 13 (real trials): the runs part at the second tool call, not at the paraphrased fourth message', () => {
    const [e] = pairEvidence('tau-bench').cases;
    expect(e?.divergence).toMatchObject({ kind: 'action', baseline_index: 4, candidate_index: 4, reason: 'parted at step 5 (action 2): a different tool' });
    expect(e?.divergence.baseline_step?.action).toBe('update_reservation_flights');
    expect(e?.divergence.candidate_step?.action).toBe('search_direct_flight');
    expect(e?.candidate.reason).toBe("reward 0: the database does not end as the task's ground-truth actions leave it (r_actions 0)");
  });
  it('task 11 (real trials): every message is worded differently; the same two look-ups, then the third tool call parts', () => {
    const [e] = pairEvidence('tau-bench-later').cases;
    const d = e?.divergence;
    expect(e?.baseline.steps[0]?.input).not.toBe(e?.candidate.steps[0]?.input);
    expect(d?.before.map((s) => s.action)).toEqual(['get_user_details', 'get_reservation_details']);
    // The baseline's `think` at step 5 is no action; its next tool call is the third.
    expect(d).toMatchObject({ kind: 'input', reason: 'parted at action 3 (baseline step 6, candidate step 5): the same tool, different arguments' });
    expect(d?.baseline_step).toMatchObject({ action: 'calculate', input: '{"expression":"(158 + 141) + 30"}' });
    expect(d?.candidate_step).toMatchObject({ action: 'calculate', input: '{"expression":"158 + 141"}' });
  });
});

describe("rlm-code's steps as its replay reads them (session_replay.py @ 144be74)", () => {
  const ev = (action: object, observation: object) => rlmStep({ type: 'step', step: 1, action, observation }, 0);
  it('compares the action type and code as written: case and spacing matter, a missing field is ""', () => {
    expect(ev({ action: 'Run_Python', code: 'x' }, {}).key).not.toEqual(ev({ action: 'run_python', code: 'x' }, {}).key);
    expect(ev({ action: 'final' }, {}).key).toEqual(ev({ action: 'final', code: '' }, {}).key);
    expect(ev({ action: 'final', code: null }, {}).key).not.toEqual(ev({ action: 'final' }, {}).key);
  });
  it("success is Python's bool of observation.success, else no error and no stderr", () => {
    expect(ev({}, { success: 1 }).success).toBe(true);
    expect(ev({}, { success: '' }).success).toBe(false);
    expect(ev({}, { error: '' }).success).toBe(true);
    expect(ev({}, { stderr: 'boom' }).success).toBe(false);
    expect(ev({}, { success: null, error: 0 }).success).toBe(true);
  });
});

describe('without a step-by-step record: what is known, never "no steps" beside a count', () => {
  const rowTrace = (steps: number | null, answer: string): Trace => ({ ...extractTrace('records', row({}, { final_response: answer })), step_count: steps });
  it('both sides: the step counts and the final answers', () => {
    expect(findDivergence(rowTrace(3, 'a'), rowTrace(2, 'b'))).toMatchObject({
      kind: 'answer',
      reason: '3 → 2 steps; no step-by-step trajectory is recorded; the final answers differ',
    });
    expect(findDivergence(rowTrace(null, 'a'), rowTrace(null, 'a')).reason).toBe('no step-by-step trajectory is recorded; the final answers agree');
  });
  it('one side: no parting can be told', () => {
    const b = { ...tau([call('find', '{}')]), step_count: 2 };
    expect(findDivergence(b, rowTrace(3, 'b'))).toMatchObject({
      kind: 'unrecorded',
      baseline_step: null,
      candidate_step: null,
      reason: "2 → 3 steps; only the baseline's steps are recorded, not the candidate's: no parting step can be told; the final answers differ",
    });
  });
  it('steps beyond the cap: the kept steps agree, the rest is not claimed', () => {
    const t = tau(Array.from({ length: 3 }, () => call('f', '{}')));
    expect(findDivergence({ ...t, steps_dropped: 5 }, t)).toMatchObject({
      kind: 'unrecorded',
      reason: 'the first 3 actions kept agree; the later steps were not kept (8 → 3 steps)',
    });
  });
  it('the comparison gives each side the step count its table shows (rlm-code pair: 2 → 3)', () => {
    const b = `${dir}rlm-code/baseline/rlm/benchmarks/bench_20261127_040327_458153.json`;
    const c = `${dir}rlm-code/candidate/rlm/benchmarks/bench_20261127_040327_685468.json`;
    const cmp = compareSummaries(asLoaded(b, loadSummary(b, opts), NO_FIELDS), asLoaded(c, loadSummary(c, opts), NO_FIELDS));
    const [e] = gatherEvidence(cmp, { baseline: b, candidate: c }, { baseline: opts, candidate: opts }).cases;
    const [r] = cmp.cases.filter((x) => x.case_id === 'weekday');
    expect([e?.baseline.step_count, e?.candidate.step_count]).toEqual([r?.baseline_steps, r?.candidate_steps]);
    expect(e?.candidate.step_count).toBe(3);
    // tau-bench records no step count (adapters/recorded.ts): unknown, not 0.
    expect(pairEvidence('tau-bench').cases[0]?.baseline.step_count).toBeNull();
    expect(readFileSync(`${dir}README.md`, 'utf8')).toContain('tau-bench-later/');
  });
});
