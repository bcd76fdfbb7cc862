import { describe, expect, it } from 'vitest';

import { caseOf as baseCase } from '../../../src/adapters/parsing/records-common.js';
import { COLUMNS, SummaryPacker } from '../../../src/schema/pack.js';
import { RowWriter } from '../../../src/schema/pack-writer.js';
import type { BenchmarkSummary, CaseResult, HarnessCounters } from '../../../src/schema/summary.js';

const head = { id: 'run' } as unknown as Omit<BenchmarkSummary, 'cases'>;
const labels = { environment: 'env', task_family: null, domain: 'd', split: null, length_bucket: 'short' };

/** A native case that completed with reward 0.5 in 3 steps, with labels, changed by `more`. */
const caseOf = (id: string, more: Partial<CaseResult> = {}): CaseResult =>
  baseCase({ id, completed: true, reward: 0.5, steps: 3, mode: 'native', labels, ...more });

const harness = (more: Partial<HarnessCounters>): HarnessCounters => ({
  mcp_enabled: null,
  mcp_server: 'srv',
  harness_strategy: 'codemode',
  harness_tool_calls: 4,
  mcp_tool_calls: 2,
  codemode_chain_calls: 1,
  codemode_search_calls: 0,
  codemode_discovery_calls: 7,
  codemode_guardrail_blocked: false,
  ...more,
});

/** Cases with every combination the writer sets: duration, usage, harness counters and flags, errors. */
const CASES: CaseResult[] = [
  caseOf('a'),
  caseOf('b', { completed: false, reward: -1, steps: 0, error: 'boom', mode: null }),
  caseOf('c', { duration_seconds: 1.25, usage: { total_calls: 3, prompt_tokens: 100, completion_tokens: 20, roles: null } }),
  caseOf('d', { mode: 'harness', harness: harness({ mcp_enabled: true, codemode_guardrail_blocked: true }) }),
  caseOf('e', { mode: 'harness', harness: harness({ mcp_enabled: false, mcp_server: null }), duration_seconds: 0 }),
  caseOf('f', { harness: harness({}), labels: { ...labels, environment: null } }),
];

/** The case as a reader writing straight into the columns writes it. */
function write(w: RowWriter, packer: SummaryPacker, c: CaseResult): void {
  w.begin(c.completed, c.reward, c.steps);
  if (c.duration_seconds !== null) w.duration(c.duration_seconds);
  if (c.usage) w.usage(c.usage.total_calls, c.usage.prompt_tokens, c.usage.completion_tokens);
  const h = c.harness;
  if (h) {
    w.harness(
      h.harness_tool_calls,
      h.mcp_tool_calls,
      h.codemode_chain_calls,
      h.codemode_search_calls,
      h.codemode_discovery_calls,
      h.codemode_guardrail_blocked,
      h.mcp_enabled,
    );
  }
  const values: Record<(typeof COLUMNS)[number], string | null> = {
    mode: c.mode,
    ...c.labels,
    mcp_server: h ? h.mcp_server : null,
    harness_strategy: h ? h.harness_strategy : null,
  };
  COLUMNS.forEach((name, column) => w.label(column, packer.code(column, values[name])));
  w.commit(c.id, true, c.error);
}

describe('RowWriter', () => {
  it('packs each case as SummaryPacker.add does', () => {
    const added = new SummaryPacker(CASES.length);
    for (const c of CASES) added.add(c);
    // Room for one case at first: the writer must follow the packer's arrays as they grow.
    const packer = new SummaryPacker(1, undefined, (capacity) => capacity + 1);
    const w = new RowWriter(packer);
    for (const c of CASES) write(w, packer, c);
    expect(packer.finish(head)).toStrictEqual(added.finish(head));
  });
});
