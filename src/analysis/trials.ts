/**
 * Repeated trials: several runs of the same suite on one side, merged by case id into per-case
 * evidence (trials, successes, mean reward and steps), with pass@k and pass^k, and an exact per-case
 * test of whether a drop in success rate is beyond that case's own noise. Pure: no I/O.
 */
import { normalize } from 'node:path';

import { UsageError } from '../errors.js';
import type { PackedSummary } from '../schema/pack.js';
import { completedAt, rewardAt, stepsAt } from '../schema/packed-rows.js';
import type { FindingDraft } from './integrity/findings.js';
import type { NotMeasured } from './integrity/infrastructure.js';
import type { LoadedSummary } from './model.js';
import { type CaseEvidence, type EvidenceColumns, type TrialLabels } from './model.js';
import { evidenceColumns } from './paired-cases.js';
import { compareCodePoints } from './rlm/pair.js';

/** One side's runs merged by case id. */
export interface TrialSide {
  side: 'baseline' | 'candidate';
  /** The files, in the order given. */
  paths: string[];
  /** The number of runs (files). */
  trials: number;
  /** The case ids, each once, in first-seen order (a single run's own array, not a copy). */
  ids: readonly string[];
  /** True when the ids are known to be in code-point order (a single run that lists them so); false when unknown. */
  sorted: boolean;
  /** labels[i]: the first trial's labels of case ids[i] (labels that differ between trials are not an error). */
  labels: TrialLabels[];
  /** Column index i: the trials of case ids[i]. */
  evidence: EvidenceColumns;
  drafts: FindingDraft[];
}

/** Throws a UsageError for a file given twice or runs of different presets. */
function checkRuns(side: 'baseline' | 'candidate', runs: readonly LoadedSummary[]): void {
  const seen = new Map<string, string>();
  for (const r of runs) {
    const key = normalize(r.path);
    const before = seen.get(key);
    if (before !== undefined) {
      const also = before === r.path ? '' : ` (also as ${before})`;
      throw new UsageError(`${r.path} is given twice as a ${side} trial${also}; give each trial's file once`);
    }
    seen.set(key, r.path);
  }
  const first = runs.find((r) => r.summary.run.preset !== null);
  if (first === undefined) return;
  const a = first.summary.run.preset as string;
  for (const r of runs) {
    const b = r.summary.run.preset;
    if (b !== null && b !== a) {
      throw new UsageError(
        `the ${side} files ${first.path} and ${r.path} are trials of different presets: ${first.path} has preset ${JSON.stringify(a)}, ` +
          `${r.path} has ${JSON.stringify(b)}; give the runs of one suite per side`,
      );
    }
  }
}

/**
 * The labels of case i of a packed run, read from its dictionary columns. Cases with the same labels
 * share one (never modified) object: a suite has few distinct combinations, and 100,000 cases would
 * otherwise allocate 100,000 copies of them.
 */
function labelMaker(p: PackedSummary): (i: number) => TrialLabels {
  type Column = PackedSummary['columns']['mode'];
  const builtIn: readonly string[] = ['environment', 'task_family', 'domain', 'split', 'length_bucket'];
  const columns: [string, Column][] = [
    ...builtIn.map((name): [string, Column] => [name, p.columns[name as keyof PackedSummary['columns']]]),
    ...Object.entries(p.fields.labels).filter(([name]) => !builtIn.includes(name)),
  ];
  const make = (i: number): TrialLabels => {
    const labels = {} as TrialLabels;
    for (const [name, column] of columns) labels[name] = column.values[column.index[i] as number] ?? null;
    return labels;
  };
  // A case's codes as one number (when the product of the dictionary sizes is a safe integer).
  let span = 1;
  for (const [, column] of columns) span *= Math.max(1, column.values.length);
  if (!Number.isSafeInteger(span)) return make;
  const shared = new Map<number, TrialLabels>();
  return (i) => {
    let key = 0;
    for (const [, column] of columns) key = key * Math.max(1, column.values.length) + (column.index[i] as number);
    let labels = shared.get(key);
    if (labels === undefined) shared.set(key, (labels = make(i)));
    return labels;
  };
}

const NO_ROWS: NotMeasured = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

/**
 * Every measured row's reward over the runs, each trial's row on its own (a row `notMeasured` left
 * out): the values a reward margin's scale is read from (significance/margins.ts). Rows, not the
 * per-case means: a mean over trials lies between a row's values, so the means of 3 trials of a
 * 1.0/0.0 reward span less than the reward does.
 */
