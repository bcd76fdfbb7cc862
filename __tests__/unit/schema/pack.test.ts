import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadPackedSummary, loadSummary } from '../../../src/adapters/registry.js';
import { caseCount, loadedRows, loadedWhole } from '../../../src/schema/loaded.js';
import { COLUMNS, FLAG, NO_FIELDS, packSummary, SLOT, SLOTS, SummaryPacker, transferables, unpackSummary } from '../../../src/schema/pack.js';
import type { BenchmarkSummary, CaseResult } from '../../../src/schema/summary.js';
import { loaded } from '../../helpers/rlm-builder.js';

const root = new URL('../../fixtures/', import.meta.url).pathname;
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
    description: null,
    task: null,
    started_at: null,
    finished_at: null,
    run_id: null,
    run_path: null,
    final_response: null,
    expected_answer: null,
    answer_match: null,
    extra: {},
  });
  return { ...s, cases: s.cases.map(drop) };
}

describe('packSummary / unpackSummary', () => {
  it.each(files.map((f) => [f.slice(root.length), f]))('%s round-trips what the comparison reads', (_name, file) => {
    const summary = loadSummary(file);
    expect(unpackSummary(structuredClone(packSummary(summary)))).toStrictEqual(lean(summary));
  });
  it('keeps errors, guardrail blocks, unknown mcp_enabled and missing durations', () => {
    const s = loaded({
      cases: [
        { id: 'a', error: 'boom' },
        { id: 'b', guardrail: true, completed: false },
      ],
    }).summary;
    s.cases[1]!.duration_seconds = null;
    s.cases[1]!.harness!.mcp_enabled = null;
    expect(unpackSummary(packSummary(s))).toStrictEqual(lean(s));
  });
  it('hands its typed arrays over for transfer', () => {
    const packed = packSummary(loaded({ cases: [{ id: 'a' }] }).summary);
    expect(transferables(packed)).toContain(packed.numbers.buffer);
    expect(transferables(packed)).toContain(packed.sortedDurations.buffer);
    expect(transferables(packed).every((b) => b instanceof ArrayBuffer)).toBe(true);
    expect(new Set(transferables(packed)).size).toBe(transferables(packed).length);
  });
});

describe('loading straight into the packed form', () => {
  it.each(files.map((f) => [f.slice(root.length), f]))('%s packs as loading and packing the summary would', (_name, file) => {
    expect(loadPackedSummary(file)).toStrictEqual(packSummary(loadSummary(file)));
  });
  it('notes whether the ids are sorted and unique, by code point, with nothing left to check', () => {
    const sorted = (...ids: string[]) =>
      packSummary({ ...loaded({ cases: [] }).summary, cases: ids.map((id) => ({ ...loaded({ cases: [{ id }] }).summary.cases[0]! })) }).sortedIds;
    expect(sorted('a', 'b', 'c')).toBe(true);
    expect(sorted()).toBe(true);
    expect(sorted('b', 'a')).toBe(false);
    expect(sorted('a', 'a')).toBe(false);
    expect(sorted('a', '\ue000')).toBe(false); // ascending, but UTF-16 order is not code-point order from U+D800 up
  });
  it('keeps the durations that are recorded, sorted', () => {
    const s = loaded({
      cases: [
        { id: 'a', duration: 3 },
        { id: 'b', duration: 0.5 },
        { id: 'c', duration: 2 },
      ],
    }).summary;
    s.cases[2]!.duration_seconds = null;
    expect([...packSummary(s).sortedDurations]).toEqual([0.5, 3]);
  });
});

