import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { compareCodePoints } from '../../../src/analysis/rlm/pair.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { cases, loaded, rlmSummary } from '../../helpers/rlm-builder.js';

const codes = (cmp: ReturnType<typeof compareSummaries>) => cmp.findings.map((f) => f.code);

/** A summary whose top-level averages are set by hand (rlm-code reads only those for the gates). */
function withTotals(avgReward: number, avgSteps: number, id: string) {
  const raw = rlmSummary({ id, cases: cases(2) });
  return { ...raw, avg_reward: avgReward, avg_steps: avgSteps };
}

describe('rlm-code gate boundaries (plain double subtraction, no rounding)', () => {
  it('3.65 → 4.15 steps is 0.5000000000000004 and fails a 0.5 cap', () => {
    const cmp = compareSummaries(loaded(withTotals(1, 3.65, 'b')), loaded(withTotals(1, 4.15, 'c')), { allowFindings: ['aggregate-mismatch'] });
    expect(cmp.rlm.deltas.avg_steps_increase).toBe(0.5000000000000004);
    expect(cmp.rlm.gates.steps).toBe(false);
    expect(cmp.verdict).toBe('hold');
  });
  it('3.6 → 4.1 steps is 0.49999999999999956 and passes', () => {
    const cmp = compareSummaries(loaded(withTotals(1, 3.6, 'b')), loaded(withTotals(1, 4.1, 'c')), { allowFindings: ['aggregate-mismatch'] });
    expect(cmp.rlm.deltas.avg_steps_increase).toBe(0.49999999999999956);
    expect(cmp.rlm.gates.steps).toBe(true);
  });
  it('1.8 → 1.75 reward fails a −0.05 floor', () => {
    const t = { ...DEFAULT_THRESHOLDS, min_reward_delta: -0.05 };
    const cmp = compareSummaries(loaded(withTotals(1.8, 2, 'b')), loaded(withTotals(1.75, 2, 'c')), { thresholds: t, allowFindings: ['aggregate-mismatch'] });
    expect(cmp.rlm.deltas.avg_reward).toBe(-0.050000000000000044);
    expect(cmp.rlm.gates.reward).toBe(false);
  });
  it('an exactly equal delta passes (>= and <=)', () => {
    const cmp = compareSummaries(loaded(withTotals(1, 3, 'b')), loaded(withTotals(1, 3.5, 'c')), { allowFindings: ['aggregate-mismatch'] });
    expect(cmp.rlm.deltas.avg_steps_increase).toBe(0.5);
    expect(cmp.rlm.gates.steps).toBe(true);
  });
  it('the completion-regression gate is on by default and can be turned off', () => {
    const base = loaded({ cases: cases(3) });
    const cand = loaded({ cases: cases(3, (i) => ({ completed: i !== 0 })) });
    expect(compareSummaries(base, cand).rlm.gates.completion_regressions).toBe(false);
    const off = compareSummaries(base, cand, { thresholds: { ...DEFAULT_THRESHOLDS, fail_on_completion_regression: false } });
    expect(off.rlm.gates.completion_regressions).toBe(true);
    expect(off.rlm.case_summary.completion_regressions).toBe(1);
  });
  it('reward regressions are counted but never gated', () => {
    const cmp = compareSummaries(
      loaded({ cases: cases(2, () => ({ reward: 1 })) }),
      loaded({
        cases: [
          { id: 'c01', reward: 0.5 },
          { id: 'c02', reward: 1.5 },
        ],
      }),
    );
    expect(cmp.rlm.case_summary.reward_regressions).toBe(1);
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.verdict).toBe('promote');
  });
});

