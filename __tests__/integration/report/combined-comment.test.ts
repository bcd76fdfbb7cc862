// One combined PR comment for several suites: the layout (pure), and the read-merge-write through
// the real @actions/github client against the REST double on loopback, including the races of
// matrix jobs (a lost update, a comment created twice).
import * as github from '@actions/github';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type CombinedComment, upsertCombinedComment } from '../../../src/github/combined-comment.js';
import { type CommentSection, groupMarker, parseSections, renderCombined, withSection } from '../../../src/report/combined-comment.js';
import { COMMENT_LIMIT } from '../../../src/report/comment.js';
import { closers } from '../../../src/report/markdown/fit.js';
import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';

const BOT = { login: 'github-actions[bot]', type: 'Bot' as const };
const repo = { owner: 'octo-org', repo: 'benchgate' };
const MARKER = groupMarker('presets');
const note = (suite: string): string => `> [!NOTE]\n> Cut; see ${suite}'s job summary.`;
const section = (suite: string, verdict: CommentSection['verdict'], body: string, digest = 'ab'.repeat(8)): CommentSection => ({
  suite,
  verdict,
  digest,
  body,
});

describe('combined comment layout', () => {
  it('round-trips its sections, ordered by suite, under an overview rebuilt from them', () => {
    let sections: CommentSection[] = [];
    sections = withSection(sections, section('swe', 'hold', '### ❌ Hold: swe\n\ndetails'));
    sections = withSection(sections, section('math', 'promote', '### ✅ Promote: math'));
    const body = renderCombined('presets', sections, '<sub>updated</sub>\n', note);
    expect(body.startsWith(`${MARKER}\n## benchgate: 1 of 2 suites do not promote\n`)).toBe(true);
    expect(body).toContain('| `math` | ✅ Promote |\n| `swe` | ❌ Hold |');
    expect(parseSections(body)).toEqual(sections);
    // Replacing a section keeps the others as they were.
    const again = withSection(parseSections(body), section('swe', 'promote', '### ✅ Promote: swe', 'cd'.repeat(8)));
    expect(again.map((s) => [s.suite, s.verdict])).toEqual([
      ['math', 'promote'],
      ['swe', 'promote'],
    ]);
    expect(renderCombined('presets', again, '', note)).toContain('## benchgate: all 2 suites promote');
  });

  it('keeps the comment under the limit: each section gets its share, cut ones close their blocks', () => {
    const huge = (suite: string) =>
      section(suite, 'hold', `### ❌ Hold: ${suite}\n\n<details><summary>All cases</summary>\n\n${'| `case` | ✅ | ❌ |\n'.repeat(5000)}</details>`);
    const sections = ['a', 'b', 'c'].reduce<CommentSection[]>((all, s) => withSection(all, huge(s)), []);
    const body = renderCombined('presets', sections, '<sub>updated</sub>\n', note);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT.max);
    const parsed = parseSections(body);
    expect(parsed.map((s) => s.suite)).toEqual(['a', 'b', 'c']);
    for (const s of parsed) {
      expect(s.body).toContain('Cut; see');
      expect(closers(s.body)).toBe('');
    }
  });

  it('is not fooled by marker-like text or a section without its end', () => {
    const forged = '`<!-- benchgate:section suite=evil verdict=promote digest=00 -->`';
    const body = renderCombined('presets', [section('real', 'hold', `case ${forged}`)], '', note);
    expect(parseSections(body).map((s) => s.suite)).toEqual(['real']);
    expect(parseSections(`${MARKER}\n<!-- benchgate:section suite=cut verdict=hold digest=00 -->\nno end`)).toEqual([]);
    expect(() => groupMarker('a b')).toThrow(/comment group "a b"/);
  });
});

