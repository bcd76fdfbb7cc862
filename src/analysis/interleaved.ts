/**
 * Interleaved rounds (mode ab) at the gate, which sees only the artifacts: the stamps a job puts on
 * every trial, the look one job's rounds are judged at, and shards of rounds merged at their common
 * look. Pure.
 *
 * Shards: each shard job runs its own rounds over its part of the cases and stops on its own
 * sequential decision (or the cap, the maximum, a failed side). The gate merges rounds 1..k* of
 * every shard case by case, k* the fewest rounds any shard ran, and decides at look k* of the
 * design (its level α_k*). Valid because under the null, rejecting at a look τ chosen by the data
 * (here the round a shard's own stopping picked) lies within "the merged statistic crosses its
 * boundary at some look ≤ K", which the spending design holds to α. Rounds after k* are not
 * counted: for the cases of the shards that stopped at k* they would be a look the design never
 * planned. They are reported, never dropped silently.
 */
import type { SummaryHead } from '../schema/loaded.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { commandFailure, type FindingDraft } from './integrity/findings.js';
import { ROUNDS_STOPS, type RoundsStop, type ShardRounds } from './model.js';
import { mergeShards, SHARD_KEYS } from './shards.js';

/** The metadata keys mode ab stamps on each trial, besides the run mode's. */
export const AB_STAMPS = {
  /** The round of the trial, 1-based. */
  round: 'ab.round',
  /** The design's maximum number of rounds. */
  maxRounds: 'ab.max_rounds',
  /** 1 when the side ran first in its round, 2 when second. */
  position: 'ab.position',
  /** Why the job's rounds ended (RoundsStop), on every counted trial: known only after the last round. */
  stop: 'ab.stop',
} as const;

const num = (s: SummaryHead, key: string): number | null => (typeof s.metadata[key] === 'number' ? (s.metadata[key] as number) : null);

/** The stop a trial is stamped with; null when absent or not one benchgate writes. */
export function stopOf(s: SummaryHead): RoundsStop | null {
  const v = s.metadata[AB_STAMPS.stop];
  return ROUNDS_STOPS.find((x) => x === v) ?? null;
}

/** True when the trial was run by mode ab (it carries the design's maximum). */
export function isRound(s: SummaryHead): boolean {
  return num(s, AB_STAMPS.maxRounds) !== null;
}

/** The look of a pair of sides: both ran rounds 1..k of one design of at most `max`; null when they are not such trials. */
export function abLook(baseline: readonly SummaryHead[], candidate: readonly SummaryHead[]): { round: number; max: number; stop: RoundsStop | null } | null {
  if (baseline.length === 0 || baseline.length !== candidate.length) return null;
  const max = baseline[0]?.metadata[AB_STAMPS.maxRounds];
  if (typeof max !== 'number') return null;
  for (const side of [baseline, candidate]) {
    const rounds = side.map((s) => s.metadata[AB_STAMPS.round]);
    if (side.some((s) => s.metadata[AB_STAMPS.maxRounds] !== max)) return null;
    if (rounds.some((r, i) => r !== i + 1)) return null;
  }
  const stops = new Set([...baseline, ...candidate].map(stopOf));
  return { round: baseline.length, max, stop: stops.size === 1 ? ([...stops][0] as RoundsStop | null) : null };
}

/** One shard artifact of a role: its trials in order (summary.json, then summary.trial-2.json, …). */
export interface ShardTrials {
  artifact: string;
  trials: BenchmarkSummary[];
}

export interface MergedRounds {
  /** Round r (1..common) of each role: every shard's trial r merged into one run. */
  rounds: { baseline: BenchmarkSummary[]; candidate: BenchmarkSummary[] };
  /** The design's maximum (the first shard's stamp; a shard that disagrees gives a finding). */
  max: number;
  shards: ShardRounds;
  drafts: FindingDraft[];
}

type Role = 'baseline' | 'candidate';

/** What first keeps a role's shard from being rounds 1..n of the design of at most `max`; [] when nothing does. */
function roundProblems(role: Role, shard: ShardTrials, max: number): string[] {
  const index = shard.trials[0] === undefined ? null : num(shard.trials[0], SHARD_KEYS.index);
  const which = `the ${role}'s shard ${index ?? `artifact ${shard.artifact}`}`;
  for (const [i, t] of shard.trials.entries()) {
    if (!isRound(t)) return [`${which} trial ${i + 1} is not an interleaved round (no ${AB_STAMPS.round} / ${AB_STAMPS.maxRounds})`];
    if (num(t, AB_STAMPS.maxRounds) !== max)
      return [`${which} ran a design of at most ${num(t, AB_STAMPS.maxRounds)} rounds, another shard ${max} (${AB_STAMPS.maxRounds})`];
    if (num(t, AB_STAMPS.round) !== i + 1) return [`${which} trial ${i + 1} is stamped ${AB_STAMPS.round} ${String(t.metadata[AB_STAMPS.round])}`];
  }
  return [];
}

