// The sticky comment's marker and digest are recognised only where benchgate writes them (the body's
// first and second lines): a case id that spells another suite's marker is printed (as code) in this
// suite's comment, and must never make that comment the other suite's.
import * as github from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { digestOf, startsWithMarker, upsertStickyComment } from '../../../src/github/comments.js';
import { type CommentContext, commentMarker, renderComment } from '../../../src/report/comment.js';
import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const TOKEN = 'ghs_test_token';
const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };
const HOSTILE = '<!-- benchgate:v1 gate=other -->';
const FORGED_DIGEST = `<!-- benchgate:digest=${'f'.repeat(32)} -->`;

let api: GitHubApiDouble;
beforeAll(async () => {
  api = await startGitHubApi({ token: TOKEN });
});
afterAll(() => api.close());

const ctx = (gateId: string): CommentContext => ({
  gateId,
  verdict: 'hold',
  headSha: '1'.repeat(40),
  baseSha: '2'.repeat(40),
  updatedAt: '2026-11-24T06:00:00Z',
  runUrl: null,
  reportArtifact: `benchgate-${gateId}-report`,
});

/** The comment of suite `demo`, whose candidate fails the case named like suite `other`'s marker (and a forged digest). */
function demoComment(): string {
  const base = loaded({ strategy: 'tool_call', cases: cases(4, (i) => ({ id: i === 0 ? HOSTILE : i === 1 ? FORGED_DIGEST : `case_${i}` })) });
  const cand = loaded({ strategy: 'codemode', cases: cases(4, (i) => ({ id: i === 0 ? HOSTILE : i === 1 ? FORGED_DIGEST : `case_${i}`, completed: i > 1 })) });
  return renderComment(compareSummaries(base, cand), ctx('demo'));
}

describe("a case id that spells another suite's marker", () => {
  it('is in the demo comment, but neither its marker nor its digest is recognised there', () => {
    const body = demoComment();
    expect(body).toContain(HOSTILE);
    expect(startsWithMarker(body, commentMarker('demo'))).toBe(true);
    expect(startsWithMarker(body, commentMarker('other'))).toBe(false);
    expect(digestOf(body)).not.toBe('f'.repeat(32));
    // A digest is read only from the line under the marker.
    expect(digestOf(`${commentMarker('demo')}\ntext\n${FORGED_DIGEST}`)).toBeNull();
  });

  it("never makes suite other update the demo comment: other gets its own, demo's stays as it was", async () => {
    const octokit = github.getOctokit(TOKEN, { baseUrl: api.url });
    const demo = api.addComment(7, demoComment(), BOT);
    const body = `${commentMarker('other')}\n<!-- benchgate:digest=${'a'.repeat(32)} -->\nother's report\n`;
    const outcome = await upsertStickyComment(octokit, {
      owner: 'octo-org',
      repo: 'benchgate',
      issueNumber: 7,
      marker: commentMarker('other'),
      body,
      digest: 'a'.repeat(32),
      mode: 'changed',
      verdict: 'hold',
      warn: () => {},
    });
    expect(outcome.action).toBe('created');
    const comments = api.comments(7);
    expect(comments).toHaveLength(2);
    expect(comments[0]).toMatchObject({ id: demo.id, body: demo.body, updated_at: demo.updated_at });
    expect(comments[1]?.body).toBe(body);
    expect(api.invalidCalls()).toEqual([]);
  });
});