export function rowRewards(runs: readonly LoadedSummary[], notMeasured: (p: PackedSummary) => NotMeasured = () => NO_ROWS): Float64Array {
  let n = 0;
  for (const r of runs) n += r.rows.ids.length;
  const out = new Float64Array(n);
  let k = 0;
  for (const r of runs) {
    const p = r.rows;
    const skip = notMeasured(p);
    for (let i = 0; i < p.ids.length; i++) if (!skip.has(i)) out[k++] = rewardAt(p, i);
  }
  return out.subarray(0, k);
}

/** Case i of a packed run as one trial: its success (1 or 0). */
const successOf = (p: PackedSummary, i: number): number => (completedAt(p, i) ? 1 : 0);

/**
 * Merges the runs of one side by case id; they must be distinct files of the same preset (a null
 * preset matches any). A case's trials are the files that have it; a case missing from some files
 * gives one `partial-trials` draft for the side, unless it is `settled` (left out of later rounds on
 * purpose: noise/settled.ts). Reads the packed form, so large files stay fast.
 */
export function mergeTrials(
  side: 'baseline' | 'candidate',
  runs: readonly LoadedSummary[],
  notMeasured: (p: PackedSummary) => NotMeasured = () => NO_ROWS,
  settled: ReadonlySet<string> = NO_IDS,
): TrialSide {
  if (runs.length === 0) throw new RangeError(`mergeTrials(${side}) needs at least one run`);
  checkRuns(side, runs);
  const first = runs.length === 1 ? (runs[0] as LoadedSummary).rows : null;
  if (first !== null && notMeasured(first).size === 0) {
    // One run: its ids are unique (checked when it was read), so no map is needed to merge them.
    const p = first;
    const n = p.ids.length;
    const labelsOf = labelMaker(p);
    const evidence = evidenceColumns(n);
    const labels: TrialLabels[] = new Array<TrialLabels>(n);
    evidence.trials.fill(1);
    for (let i = 0; i < n; i++) {
      evidence.successes[i] = successOf(p, i);
      evidence.reward[i] = rewardAt(p, i);
      evidence.steps[i] = stepsAt(p, i);
      labels[i] = labelsOf(i);
    }
    return { side, paths: [(runs[0] as LoadedSummary).path], trials: 1, ids: p.ids, sorted: p.sortedIds, labels, evidence, drafts: [] };
  }
  // Sums per case id (in first-seen order) until every run is in; divided into means below.
  const at = new Map<string, number>();
  // Runs that list a case (measured or not): a case not measured in a trial is not a partial trial.
  const listed: number[] = [];
  const ids: string[] = [];
  const labels: TrialLabels[] = [];
  const trials: number[] = [];
  const successes: number[] = [];
  const reward: number[] = [];
  const steps: number[] = [];
  for (const r of runs) {
    const p = first ?? r.rows;
    const labelsOf = labelMaker(p);
    const skip = notMeasured(p);
    p.ids.forEach((id, i) => {
      const k = at.get(id);
      const measured = !skip.has(i);
      if (k === undefined) {
        at.set(id, ids.length);
        ids.push(id);
        labels.push(labelsOf(i));
        listed.push(1);
        trials.push(measured ? 1 : 0);
        successes.push(measured ? successOf(p, i) : 0);
        reward.push(measured ? rewardAt(p, i) : 0);
        steps.push(measured ? stepsAt(p, i) : 0);
      } else if (!measured) {
        listed[k]!++;
      } else {
        listed[k]!++;
        trials[k]!++;
        successes[k]! += successOf(p, i);
        reward[k]! += rewardAt(p, i);
        steps[k]! += stepsAt(p, i);
      }
    });
  }
  const partial: string[] = [];
  for (let k = 0; k < ids.length; k++) {
    const t = trials[k] as number;
    if (t > 1) {
      reward[k]! /= t;
      steps[k]! /= t;
    }
    if ((listed[k] as number) < runs.length && !settled.has(ids[k] as string)) partial.push(ids[k] as string);
  }
  const drafts: FindingDraft[] = [];
  if (partial.length > 0) {
    const one = partial.length === 1;
    drafts.push({
      code: 'partial-trials',
      side,
      message:
        `${partial.length} ${one ? 'case' : 'cases'} of the ${side} side ${one ? 'is' : 'are'} in some of its ${runs.length} trials only ` +
        `(${one ? 'it is' : 'they are'} compared over the trials that have ${one ? 'it' : 'them'}).`,
      case_ids: partial.sort(compareCodePoints),
    });
  }
  // A case measured in no trial (every row of it not measured) is left out: it has no evidence.
  const kept: number[] = [];
  for (let k = 0; k < ids.length; k++) if ((trials[k] as number) > 0) kept.push(k);
  const pick = <T>(xs: readonly T[]): T[] => (kept.length === ids.length ? (xs as T[]) : kept.map((k) => xs[k] as T));
  const evidence = {
    trials: Float64Array.from(pick(trials)),
    successes: Float64Array.from(pick(successes)),
    reward: Float64Array.from(pick(reward)),
    steps: Float64Array.from(pick(steps)),
  };
  return { side, paths: runs.map((r) => r.path), trials: runs.length, ids: pick(ids), sorted: false, labels: pick(labels), evidence, drafts };
}

