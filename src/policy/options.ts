/**
 * The gate options: each scalar key of the configuration file that the action takes as an input
 * and/or the CLI as a flag, with the parser both share (values.ts). The two programs read their raw
 * strings through this table (policy.ts `overridesOf`), so an option is spelled once.
 *
 * One declaration per option (issue 44): its configuration key, action input and CLI flag, parser,
 * schema (whose description is its text in docs/reference.md and the JSON Schema, both written by
 * `npm run generate`), its lines in `benchgate compare --help`, and where its value goes in the
 * analysis options. A new scalar gate option is one entry here plus the analysis code that reads
 * it: the configuration schema (config-file.ts), the action's inputs (action/inputs), the CLI's
 * flags and its help take it from this table. action.yml declares the input and docs/ describe it.
 */
import { z } from 'zod';

import type { CompareOptions } from '../analysis/compare.js';
import { ALLOWABLE_FINDING_CODES, type FindingCode } from '../analysis/integrity/findings.js';
import { CLUSTER_FIELDS, DECISION_POLICIES, type MarginSetting } from '../analysis/model.js';
import { DEFAULT_THRESHOLDS as D } from '../analysis/rlm/thresholds.js';
import * as value from './values.js';

/** The column where an option's help text starts in `benchgate compare --help`. */
const HELP_AT = 35;

/** An option's help: its flag (padded to {@link HELP_AT}) and its first line, the next lines under it. */
function helpLines(flag: string, ...lines: readonly string[]): string {
  return [`  ${flag}`.padEnd(HELP_AT) + (lines[0] ?? ''), ...lines.slice(1).map((l) => ' '.repeat(HELP_AT) + l)].join('\n');
}

/** A field of the case rows a configuration names (a dotted path into the case `extra`). */
export const caseField = z.string().regex(/^[^.\s][^\s]{0,127}$/, 'expected a field name (no spaces, at most 128 characters; dots separate nested keys)');

const threshold = (what: string) => z.number().describe(what);

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
   * Its schema in the configuration file; the schema's description is the option's text in
   * docs/reference.md and schema/benchgate.schema.json. config-file.ts places it among its keys
   * ({@link gateSchemas}) or, when it does not, after them.
   */
  schema: z.ZodType;
  /** Its lines in `benchgate compare --help` (help.ts places them), or absent when the CLI has no flag for it. */
  help?: string;
  /** Where its value goes in the analysis options, for an option the policy (policy.ts) does not read itself. */
  compare?(options: CompareOptions, value: unknown): void;
}

