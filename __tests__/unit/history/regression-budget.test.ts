// The regression budget (issue 37): ten pull requests in a row, each losing 1.9 points of completion
// under a 2-point tolerance, pass their own gate; the budget since the reference holds the one that
// would overspend it, and every comment shows what is used and what is left.
import { describe, expect, it } from 'vitest';

import { budgetDrafts } from '../../../src/action/decide/regression-budget.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { type BudgetSpec, entryFigures, judgeBudget, meanFigures } from '../../../src/history/budget.js';
import { leaderboardEntry } from '../../../src/history/leaderboard.js';
import { budgetSpecOf, parseConfig } from '../../../src/policy/config-file.js';
import { compareOptionsOf, resolvePolicy } from '../../../src/policy/policy.js';
import { renderComment } from '../../../src/report/comment.js';
import { budgetUsedText, renderBudget } from '../../../src/report/history-report.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const CASES = 1000;
const REF = 'a'.repeat(40);
/** A run of the suite completing `done` of 1,000 cases (reward 1 each, else 0). */
const run = (done: number, path: string) => loaded({ model: 'gpt-4o', cases: cases(CASES, (i) => ({ completed: i < done })) }, path);

const config = (budgetPoints: number) =>
  parseConfig(
    'benchgate.yml',
    [
      'min_completion_delta: -0.02',
      'min_reward_delta: -0.02',
      'fail_on_completion_regression: false',
      'regression_budget:',
      '  reference: v1.4',
      `  completion_rate: ${budgetPoints / 100}`,
    ].join('\n'),
  );

/**
 * Ten PRs, each 19 cases (1.9 points) below main as it is when it opens; a PR that holds is not
 * merged, so the next one opens on the same main. Returns each PR's verdict and comment.
 */
function tenPrs(budgetPoints: number | null): { verdict: string; comment: string; used: string | null }[] {
  const cfg =
    budgetPoints === null
      ? parseConfig('benchgate.yml', 'min_completion_delta: -0.02\nmin_reward_delta: -0.02\nfail_on_completion_regression: false')
      : config(budgetPoints);
  const policy = resolvePolicy(cfg);
  const spec = budgetSpecOf(cfg);
  const reference = run(800, 'v1.4.json'); // the release's stored run in the history
  const refRuns = [entryFigures(leaderboardEntry('', reference.summary, {}))];
  let main = 800;
  const out: { verdict: string; comment: string; used: string | null }[] = [];
  for (let pr = 1; pr <= 10; pr++) {
    const base = run(main, `main-${pr}.json`);
    const candidate = run(main - 19, `pr-${pr}.json`);
    const state =
      spec === null ? null : judgeBudget(spec, { commit: REF, runs: refRuns }, meanFigures([entryFigures(leaderboardEntry('', candidate.summary, {}))]));
    const cmp = compareSummaries(base, candidate, compareOptionsOf(policy, { findings: budgetDrafts(state) }));
    const comment = renderComment(cmp, {
      gateId: 'demo',
      verdict: cmp.verdict,
      headSha: null,
      baseSha: null,
      updatedAt: '2026-11-27T04:00:00Z',
      runUrl: null,
      reportArtifact: 'benchgate-demo-report',
      ...(state === null ? {} : { budget: renderBudget(state) }),
    });
    out.push({ verdict: cmp.verdict, comment, used: state === null ? null : budgetUsedText(state.lines[0] as never) });
    if (cmp.verdict === 'promote') main -= 19; // merged: main is now the candidate
  }
  return out;
}