function checkK(name: string, n: number, c: number, k: number): void {
  if (!(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && c >= 0 && c <= n && k >= 1 && k <= n)) {
    throw new RangeError(`${name} needs integers 0 <= c <= n and 1 <= k <= n, got n=${n} c=${c} k=${k}`);
  }
}

/**
 * pass@k, the unbiased estimator 1 − C(n−c, k)/C(n, k) (Chen et al. 2021): the chance that at least
 * one of k tries drawn from the n (c of them successes) succeeds. Product form, every factor in [0, 1]:
 * C(n−c, k)/C(n, k) = ∏_{i=n−c+1}^{n} (1 − k/i).
 */
export function passAtK(n: number, c: number, k: number): number {
  checkK('passAtK', n, c, k);
  if (n - c < k) return 1;
  let ratio = 1;
  for (let i = n - c + 1; i <= n; i++) ratio *= 1 - k / i;
  return 1 - ratio;
}

/**
 * pass^k = C(c, k)/C(n, k) (τ-bench): the chance that all k tries drawn from the n succeed. Product
 * form, every factor in [0, 1]: ∏_{i=0}^{k−1} (c − i)/(n − i).
 */
export function passHatK(n: number, c: number, k: number): number {
  checkK('passHatK', n, c, k);
  if (c < k) return 0;
  let ratio = 1;
  for (let i = 0; i < k; i++) ratio *= (c - i) / (n - i);
  return ratio;
}

function checkEvidence(e: CaseEvidence, which: string): void {
  if (!(Number.isInteger(e.trials) && Number.isInteger(e.successes) && e.successes >= 0 && e.successes <= e.trials)) {
    throw new RangeError(`fisherOneSided: the ${which} needs integers 0 <= successes <= trials, got ${e.successes}/${e.trials}`);
  }
}

/**
 * Fisher's exact test, one-sided: the p-value that the candidate's success rate is lower than the
 * baseline's by chance alone, i.e. the hypergeometric lower tail P(X <= candidate successes) given
 * both sides' trials and the total successes. 1 when there is nothing to test (a side without
 * trials, or no success or no failure on either side).
 */
export function fisherOneSided(b: CaseEvidence, c: CaseEvidence): number {
  checkEvidence(b, 'baseline');
  checkEvidence(c, 'candidate');
  const total = b.successes + c.successes;
  const n = b.trials + c.trials;
  if (b.trials === 0 || c.trials === 0 || total === 0 || total === n) return 1;
  // X = the candidate's successes: c.trials draws from n trials of which `total` succeed.
  const lo = Math.max(0, total - b.trials);
  const hi = Math.min(c.trials, total);
  if (c.successes >= hi) return 1;
  // log P(X = x) up to a constant, by the ratio P(x + 1)/P(x); the tails are normalized by their sum
  // (so C(n, total) is never formed: no overflow, no underflow, and a full tail is exactly 1).
  const logs: number[] = [0];
  for (let x = lo; x < hi; x++) {
    logs.push((logs[logs.length - 1] as number) + Math.log(((c.trials - x) * (total - x)) / ((x + 1) * (b.trials - total + x + 1))));
  }
  const top = logs.reduce((m, l) => (l > m ? l : m), -Infinity);
  let lower = 0;
  let all = 0;
  logs.forEach((l, i) => {
    const w = Math.exp(l - top);
    all += w;
    if (lo + i <= c.successes) lower += w;
  });
  return Math.min(1, lower / all);
}
