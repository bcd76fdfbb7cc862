import { describe, expect, it } from 'vitest';

import { normalQuantile } from '../../../src/stats/distributions.js';
import { incompleteBeta, studentTQuantileUpper, studentTUpper } from '../../../src/stats/student-t.js';

describe("Student's t", () => {
  it('has the textbook tails and quantiles', () => {
    expect(studentTUpper(1, 1)).toBeCloseTo(0.25, 12); // Cauchy: ½ − atan(1)/π
    expect(studentTUpper(0, 7)).toBeCloseTo(0.5, 12);
    expect(studentTQuantileUpper(0.05, 5)).toBeCloseTo(2.015048372669, 8);
    expect(studentTQuantileUpper(0.025, 10)).toBeCloseTo(2.228138851986, 8);
    expect(studentTQuantileUpper(0.05, 1)).toBeCloseTo(6.313751514675, 7);
    expect(studentTUpper(-2.015048372669, 5)).toBeCloseTo(0.95, 10);
    // Large df: the normal.
    expect(studentTQuantileUpper(0.05, 1e7)).toBeCloseTo(-normalQuantile(0.05), 5);
  });

  it('the incomplete beta is a distribution function: I_x(1, 1) = x, I_x(a, b) = 1 − I_{1−x}(b, a)', () => {
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.2, 2.5, 0.5) + incompleteBeta(0.8, 0.5, 2.5)).toBeCloseTo(1, 12);
  });
});
