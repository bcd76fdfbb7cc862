/**
 * `npm run calibrate -- --only per-case`: trials only where they matter (analysis/noise/settled.ts).
 * A suite with a realistic share of deterministic cases (a quarter always pass, a quarter never
 * pass, the other half the mix of simulate.ts: easy, impossible and coin-flip cases), a noise
 * profile of 10 runs of the baseline on main, and the sequential design (a decision after every
 * round up to K, stopping at the first hold or promote) run twice on the same draws: rerunning every
 * case each round, and rerunning only the cases not settled (and the settled ones drawn for the round). Per cell: how often each held,
 * promoted or stayed undecided, how often they agree, and the runs of cases each spent. Pure and
 * seeded.
 *
 * Options: --runs N (pairs per cell), --seed N, --per-case-cases 200, --per-case-shifts
 * 0,-0.05,-0.1,break,margin, --per-case-rules profile:1:0:0.2,profile:1,matched:1 (profile:N:WITHIN:SHARE: the first N
 * rounds, then SHARE of the later ones; profile:1:0:0.2 is settled.ts' default), --max-trials K
 * (default 10), --profile-runs 10, --per-case-margins 0 (no non-inferiority margins).
 */
import type { CaseNoise, PairedCase } from '../../src/analysis/model.js';
import { deterministicOutcome, runsInRound } from '../../src/analysis/noise/settled.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/rlm/thresholds.js';
import { decideSequential, sequentialLevels } from '../../src/analysis/significance/sequential.js';
import { type Running, trialsOf, upTo, verdictOf } from './sequential.js';
import { uniform } from './simulate.js';

type Verdict = 'hold' | 'promote' | 'inconclusive';
type Write = (s: string) => void;

/**
 * The candidate's success probability minus the baseline's on every case (clamped to [0, 1]); or
 * `break`: 5 points lower on every case not deterministic, and one always-passing case in ten never
 * passes (a regression that breaks cases outright); or `margin`: every case's probability scaled
 * down so the suite's completion drops by exactly the 5-point margin, most of it on the cases that
 * always pass (a promote here is a promote error, which the margins keep near 5%).
 */
export type Shift = number | 'break' | 'margin';

export interface PerCaseCell {
  cases: number;
  shift: Shift;
  maxRounds: number;
  /** How cases settle: `profile` (settled.ts) after `rounds` rounds; `matched`, the rejected rule that also reads the pair. */
  rule: { kind: 'profile' | 'matched'; rounds: number; within: number; share: number };
  /** The runs of the baseline on main the profile is made of. */
  profileRuns: number;
  /** false: no non-inferiority margins (an equal agent cannot be promoted, so it spends every round). */
  margins: boolean;
}

/** One design (sequential or fixed at K rounds) run both ways on the same pairs. */
export interface DesignResult {
  full: Record<Verdict, number>;
  selective: Record<Verdict, number>;
  /** Pairs on which both ways gave the same verdict. */
  agree: number;
  /** Runs of cases (one case, one side, one round) each way spent, summed over the pairs; allRounds: every case in all K rounds. */
  spent: { full: number; selective: number; allRounds: number };
}

export interface PerCaseResult {
  sequential: DesignResult;
  fixed: DesignResult;
}

/**
 * Success probabilities with half the cases deterministic: case i % 4 = 0 always passes, 1 never;
 * the rest alternate easy (0.85–1), impossible (0–0.05) and coin flips (0.3–0.7).
 */
export function realisticProbabilities(n: number, u: () => number): number[] {
  return Array.from({ length: n }, (_, i) => {
    if (i % 4 === 0) return 1;
    if (i % 4 === 1) return 0;
    const kind = (Math.floor(i / 4) * 2 + (i % 4) - 2) % 3;
    if (kind === 0) return 0.85 + 0.15 * u();
    if (kind === 1) return 0.05 * u();
    return 0.3 + 0.4 * u();
  });
}

const outcome = (r: Running, i: number): boolean => (r.successes[i] as number) - (i === 0 ? 0 : (r.successes[i - 1] as number)) === 1;
const NO_MARGINS = { completion: 0, reward: 0, completion_regressions: 0 };
const LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };

