/**
 * A simulated default branch of 40 merged PRs with a known truth, for the gate's record
 * (history/gate-record.ts): each PR's real effect is stated, main's runs are built from it, and the
 * gate's verdict is stated beside it. Deterministic: no randomness, so the expected counts are
 * written down by hand in the tests.
 *
 * Main's suite has 60 cases; case j passes at level L when (7j + shift) mod 60 < L. A PR's segment
 * (main's runs from its merge commit to the next merge) has 3 runs at the level its truth gives:
 * - `D` drops the level by 10 (10 cases go from pass to fail: a drop the paired test shows),
 * - `U` raises it by 10, `E` leaves it (the same cases pass: no drop, shown),
 * - `N` leaves it, but the segment's first 3 runs each pass another set of cases (shift 3k): main's
 *   runs cannot decide; 3 clean runs follow, so the next PR's before runs are clean,
 * - `X` leaves it, and main has no run at the merge commit (its 3 runs are at later commits),
 * - `S` leaves it, and the verdict has no merge commit recorded,
 * - `F` leaves it, and main has only the merge commit's run so far (too few runs after).
 * The gate's verdict is `h` hold, `p` promote or `i` inconclusive.
 */
import { parseSummary } from '../../src/adapters/registry.js';
import type { GateVerdictEntry } from '../../src/history/history-file.js';
import type { BenchmarkSummary } from '../../src/schema/summary.js';
import { cases, rlmSummary } from './rlm-builder.js';

/** The 40 PRs: truth then the gate's verdict (see above). */
export const SIMULATED_PRS = [
  'Ep', 'Dh', 'Up', 'Eh', 'Dp', 'Up', 'Ep', 'Dh', 'Uh', 'Ei',
  'Ep', 'Dh', 'Up', 'Nh', 'Ep', 'Dp', 'Up', 'Eh', 'Xp', 'Ep',
  'Dh', 'Up', 'Sh', 'Ep', 'Dh', 'Up', 'Ep', 'Eh', 'Dp', 'Up',
  'Ep', 'Np', 'Ep', 'Dh', 'Up', 'Ep', 'Ep', 'Dh', 'Up', 'Fp',
] as const; // prettier-ignore

/**
 * What the record must find, counted by hand from {@link SIMULATED_PRS}: false holds at PRs 4, 9,
 * 18, 28 (held, no drop); misses at 5, 16, 29 (promoted a drop); undecided at 10 (the gate was
 * inconclusive), 14 and 32 (noisy), 19 (no run at the merge), 23 (no merge commit), 40 (one run).
 */
export const SIMULATED_TRUTH = {
  right: 27,
  falseHolds: [4, 9, 18, 28],
  misses: [5, 16, 29],
  undecided: { 10: 'gate-inconclusive', 14: 'main-inconclusive', 19: 'no-run-at-merge', 23: 'no-merge-sha', 32: 'main-inconclusive', 40: 'too-few-runs' },
  /** Decided holds (7 right, 4 false) and promotes (20 right, 3 misses). */
  holds: 11,
  promotes: 23,
} as const;

export const CASES = 60;
/** A commit SHA of 40 hex digits from a number (a bijection of 32 bits first, so short SHAs differ). */
export const simSha = (n: number): string => (Math.imul(n, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0') + n.toString(16).padStart(32, '0');

export interface SimRun {
  commit: string;
  startedAt: string;
  /** The run as benchgate's normalized summary (what `benchgate run` stores), its commit in `git.commit`. */
  summary: BenchmarkSummary;
}

function run(commit: string, k: number, level: number, shift: number): SimRun {
  const startedAt = new Date(Date.UTC(2026, 8, 1) + k * 3_600_000).toISOString();
  const raw = rlmSummary({ id: `main_${k}`, model: 'gpt-4o', cases: cases(CASES, (j) => ({ completed: (7 * j + shift) % CASES < level })) });
  const parsed = parseSummary(`main-${k}.json`, raw);
  const summary = { ...parsed, run: { ...parsed.run, started_at: startedAt }, metadata: { ...parsed.metadata, 'git.commit': commit } };
  return { commit, startedAt, summary };
}

/** Main's runs (oldest first) and the PRs' verdicts; the first 10 PRs' checks were advisory (neutral). */
export function simulatedHistory(): { runs: SimRun[]; verdicts: GateVerdictEntry[] } {
  const runs: SimRun[] = [];
  const verdicts: GateVerdictEntry[] = [];
  let level = 40;
  let k = 0;
  const add = (commit: string, shift = 0): void => void runs.push(run(commit, k++, level, shift));
  add(simSha(0xa00)); // main before the first PR
  add(simSha(0xa01));
  add(simSha(0xa02));
  let base = simSha(0xa02);
  SIMULATED_PRS.forEach((code, i) => {
    const pr = i + 1;
    const [truth, gate] = [code[0], code[1]];
    const merge = simSha(0x1000 + pr);
    const later = (m: number): string => simSha(0x100000 + pr * 16 + m);
    if (truth === 'D') level -= 10;
    if (truth === 'U') level += 10;
    if (truth === 'N') {
      [merge, later(1), later(2)].forEach((c, m) => add(c, 3 * (m + 1)));
      [later(3), later(4), later(5)].forEach((c) => add(c));
    } else if (truth === 'X') [later(1), later(2), later(3)].forEach((c) => add(c));
    else if (truth === 'F') add(merge);
    else [merge, later(1), later(2)].forEach((c) => add(c));
    const advisory = pr <= 10;
    const verdict = gate === 'h' ? 'hold' : gate === 'p' ? 'promote' : 'inconclusive';
    verdicts.push({
      pr,
      head_sha: simSha(0x2000 + pr),
      merge_sha: truth === 'S' ? null : merge,
      base_sha: base,
      verdict,
      decide: 'significant',
      check: advisory ? 'advisory' : 'blocking',
      conclusion: advisory || verdict === 'inconclusive' ? 'neutral' : verdict === 'hold' ? 'failure' : 'success',
      at: new Date(Date.UTC(2026, 9, 1) + pr * 86_400_000).toISOString(),
    });
    base = runs[runs.length - 1]?.commit as string;
  });
  return { runs, verdicts };
}