describe('ten PRs of −1.9 points under a 2-point tolerance', () => {
  it('each passes its own gate when there is no budget: 19 points lost with every gate green', () => {
    expect(tenPrs(null).map((p) => p.verdict)).toEqual(Array(10).fill('promote'));
  });

  it('an 18-point budget: the first nine promote, the tenth (19.0 of 18.0) holds; the budget is in every comment', () => {
    const prs = tenPrs(18);
    expect(prs.map((p) => p.verdict)).toEqual([...Array(9).fill('promote'), 'hold']);
    prs.forEach((p, i) => {
      const used = (1.9 * (i + 1)).toFixed(1);
      expect(p.used).toBe(`−${used} of −18.0 points`);
      expect(p.comment).toContain('### Regression budget since `v1.4` (`aaaaaaa`)');
      expect(p.comment).toContain(`since v1.4: −${used} of −18.0 points`);
    });
    expect(prs[8]?.comment).toContain('| 0.9 points |'); // left after nine
    expect(prs[9]?.comment).toContain('`regression-budget`');
    // The digest covers the budget: \`comment: changed\` rewrites a comment whose budget moved.
    const digests = prs.map((p) => /benchgate:digest=(\w+)/.exec(p.comment)?.[1]);
    expect(new Set(digests.slice(0, 9)).size).toBe(9);
    expect(prs[9]?.comment).toContain('Since v1.4 the candidate would overspend the regression budget: Completion would use −19.0 of −18.0 points.');
  });

  it('the 3-point budget of the issue: the first PR promotes (1.9 of 3.0), the one that would spend 3.8 holds, and so do the rest on the same main', () => {
    const prs = tenPrs(3);
    expect(prs.map((p) => p.verdict)).toEqual(['promote', ...Array(9).fill('hold')]);
    expect(prs[0]?.comment).toContain('since v1.4: −1.9 of −3.0 points');
    expect(prs[0]?.comment).toContain('| 1.1 points |');
    for (const p of prs.slice(1)) expect(p.comment).toContain('since v1.4: −3.8 of −3.0 points');
  });
});

describe('judgeBudget', () => {
  const spec: BudgetSpec = { reference: 'v2', limits: { completion_rate: { amount: 0.03, relative: false }, cost: { amount: 0.1, relative: true } } };
  const ref = { completion_rate: 0.8, reward: 0.8, steps: 3, cost: 2 };

  it('a rise in cost within 10% of the reference passes; past it holds', () => {
    expect(judgeBudget(spec, { commit: REF, runs: [ref] }, { ...ref, cost: 2.2 }).lines.map((l) => l.over)).toEqual([false, false]);
    const over = judgeBudget(spec, { commit: REF, runs: [ref] }, { ...ref, cost: 2.21 });
    expect(over.lines.map((l) => l.over)).toEqual([false, true]);
    expect(budgetUsedText(over.lines[1] as never)).toBe('+0.2100 of +0.2000 USD');
  });

  it('a better candidate regains budget; an unknown cost is never within it', () => {
    const better = judgeBudget(spec, { commit: REF, runs: [ref] }, { ...ref, completion_rate: 0.85 });
    expect(budgetUsedText(better.lines[0] as never)).toBe('+5.0 better of −3.0 points');
    const unknown = judgeBudget(spec, { commit: REF, runs: [ref] }, { ...ref, cost: null });
    expect(unknown.lines[1]?.over).toBe(true);
  });

  it('a reference with no runs in the history holds, saying why', () => {
    const state = judgeBudget(spec, { commit: REF, runs: [] }, ref);
    expect(state.problem).toBe('the reference v2 (aaaaaaa) has no runs in the history');
    expect(budgetDrafts(state)[0]?.message).toMatch(/^The regression budget cannot be judged: the reference v2/);
    expect(renderBudget(state).join('\n')).toContain('who set the reference, and when: unknown');
  });

  it('says who set the reference when it is known', () => {
    const state = judgeBudget(spec, { commit: REF, runs: [ref], moved: { commit: 'b'.repeat(40), author: '@octo|cat', date: '2026-10-01T10:00:00Z' } }, ref);
    expect(renderBudget(state).join('\n')).toContain('reference set in `bbbbbbb` by `@octo|cat` on 2026-10-01');
  });
});

describe('the configuration', () => {
  it('reads regression_budget; a bad reference or an unknown key is named with its line', () => {
    expect(budgetSpecOf(parseConfig('c.yml', 'regression_budget:\n  reference: v1.4\n  cost: 10%\n  reward: 0.05'))).toEqual({
      reference: 'v1.4',
      limits: { reward: { amount: 0.05, relative: false }, cost: { amount: 0.1, relative: true } },
    });
    expect(() => parseConfig('c.yml', 'regression_budget:\n  reference: "v1 4"')).toThrow(
      /c\.yml: line 2, column 14: "regression_budget\.reference": expected a release tag or a commit SHA/,
    );
    expect(() => parseConfig('c.yml', 'regression_budget:\n  reference: v1\n  completion: 0.03')).toThrow(
      /line 3, column 3: "regression_budget": unknown key "completion"; allowed here: reference, completion_rate, reward, steps, cost/,
    );
    expect(() => parseConfig('c.yml', 'regression_budget:\n  completion_rate: 0.03')).toThrow(/"regression_budget\.reference"/);
  });
});