describe('integrity findings rlm-code lacks', () => {
  it('a candidate missing baseline cases: rlm-code passes, benchgate holds and names them', () => {
    const cmp = compareSummaries(loaded({ cases: cases(4, (i) => ({ completed: i < 3 })) }), loaded({ cases: cases(3) }));
    expect(cmp.rlm.passed).toBe(true);
    const f = cmp.findings.find((x) => x.code === 'missing-cases');
    expect(f).toMatchObject({ severity: 'error', blocking: true, case_ids: ['c04'] });
    expect(cmp.verdict).toBe('hold');
  });
  it('allowing a finding code reports it without holding', () => {
    const cmp = compareSummaries(loaded({ cases: cases(4) }), loaded({ cases: cases(3) }), { allowFindings: ['missing-cases'] });
    expect(cmp.findings.find((x) => x.code === 'missing-cases')?.blocking).toBe(false);
    expect(cmp.verdict).toBe('promote');
  });
  it('a cancelled, incomplete candidate holds', () => {
    const cmp = compareSummaries(loaded({ cases: cases(4) }), loaded({ cases: cases(2), total: 4, cancelled: true }));
    expect(codes(cmp)).toEqual(expect.arrayContaining(['incomplete-run', 'cancelled-run', 'missing-cases']));
    expect(cmp.verdict).toBe('hold');
  });
  it('a suite command that failed or timed out holds, whatever its rows say (metadata stamped by the run mode)', () => {
    const stamped = (metadata: Record<string, string | number | boolean | null>) => {
      const l = loaded({ cases: cases(3) });
      return { ...l, summary: { ...l.summary, metadata: { ...l.summary.metadata, ...metadata } } };
    };
    const ok = compareSummaries(
      stamped({ 'command.exit_code': 0, 'command.timed_out': false, 'command.signal': null }),
      stamped({ 'command.exit_code': 0, 'command.timed_out': false }),
    );
    expect(codes(ok)).not.toContain('command-failed');
    expect(ok.verdict).toBe('promote');
    const cases_ = [
      [
        { 'command.exit_code': 4, 'command.timed_out': false },
        'The candidate suite command exited with code 4 (command.exit_code); its summary may be partial.',
      ],
      [
        { 'command.exit_code': null, 'command.timed_out': true, 'command.signal': 'SIGTERM' },
        'The candidate suite command timed out (command.timed_out: true); its summary may be partial.',
      ],
      [
        { 'command.exit_code': null, 'command.timed_out': false, 'command.signal': 'SIGKILL' },
        'The candidate suite command was killed by a signal (command.signal); its summary may be partial.',
      ],
    ] as const;
    for (const [metadata, message] of cases_) {
      const cmp = compareSummaries(stamped({}), stamped(metadata));
      expect(cmp.rlm.passed).toBe(true);
      expect(cmp.findings.filter((f) => f.code === 'command-failed')).toEqual([
        { code: 'command-failed', severity: 'error', blocking: true, side: 'candidate', message, case_ids: [] },
      ]);
      expect(cmp.verdict).toBe('hold');
    }
    expect(compareSummaries(stamped({}), stamped({ 'command.exit_code': 4 }), { allowFindings: ['command-failed'] }).verdict).toBe('promote');
  });
  it('two empty runs pass every rlm-code gate but hold here', () => {
    const cmp = compareSummaries(loaded({ cases: [] }), loaded({ cases: [] }));
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.findings.filter((f) => f.code === 'empty-run').map((f) => f.side)).toEqual(['baseline', 'candidate']);
    expect(cmp.verdict).toBe('hold');
  });
  it('different presets are not comparable', () => {
    const cmp = compareSummaries(loaded({ preset: 'a', cases: cases(2) }), loaded({ preset: 'b', cases: cases(2) }));
    expect(cmp.findings.find((f) => f.code === 'preset-mismatch')?.blocking).toBe(true);
  });
  it('top-level totals that contradict the rows are named field by field', () => {
    const raw = rlmSummary({ cases: cases(3, (i) => ({ completed: i !== 2 })) });
    const cmp = compareSummaries(loaded({ cases: cases(3, (i) => ({ completed: i !== 2 })) }), loaded({ ...raw, completed_cases: 3, avg_reward: 1.0 }));
    const f = cmp.findings.find((x) => x.code === 'aggregate-mismatch');
    expect(f?.side).toBe('candidate');
    expect(f?.message).toMatch(/completed_cases is 3 but 2 rows are completed/);
    expect(f?.message).toMatch(/avg_reward is 1 but the rows give 0\.6667/);
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.verdict).toBe('hold');
  });
  it('cases new in the candidate are a notice, not a hold', () => {
    const cmp = compareSummaries(loaded({ cases: cases(2) }), loaded({ cases: cases(3) }));
    expect(cmp.findings.find((f) => f.code === 'new-cases')).toMatchObject({ severity: 'notice', blocking: false, case_ids: ['c03'] });
    expect(cmp.verdict).toBe('promote');
  });
  it('one differing dimension is named; two are a warning', () => {
    const one = compareSummaries(loaded({ strategy: 'tool_call', cases: cases(2) }), loaded({ strategy: 'codemode', cases: cases(2) }));
    expect(one.differences).toEqual([{ dimension: 'harness_strategy', label: 'harness strategy', baseline: 'tool_call', candidate: 'codemode' }]);
    expect(codes(one)).not.toContain('multiple-differences');
    const two = compareSummaries(loaded({ strategy: 'tool_call', model: 'a', cases: cases(2) }), loaded({ strategy: 'codemode', model: 'b', cases: cases(2) }));
    expect(two.findings.find((f) => f.code === 'multiple-differences')).toMatchObject({ severity: 'warning', blocking: false });
    expect(two.verdict).toBe('promote');
  });
  it('direct-llm vs native is one difference (mode), with a null strategy on both sides', () => {
    const cmp = compareSummaries(loaded({ mode: 'direct-llm', strategy: null, cases: cases(2) }), loaded({ mode: 'native', strategy: null, cases: cases(2) }));
    expect(cmp.differences.map((d) => d.dimension)).toEqual(['mode']);
  });
  it('finding messages carry no untrusted text (ids go in case_ids, never in the message)', () => {
    const evil = '<img src=x onerror=alert(1)>|@admin';
    const cmp = compareSummaries(
      loaded({ preset: evil, cases: [{ id: evil }, { id: 'x' }] }),
      loaded({ preset: `${evil}2`, cases: [{ id: 'x', error: evil }] }),
    );
    for (const f of cmp.findings) expect(f.message).not.toContain('<img');
    expect(cmp.findings.find((f) => f.code === 'missing-cases')?.case_ids).toEqual([evil]);
  });
});

