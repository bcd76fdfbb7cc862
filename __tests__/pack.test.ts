import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSummary } from '../src/adapters/index.js';
import { packSummary, transferables, unpackSummary } from '../src/schema/pack.js';
import type { BenchmarkSummary, CaseResult } from '../src/schema/summary.js';
import { loaded } from './helpers/rlm-builder.js';

const root = new URL('./fixtures/', import.meta.url).pathname;
const files = [
  ...readdirSync(`${root}rlm-code`).flatMap((d) => [`${root}rlm-code/${d}/baseline.json`, `${root}rlm-code/${d}/candidate.json`]),
  `${root}demo/baseline.json`,
  `${root}adapters/direct-llm.json`,
];

/** What packing promises to keep: everything but per-case text, per-role usage and unknown fields. */
function lean(s: BenchmarkSummary): BenchmarkSummary {
  const drop = (c: CaseResult): CaseResult => ({
    ...c,
    usage: c.usage && { ...c.usage, roles: null },
    description: null, task: null, started_at: null, finished_at: null, run_id: null, run_path: null,
    final_response: null, expected_answer: null, answer_match: null, extra: {},
  });
  return { ...s, cases: s.cases.map(drop) };
}

describe('packSummary / unpackSummary', () => {
  it.each(files.map((f) => [f.slice(root.length), f]))('%s round-trips what the comparison reads', (_name, file) => {
    const summary = loadSummary(file);
    expect(unpackSummary(structuredClone(packSummary(summary)))).toStrictEqual(lean(summary));
  });
  it('keeps errors, guardrail blocks, unknown mcp_enabled and missing durations', () => {
    const s = loaded({ cases: [{ id: 'a', error: 'boom' }, { id: 'b', guardrail: true, completed: false }] }).summary;
    s.cases[1]!.duration_seconds = null;
    s.cases[1]!.harness!.mcp_enabled = null;
    expect(unpackSummary(packSummary(s))).toStrictEqual(lean(s));
  });
  it('hands its typed arrays over for transfer', () => {
    const packed = packSummary(loaded({ cases: [{ id: 'a' }] }).summary);
    expect(transferables(packed)).toContain(packed.numbers.buffer);
    expect(transferables(packed).every((b) => b instanceof ArrayBuffer)).toBe(true);
  });
});
