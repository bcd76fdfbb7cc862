/**
 * The `significant` policy decided sequentially: trials come in rounds (one more trial of each side
 * per round), the gates are judged after every round, and the run stops at the first decision.
 *
 * Method: a group-sequential design over at most K rounds (`--max-trials`), with Lan and DeMets'
 * O'Brien–Fleming-type alpha-spending function (Lan & DeMets 1983; boundaries by Armitage–McPherson–
 * Rowe recursive integration, Jennison & Turnbull 2000, ch. 19; see stats/sequential.ts). After round
 * k the same paired sign-flip tests as the fixed design (significance.ts) are run at that look's
 * nominal level α_k instead of α, both ways: a gate fails when its violation is shown at α_k, and
 * passes when its holding is shown at α_k. Each direction spends α over the K looks, so a user who
 * looks after every round and stops at the first hold or promote keeps the fixed design's error
 * rates, and the last look's level is close to α, so running to the end loses little power.
 *
 * Why this and not e-values or confidence sequences: benchgate's rounds are few (at most tens) and
 * fixed in number, and its tests are exact randomization tests whose p-values are already what the
 * report shows; a spending design reuses them unchanged (only the level moves), its boundaries are
 * exact for that K, and it keeps nearly all of the fixed design's power at the last round, where
 * anytime-valid e-processes for an unbounded horizon pay a steep price in power at a fixed maximum.
 * Pure: evidence in, decision out.
 */
import { normalQuantile } from '../../stats/distributions.js';
import { type Look, sequentialBoundaries, type Spending } from '../../stats/sequential.js';
import type { GateTest, RoundsHalt, ShardRounds } from '../model.js';

/** The default maximum number of rounds (trials per side), and the largest allowed. */
export const DEFAULT_MAX_TRIALS = 10;
export { MAX_ROUNDS as MAX_TRIALS } from '../../stats/sequential.js';

export const SEQUENTIAL_METHOD =
  "group-sequential, Lan-DeMets alpha spending: O'Brien-Fleming-type to hold, Pocock-type to promote (non-inferiority within the margins)";

/** decided: hold or promote; max-trials: the last round is in, undecided; continue: run another round. */
export type StopReason = 'decided' | 'max-trials' | 'continue';

export interface SequentialDecision {
  method: string;
  /** The overall confidence level the design keeps under stopping at any round. */
  confidence: number;
  max_rounds: number;
  /** Rounds run so far: trials per side. */
  rounds: number;
  /** This round's nominal level: a one-sided p-value of a violation at or below it fails a gate. */
  nominal_alpha: number;
  /** This round's promote level (Pocock-type): a gate whose p-value of holding within its margin is at or below it passes. */
  nominal_promote_alpha: number;
  /** The error spent up to this round, of the overall α. */
  spent_alpha: number;
  stop: boolean;
  reason: StopReason;
  /** While undecided: about how many more rounds the current estimates would need (null: not within the maximum, or no trend). */
  more_rounds: number | null;
  /** Runs (trials of both sides): spent so far, what the fixed design of max_rounds trials spends, and the saving once stopped (null while running). */
  runs: { spent: number; fixed: number; saved: number | null };
  /** Every look's nominal level, for the report. */
  looks: readonly Look[];
  /**
   * Set when no round follows this look although the design would go on (reason `continue`): why
   * the rounds ended (halted). The verdict stays inconclusive; absent while rounds may follow.
   */
  halted?: RoundsHalt;
  /** Interleaved rounds run in shards: each shard's rounds and stop, and what the common look left uncounted. */
  shards?: ShardRounds;
}

/**
 * The decision once the rounds have ended (an interleaved job's rounds, judged after the job): a
 * `continue` becomes halted for `why`, with no suggestion of more rounds; a stop is left as it is.
 */
export function haltedDecision(d: SequentialDecision, why: RoundsHalt): SequentialDecision {
  if (d.reason !== 'continue') return d;
  return { ...d, halted: why, more_rounds: null };
}

/**
 * The two levels of a look: a gate fails at the hold boundary's level (O'Brien–Fleming-type
 * spending, as before) and passes at the promote boundary's, a non-inferiority boundary with its own
 * Pocock-type spending α·ln(1 + (e − 1)t) (Lan & DeMets 1983; read from the hold side it is a
 * non-binding futility bound, Pampallona & Tsiatis 1994): an equal agent is shown within the margin
 * after a few rounds, while a false promote stays within α over the looks. As confidences.
 */
