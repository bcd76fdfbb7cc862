/**
 * The one sequential decision, used by the CLI's `--sequential`, the action's compare mode
 * and mode ab: the comparison at a look of a group-sequential design, with the hold boundary's level
 * for failures and the promote boundary's for passes (significance/sequential.ts), the clustering
 * fixed once for the whole sequence (decided on the first round's trials, so later looks do not
 * re-decide it on the data they test), and the sequential decision in the result. Without a look it
 * is the fixed design's comparison. Pure: summaries in, a new {@link Comparison} out.
 */
import { type CompareOptions, compareSummaries, type Comparison, pairTrials } from './compare.js';
import { InfrastructureClassifier } from './integrity/infrastructure.js';
import type { LoadedSummary, RewardScale, RoundsHalt, ShardRounds } from './model.js';
import { DEFAULT_THRESHOLDS } from './rlm/thresholds.js';
import { chooseCluster } from './significance/clusters.js';
import { gateData } from './significance/gate-evidence.js';
import { rewardScale } from './significance/margins.js';
import { decideSequential, haltedDecision, sequentialLevels } from './significance/sequential.js';
import { mergeTrials, rowRewards } from './trials.js';

/** A look of the design: after `round` rounds of at most `max`; `halt` when no round follows; `shards` when rounds ran in shards. */
export interface SequentialLook {
  round: number;
  max: number;
  halt?: RoundsHalt;
  shards?: ShardRounds;
}

/**
 * The comparison at `look` (null: the fixed design), `confidence` the design's overall level. The
 * options' own confidence is ignored at a look: each boundary has its level.
 */
export function compareAtLook(
  baseline: LoadedSummary,
  candidate: LoadedSummary,
  options: CompareOptions,
  look: SequentialLook | null,
  confidence: number,
): Comparison {
  if (look === null || options.decide !== 'significant') return compareSummaries(baseline, candidate, options);
  const levels = sequentialLevels(look.round, look.max, confidence);
  const cluster = firstRoundCluster(baseline, candidate, options);
  const marginScale = options.significance?.marginScale ?? sequenceScale(baseline, options);
  const cmp = compareSummaries(baseline, candidate, {
    ...options,
    significance: { ...options.significance, confidence: levels.hold, passConfidence: levels.promote, cluster, marginScale },
  });
  if (cmp.significance === null) return cmp;
  const decision = decideSequential(cmp.verdict, cmp.significance.gates, look.round, look.max, confidence);
  return {
    ...cmp,
    sequential: { ...(look.halt === undefined ? decision : haltedDecision(decision, look.halt)), ...(look.shards ? { shards: look.shards } : {}) },
  };
}

/**
 * The clustering of the sequence: a chosen field or none as given; `auto` decided on the first trial
 * of each side (the first round), which every look of the sequence shares.
 */
function firstRoundCluster(baseline: LoadedSummary, candidate: LoadedSummary, options: CompareOptions): string {
  const choice = options.significance?.cluster ?? 'auto';
  if (choice !== 'auto') return choice;
  const b = mergeTrials('baseline', [options.trials?.baseline[0] ?? baseline]);
  const c = mergeTrials('candidate', [options.trials?.candidate[0] ?? candidate]);
  const paired = pairTrials(b, c);
  const data = gateData(paired, options.thresholds ?? DEFAULT_THRESHOLDS).filter((d) => d.gate !== 'completion_regressions');
  return chooseCluster(paired, 'auto', data).field ?? 'none';
}

/**
 * The reward scale a relative margin is a share of, fixed for the whole sequence: under the design
 * `main` from main's runs (every look reads the same ones), else from the baseline's first trial
 * (the first round), so a look's margin does not move with the trials added since. Baseline only.
 */
function sequenceScale(baseline: LoadedSummary, options: CompareOptions): RewardScale {
  const runs = options.trials?.baseline ?? [baseline];
  // The rows the comparison leaves out as not measured (infrastructure failures) are left out here too.
  const classifier = new InfrastructureClassifier(options.infrastructure);
  return rewardScale(rowRewards(options.main !== undefined ? runs : runs.slice(0, 1), (p) => classifier.rowsOf(p)));
}
