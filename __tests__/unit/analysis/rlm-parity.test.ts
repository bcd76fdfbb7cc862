/**
 * Exact parity with rlm-code on summary pairs written by rlm-code itself, with rlm-code's own
 * `/rlm bench validate --json` output and CSV report (copied from shared/samples/rlm-code).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import type { Thresholds } from '../../../src/analysis/rlm/thresholds.js';
import { renderCsv } from '../../../src/report/csv-report.js';
import { toJsonReport } from '../../../src/report/json-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const root = new URL('../../fixtures/rlm-code/', import.meta.url).pathname;
const samples = readdirSync(root).sort();
const read = (dir: string, file: string): string => readFileSync(join(root, dir, file), 'utf8');

function compareSample(dir: string) {
  const thresholds = JSON.parse(read(dir, 'thresholds.json')) as Thresholds;
  const load = (f: string) => asLoaded(join(root, dir, f), loadSummary(join(root, dir, f)), NO_FIELDS);
  return compareSummaries(load('baseline.json'), load('candidate.json'), { thresholds });
}

describe('rlm-code parity on its own sample pairs', () => {
  it('has the five samples', () => {
    expect(samples).toHaveLength(5);
  });

  it.each(samples)("%s: validate --json fields are rlm-code's exactly", (dir) => {
    const expected = JSON.parse(read(dir, 'rlm-code-validate.json')) as Record<string, unknown>;
    const got = toJsonReport(compareSample(dir)) as unknown as Record<string, unknown>;
    for (const key of ['candidate_id', 'baseline_id', 'candidate_metrics', 'baseline_metrics', 'deltas', 'case_summary', 'gates', 'passed', 'thresholds']) {
      expect(got[key], key).toStrictEqual(expected[key]);
    }
  });

  it.each(samples)("%s: CSV is byte-for-byte rlm-code's report", (dir) => {
    expect(renderCsv(compareSample(dir))).toBe(read(dir, 'rlm-code-report.csv'));
  });

  it.each(samples)('%s: verdict follows passed when no finding blocks', (dir) => {
    const cmp = compareSample(dir);
    expect(cmp.blocking_findings).toEqual([]);
    expect(cmp.verdict).toBe(cmp.rlm.passed ? 'promote' : 'hold');
  });
});
