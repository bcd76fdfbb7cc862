/**
 * The sizing check of `npm run calibrate`: run A/A comparisons, read what the undecided completion
 * gate promises ("about N cases at this noise decide a drop of 5 points with 80% power", or K trials
 * per side, or N cases to show an equal agent within a 5-point tolerance), then simulate at the
 * promised size (the median promise over the runs) with that true effect and count how often the
 * gate is decided that way. Within ±10 points of 80% is the bar.
 */
import type { Thresholds } from '../../src/analysis/rlm/thresholds.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/rlm/thresholds.js';
import { runCell, type Scenario } from './simulate.js';

type Write = (s: string) => void;
const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(1)}%`;

function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
}

/**
 * The per-case drop that lowers the suite's mean success probability by `effect`: easy and coin-flip
 * cases drop fully, impossible ones (p ≤ 0.05, mean 0.025) only to 0: (2δ + 0.025)/3 = effect.
 */
const dropFor = (effect: number): number => (3 * effect - 0.025) / 2;

const TOLERANT: Thresholds = { ...DEFAULT_THRESHOLDS, min_completion_delta: -0.05 };

export function sizingRows(w: Write, runs: number, seed: number, which: readonly number[] = [0, 1, 2, 3]): void {
  w(
    '**Sizing advice that comes true.** A/A comparisons at the first size; the completion gate\'s promise read from each undecided run (median); then a simulation at the promised size with that effect. "decided" is how often the completion gate then fails (a drop) or passes (an equal agent within the tolerance).\n\n',
  );
  w('| Read at | Promise (median) | Simulated at | Effect | decided (promised 80%) |\n');
  w('|:--|:--|:--|:--|--:|\n');
  const cells: { cases: number; trials: number; t: Thresholds; what: 'cases' | 'trials' }[] = [
    { cases: 200, trials: 1, t: DEFAULT_THRESHOLDS, what: 'cases' },
    { cases: 400, trials: 1, t: DEFAULT_THRESHOLDS, what: 'cases' },
    { cases: 200, trials: 1, t: TOLERANT, what: 'cases' },
    { cases: 200, trials: 3, t: DEFAULT_THRESHOLDS, what: 'trials' },
  ];
  for (const c of cells.filter((_, i) => which.includes(i))) {
    const read = runCell({ cases: c.cases, trials: c.trials, drop: 0 }, runs, seed, { thresholds: c.t, keep: true });
    const gates = read.results
      .map((r) => r.gates.find((g) => g.gate === 'completion'))
      .filter((g) => g !== undefined && g.status === 'inconclusive' && g.sizing !== null);
    const promised = median(gates.map((g) => (c.what === 'cases' ? g?.units_needed : g?.sizing?.trials) ?? Number.NaN).filter((x) => Number.isFinite(x)));
    const sizing = gates[0]?.sizing;
    const at = `${c.cases} cases, ${c.trials} ${c.trials === 1 ? 'trial' : 'trials'}${c.t === TOLERANT ? ', tolerance 5 pts' : ''}`;
    if (promised === null || sizing === undefined || sizing === null) {
      w(`| ${at} | none given (${gates.length} undecided) | | | |\n`);
      continue;
    }
    const effect = sizing.effect;
    const drop = sizing.decides === 'fail' ? dropFor(effect) : 0;
    const s: Scenario = c.what === 'cases' ? { cases: promised, trials: c.trials, drop } : { cases: c.cases, trials: promised, drop };
    const sim = runCell(s, runs, seed + 1, { thresholds: c.t, keep: true });
    const decided = sim.results.filter((r) => r.gates.find((g) => g.gate === 'completion')?.status === sizing.decides).length;
    const promise = c.what === 'cases' ? `${promised} cases` : `${promised} trials per side`;
    const target = sizing.decides === 'fail' ? `a drop of ${Math.round(effect * 100)} pts: fail` : `equal agent within ${Math.round(effect * 100)} pts: pass`;
    w(
      `| ${at} | ${promise} (${gates.length} of ${runs} undecided) | ${s.cases} cases, ${s.trials} ${s.trials === 1 ? 'trial' : 'trials'} | ${target} | ${pct(decided, runs)} |\n`,
    );
  }
  w('\n');
}

/**
 * The verdict's sizing (issue 45, item 5): A/A comparisons at the first size; the verdict's promise
 * (significance.verdict_sizing: every undecided gate together) read from each undecided run
 * (median), then a simulation at that size; "decided" is how often the verdict is then decided that
 * way (a promote: every gate shown within its margin). Within ±5 points of 80% is the bar.
 */
export function verdictSizingRows(w: Write, runs: number, seed: number): void {
  w(
    "**The verdict's sizing.** A/A comparisons at the first size; the verdict's promise (`significance.verdict_sizing`: every undecided gate together) read from each undecided run (median); then a simulation at the promised size. \"decided\" is how often the verdict is then decided that way (promote: every gate within its margin), against the gate's own sizing (the largest gate promise) for comparison.\n\n",
  );
  w(
    '| Read at | Verdict promise (median) | Largest gate promise (median) | decided at the verdict promise (promised 80%) | decided at the largest gate promise |\n',
  );
  w('|:--|:--|:--|--:|--:|\n');
  // 120 cases with 3 trials: at 200 most undecided pairs' promise is the suite itself (about 190 decide it), so that row
  // checks the power at the size run; at 120 the promise is past it.
  for (const c of [
    { cases: 200, trials: 1 },
    { cases: 400, trials: 1 },
    { cases: 200, trials: 3 },
    { cases: 120, trials: 3 },
  ]) {
    const read = runCell({ cases: c.cases, trials: c.trials, drop: 0 }, runs, seed, { keep: true });
    const undecided = read.results.filter((r) => r.gates.some((g) => g.status === 'inconclusive'));
    const promised = median(
      undecided.map((r) => (r.verdict_sizing?.decides === 'pass' ? r.verdict_sizing.units : Number.NaN)).filter((x) => Number.isFinite(x)),
    );
    const largest = median(
      undecided
        .map((r) => Math.max(...r.gates.filter((g) => g.status === 'inconclusive').map((g) => g.units_needed ?? Number.NaN)))
        .filter((x) => Number.isFinite(x)),
    );
    const at = `${c.cases} cases, ${c.trials} ${c.trials === 1 ? 'trial' : 'trials'}`;
    if (promised === null || largest === null) {
      w(`| ${at} | none given (${undecided.length} undecided) | | | |\n`);
      continue;
    }
    const promotes = (n: number): number => runCell({ cases: n, trials: c.trials, drop: 0 }, runs, seed + 1).significant.promote;
    w(
      `| ${at} | ${promised} cases (${undecided.length} of ${runs} undecided) | ${largest} cases | ${pct(promotes(promised), runs)} | ${pct(promotes(largest), runs)} |\n`,
    );
  }
  w('\n');
}
