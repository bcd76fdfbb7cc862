import { describe, expect, it } from 'vitest';

import type { PairedCase } from '../../../src/analysis/model.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { bellMcCaffreyDf, cr2Estimate } from '../../../src/analysis/significance/cluster-robust.js';
import { testGates } from '../../../src/analysis/significance/significance.js';

const NO_LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };

describe('the small-sample cluster-robust t test', () => {
  it('has G − 1 Bell–McCaffrey degrees of freedom for equal groups, fewer for unequal ones', () => {
    expect(bellMcCaffreyDf([50, 50, 50, 50, 50, 50])).toBeCloseTo(5, 10);
    expect(bellMcCaffreyDf([10, 10])).toBeCloseTo(1, 10);
    const unequal = bellMcCaffreyDf([200, 20, 20, 20, 20, 20]);
    expect(unequal).toBeGreaterThan(1);
    expect(unequal).toBeLessThan(5);
  });

  it('for equal groups the CR2 error is the t test on the group means (Ibragimov–Müller)', () => {
    const means = [0.1, -0.05, 0.02, 0.2, -0.1, 0];
    const size = 40;
    const est = cr2Estimate(
      means.map((m) => m * size),
      means.map(() => size),
    );
    const avg = means.reduce((a, b) => a + b, 0) / means.length;
    const sd = Math.sqrt(means.reduce((a, m) => a + (m - avg) ** 2, 0) / (means.length - 1));
    expect(est.theta).toBeCloseTo(avg, 12);
    expect(est.se).toBeCloseTo(sd / Math.sqrt(means.length), 12);
  });

  it('decides a drop that every one of 6 shocked groups shows by its size, not by 64 sign patterns', () => {
    // 6 families of 60; each family's completion falls by 10 to 20 points.
    const cases: PairedCase[] = Array.from({ length: 360 }, (_, i) => {
      const f = i % 6;
      const b = Math.floor(i / 6) % 2 === 0;
      const lost = b && Math.floor(i / 12) % 10 < 2 + (f % 2);
      const c = b && !lost;
      return {
        id: `c${i}`,
        labels: { ...NO_LABELS, task_family: `f${f}` },
        baseline: { trials: 1, successes: b ? 1 : 0, reward: b ? 1 : 0, steps: 3 },
        candidate: { trials: 1, successes: c ? 1 : 0, reward: c ? 1 : 0, steps: 3 },
      };
    });
    const r = testGates(cases, DEFAULT_THRESHOLDS, { baseline: 1, candidate: 1 }, { cluster: 'task_family' });
    expect(r.method).toBe('cluster-robust');
    const completion = r.gates.find((g) => g.gate === 'completion');
    expect(completion?.status).toBe('fail');
    // Below what 2^6 sign patterns could ever give (1/64), read from the size of the drops.
    expect(completion?.p_violated).toBeLessThan(1 / 64);
  });
});
