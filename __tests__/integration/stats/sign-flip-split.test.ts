// The resampling kernels on simulated suites large enough to split with the helper thread
// (stats/sign-flip.ts with parallel.ts's lanes kernel): the suites decided with the helper and again
// with every loop on this thread (BENCHGATE_THREADS=0) must reach the same gates, bit for bit. This
// is a deterministic check of the split, not a calibration: how often the same agent holds and how
// often a worse one is caught are `npm run calibrate`'s tables (tools/calibrate/main.ts, the
// "independent" cells), which print figures and are never timed tests (issue 44).
import { describe, expect, it } from 'vitest';

import { PARALLEL_MIN_WORK } from '../../../src/stats/parallel.js';
import { runCell } from '../../../tools/calibrate/simulate.js';

const CASES = 3000;
const SEED = 20261127;

describe('the sign-flip kernels split with the helper thread (3,000 cases, one trial)', () => {
  it('is large enough that the sign flips split with the helper thread', () => {
    // sign-flip.ts's work estimate for 4 gates at 9,999 resamples: well above the split threshold.
    const count = 10_000;
    const cols = 5;
    expect(count * ((CASES / 2) * (1 + (cols - 1) / 4) + Math.ceil(CASES / 32) * 4)).toBeGreaterThan(PARALLEL_MIN_WORK);
  });

  it('the suites decide the same with and without the helper thread, bit for bit', () => {
    const runs = 3;
    const withHelper = runCell({ cases: CASES, trials: 1, drop: 0 }, runs, SEED, { keep: true });
    const before = process.env['BENCHGATE_THREADS'];
    process.env['BENCHGATE_THREADS'] = '0';
    let alone: ReturnType<typeof runCell>;
    try {
      alone = runCell({ cases: CASES, trials: 1, drop: 0 }, runs, SEED, { keep: true });
    } finally {
      if (before === undefined) delete process.env['BENCHGATE_THREADS'];
      else process.env['BENCHGATE_THREADS'] = before;
    }
    const decisions = (rs: typeof withHelper.results) => rs.map((r) => r.gates.map((g) => [g.gate, g.status, g.p_violated, g.p_violated_adjusted, g.p_holds]));
    expect(withHelper.results).toHaveLength(runs);
    expect(decisions(alone.results)).toEqual(decisions(withHelper.results));
    // Every p-value is a probability: a kernel that lost its counts would show here first.
    const ps = withHelper.results.flatMap((r) => r.gates.map((g) => g.p_violated));
    expect(ps.every((p) => p > 0 && p <= 1)).toBe(true);
  });
});
