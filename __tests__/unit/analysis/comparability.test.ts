import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { checkComparability } from '../../../src/analysis/integrity/comparability.js';
import { parseConfig } from '../../../src/policy/config-file.js';
import { renderJson } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { cases, loaded } from '../../helpers/rlm-builder.js';

type Meta = Record<string, string | number | boolean | null>;
function run(strategy: string, metadata: Meta, model = 'gpt-x') {
  const l = loaded({ strategy, model, cases: cases(3) });
  return { ...l, summary: { ...l.summary, metadata: { ...l.summary.metadata, ...metadata } } };
}

describe('the comparability fingerprint', () => {
  it('by default: a different scoring version or dataset hash makes the runs not comparable', () => {
    const cmp = compareSummaries(run('tool_call', { scoring_version: 2, dataset_hash: 'abc' }), run('codemode', { scoring_version: 3, dataset_hash: 'abc' }));
    expect(cmp.comparability.differing).toEqual([{ key: 'scoring_version', baseline: '2', candidate: '3', allowed: false }]);
    expect(cmp.findings.find((f) => f.code === 'not-comparable')).toMatchObject({
      severity: 'error',
      blocking: true,
      message: 'The runs differ in a key that must be equal for a fair comparison: scoring_version.',
    });
    expect(cmp.rlm.passed).toBe(true);
    expect(cmp.verdict).toBe('hold');
    const md = renderMarkdown(cmp);
    expect(md).toMatch(/^### ⛔ Not comparable: `codemode` cannot be judged against `tool_call` on `suite`: keys that must be equal differ\n/);
    expect(md).toContain('| `scoring_version` | `2` | `3` | ⛔ must be equal |');
    expect(JSON.parse(renderJson(cmp)).comparability.differing[0].key).toBe('scoring_version');
  });

  it('equal or unknown on both sides is comparable, and the JSON then has no comparability field', () => {
    const cmp = compareSummaries(run('tool_call', { seed: 1 }), run('codemode', { seed: 1 }));
    expect(cmp.comparability.differing).toEqual([]);
    expect(cmp.verdict).toBe('promote');
    expect(Object.keys(JSON.parse(renderJson(cmp)))).not.toContain('comparability');
  });

  it('the configuration requires more keys, names the dimension under comparison, and allows keys to differ', () => {
    const options = { comparability: { compare: 'model', require: ['model', 'seed', 'temperature'], allow: ['dataset_hash'] } };
    const cmp = compareSummaries(
      run('tool_call', { seed: 1, dataset_hash: 'a', temperature: 0 }, 'gpt-x'),
      run('tool_call', { seed: 2, dataset_hash: 'b' }, 'gpt-y'),
      options,
    );
    expect(cmp.comparability.keys).toEqual(['scoring_version', 'dataset_hash', 'schema', 'seed', 'temperature']);
    expect(cmp.comparability.differing).toEqual([
      { key: 'dataset_hash', baseline: 'a', candidate: 'b', allowed: true },
      { key: 'seed', baseline: '1', candidate: '2', allowed: false },
      { key: 'temperature', baseline: '0', candidate: null, allowed: false },
    ]);
    expect(cmp.findings.find((f) => f.code === 'not-comparable')?.message).toBe(
      'The runs differ in 2 keys that must be equal for a fair comparison: seed, temperature.',
    );
    expect(renderMarkdown(cmp)).toContain('| `temperature` | `0` | *(none)* | ⛔ must be equal |');
  });

  it('values from the summary are escaped in the report: a code span, the pipe escaped, one row', () => {
    const hostile = '<img src=x onerror=alert(1)> | @everyone\n| x |';
    const md = renderMarkdown(compareSummaries(run('tool_call', { scoring_version: hostile }), run('codemode', { scoring_version: 'v2' })));
    const row = md.split('\n').find((l) => l.startsWith('| `scoring_version` |'));
    expect(row).toBe('| `scoring_version` | `<img src=x onerror=alert(1)> \\| @everyone \\| x \\|` | `v2` | ⛔ must be equal |');
  });

  it('reads the run fields too: strategy, model, mode, MCP server', () => {
    const c = checkComparability(run('tool_call', {}).summary, run('codemode', {}).summary, { require: ['strategy'] });
    expect(c.differing).toEqual([{ key: 'strategy', baseline: 'tool_call', candidate: 'codemode', allowed: false }]);
  });

  it('the configuration validates key names', () => {
    expect(parseConfig('f.yml', 'comparability:\n  compare: strategy\n  require: [seed, model]\n')).toEqual({
      comparability: { compare: 'strategy', require: ['seed', 'model'] },
    });
    expect(() => parseConfig('f.yml', 'comparability:\n  require: ["a b"]\n')).toThrow(
      'f.yml: line 2, column 13: "comparability.require.0": expected a key name of letters, digits, "_", "." and "-" (at most 64)',
    );
    expect(() => parseConfig('f.yml', 'comparability:\n  requires: [seed]\n')).toThrow('f.yml: line 2, column 3: "comparability": unknown key "requires"');
  });
});
