// A seeded A/A calibration smoke test: the resampling kernels (stats/sign-flip.ts with parallel.ts's
// lanes kernel, split with the helper thread at this size) guarded by what they are for, not only by
// bit-identity with an oracle. On simulated suites of 3,000 cases (tools/calibrate's model: easy,
// impossible and coin-flip cases), the same agent against itself must rarely hold (the gates'
// family-wise error is 5%), and an agent 5 points worse on every case must nearly always hold. The
// p-values of the reward gate under A/A must spread over (0, 1] as a test's p-values do under its
// null. Seeded: the same numbers on every run; the bounds leave room for the simulation's noise.
// The first suites run again on one thread (the slow path: no helper) must reach the same decisions.
import { describe, expect, it } from 'vitest';

import { PARALLEL_MIN_WORK } from '../../../src/stats/parallel.js';
import { runCell } from '../../../tools/calibrate/simulate.js';

const CASES = 3000;
const SEED = 20261127;

describe('A/A calibration smoke test (3,000 cases, one trial)', () => {
  it('is large enough that the sign flips split with the helper thread', () => {
    // sign-flip.ts's work estimate for 4 gates at 9,999 resamples: well above the split threshold.
    const count = 10_000;
    const cols = 5;
    expect(count * ((CASES / 2) * (1 + (cols - 1) / 4) + Math.ceil(CASES / 32) * 4)).toBeGreaterThan(PARALLEL_MIN_WORK);
  });

  it('the same agent rarely holds, and its reward p-values spread as a test’s should', () => {
    const runs = 40;
    const aa = runCell({ cases: CASES, trials: 1, drop: 0 }, runs, SEED, { keep: true });
    // 5% family-wise: about 2 of 40; more than 5 is far outside the noise (P < 2% for a correct test).
    expect(aa.significant.hold).toBeLessThanOrEqual(5);
    expect(aa.significant.hold + aa.significant.inconclusive + aa.significant.promote).toBe(runs);
    const ps = aa.results.map((r) => r.gates.find((g) => g.gate === 'reward')?.p_violated ?? NaN);
    expect(ps.every((p) => p > 0 && p <= 1)).toBe(true);
    const below = (x: number) => ps.filter((p) => p <= x).length / runs;
    expect(below(0.5)).toBeGreaterThan(0.25);
    expect(below(0.5)).toBeLessThan(0.75);
    expect(below(0.2)).toBeGreaterThan(0.05);
    expect(below(0.8)).toBeLessThan(0.95);
    // The slow path decides the same: the first suites again with every loop on this thread
    // (BENCHGATE_THREADS=0: no helper, parallel.ts), the same seeded draws, the same gates, bit for bit.
    const first = 8;
    const before = process.env['BENCHGATE_THREADS'];
    process.env['BENCHGATE_THREADS'] = '0';
    let alone: ReturnType<typeof runCell>;
    try {
      alone = runCell({ cases: CASES, trials: 1, drop: 0 }, first, SEED, { keep: true });
    } finally {
      if (before === undefined) delete process.env['BENCHGATE_THREADS'];
      else process.env['BENCHGATE_THREADS'] = before;
    }
    const decisions = (rs: typeof aa.results) => rs.map((r) => r.gates.map((g) => [g.gate, g.status, g.p_violated, g.p_violated_adjusted, g.p_holds]));
    expect(decisions(alone.results)).toEqual(decisions(aa.results.slice(0, first)));
    expect(alone.significant.hold).toBeLessThanOrEqual(aa.significant.hold);
  });

  it('an agent 5 points worse on every case nearly always holds', () => {
    const runs = 15;
    const worse = runCell({ cases: CASES, trials: 1, drop: 0.05 }, runs, SEED);
    expect(worse.significant.hold).toBeGreaterThanOrEqual(runs - 1);
    expect(worse.failedGates['reward']).toBeGreaterThanOrEqual(runs - 1);
  });
});
