// Shifts on the trend chart and in the job summary: the run where a shift starts is marked ◆ on the
// chart's axis and named in the table; without shifts the trend is as before.
import { describe, expect, it } from 'vitest';

import type { Shift } from '../../../src/history/shifts.js';
import { renderShifts, shiftText } from '../../../src/report/history-report.js';
import { renderTrend, type TrendPoint } from '../../../src/report/trend.js';

const point = (k: number, completion: number, marks?: string[]): TrendPoint => ({
  commit: String(k).repeat(40),
  when: `2026-10-0${k}T00:00:00Z`,
  completion_rate: completion,
  avg_reward: completion,
  avg_steps: 3,
  ...(marks ? { marks } : {}),
});

const drop: Shift = { metric: 'completion_rate', index: 2, commit: '3'.repeat(40), when: null, before: 0.8, after: 0.7, p: 0.005, worse: true };

describe('trend marks', () => {
  it('marks the run where a shift starts on every chart and names the shift in the table', () => {
    const text = renderTrend([point(1, 0.8), point(2, 0.81), point(3, 0.7, [shiftText(drop)]), { ...point(4, 0.7), commit: null }], 'main').join('\n');
    expect(text).toContain('x-axis ["1111111", "2222222", "◆ 3333333", "PR"]');
    expect(text.match(/◆ 3333333/g)).toHaveLength(3);
    expect(text).toContain('| Run | When | Completion | Reward | Steps | Shift starts |');
    expect(text).toContain('| `3333333` | 2026-10-03 | 70.0% | 0.7000 | 3.00 | Completion 80.0% → 70.0% (worse) |');
  });

  it('is unchanged without shifts', () => {
    const text = renderTrend([point(1, 0.8), point(2, 0.81)], 'main').join('\n');
    expect(text).not.toContain('◆');
    expect(text).toContain('| Run | When | Completion | Reward | Steps |\n');
  });
});

describe('renderShifts', () => {
  it('lists each shift with its commit, levels, direction and p; an unsafe branch name is not shown', () => {
    const text = renderShifts([drop, { ...drop, metric: 'a|b', before: 1234.5, after: 99, worse: null }], '<b>x', 50).join('\n');
    expect(text).toContain('### Shifts in the history of the branch');
    expect(text).toContain('| Completion | `3333333` | 80.0% | 70.0% | worse | 0.005 |');
    expect(text).toContain('| `a\\|b` | `3333333` | 1235 | 99 |  | 0.005 |');
  });
});
