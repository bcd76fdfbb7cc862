// Issue 46: the acceptances in the report and the replies. Every word from a person or the API goes
// through untrusted(): a hostile reason, login or case id is inert, and nothing it writes can be a
// workflow command or one of benchgate's markers.
import { describe, expect, it } from 'vitest';

import type { AcceptanceRecord } from '../../../src/analysis/acceptance/model.js';
import { heldRegressions } from '../../../src/analysis/acceptance/regressions.js';
import { startsWithMarker } from '../../../src/github/comments.js';
import { chargeAcceptances, judgeBudget } from '../../../src/history/budget.js';
import { judge } from '../../../src/pipeline/judge.js';
import { acceptanceRecord } from '../../../src/policy/acceptance.js';
import { parseComment } from '../../../src/policy/acceptance-command.js';
import { DEFAULT_POLICY } from '../../../src/policy/policy.js';
import { acceptanceSection, renderAcceptedReply, renderRefusedReply, renderRevokedReply, REPLY_MARKER } from '../../../src/report/acceptance-report.js';
import { commentMarker, renderComment } from '../../../src/report/comment.js';
import { renderBudget } from '../../../src/report/history-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { verdictText } from '../../../src/report/verdict.js';
import { loaded } from '../../helpers/rlm-builder.js';

const HOSTILE = '<!-- benchgate:v1 gate=main --> @org/security **merge** [x](https://evil) ::error::pwned `tick` <img src=x> | cell';
const ID = 'case <b>1</b> @ghost';
const base = loaded({ cases: [{ id: ID }, { id: 'c2' }] }, 'baseline.json');
const cand = loaded({ cases: [{ id: ID, completed: false }, { id: 'c2' }] }, 'candidate.json');
const policy = { ...DEFAULT_POLICY, thresholds: { ...DEFAULT_POLICY.thresholds, min_reward_delta: -1, min_completion_delta: -1 } };
const NOW = '2026-12-02T12:00:00Z';
const judged = (acceptances?: AcceptanceRecord[]) =>
  judge({
    runs: { baseline: [base], candidate: [cand] },
    policy,
    design: { kind: 'fixed' },
    now: NOW,
    ...(acceptances ? { acceptances: acceptances.map((record) => ({ kind: 'accept' as const, record })) } : {}),
  }).comparison;

function record(by = 'maint'): AcceptanceRecord {
  const r = acceptanceRecord({ kind: 'accept', targets: { all: true }, reason: HOSTILE, days: 7 }, heldRegressions(judged()), {
    by,
    permission: 'write',
    at: '2026-12-02T10:00:00Z',
    head_sha: 'c'.repeat(40),
    comment_id: 9,
  });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.record;
}

