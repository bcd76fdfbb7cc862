/**
 * `npm run calibrate -- --only profile-sizing`: the sizing advice from a noise profile
 * (analysis/noise/sizing.ts) against its promise. Per pair: a suite drawn from the mix of
 * simulate.ts, a profile of 10 baseline runs on main, and an A/A pair whose completion gate gives
 * the test's critical value; the advice is the cases that decide the completion gate with 80% power
 * at the profile's noise. Then a simulation at the advised size (the median over the pairs) with
 * that effect: how often the gate is decided that way. Within ±10 points of 80% is the bar.
 */
import type { PairedCase, SignificanceOptions } from '../../src/analysis/model.js';
import { casesForPower, PROFILE_POWER } from '../../src/analysis/noise/sizing.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/rlm/thresholds.js';
import { testGates } from '../../src/analysis/significance/significance.js';
import { normalQuantile } from '../../src/stats/distributions.js';
import { trialsOf, upTo } from './sequential.js';
import { runCell, suiteProbabilities, uniform } from './simulate.js';

type Write = (s: string) => void;
const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(1)}%`;
const LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
const NO_MARGINS: SignificanceOptions['margins'] = { completion: 0, reward: 0, completion_regressions: 0 };

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
}

/** The per-case drop that lowers the mix's mean success probability by `effect` (impossible cases drop to 0 only; sizing-check.ts). */
const dropFor = (effect: number): number => (3 * effect - 0.025) / 2;

interface Cell {
  cases: number;
  trials: number;
  margins: boolean;
}

/** One pair's advice: the profile's and the pair's own, with what it decides; null when the gate was decided. */
function adviceOf(c: Cell, u: () => number, profileRuns: number): { profile: number; pair: number | null; effect: number; decides: 'fail' | 'pass' } | null {
  const probs = suiteProbabilities(c.cases, u);
  let v = 0;
  for (const p of probs) {
    let passed = 0;
    for (let j = 0; j < profileRuns; j++) passed += Number(u() < p);
    const q = passed / profileRuns;
    v += (q * (1 - q) * profileRuns) / (profileRuns - 1);
  }
  const variance = (2 * v) / probs.length / c.trials;
  const cases: PairedCase[] = probs.map((p, i) => ({
    id: `case_${i}`,
    labels: LABELS,
    baseline: upTo(trialsOf(p, c.trials, u), c.trials),
    candidate: upTo(trialsOf(p, c.trials, u), c.trials),
  }));
  const res = testGates(
    cases,
    DEFAULT_THRESHOLDS,
    { baseline: c.trials, candidate: c.trials },
    { cluster: 'none', ...(c.margins ? {} : { margins: NO_MARGINS }) },
  );
  const gate = res.gates.find((g) => g.gate === 'completion');
  if (gate === undefined || gate.status !== 'inconclusive' || gate.sizing === null) return null;
  let critical = normalQuantile(1 - res.alpha);
  if (gate.sizing.decides === 'fail' && gate.minimum_detectable !== null) {
    // The test's own bar, read back from its minimum detectable effect over its standard error, as sizing.ts does.
    const d = cases.map((x) => x.candidate.successes / x.candidate.trials - x.baseline.successes / x.baseline.trials);
    const mean = d.reduce((a, x) => a + x, 0) / d.length;
    const sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1));
    if (sd > 0) critical = (gate.minimum_detectable * Math.sqrt(d.length)) / sd - normalQuantile(PROFILE_POWER);
  }
  const advised = casesForPower(variance, critical, gate.sizing.effect);
  return advised === null ? null : { profile: advised, pair: gate.units_needed, effect: gate.sizing.effect, decides: gate.sizing.decides };
}

export function profileSizingRows(w: Write, runs: number, seed: number, profileRuns = 10): void {
  w(
    `**Sizing advice from the noise profile.** Per pair: a suite of the mix above, a profile of ${profileRuns} baseline runs on main, an A/A pair read for the completion gate's critical value; the advice is the cases that decide the gate with 80% power at the profile's noise (median over the undecided pairs). Then ${runs} pairs at that size with that effect; "decided" is how often the completion gate then fails (a drop) or passes (an equal agent within the margin). The promise is 80%.\n\n`,
  );
  w("| Read at | Profile's advice (median) | The pair's own (median) | Effect | Simulated at | decided (promised 80%) |\n");
  w('|:--|:--|:--|:--|:--|--:|\n');
  const cells: Cell[] = [
    { cases: 200, trials: 1, margins: true },
    { cases: 200, trials: 1, margins: false },
    { cases: 200, trials: 3, margins: true },
  ];
  for (const c of cells) {
    const u = uniform(seed ^ (c.cases * 7919) ^ (c.trials * 104729) ^ (c.margins ? 1 : 2) ^ 0x9f11e);
    const got = Array.from({ length: runs }, () => adviceOf(c, u, profileRuns)).filter((x) => x !== null);
    const at = `${c.cases} cases, ${c.trials} ${c.trials === 1 ? 'trial' : 'trials'}${c.margins ? '' : ', no margins'}`;
    const advised = median(got.map((x) => x.profile));
    const first = got[0];
    if (advised === null || first === undefined) {
      w(`| ${at} | none given (${got.length} undecided) | | | | |\n`);
      continue;
    }
    const pair = median(got.map((x) => x.pair).filter((x): x is number => x !== null));
    const drop = first.decides === 'fail' ? dropFor(first.effect) : 0;
    const sim = runCell({ cases: advised, trials: c.trials, drop }, runs, seed + 1, {
      keep: true,
      ...(c.margins ? {} : { significance: { margins: NO_MARGINS } }),
    });
    const decided = sim.results.filter((r) => r.gates.find((g) => g.gate === 'completion')?.status === first.decides).length;
    const target =
      first.decides === 'fail' ? `a drop of ${Math.round(first.effect * 100)} pts: fail` : `equal agent within ${Math.round(first.effect * 100)} pts: pass`;
    w(
      `| ${at} | ${advised} cases (${got.length} of ${runs} undecided) | ${pair ?? 'none'} cases | ${target} | ${advised} cases, ${c.trials} ${c.trials === 1 ? 'trial' : 'trials'} | ${pct(decided, runs)} |\n`,
    );
  }
  w('\n');
}