/** The options with their own types (for {@link gateSchemas}), in the order the action lists its gate inputs and the CLI its gate flags. */
const OPTIONS = [
  {
    key: 'min_reward_delta',
    input: 'min-reward-delta',
    flag: 'min-reward-delta',
    parse: value.threshold,
    schema: threshold("rlm-code's gate: the candidate's mean reward minus the baseline's must be at least this."),
    help: helpLines(
      '--min-reward-delta N',
      "the candidate's mean reward minus the baseline's must be at",
      `least N (default: ${D.min_reward_delta}; -0.05 allows a small drop)`,
    ),
  },
  {
    key: 'min_completion_delta',
    input: 'min-completion-delta',
    flag: 'min-completion-delta',
    parse: value.threshold,
    schema: threshold("rlm-code's gate: the completion-rate difference (a fraction: 0.05 = 5 points) must be at least this."),
    help: helpLines(
      '--min-completion-delta N',
      'the completion-rate difference (a fraction: 0.05 = 5 points)',
      `must be at least N (default: ${D.min_completion_delta})`,
    ),
  },
  {
    key: 'max_steps_increase',
    input: 'max-steps-increase',
    flag: 'max-steps-increase',
    parse: value.threshold,
    schema: threshold("rlm-code's gate: the mean number of steps may rise by at most this."),
    help: helpLines('--max-steps-increase N', `mean steps may rise by at most N (default: ${D.max_steps_increase})`),
  },
  // The CLI spells it as two flags (--fail-on-completion-regression / --no-…): cli/args.ts.
  {
    key: 'fail_on_completion_regression',
    input: 'fail-on-completion-regression',
    flag: null,
    parse: value.boolean,
    schema: z.boolean().describe("rlm-code's gate: hold when a case the baseline completed is not completed by the candidate."),
    help: [
      helpLines('--fail-on-completion-regression', 'hold when a case the baseline completed is not completed by the', 'candidate (default: on)'),
      '  --no-fail-on-completion-regression',
      `${' '.repeat(HELP_AT)}do not gate on such cases (they are still reported)`,
    ].join('\n'),
  },
  // The CLI's --allow-finding is repeatable: cli/args.ts. help.ts lists the codes after these lines.
  {
    key: 'allow_findings',
    input: 'allow-findings',
    flag: null,
    parse: value.findingCodes,
    schema: z
      .array(z.enum(ALLOWABLE_FINDING_CODES as [FindingCode, ...FindingCode[]]))
      .describe('Finding codes that are reported but do not hold the verdict.'),
    help: helpLines('--allow-finding CODE[,CODE]', 'report findings with this code but do not hold the verdict on', 'them; repeatable (default: none). Codes:'),
  },
  {
    key: 'decide',
    input: 'decide',
    flag: 'decide',
    parse: value.decide,
    schema: z
      .enum(DECISION_POLICIES)
      .describe("point: rlm-code's gates on point estimates, exactly. significant: each gate on the paired per-case evidence (may be inconclusive)."),
    help: helpLines(
      '--decide POLICY',
      'point | significant (default: point)',
      '  point        the gates on point estimates, exactly as rlm-code',
      '  significant  each gate on the paired per-case evidence: it',
      '               fails only when the data show it violated,',
      '               passes when they show it holds, else the',
      '               verdict is inconclusive (exit 3)',
    ),
  },
  {
    key: 'confidence',
    input: 'confidence',
    flag: 'confidence',
    parse: value.confidence,
    schema: z.number().gt(0.5).lt(1).describe('Confidence level of decide: significant, above 0.5 and below 1 (0.95 = 95%).'),
    help: helpLines('--confidence LEVEL', 'for significant: 0.95, 0.99 or 95% (default: 0.95)'),
  },
  {
    key: 'cluster',
    input: 'cluster',
    flag: 'cluster',
    parse: value.cluster,
    schema: z
      .union([z.enum(['auto', 'none', ...CLUSTER_FIELDS]), caseField])
      .describe(
        'Under decide: significant, the case label whose groups are tested as one unit: auto, none, a label, or any other field of the case rows (a dotted path into the case `extra`).',
      ),
    help: helpLines(
      '--cluster FIELD',
      'for significant: auto | none | task_family | environment |',
      'domain | split | length_bucket | any field of the case rows:',
      'cases of one group are tested as one unit',
      '(default: auto: task_family, environment or domain when every',
      'case has one: with at least 20 groups always, with fewer only',
      'when the data show the cases of a group moving together)',
    ),
  },
  {
    key: 'main_max_age',
    input: 'main-max-age',
    flag: 'main-max-age',
    parse: value.age,
    schema: z
      .union([z.number().positive(), z.string().regex(/^\d+(\.\d+)?[hd]$/, 'expected hours or days, such as 36h or 7d')])
      .describe(
        "Under design main: the oldest main's runs may be, measured from when their suite finished to when the gate judges: hours (36, 36h) or days (7d). Older runs hold the verdict (finding stale-baseline), since the world they measured (a provider's model, a dataset) may have moved since. Keep them fresh with a scheduled run of the gate workflow on the default branch (schedule: it measures the branch's head), or update the pull request onto a newer commit. Default none: no limit.",
      ),
    help: helpLines(
      '--main-max-age AGE',
      "for --design main: main's runs older than AGE (36h, 7d) hold",
      'the verdict (finding stale-baseline); default: no limit',
    ),
  },
  {
    key: 'fail_on_inconclusive',
    input: 'fail-on-inconclusive',
    flag: null,
    parse: value.boolean,
    schema: z
      .boolean()
      .describe(
        'In the action: an inconclusive verdict fails the check run and the compare step, naming what would decide it (the default, true); false is advisory mode: a neutral check run, which GitHub counts as passing.',
      ),
  },
  {
    key: 'benchmark_tolerance',
    input: null,
    flag: 'benchmark-tolerance',
    parse: value.tolerance,
    schema: z
      .union([z.number().min(0), z.string().regex(value.PERCENT, 'expected a number of at least 0 or a percentage such as "10%"')])
      .describe(
        'github-action-benchmark files: how much worse a benchmark, or the geometric mean of the ratios, may get before the gate holds: a fraction (0.1) or "10%" (default 10%). lm-eval results files (aggregates only, judged per task): how far a task\'s score may drop, as a share of its range (default 0.02, 2 points).',
      ),
    help: helpLines(
      '--benchmark-tolerance T',
      'github-action-benchmark files: how much worse a benchmark, or the',
      'geometric mean of the ratios, may get: 0.1 or 10% (default: 10%);',
      "lm-eval results files: how far a task's score may drop, as a",
      'share of its range (default: 0.02, 2 points)',
    ),
  },
  marginOption('completion_margin', ['completion', 'completion_regressions'], {
    max: 1,
    describe:
      '5 points (0.05) of completion, and of the regressions gate\'s balance of cases worse and better; a percentage is of the rate\'s scale 0–1, so "5%" is the same 0.05',
    help: ['for significant: the completion and regressions gates pass', 'when shown no worse than M: 0.05 or 5% (default: 0.05);'],
  }),
  marginOption('reward_margin', ['reward'], {
    max: Infinity,
    describe:
      '"5%": 5% of the baseline\'s reward scale, the 5th–95th percentile of its reward rows (read from the baseline only, and at the first look of sequential rounds); a number is absolute, in reward units; a percentage is a share of that scale',
    help: [
      'for significant: the reward gate passes when shown no worse',
      "than M: 5% is a share of the baseline's reward scale (its",
      "rows' 5th–95th percentile), 0.07 an absolute reward",
      '(default: 5%);',
    ],
  }),
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
] as const satisfies readonly GateOption[];

