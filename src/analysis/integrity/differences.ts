/**
 * What differs between the two runs besides the code under test. A difference in mode, harness
 * strategy, MCP server or model is usually the very thing being compared (rlm-code's direct-llm mode
 * exists to be a baseline for native runs), so one difference is named, not failed. Two or more mean
 * a change in the results cannot be attributed to either: a warning.
 */
import type { SummaryHead } from '../../schema/loaded.js';
import type { FindingDraft } from './findings.js';

export type Dimension = 'mode' | 'harness_strategy' | 'mcp_server' | 'model';

export interface Difference {
  dimension: Dimension;
  /** Human label, e.g. "harness strategy". */
  label: string;
  baseline: string | null;
  candidate: string | null;
}

const LABELS: Record<Dimension, string> = {
  mode: 'mode',
  harness_strategy: 'harness strategy',
  mcp_server: 'MCP server',
  model: 'model',
};

function valueOf(s: SummaryHead, d: Dimension): string | null {
  if (d === 'mode') return s.run.mode ?? 'native'; // rlm-code's report default for old summaries
  if (d === 'model') {
    const m = s.run.model ?? s.metadata['model'];
    return m === undefined || m === null ? null : String(m);
  }
  return s.run[d];
}

export function findDifferences(baseline: SummaryHead, candidate: SummaryHead): Difference[] {
  return (Object.keys(LABELS) as Dimension[])
    .map((dimension) => ({ dimension, label: LABELS[dimension], baseline: valueOf(baseline, dimension), candidate: valueOf(candidate, dimension) }))
    .filter((d) => d.baseline !== d.candidate);
}

/** The `multiple-differences` finding, when more than one dimension differs. */
export function differenceFindings(diffs: readonly Difference[]): FindingDraft[] {
  if (diffs.length < 2) return [];
  const names = diffs.map((d) => d.label).join(', ');
  return [
    {
      code: 'multiple-differences',
      side: null,
      message: `More than one thing differs between the runs (${names}): a change in the results cannot be attributed to one of them.`,
      case_ids: [],
    },
  ];
}