/** The sequential design on `sides`, case i running in round k when `runs(i, k)` (null: every case every round); the verdict and the runs spent. */
function sequentialOn(
  sides: readonly { b: Running; c: Running }[],
  K: number,
  runs: ((i: number, k: number) => boolean) | null,
  stopEarly: boolean,
  margins: boolean,
): { verdict: Verdict; spent: number } {
  // Trials are independent draws of one case, so a case that ran m rounds has the sums of its first m trials.
  const ran = new Array<number>(sides.length).fill(0);
  let spent = 0;
  for (let k = 1; k <= K; k++) {
    for (let i = 0; i < sides.length; i++) {
      if (runs !== null && !runs(i, k)) continue;
      ran[i] = (ran[i] as number) + 1;
      spent += 2;
    }
    if (!stopEarly && k < K) continue;
    const cases: PairedCase[] = sides.map((s, i) => ({
      id: `case_${i}`,
      labels: LABELS,
      baseline: upTo(s.b, ran[i] as number),
      candidate: upTo(s.c, ran[i] as number),
    }));
    const levels = stopEarly ? sequentialLevels(k, K, 0.95) : { hold: 0.95, promote: 0.95 };
    const { verdict, gates } = verdictOf(cases, k, levels, DEFAULT_THRESHOLDS, margins ? undefined : NO_MARGINS);
    if (!stopEarly) return { verdict, spent };
    if (decideSequential(verdict, gates, k, K, 0.95).stop) return { verdict, spent };
  }
  return { verdict: 'inconclusive', spent };
}

export function runPerCaseCell(cell: PerCaseCell, runs: number, seed: number): PerCaseResult {
  const K = cell.maxRounds;
  const u = uniform(
    seed ^ (cell.cases * 7919) ^ (K * 15485863) ^ Math.round(((cell.shift === 'break' ? 2 : cell.shift === 'margin' ? 3 : cell.shift) + 1) * 1000) ^ 0x5e771ed,
  );
  const zero = (): Record<Verdict, number> => ({ hold: 0, promote: 0, inconclusive: 0 });
  const design = (): DesignResult => ({ full: zero(), selective: zero(), agree: 0, spent: { full: 0, selective: 0, allRounds: 0 } });
  const out: PerCaseResult = { sequential: design(), fixed: design() };
  for (let r = 0; r < runs; r++) {
    const probs = realisticProbabilities(cell.cases, u);
    // The profile: the baseline's runs on main, drawn before (and apart from) the pair.
    const profile: CaseNoise[] = probs.map((p, i) => {
      let passed = 0;
      for (let j = 0; j < cell.profileRuns; j++) passed += Number(u() < p);
      return { id: `case_${i}`, runs: cell.profileRuns, passed, reward_mean: 0, reward_sd: 0, steps_mean: 0, steps_sd: 0 };
    });
    const scale = 1 - 0.05 / (probs.reduce((a, p) => a + p, 0) / probs.length);
    const candidateP = (p: number, i: number): number => {
      if (cell.shift === 'margin') return p * scale;
      if (cell.shift !== 'break') return Math.min(1, Math.max(0, p + cell.shift));
      if (p === 1 || p === 0) return i % 40 === 0 ? 0 : p;
      return Math.max(0, p - 0.05);
    };
    const sides = probs.map((p, i) => ({ b: trialsOf(p, K, u), c: trialsOf(candidateP(p, i), K, u) }));
    const rule = { minRounds: cell.rule.rounds, within: cell.rule.within, share: cell.rule.share };
    const runs = (i: number, k: number): boolean => {
      const noise = profile[i] as CaseNoise;
      if (cell.rule.kind === 'profile') return runsInRound(`case_${i}`, noise, k, rule);
      // matched: deterministic on main and both sides had that outcome on each of the first N rounds; then it stops.
      const target = deterministicOutcome(noise);
      if (target === null || k <= cell.rule.rounds) return true;
      const s = sides[i] as { b: Running; c: Running };
      for (let j = 0; j < cell.rule.rounds; j++) if (outcome(s.b, j) !== target || outcome(s.c, j) !== target) return true;
      return false;
    };
    for (const [name, stopEarly] of [
      ['sequential', true],
      ['fixed', false],
    ] as const) {
      const full = sequentialOn(sides, K, null, stopEarly, cell.margins);
      const selective = sequentialOn(sides, K, runs, stopEarly, cell.margins);
      const o = out[name];
      o.full[full.verdict]++;
      o.selective[selective.verdict]++;
      if (full.verdict === selective.verdict) o.agree++;
      o.spent.full += full.spent;
      o.spent.selective += selective.spent;
      o.spent.allRounds += 2 * cell.cases * K;
    }
  }
  return out;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}

