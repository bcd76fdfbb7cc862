// The named reads of a packed summary's rows (schema/packed-rows.ts) against the case objects they
// were packed from, on every rlm-code fixture: what the analysis reads through them is what the
// summary says.
import { readdirSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { packSummary, SLOT, SLOTS } from '../../../src/schema/pack.js';
import {
  type CaseFlag,
  type CaseNumber,
  completedAt,
  guardrailBlockedAt,
  hasDuration,
  hasHarness,
  hasUsage,
  NUMBER_AT,
  RECORDED_AT,
  rewardAt,
  rowsWith,
  stepsAt,
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
