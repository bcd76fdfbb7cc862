// One gate policy (issue 19): the action's inputs and the CLI's flags are read through one table,
// with one parser per option and one set of defaults; the file is overridden by either.
import { describe, expect, it } from 'vitest';

import { ALL_INPUTS, type CompareInputs, INPUTS_BY_MODE, readInputs } from '../../../src/action/inputs/inputs.js';
import { DEFAULT_THRESHOLDS } from '../../../src/analysis/rlm/thresholds.js';
import { type CompareCommand, parseArgs } from '../../../src/cli/args.js';
import { COMPARE_HELP } from '../../../src/cli/help.js';
import { ConfigSchema } from '../../../src/policy/config-file.js';
import { GATE_OPTIONS } from '../../../src/policy/options.js';
import { compareOptionsOf, DEFAULT_POLICY, resolvePolicy } from '../../../src/policy/policy.js';

/** A raw value each option takes, a value it refuses, and what the value reads as. */
const SAMPLES: Record<string, { good: string; read: unknown; bad: string; got?: string }> = {
  min_reward_delta: { good: '-0.05', read: -0.05, bad: 'lots' },
  min_completion_delta: { good: '1e-3', read: 0.001, bad: 'NaN' },
  max_steps_increase: { good: 'inf', read: Infinity, bad: '1,5' },
  fail_on_completion_regression: { good: 'False', read: false, bad: 'no' },
  allow_findings: { good: 'missing-cases, cancelled-run', read: ['missing-cases', 'cancelled-run'], bad: 'missing-cases missing-case', got: 'missing-case' },
  decide: { good: 'significant', read: 'significant', bad: 'signif' },
  confidence: { good: '99%', read: 0.99, bad: '0.4' },
  cluster: { good: 'task_family', read: 'task_family', bad: 'two words' },
  fail_on_inconclusive: { good: 'true', read: true, bad: 'yes' },
  benchmark_tolerance: { good: '10%', read: 0.1, bad: 'ten' },
  main_max_age: { good: '7d', read: '7d', bad: '7 weeks' },
  // A margin's percentage stays a percentage: a share of the metric's scale, not an absolute number (margins.ts).
  completion_margin: { good: '5%', read: '5%', bad: 'five' },
  reward_margin: { good: '0.1', read: 0.1, bad: '-0.1' },
  flaky_below: { good: '90%', read: 0.9, bad: '0' },
  settle_share: { good: '50%', read: 0.5, bad: '1.5' },
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compareInputs = (given: Record<string, string>, file: Record<string, unknown> | null = null): CompareInputs =>
  readInputs(
    (name) => ({ mode: 'compare', ...given })[name] ?? '',
    () => file,
  ) as CompareInputs;

const cliGiven = (...flags: string[]): CompareCommand['given'] =>
  (parseArgs(['compare', '--baseline', 'b.json', '--candidate', 'c.json', ...flags]) as CompareCommand).given;

describe('the gate options table', () => {
  it('has a sample for every option (a new option gets one here)', () => {
    expect(GATE_OPTIONS.map((o) => o.key).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('is the one declaration of each option: its schema is the configuration key, its help is in --help once', () => {
    const shape = ConfigSchema.shape as Record<string, { unwrap(): unknown }>;
    for (const option of GATE_OPTIONS) {
      expect(shape[option.key]?.unwrap(), option.key).toBe(option.schema);
      if (option.help !== undefined) expect(COMPARE_HELP.split(option.help).length - 1, option.key).toBe(1);
      if (option.flag !== null) expect(option.help, option.key).toContain(`--${option.flag} `);
    }
  });

  it('every input it names is an input of compare and publish; of run only main-max-age (reuse-baseline reads it)', () => {
    for (const option of GATE_OPTIONS.filter((o) => o.input !== null)) {
      expect(INPUTS_BY_MODE.compare, option.key).toContain(option.input);
      expect(INPUTS_BY_MODE.publish, option.key).toContain(option.input);
      if (option.input === 'main-max-age') expect(INPUTS_BY_MODE.run).toContain(option.input);
      else expect(INPUTS_BY_MODE.run, option.key).not.toContain(option.input);
      expect(ALL_INPUTS).toContain(option.input);
    }
  });

  for (const option of GATE_OPTIONS) {
    const sample = SAMPLES[option.key] as (typeof SAMPLES)[string];
    if (option.input !== null) {
      const input = option.input;
      it(`input "${input}" reads into ${option.key}, and a bad value names the input and what it expects`, () => {
        expect(resolvePolicy(null, {}).config).toEqual({});
        expect(compareInputs({ [input]: sample.good }).config[option.key as keyof CompareInputs['config']]).toEqual(sample.read);
        expect(() => compareInputs({ [input]: sample.bad })).toThrow(
          new RegExp(`^input "${input}": expected .+, got ${escape(JSON.stringify(sample.got ?? sample.bad))}$`),
        );
      });
    }
    if (option.flag !== null) {
      const flag = option.flag;
      it(`--${flag} reads into ${option.key} the way the input does, with the same words when wrong`, () => {
        expect(cliGiven(`--${flag}`, sample.good)[option.key as keyof CompareCommand['given']]).toEqual(sample.read);
        let cliMessage = '';
        try {
          cliGiven(`--${flag}`, sample.bad);
        } catch (err) {
          cliMessage = (err as Error).message;
        }
        expect(cliMessage).toMatch(new RegExp(`^Invalid value "${sample.bad}" for --${flag}: expected `));
        if (option.input !== null) {
          const input = option.input;
          let inputMessage = '';
          try {
            compareInputs({ [input]: sample.bad });
          } catch (err) {
            inputMessage = (err as Error).message;
          }
          expect(inputMessage.replace(/^input "[^"]+": expected (.+), got .*$/, '$1')).toBe(cliMessage.replace(/^.*: expected /, ''));
        }
      });
    }
  }
});

describe('resolvePolicy: defaults <- configuration file <- inputs or flags', () => {
  it('defaults when nothing is said, every one from DEFAULT_POLICY', () => {
    const p = resolvePolicy(null);
    expect(p).toEqual({ ...DEFAULT_POLICY, thresholds: DEFAULT_THRESHOLDS });
    expect(p.confidence).toBe(0.95);
    expect(p.decide).toBe('point');
  });

  it('the file over the defaults, the overrides over the file, key by key', () => {
    const file = { decide: 'significant' as const, confidence: 0.9, min_reward_delta: -0.1, gates: [{ metric: 'calls' as const }] };
    const p = resolvePolicy(file, { confidence: 0.99 });
    expect(p.decide).toBe('significant');
    expect(p.confidence).toBe(0.99);
    expect(p.thresholds.min_reward_delta).toBe(-0.1);
    expect(p.thresholds.min_completion_delta).toBe(DEFAULT_THRESHOLDS.min_completion_delta);
    expect(p.metricGates).toEqual([{ metric: 'calls' }]);
  });

  it('the action and the CLI resolve the same file and the same overrides to the same policy', () => {
    const file = { decide: 'significant' as const, cluster: 'domain', min_completion_delta: 0.02 };
    const action = compareInputs({ confidence: '0.99', 'max-steps-increase': '2' }, file);
    const cli = resolvePolicy(file, cliGiven('--confidence', '0.99', '--max-steps-increase', '2'));
    const policyOf = ({
      thresholds,
      allowFindings,
      decide,
      confidence,
      cluster,
      failOnInconclusive,
      comparability,
      metricGates,
      safety,
      pricing,
      slices,
      benchmarkTolerance,
      config,
    }: typeof cli) => ({
      thresholds,
      allowFindings,
      decide,
      confidence,
      cluster,
      failOnInconclusive,
      comparability,
      metricGates,
      safety,
      pricing,
      slices,
      benchmarkTolerance,
      config,
    });
    expect(policyOf(action)).toEqual(policyOf(cli));
  });

  it('compareOptionsOf carries every field to the analysis, and a sequential round its own level', () => {
    const p = resolvePolicy({ decide: 'significant', cluster: 'none', benchmark_tolerance: '5%' });
    const o = compareOptionsOf(p, { confidence: 0.999 });
    expect(o).toMatchObject({
      decide: 'significant',
      significance: { confidence: 0.999, cluster: 'none' },
      benchmarkTolerance: 0.05,
      thresholds: DEFAULT_THRESHOLDS,
    });
    expect(compareOptionsOf(p).significance?.confidence).toBe(0.95);
  });
});

describe("default-decide: a program's default under the configuration file", () => {
  const publishInputs = (given: Record<string, string>, file: Record<string, unknown> | null = null) =>
    readInputs(
      (name) => ({ mode: 'publish', ...given })[name] ?? '',
      () => file,
    ) as CompareInputs;

  it('applies when neither the input decide nor the file sets one (what the reusable workflows pass)', () => {
    expect(compareInputs({}).decide).toBe('point');
    expect(compareInputs({ 'default-decide': 'significant' }).decide).toBe('significant');
    expect(publishInputs({ 'default-decide': 'significant' }).decide).toBe('significant');
  });

  it("the file's decide: point wins over it, and the input decide over both: rlm-code's gates are one setting away", () => {
    expect(compareInputs({ 'default-decide': 'significant' }, { decide: 'point' }).decide).toBe('point');
    expect(publishInputs({ 'default-decide': 'significant' }, { decide: 'point' }).decide).toBe('point');
    expect(compareInputs({ 'default-decide': 'significant', decide: 'point' }).decide).toBe('point');
    expect(compareInputs({ 'default-decide': 'point', decide: 'significant' }, { decide: 'point' }).decide).toBe('significant');
    expect(resolvePolicy({ decide: 'point' }, {}, { decide: 'significant' }).decide).toBe('point');
    expect(resolvePolicy(null, {}, { decide: 'significant' }).decide).toBe('significant');
  });

  it('a bad value names the input and what it expects; mode ab does not take it (it decides significant only)', () => {
    expect(() => compareInputs({ 'default-decide': 'signif' })).toThrow(/^input "default-decide": expected one of point, significant, got "signif"$/);
    expect(INPUTS_BY_MODE.compare).toContain('default-decide');
    expect(INPUTS_BY_MODE.publish).toContain('default-decide');
    expect(INPUTS_BY_MODE.ab).not.toContain('default-decide');
  });
});
