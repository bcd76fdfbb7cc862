import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { readInputs } from '../../../src/action/inputs/inputs.js';
import { configJsonSchema, loadConfig, parseConfig } from '../../../src/policy/config-file.js';
import { runCli } from '../../helpers/cli-run.js';
import { readDocs } from '../../helpers/docs.js';
import { rlmSummary } from '../../helpers/rlm-builder.js';

const F = '.github/benchgate.yml';
const error = (text: string): string => {
  try {
    parseConfig(F, text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected an error');
};

describe('the configuration file', () => {
  it('reads the keys it documents', () => {
    expect(
      parseConfig(
        F,
        'decide: significant\nconfidence: 0.99\ncluster: none\nmin_completion_delta: -0.05\nfail_on_completion_regression: false\nallow_findings: [new-cases]\n',
      ),
    ).toEqual({
      decide: 'significant',
      confidence: 0.99,
      cluster: 'none',
      min_completion_delta: -0.05,
      fail_on_completion_regression: false,
      allow_findings: ['new-cases'],
    });
    expect(parseConfig(F, '# nothing yet\n')).toEqual({});
  });

  it('names the file, line, column, key and what is allowed', () => {
    expect(error('decide: maybe\n')).toBe(`${F}: line 1, column 9: "decide": expected one of point, significant`);
    expect(error('decide: point\nconfidense: 0.9\n')).toBe(
      `${F}: line 2, column 1: the top level: unknown key "confidense" (did you mean "confidence"?); allowed: version, decide, confidence, cluster, min_reward_delta, min_completion_delta, max_steps_increase, fail_on_completion_regression, allow_findings, gates, slices, pricing, safety, infrastructure, comparability, input, fail_on_inconclusive, benchmark_tolerance, main_max_age, regression_budget, completion_margin, reward_margin, flaky_below, settle_share`,
    );
    expect(error('allow_findings: [new-cases, bogus]\n')).toMatch(new RegExp(`^${F}: line 1, column 29: "allow_findings.1": expected one of empty-run, `));
    expect(error('confidence: 1.5\n')).toBe(`${F}: line 1, column 13: "confidence": expected a number < 1`);
    expect(error('min_reward_delta: "a lot"\n')).toBe(`${F}: line 1, column 19: "min_reward_delta": expected number, received string`);
    expect(error('decide: point\ndecide: significant\n')).toMatch(new RegExp(`^${F}: line 2, column 1: not valid YAML: Map keys must be unique`));
    expect(error('- 1\n')).toBe(`${F}: line 1, column 1: the top level: expected object, received array`);
  });

  it('a missing default file is no configuration; a missing named file is an error', () => {
    expect(loadConfig('/nonexistent/benchgate.yml', false)).toBeNull();
    expect(() => loadConfig('/nonexistent/benchgate.yml', true)).toThrow('/nonexistent/benchgate.yml: configuration file not found');
  });
});

describe('the JSON Schema', () => {
  const file = new URL('../../../schema/benchgate.schema.json', import.meta.url).pathname;
  const schema = configJsonSchema();
  it('is the committed schema/benchgate.schema.json (UPDATE_GOLDEN=1 rewrites it)', () => {
    const text = `${JSON.stringify(schema, null, 2)}\n`;
    if (process.env['UPDATE_GOLDEN']) writeFileSync(file, text);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
  it('validates the README example and rejects what the parser rejects', () => {
    const readme = readDocs();
    const example = /<!-- config-example-start -->\n```yaml\n([\s\S]*?)```\n<!-- config-example-end -->/.exec(readme)?.[1];
    expect(example, 'README has the configuration example between its markers').toBeDefined();
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(parseYaml(example as string)), JSON.stringify(validate.errors)).toBe(true);
    expect(parseConfig('README', example as string).decide).toBe('significant');
    expect(validate({ decide: 'maybe' })).toBe(false);
    expect(validate({ confidense: 0.9 })).toBe(false);
  });
});

describe('precedence: flags and inputs over the file over the defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cfg = join(dir, 'gate.yml');
  writeFileSync(cfg, 'min_reward_delta: -0.5\nmin_completion_delta: -0.5\nfail_on_completion_regression: false\n');
  const base = join(dir, 'b.json');
  const cand = join(dir, 'c.json');
  writeFileSync(base, JSON.stringify(rlmSummary({ cases: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] })));
  writeFileSync(cand, JSON.stringify(rlmSummary({ cases: [{ id: 'a' }, { id: 'b' }, { id: 'c', completed: false }] })));

  it('the CLI: the file relaxes the gates, a flag tightens one again, a bad file exits 2', async () => {
    expect((await runCli('compare', '--baseline', base, '--candidate', cand)).code).toBe(1);
    expect((await runCli('compare', '--baseline', base, '--candidate', cand, '--config', cfg)).code).toBe(0);
    expect((await runCli('compare', '--baseline', base, '--candidate', cand, '--config', cfg, '--fail-on-completion-regression')).code).toBe(1);
    const bad = join(dir, 'bad.yml');
    writeFileSync(bad, 'max_steps: 1\n');
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--config', bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`benchgate: error: ${bad}: line 1, column 1: the top level: unknown key "max_steps"; allowed: `);
  });

  it('the action: inputs over the file; the default path is read when it exists', () => {
    mkdirSync(join(dir, '.github'), { recursive: true });
    const inputs = (given: Record<string, string>) =>
      readInputs(
        (name) => given[name] ?? '',
        (path, explicit) => loadConfig(join(dir, path), explicit),
      );
    expect(inputs({ mode: 'compare' })).toMatchObject({ thresholds: { min_reward_delta: 0 }, decide: 'point' });
    writeFileSync(join(dir, '.github/benchgate.yml'), 'decide: significant\nmin_reward_delta: -0.1\n');
    expect(inputs({ mode: 'compare' })).toMatchObject({ thresholds: { min_reward_delta: -0.1 }, decide: 'significant' });
    expect(inputs({ mode: 'compare', decide: 'point', 'min-reward-delta': '0.2' })).toMatchObject({ thresholds: { min_reward_delta: 0.2 }, decide: 'point' });
    expect(inputs({ mode: 'compare', config: 'gate.yml' })).toMatchObject({ thresholds: { min_completion_delta: -0.5, fail_on_completion_regression: false } });
    expect(() => inputs({ mode: 'compare', config: 'missing.yml' })).toThrow('missing.yml: configuration file not found');
  });
});
