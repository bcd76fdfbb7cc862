/**
 * `npm run calibrate -- --sequential`: the sequential significant policy (analysis/significance/sequential.ts) on
 * the simulated noisy suite of simulate.ts, deciding after every round up to the maximum and
 * stopping at the first hold or promote, next to the fixed design that runs every round and decides
 * once at 95%. Per cell: how often it held, promoted or stopped undecided, the mean rounds spent (and
 * as a share of the fixed design), the rounds spent by the runs that stopped undecided, and how often
 * the two designs gave the same verdict. Pure and seeded.
 *
 * Options: --runs N (pairs per cell, default 500), --seed N, --max-trials K (default 10),
 * --cases 200, --shifts 0,-0.05,-0.1,0.1 (the candidate's success probability minus the baseline's).
 */
import { significantVerdict } from '../../src/analysis/compare.js';
import type { CaseEvidence, PairedCase, SignificanceOptions } from '../../src/analysis/model.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../src/analysis/rlm/thresholds.js';
import { decideSequential, sequentialLevels } from '../../src/analysis/significance/sequential.js';
import { testGates } from '../../src/analysis/significance/significance.js';
import { observedLevels } from './information.js';
import { suiteProbabilities, uniform } from './simulate.js';

type Verdict = 'hold' | 'promote' | 'inconclusive';

export interface SequentialCell {
  cases: number;
  /** The candidate's success probability minus the baseline's on every case (clamped to [0, 1]). */
  shift: number;
  maxRounds: number;
  thresholds?: Thresholds;
  /** Case-level heterogeneity: each case's candidate probability moves by a uniform draw in ±spread as well (an equal agent on average when shift is 0). */
  spread?: number;
  /** The levels of each look of one pair (a fresh function per pair); default sequentialLevels at k/K. */
  levels?: () => (cases: PairedCase[], k: number) => { hold: number; promote: number };
}

export interface SequentialCellResult {
  cell: SequentialCell;
  runs: number;
  sequential: Record<Verdict, number>;
  fixed: Record<Verdict, number>;
  /** Σ rounds spent over all runs, and over the runs that stopped undecided. */
  rounds: number;
  undecidedRounds: number;
  agree: number;
}

/** One side's trials of one case: the running sums after each round. */
export interface Running {
  successes: Int32Array;
  reward: Float64Array;
  steps: Float64Array;
}

/** K trials of a case with success probability p: reward near 1 on success, near 0 otherwise; 3–6 steps (as simulate.ts draws them). */
export function trialsOf(p: number, k: number, u: () => number): Running {
  const r: Running = { successes: new Int32Array(k), reward: new Float64Array(k), steps: new Float64Array(k) };
  let s = 0;
  let w = 0;
  let st = 0;
  for (let i = 0; i < k; i++) {
    const ok = u() < p;
    s += Number(ok);
    w += ok ? 0.8 + 0.2 * u() : 0.2 * u();
    st += 3 + Math.floor(4 * u());
    r.successes[i] = s;
    r.reward[i] = w;
    r.steps[i] = st;
  }
  return r;
}

export const upTo = (r: Running, k: number): CaseEvidence => ({
  trials: k,
  successes: r.successes[k - 1] as number,
  reward: (r.reward[k - 1] as number) / k,
  steps: (r.steps[k - 1] as number) / k,
});

export function verdictOf(
  cases: PairedCase[],
  k: number,
  levels: { hold: number; promote: number },
  t: Thresholds,
  margins?: SignificanceOptions['margins'],
): { verdict: Verdict; gates: ReturnType<typeof testGates>['gates'] } {
  const res = testGates(
    cases,
    t,
    { baseline: k, candidate: k },
    { cluster: 'none', confidence: levels.hold, passConfidence: levels.promote, ...(margins === undefined ? {} : { margins }) },
  );
  const verdict: Verdict = significantVerdict(
    res.gates.some((g) => g.status === 'fail'),
    res.gates.some((g) => g.status === 'inconclusive'),
  );
  return { verdict, gates: res.gates };
}