describe('case pairing', () => {
  it('sorts case ids by code point like Python, not by UTF-16 unit', () => {
    const ids = ['\u{1F600}', '\uFF21', 'b', 'a'];
    expect([...ids].sort(compareCodePoints)).toEqual(['a', 'b', '\uFF21', '\u{1F600}']);
    expect([...ids].sort()).toEqual(['a', 'b', '\u{1F600}', '\uFF21']);
  });
  it('sorts whether the runs list the same ids in the same order or not', () => {
    const ids = ['b', 'a', '\u{1F600}', '\uFF21'];
    const same = compareSummaries(loaded({ cases: ids.map((id) => ({ id })) }), loaded({ cases: ids.map((id) => ({ id, completed: id !== 'a' })) }));
    const shuffled = compareSummaries(
      loaded({ cases: ids.map((id) => ({ id })) }),
      loaded({ cases: [...ids].reverse().map((id) => ({ id, completed: id !== 'a' })) }),
    );
    for (const cmp of [same, shuffled]) {
      expect(cmp.cases.map((r) => r.case_id)).toEqual(['a', 'b', '\uFF21', '\u{1F600}']);
      expect(cmp.cases.map((r) => r.completion_regression)).toEqual([true, false, false, false]);
    }
  });
  it("gives one-sided cases rlm-code's report defaults and no regression flags", () => {
    const cmp = compareSummaries(loaded({ cases: [{ id: 'a', reward: 0.5 }] }), loaded({ cases: [{ id: 'b' }] }));
    expect(cmp.cases.map((r) => [r.case_id, r.in_baseline, r.in_candidate, r.candidate_reward, r.completion_regression])).toEqual([
      ['a', true, false, 0, false],
      ['b', false, true, 1, false],
    ]);
    expect(cmp.rlm.case_summary.common_cases).toBe(0);
  });
});
