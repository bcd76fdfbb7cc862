/**
 * The demo's two runs (a saved `npm run demo`: __tests__/fixtures/demo/{baseline,candidate}.json)
 * compared as the CLI and the action compare them: with the regressed cases' evidence read again
 * from the files (src/cli/run.ts and src/pipeline/judge.ts calls gatherEvidence), so the
 * samples the README and docs/cli.md show carry the evidence fold `npm run demo` writes.
 */
import { loadSummary } from '../../src/adapters/registry.js';
import { type CompareOptions, compareSummaries, type Comparison } from '../../src/analysis/compare.js';
import type { LoadedSummary } from '../../src/analysis/model.js';
import { gatherEvidence } from '../../src/load/evidence.js';
import { NO_FIELDS } from '../../src/schema/pack.js';
import { asLoaded } from './rlm-builder.js';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;
const load = (rel: string): LoadedSummary => asLoaded(rel, loadSummary(`${fixtures}${rel}`), NO_FIELDS);

export function demoComparison(options: CompareOptions = {}): Comparison {
  const cmp = compareSummaries(load('demo/baseline.json'), load('demo/candidate.json'), options);
  const auto = { format: 'auto' };
  cmp.evidence = gatherEvidence(
    cmp,
    { baseline: `${fixtures}demo/baseline.json`, candidate: `${fixtures}demo/candidate.json` },
    { baseline: auto, candidate: auto },
  );
  return cmp;
}
