// The named reads of a packed summary's rows (schema/packed-rows.ts) against the case objects they
// were packed from, on every rlm-code fixture: what the analysis reads through them is what the
// summary says. And the named writes of SummaryPacker (setNumber, setFlag) pack as add packs.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSummary } from '../../../src/adapters/registry.js';
import { COLUMNS, SLOT, SLOTS, SummaryPacker, packSummary } from '../../../src/schema/pack.js';
import {
  NUMBER_AT,
  RECORDED_AT,
  completedAt,
  guardrailBlockedAt,
  hasDuration,
  hasHarness,
  hasUsage,
  rewardAt,
  rowsWith,
  stepsAt,
  type CaseFlag,
  type CaseNumber,
} from '../../../src/schema/packed-rows.js';
import type { CaseResult } from '../../../src/schema/summary.js';

const root = new URL('../../fixtures/', import.meta.url).pathname;
const files = [
  ...readdirSync(`${root}rlm-code`).flatMap((d) => [`${root}rlm-code/${d}/baseline.json`, `${root}rlm-code/${d}/candidate.json`]),
  `${root}demo/baseline.json`,
  `${root}adapters/direct-llm.json`,
];

/** A case's numbers by name, null where its row does not record them. */
function numbersOf(c: CaseResult): Record<CaseNumber, number | null> {
  const u = c.usage;
  const h = c.harness;
  return {
    reward: c.reward,
    steps: c.steps,
    duration: c.duration_seconds,
    totalCalls: u?.total_calls ?? null,
    promptTokens: u?.prompt_tokens ?? null,
    completionTokens: u?.completion_tokens ?? null,
    harnessToolCalls: h?.harness_tool_calls ?? null,
    mcpToolCalls: h?.mcp_tool_calls ?? null,
    chainCalls: h?.codemode_chain_calls ?? null,
    searchCalls: h?.codemode_search_calls ?? null,
    discoveryCalls: h?.codemode_discovery_calls ?? null,
  };
}

function flagsOf(c: CaseResult): Record<CaseFlag, boolean> {
  const h = c.harness;
  return {
    completed: c.completed,
    usage: c.usage !== null,
    harness: h !== null,
    guardrail: h?.codemode_guardrail_blocked === true,
    mcpKnown: h !== null && h.mcp_enabled !== null,
    mcpEnabled: h?.mcp_enabled === true,
    duration: c.duration_seconds !== null,
  };
}

describe('packed rows read by name', () => {
  it.each(files.map((f) => [f.slice(root.length), f]))('%s: every number and flag of every case, as its case object says', (_name, file) => {
    const { cases } = loadSummary(file);
    const p = packSummary(loadSummary(file));
    const names = Object.keys(NUMBER_AT) as CaseNumber[];
    const predicates = { completed: completedAt, usage: hasUsage, harness: hasHarness, guardrail: guardrailBlockedAt, duration: hasDuration };
    let seen = 0;
    cases.forEach((c, i) => {
      const want = numbersOf(c);
      const flags = flagsOf(c);
      for (const [flag, at] of Object.entries(predicates)) expect(at(p, i), `${c.id} ${flag}`).toBe(flags[flag as CaseFlag]);
      for (const name of names) {
        const v = want[name];
        expect(RECORDED_AT[name](p, i), `${c.id} records ${name}`).toBe(v !== null);
        if (v !== null) {
          expect(NUMBER_AT[name](p, i), `${c.id} ${name}`).toBe(v);
          seen++;
        }
      }
      expect([completedAt(p, i), rewardAt(p, i), stepsAt(p, i)]).toEqual([c.completed, c.reward, c.steps]);
    });
    expect(seen).toBeGreaterThan(0);
    for (const flag of Object.keys(flagsOf(cases[0] as CaseResult)) as CaseFlag[])
      expect(rowsWith(p, flag), flag).toBe(cases.filter((c) => flagsOf(c)[flag]).length);
  });

  it('gives every number its own slot, 0 to SLOTS - 1', () => {
    expect(Object.values(SLOT).sort((a, b) => a - b)).toEqual([...Array(SLOTS).keys()]);
  });

  it('names every number of the packed layout (a new one must say when a row records it)', () => {
    const c = loadSummary(files[0] as string).cases[0] as CaseResult;
    expect(Object.keys(NUMBER_AT).sort()).toEqual(Object.keys(numbersOf(c)).sort());
    expect(Object.keys(RECORDED_AT).sort()).toEqual(Object.keys(numbersOf(c)).sort());
  });
});

describe('SummaryPacker: rows written by name', () => {
  /** A reader filling rows itself with the named writes, for a case with no extra. */
  function writeRow(p: SummaryPacker, c: CaseResult): void {
    const i = p.reserveRow();
    const numbers = numbersOf(c);
    for (const name of Object.keys(numbers) as CaseNumber[]) {
      const v = numbers[name];
      if (v !== null) p.setNumber(i, name, v);
    }
    if (c.duration_seconds === null) p.setNumber(i, 'duration', NaN);
    const flags = flagsOf(c);
    for (const flag of Object.keys(flags) as CaseFlag[]) if (flags[flag]) p.setFlag(i, flag);
    const h = c.harness;
    const values = [c.mode, c.labels.environment, c.labels.task_family, c.labels.domain, c.labels.split, c.labels.length_bucket, h?.mcp_server ?? null, h?.harness_strategy ?? null];
    for (let col = 0; col < COLUMNS.length; col++) p.rowCodes(col)[i] = p.code(col, values[col] ?? null);
    p.commitRow(c.id, false, c.error);
  }

  it.each(files.map((f) => [f.slice(root.length), f]))('%s packs as add packs it', (_name, file) => {
    const { cases, ...head } = loadSummary(file);
    const rows = new SummaryPacker(1, undefined, (capacity) => capacity * 2);
    for (const c of cases) writeRow(rows, { ...c, extra: {} });
    const added = new SummaryPacker(cases.length);
    for (const c of cases) added.add({ ...c, extra: {} });
    expect(rows.finish(head)).toStrictEqual(added.finish(head));
  });
});
