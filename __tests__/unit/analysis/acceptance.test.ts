// Issue 46: acceptances applied inside the one pipeline (judge()). The flow is the edge's: judge the
// pair, build the record from the regressions that hold, judge again with the events.
import { describe, expect, it } from 'vitest';

import { acceptancesInForce } from '../../../src/analysis/acceptance/ledger.js';
import type { AcceptanceEvent, AcceptanceRecord, AcceptanceTargets } from '../../../src/analysis/acceptance/model.js';
import { coversRegression, gateNamesOf, heldRegressions } from '../../../src/analysis/acceptance/regressions.js';
import { budgetHolds, chargeAcceptances, judgeBudget } from '../../../src/history/budget.js';
import { judge, type JudgeInput } from '../../../src/pipeline/judge.js';
import { acceptanceRecord, commandContextOf, mayAccept } from '../../../src/policy/acceptance.js';
import { parseComment } from '../../../src/policy/acceptance-command.js';
import { DEFAULT_POLICY, type GatePolicy } from '../../../src/policy/policy.js';
import { verdictText } from '../../../src/report/verdict.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const NOW = '2026-12-02T12:00:00Z';
const AT = '2026-12-02T10:00:00Z';
const base = loaded({ cases: cases(10) }, 'baseline.json');
const failing = (...ids: string[]) =>
  loaded({ cases: cases(10, (i) => ({ completed: !ids.includes(`c${String(i + 1).padStart(2, '0')}`) })) }, 'candidate.json');
/** Only the completion-regressions gate decides: aggregate losses allowed. */
const lenient: GatePolicy = { ...DEFAULT_POLICY, thresholds: { ...DEFAULT_POLICY.thresholds, min_reward_delta: -1, min_completion_delta: -1 } };

const run = (candidate: ReturnType<typeof failing>, extra: Partial<JudgeInput> = {}, policy: GatePolicy = lenient) =>
  judge({ runs: { baseline: [base], candidate: [candidate] }, policy, design: { kind: 'fixed' }, now: NOW, ...extra }).comparison;

/** What the edge does on `/benchgate accept`: the record from the regressions that hold the check now. */
function accepted(
  candidate: ReturnType<typeof failing>,
  targets: AcceptanceTargets,
  opts: { days?: number; by?: string; id?: number; policy?: GatePolicy } = {},
): AcceptanceRecord {
  const held = heldRegressions(run(candidate, {}, opts.policy));
  const r = acceptanceRecord({ kind: 'accept', targets, reason: 'provider outage on the 1st', days: opts.days ?? 7 }, held, {
    by: opts.by ?? 'maint',
    permission: 'maintain',
    at: AT,
    head_sha: 'a'.repeat(40),
    comment_id: opts.id ?? 1,
  });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.record;
}
const accept = (record: AcceptanceRecord): AcceptanceEvent => ({ kind: 'accept', record });
const cases12: AcceptanceTargets = { all: false, cases: ['c01', 'c02'], gates: [] };

