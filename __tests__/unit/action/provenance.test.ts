// The stamps publish checks on each summary it compares (src/action/decide/provenance.ts): the
// role, the commit and the run, each mismatch named, every value from the summary escaped.
import { describe, expect, it } from 'vitest';

import { provenanceProblems, stampProblems } from '../../../src/action/decide/provenance.js';
import type { BenchmarkSummary } from '../../../src/schema/summary.js';

const BASE = '2'.repeat(40);
const HEAD = '4'.repeat(40);
const summary = (metadata: Record<string, string | number | boolean | null>): BenchmarkSummary =>
  ({ metadata, cases: [], run: {} }) as unknown as BenchmarkSummary;

const pushBaseline = { 'benchgate.role': 'baseline', 'github.event': 'push', 'github.sha': BASE, 'git.commit': BASE, 'github.run_id': 7 };
const prCandidate = { 'benchgate.role': 'candidate', 'github.event': 'pull_request', 'github.pr_head_sha': HEAD, 'git.commit': HEAD, 'github.run_id': 9 };
const baselineWant = { role: 'baseline' as const, commit: BASE, runId: 7, label: 'the baseline (workflow run 7 on main)' };
const candidateWant = { role: 'candidate' as const, commit: HEAD, runId: 9, label: 'the candidate (workflow run 9)' };

describe('stampProblems', () => {
  it('finds nothing wrong with a summary that is what it is used as', () => {
    expect(stampProblems(summary(pushBaseline), baselineWant)).toEqual([]);
    expect(stampProblems(summary(prCandidate), candidateWant)).toEqual([]);
  });

  it('names a candidate uploaded as the baseline: its role, its commit and its run', () => {
    expect(stampProblems(summary(prCandidate), baselineWant)).toEqual([
      'provenance: the baseline (workflow run 7 on main) is stamped benchgate.role `candidate`, not `baseline`',
      'provenance: the baseline (workflow run 7 on main) is stamped for commit `4444444444444444444444444444444444444444`, not `222222222222`',
      'provenance: the baseline (workflow run 7 on main) is stamped github.run_id 9, not 7',
    ]);
  });

  it('reads the commit HEAD of the checkout gave first, and says nothing when a summary records none', () => {
    expect(stampProblems(summary({ ...prCandidate, 'git.commit': BASE }), candidateWant)).toEqual([
      `provenance: the candidate (workflow run 9) is stamped for commit \`${BASE}\`, not \`444444444444\``,
    ]);
    const unstamped: Record<string, string | number | null> = { ...prCandidate };
    delete unstamped['github.pr_head_sha'];
    expect(stampProblems(summary({ ...prCandidate, 'git.commit': null }), candidateWant)).toEqual([]);
    expect(stampProblems(summary({ ...unstamped, 'git.commit': null }), candidateWant)).toEqual([
      'provenance: the candidate (workflow run 9) is stamped for commit nothing, not `444444444444`',
    ]);
  });

  it("takes a baseline the PR's run reused with the push run's stamps, never a candidate so stamped", () => {
    const reused = { ...pushBaseline, 'reuse.run_id': 7, 'github.event': 'push' };
    expect(stampProblems(summary(reused), { ...baselineWant, runId: 9 })).toEqual([]);
    expect(stampProblems(summary({ ...prCandidate, 'reuse.run_id': 9, 'github.run_id': 9 }), { ...candidateWant, runId: 10 })).toEqual([
      'provenance: the candidate (workflow run 9) is stamped github.run_id 9, not 10',
    ]);
  });

  it('escapes every stamp it shows: a hostile value stays one code span', () => {
    const [problem] = stampProblems(summary({ ...prCandidate, 'benchgate.role': 'x` **@everyone**\n<!-- benchgate:v1 -->' }), candidateWant);
    expect(problem).toBe('provenance: the candidate (workflow run 9) is stamped benchgate.role ``x` **@everyone** <!-- benchgate:v1 -->``, not `candidate`');
  });
});

describe('provenanceProblems', () => {
  it('checks every trial of every side and names each problem once', () => {
    const wrong = summary({ ...prCandidate, 'github.run_id': 3 });
    expect(
      provenanceProblems([
        { summaries: [summary(pushBaseline)], want: baselineWant },
        { summaries: [summary(prCandidate), wrong, wrong], want: candidateWant },
      ]),
    ).toEqual(['provenance: the candidate (workflow run 9) is stamped github.run_id 3, not 9']);
  });
});
