/**
 * Issue 45, item 7: a verdict reads in ten seconds. The report's first two lines (blank lines aside)
 * are the verdict and the one reason that decided it, in the markdown report and in the comment;
 * the bounds, power and method are folded below the gate table, kept whole.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries, type Comparison } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import type { Thresholds } from '../../../src/analysis/rlm/thresholds.js';
import { type CommentContext, renderComment } from '../../../src/report/comment.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { asLoaded, loaded } from '../../helpers/rlm-builder.js';

const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const load = (rel: string): LoadedSummary => asLoaded(rel, loadSummary(`${fixtures}${rel}`), NO_FIELDS);

function samplePair(dir: string): Comparison {
  const thresholds = JSON.parse(readFileSync(`${fixtures}rlm-code/${dir}/thresholds.json`, 'utf8')) as Thresholds;
  return compareSummaries(load(`rlm-code/${dir}/baseline.json`), load(`rlm-code/${dir}/candidate.json`), { thresholds });
}

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `case_${String(i).padStart(3, '0')}`);

/** One trial per side of `n` cases; the candidate fails the first `lost`. */
function significantPair(n: number, lost: number): Comparison {
  const b = loaded({ strategy: 'tool_call', cases: ids(n).map((id) => ({ id })) }, 'b.json');
  const c = loaded({ strategy: 'codemode', cases: ids(n).map((id, i) => ({ id, completed: i >= lost })) }, 'c.json');
  return compareSummaries(b, c, { decide: 'significant' });
}

const ctx: CommentContext = {
  gateId: 'lead',
  verdict: 'hold',
  headSha: null,
  baseSha: null,
  updatedAt: '2026-11-22T08:15:42.123Z',
  runUrl: null,
  reportArtifact: 'benchgate-report',
};

/** The first two lines a reader sees: blank lines and the comment's hidden markers aside. */
function firstTwo(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('<!--'))
    .slice(0, 2);
}

function both(cmp: Comparison): string[][] {
  return [firstTwo(renderMarkdown(cmp)), firstTwo(renderComment(cmp, { ...ctx, verdict: cmp.verdict }))];
}

describe('the first two lines are the verdict and the reason that decided it', () => {
  it('a hold on a finding names the finding, not "4 of 4 gates undecided"', () => {
    const cmp = compareSummaries(load('demo/baseline.json'), load('demo/candidate.json'), { decide: 'significant' });
    expect(cmp.verdict).toBe('hold');
    expect(cmp.undecided_gates).toHaveLength(4);
    for (const [verdict, reason] of both(cmp)) {
      expect(verdict).toMatch(/^### ❌ Hold: /);
      expect(reason).toMatch(/^\*\*Held by the finding `guardrail-rise`:\*\* The CodeMode guardrail blocked 1 candidate case/);
      expect(reason).not.toMatch(/undecided/);
    }
    // The undecided gates' bounds and sizing are kept, folded under the table.
    const md = renderMarkdown(cmp);
    const fold = md.indexOf('<details><summary>Why, gate by gate: bounds, power and method</summary>');
    expect(fold).toBeGreaterThan(md.indexOf('| Gate |'));
    expect(md.indexOf('**4 of 4 gates undecided at 95% confidence:**')).toBeGreaterThan(fold);
    expect(md.indexOf('<sub>Paired over 10 cases')).toBeGreaterThan(fold);
  });

  it('a hold on a gate shown violated names it with its estimate and bound, and what else holds', () => {
    const cmp = significantPair(80, 25);
    expect(cmp.failed_gates).toEqual(['reward', 'completion', 'completion_regressions']);
    for (const [verdict, reason] of both(cmp)) {
      expect(verdict).toMatch(/^### ❌ Hold: /);
      expect(reason).toBe(
        '**Held by the reward gate, shown violated:** Reward changed by −0.3125, at best −0.2250 at 95% confidence (rule ≥ +0, margin 0.05; adjusted p=0.0051). ' +
          'Also holding it: the completion rate gate, the completion regressions gate.',
      );
    }
  });

  it('a hold on a gate under point gives rlm-code reason', () => {
    for (const [verdict, reason] of both(samplePair('reward_regression'))) {
      expect(verdict).toMatch(/^### ❌ Hold: /);
      expect(reason).toBe('**Held by the reward gate:** mean reward changed by −0.1166 (rule ≥ +0).');
    }
  });

  it('a promote names its tightest gate and what it has to spare', () => {
    for (const [verdict, reason] of both(samplePair('clean_pass_codemode_promotion'))) {
      expect(verdict).toMatch(/^### ✅ Promote: /);
      expect(reason).toBe('**All 4 gates passed; tightest: reward**, +0.3333 (rule ≥ +0): 0.3333 to spare.');
    }
    for (const [verdict, reason] of both(significantPair(300, 0))) {
      expect(verdict).toMatch(/^### ✅ Promote: /);
      expect(reason).toBe('**All 4 gates shown to hold at 95% confidence; tightest: reward**, at worst +0.0000 (rule ≥ +0, margin 0.05): 0.0500 to spare.');
    }
  });

  it('an inconclusive verdict says what would decide it: the sizing of the gate that needs the most', () => {
    const cmp = compareSummaries(load('rlm-code/reward_regression/baseline.json'), load('rlm-code/reward_regression/candidate.json'), {
      decide: 'significant',
    });
    expect(cmp.verdict).toBe('inconclusive');
    for (const [verdict, reason] of both(cmp)) {
      expect(verdict).toMatch(/^### ❔ Inconclusive: /);
      expect(reason).toMatch(
        /^\*\*What would decide it:\*\* reward: about \d+ cases at this noise show an equal candidate within the [\d.]+ margin with 80% power\. Also undecided: steps\.$/,
      );
    }
    // When the gates together need more than the one that needs the most (gates that do not move together), the verdict's sizing leads.
    const s = cmp.significance as NonNullable<typeof cmp.significance>;
    const most = Math.max(...s.gates.filter((g) => g.status === 'inconclusive').map((g) => g.units_needed ?? 0));
    const withVerdict = (units: number) => ({ ...cmp, significance: { ...s, verdict_sizing: { units, decides: 'pass' as const } } });
    const more = Math.ceil(most * 1.1);
    expect(more).toBeLessThanOrEqual(100 * s.cluster.units);
    for (const [, reason] of both(withVerdict(more)))
      expect(reason).toBe(
        `**What would decide it:** the verdict: about ${more} cases in all decide it with 80% power (an equal candidate promoted, every undecided gate shown within its margin). Also undecided: reward, steps.`,
      );
    for (const [, reason] of both(withVerdict(100 * s.cluster.units + 1)))
      expect(reason).toBe(
        '**What would decide it:** the verdict: an equal candidate promoted, every undecided gate shown within its margin, with 80% power, would take over 100 times the cases. Also undecided: reward, steps.',
      );
    // Within 5% of the gate that needs the most (the draws' noise): that gate's own sizing leads, as above.
    for (const [, reason] of both(withVerdict(Math.floor(most * 1.04)))) expect(reason).toMatch(/^\*\*What would decide it:\*\* reward: about /);
  });
});