/** Each shard index of either role, with that role's trials (undefined: the role has no artifact of it). */
function byIndex(baseline: readonly ShardTrials[], candidate: readonly ShardTrials[]): Map<number, Partial<Record<Role, ShardTrials>>> {
  const out = new Map<number, Partial<Record<Role, ShardTrials>>>();
  for (const [role, shards] of [
    ['baseline', baseline],
    ['candidate', candidate],
  ] as const)
    for (const s of shards) {
      const index = s.trials[0] === undefined ? null : num(s.trials[0], SHARD_KEYS.index);
      if (index === null) continue; // mergeShards says it is not stamped as a shard
      out.set(index, { ...out.get(index), [role]: s });
    }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** The stop a shard's trials agree on (both roles); null when unstamped or they disagree. */
function shardStop(parts: Partial<Record<Role, ShardTrials>>): { stop: RoundsStop | null; mixed: boolean } {
  const stops = new Set([...(parts.baseline?.trials ?? []), ...(parts.candidate?.trials ?? [])].map(stopOf));
  return stops.size === 1 ? { stop: [...stops][0] as RoundsStop | null, mixed: false } : { stop: null, mixed: true };
}

/**
 * Both roles' shards of interleaved rounds merged at their common look: round r of a role is every
 * shard's trial r merged (mergeShards, with its coverage finding), for r up to the fewest trials of
 * any shard artifact. Shards of different designs or wrongly numbered rounds give a `shard-coverage`
 * finding (it holds); a failed trial after the common look gives `command-failed`, since not counting
 * it must not hide it.
 */
export function mergeShardRounds(baseline: readonly ShardTrials[], candidate: readonly ShardTrials[]): MergedRounds {
  const all = [...baseline, ...candidate];
  if (baseline.length === 0 || candidate.length === 0 || all.some((s) => s.trials.length === 0))
    throw new RangeError('mergeShardRounds needs at least one shard per role and one trial per shard');
  const stamped = all.flatMap((s) => s.trials).find(isRound);
  const max = stamped === undefined ? 0 : (num(stamped, AB_STAMPS.maxRounds) as number);
  const common = Math.min(...all.map((s) => s.trials.length));
  const drafts: FindingDraft[] = [];
  const problems = {
    baseline: baseline.flatMap((s) => roundProblems('baseline', s, max)),
    candidate: candidate.flatMap((s) => roundProblems('candidate', s, max)),
  };
  const rows: ShardRounds['shards'] = [];
  for (const [index, parts] of byIndex(baseline, candidate)) {
    const n = { baseline: parts.baseline?.trials.length ?? 0, candidate: parts.candidate?.trials.length ?? 0 };
    const { stop, mixed } = shardStop(parts);
    if (mixed)
      drafts.push({
        code: 'shard-coverage',
        side: null,
        message: `The trials of shard ${index} disagree on why its rounds stopped (${AB_STAMPS.stop}): they are not the rounds of one job.`,
        case_ids: [],
      });
    const first = (parts.baseline ?? parts.candidate)?.trials[0] as BenchmarkSummary;
    rows.push({
      index,
      total: num(first, SHARD_KEYS.total) ?? 0,
      rounds: Math.min(n.baseline, n.candidate),
      ran: n.baseline + n.candidate,
      stop,
      uncounted: { baseline: Math.max(0, n.baseline - common), candidate: Math.max(0, n.candidate - common) },
    });
    for (const role of ['baseline', 'candidate'] as const)
      (parts[role]?.trials ?? []).slice(common).forEach((t, i) => {
        const failed = commandFailure(t.metadata);
        if (failed !== null)
          drafts.push({
            code: 'command-failed',
            side: role,
            message: `The ${role} suite of shard ${index} ${failed} in round ${common + i + 1}, after the common look (round ${common}): that round is not counted, and the failure holds the gate.`,
            case_ids: [],
          });
      });
  }
  for (const role of ['baseline', 'candidate'] as const)
    if (problems[role].length > 0)
      drafts.push({
        code: 'shard-coverage',
        side: role,
        message: `The ${role}'s shards cannot be merged round by round: ${problems[role].join('; ')}.`,
        case_ids: [],
      });
  const merge = (role: Role, shards: readonly ShardTrials[]): BenchmarkSummary[] =>
    Array.from({ length: common }, (_, r) => {
      const merged = mergeShards(
        role,
        shards.map((s) => ({ artifact: s.artifact, summary: s.trials[r] as BenchmarkSummary })),
      );
      drafts.push(...merged.drafts);
      // A merged round is no one shard's: it says its round and design, not the first shard's stop.
      merged.summary.metadata = { ...merged.summary.metadata, [AB_STAMPS.round]: r + 1, [AB_STAMPS.maxRounds]: max, [AB_STAMPS.stop]: null };
      return merged.summary;
    });
  const rounds = { baseline: merge('baseline', baseline), candidate: merge('candidate', candidate) };
  const seen = new Set<string>();
  const unique = drafts.filter((d) => {
    const key = `${d.code}\u0000${d.side}\u0000${d.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return { rounds, max, shards: { common, shards: rows }, drafts: unique };
}