describe('SummaryPacker: cases written straight into the columns', () => {
  /** What a reader writing rows itself does (the streaming rlm-code reader), for a case with no extra. */
  function writeRow(p: SummaryPacker, c: CaseResult): void {
    const i = p.reserveRow();
    const n = p.rowNumbers;
    const at = i * SLOTS;
    n[at + SLOT.reward] = c.reward;
    n[at + SLOT.steps] = c.steps;
    n[at + SLOT.duration] = c.duration_seconds ?? NaN;
    let f = (c.completed ? FLAG.completed : 0) | (c.duration_seconds === null ? 0 : FLAG.duration);
    if (c.usage) {
      [n[at + SLOT.totalCalls], n[at + SLOT.promptTokens], n[at + SLOT.completionTokens]] = [
        c.usage.total_calls,
        c.usage.prompt_tokens,
        c.usage.completion_tokens,
      ];
      f |= FLAG.usage;
    }
    const h = c.harness;
    if (h) {
      n[at + SLOT.harnessToolCalls] = h.harness_tool_calls;
      n[at + SLOT.mcpToolCalls] = h.mcp_tool_calls;
      n[at + SLOT.chainCalls] = h.codemode_chain_calls;
      n[at + SLOT.searchCalls] = h.codemode_search_calls;
      n[at + SLOT.discoveryCalls] = h.codemode_discovery_calls;
      f |=
        FLAG.harness |
        (h.codemode_guardrail_blocked ? FLAG.guardrail : 0) |
        (h.mcp_enabled === null ? 0 : FLAG.mcpKnown | (h.mcp_enabled ? FLAG.mcpEnabled : 0));
    }
    p.rowFlags[i] = f;
    const values = [
      c.mode,
      c.labels.environment,
      c.labels.task_family,
      c.labels.domain,
      c.labels.split,
      c.labels.length_bucket,
      h?.mcp_server ?? null,
      h?.harness_strategy ?? null,
    ];
    // In another column order than add's: each column numbers its values in the order of the cases.
    for (let col = COLUMNS.length - 1; col >= 0; col--) p.rowCodes(col)[i] = p.code(col, values[col] ?? null);
    p.commitRow(
      c.id,
      [...c.id].every((ch) => ch.charCodeAt(0) < 0x80),
      c.error,
    );
  }

  it.each(files.map((f) => [f.slice(root.length), f]))('%s packs as add packs it, growing from one case, with kept fields it has none of', (_name, file) => {
    const summary = loadSummary(file);
    const keep = { numbers: ['score'], labels: ['team'] };
    const rows = new SummaryPacker(1, keep, (capacity) => capacity * 2);
    for (const c of summary.cases) writeRow(rows, { ...c, extra: {} });
    const { cases, ...head } = summary;
    const added = new SummaryPacker(cases.length, keep);
    for (const c of cases) added.add({ ...c, extra: {} });
    expect(rows.finish(head)).toStrictEqual(added.finish(head));
  });

  it('notes whether the ids are sorted as add does (an id not known narrow is tested)', () => {
    const one = loaded({ cases: [{ id: 'a' }] }).summary.cases[0] as CaseResult;
    const sorted = (...ids: string[]) => {
      const p = new SummaryPacker(ids.length);
      for (const id of ids) writeRow(p, { ...one, id });
      return p.sortedIds;
    };
    expect(sorted('a', 'b', 'c')).toBe(true);
    expect(sorted('b', 'a')).toBe(false);
    expect(sorted('a', 'a')).toBe(false);
    expect(sorted('a', '\ue000')).toBe(false);
  });
});

describe('the loaded form: a head and its packed rows (schema/loaded.ts)', () => {
  const summary = () => loadSummary(files[0] as string);
  it('holds the rows it was given and the head they carry, with no cases', () => {
    const packed = packSummary(summary());
    const run = loadedRows('f.json', packed);
    expect(caseCount(run)).toBe(packed.ids.length);
    expect(run.rows).toBe(packed);
    expect(run.summary).toBe(packed.head);
    expect(Object.keys(run.summary)).not.toContain('cases');
    expect(JSON.parse(JSON.stringify(run.summary))).toStrictEqual(JSON.parse(JSON.stringify(packed.head)));
  });
  it('packs a whole summary once, keeping the fields asked for, and builds case objects only when asked (unpackSummary)', () => {
    const run = loadedWhole('f.json', summary(), NO_FIELDS);
    const { cases, ...head } = unpackSummary(run.rows);
    expect(cases).toStrictEqual(lean(summary()).cases);
    expect(head).toStrictEqual(run.rows.head);
  });
});