const pct = (k: number, n: number): string => (n === 0 ? '–' : `${((100 * k) / n).toFixed(1)}%`);
const who = (shift: Shift): string =>
  shift === 'margin'
    ? 'exactly at the 5-point margin, most of it on always-passing cases'
    : shift === 'break'
      ? 'breaks 1 in 10 always-passing cases, 5 points worse on the others'
      : shift === 0
        ? 'same agent (A/A)'
        : `${Math.round(Math.abs(shift) * 100)} points ${shift < 0 ? 'worse' : 'better'}`;

/** The per-case section of `npm run calibrate`. */
export function perCaseRows(w: Write, argv: string[], runs: number, seed: number): void {
  const K = Number(option(argv, 'max-trials', '10'));
  const profileRuns = Number(option(argv, 'profile-runs', '10'));
  const margins = option(argv, 'per-case-margins', 'default') !== '0';
  const sizes = option(argv, 'per-case-cases', '200').split(',').map(Number);
  const shifts = option(argv, 'per-case-shifts', '0,-0.05,-0.1,break,margin')
    .split(',')
    .map((x) => (x === 'break' || x === 'margin' ? x : Number(x)));
  const rules = option(argv, 'per-case-rules', 'profile:1:0:0.2,profile:1,matched:1')
    .split(',')
    .map((x) => {
      const [kind, rounds, within, share] = x.split(':');
      if (kind !== 'profile' && kind !== 'matched') throw new RangeError(`unknown rule ${x}: expected profile:N[:WITHIN[:SHARE]] or matched:N`);
      return { kind, rounds: Number(rounds ?? '1'), within: Number(within ?? '0'), share: Number(share ?? '0') } as const;
    });
  w(
    `**Trials only where they matter** (up to ${K} rounds${margins ? '' : ', no margins'}; half the cases deterministic: a quarter always pass, a quarter never; the rest the mix above; a profile of ${profileRuns} baseline runs on main). ` +
      '"full" reruns every case each round; "settled" reruns only the cases not settled (profile:N: a case deterministic on main runs the first N rounds only, fixed before the pair is seen; matched:N, the rejected rule: deterministic on main and matched by both sides on every round so far, from round N). Spend: runs of cases against "full" on the same pairs.\n\n',
  );
  w(
    '| Cases | Rule | Candidate | Design | settled: hold / promote / undecided | every case: hold / promote / undecided | same verdict | runs vs every case | vs every case, all rounds |\n',
  );
  w('|--:|:--|:--|:--|:-:|:-:|--:|--:|--:|\n');
  const rates = (v: Record<Verdict, number>): string => `${pct(v.hold, runs)} / ${pct(v.promote, runs)} / ${pct(v.inconclusive, runs)}`;
  for (const n of sizes)
    for (const rule of rules) {
      const name = `${rule.kind}:${rule.rounds}${rule.within === 0 && rule.share === 0 ? '' : `:${rule.within}`}${rule.share === 0 ? '' : `:${rule.share}`}`;
      for (const shift of shifts) {
        const r = runPerCaseCell({ cases: n, shift, maxRounds: K, rule, profileRuns, margins }, runs, seed);
        for (const [design, d] of [
          ['sequential', r.sequential],
          [`fixed, ${K} rounds`, r.fixed],
        ] as const)
          w(
            `| ${n} | ${name} | ${who(shift)} | ${design} | ${rates(d.selective)} | ${rates(d.full)} | ${pct(d.agree, runs)} | ${pct(d.spent.selective, d.spent.full)} | ${pct(d.spent.selective, d.spent.allRounds)} |\n`,
          );
      }
    }
  w('\n');
}
