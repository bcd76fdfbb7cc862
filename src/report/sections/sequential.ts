/**
 * The markdown for a sequential decision (--sequential, mode ab and its gate): the round, whether to
 * stop and why, the runs spent against the fixed design of the same maximum, the level this round
 * was judged at, and for shards of interleaved rounds each shard's rounds and what was not counted.
 * Absent without a sequential decision, so other reports stay as they were.
 */
import type { Comparison, MainDesignMarks } from '../../analysis/compare.js';
import type { RoundsHalt, RoundsStop, ShardRounds } from '../../analysis/model.js';
import type { SequentialDecision } from '../../analysis/significance/sequential.js';
import { table, untrusted } from '../markdown/markdown.js';
import { levelPercent } from './significance.js';

/** A small probability in 2 significant digits: 0.00034, 5.7e-10. */
export function level(p: number): string {
  return p >= 1e-4 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
}

const per = (runs: number): string => `${runs} runs (${runs / 2} per side)`;
const percent = (part: number, whole: number): string => `${Math.round((100 * part) / whole)}%`;

/**
 * What the rounds spent against the fixed design of the same maximum. Shards count runs of one
 * side of one shard: all they ran (counted or not), against the fixed design over every shard.
 */
function spend(s: SequentialDecision): string {
  const r = s.shards;
  if (r === undefined) {
    if (s.reason === 'decided')
      return `Spent ${per(s.runs.spent)}; the fixed design of ${s.max_rounds} trials per side spends ${s.runs.fixed}: ${s.runs.saved} runs saved (${percent(s.runs.saved as number, s.runs.fixed)}).`;
    return `Spent ${per(s.runs.spent)} of the fixed design's ${s.runs.fixed}.`;
  }
  const ran = r.shards.reduce((n, x) => n + x.ran, 0);
  const uncounted = r.shards.reduce((n, x) => n + x.uncounted.baseline + x.uncounted.candidate, 0);
  const fixed = s.runs.fixed * r.shards.length;
  const saved = s.reason === 'decided' && fixed > ran ? `: ${fixed - ran} runs saved (${percent(fixed - ran, fixed)})` : '';
  return `The ${r.shards.length} shards ran ${ran} runs (a run: one side of one shard), ${ran - uncounted} of them counted; the fixed design of ${s.max_rounds} rounds spends ${fixed}${saved}.`;
}

/** The shards whose rounds ended at the common look, and why: "shard 1 (decided on its own cases)". */
function atCommonLook(s: SequentialDecision): string {
  const r = s.shards;
  if (r === undefined) return '';
  const at = r.shards.filter((x) => x.rounds === r.common).map((x) => `shard ${x.index} (${x.stop === null ? 'not stamped' : SHARD_STOP[x.stop]})`);
  return at.length === 0 ? '' : ` Stopped there: ${listOf(at)}.`;
}

/** Why the rounds ended undecided before the design's last round: never "run another round", since none follows. */
function haltedStatus(s: SequentialDecision, halted: RoundsHalt): string {
  const at = `round ${s.rounds} of at most ${s.max_rounds}`;
  const stays = 'the verdict stays inconclusive';
  if (halted === 'budget')
    return `**Stopped on the spend cap after ${at}: undecided.** Another round would have passed the cap, so ${stays}; a larger \`budget\` lets the rounds go on to a decision. ${spend(s)}`;
  if (halted === 'failed') return `**Stopped after ${at}: a side failed, undecided.** No round follows a failed one, so ${stays}. ${spend(s)}`;
  if (halted === 'common-look')
    return `**Stopped at the shards' common look, ${at}: undecided.** The shards are merged up to the fewest rounds any shard ran, so ${stays}.${atCommonLook(s)} ${spend(s)}`;
  return `**Undecided after ${at}, and no round follows** (the trials do not say why the rounds ended), so ${stays}. ${spend(s)}`;
}

function status(s: SequentialDecision): string {
  if (s.halted !== undefined) return haltedStatus(s, s.halted);
  if (s.reason === 'decided') return `**Stop: decided after round ${s.rounds} of at most ${s.max_rounds}.** ${spend(s)}`;
  if (s.reason === 'max-trials') {
    return `**Stop: undecided at the maximum of ${s.max_rounds} rounds.** ${s.shards === undefined ? `Spent ${per(s.runs.spent)}, as the fixed design would` : spend(s).slice(0, -1)}; more trials now would break the error guarantee, so the verdict stays inconclusive.`;
  }
  const more =
    s.more_rounds === null
      ? `on the current estimates no decision is in sight within ${s.max_rounds} rounds`
      : `on the current estimates about ${s.more_rounds} more round${s.more_rounds === 1 ? '' : 's'} would decide (at most ${s.max_rounds - s.rounds} remain)`;
  return `**Continue: undecided after round ${s.rounds} of at most ${s.max_rounds}; run another round** (one more trial of each side, exit code 3 until then): ${more}. Spent so far ${per(s.runs.spent)} of the fixed design's ${s.runs.fixed}.`;
}

/** "1", "1 and 2", "1, 2 and 3". */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const SHARD_STOP: Record<RoundsStop, string> = {
  decided: 'decided on its own cases',
  'max-trials': 'the last round of the design, undecided',
  budget: 'the spend cap',
  failed: 'a side failed',
};

