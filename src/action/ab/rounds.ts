/**
 * The pure parts of `mode: ab`'s round loop: which side runs first in a round, whether the next
 * round fits the spend cap, why the loop stopped, and the job summary's table of rounds.
 */
import type { Verdict } from '../../analysis/compare.js';
import type { RoundsStop } from '../../analysis/model.js';
import type { SequentialDecision } from '../../analysis/significance/sequential.js';
import { untrusted } from '../../report/markdown/markdown.js';
import type { Role } from '../inputs/inputs.js';

/**
 * The order of round `r` (1-based): baseline first in odd rounds, candidate first in even ones
 * (A B, B A, A B, …). Interleaving spreads drift (a warming cache, a rate limit, a model endpoint
 * that slows down over the hour) over both sides instead of onto the side that runs later; the
 * alternation also spreads what running second does (a warm disk, a throttled key) evenly.
 */
export function roundOrder(r: number): [Role, Role] {
  return r % 2 === 1 ? ['baseline', 'candidate'] : ['candidate', 'baseline'];
}

/**
 * Whether another round fits the cap: the spend so far plus the mean spend of a complete round so
 * far stays within it. Before the first round nothing is known, so it always starts; a round that
 * passes the cap anyway is stopped by the watcher mid-way and not counted.
 */
export function nextRoundFits(spent: number, completeRounds: number, limit: number): boolean {
  if (completeRounds === 0) return spent <= limit;
  return spent + spent / completeRounds <= limit;
}

/** Why the loop ended: the design decided, its maximum was reached, the cap, or a side that failed (stamped on every counted trial as `ab.stop`). */
export type AbStop = RoundsStop;

/** One round as the job summary shows it. */
export interface RoundRow {
  round: number;
  order: [Role, Role];
  /** How each side's trial ended ("exited with code 0 after 1.2 s"), or null when it did not run. */
  outcome: Partial<Record<Role, string>>;
  /** The sequential look after this round; null when the round was not complete. */
  look: { verdict: Verdict; decision: SequentialDecision } | null;
}

const level = (x: number): string => (x >= 0.001 ? String(Number(x.toPrecision(2))) : x.toExponential(1));

const STOP_WORDS: Record<AbStop, string> = {
  decided: 'decided',
  'max-trials': 'the maximum number of rounds was reached undecided',
  budget: 'the spend cap',
  failed: 'a side failed',
};

/** The headline: rounds run, why it stopped, and what it spent against the fixed design; a shard's verdict is on its own cases. */
export function stopLine(stop: AbStop, complete: number, max: number, verdict: Verdict | null, sharded = false): string {
  const fixed = 2 * max;
  const spent = 2 * complete;
  const what = verdict === null ? '' : ` The verdict ${sharded ? "on this shard's cases " : ''}after round ${complete}: **${verdict}**.`;
  const saving =
    stop === 'decided'
      ? ` ${spent} runs (${complete} per side) of the fixed design's ${fixed}: **${fixed - spent} runs saved**.`
      : ` ${spent} runs (${complete} per side) of the fixed design's ${fixed}.`;
  return `**Stopped after round ${complete} of at most ${max}: ${STOP_WORDS[stop]}.**${what}${saving}`;
}

/** What the look after a round said: stop and why, stopped undecided (the cap, a failed side), or continue. */
function lookWords(d: SequentialDecision): string {
  if (d.stop) return `stop: ${d.reason}`;
  if (d.halted === 'budget') return 'stopped: the spend cap';
  if (d.halted === 'failed') return 'stopped: a side failed';
  return 'continue';
}

/** The table of rounds: order, each side's trial, and the look after it. */
export function roundsTable(rows: readonly RoundRow[]): string {
  const lines = ['| Round | Order | Baseline | Candidate | Verdict at this round | Level |', '|--:|:--|:--|:--|:--|--:|'];
  for (const row of rows) {
    const side = (role: Role): string => untrusted(row.outcome[role] ?? 'did not run', { inTable: true });
    const look = row.look === null ? 'not counted (incomplete)' : `${row.look.verdict} (${lookWords(row.look.decision)})`;
    const alpha = row.look === null ? '' : level(row.look.decision.nominal_alpha);
    lines.push(`| ${row.round} | ${row.order.join(' → ')} | ${side('baseline')} | ${side('candidate')} | ${look} | ${alpha} |`);
  }
  return lines.join('\n');
}
