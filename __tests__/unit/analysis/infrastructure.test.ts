import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { InfrastructureClassifier } from '../../../src/analysis/integrity/infrastructure.js';
import { verdictLine } from '../../../src/report/verdict.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

describe('the infrastructure classifier', () => {
  const classify = new InfrastructureClassifier();
  it.each([
    ['openai.RateLimitError: 429', 'rate limit'],
    ["Error code: 429 - {'error': 'slow down'}", 'rate limit'],
    ['HTTP 503 Service Unavailable', 'server error'],
    ['upstream 502: bad gateway', 'server error'],
    ['Error code: 529 - overloaded', 'provider unavailable'],
    ["openai.InternalServerError: Error code: 500 - {'error': 'The server had an error'}", 'server error'],
    ['google.api_core.exceptions.InternalServerError: 500 Internal error encountered.', 'server error'],
    ['anthropic.InternalServerError: overloaded_error', 'provider unavailable'],
    ['openai.APIConnectionError: Connection error.', 'provider unavailable'],
    ['read ECONNRESET', 'provider unavailable'],
    ['TimeoutError: provider did not answer in 30s', 'timeout'],
    ['failure_mode: test_timeout', 'terminal-bench failure mode'],
    ['infra_failure: pip: could not install the package', 'harness failure'],
  ])('%s is infrastructure (%s)', (text, reason) => {
    expect(classify.reasonOf('rlm-code', text)).toBe(reason);
  });

  it.each([
    "'dict' object has no attribute 'context'",
    'AssertionError: expected 500 rows, got 429',
    'date_diff: invalid ISO date',
    'failure_mode: parse_error',
    // The agent spending its own time budget: terminal-bench scores it unresolved, and a candidate that loops must hold.
    'failure_mode: agent_timeout',
    "Error code: 404 - {'error': {'message': 'No endpoints found'}}",
    // A bare 500 is the server failing on this input (the server may be the agent's own): counted.
    'upstream 500: simulated provider failure',
    'HTTP 500 Internal Server Error',
  ])('%s is the agent’s own failure', (text) => {
    expect(classify.reasonOf('rlm-code', text)).toBeNull();
  });

  it("reads the format: an Inspect AI sample error is never the agent's answer; promptfoo's error outcome is, unless its text is an outage", () => {
    expect(classify.reasonOf('promptfoo', 'some provider text')).toBeNull();
    expect(classify.reasonOf('promptfoo', 'upstream 500: simulated provider failure')).toBeNull();
    expect(classify.reasonOf('promptfoo', 'API error: 503 Service Unavailable')).toBe('server error');
    expect(classify.reasonOf('promptfoo', 'Rate limited: 429 Too Many Requests')).toBe('rate limit');
    expect(classify.reasonOf('inspect-ai', 'RuntimeError in solver')).toBe('sample error');
    expect(classify.reasonOf('junit', 'RuntimeError in solver')).toBeNull();
    expect(classify.reasonOf('junit', 'TimeoutError: tool call exceeded 30 s')).toBeNull();
    expect(classify.reasonOf('junit', 'openai.RateLimitError: 429')).toBe('rate limit');
  });

  it("takes the suite's own patterns (RE2, case-insensitive), and can be turned off", () => {
    const own = new InfrastructureClassifier({ patterns: ['sandbox (lost|gone)'] });
    expect(own.reasonOf('rlm-code', 'Sandbox LOST during step 3')).toBe('pattern of the configuration');
    expect(new InfrastructureClassifier({ enabled: false }).reasonOf('rlm-code', 'HTTP 429')).toBeNull();
    expect(() => new InfrastructureClassifier({ patterns: ['(?=x)'] })).toThrow(/linear time/);
  });
});

describe('cases not measured in a comparison', () => {
  // 100 cases that pass on both sides; in the candidate, `outage` of them hit a 429 (not completed).
  const pair = (outage: number, decide: 'point' | 'significant' = 'significant') =>
    compareSummaries(
      loaded({ cases: cases(100) }, 'base.json'),
      loaded({ cases: cases(100, (i) => (i < outage ? { error: 'openai.RateLimitError: 429 Too Many Requests' } : {})) }, 'cand.json'),
      { decide },
    );

  it('3% of candidate cases hit a 429: no completion regression is reported for them, and the tests leave them out', () => {
    const cmp = pair(3);
    expect(cmp.cases.filter((r) => r.completion_regression)).toEqual([]);
    expect(cmp.rlm.case_summary.completion_regressions).toBe(0);
    expect(cmp.significance?.cases).toBe(97);
    expect(cmp.significance?.gates.find((g) => g.gate === 'completion')?.estimate).toBe(0);
    expect(cmp.failed_gates).toEqual([]);
    expect(cmp.infrastructure.candidate).toMatchObject({ rows: 100, not_measured: 3, reasons: { 'rate limit': 3 }, case_ids: ['c01', 'c02', 'c03'] });
    expect(cmp.infrastructure.rerun).toBe(false);
    const finding = cmp.findings.find((f) => f.code === 'infrastructure-failures');
    expect(finding).toMatchObject({ side: 'candidate', blocking: false, case_ids: ['c01', 'c02', 'c03'] });
    expect(finding?.message).toMatch(/^3 cases of the candidate run failed for infrastructure reasons \(rate limit: 3; 3\.0% of its 100 case rows\)/);
  });

  it('under point the 429s are no regression either', () => {
    const cmp = pair(3, 'point');
    expect(cmp.rlm.case_summary.completion_regressions).toBe(0);
    expect(cmp.rlm.gates.completion_regressions).toBe(true);
  });

  it('above 5% of a side, the verdict is inconclusive: rerun, never hold', () => {
    for (const decide of ['point', 'significant'] as const) {
      const cmp = pair(8, decide);
      expect(cmp.infrastructure.rerun).toBe(true);
      expect(cmp.verdict).toBe('inconclusive');
      expect(verdictLine(cmp)).toMatch(/^benchgate: inconclusive \(rerun: 8 cases failed for infrastructure reasons/);
    }
  });

  it('a case not measured in one trial is compared over its other trials, and is no partial trial', () => {
    const base = [loaded({ cases: cases(40) }, 'b1.json'), loaded({ cases: cases(40) }, 'b2.json')];
    const cand = [loaded({ cases: cases(40, (i) => (i === 0 ? { error: 'HTTP 503' } : {})) }, 'c1.json'), loaded({ cases: cases(40) }, 'c2.json')];
    const cmp = compareSummaries(base[0]!, cand[0]!, { decide: 'significant', trials: { baseline: base, candidate: cand } });
    expect(cmp.findings.map((f) => f.code)).not.toContain('partial-trials');
    expect(cmp.significance?.cases).toBe(40);
    expect(cmp.infrastructure.candidate).toMatchObject({ rows: 80, not_measured: 1 });
  });

  it('with the classifier off, a 429 is a completion regression as rlm-code counts it', () => {
    const cmp = compareSummaries(
      loaded({ cases: cases(10) }, 'base.json'),
      loaded({ cases: cases(10, (i) => (i === 0 ? { error: 'HTTP 429' } : {})) }, 'cand.json'),
      { infrastructure: { enabled: false } },
    );
    expect(cmp.rlm.case_summary.completion_regressions).toBe(1);
    expect(cmp.verdict).toBe('hold');
  });
});
