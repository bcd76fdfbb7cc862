/**
 * Agent benchmarks that run each task several times in one file (tau-bench's trials, terminal-bench's
 * attempts) are read as one case per task, its attempts merged (adapters/parsing/attempts.ts keeps
 * them in `extra.attempts`). Under `decide: significant` the attempts are what they are: repeated
 * trials of one suite. This splits such a run into one run per attempt, so the trials machinery
 * (analysis/trials.ts: per-case success rates, pass@k and pass^k, the paired tests over trials)
 * applies exactly as to several files of one side.
 */
import type { KeptAttempt } from '../adapters/parsing/attempts.js';
import { summaryOf } from '../adapters/parsing/records-common.js';
import { formatFacts } from '../adapters/registry.js';
import type { LoadedSummary } from '../analysis/model.js';
import { loadedRows } from '../schema/loaded.js';
import { type CaseFields, type PackedSummary, packSummary } from '../schema/pack.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';

function attemptsOf(c: CaseResult): KeptAttempt[] | null {
  const list = c.extra['attempts'];
  if (!Array.isArray(list) || list.length < 2) return null;
  return list.every((a) => a !== null && typeof a === 'object' && typeof (a as KeptAttempt).reward === 'number') ? (list as KeptAttempt[]) : null;
}

/**
 * The run's attempts as separate runs, packed with `fields` (attempt t of every task in run t; a
 * task attempted fewer times is in the first runs only), or null when the format does not merge
 * attempts or no task of the run has two attempts or more. Each attempt's usage and duration are
 * unknown (the file records them per task or not at all). Worked out when a run is loaded whole
 * (load.ts `loadRun`): the loaded form keeps no case objects to find them in later.
 */
export function attemptRows(s: BenchmarkSummary, fields: CaseFields): PackedSummary[] | null {
  // Only the formats whose registry entry says `mergesAttempts` (adapters/parsing/attempts.ts; the test keeps it true).
  if (formatFacts(s.format).mergesAttempts !== true) return null;
  const perCase = s.cases.map((c) => ({ c, attempts: attemptsOf(c) }));
  const k = Math.max(0, ...perCase.map((x) => x.attempts?.length ?? 0));
  if (k < 2) return null;
  return Array.from({ length: k }, (_, t): PackedSummary => {
    const cases = perCase.flatMap(({ c, attempts }): CaseResult[] => {
      if (attempts === null) return t === 0 ? [c] : [];
      const a = attempts[t];
      if (a === undefined) return [];
      const { solved, reward, error, ...rest } = a;
      return [{ ...c, completed: solved === true, reward, error, duration_seconds: null, usage: null, extra: { ...rest, attempt: t + 1 } }];
    });
    const summary = summaryOf({
      id: s.id,
      format: s.format,
      cases,
      run: s.run,
      metadata: { ...s.metadata, 'benchgate.attempt': t + 1 },
      extra: s.extra,
    });
    return packSummary(summary, fields);
  });
}

/**
 * The run's attempts as separate runs (see {@link attemptRows}), named `<path>#attempt-<t>`, or null
 * when it has none: a run loaded packed (a large pair) kept no `extra`, so no attempts, and stays
 * one run, as loaded.
 */
export function attemptTrials(run: LoadedSummary): LoadedSummary[] | null {
  if (run.attempts === undefined) return null;
  return run.attempts.map((rows, t) => loadedRows(`${run.path}#attempt-${t + 1}`, rows));
}
