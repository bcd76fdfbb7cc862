/**
 * The one pipeline that makes verdicts. The CLI's compare, every action mode that judges (compare,
 * publish, ab's rounds) and the calibration tools call {@link judge} with the sides as loaded and the
 * policy, and get back the finished comparison: the trials (a file of repeated attempts split), the
 * noise profile chosen, the cases it settles, the comparison at the design's look with its statistics,
 * the noise marks, the regressed cases' evidence and the verdict. Nothing outside this module and the
 * analysis it calls computes or changes a verdict (an architecture test keeps it so): the callers
 * render and publish what it returns. What used to override a verdict afterwards (a failed suite job,
 * a summary of the wrong provenance) comes in as {@link JudgeInput.problems} and is a blocking
 * finding like any other.
 */
import type { LoadOptions } from '../adapters/registry.js';
import { applyAcceptances } from '../analysis/acceptance/apply.js';
import { acceptancesInForce } from '../analysis/acceptance/ledger.js';
import type { AcceptanceEvent } from '../analysis/acceptance/model.js';
import type { Comparison } from '../analysis/compare.js';
import type { RUN_PROBLEM_CODES } from '../analysis/integrity/findings.js';
import { type FindingDraft } from '../analysis/integrity/findings.js';
import { abLook } from '../analysis/interleaved.js';
import { type MainDesignRule, type MainRecord, type MainRounds, mainRoundsOf, measuredAt } from '../analysis/main-design.js';
import type { LoadedSummary, NoiseProfile, RoundsHalt, ShardRounds } from '../analysis/model.js';
import { onMainOptions } from '../analysis/noise/profile.js';
import { chooseProfile, noiseMarksOf, type ProfileChoice } from '../analysis/noise/profile-set.js';
import type { SettledRounds } from '../analysis/noise/settled.js';
import { compareAtLook, type SequentialLook } from '../analysis/sequential-compare.js';
import { mergeTrials } from '../analysis/trials.js';
import { attemptTrials } from '../load/attempts.js';
import { gatherEvidence } from '../load/evidence.js';
import { settledByProfile } from '../load/noise-profile.js';
import { compareOptionsOf, type GatePolicy } from '../policy/policy.js';
import { ageHours } from '../policy/values.js';

export interface Sides<T> {
  baseline: T;
  candidate: T;
}

/**
 * The design the sides were measured under, and so the look they are judged at (significant only;
 * under point every look is the fixed design's):
 * - `fixed`: one comparison of everything given;
 * - `sequential`: round `round` of at most `max` (the CLI's --sequential, mode ab's rounds as they run);
 * - `stamped`: the rounds mode ab stamped on the trials, if they are such (the gate, after the job);
 * - `shards`: shards of rounds merged at their common look;
 * - `main`: the baseline is main's runs (every file given), the candidate ran alone in rounds of at
 *   most `max`, each round after the first running the cases drawn for it under `rule` with `key`
 *   (analysis/main-design.ts).
 */
export type Design =
  | { kind: 'fixed' }
  | { kind: 'sequential'; round: number; max: number; halt?: RoundsHalt }
  | { kind: 'stamped' }
  | { kind: 'shards'; max: number; shards: ShardRounds }
  | { kind: 'main'; max: number; key: string; rule: MainDesignRule };

/** The noise profiles of the suite (a file of several fingerprints: the one that fits is chosen), or a choice already made (mode ab chooses on round 1). */
export type NoiseSource = { file: string; profiles: readonly NoiseProfile[] } | { file: string; choice: ProfileChoice | null };

/** Where the regressed cases' evidence is read again from: each side's files (the first row found wins) and how they were read. */
export interface EvidenceSource {
  files: Sides<string | readonly string[]>;
  load: Sides<LoadOptions>;
  /** Read a large pair's rows again (the CLI's --evidence); see gatherEvidence. */
  reread?: boolean;
  /** Given: a problem reading the evidence is passed here and the verdict stands (the action); absent: it is thrown (the CLI). */
  tolerate?: (error: Error) => void;
}

/** A problem of the run that holds the verdict (RUN_PROBLEM_CODES), in benchgate's words, markdown-safe. */
export interface RunProblem {
  code: (typeof RUN_PROBLEM_CODES)[number];
  message: string;
}