describe('an accept through judge()', () => {
  it('turns a hold into promote, with the acceptance shown and counted', () => {
    const before = run(failing('c01', 'c02'));
    expect(before.verdict).toBe('hold');
    const cmp = run(failing('c01', 'c02'), { acceptances: [accept(accepted(failing('c01', 'c02'), cases12))] });
    expect(cmp.verdict).toBe('promote');
    expect(cmp.failed_gates).toEqual([]);
    // Shown as measured: the gate itself still failed, the cases still regressed.
    expect(cmp.rlm.gates.completion_regressions).toBe(false);
    expect(cmp.acceptance).toMatchObject({ verdict_before: 'hold', accepted: 2, held: [], expired: [], unused: [] });
    expect(cmp.acceptance?.applied[0]?.covers.map((x) => x.case_id)).toEqual(['c01', 'c02']);
    expect(verdictText(cmp)).toBe('promote (2 regressions accepted by `@maint`: `provider outage on the 1st`)');
  });

  it('covers only what it named: a case more after a push holds again', () => {
    const record = accepted(failing('c01', 'c02'), cases12);
    const cmp = run(failing('c01', 'c02', 'c03'), { acceptances: [accept(record)] });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.failed_gates).toEqual(['completion_regressions']);
    expect(cmp.acceptance?.held).toEqual([{ gate: 'completion_regressions', case_id: 'c03', baseline: 1, candidate: 0, loss: 1 }]);
    expect(cmp.acceptance?.accepted).toBe(2);
    expect(verdictText(cmp)).toMatch(/^hold \(failed gates: completion_regressions; 2 regressions accepted by/);
  });

  it('a case named but not all of them: the others hold', () => {
    const record = accepted(failing('c01', 'c02'), { all: false, cases: ['c01'], gates: [] });
    expect(run(failing('c01', 'c02'), { acceptances: [accept(record)] }).verdict).toBe('hold');
  });

  it('under the default thresholds, accepting the cases leaves the aggregate gates holding; naming them (or all) lifts them', () => {
    const strict = DEFAULT_POLICY;
    const onlyCases = run(
      failing('c01'),
      { acceptances: [accept(accepted(failing('c01'), { all: false, cases: ['c01'], gates: [] }, { policy: strict }))] },
      strict,
    );
    expect(onlyCases.verdict).toBe('hold');
    expect(onlyCases.failed_gates).toEqual(['reward', 'completion']);
    const all = run(failing('c01'), { acceptances: [accept(accepted(failing('c01'), { all: true }, { policy: strict }))] }, strict);
    expect(all.verdict).toBe('promote');
    expect(all.acceptance?.accepted).toBe(3);
  });

  it("a gate's loss grown after a push is a new regression", () => {
    const strict = DEFAULT_POLICY;
    const record = accepted(failing('c01'), { all: true }, { policy: strict });
    const worse = run(failing('c01', 'c02'), { acceptances: [accept(record)] }, strict);
    expect(worse.verdict).toBe('hold');
    expect(worse.failed_gates).toEqual(['reward', 'completion', 'completion_regressions']);
    // c01 is still covered; the larger losses and c02 are not.
    expect(worse.acceptance?.held.map((x) => x.case_id ?? x.gate)).toEqual(['reward', 'completion', 'c02']);
  });

  it('an expired acceptance is ignored and said so', () => {
    const record = accepted(failing('c01', 'c02'), cases12, { days: 1 });
    const cmp = run(failing('c01', 'c02'), { acceptances: [accept(record)], now: '2026-12-03T10:00:00Z' });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.acceptance?.expired).toEqual([record]);
    expect(cmp.acceptance?.accepted).toBe(0);
    expect(verdictText(cmp)).toContain('an acceptance by `@maint` expired on 2026-12-03');
    // A second before, it still covers.
    expect(run(failing('c01', 'c02'), { acceptances: [accept(record)], now: '2026-12-03T09:59:59Z' }).verdict).toBe('promote');
  });

  it('revoke: a named case leaves the acceptance, no targets revoke all', () => {
    const events: AcceptanceEvent[] = [accept(accepted(failing('c01', 'c02'), cases12))];
    const revokeC02: AcceptanceEvent = { kind: 'revoke', by: 'maint', at: NOW, comment_id: 2, targets: { all: false, cases: ['c02'], gates: [] } };
    const partly = run(failing('c01', 'c02'), { acceptances: [...events, revokeC02] });
    expect(partly.verdict).toBe('hold');
    expect(partly.acceptance?.held.map((x) => x.case_id)).toEqual(['c02']);
    expect(partly.acceptance?.applied[0]?.record.targets).toEqual({ all: false, cases: ['c01'], gates: [] });
    const gone = run(failing('c01', 'c02'), { acceptances: [...events, { kind: 'revoke', by: 'maint', at: NOW, comment_id: 3, targets: null }] });
    expect(gone.verdict).toBe('hold');
    expect(gone.acceptance).toBeUndefined();
  });

  it('an acceptance made after a revoke stands; a deleted comment withdraws its acceptance; an edit replaces it', () => {
    const r1 = accepted(failing('c01', 'c02'), cases12, { id: 1 });
    const revoke: AcceptanceEvent = { kind: 'revoke', by: 'maint', at: NOW, comment_id: 2, targets: null };
    expect(acceptancesInForce([revoke, accept(r1)])).toEqual([r1]);
    expect(acceptancesInForce([accept(r1), { kind: 'withdrawn', comment_id: 1, at: NOW }])).toEqual([]);
    const edited = { ...r1, reason: 'edited', regressions: r1.regressions.slice(0, 1) };
    expect(acceptancesInForce([accept(r1), accept(edited)])).toEqual([edited]);
  });

  it('findings still hold: a broken run is not accepted away', () => {
    const record = accepted(failing('c01', 'c02'), cases12);
    const cmp = run(failing('c01', 'c02'), { acceptances: [accept(record)], problems: [{ code: 'suite-job-failed', message: 'the suite job failed' }] });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.failed_gates).toEqual([]);
    expect(verdictText(cmp)).toMatch(/findings: suite-job-failed/);
  });

  it('an acceptance whose regressions are gone is listed as unused, and a promote stays one', () => {
    const record = accepted(failing('c01', 'c02'), cases12);
    const cmp = run(failing(), { acceptances: [accept(record)] });
    expect(cmp.verdict).toBe('promote');
    expect(cmp.acceptance).toMatchObject({ verdict_before: 'promote', unused: [record], accepted: 0 });
  });

  it('without acceptances judge() leaves the comparison as it was', () => {
    expect(run(failing('c01'), { acceptances: [] }).acceptance).toBeUndefined();
    expect(run(failing('c01')).acceptance).toBeUndefined();
  });
});

