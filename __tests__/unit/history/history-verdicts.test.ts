// The history file's PR verdicts (issue 46 item 3): optional, so files written before them read and
// write as they did; one per line; validated; one per PR; kept when runs are added.
import { describe, expect, it } from 'vitest';

import {
  addEntry,
  addVerdict,
  type GateVerdictEntry,
  HISTORY_MAX_VERDICTS,
  HISTORY_SCHEMA,
  type HistoryFile,
  parseHistory,
  serializeHistory,
} from '../../../src/history/history-file.js';
import { historyEntry } from '../../helpers/history-entry.js';

const SHA = (n: number): string => n.toString(16).padStart(40, 'a');

const verdict = (pr: number, over: Partial<GateVerdictEntry> = {}): GateVerdictEntry => ({
  pr,
  head_sha: SHA(pr),
  merge_sha: SHA(100 + pr),
  base_sha: SHA(200 + pr),
  verdict: 'hold',
  decide: 'significant',
  check: 'advisory',
  conclusion: 'neutral',
  at: '2026-10-01T12:00:00Z',
  ...over,
});

const old: HistoryFile = { schema: HISTORY_SCHEMA, suite: 'demo', entries: [historyEntry(SHA(1), 0.8)] };

describe('PR verdicts in the history file', () => {
  it('leaves a file without verdicts as it was, byte for byte', () => {
    const text = serializeHistory(old);
    expect(text).not.toContain('verdicts');
    expect(serializeHistory(parseHistory(text, 'h.json'))).toBe(text);
    expect(parseHistory(text, 'h.json').verdicts).toBeUndefined();
  });

  it('writes one verdict per line before the entries, round-trips, and keeps them when a run is added', () => {
    let h = addVerdict(old, 'demo', verdict(1)).history;
    h = addVerdict(h, 'demo', verdict(2, { merge_sha: null, verdict: 'promote', check: 'blocking', conclusion: 'success' })).history;
    const text = serializeHistory(h);
    expect(text.split('\n').filter((l) => l.startsWith('    {"pr"'))).toHaveLength(2);
    expect(text.indexOf('"verdicts"')).toBeLessThan(text.indexOf('"entries"'));
    const reread = parseHistory(text, 'h.json');
    expect(reread.verdicts).toEqual(h.verdicts);
    const more = addEntry(reread, 'demo', historyEntry(SHA(2), 0.7, { run_id: 2 })).history;
    expect(more.verdicts?.map((v) => v.pr)).toEqual([1, 2]);
  });

  it('keeps one verdict per PR (the newest), and at most HISTORY_MAX_VERDICTS', () => {
    let h = addVerdict(null, 'demo', verdict(1)).history;
    h = addVerdict(h, 'demo', verdict(2)).history;
    h = addVerdict(h, 'demo', verdict(1, { verdict: 'promote' })).history;
    expect(h.verdicts?.map((v) => [v.pr, v.verdict])).toEqual([
      [2, 'hold'],
      [1, 'promote'],
    ]);
    const full: HistoryFile = { ...old, verdicts: Array.from({ length: HISTORY_MAX_VERDICTS }, (_, i) => verdict(i + 1)) };
    const { history, dropped } = addVerdict(full, 'demo', verdict(9999));
    expect([dropped, history.verdicts?.length, history.verdicts?.[0]?.pr, history.verdicts?.at(-1)?.pr]).toEqual([1, HISTORY_MAX_VERDICTS, 2, 9999]);
    expect(() => addVerdict(h, 'other', verdict(3))).toThrow('the history file is of suite "demo", not "other"');
  });

  it('reads verdicts strictly, naming the field', () => {
    const bad = JSON.parse(serializeHistory({ ...old, verdicts: [verdict(1)] })) as { verdicts: Record<string, unknown>[] };
    Object.assign(bad.verdicts[0] as object, { verdict: 'pass', merge_sha: 'main', pr: 0 });
    expect(() => parseHistory(JSON.stringify(bad), 'h:demo.json')).toThrow(
      /h:demo\.json: 3 problems:\n {2}- \$\.verdicts\[0\]\.pr: .*\n {2}- \$\.verdicts\[0\]\.merge_sha: expected a full commit SHA, got the string "main"\n {2}- \$\.verdicts\[0\]\.verdict: .*"pass"/,
    );
  });
});