export interface JudgeInput {
  /** Each side's runs as loaded, in order: one file, repeated trials, or rounds. */
  runs: Sides<readonly LoadedSummary[]>;
  /** How the reports name each side's first run, when not by its path (an artifact's label). */
  names?: Sides<string>;
  policy: GatePolicy;
  design: Design;
  /** Findings the caller made while loading (shards' coverage, the regression budget). */
  findings?: readonly FindingDraft[];
  /**
   * What holds the verdict besides the comparison, in benchgate's words (markdown-safe): a suite job
   * that did not succeed, a summary whose stamps say it is not what it is used as. Each is a
   * blocking finding no configuration allows.
   */
  problems?: readonly RunProblem[];
  noise?: NoiseSource | null;
  evidence?: EvidenceSource | null;
  /**
   * What reviewers did with `/benchgate accept` and `revoke` on this pull request, in order
   * (analysis/acceptance/ledger.ts): the acceptances in force, unexpired at `now`, take the
   * regressions they cover out of the verdict (analysis/acceptance/apply.ts). Absent or empty: none.
   */
  acceptances?: readonly AcceptanceEvent[];
  /** The time the noise marks measure the profile's age at, and acceptances expire at (ISO 8601); default now. */
  now?: string;
}

export interface Judgement {
  comparison: Comparison;
  /** The trials judged (attempts split, rounds merged), the first of each side the one the reports name. */
  trials: Sides<LoadedSummary[]>;
  /** The noise profile chosen, or null without one. */
  choice: ProfileChoice | null;
  /** The cases the profile settles at this look (rounds only), or null. */
  settled: SettledRounds | null;
  /** Under the design `main`: its draws, the next round's cases and what the rounds missed; else null. */
  main: MainRounds | null;
}

/**
 * The trials of one side: under significant, one file of a benchmark that repeats each task
 * (tau-bench's trials, terminal-bench's attempts) is that many trials (load/attempts.ts), unless the
 * runs are rounds of a sequential design (each file is one round). The first is named as the reports
 * name it.
 */
function trialsOf(runs: readonly LoadedSummary[], name: string | undefined, policy: GatePolicy, design: Design): LoadedSummary[] {
  const [first, ...rest] = runs;
  if (first === undefined) throw new Error('judge: a side with no run');
  const named = name === undefined ? first : { ...first, path: name };
  const rounds = design.kind === 'sequential' || design.kind === 'shards' || design.kind === 'main';
  const attempts = policy.decide === 'significant' && !rounds && rest.length === 0 ? attemptTrials(named) : null;
  // The first trial keeps its loaded path (what evidence and labels of trials read); the reports name `named`.
  return attempts ?? [first, ...rest];
}

/** The look the sides are judged at, or null for the fixed design (and always under point). */
function lookOf(design: Design, trials: Sides<LoadedSummary[]>, policy: GatePolicy): SequentialLook | null {
  if (policy.decide !== 'significant') return null;
  switch (design.kind) {
    case 'fixed':
      return null;
    case 'sequential':
      return { round: design.round, max: design.max, ...(design.halt === undefined ? {} : { halt: design.halt }) };
    case 'shards':
      return { round: design.shards.common, max: design.max, halt: shardsHalt(design.shards), shards: design.shards };
    case 'main':
      return { round: trials.candidate.length, max: design.max };
    case 'stamped': {
      // One interleaved job's rounds, judged at the look they stopped at; why they ended when the design would go on.
      const look = abLook(
        trials.baseline.map((t) => t.summary),
        trials.candidate.map((t) => t.summary),
      );
      if (look === null) return null;
      return { round: look.round, max: look.max, halt: look.stop === 'budget' || look.stop === 'failed' ? look.stop : 'unknown' };
    }
  }
}

/** Why merged shards end at their common look: the cap or a failure when every shard that stopped there says so, else the common look itself. */
function shardsHalt(r: ShardRounds): RoundsHalt {
  const stops = new Set(r.shards.filter((s) => s.rounds === r.common).map((s) => s.stop));
  const only = stops.size === 1 ? [...stops][0] : null;
  return only === 'budget' || only === 'failed' ? only : 'common-look';
}

function choiceOf(noise: NoiseSource | null | undefined, trials: Sides<LoadedSummary[]>): ProfileChoice | null {
  if (noise === null || noise === undefined) return null;
  return 'choice' in noise ? noise.choice : chooseProfile(noise.profiles, trials);
}