const rangeOf = (from: number, to: number): string => (from === to ? `round ${from}` : `rounds ${from}–${to}`);

/**
 * Each shard's rounds, why it stopped, and what the common look left out: every run beyond it is
 * named here, never dropped silently.
 */
export function shardRoundsLines(r: ShardRounds): string[] {
  const rows = r.shards.map((s) => {
    const runs = s.uncounted.baseline + s.uncounted.candidate;
    const last = r.common + Math.max(s.uncounted.baseline, s.uncounted.candidate);
    return [
      `${s.index} of ${s.total}`,
      String(s.rounds),
      s.stop === null ? 'not stamped' : SHARD_STOP[s.stop],
      String(Math.min(s.rounds, r.common)),
      runs === 0 ? 'none' : `${rangeOf(r.common + 1, last)} (${runs} run${runs === 1 ? '' : 's'})`,
    ];
  });
  const left = r.shards.filter((s) => s.uncounted.baseline + s.uncounted.candidate > 0);
  const total = left.reduce((n, s) => n + s.uncounted.baseline + s.uncounted.candidate, 0);
  const which = listOf(left.map((s) => String(s.index)));
  const uncounted =
    total === 0
      ? 'Every run of every shard is counted.'
      : `**Not counted: ${total} run${total === 1 ? '' : 's'} of shard${left.length === 1 ? '' : 's'} ${which}**, after the common look.`;
  return [
    `**Shards.** Each shard ran its own interleaved rounds over its part of the cases and stopped on its own. The gate merges rounds 1–${r.common} of every shard case by case (the common look: the fewest rounds any shard ran) and judges them at round ${r.common}'s level. ${uncounted} Counting later rounds would need a look the design did not plan for every case.`,
    '',
    ...table(['Shard', 'Rounds run', 'Why its rounds stopped', 'Counted', 'Not counted'], ['right', 'right', 'left', 'right', 'left'], rows),
    '',
  ];
}

const share = (x: number): string => `${Math.round(100 * x)}%`;

/** The design `main` (the baseline from main's runs): where the baseline came from, what the rounds ran and spent, and what comes next. */
function mainStatus(s: SequentialDecision, m: MainDesignMarks): string {
  const design = `The baseline is main's ${m.main_runs} run${m.main_runs === 1 ? '' : 's'} of the suite (paid once per merge, not counted here); the candidate ran alone: round 1 every case, each later round the cases drawn for it (about ${share(m.share)} of the suite, every case at least ${share(m.floor)} of the rounds, by case, round and the key ${untrusted(m.key)}, before any of its data).`;
  const spent = `Spent ${m.case_runs} runs of cases over ${m.rounds} round${m.rounds === 1 ? '' : 's'}: ${m.spend.toFixed(2)} of one full run of both sides (${2 * m.cases} runs of cases).`;
  const at = `round ${s.rounds} of at most ${s.max_rounds}`;
  if (s.reason === 'decided') return `**Stop: decided after ${at}.** ${design} ${spent}${ignoredRounds(s, m)}`;
  if (s.reason === 'max-trials')
    return `**Stop: undecided at the maximum of ${s.max_rounds} rounds.** ${design} ${spent} More rounds now would break the error guarantee, so the verdict stays inconclusive.`;
  return `**Continue: undecided after ${at}; run another round of the candidate** on the ${m.next_cases} cases listed for it (--next-cases, BENCHGATE_CASES_FILE; exit code 3 until then). ${design} ${spent}`;
}

/** The rounds that ran after the decided look (pipeline/judge.ts judges the first decided look only). */
function ignoredRounds(s: SequentialDecision, m: MainDesignMarks): string {
  const n = m.ignored_rounds ?? 0;
  if (n === 0) return '';
  const which = n === 1 ? `Round ${s.rounds + 1}` : `Rounds ${s.rounds + 1} to ${s.rounds + n}`;
  return ` ${which} of the candidate ran after that and ${n === 1 ? 'is' : 'are'} not judged: the verdict is the first decided round's, since judging a later round would be a second chance at the same error.`;
}

export function sequentialSection(cmp: Comparison): string[] {
  const s = cmp.sequential;
  if (s === undefined) return [];
  const levels = s.looks.map((l) => `${l.round}: ${level(l.nominal)}`).join(', ');
  return [
    cmp.main_design === undefined ? '**Sequential trials**' : '**Sequential rounds of the candidate against main**',
    '',
    cmp.main_design === undefined ? status(s) : mainStatus(s, cmp.main_design),
    '',
    ...(s.shards === undefined ? [] : shardRoundsLines(s.shards)),
    `Round ${s.rounds}'s gates are judged at a one-sided level of ${level(s.nominal_alpha)} (${levelPercent(1 - s.nominal_alpha)}% confidence), so that deciding after every round and stopping at the first hold or promote keeps each overall error (a false hold, a false promote) within ${level(1 - s.confidence)}, as the fixed design at ${levelPercent(s.confidence)}% confidence does (${s.method}, Lan & DeMets 1983). Levels by round: ${levels}.`,
    '',
  ];
}