/** In the order the action lists its gate inputs and the CLI its gate flags. */
export const GATE_OPTIONS: readonly GateOption[] = OPTIONS;

/** A gate option's key. */
export type GateKey = (typeof OPTIONS)[number]['key'];
type SchemaOf<K extends GateKey> = Extract<(typeof OPTIONS)[number], { key: K }>['schema'];

function optionOf(key: string): GateOption {
  const option = GATE_OPTIONS.find((o) => o.key === key);
  if (option === undefined) throw new RangeError(`no gate option ${JSON.stringify(key)}`);
  return option;
}

/** The configuration file's schema of these options, each optional, typed, for config-file.ts to place among its keys. */
export function gateSchemas<const K extends readonly GateKey[]>(...keys: K): { [P in K[number]]: z.ZodOptional<SchemaOf<P>> } {
  return Object.fromEntries(keys.map((k) => [k, optionOf(k).schema.optional()])) as { [P in K[number]]: z.ZodOptional<SchemaOf<P>> };
}

/** The help lines of these options, each ending in a newline, for help.ts to place. */
export function gateHelp(...keys: readonly GateKey[]): string {
  return keys.map((k) => `${optionOf(k).help ?? ''}\n`).join('');
}

/**
 * A non-inferiority margin under decide: significant: the gate passes when the data show
 * the candidate no worse than the margin; a hold still needs the threshold itself shown violated.
 * A number is absolute; a percentage ("5%") is a share of the metric's scale (analysis/significance/margins.ts).
 */
function marginOption(
  key: string,
  gates: readonly ('completion' | 'completion_regressions' | 'reward')[],
  what: { max: number; describe: string; help: readonly string[] },
): GateOption {
  const flag = key.replace('_', '-');
  const number = Number.isFinite(what.max) ? z.number().min(0).max(what.max) : z.number().min(0);
  const range = Number.isFinite(what.max) ? `from 0 to ${what.max}` : 'of at least 0';
  return {
    key,
    input: null,
    flag,
    parse: value.margin,
    schema: z
      .union([
        number,
        z.string().refine((s) => value.PERCENT.test(s) && Number(s.slice(0, -1)) <= 100, {
          message: `expected a number ${range} or a percentage up to 100% such as "5%"`,
        }),
      ])
      .describe(
        `Under decide: significant, the non-inferiority margin: the gate passes when the data show the candidate no worse than this (default ${what.describe}); 0 asks it to be shown at least as good.`,
      ),
    help: helpLines(`--${flag} M`, ...what.help, '0: shown at least as good'),
    compare(options, raw) {
      const given = raw as number | string;
      const m: MarginSetting = typeof given === 'number' ? given : { share: value.toleranceFraction(given) };
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
