// `/benchgate rerun` only where more trials can help (issue 46): an undecided verdict, a hold only on
// cases flaky on main (the noise profile's marks), a hold on the run's own failure; never a promote,
// a hold on stable regressions or a finding about what was measured. Through judge(), as mode
// command decides the gate run before it answers.
import { describe, expect, it } from 'vitest';

import type { AcceptanceEvent } from '../../../src/analysis/acceptance/model.js';
import { heldRegressions } from '../../../src/analysis/acceptance/regressions.js';
import { rerunDecision } from '../../../src/analysis/acceptance/rerun.js';
import type { Comparison } from '../../../src/analysis/compare.js';
import { judge, type JudgeInput } from '../../../src/pipeline/judge.js';
import { acceptanceRecord } from '../../../src/policy/acceptance.js';
import { DEFAULT_POLICY, type GatePolicy } from '../../../src/policy/policy.js';
import { renderRerunRefusedReply, renderRerunReply } from '../../../src/report/command-reply.js';
import { untrusted } from '../../../src/report/markdown/markdown.js';
import { verdictText } from '../../../src/report/verdict.js';
import { caseNoise, noiseProfileOf } from '../../helpers/noise-profile.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const NOW = '2026-12-02T12:00:00Z';
const ids = cases(10).map((c) => c.id);
const base = loaded({ cases: cases(10) }, 'baseline.json');
const failing = (...lost: string[]) => loaded({ cases: cases(10, (i) => ({ completed: !lost.includes(ids[i] as string) })) }, 'candidate.json');
/** Only the completion-regressions gate decides: aggregate losses allowed. */
const lenient: GatePolicy = { ...DEFAULT_POLICY, thresholds: { ...DEFAULT_POLICY.thresholds, min_reward_delta: -1, min_completion_delta: -1 } };
// c01 passes 6 of 10 of main's runs (flaky), every other case 10 of 10.
const profile = noiseProfileOf(ids.map((id) => caseNoise(id, 10, id === 'c01' ? 6 : 10)));
const noise = { noise: { file: 'profile.json', profiles: [profile] } };

const run = (candidate: ReturnType<typeof failing>, extra: Partial<JudgeInput> = {}): Comparison =>
  judge({ runs: { baseline: [base], candidate: [candidate] }, policy: lenient, design: { kind: 'fixed' }, now: NOW, ...extra }).comparison;

const finding = (code: string) => ({ code, severity: 'error', blocking: true, message: code }) as unknown as Comparison['blocking_findings'][number];

describe('rerunDecision', () => {
  it('re-runs an undecided verdict', () => {
    expect(rerunDecision({ ...run(failing('c02')), verdict: 'inconclusive' })).toEqual({ rerun: true, why: 'undecided' });
  });

  it('does not re-run a promote, nor a hold whose regressions are all accepted (the check promotes)', () => {
    expect(rerunDecision(run(failing()))).toEqual({ rerun: false, why: 'promote' });
    const held = heldRegressions(run(failing('c02')));
    const made = acceptanceRecord({ kind: 'accept', targets: { all: true }, reason: 'wanted', days: 7 }, held, {
      by: 'maint',
      permission: 'maintain',
      at: '2026-12-02T10:00:00Z',
      head_sha: 'a'.repeat(40),
      comment_id: 1,
    });
    if (!made.ok) throw new Error(made.refusal.message);
    const accepted = run(failing('c02'), { acceptances: [{ kind: 'accept', record: made.record } satisfies AcceptanceEvent] });
    expect(accepted.verdict).toBe('promote');
    expect(rerunDecision(accepted)).toEqual({ rerun: false, why: 'promote' });
  });

  it('re-runs a hold only on cases flaky on main; a stable regression beside them, or no profile, refuses and names it', () => {
    const flaky = run(failing('c01'), noise);
    expect(flaky.verdict).toBe('hold');
    expect(rerunDecision(flaky)).toEqual({ rerun: true, why: 'flaky-on-main', cases: ['c01'] });
    expect(rerunDecision(run(failing('c01', 'c02'), noise))).toEqual({ rerun: false, why: 'decided-hold', notFlaky: ['c02'], profile: true });
    expect(rerunDecision(run(failing('c01')))).toEqual({ rerun: false, why: 'decided-hold', notFlaky: ['c01'], profile: false });
  });

  it("a hold on the run's own failure is re-run; a finding about what was measured is not", () => {
    const clean = run(failing());
    expect(rerunDecision({ ...clean, verdict: 'hold', blocking_findings: [finding('suite-job-failed')] })).toEqual({
      rerun: true,
      why: 'run-failed',
      codes: ['suite-job-failed'],
    });
    expect(rerunDecision({ ...clean, verdict: 'hold', blocking_findings: [finding('suite-job-failed'), finding('missing-cases')] })).toEqual({
      rerun: false,
      why: 'finding',
      codes: ['missing-cases'],
    });
    // A failed job beside a stable regression: the regression was measured, and holds.
    const stable = run(failing('c02'));
    expect(rerunDecision({ ...stable, blocking_findings: [finding('suite-job-failed')] })).toMatchObject({
      rerun: false,
      why: 'decided-hold',
      notFlaky: ['c02'],
    });
  });
});

describe('the rerun replies', () => {
  it('say why the run runs again, or why not and what would help, every case id escaped', () => {
    const hostile = 'c01` <!-- benchgate:v1 --> [x](https://evil)';
    const ran = renderRerunReply(7, { rerun: true, why: 'flaky-on-main', cases: [hostile] });
    expect(ran).toContain('🔁 The gate run 7 runs again (every regression that holds is on a case flaky on main (');
    expect(ran).toContain(untrusted(hostile, { maxLength: 80 }));
    const cmp = run(failing('c02'));
    const refused = renderRerunRefusedReply(7, { rerun: false, why: 'decided-hold', notFlaky: [hostile], profile: false }, verdictText(cmp));
    expect(refused).toContain(`⛔ The gate run 7 is not run again: the check says **${verdictText(cmp)}**, a decided verdict.`);
    expect(refused).toContain(`It holds on regressions that are not flaky on main (${untrusted(hostile, { maxLength: 80 })}).`);
    expect(refused).toContain('`/benchgate accept <case ids | gate names | all> because <reason>`; otherwise push a fix.');
    // The hostile id is only ever inside its code span: without it, nothing of it is left.
    expect(refused.replace(untrusted(hostile, { maxLength: 80 }), '')).not.toMatch(/benchgate:v1|evil/);
    expect(renderRerunRefusedReply(7, { rerun: false, why: 'promote' }, 'promote (all gates passed)')).toContain(
      'The gate promotes: there is nothing for more trials to decide.',
    );
  });
});
