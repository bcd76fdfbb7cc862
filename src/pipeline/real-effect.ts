/**
 * The real effect of a merge, for the gate's record (history/gate-record.ts): main's runs from the
 * merge commit on (the candidate) against main's runs just before it (the baseline), judged by the
 * one pipeline ({@link judge}) under the gate's policy with the significant decision, whatever the
 * gate decided with: "no drop" must be shown, not only a drop not seen, and an effect the runs cannot
 * decide is inconclusive, which the record counts as undecided. A blocking finding of the runs
 * themselves (another model, a changed dataset: analysis/integrity) makes the sides not comparable.
 */
import type { LoadedSummary } from '../analysis/model.js';
import { type GateRecord, gateRecord, type GateRecordOptions, type MainRun, type RealEffect, recordRunsNeeded } from '../history/gate-record.js';
import type { GateVerdictEntry, HistoryEntry, HistoryFile } from '../history/history-file.js';
import type { GatePolicy } from '../policy/policy.js';
import { judge } from './judge.js';

/** The real effect of `after` against `before` (main's runs, oldest first; at least one each). */
export function judgeRealEffect(before: readonly LoadedSummary[], after: readonly LoadedSummary[], policy: GatePolicy): RealEffect {
  const { comparison } = judge({
    runs: { baseline: before, candidate: after },
    policy: { ...policy, decide: 'significant' },
    design: { kind: 'fixed' },
  });
  return { verdict: comparison.verdict, comparable: comparison.blocking_findings.length === 0 };
}

/**
 * The gate's record of the PRs whose verdicts the history keeps, against main's runs (oldest first,
 * each with its cases): what `benchgate history` and the default branch's job summary show.
 */
export function buildGateRecord(
  verdicts: readonly GateVerdictEntry[],
  runs: readonly MainRun<LoadedSummary | null>[],
  policy: GatePolicy,
  options: GateRecordOptions = {},
): GateRecord {
  return gateRecord(verdicts, runs, (before, after) => judgeRealEffect(before, after, policy), options);
}

/** A history file's runs of `branch` as main's runs, in the file's order (oldest first). */
export function historyMainRuns(history: HistoryFile, branch: string): MainRun<HistoryEntry>[] {
  return history.entries.filter((e) => e.branch === branch).map((e) => ({ commit: e.commit, run: e }));
}

/**
 * Which of a history file's runs of `branch` the record of its verdicts judges, at most `most`
 * (the newest PRs first): a history entry keeps a run's figures, not its cases, so the caller reads
 * these runs' cases (the action: their baseline artifacts) and gives them to {@link historyGateRecord}
 * with `last`, how many PRs they cover.
 */
export function historyRunsNeeded(history: HistoryFile, branch: string, most: number): { runs: HistoryEntry[]; last: number } {
  const runs = historyMainRuns(history, branch);
  const needed = recordRunsNeeded(history.verdicts ?? [], runs, most);
  return { runs: runs.map((r) => r.run).filter((e) => needed.runs.has(e)), last: needed.last };
}

/**
 * The gate's record of a history file's verdicts against its runs of `branch`, each run's cases from
 * `cases` by workflow run id (a run without is not judged): what the default branch's job summary shows.
 */
export function historyGateRecord(
  history: HistoryFile,
  branch: string,
  cases: ReadonlyMap<number, LoadedSummary>,
  policy: GatePolicy,
  options: GateRecordOptions = {},
): GateRecord {
  const runs = historyMainRuns(history, branch).map((r) => ({ commit: r.commit, run: cases.get(r.run.run_id) ?? null }));
  return buildGateRecord(history.verdicts ?? [], runs, policy, options);
}