/**
 * The sides judged under the policy: the one way benchgate reaches a verdict.
 *
 * Under the design `main` the candidate's rounds are judged look by look, from round 1: the first
 * look that decides (promote or hold) is the verdict, and rounds run after it are not judged. The
 * group-sequential guarantee (Lan & DeMets 1983) holds for the rule "stop at the first boundary
 * crossed"; a round judged after a decided look would be a second chance at the same error (a hold
 * re-run until it promotes). Whoever ran the rounds (a pull request's own jobs, a user's loop) chose
 * how many to run, so the replay is what keeps the rule: more rounds than needed change nothing,
 * fewer leave the verdict undecided.
 */
export function judge(input: JudgeInput): Judgement {
  const { design } = input;
  if (design.kind === 'main' && input.policy.decide === 'significant' && input.runs.candidate.length > 1) {
    const rounds = input.runs.candidate;
    for (let r = 1; r < rounds.length; r++) {
      const look = judgeAtLook({ ...input, runs: { baseline: input.runs.baseline, candidate: rounds.slice(0, r) } });
      if (look.comparison.verdict === 'inconclusive') continue;
      const marks = look.comparison.main_design;
      if (marks !== undefined) marks.ignored_rounds = rounds.length - r;
      return look;
    }
  }
  return judgeAtLook(input);
}

/** The sides judged at the look the design and the runs give (no replay of earlier looks). */
function judgeAtLook(input: JudgeInput): Judgement {
  const { policy, design } = input;
  const now = input.now ?? new Date().toISOString();
  const trials: Sides<LoadedSummary[]> = {
    baseline: trialsOf(input.runs.baseline, input.names?.baseline, policy, design),
    candidate: trialsOf(input.runs.candidate, input.names?.candidate, policy, design),
  };
  const reported: Sides<LoadedSummary> = {
    baseline: reportedRun(trials.baseline, input.names?.baseline),
    candidate: reportedRun(trials.candidate, input.names?.candidate),
  };
  const choice = choiceOf(input.noise, trials);
  const profile = choice?.profile ?? null;
  const look = lookOf(design, trials, policy);
  const findings: FindingDraft[] = [
    ...(input.findings ?? []),
    ...(input.problems ?? []).map((p): FindingDraft => ({ code: p.code, side: null, message: p.message, case_ids: [] })),
  ];
  const main = design.kind === 'main' ? mainRoundsOfTrials(trials, design) : null;
  if (main !== null && main.missing.length > 0) findings.push(missingDraft(main));
  const stale = main === null ? null : staleDraft(trials.baseline, policy.config.main_max_age, now);
  if (stale !== null) findings.push(stale);
  const options = compareOptionsOf(policy, { trials, findings });
  // At a look of rounds, the cases the profile settled ran the first round(s) only (analysis/noise/settled.ts).
  const settled = look === null || main !== null ? null : settledByProfile(profile, trials, options.settleShare);
  const comparison = compareAtLook(
    reported.baseline,
    reported.candidate,
    {
      ...options,
      ...(settled === null ? {} : { settled: settled.settled }),
      ...(main === null ? {} : { settled: main.drawnOut, main: { rounds: main.round } }),
      ...onMainOptions(profile, trials),
    },
    look,
    policy.confidence,
  );
  if (main !== null) markMain(comparison, main, design as Extract<Design, { kind: 'main' }>);
  if (choice !== null && input.noise) comparison.noise = noiseMarksOf(comparison, choice, input.noise.file, now, settled);
  if (input.evidence) comparison.evidence = evidenceOf(comparison, input.evidence);
  // Last: an acceptance covers the regressions of the finished comparison, and the verdict is decided again.
  if (input.acceptances !== undefined) applyAcceptances(comparison, acceptancesInForce(input.acceptances), now);
  return { comparison, trials, choice, settled, main };
}

/** The design's draws for the trials judged: main's record of each case from its runs, the candidate's rounds as they ran. */
function mainRoundsOfTrials(trials: Sides<LoadedSummary[]>, design: Extract<Design, { kind: 'main' }>): MainRounds {
  if (trials.candidate.length > design.max)
    throw new RangeError(`judge: ${trials.candidate.length} rounds of the candidate, more than the design's ${design.max}`);
  const merged = mergeTrials('baseline', trials.baseline, undefined, new Set(trials.baseline.flatMap((t) => t.rows.ids)));
  const records = new Map<string, MainRecord>();
  merged.ids.forEach((id, k) => records.set(id, { runs: merged.evidence.trials[k] as number, passed: merged.evidence.successes[k] as number }));
  return mainRoundsOf(
    records,
    trials.candidate.map((t) => t.rows.ids),
    design.rule,
    design.key,
    trials.baseline.length,
  );
}

