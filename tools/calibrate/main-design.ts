/**
 * `npm run calibrate -- --only main`: a verdict for the price of one run (issue 45). The baseline is
 * main's K runs of the suite, paid once per merge; a pull request runs only its candidate, in rounds
 * whose cases are drawn with the probabilities of analysis/main-design.ts (Neyman allocation from
 * main's runs, a floor for the cases that never varied), judged after every round by the sequential
 * design (O'Brien–Fleming-type hold, Pocock-type promote boundaries), stopping at the first hold or
 * promote; at the last round an undecided verdict blocks (the default: "inconclusive" is not a
 * state a pull request merges in).
 *
 * The suite (per-case.ts' realisticProbabilities): half its cases deterministic (a quarter always
 * pass, a quarter never), the other half easy, impossible or coin flips. Main's runs are drawn at
 * main's rates; with `--main-drift D` main moved between its runs and the pull request's base: the
 * base's (and an unchanged candidate's) rate on every case not deterministic is D higher (clamped),
 * so the runs on main are stale by D.
 *
 * Spend, as the issue counts it: the candidate's case runs over 2N (one full run of both sides is
 * 1.0, so one full run of the candidate alone is 0.5); main's K runs are shown apart.
 *
 * Options: --runs N (pairs per cell), --seed N, --main-cases 200,400, --main-shifts
 * 0,margin,-0.05,-0.1, --main-runs K (default 10), --main-rounds R (default the design's, 3), --main-share S
 * (default the design's), --main-floor F, --main-drift D (comma list, default 0).
 */
import { significantVerdict } from '../../src/analysis/compare.js';
import { DEFAULT_MAIN_DESIGN, DEFAULT_MAIN_ROUNDS, inclusionOf, type MainRecord } from '../../src/analysis/main-design.js';
import type { PairedCases } from '../../src/analysis/model.js';
import { evidenceColumns } from '../../src/analysis/paired-cases.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/rlm/thresholds.js';
import { decideSequential, sequentialLevels } from '../../src/analysis/significance/sequential.js';
import { testGates } from '../../src/analysis/significance/significance.js';
import { realisticProbabilities } from './per-case.js';
import { type Running, trialsOf } from './sequential.js';
import { uniform } from './simulate.js';

type Verdict = 'hold' | 'promote' | 'inconclusive';
type Write = (s: string) => void;
export type MainShift = number | 'margin';

export interface MainCell {
  cases: number;
  shift: MainShift;
  mainRuns: number;
  maxRounds: number;
  share: number;
  floor: number;
  /** Main's drift between its runs and the PR's base, on the cases not deterministic. */
  drift: number;
  /** full: the first round runs every case, later rounds draw; drawn: every round draws (Horvitz–Thompson). */
  first: 'full' | 'drawn';
}

export interface MainCellResult {
  cell: MainCell;
  pairs: number;
  verdicts: Record<Verdict, number>;
  /** Summed over the pairs: the candidate's case runs, and the rounds. */
  caseRuns: number;
  rounds: number;
}

const LABELS = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
let resamples: number | undefined;
export const setMainResamples = (n: number | undefined): void => void (resamples = n);

/** One pair: main's K runs, then the candidate's rounds until decided or the last. */
function onePair(cell: MainCell, u: () => number): { verdict: Verdict; caseRuns: number; rounds: number } {
  const n = cell.cases;
  const probs = realisticProbabilities(n, u);
  const deterministic = (p: number): boolean => p === 0 || p === 1;
  // The base commit's rates: main's, moved by the drift on the cases that vary.
  const base = probs.map((p) => (deterministic(p) ? p : Math.min(1, Math.max(0, p + cell.drift))));
  const mean = base.reduce((a, p) => a + p, 0) / n;
  // A change of the suite's completion by exactly `shift`, spread in proportion over the cases (a drop
  // falls most on the cases that always pass, where a floor of draws sees it least), never clamped.
  const drop = cell.shift === 'margin' ? -0.05 : cell.shift;
  const candidateP = (p: number): number => (drop <= 0 ? p * (1 + drop / mean) : 1 - (1 - p) * (1 - drop / (1 - mean)));
  const main: Running[] = probs.map((p) => trialsOf(p, cell.mainRuns, u));
  const K = cell.mainRuns;
  const records: MainRecord[] = main.map((r) => ({ runs: K, passed: r.successes[K - 1] as number }));
  const inclusion = inclusionOf(records, { share: cell.share, floor: cell.floor });
  const R = cell.maxRounds;
  const cand: Running[] = base.map((p) => trialsOf(candidateP(p), R, u));
  const baseline = evidenceColumns(n);
  for (let i = 0; i < n; i++) {
    const r = main[i] as Running;
    baseline.trials[i] = K;
    baseline.successes[i] = r.successes[K - 1] as number;
    baseline.reward[i] = (r.reward[K - 1] as number) / K;
    baseline.steps[i] = (r.steps[K - 1] as number) / K;
  }
  const ran = new Int32Array(n);
  let caseRuns = 0;
  for (let k = 1; k <= R; k++) {
    for (let i = 0; i < n; i++) {
      if (!(cell.first === 'full' && k === 1) && u() >= (inclusion[i] as number)) continue;
      ran[i] = (ran[i] as number) + 1;
      caseRuns++;
    }
    const candidate = evidenceColumns(n);
    for (let i = 0; i < n; i++) {
      const m = ran[i] as number;
      if (m === 0) continue;
      const r = cand[i] as Running;
      candidate.trials[i] = m;
      candidate.successes[i] = r.successes[m - 1] as number;
      candidate.reward[i] = (r.reward[m - 1] as number) / m;
      candidate.steps[i] = (r.steps[m - 1] as number) / m;
    }
    const cases: PairedCases = {
      length: n,
      ids: probs.map((_, i) => `case_${i}`),
      labels: probs.map(() => LABELS),
      baseline,
      candidate,
      design: cell.first === 'drawn' ? { inclusion, rounds: k } : { rounds: k },
    };
    const levels = sequentialLevels(k, R, 0.95);
    const res = testGates(
      cases,
      DEFAULT_THRESHOLDS,
      { baseline: K, candidate: k },
      { cluster: 'none', confidence: levels.hold, passConfidence: levels.promote, ...(resamples === undefined ? {} : { resamples }) },
    );
    const verdict = significantVerdict(
      res.gates.some((g) => g.status === 'fail'),
      res.gates.some((g) => g.status === 'inconclusive'),
    );
    if (decideSequential(verdict, res.gates, k, R, 0.95).stop || k === R) return { verdict, caseRuns, rounds: k };
  }
  return { verdict: 'inconclusive', caseRuns, rounds: R };
}