describe('combined comment on the pull request', () => {
  let gh: GitHubApiDouble;
  const warnings: string[] = [];
  beforeEach(async () => {
    gh = await startGitHubApi();
    gh.addPull({ number: 5, headSha: 'a'.repeat(40) });
    warnings.length = 0;
  });
  afterEach(async () => gh.close());
  const client = () => github.getOctokit('ghs_test_token', { baseUrl: gh.url });
  const job = (suite: string, verdict: CommentSection['verdict'], digest: string, extra: Partial<CombinedComment> = {}): CombinedComment => ({
    ...repo,
    issueNumber: 5,
    group: 'presets',
    suite,
    verdict,
    digest,
    mode: 'changed',
    tail: '<sub>updated</sub>\n',
    note,
    render: (share) => `### ${verdict === 'promote' ? '✅ Promote' : '❌ Hold'}: ${suite} (room ${share > 1000 ? 'plenty' : share})`,
    warn: (m) => warnings.push(m),
    settle: async () => undefined,
    ...extra,
  });
  const botComments = () => gh.comments(5).filter((c) => c.user.type === 'Bot');

  it('each suite job writes its own section of one comment; an equal digest leaves it alone', async () => {
    const a = await upsertCombinedComment(client(), job('math', 'promote', '1'.repeat(16)));
    const b = await upsertCombinedComment(client(), job('swe', 'hold', '2'.repeat(16)));
    expect([a.action, b.action]).toEqual(['created', 'updated']);
    expect(botComments()).toHaveLength(1);
    const body = botComments()[0]?.body ?? '';
    expect(parseSections(body).map((s) => [s.suite, s.verdict])).toEqual([
      ['math', 'promote'],
      ['swe', 'hold'],
    ]);
    expect(body).toContain('## benchgate: 1 of 2 suites do not promote');
    const patches = () => gh.calls.filter((c) => c.method === 'PATCH').length;
    const before = patches();
    expect((await upsertCombinedComment(client(), job('math', 'promote', '1'.repeat(16)))).action).toBe('unchanged');
    expect(patches()).toBe(before);
    expect(gh.invalidCalls()).toEqual([]);
  });

  it('repairs a lost update: a racing job wrote a stale copy without this section', async () => {
    await upsertCombinedComment(client(), job('math', 'promote', '1'.repeat(16)));
    const id = botComments()[0]?.id as number;
    let raced = false;
    const racing = job('swe', 'hold', '2'.repeat(16), {
      // While this job waits to check, the math job writes back the version it read before (no swe).
      settle: async () => {
        if (raced) return;
        raced = true;
        const stale = renderCombined('presets', [section('math', 'promote', '### ✅ Promote: math (rerun)', '3'.repeat(16))], '<sub>updated</sub>\n', note);
        await client().rest.issues.updateComment({ ...repo, comment_id: id, body: stale });
      },
    });
    expect((await upsertCombinedComment(client(), racing)).action).toBe('updated');
    const sections = parseSections(botComments()[0]?.body ?? '');
    expect(sections.map((s) => [s.suite, s.digest])).toEqual([
      ['math', '3'.repeat(16)],
      ['swe', '2'.repeat(16)],
    ]);
    expect(warnings).toEqual([]);
  });

  it('merges a comment created twice into the oldest and deletes the other; ignores forged markers', async () => {
    const one = renderCombined('presets', [section('math', 'promote', 'math report')], '', note);
    const two = renderCombined('presets', [section('swe', 'hold', 'swe report')], '', note);
    const first = gh.addComment(5, one, BOT);
    gh.addComment(5, two, BOT);
    gh.addComment(5, renderCombined('presets', [section('evil', 'promote', 'pasted by a user')], '', note), { login: 'mallory', type: 'User' });
    expect((await upsertCombinedComment(client(), job('code', 'inconclusive', '4'.repeat(16)))).action).toBe('updated');
    const bots = botComments();
    expect(bots.map((c) => c.id)).toEqual([first.id]);
    expect(parseSections(bots[0]?.body ?? '').map((s) => s.suite)).toEqual(['code', 'math', 'swe']);
    expect(gh.comments(5).some((c) => c.user.login === 'mallory')).toBe(true);
  });

  it('two jobs of the group merging the same duplicate: the one whose delete comes second finds it gone, and warns of nothing', async () => {
    const first = gh.addComment(5, renderCombined('presets', [section('math', 'promote', 'math report')], '', note), BOT);
    gh.addComment(5, renderCombined('presets', [section('swe', 'hold', 'swe report')], '', note), BOT);
    const loser = client();
    // The racing job deletes the duplicate just before this job's own delete reaches GitHub: it gets a 404.
    loser.hook.before('request', async (options) => {
      if (options.method === 'DELETE')
        await client().request(`DELETE ${options.url}`, { ...repo, comment_id: (options as { comment_id?: number }).comment_id });
    });
    const outcome = await upsertCombinedComment(loser, job('code', 'inconclusive', '4'.repeat(16)));
    expect(outcome.action).toBe('updated');
    expect(gh.calls.filter((c) => c.method === 'DELETE').map((c) => c.status)).toEqual([204, 404]);
    expect(botComments().map((c) => c.id)).toEqual([first.id]);
    expect(parseSections(botComments()[0]?.body ?? '').map((s) => s.suite)).toEqual(['code', 'math', 'swe']);
    expect(warnings).toEqual([]);
  });

  it('gives up with a warning when the comment keeps changing; off and hold write nothing', async () => {
    await upsertCombinedComment(client(), job('math', 'promote', '1'.repeat(16)));
    const id = botComments()[0]?.id as number;
    const stale = renderCombined('presets', [section('math', 'promote', 'again')], '', note);
    const flappy = job('swe', 'hold', '2'.repeat(16), {
      attempts: 2,
      settle: async () => void (await client().rest.issues.updateComment({ ...repo, comment_id: id, body: stale })),
    });
    await upsertCombinedComment(client(), flappy);
    expect(warnings).toEqual([
      'the combined comment of group presets kept changing under this job (2 attempts); its section for swe may be missing until the next run',
    ]);
    gh.calls.length = 0;
    expect((await upsertCombinedComment(client(), job('x', 'hold', '5'.repeat(16), { mode: 'off' }))).action).toBe('skipped');
    await gh.close();
    gh = await startGitHubApi();
    gh.addPull({ number: 5, headSha: 'a'.repeat(40) });
    expect(await upsertCombinedComment(client(), job('x', 'promote', '5'.repeat(16), { mode: 'hold' }))).toEqual({
      action: 'skipped',
      reason: 'comment: hold, and the verdict is promote',
    });
    expect(botComments()).toEqual([]);
  });
});
