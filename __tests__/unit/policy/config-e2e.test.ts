/**
 * One configuration with a cost gate, a p95 latency gate, a slice gate and an advisory token gate,
 * through the CLI on summary files built for each outcome.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runCli } from '../../helpers/cli-run.js';
import { cases, rlmSummary } from '../../helpers/rlm-builder.js';

const dir = mkdtempSync(join(tmpdir(), 'benchgate-config-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = join(dir, 'benchgate.yml');
writeFileSync(
  config,
  `min_reward_delta: -1
min_completion_delta: -1
fail_on_completion_regression: false
pricing:
  small: {prompt: 1, completion: 4}
gates:
  - metric: run_cost
    tolerance: 20%
  - metric: latency_p95
    tolerance: 1
  - metric: total_tokens
    level: advisory
slices:
  - by: task_family
    metric: completion_rate
    tolerance: 0.2
`,
);

interface Run {
  tokens?: number;
  slow?: boolean;
  loseFamily?: boolean;
}
function write(name: string, r: Run): string {
  const data = rlmSummary({
    strategy: name,
    model: 'small',
    cases: cases(30, (i) => ({ duration: r.slow && i >= 27 ? 9 : 1.5, completed: !(r.loseFamily && i % 3 === 0) })),
  }) as {
    case_results: Record<string, unknown>[];
    usage_totals?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
  };
  data.case_results.forEach((row, i) => {
    row['task_family'] = `f${i % 3}`;
    (row['usage'] as { prompt_tokens: number }).prompt_tokens = r.tokens ?? 100;
  });
  if (data.usage_totals) {
    data.usage_totals.prompt_tokens = 30 * (r.tokens ?? 100);
    if ('total_tokens' in data.usage_totals) data.usage_totals.total_tokens = data.usage_totals.prompt_tokens + data.usage_totals.completion_tokens;
  }
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(data));
  return path;
}

const base = write('base', {});
const compare = (cand: string) => runCli('compare', '--baseline', base, '--candidate', cand, '--config', config, '--format', 'json');
const verdictOf = async (cand: string) => {
  const r = await compare(cand);
  const report = JSON.parse(r.stdout) as { verdict: string; failed_metric_gates: string[]; metric_gates: { metric: string; status: string }[] };
  return {
    code: r.code,
    verdict: report.verdict,
    failed: report.failed_metric_gates,
    gates: Object.fromEntries(report.metric_gates.map((g) => [g.metric, g.status])),
  };
};

describe('a configuration with cost, p95 latency, slice and advisory token gates', () => {
  it('an equal candidate promotes', async () => {
    expect(await verdictOf(write('same', {}))).toMatchObject({ code: 0, verdict: 'promote', failed: [] });
  });
  it('10% more tokens: the advisory token gate fails, the cost stays within 20%: promote', async () => {
    expect(await verdictOf(write('tokens10', { tokens: 110 }))).toMatchObject({
      code: 0,
      verdict: 'promote',
      failed: [],
      gates: { total_tokens: 'fail', run_cost: 'pass' },
    });
  });
  it('50% more tokens: the cost gate holds', async () => {
    expect(await verdictOf(write('tokens50', { tokens: 150 }))).toMatchObject({ code: 1, verdict: 'hold', failed: ['run_cost'] });
  });
  it('a slow tail: the p95 latency gate holds', async () => {
    expect(await verdictOf(write('slow', { slow: true }))).toMatchObject({ code: 1, verdict: 'hold', failed: ['latency_p95'] });
  });
  it('one family loses 100% while the others hold: the slice gate holds', async () => {
    expect(await verdictOf(write('family', { loseFamily: true }))).toMatchObject({ code: 1, verdict: 'hold', failed: ['completion_rate[task_family=f0]'] });
  });
});
