// Issue 46: acceptance events read back from storage (JSON) are checked before any lifts a regression.
import { describe, expect, it } from 'vitest';

import type { AcceptanceRecord } from '../../../src/analysis/acceptance/model.js';
import { readAcceptanceEvents, readAcceptanceRecord } from '../../../src/analysis/acceptance/read.js';

const record: AcceptanceRecord = {
  by: 'maint',
  permission: 'write',
  at: '2026-12-02T10:00:00.000Z',
  head_sha: 'a'.repeat(40),
  targets: { all: false, cases: ['c01'], gates: [] },
  regressions: [{ gate: 'completion_regressions', case_id: 'c01', baseline: 1, candidate: 0, loss: 1 }],
  reason: 'known',
  expires_at: '2026-12-09T10:00:00.000Z',
  comment_id: 3,
};

describe('readAcceptanceEvents', () => {
  it('reads what was written, through JSON', () => {
    const events = [
      { kind: 'accept', record },
      { kind: 'revoke', by: 'maint', at: '2026-12-03T00:00:00Z', comment_id: 4, targets: null },
      { kind: 'withdrawn', comment_id: 3, at: '2026-12-03T01:00:00Z' },
    ];
    expect(readAcceptanceEvents(JSON.parse(JSON.stringify(events)), 'check output')).toEqual(events);
  });

  const broken: { what: string; value: unknown; says: RegExp }[] = [
    { what: 'a permission below write', value: { ...record, permission: 'read' }, says: /permission: expected one of write, maintain, admin/ },
    { what: 'no regressions', value: { ...record, regressions: [] }, says: /regressions: expected a non-empty list/ },
    { what: 'a bad time', value: { ...record, expires_at: 'never' }, says: /expires_at: expected an ISO 8601 time/ },
    { what: 'a long reason', value: { ...record, reason: 'x'.repeat(301) }, says: /reason: expected at most 300/ },
    {
      what: 'a string loss',
      value: { ...record, regressions: [{ ...record.regressions[0], loss: '1' }] },
      says: /regressions\[0\]: loss: expected a finite number/,
    },
    { what: 'a bad comment id', value: { ...record, comment_id: -1 }, says: /comment_id: expected a positive whole number/ },
    { what: 'targets not all or named', value: { ...record, targets: { all: 'yes' } }, says: /targets.all: expected true or false/ },
  ];
  it.each(broken)('refuses $what, naming the field', ({ value, says }) => {
    expect(() => readAcceptanceRecord(value, 'acceptances[0]')).toThrow(says);
  });

  it('refuses an unknown kind', () => {
    expect(() => readAcceptanceEvents([{ kind: 'approve' }], 'history')).toThrow(/history\[0\]: kind: expected accept, revoke or withdrawn/);
  });
});