export function runSequentialCell(cell: SequentialCell, runs: number, seed: number): SequentialCellResult {
  const t = cell.thresholds ?? DEFAULT_THRESHOLDS;
  const K = cell.maxRounds;
  const u = uniform(seed ^ (cell.cases * 7919) ^ (K * 15485863) ^ Math.round((cell.shift + 1) * 1000));
  const zero = (): Record<Verdict, number> => ({ hold: 0, promote: 0, inconclusive: 0 });
  const out: SequentialCellResult = { cell, runs, sequential: zero(), fixed: zero(), rounds: 0, undecidedRounds: 0, agree: 0 };
  const labels = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
  for (let r = 0; r < runs; r++) {
    const probs = suiteProbabilities(cell.cases, u);
    const sides = probs.map((p) => ({
      b: trialsOf(p, K, u),
      c: trialsOf(Math.min(1, Math.max(0, p + cell.shift + (cell.spread ? cell.spread * (2 * u() - 1) : 0))), K, u),
    }));
    const levelsAt = cell.levels?.() ?? ((_: PairedCase[], k: number) => sequentialLevels(k, K, 0.95));
    const at = (k: number): PairedCase[] => sides.map((s, i) => ({ id: `case_${i}`, labels, baseline: upTo(s.b, k), candidate: upTo(s.c, k) }));
    let seq: Verdict = 'inconclusive';
    let spent = K;
    for (let k = 1; k <= K; k++) {
      const look = at(k);
      const { verdict, gates } = verdictOf(look, k, levelsAt(look, k), t);
      if (decideSequential(verdict, gates, k, K, 0.95).stop) {
        seq = verdict;
        spent = k;
        break;
      }
    }
    const fixed = verdictOf(at(K), K, { hold: 0.95, promote: 0.95 }, t).verdict;
    out.sequential[seq]++;
    out.fixed[fixed]++;
    out.rounds += spent;
    if (seq === 'inconclusive') out.undecidedRounds += spent;
    if (seq === fixed) out.agree++;
  }
  return out;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}

const pct = (k: number, n: number): string => (n === 0 ? '–' : `${((100 * k) / n).toFixed(1)}%`);

function who(shift: number): string {
  if (shift === 0) return 'same agent (A/A)';
  return `${Math.round(Math.abs(shift) * 100)} points ${shift < 0 ? 'worse' : 'better'}`;
}

/** Prints the sequential table to `write`. */
export function printSequentialTable(argv: string[], write: (s: string) => void): void {
  const runs = Number(option(argv, 'runs', '500'));
  const seed = Number(option(argv, 'seed', '1'));
  const K = Number(option(argv, 'max-trials', '10'));
  const sizes = option(argv, 'cases', '200').split(',').map(Number);
  const shifts = option(argv, 'shifts', '0,-0.05,-0.1,0.1').split(',').map(Number);
  const spread = Number(option(argv, 'spread', '0'));
  const observed = option(argv, 'information', 'rounds') === 'observed';
  write(`Sequential significant policy: a decision after every round (one trial per side) up to ${K} rounds, stopping at the first hold or promote;\n`);
  write(`fixed: the same tests once on all ${K} trials at 95%. Simulated suite as above; ${runs} pairs per row; seed ${seed}; default gates.\n`);
  write(
    `Promote boundary on the ${observed ? 'observed information fraction (--information observed)' : 'rounds, t = k/K'}${spread > 0 ? `; per-case heterogeneity ±${spread} (--spread)` : ''}.\n\n`,
  );
  write(
    '| Cases | Candidate | sequential: hold | sequential: promote | sequential: undecided | mean rounds (of ' +
      K +
      ') | spend vs fixed | rounds when undecided | fixed: hold | fixed: promote | same verdict as fixed |\n',
  );
  write('|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n');
  const started = Date.now();
  for (const n of sizes) {
    for (const shift of shifts) {
      const r = runSequentialCell({ cases: n, shift, maxRounds: K, spread, ...(observed ? { levels: () => observedLevels(K) } : {}) }, runs, seed);
      const und = r.sequential.inconclusive;
      write(
        `| ${n} | ${who(shift)} | ${pct(r.sequential.hold, runs)} | ${pct(r.sequential.promote, runs)} | ${pct(und, runs)} | ${(r.rounds / runs).toFixed(2)} | ${pct(r.rounds, runs * K)} | ${und === 0 ? '–' : (r.undecidedRounds / und).toFixed(2)} | ${pct(r.fixed.hold, runs)} | ${pct(r.fixed.promote, runs)} | ${pct(r.agree, runs)} |\n`,
      );
    }
  }
  write(`\n${sizes.length * shifts.length} rows in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
