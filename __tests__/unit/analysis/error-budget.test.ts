import { describe, expect, it } from 'vitest';

import type { SliceResult } from '../../../src/analysis/custom-gates/slices.js';
import type { GateTest } from '../../../src/analysis/model.js';
import { holmAdjust, shareErrorBudget } from '../../../src/analysis/significance/error-budget.js';

const gate = (name: GateTest['gate'], p: number, holds = 0.5): GateTest => ({
  gate: name,
  gated: true,
  direction: 'at_least',
  threshold: 0,
  margin: 0,
  margin_basis: '0: shown at least as good',
  baseline: null,
  candidate: null,
  estimate: 0,
  lower: -1,
  upper: 1,
  p_change: 1,
  p_violated: p,
  p_violated_adjusted: p,
  p_holds: holds,
  status: p <= 0.05 ? 'fail' : holds <= 0.05 ? 'pass' : 'inconclusive',
  significant: false,
  regressed: null,
  improved: null,
  minimum_detectable: null,
  units_needed: null,
  sizing: null,
});
const slice = (group: string, p: number, level: 'required' | 'advisory' = 'required', holds = 0.5): SliceResult => ({
  by: 'task_family',
  metric: 'completion_rate',
  group,
  level,
  cases: 10,
  baseline: 0.5,
  candidate: 0.5,
  change: 0,
  allowance: 0,
  status: p <= 0.05 ? 'fail' : 'inconclusive',
  judged: true,
  basis: 'paired',
  p_violated: p,
  p_adjusted: level === 'required' ? p : null,
  p_holds: holds,
});

describe('one error budget for the core gates and the slices (Holm)', () => {
  it('holmAdjust: the step-down adjusted p-values, in the input order', () => {
    // Sorted 0.01, 0.02, 0.04, 0.3: 4·0.01, max(0.04, 3·0.02), max(0.06, 2·0.04), max(0.08, 0.3).
    const out = holmAdjust([0.04, 0.01, 0.3, 0.02]);
    [0.08, 0.04, 0.3, 0.06].forEach((x, i) => expect(out[i]).toBeCloseTo(x, 15));
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
  });

  it('slices no longer each get α: a slice at p 0.03 among three fails alone but not in the budget', () => {
    const gates = [gate('reward', 0.5), gate('completion', 0.5), gate('steps', 1, 0.001), gate('completion_regressions', 0.5)];
    const slices = [slice('f0', 0.03), slice('f1', 0.4), slice('f2', 0.9)];
    const shared = shareErrorBudget(gates, slices, 0.05);
    expect(shared.slices.map((x) => [x.group, x.status])).toEqual([
      ['f0', 'inconclusive'],
      ['f1', 'inconclusive'],
      ['f2', 'inconclusive'],
    ]);
    expect(shared.slices[0]?.p_adjusted).toBeCloseTo(0.12, 15); // 4 hypotheses: the core family and 3 slices
    expect(shared.gates.map((g) => g.status)).toEqual(['inconclusive', 'inconclusive', 'pass', 'inconclusive']);
  });

  it('a strong slice is rejected first and gives its α on: the core gate then fails at α/1 … α/m as Holm steps down', () => {
    const gates = [gate('reward', 0.5), gate('completion', 0.024), gate('steps', 1, 0.001), gate('completion_regressions', 0.03)];
    const shared = shareErrorBudget(gates, [slice('f0', 0.001), slice('f1', 0.9)], 0.05);
    expect(shared.slices.map((x) => x.status)).toEqual(['fail', 'inconclusive']);
    // completion: sorted 0.001, 0.024, 0.9 → max(0.003, 2·0.024) = 0.048 ≤ 0.05: still fails; regressions 0.06: no longer.
    expect(shared.gates.find((g) => g.gate === 'completion')).toMatchObject({ status: 'fail' });
    expect(shared.gates.find((g) => g.gate === 'completion')?.p_violated_adjusted).toBeCloseTo(0.048, 15);
    expect(shared.gates.find((g) => g.gate === 'completion_regressions')).toMatchObject({ status: 'inconclusive' });
  });

  it('advisory slices stay out of the budget; with no required slice nothing changes', () => {
    const gates = [gate('reward', 0.5), gate('completion', 0.03)];
    const shared = shareErrorBudget(gates, [slice('f0', 0.001, 'advisory')], 0.05);
    expect(shared.gates).toEqual(gates);
    expect(shared.slices[0]?.p_adjusted).toBeNull();
  });
});
