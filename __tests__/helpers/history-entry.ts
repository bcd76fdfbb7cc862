/** A history entry (the history branch's file) for tests: `commit`'s run with this completion rate. */
import type { HistoryEntry } from '../../src/history/history-file.js';

export function historyEntry(commit: string, completion: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    commit,
    branch: 'main',
    run_id: 1,
    run_attempt: 1,
    run_url: null,
    recorded_at: '2026-10-01T00:00:00Z',
    id: 'demo',
    preset: null,
    mode: null,
    strategy: null,
    model: 'gpt-4o',
    started_at: null,
    cases: 100,
    reward: completion,
    completion_rate: completion,
    steps: 3,
    tokens: null,
    cost: null,
    duration: null,
    efficiency: null,
    fingerprint: {},
    ...over,
  };
}