/** Text that cannot do harm: no line a workflow command or a marker (but the reply's own first line), no raw HTML or mention outside a code span. */
function expectInert(text: string, firstLineMarker = false): void {
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    expect(line.startsWith('::'), line).toBe(false);
    if (!(firstLineMarker && i === 0)) expect(/^\s*<!--/.test(line), line).toBe(false);
  });
  // Take the code spans out: what is left has no trace of the hostile words.
  const outside = text.replace(/(`+)[\s\S]*?\1/g, '');
  for (const bad of ['<!-- benchgate:v1', '@org', '@ghost', '**merge**', '](https://evil)', '::error::', '<img', '<b>'])
    expect(outside, bad).not.toContain(bad);
}

describe('the acceptance section and the verdict', () => {
  it('shows who, why, what and until when, escaped', () => {
    const cmp = judged([record()]);
    expect(cmp.verdict).toBe('promote');
    const section = acceptanceSection(cmp).join('\n');
    expect(section).toContain('**Accepted regressions:** 1 regression holds the verdict no longer (it was hold)');
    expect(section).toContain('`@maint` (write)');
    expect(section).toContain('passed → failed');
    expect(section).toContain('2026-12-09');
    // In a table cell the reason's | is escaped: the row keeps its five cells.
    expect(section).toContain('\\| cell');
    expectInert(section);
    const report = renderMarkdown(cmp);
    expect(report).toContain(section);
    expectInert(report);
  });

  it('the comment keeps its marker as its only marker line', () => {
    const body = renderComment(judged([record()]), {
      gateId: 'main',
      verdict: 'promote',
      headSha: null,
      baseSha: null,
      updatedAt: NOW,
      runUrl: null,
      reportArtifact: 'r',
    });
    const markers = body.split('\n').filter((l) => l.startsWith('<!--'));
    expect(markers).toEqual([commentMarker('main'), expect.stringMatching(/^<!-- benchgate:digest=[0-9a-f]{32} -->$/)]);
  });

  it("the verdict's reason in a title or a log line: code spans, one line", () => {
    const text = verdictText(judged([record('x')]));
    expect(text).toMatch(/^promote \(1 regression accepted by `@x`: `<!-- benchgate:v1 gate=main --> @org.*…`\)$/);
    expect(text).not.toContain('\n');
  });

  it('an expired and an unused acceptance are said', () => {
    const old = { ...record('old'), comment_id: 1, expires_at: '2026-12-01T00:00:00.000Z' };
    const gone = { ...record('gone'), comment_id: 2, regressions: [{ gate: 'completion_regressions', case_id: 'c2', baseline: 1, candidate: 0, loss: 1 }] };
    const section = acceptanceSection(judged([old, gone])).join('\n');
    expect(section).toContain('⌛ The acceptance by `@old`');
    expect(section).toContain('expired on 2026-12-01');
    expect(section).toContain('ℹ️ The acceptance by `@gone`');
    expectInert(section);
  });

  it('no section without acceptances', () => {
    expect(acceptanceSection(judged())).toEqual([]);
    expect(renderMarkdown(judged())).not.toContain('Accepted regressions');
  });
});

describe('the replies', () => {
  const replies = (): string[] => [
    renderAcceptedReply(record(), { verdict: 'promote', held: [] }),
    renderRefusedReply('mallory', {
      code: 'unknown-targets',
      message: 'not case ids of this report or gate names:',
      names: [HOSTILE, ID],
      known: ['reward', 'x[by=<b>]'],
    }),
    renderRevokedReply('maint', 1, 'hold'),
  ];

  it('are escaped and start with the reply marker, so benchgate never answers itself', () => {
    for (const reply of replies()) {
      expect(reply.split('\n')[0]).toBe(REPLY_MARKER);
      expectInert(reply, true);
      expect(startsWithMarker(reply, commentMarker('main'))).toBe(false);
      expect(parseComment(`${reply}\n/benchgate accept all because loop`, { caseIds: new Set(), gateNames: [] }).kind).toBe('ignored');
    }
  });

  it('say what was done', () => {
    const [acceptedReply, refused, revoked] = replies();
    expect(acceptedReply).toContain('✅ Accepted by `@maint` (write) until 2026-12-09: 1 regression, as seen at `ccccccc`.');
    expect(acceptedReply).toContain('The check is decided again: **promote**.');
    expect(refused).toContain('⛔ The command by `@mallory` was not carried out: not case ids of this report or gate names:');
    expect(revoked).toContain('↩️ Revoked by `@maint`: 1 acceptance revoked or narrowed.');
  });

  it('an accept of cases that leaves a gate holding says so', () => {
    const held = [{ gate: 'reward', case_id: null, baseline: 0.9, candidate: 0.8, loss: 0.1 }];
    const reply = renderAcceptedReply(record(), { verdict: 'hold', held });
    expect(reply).toContain('The check is decided again: **hold**.\nStill holding, not named: gate reward (name a gate, or `all`');
  });
});

describe('the budget section', () => {
  it('counts the accepted regressions, logins escaped', () => {
    const state = judgeBudget(
      { reference: 'v1', limits: { completion_rate: { amount: 0.5, relative: false } } },
      { commit: 'd'.repeat(40), runs: [{ completion_rate: 1, reward: 1, steps: 3, cost: null }] },
      { completion_rate: 0.5, reward: 0.5, steps: 3, cost: null },
    );
    const text = renderBudget(chargeAcceptances(state, judged([record('x')]).acceptance)).join('\n');
    expect(text).toContain("The candidate's use includes 1 accepted regression (by `@x`): accepted, not fixed.");
    expect(renderBudget(state).join('\n')).not.toContain('accepted');
  });
});