/**
 * main_max_age under design main: main's runs measured longer ago than that (the oldest of them, to
 * `now`) measured a world (a provider's model, a dataset behind an API) that may have moved since,
 * and docs/statistics.md shows what 2 points of such drift do to the error rates; so they hold the
 * verdict. A run that records no time is of unknown age, which is not shown to be within the limit.
 */
function staleDraft(main: readonly LoadedSummary[], limit: number | string | undefined, now: string): FindingDraft | null {
  if (limit === undefined) return null;
  const hours = ageHours(limit);
  const times = main.map((run) => measuredAt(run.summary));
  const message = (why: string): FindingDraft => ({
    code: 'stale-baseline',
    side: 'baseline',
    message: `${why}; main_max_age is ${typeof limit === 'number' ? `${limit}h` : limit}. Measure main's runs again: run the gate workflow on the default branch at the pull request's base commit (push, or workflow_dispatch or schedule while it is the branch's head), or update the pull request onto a newer commit that has them; then push to the pull request, since a re-run of this workflow run judges against main's runs that had finished when it was created.`,
    case_ids: [],
  });
  const unknown = times.filter((t) => t === null).length;
  if (unknown > 0) return message(`${unknown} of main's ${main.length} runs record no time they were measured, so their age is unknown`);
  const oldest = Math.min(...(times as number[]));
  const age = (Date.parse(now) - oldest) / 36e5;
  if (age <= hours) return null;
  const shown = age >= 48 ? `${Math.floor(age / 24)} days` : `${Math.floor(age)} hours`;
  return message(`main's runs were measured ${shown} ago (the oldest at ${new Date(oldest).toISOString()})`);
}

/** Cases drawn for a round that the round does not have: its trials would be the ones the suite chose, so the verdict holds. */
function missingDraft(main: MainRounds): FindingDraft {
  const shown = main.missing.slice(0, 5).map((m) => `${m.id} (round ${m.round})`);
  const more = main.missing.length > shown.length ? `, and ${main.missing.length - shown.length} more` : '';
  return {
    code: 'partial-trials',
    side: 'candidate',
    message: `${main.missing.length} case${main.missing.length === 1 ? ' was' : 's were'} drawn for a round of the candidate that did not run ${main.missing.length === 1 ? 'it' : 'them'}: ${shown.join(', ')}${more}. Each round must run every case of its list (BENCHGATE_CASES_FILE, --next-cases).`,
    case_ids: main.missing.map((m) => m.id),
  };
}

/** What the comparison says of the design: main's runs, the rounds, the draws and the candidate's spend. */
function markMain(cmp: Comparison, main: MainRounds, design: Extract<Design, { kind: 'main' }>): void {
  const cases = main.ids.length;
  cmp.main_design = {
    main_runs: main.mainRuns,
    rounds: main.round,
    max_rounds: design.max,
    share: design.rule.share,
    floor: design.rule.floor,
    key: design.key,
    cases,
    case_runs: main.caseRuns,
    spend: cases === 0 ? 0 : main.caseRuns / (2 * cases),
    next_cases: main.next.length,
  };
  // The sequential decision counts the candidate's rounds: main's runs are paid once, apart.
  const seq = cmp.sequential;
  if (seq !== undefined && seq !== null) seq.runs = { spent: main.round, fixed: design.max, saved: seq.stop ? design.max - main.round : null };
}

/** The run the reports name: the first trial, by its name when given (an attempt split keeps the name it was split from). */
function reportedRun(trials: LoadedSummary[], name: string | undefined): LoadedSummary {
  const first = trials[0] as LoadedSummary;
  return name === undefined || first.path.startsWith(`${name}#attempt-`) ? first : { ...first, path: name };
}

/** The regressed cases' evidence (load/evidence.ts): read again from the files only when a case regressed. */
function evidenceOf(cmp: Comparison, source: EvidenceSource): Comparison['evidence'] {
  try {
    return gatherEvidence(cmp, source.files, source.load, source.reread ?? true);
  } catch (error) {
    if (source.tolerate === undefined) throw error;
    source.tolerate(error as Error);
    return undefined;
  }
}
