/**
 * The PR comment and the check-run output: golden files (the README's sample comment is one of them),
 * the size tiers for huge suites, the digest `comment: changed` relies on, and hostile strings.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import { digestOf } from '../../../src/github/comments.js';
import { type CommentContext, commentDigest, commentMarker, renderCheckOutput, renderComment } from '../../../src/report/comment.js';
import { closers } from '../../../src/report/markdown/fit.js';
import { renderTrend, type TrendPoint } from '../../../src/report/trend.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { demoComparison } from '../../helpers/demo-pair.js';
import { expectGolden, GOLDEN_DIR } from '../../helpers/golden.js';
import { asLoaded, cases, loaded } from '../../helpers/rlm-builder.js';

const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const load = (rel: string): LoadedSummary => asLoaded(rel, loadSummary(`${fixtures}${rel}`), NO_FIELDS);
// With the regressed case's evidence, as the action's compare and publish attach it.
const demo = demoComparison();

const ctx: CommentContext = {
  gateId: 'demo',
  verdict: 'hold',
  headSha: '1111111111111111111111111111111111111111',
  baseSha: '2222222222222222222222222222222222222222',
  updatedAt: '2026-11-22T08:15:42.123Z',
  runUrl: 'https://github.com/octo-org/benchgate/actions/runs/987654321',
  reportArtifact: 'benchgate-demo-report',
};

describe('the comment on the demo pair', () => {
  const body = renderComment(demo, ctx);

  it('matches its golden file, which the README shows', () => {
    expectGolden('comment-demo.md', body);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const m = /<!-- comment-start -->\n([\s\S]*?)<!-- comment-end -->/.exec(readme);
    expect(m, 'README has <!-- comment-start --> … <!-- comment-end -->').not.toBeNull();
    expect(m?.[1]).toBe(readFileSync(`${GOLDEN_DIR}comment-demo.md`, 'utf8'));
  });

  it('starts with the marker and carries its digest', () => {
    expect(body.startsWith(`${commentMarker('demo')}\n<!-- benchgate:digest=`)).toBe(true);
    expect(digestOf(body)).toBe(commentDigest(demo, 'hold'));
    expect(body).toContain(
      '<sub>Updated 2026-11-22 08:15 UTC for `1111111` against base `2222222` · [workflow run](https://github.com/octo-org/benchgate/actions/runs/987654321)</sub>',
    );
  });

  it('with a trend: Mermaid charts and a table of the last runs on main and this PR (golden)', () => {
    const sha = (d: number): string => String(d).repeat(40);
    const earlier = [0.8, 0.8, 0.9, 0.9, 0.9].map((rate, i) => ({
      commit: sha(i + 3),
      when: `2026-11-1${i}T10:00:00Z`,
      completion_rate: rate,
      avg_reward: rate + 0.05,
      avg_steps: 3.7 - i * 0.05,
    }));
    const c = demo.rlm.candidate_metrics;
    const trend = renderTrend(
      [...earlier, { commit: null, when: '2026-11-22T08:15:42Z', completion_rate: c.completion_rate, avg_reward: c.avg_reward, avg_steps: c.avg_steps }],
      'main',
    );
    const withTrend = renderComment(demo, { ...ctx, trend });
    expectGolden('comment-trend.md', withTrend);
    expect(withTrend).toContain('  x-axis ["3333333", "4444444", "5555555", "6666666", "7777777", "PR"]');
    expect(withTrend).toContain('  line [80.0, 80.0, 90.0, 90.0, 90.0, 90.0]');
    // A hostile branch name never reaches the summary line; one run alone is no trend.
    expect(renderTrend([...earlier.slice(0, 1), earlier[1] as TrendPoint], '<img src=x onerror=alert(1)>').join('\n')).toContain(
      'on <code>the base branch</code>',
    );
    expect(renderTrend(earlier.slice(0, 1), 'main')).toEqual([]);
  });

  it('check-run output matches its golden file', () => {
    const out = renderCheckOutput(demo, ctx, 'Hold (failed gates: completion_regressions)');
    expect(out.title).toBe('Hold (failed gates: completion_regressions)');
    expectGolden('check-demo.md', out.summary);
  });

  it('refuses a gate id that could break out of the marker', () => {
    expect(() => commentMarker('x -->')).toThrow('gate id "x -->"');
    expect(() => renderComment(demo, { ...ctx, gateId: 'a b' })).toThrow();
  });

  it('never links a run URL or shows a SHA that is not one', () => {
    const odd = renderComment(demo, { ...ctx, runUrl: 'javascript:alert(1)', headSha: '@octocat', baseSha: null });
    expect(odd).not.toContain('javascript:');
    expect(odd).not.toContain('@octocat');
    expect(odd).toContain('for *(unknown)* against base *(unknown)*</sub>');
  });
});

describe('the digest', () => {
  it('is stable for the same evidence and changes with a verdict, a delta or the regressed cases', () => {
    const again = compareSummaries(load('demo/baseline.json'), load('demo/candidate.json'));
    expect(commentDigest(again, 'hold')).toBe(commentDigest(demo, 'hold'));
    expect(commentDigest(demo, 'promote')).not.toBe(commentDigest(demo, 'hold'));
    const a = compareSummaries(loaded({ cases: cases(4, () => ({ completed: true })) }), loaded({ cases: cases(4, (i) => ({ completed: i !== 0 })) }));
    const b = compareSummaries(loaded({ cases: cases(4, () => ({ completed: true })) }), loaded({ cases: cases(4, (i) => ({ completed: i !== 1 })) }));
    expect(a.rlm.deltas).toEqual(b.rlm.deltas);
    expect(commentDigest(a, 'hold')).not.toBe(commentDigest(b, 'hold'));
  });
});

describe('a 20,000-case suite with 5,000 regressions', () => {
  const n = 20_000;
  const base = loaded({ cases: cases(n, () => ({ completed: true, reward: 1 })) });
  const cand = loaded({
    cases: cases(n, (i) => ({ completed: i % 4 !== 0, reward: i % 4 === 0 ? 0 : 1, error: i % 4 === 0 ? `failure ${'x'.repeat(30)}` : undefined })),
  });
  const big = compareSummaries(base, cand);

  it('has 5,000 regressions', () => {
    expect(big.rlm.case_summary.completion_regressions).toBe(5000);
  });

  it('posts a comment under 65,536 characters that says where the rest is and leaves nothing open', () => {
    const body = renderComment(big, { ...ctx, gateId: 'big' });
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toMatch(/Shortened to fit GitHub's size limit|Cut to fit GitHub's size limit/);
    expect(body).toContain('`benchgate-demo-report` artifact');
    expect(closers(body)).toBe('');
    expect(body.startsWith(commentMarker('big'))).toBe(true);
    expect(body.trimEnd().endsWith('</sub>')).toBe(true);
  });

  it('fits a check-run summary under 65,535 bytes', () => {
    const out = renderCheckOutput(big, ctx, 'Hold');
    expect(Buffer.byteLength(out.summary, 'utf8')).toBeLessThanOrEqual(65_535);
    expect(closers(out.summary)).toBe('');
  });
});

describe('hostile strings in every field that reaches the comment', () => {
  const evil = '@everyone #1 owner/repo#2 <!-- --> `x` | y \u202e [l](https://evil.example) $x$ <img src=x>';
  const base = loaded({
    id: evil,
    preset: evil,
    model: evil,
    strategy: 'tool_call',
    cases: [
      { id: evil, completed: true },
      { id: 'ok', completed: true },
    ],
  });
  const cand = loaded({
    id: `${evil}2`,
    preset: evil,
    model: evil,
    strategy: evil,
    cases: [
      { id: evil, completed: false, error: evil },
      { id: 'ok', completed: true },
    ],
  });
  const body = renderComment(compareSummaries(base, cand), ctx);

  it('keeps every one inside a code span: no mention, link, HTML, math, marker end or bidi control', () => {
    const outsideCode = body.replace(/(`+)[\s\S]*?\1/g, '');
    expect(outsideCode).not.toMatch(/@everyone|#1\b|owner\/repo#2|<img|\$x\$|\[l\]|\u202e/);
    expect(outsideCode.split('-->').length).toBe(3); // the marker's and the digest's own, nothing from the input
    expect(body).not.toContain('\u202e');
    expectGolden('comment-hostile.md', body);
  });
});
