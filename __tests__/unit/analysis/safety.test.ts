import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

const base = () => loaded({ strategy: 'tool_call', cases: cases(4) }, 'b.json');

describe('safety', () => {
  it('a rise in guardrail blocks holds and names the newly blocked cases', () => {
    const cand = loaded({ strategy: 'codemode', cases: cases(4, (i) => ({ guardrail: i === 2, completed: i !== 2 })) }, 'c.json');
    const cmp = compareSummaries(base(), cand, {
      thresholds: { min_reward_delta: -1, min_completion_delta: -1, max_steps_increase: 1, fail_on_completion_regression: false },
    });
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.findings.find((f) => f.code === 'guardrail-rise')).toMatchObject({ blocking: true, case_ids: ['c03'] });
    expect(cmp.safety.guardrail_blocked).toEqual({ baseline: 0, candidate: 1 });
    expect(cmp.verdict).toBe('hold');
  });

  it('errors matching a policy pattern are policy failures; explained ones are listed with their reason and do not hold', () => {
    const cand = loaded(
      {
        strategy: 'codemode',
        cases: cases(4, (i) =>
          i === 0 ? { error: 'Refused by POLICY: tool not allowed' } : i === 1 ? { error: 'policy violation | <b>x</b>' } : i === 3 ? { error: 'timeout' } : {},
        ),
      },
      'c.json',
    );
    const safety = { policy_patterns: ['refused by policy', 'policy violation'], explained: [{ case: 'c02', reason: 'known: the sandbox denies this tool' }] };
    const thresholds = { min_reward_delta: -5, min_completion_delta: -1, max_steps_increase: 5, fail_on_completion_regression: false };
    const cmp = compareSummaries(base(), cand, { safety, thresholds, allowFindings: ['case-errors'] });
    expect(cmp.safety.policy_failures.map((f) => [f.case_id, f.pattern, f.explained])).toEqual([
      ['c01', 'refused by policy', null],
      ['c02', 'policy violation', 'known: the sandbox denies this tool'],
    ]);
    expect(cmp.findings.find((f) => f.code === 'policy-failure')).toMatchObject({
      blocking: true,
      case_ids: ['c01'],
      message: '1 candidate case fails with an error matching a policy pattern and no explanation in the configuration.',
    });
    const md = renderMarkdown(cmp);
    expect(md).toContain('| `c01` | candidate | `Refused by POLICY: tool not allowed` | `refused by policy` | 🛑 unexplained |');
    expect(md).toContain('| `c02` | candidate | `policy violation \\| <b>x</b>` | `policy violation` | explained: `known: the sandbox denies this tool` |');
    const all = compareSummaries(base(), cand, { safety: { ...safety, explained: [...safety.explained, { case: 'c01', reason: 'also known' }] }, thresholds });
    expect(all.findings.map((f) => f.code)).not.toContain('policy-failure');
  });

  it('the configuration refuses a pattern that is not a regular expression', () => {
    expect(() => parseConfig('f.yml', 'safety:\n  policy_patterns: ["(unclosed"]\n')).toThrow(
      'f.yml: line 2, column 21: "safety.policy_patterns.0": "(unclosed" is not a regular expression benchgate can run in linear time (RE2 syntax: no lookahead, lookbehind or backreferences): missing closing ): `(unclosed`',
    );
  });

  it('refuses what RE2 does not run (lookaround, backreferences), naming the syntax', () => {
    expect(() => parseConfig('f.yml', 'safety:\n  policy_patterns: ["denied(?= by policy)"]\n')).toThrow(
      /"safety\.policy_patterns\.0": "denied\(\?= by policy\)" is not a regular expression benchgate can run in linear time .*: invalid or unsupported Perl syntax: `\(\?=`/,
    );
    expect(() => parseConfig('f.yml', 'safety:\n  policy_patterns: ["(a)\\\\1"]\n')).toThrow(/invalid escape sequence: `\\1`/);
  });

  it('runs a catastrophic-backtracking pattern in linear time: (a+)+$ against a 41-character error', () => {
    // JavaScript's engine takes about 2^40 steps here (the run hung); RE2 answers at once.
    const error = `${'a'.repeat(40)}!`;
    const cand = loaded({ strategy: 'codemode', cases: cases(4, (i) => (i === 0 ? { error } : i === 1 ? { error: 'aaaa' } : {})) }, 'c.json');
    const cmp = compareSummaries(base(), cand, { safety: { policy_patterns: ['(a+)+$'] } });
    expect(cmp.safety.policy_failures.map((f) => f.case_id)).toEqual(['c02']);
  });
});