export function sequentialLevels(rounds: number, maxRounds: number, confidence: number): { hold: number; promote: number } {
  checkRounds(rounds, maxRounds);
  return {
    hold: sequentialConfidence(rounds, maxRounds, confidence),
    promote: 1 - Math.max(lookAt(rounds, maxRounds, confidence, 'pocock').nominal, MIN_LEVEL),
  };
}

/** The confidence level the paired tests run at after `rounds` rounds of at most `maxRounds`. */
export function sequentialConfidence(rounds: number, maxRounds: number, confidence: number): number {
  checkRounds(rounds, maxRounds);
  const look = lookAt(rounds, maxRounds, confidence);
  // An early look of a long design can have a level below double precision (1e-43 at round 1 of
  // 50), which would make the confidence 1. No randomization p-value comes near 1e-12 (at least
  // 1/16,384 exact, 1/10,000 sampled), and a gate without spread decides at any level, so the
  // floor changes no decision.
  return 1 - Math.max(look.nominal, MIN_LEVEL);
}

/** The smallest level a round is tested at (see sequentialConfidence). */
const MIN_LEVEL = 1e-12;

/** Look `rounds` of the design at `confidence` with `maxRounds` rounds at most. */
function lookAt(rounds: number, maxRounds: number, confidence: number, spending?: Spending): Look {
  return sequentialBoundaries(1 - confidence, maxRounds, spending)[rounds - 1] as Look;
}

function checkRounds(rounds: number, maxRounds: number): void {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > maxRounds) throw new RangeError(`rounds must be an integer from 1 to ${maxRounds}, got ${rounds}`);
}

/** The standardized distance a one-sided p-value stands for: z = Φ⁻¹(1 − p). */
const zOf = (p: number): number => (p >= 1 ? -Infinity : p <= 0 ? Infinity : -normalQuantile(p));

/**
 * The first later round at which z, growing as √rounds (each round adds the same information),
 * would cross that round's boundary; null when none up to the maximum does.
 */
export function roundsToCross(z: number, rounds: number, looks: readonly Look[]): number | null {
  if (!(z > 0)) return null;
  for (const look of looks) {
    if (look.round <= rounds) continue;
    if (z * Math.sqrt(look.round / rounds) >= look.z) return look.round - rounds;
  }
  return null;
}

/**
 * About how many more rounds the undecided gates need: each heads where its evidence points (fail
 * when its violation is the stronger side, else pass); a hold needs one gate to fail, so the soonest
 * failing gate; a promote needs every gate to pass, so the slowest.
 */
export function moreRounds(gates: readonly GateTest[], rounds: number, looks: readonly Look[]): number | null {
  const open = gates.filter((g) => g.gated && g.status === 'inconclusive');
  if (open.length === 0) return null;
  const heading = open.map((g) => {
    const fail = zOf(g.p_violated_adjusted);
    const pass = zOf(g.p_holds);
    return fail > pass ? { to: 'fail' as const, n: roundsToCross(fail, rounds, looks) } : { to: 'pass' as const, n: roundsToCross(pass, rounds, looks) };
  });
  const failing = heading.filter((h) => h.to === 'fail' && h.n !== null).map((h) => h.n as number);
  if (failing.length > 0) return Math.min(...failing);
  if (heading.some((h) => h.n === null)) return null;
  return Math.max(...heading.map((h) => h.n as number));
}

/** What the sequential design says after `rounds` rounds, given the verdict and gates judged at this round's level. */
export function decideSequential(
  verdict: 'promote' | 'hold' | 'inconclusive',
  gates: readonly GateTest[],
  rounds: number,
  maxRounds: number,
  confidence: number,
): SequentialDecision {
  checkRounds(rounds, maxRounds);
  const looks = sequentialBoundaries(1 - confidence, maxRounds);
  const look = looks[rounds - 1] as Look;
  const decided = verdict !== 'inconclusive';
  const reason: StopReason = decided ? 'decided' : rounds === maxRounds ? 'max-trials' : 'continue';
  return {
    method: SEQUENTIAL_METHOD,
    confidence,
    max_rounds: maxRounds,
    rounds,
    nominal_alpha: look.nominal,
    nominal_promote_alpha: lookAt(rounds, maxRounds, confidence, 'pocock').nominal,
    spent_alpha: look.spent,
    stop: reason !== 'continue',
    reason,
    more_rounds: reason === 'continue' ? moreRounds(gates, rounds, looks) : null,
    runs: { spent: 2 * rounds, fixed: 2 * maxRounds, saved: reason === 'continue' ? null : 2 * (maxRounds - rounds) },
    looks,
  };
}
