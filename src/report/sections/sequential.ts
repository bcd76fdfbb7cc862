/**
 * The markdown for a sequential decision (--sequential): the round, whether to stop and why, the
 * runs spent against the fixed design of the same maximum, and the level this round was judged at.
 * Absent without --sequential, so other reports stay as they were.
 */
import type { Comparison } from '../../analysis/compare.js';
import type { SequentialDecision } from '../../analysis/significance/sequential.js';
import { levelPercent } from './significance.js';

/** A small probability in 2 significant digits: 0.00034, 5.7e-10. */
export function level(p: number): string {
  return p >= 1e-4 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
}

function status(s: SequentialDecision): string {
  const per = (runs: number): string => `${runs} runs (${runs / 2} per side)`;
  if (s.reason === 'decided') {
    const share = Math.round((100 * (s.runs.saved as number)) / s.runs.fixed);
    return `**Stop: decided after round ${s.rounds} of at most ${s.max_rounds}.** Spent ${per(s.runs.spent)}; the fixed design of ${s.max_rounds} trials per side spends ${s.runs.fixed}: ${s.runs.saved} runs saved (${share}%).`;
  }
  if (s.reason === 'max-trials') {
    return `**Stop: undecided at the maximum of ${s.max_rounds} rounds.** Spent ${per(s.runs.spent)}, as the fixed design would; more trials now would break the error guarantee, so the verdict stays inconclusive.`;
  }
  const more =
    s.more_rounds === null
      ? `on the current estimates no decision is in sight within ${s.max_rounds} rounds`
      : `on the current estimates about ${s.more_rounds} more round${s.more_rounds === 1 ? '' : 's'} would decide (at most ${s.max_rounds - s.rounds} remain)`;
  return `**Continue: undecided after round ${s.rounds} of at most ${s.max_rounds}; run another round** (one more trial of each side, exit code 3 until then): ${more}. Spent so far ${per(s.runs.spent)} of the fixed design's ${s.runs.fixed}.`;
}

export function sequentialSection(cmp: Comparison): string[] {
  const s = cmp.sequential;
  if (s === undefined) return [];
  const levels = s.looks.map((l) => `${l.round}: ${level(l.nominal)}`).join(', ');
  return [
    '**Sequential trials**',
    '',
    status(s),
    '',
    `Round ${s.rounds}'s gates are judged at a one-sided level of ${level(s.nominal_alpha)} (${levelPercent(1 - s.nominal_alpha)}% confidence), so that deciding after every round and stopping at the first hold or promote keeps each overall error (a false hold, a false promote) within ${level(1 - s.confidence)}, as the fixed design at ${levelPercent(s.confidence)}% confidence does (${s.method}, Lan & DeMets 1983). Levels by round: ${levels}.`,
    '',
  ];
}
