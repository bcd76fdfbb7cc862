/**
 * The paired cases as columns ({@link PairedCases}): made from each side's merged trials, or from
 * case objects (a caller that holds a few, as the tests do), and read back one case at a time where
 * an object is wanted (the declines of repeated trials). Pure: no I/O.
 */
import type { CaseEvidence, EvidenceColumns, PairedCase, PairedCases, TrialLabels } from './model.js';

/** Columns for `n` cases, zero-filled. */
export function evidenceColumns(n: number): EvidenceColumns {
  return { trials: new Float64Array(n), successes: new Float64Array(n), reward: new Float64Array(n), steps: new Float64Array(n) };
}

/** Case i's evidence as an object (a copy: writing to it changes no column). */
export function evidenceAt(e: EvidenceColumns, i: number): CaseEvidence {
  return { trials: e.trials[i] as number, successes: e.successes[i] as number, reward: e.reward[i] as number, steps: e.steps[i] as number };
}

/** Case i's success rate over its trials. */
export const rateAt = (e: EvidenceColumns, i: number): number => (e.successes[i] as number) / (e.trials[i] as number);

/** The columns of the cases at `at` (in that order). */
export function gatherEvidence(e: EvidenceColumns, at: ArrayLike<number>): EvidenceColumns {
  const out = evidenceColumns(at.length);
  for (let k = 0; k < at.length; k++) {
    const i = at[k] as number;
    out.trials[k] = e.trials[i] as number;
    out.successes[k] = e.successes[i] as number;
    out.reward[k] = e.reward[i] as number;
    out.steps[k] = e.steps[i] as number;
  }
  return out;
}

/** Paired case i as an object (a copy). */
export function pairedCaseAt(cases: PairedCases, i: number): PairedCase {
  return {
    id: cases.ids[i] as string,
    labels: cases.labels[i] as TrialLabels,
    baseline: evidenceAt(cases.baseline, i),
    candidate: evidenceAt(cases.candidate, i),
  };
}

/** Case objects as columns, in the order given. */
export function pairedCasesOf(list: readonly PairedCase[]): PairedCases {
  const n = list.length;
  const baseline = evidenceColumns(n);
  const candidate = evidenceColumns(n);
  const put = (cols: EvidenceColumns, i: number, e: CaseEvidence) => {
    cols.trials[i] = e.trials;
    cols.successes[i] = e.successes;
    cols.reward[i] = e.reward;
    cols.steps[i] = e.steps;
  };
  list.forEach((c, i) => {
    put(baseline, i, c.baseline);
    put(candidate, i, c.candidate);
  });
  return { length: n, ids: list.map((c) => c.id), labels: list.map((c) => c.labels), baseline, candidate };
}

/** Columns as they are, case objects made columns. */
export function asPairedCases(cases: PairedCases | readonly PairedCase[]): PairedCases {
  return isColumns(cases) ? cases : pairedCasesOf(cases);
}

function isColumns(cases: PairedCases | readonly PairedCase[]): cases is PairedCases {
  return !Array.isArray(cases);
}

/** The value of `field` in case i's labels (null when it has none). */
export const labelAt = (cases: PairedCases, i: number, field: string): string | null => (cases.labels[i] as TrialLabels)[field] ?? null;