export function runMainCell(cell: MainCell, pairs: number, seed: number): MainCellResult {
  const tag = (cell.shift === 'margin' ? 7 : Math.round((cell.shift + 1) * 1000)) + (cell.first === 'full' ? 0 : 50000);
  const u = uniform(seed ^ (cell.cases * 7919) ^ (tag * 104729) ^ Math.round((cell.drift + 1) * 7777) ^ 0x3a1b);
  const out: MainCellResult = { cell, pairs, verdicts: { hold: 0, promote: 0, inconclusive: 0 }, caseRuns: 0, rounds: 0 };
  for (let p = 0; p < pairs; p++) {
    const r = onePair(cell, u);
    out.verdicts[r.verdict]++;
    out.caseRuns += r.caseRuns;
    out.rounds += r.rounds;
  }
  return out;
}

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}

const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(1)}%`;
const who = (shift: MainShift): string =>
  shift === 'margin' || shift === -0.05
    ? '5 points worse: at the margin'
    : shift === 0
      ? 'same agent (A/A)'
      : `${Math.round(Math.abs(shift) * 100)} points ${shift < 0 ? 'worse' : 'better'}`;
const shiftOf = (s: string): MainShift => (s === 'margin' ? 'margin' : Number(s));

/** The main-design section of `npm run calibrate`. */
export function mainDesignRows(w: Write, argv: string[], pairs: number, seed: number): void {
  const cases = option(argv, 'main-cases', '200,400').split(',').map(Number);
  const shifts = option(argv, 'main-shifts', '0,-0.02,-0.05,-0.1').split(',').map(shiftOf);
  const drifts = option(argv, 'main-drift', '0').split(',').map(Number);
  const mainRuns = Number(option(argv, 'main-runs', '10'));
  const maxRounds = Number(option(argv, 'main-rounds', String(DEFAULT_MAIN_ROUNDS)));
  const share = Number(option(argv, 'main-share', String(DEFAULT_MAIN_DESIGN.share)));
  const floor = Number(option(argv, 'main-floor', String(DEFAULT_MAIN_DESIGN.floor)));
  const first = option(argv, 'main-first', 'full') === 'drawn' ? 'drawn' : 'full';
  w(
    `**The baseline from main** (${mainRuns} runs of main; the candidate alone, in at most ${maxRounds} rounds, ${first === 'full' ? 'the first of every case, the later ones' : 'each'} of about ${Math.round(share * 100)}% of the cases, deterministic cases at least ${Math.round(floor * 100)}%; stop at the first hold or promote, undecided at the last round blocks):\n\n`,
  );
  w('| Cases | Main drift | Candidate | hold | promote | undecided (blocks) | passing check | mean spend | mean rounds |\n');
  w('|--:|--:|:--|--:|--:|--:|--:|--:|--:|\n');
  for (const drift of drifts)
    for (const n of cases)
      for (const shift of shifts) {
        const r = runMainCell({ cases: n, shift, mainRuns, maxRounds, share, floor, drift, first }, pairs, seed);
        const spend = r.caseRuns / (2 * n * pairs);
        w(
          `| ${n} | ${drift === 0 ? '0' : `${drift > 0 ? '+' : ''}${Math.round(drift * 100)} pts`} | ${who(shift)} | ${pct(r.verdicts.hold, pairs)} | ${pct(r.verdicts.promote, pairs)} | ${pct(r.verdicts.inconclusive, pairs)} | ${pct(r.verdicts.promote, pairs)} | ${spend.toFixed(2)} | ${(r.rounds / pairs).toFixed(2)} |\n`,
        );
      }
  w(
    `\nMain's runs, paid once per merge to the default branch and shared by every pull request based there: ${mainRuns} full runs (${mainRuns / 2} in the spend unit).\n\n`,
  );
}
