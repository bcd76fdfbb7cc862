import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { inputError as message, triedFormats } from '../../helpers/input-error.js';

const dir = join(FIXTURES, 'adapters-records');
const base = join(dir, 'baseline.jsonl');
const cand = join(dir, 'candidate.jsonl');

describe('generic records', () => {
  it('reads JSON Lines with the common field names into the canonical summary (golden)', () => {
    const s = loadSummary(base);
    expect(s.format).toBe('records');
    expect(s.cases).toHaveLength(12);
    expect(s.cases[1]).toMatchObject({
      id: 'task-01',
      completed: true,
      reward: 0.85,
      steps: 4,
      duration_seconds: 1.63,
      usage: { total_calls: 3, prompt_tokens: 1237, completion_tokens: 251 },
      labels: { task_family: 'math' },
      extra: { judge_score: 0.72, agent: 'baseline' },
    });
    expect(s.reported).toMatchObject({ total_cases: 12, completed_cases: 11 });
    expectCanonical('records-baseline', s);
  });

  it('takes a field mapping for other names and nested fields (golden)', () => {
    const fields = { id: 'eval_id', completed: 'outcome.ok', reward: 'outcome.f1', latency: 'secs', split: 'dataset' };
    const s = loadSummary(join(dir, 'mapped.json'), { format: 'auto', fields });
    expect(s.cases[1]).toMatchObject({ id: 'q1', completed: true, reward: 0.54, duration_seconds: 2.1, labels: { split: 'dev' } });
    expect(s.cases[0]?.completed).toBe(false);
    expectCanonical('records-mapped', s);
    // Without the mapping the file has no id field: detection says what it looked for.
    expect(triedFormats(() => loadSummary(join(dir, 'mapped.json')))).toContainEqual(
      expect.stringMatching(/^records: expected .*; here: the first record has no id field \(looked for "id", "case_id", "name"/),
    );
  });

  it('compares two record files end to end; a regression holds, the same file promotes', async () => {
    const hold = await runCli('compare', '--baseline', base, '--candidate', cand, '--format', 'json');
    expect(hold.code).toBe(1);
    const report = JSON.parse(hold.stdout) as { verdict: string; cases: { case_id: string; completion_regression: boolean }[] };
    expect(report.verdict).toBe('hold');
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['task-04']);
    expect((await runCli('compare', '--baseline', base, '--candidate', base, '--input-format', 'records')).code).toBe(0);
    // A field the suite writes can be gated on: the judge score per case.
    const cfg = tempFiles({ 'gates.yml': 'gates:\n  - field: judge_score\n    direction: higher\n' });
    const gated = await runCli('compare', '--baseline', base, '--candidate', base, '--config', join(cfg, 'gates.yml'), '--format', 'json');
    expect(JSON.parse(gated.stdout).metric_gates[0]).toMatchObject({ metric: 'judge_score', status: 'pass' });
  });

  it('names the file, the line and the field of a broken record', () => {
    const d = tempFiles({
      'bad.jsonl':
        '{"id": "a", "passed": true}\n{"id": "b", "passed": "yes"}\n{"passed": true}\n{"id": "d", "score": "high"}\nnot json\n[1]\n{"id": "a", "passed": false}\n',
      'empty.json': '[]',
    });
    const m = message(() => loadSummary(join(d, 'bad.jsonl')));
    expect(m).toContain(`${join(d, 'bad.jsonl')}: 6 problems:`);
    expect(m).toContain('line 2: "passed": expected true, false, 0 or 1, got the string "yes"');
    expect(m).toContain('line 3: "id": expected a non-empty string or number (the case id), got nothing (the field is missing)');
    expect(m).toContain('line 4: "score": expected a number, got the string "high"');
    expect(m).toMatch(/line 5: not valid JSON \(/);
    expect(m).toContain('line 6: expected an object (one record), got an array of 1');
    expect(m).toContain('line 7: case id "a" is also at line 1; expected each id once');
    expect(triedFormats(() => loadSummary(join(d, 'empty.json'))).join('\n')).toMatch(/here: an empty array of records/);
  });
});

describe('a configured gate on a per-record field', () => {
  it('stats.mean on every record: an identical pair promotes (the field is recorded, not unknown), a drop holds', async () => {
    const recs = Array.from({ length: 30 }, (_, i) => ({ id: `c${i}`, passed: i % 3 !== 0, stats: { mean: (i % 7) / 6, rounds: 5 } }));
    const worse = recs.map((r) => ({ ...r, stats: { ...r.stats, mean: r.stats.mean - 0.1 } }));
    const d = tempFiles({
      'r.json': JSON.stringify({ records: recs }),
      'r.jsonl': recs.map((r) => JSON.stringify(r)).join('\n'),
      'w.json': JSON.stringify({ records: worse }),
      'c.yml': 'version: 1\ngates:\n  - field: stats.mean\n    direction: higher\n    tolerance: 0.02\n',
    });
    for (const f of ['r.json', 'r.jsonl']) {
      const r = await runCli('compare', '--baseline', join(d, f), '--candidate', join(d, f), '--config', join(d, 'c.yml'), '--format', 'json');
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { metric_gates: { status: string; basis: string }[] }).metric_gates).toMatchObject([{ status: 'pass', basis: 'point' }]);
    }
    const r = await runCli('compare', '--baseline', join(d, 'r.json'), '--candidate', join(d, 'w.json'), '--config', join(d, 'c.yml'), '--format', 'json');
    expect(r.code).toBe(1);
  });
});

describe('steps and calls a run of records does not carry', () => {
  it('are unknown, never 0: the steps gate is not judged; one record that carries steps makes them known', async () => {
    const recs = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, passed: i % 2 === 0 }));
    const withSteps = recs.map((r, i) => (i === 0 ? { ...r, steps: 4 } : r));
    const d = tempFiles({ 'none.json': JSON.stringify(recs), 'some.json': JSON.stringify(withSteps) });
    expect(loadSummary(join(d, 'none.json')).metadata).toMatchObject({ unrecorded: 'steps,calls' });
    expect(loadSummary(join(d, 'some.json')).metadata).toMatchObject({ unrecorded: 'calls' });
    const none = await runCli('compare', '--baseline', join(d, 'none.json'), '--candidate', join(d, 'none.json'));
    expect(none.stdout).toContain('| Steps (mean) | unknown | unknown |  | ≤ +0.5; not judged: neither run records steps | ➖ |');
    const json = await runCli('compare', '--baseline', join(d, 'none.json'), '--candidate', join(d, 'some.json'), '--format', 'json');
    expect((JSON.parse(json.stdout) as { unrecorded: { baseline: string[]; candidate: string[] } }).unrecorded).toMatchObject({
      baseline: ['steps', 'calls', 'tokens'],
      candidate: ['calls', 'tokens'],
    });
  });
});
