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
    ['openai.APITimeoutError: Request timed out.', 'provider timeout'],
    ['connect ETIMEDOUT 104.18.7.192:443', 'provider timeout'],
    ["HTTPSConnectionPool(host='api.openai.com', port=443): Read timed out. (read timeout=600)", 'provider timeout'],
    ['httpx.ConnectTimeout: timed out', 'provider timeout'],
    ['google.api_core.exceptions.DeadlineExceeded: 504 Deadline Exceeded', 'provider timeout'],
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
    // The tests ran past their limit on the state the agent left; the agent's own install script failed.
    'failure_mode: test_timeout',
    'failure_mode: agent_installation_failed',
    // rlm-code's sandbox and kernel: the agent's own code ran past its limit (docker_interpreter.py, kernel.py).
    'Execution timed out after 90s',
    'Python timed out after 30s',
    // A timeout that names no provider or network layer: the agent's (its tool, its loop, its code).
    'TimeoutError: provider did not answer in 30s',
    'asyncio.exceptions.TimeoutError',
    'Command timed out',
    "ValueError: could not parse the model's answer",
    "Error code: 404 - {'error': {'message': 'No endpoints found'}}",
    // A bare 500 is the server failing on this input (the server may be the agent's own): counted.
    'upstream 500: simulated provider failure',
    'HTTP 500 Internal Server Error',
  ])('%s is the agent’s own failure', (text) => {
    expect(classify.reasonOf('rlm-code', text)).toBeNull();
  });

  it("reads the text in every format: an Inspect AI sample error is the agent's unless its text is an outage; so is promptfoo's error outcome", () => {
    expect(classify.reasonOf('promptfoo', 'some provider text')).toBeNull();
    expect(classify.reasonOf('promptfoo', 'upstream 500: simulated provider failure')).toBeNull();
    expect(classify.reasonOf('promptfoo', 'API error: 503 Service Unavailable')).toBe('server error');
    expect(classify.reasonOf('promptfoo', 'Rate limited: 429 Too Many Requests')).toBe('rate limit');
    expect(classify.reasonOf('inspect-ai', 'RuntimeError in solver')).toBeNull();
    expect(classify.reasonOf('inspect-ai', 'anthropic.RateLimitError: Error code: 429')).toBe('rate limit');
    expect(classify.reasonOf('junit', 'RuntimeError in solver')).toBeNull();
    expect(classify.reasonOf('junit', 'TimeoutError: tool call exceeded 30 s')).toBeNull();
    expect(classify.reasonOf('junit', 'connect ETIMEDOUT 10.0.0.1:443')).toBeNull();
    expect(classify.reasonOf('junit', 'openai.RateLimitError: 429')).toBe('rate limit');
  });

  it("reads a format's own words only in that format: Harbor's environment failures, tau2's user simulator", () => {
    expect(classify.reasonOf('harbor', 'EnvironmentStartTimeoutError: the environment did not start in 600 s')).toBe('harness failure');
    expect(classify.reasonOf('harbor', 'SandboxBuildFailedError: docker build failed')).toBe('harness failure');
    expect(classify.reasonOf('harbor', 'ApiOverloadedError: overloaded')).toBe('provider unavailable');
    expect(classify.reasonOf('harbor', 'AgentTimeoutError: Agent execution timed out after 900.0 seconds')).toBeNull();
    expect(classify.reasonOf('harbor', 'NonZeroAgentExitCodeError: exit 1')).toBeNull();
    expect(classify.reasonOf('rlm-code', 'EnvironmentStartTimeoutError: the environment did not start')).toBeNull();
    expect(classify.reasonOf('tau2-bench', 'termination_reason: user_error')).toBe('harness failure');
    expect(classify.reasonOf('tau2-bench', 'termination_reason: timeout')).toBeNull();
    expect(classify.reasonOf('tau2-bench', 'termination_reason: too_many_errors')).toBeNull();
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

  it("3% of candidate cases hit a 429: the paired tests leave them out, and rlm-code's case summary still counts them", () => {
    const cmp = pair(3);
    // The rows are rlm-code's: a failure row is a completion regression whatever its error says.
    expect(cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id)).toEqual(['c01', 'c02', 'c03']);
    expect(cmp.rlm.case_summary.completion_regressions).toBe(3);
    expect(cmp.significance?.cases).toBe(97);
    expect(cmp.significance?.gates.find((g) => g.gate === 'completion')?.estimate).toBe(0);
    expect(cmp.failed_gates).toEqual([]);
    expect(cmp.infrastructure.candidate).toMatchObject({ rows: 100, not_measured: 3, reasons: { 'rate limit': 3 }, case_ids: ['c01', 'c02', 'c03'] });
    expect(cmp.infrastructure.rerun).toBe(false);
    const finding = cmp.findings.find((f) => f.code === 'infrastructure-failures');
    expect(finding).toMatchObject({ side: 'candidate', blocking: false, case_ids: ['c01', 'c02', 'c03'] });
    expect(finding?.message).toMatch(
      /^3 cases of the candidate run failed for infrastructure reasons \(rate limit: 3; 3\.0% of its 100 case rows\); they are not measured: left out of the paired tests/,
    );
  });

  it("under point rlm-code's gates count the 429s exactly as rlm-code does: the pair holds, the outages named beside", () => {
    const cmp = pair(3, 'point');
    expect(cmp.rlm.case_summary.completion_regressions).toBe(3);
    expect(cmp.rlm.gates.completion_regressions).toBe(false);
    expect(cmp.verdict).toBe('hold');
    expect(cmp.findings.find((f) => f.code === 'infrastructure-failures')?.message).toMatch(/rlm-code's gates count them as it does/);
  });

  it('above 5% of a side, a verdict that is not a hold is inconclusive: rerun; a hold stands', () => {
    // significant: the measured cases show no violation, so the outages could change the verdict.
    const sig = pair(8, 'significant');
    expect(sig.infrastructure.rerun).toBe(true);
    expect(sig.verdict).toBe('inconclusive');
    expect(verdictLine(sig)).toMatch(/^benchgate: inconclusive \(rerun: 8 cases failed for infrastructure reasons/);
    // point: rlm-code holds (8 completion regressions): that is the result, exactly.
    const point = pair(8, 'point');
    expect(point.infrastructure.rerun).toBe(true);
    expect(point.verdict).toBe('hold');
    expect(verdictLine(point)).toMatch(/^benchgate: hold \(failed gates: [a-z_, ]*completion_regressions\)$/);
  });

  it('a baseline outage above the share turns a point promote into a rerun: measured, those cases could hold', () => {
    const cmp = compareSummaries(
      loaded({ cases: cases(100, (i) => (i < 8 ? { error: 'HTTP 503 Service Unavailable' } : {})) }, 'base.json'),
      loaded({ cases: cases(100) }, 'cand.json'),
      { decide: 'point' },
    );
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.verdict).toBe('inconclusive');
  });

  it('two real regressions and one provider 503 above the share: under point the hold stands (rlm-code holds it)', () => {
    // 20 cases; the candidate regresses on c01 and c02 for real and hits a 503 on c03 and c04 (10% of its rows).
    const cand = cases(20, (i) => (i < 2 ? { completed: false, reward: 0 } : i < 4 ? { error: 'API error: 503 Service Unavailable' } : {}));
    const cmp = compareSummaries(loaded({ cases: cases(20) }, 'base.json'), loaded({ cases: cand }, 'cand.json'), { decide: 'point' });
    expect(cmp.infrastructure.rerun).toBe(true);
    expect(cmp.rlm.case_summary.completion_regressions).toBe(4);
    expect(cmp.verdict).toBe('hold');
  });

  it('under significant a violation shown on the measured cases holds, whatever the outages', () => {
    // 100 cases: the candidate fails 30 for real and 8 on a 429 (8% of its rows, above the 5%).
    const cand = cases(100, (i) => (i < 30 ? { completed: false, reward: 0 } : i < 38 ? { error: 'openai.RateLimitError: 429' } : {}));
    const cmp = compareSummaries(loaded({ cases: cases(100) }, 'base.json'), loaded({ cases: cand }, 'cand.json'), { decide: 'significant' });
    expect(cmp.infrastructure.rerun).toBe(true);
    expect(cmp.failed_gates).toContain('completion');
    expect(cmp.verdict).toBe('hold');
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
