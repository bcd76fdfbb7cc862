// Issue 46: who may accept, and the record an accept makes. The permission is the API's; the PR's
// author and bots are judged by it like anyone else.
import { describe, expect, it } from 'vitest';

import type { HeldRegression } from '../../../src/analysis/acceptance/model.js';
import { acceptanceRecord, mayAccept, mayCommand } from '../../../src/policy/acceptance.js';

describe('mayAccept', () => {
  const table: { permission: string; actor: string; author: string | null; ok: boolean; says?: RegExp }[] = [
    { permission: 'admin', actor: 'alice', author: 'bob', ok: true },
    { permission: 'maintain', actor: 'alice', author: 'bob', ok: true },
    { permission: 'write', actor: 'alice', author: 'bob', ok: true },
    { permission: 'triage', actor: 'alice', author: 'bob', ok: false, says: /needs write permission.*the commenter has triage/ },
    { permission: 'read', actor: 'alice', author: 'bob', ok: false, says: /the commenter has read/ },
    { permission: 'none', actor: 'mallory', author: 'bob', ok: false, says: /has none/ },
    // The PR's author: by permission only, either way.
    { permission: 'read', actor: 'bob', author: 'bob', ok: false, says: /the pull request's author has read/ },
    { permission: 'read', actor: 'BOB', author: 'bob', ok: false, says: /the pull request's author has read/ },
    { permission: 'write', actor: 'bob', author: 'bob', ok: true },
    // Bots: by permission only.
    { permission: 'write', actor: 'renovate[bot]', author: 'bob', ok: true },
    { permission: 'none', actor: 'github-actions[bot]', author: 'bob', ok: false, says: /has none/ },
    // What the API did not say plainly, and logins no API gives.
    { permission: 'custom-release-role', actor: 'alice', author: 'bob', ok: false, says: /could not be read/ },
    { permission: '', actor: 'alice', author: 'bob', ok: false, says: /could not be read/ },
    { permission: 'toString', actor: 'alice', author: 'bob', ok: false, says: /could not be read/ },
    { permission: 'admin', actor: 'a b', author: 'bob', ok: false, says: /not a GitHub login/ },
    { permission: 'admin', actor: '@alice', author: 'bob', ok: false, says: /not a GitHub login/ },
    { permission: 'admin', actor: '', author: null, ok: false, says: /not a GitHub login/ },
  ];
  it.each(table)('$permission by $actor (author $author): $ok', ({ permission, actor, author, ok, says }) => {
    const r = mayAccept(permission, actor, author);
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r.refusal).toMatchObject({ code: 'not-permitted', names: [] });
    if (!r.ok && says) expect(r.refusal.message).toMatch(says);
  });

  it('revoke and rerun need write; explain only read', () => {
    expect(mayCommand('revoke', 'read', 'alice', null).ok).toBe(false);
    expect(mayCommand('rerun', 'triage', 'alice', null).ok).toBe(false);
    expect(mayCommand('explain', 'read', 'alice', null).ok).toBe(true);
    expect(mayCommand('explain', 'none', 'alice', null).ok).toBe(false);
  });
});

describe('acceptanceRecord', () => {
  const held: HeldRegression[] = [
    { gate: 'reward', case_id: null, baseline: 0.8, candidate: 0.7, loss: 0.1 },
    { gate: 'completion_regressions', case_id: 'case-1', baseline: 1, candidate: 0, loss: 1 },
    { gate: 'completion_regressions', case_id: 'case-2', baseline: 1, candidate: 0, loss: 1 },
  ];
  const ctx = { by: 'alice', permission: 'write' as const, at: '2026-12-02T10:00:00Z', head_sha: 'a'.repeat(40), comment_id: 7 };
  const accept = (targets: Parameters<typeof acceptanceRecord>[0]['targets'], days = 7) =>
    acceptanceRecord({ kind: 'accept', targets, reason: 'known', days }, held, ctx);

  it('binds the regressions named, as they are now, and expires N days on', () => {
    const r = accept({ all: false, cases: ['case-2'], gates: ['reward'] }, 3);
    expect(r).toEqual({
      ok: true,
      record: {
        ...ctx,
        at: '2026-12-02T10:00:00.000Z',
        targets: { all: false, cases: ['case-2'], gates: ['reward'] },
        regressions: [held[0], held[2]],
        reason: 'known',
        expires_at: '2026-12-05T10:00:00.000Z',
      },
    });
  });

  it('a gate name takes its cases; all takes everything', () => {
    const gate = accept({ all: false, cases: [], gates: ['completion_regressions'] });
    expect(gate.ok && gate.record.regressions.map((x) => x.case_id)).toEqual(['case-1', 'case-2']);
    const all = accept({ all: true });
    expect(all.ok && all.record.regressions).toHaveLength(3);
  });

  it('refuses a case or gate with no regression holding the verdict, naming it', () => {
    expect(accept({ all: false, cases: ['case-3', 'case-1'], gates: ['steps'] })).toMatchObject({
      ok: false,
      refusal: { code: 'not-regressed', names: ['case-3', 'steps'] },
    });
  });

  it('refuses when nothing but findings holds', () => {
    expect(acceptanceRecord({ kind: 'accept', targets: { all: true }, reason: 'x', days: 7 }, [], ctx)).toMatchObject({
      ok: false,
      refusal: { code: 'nothing-to-accept' },
    });
  });
});