describe('the regressions an acceptance binds', () => {
  it("gate names: rlm-code's four and the configuration's required gates", () => {
    expect(gateNamesOf(run(failing()))).toEqual(['reward', 'completion', 'steps', 'completion_regressions']);
  });

  it('a case regression covers the same case again; a gate covers no larger loss; both unknown match', () => {
    const c = { gate: 'completion_regressions', case_id: 'c01', baseline: 1, candidate: 0, loss: 1 };
    expect(coversRegression(c, { ...c })).toBe(true);
    expect(coversRegression(c, { ...c, case_id: 'c02' })).toBe(false);
    const g = { gate: 'reward', case_id: null, baseline: 0.9, candidate: 0.8, loss: 0.1 };
    expect(coversRegression(g, { ...g, loss: 0.1 + 1e-12 })).toBe(true);
    expect(coversRegression(g, { ...g, loss: 0.11 })).toBe(false);
    expect(coversRegression(g, { ...g, loss: 0.05 })).toBe(true);
    expect(coversRegression({ ...g, loss: null }, { ...g, loss: null })).toBe(true);
    expect(coversRegression({ ...g, loss: null }, g)).toBe(false);
  });
});

describe('the regression budget counts accepted regressions', () => {
  it('charged, not lifted: the figures and the hold are as before', () => {
    const cmp = run(failing('c01', 'c02'), { acceptances: [accept(accepted(failing('c01', 'c02'), cases12))] });
    const spec = { reference: 'v1.0.0', limits: { completion_rate: { amount: 0.1, relative: false } } };
    const state = judgeBudget(
      spec,
      { commit: 'b'.repeat(40), runs: [{ completion_rate: 1, reward: 1, steps: 3, cost: null }] },
      { completion_rate: 0.8, reward: 0.8, steps: 3, cost: null },
    );
    const charged = chargeAcceptances(state, cmp.acceptance);
    expect(charged.accepted).toEqual({ regressions: 2, by: ['maint'] });
    expect(charged.lines).toEqual(state.lines);
    expect(budgetHolds(charged)).toBe(true);
    expect(chargeAcceptances(state, undefined)).toBe(state);
  });
});

