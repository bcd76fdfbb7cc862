/**
 * The gate options: each scalar key of the configuration file that the action takes as an input
 * and/or the CLI as a flag, with the parser both share (values.ts). The two programs read their raw
 * strings through this table (policy.ts `overridesOf`), so an option is spelled once.
 *
 * A new scalar gate option is one entry here (its key, input and flag names, parser, schema, help
 * lines, and where its value goes in the analysis options) plus the analysis code that reads it:
 * the configuration schema (config-file.ts), the action's inputs (action/inputs), the CLI's flags
 * and its help take it from this table. action.yml declares the input and docs/ describe it.
 */
import { z } from 'zod';

import type { CompareOptions } from '../analysis/compare.js';
import * as value from './values.js';

/** A scalar gate option: one key of the configuration file, typed as an action input and/or a CLI flag. */
export interface GateOption {
  /** The configuration file's key: the one spelling. */
  key: string;
  /** The action's input, or null when the option is not an input. */
  input: string | null;
  /** The CLI's value flag (`--name VALUE`), or null when the CLI spells it otherwise or not at all. */
  flag: string | null;
  /** Reads a raw input or flag value; throws a {@link value.ValueProblem}. */
  parse(raw: string): unknown;
  /**
   * For an option declared only here: its schema in the configuration file (added after the keys
   * config-file.ts writes out), its lines in `benchgate compare --help`'s Gates section, and where
   * its value goes in the analysis options.
   */
  schema?: z.ZodType;
  help?: string;
  compare?(options: CompareOptions, value: unknown): void;
}

/** In the order the action lists its gate inputs and the CLI its gate flags. */
export const GATE_OPTIONS: readonly GateOption[] = [
  { key: 'min_reward_delta', input: 'min-reward-delta', flag: 'min-reward-delta', parse: value.threshold },
  { key: 'min_completion_delta', input: 'min-completion-delta', flag: 'min-completion-delta', parse: value.threshold },
  { key: 'max_steps_increase', input: 'max-steps-increase', flag: 'max-steps-increase', parse: value.threshold },
  // The CLI spells it as two flags (--fail-on-completion-regression / --no-…): cli/args.ts.
  { key: 'fail_on_completion_regression', input: 'fail-on-completion-regression', flag: null, parse: value.boolean },
  // The CLI's --allow-finding is repeatable: cli/args.ts.
  { key: 'allow_findings', input: 'allow-findings', flag: null, parse: value.findingCodes },
  { key: 'decide', input: 'decide', flag: 'decide', parse: value.decide },
  { key: 'confidence', input: 'confidence', flag: 'confidence', parse: value.confidence },
  { key: 'cluster', input: 'cluster', flag: 'cluster', parse: value.cluster },
  { key: 'fail_on_inconclusive', input: 'fail-on-inconclusive', flag: null, parse: value.boolean },
  { key: 'benchmark_tolerance', input: null, flag: 'benchmark-tolerance', parse: value.tolerance },
  marginOption(
    'completion_margin',
    ['completion', 'completion_regressions'],
    "5 points (0.05) of completion, and of the regressions gate's balance of cases worse and better",
  ),
  marginOption('reward_margin', ['reward'], '0.05 of mean reward'),
  {
    key: 'flaky_below',
    input: null,
    flag: 'flaky-below',
    parse: value.passRate,
    schema: z
      .union([
        z.number().gt(0).max(1),
        z.string().refine((s) => value.PERCENT.test(s) && Number(s.slice(0, -1)) > 0 && Number(s.slice(0, -1)) <= 100, {
          message: 'expected a pass rate above 0 and at most 1, or a percentage such as "90%"',
        }),
      ])
      .describe(
        'Under decide: point, with a noise profile: completion regressions on cases that pass less often than this on main (by the profile) do not by themselves hold, when they are all the regressions; they still count in the completion rate, and under decide: significant in the paired tests. Unset: every regression holds, as in rlm-code.',
      ),
    help:
      '  --flaky-below R'.padEnd(35) +
      'with --noise-profile, under point: regressions that are all on\n' +
      `${' '.repeat(35)}cases passing less than R of main's runs (0.9 or 90%)\n` +
      `${' '.repeat(35)}do not hold by themselves (default: every one holds)`,
    compare(options, raw) {
      options.flakyBelow = value.toleranceFraction(raw as number | string);
    },
  },
  {
    key: 'settle_share',
    input: null,
    flag: 'settle-share',
    parse: value.share,
    schema: z
      .union([
        z.number().min(0).max(1),
        z.string().refine((s) => value.PERCENT.test(s) && Number(s.slice(0, -1)) <= 100, {
          message: 'expected a share from 0 to 1, or a percentage such as "20%"',
        }),
      ])
      .describe(
        "Sequential rounds with a noise profile (the CLI's --sequential, the action's mode ab): the share of the later rounds a case deterministic on main still runs, each drawn in advance from its id and the round number. 0: the first round only (fewest runs, least power on a small drop spread over those cases); 1: every round. Default 0.2 (docs/statistics.md measures the trade).",
      ),
    help:
      '  --settle-share S'.padEnd(35) +
      'with --sequential and --noise-profile: the share of later\n' +
      `${' '.repeat(35)}rounds a case deterministic on main still runs, drawn\n` +
      `${' '.repeat(35)}in advance (0 to 1 or a percentage; default: 0.2)`,
    compare(options, raw) {
      options.settleShare = value.toleranceFraction(raw as number | string);
    },
  },
];

/**
 * A non-inferiority margin under decide: significant: the gate passes when the data show
 * the candidate no worse than the margin; a hold still needs the threshold itself shown violated.
 */
function marginOption(key: string, gates: readonly ('completion' | 'completion_regressions' | 'reward')[], what: string): GateOption {
  const flag = key.replace('_', '-');
  return {
    key,
    input: null,
    flag,
    parse: value.tolerance,
    schema: z
      .union([z.number().min(0).max(1), z.string().regex(value.PERCENT, 'expected a number from 0 to 1 or a percentage such as "5%"')])
      .describe(
        `Under decide: significant, the non-inferiority margin: the gate passes when the data show the candidate no worse than this (default ${what}); 0 asks it to be shown at least as good.`,
      ),
    help:
      `  --${flag} M`.padEnd(35) +
      `for significant: ${gates.length > 1 ? 'the completion and regressions gates pass' : 'the reward gate passes'}\n` +
      `${' '.repeat(35)}when shown no worse than M: 0.05 or 5% (default: 0.05);\n` +
      `${' '.repeat(35)}0: shown at least as good`,
    compare(options, raw) {
      const m = value.toleranceFraction(raw as number | string);
      const margins = { ...options.significance?.margins };
      for (const g of gates) margins[g] = m;
      options.significance = { ...options.significance, margins };
    },
  };
}

/** The action inputs of the gate options, in order. */
export const GATE_INPUTS: readonly string[] = GATE_OPTIONS.flatMap((o) => (o.input === null ? [] : [o.input]));
/** The CLI value flags of the gate options, in order. */
export const GATE_FLAGS: readonly string[] = GATE_OPTIONS.flatMap((o) => (o.flag === null ? [] : [o.flag]));