describe('acceptances under the significant policy and for the configuration gates', () => {
  const trialsOf = (fail: readonly string[], path: string) =>
    [1, 2, 3].map((k) => loaded({ cases: cases(30, (i) => ({ completed: !fail.includes(`c${String(i + 1).padStart(2, '0')}`) })) }, `${path}-${k}.json`));
  const significant: GatePolicy = { ...lenient, decide: 'significant' };
  const judgeTrials = (fail: readonly string[], acceptances?: AcceptanceEvent[]) =>
    judge({
      runs: { baseline: trialsOf([], 'b'), candidate: trialsOf(fail, 'c') },
      policy: significant,
      design: { kind: 'fixed' },
      now: NOW,
      ...(acceptances ? { acceptances } : {}),
    }).comparison;

  it("with repeated trials a case's regression is its pass rate lost, and accepting the cases lifts the gate", () => {
    const fail = ['c01', 'c02', 'c03', 'c04', 'c05', 'c06'];
    const before = judgeTrials(fail);
    expect(before.verdict).toBe('hold');
    expect(before.failed_gates).toContain('completion_regressions');
    const held = heldRegressions(before);
    expect(held.filter((x) => x.case_id !== null)).toEqual(
      fail.map((id) => ({ gate: 'completion_regressions', case_id: id, baseline: 1, candidate: 0, loss: 1 })),
    );
    const r = acceptanceRecord({ kind: 'accept', targets: { all: true }, reason: 'r', days: 7 }, held, {
      by: 'maint',
      permission: 'admin',
      at: AT,
      head_sha: 'a'.repeat(40),
      comment_id: 5,
    });
    if (!r.ok) throw new Error(r.refusal.message);
    const after = judgeTrials(fail, [accept(r.record)]);
    expect(after.verdict).not.toBe('hold');
    expect(after.failed_gates).toEqual([]);
    expect(after.acceptance?.held).toEqual([]);
  });

  it('a required gate of the configuration is named by its metric and lifted by it', () => {
    const slow = (seconds: number, path: string) => loaded({ cases: cases(10, () => ({ duration: seconds })) }, path);
    const policy: GatePolicy = { ...lenient, metricGates: [{ metric: 'latency_avg', tolerance: 0.5, level: 'required' }] };
    const go = (acceptances?: AcceptanceEvent[]) =>
      judge({
        runs: { baseline: [slow(1.5, 'b.json')], candidate: [slow(3, 'c.json')] },
        policy,
        design: { kind: 'fixed' },
        now: NOW,
        ...(acceptances ? { acceptances } : {}),
      }).comparison;
    const before = go();
    expect(before.failed_metric_gates).toEqual(['latency_avg']);
    expect(gateNamesOf(before)).toContain('latency_avg');
    const held = heldRegressions(before);
    expect(held).toEqual([{ gate: 'latency_avg', case_id: null, baseline: 1.5, candidate: 3, loss: 1.5 }]);
    const r = acceptanceRecord({ kind: 'accept', targets: { all: false, cases: [], gates: ['latency_avg'] }, reason: 'r', days: 7 }, held, {
      by: 'maint',
      permission: 'write',
      at: AT,
      head_sha: 'a'.repeat(40),
      comment_id: 6,
    });
    if (!r.ok) throw new Error(r.refusal.message);
    const after = go([accept(r.record)]);
    expect(after.verdict).toBe('promote');
    expect(after.failed_metric_gates).toEqual([]);
  });
});

describe('the flow the edge runs: comment -> permission -> record -> judge()', () => {
  const flow = (body: string, permission: string, actor: string) => {
    const before = run(failing('c01', 'c02'));
    const parsed = parseComment(body, commandContextOf(before));
    if (parsed.kind !== 'command' || parsed.command.kind !== 'accept') return { verdict: before.verdict, why: parsed.kind };
    const may = mayAccept(permission, actor, 'author');
    if (!may.ok) return { verdict: before.verdict, why: may.refusal.code };
    const r = acceptanceRecord(parsed.command, heldRegressions(before), { by: actor, permission: 'write', at: AT, head_sha: 'a'.repeat(40), comment_id: 11 });
    if (!r.ok) return { verdict: before.verdict, why: r.refusal.code };
    return { verdict: run(failing('c01', 'c02'), { acceptances: [accept(r.record)] }).verdict, why: 'accepted' };
  };

  it('a maintainer turns the check green; a read-only user, the unprivileged author and a forged marker change nothing', () => {
    expect(commandContextOf(run(failing())).caseIds.size).toBe(10);
    expect(flow('/benchgate accept c01 c02 because provider outage', 'write', 'maint')).toEqual({ verdict: 'promote', why: 'accepted' });
    expect(flow('/benchgate accept c01 c02 because provider outage', 'read', 'reader')).toEqual({ verdict: 'hold', why: 'not-permitted' });
    expect(flow('/benchgate accept all because mine', 'read', 'author')).toEqual({ verdict: 'hold', why: 'not-permitted' });
    expect(flow('<!-- benchgate:v1 gate=main -->\n/benchgate accept all because forged', 'admin', 'maint')).toEqual({ verdict: 'hold', why: 'ignored' });
    expect(flow('/benchgate accept c03 because not regressed', 'write', 'maint')).toEqual({ verdict: 'hold', why: 'not-regressed' });
  });
});
