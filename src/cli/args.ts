/**
 * Parses the command line into a typed command. Every problem is a {@link UsageError} that names the
 * option, the value received and what is allowed.
 */
import { INPUT_FORMATS } from '../adapters/registry.js';
import { ALLOWABLE_FINDING_CODES } from '../analysis/integrity/findings.js';
import { DEFAULT_MAIN_ROUNDS } from '../analysis/main-design.js';
import { DEFAULT_MAX_TRIALS, MAX_TRIALS } from '../analysis/significance/sequential.js';
import { UsageError } from '../errors.js';
import type { GateConfig } from '../policy/config-file.js';
import { GATE_FLAGS } from '../policy/options.js';
import { overridesOf } from '../policy/policy.js';
import { didYouMean } from '../policy/suggest.js';
import * as value from '../policy/values.js';
import { configOf } from './command-args.js';
import { HISTORY_OPTIONS, type HistoryCommand, parseHistoryArgs } from './history.js';
import { LEADERBOARD_OPTIONS, type LeaderboardCommand, parseLeaderboard } from './leaderboard.js';
import { parseProfile, PROFILE_OPTIONS, type ProfileCommand } from './profile.js';

export const REPORT_FORMATS = ['markdown', 'json', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface CompareCommand {
  command: 'compare';
  /** As given: paths or globs, several for repeated trials. */
  baseline: string[];
  candidate: string[];
  /** The configuration file: given with --config, else the default path if it exists. */
  config: { path: string; explicit: boolean };
  /** The options given on the command line; the rest come from the configuration, then the defaults. */
  given: GateConfig;
  /** --input-format, or null: the configuration's, else auto. */
  inputFormat: string | null;
  /** --baseline-model / --candidate-model: the run to take from a file with one run per model. */
  models: { baseline: string | null; candidate: string | null };
  /** --baseline-prompt / --candidate-prompt: the prompt label of each side in a promptfoo output. */
  prompts: { baseline: string | null; candidate: string | null };
  /** --baseline-run / --candidate-run: the run to take from a history file (RLE's benchmark_history.jsonl). */
  runs: { baseline: string | null; candidate: string | null };
  format: ReportFormat;
  output: string | null;
  /** --evidence DIR: write the regressed cases' evidence there (evidence.json, evidence.html); null: not written. */
  evidence: string | null;
  /** --sequential: decide after this round, of at most maxTrials (--max-trials); null: the fixed design. */
  sequential: { maxTrials: number } | null;
  /** --noise-profile: the suite's noise profile (`benchgate profile --format json`), or null. */
  noiseProfile: string | null;
  /** --next-cases FILE (with --sequential or --design main): write the case ids the next round runs, one a line; null: not written. */
  nextCases: string | null;
  /**
   * --design main: the baseline is main's runs (every --baseline file), the candidate's files its
   * rounds, at most maxRounds (--max-trials), each after the first running the cases drawn with
   * --draw-key (analysis/main-design.ts); null: the paired design.
   */
  main: { maxRounds: number; key: string } | null;
}

export type HelpTopic = 'main' | 'compare' | 'leaderboard' | 'history' | 'profile';
export type Command = CompareCommand | LeaderboardCommand | HistoryCommand | ProfileCommand | { command: 'help'; topic: HelpTopic } | { command: 'version' };

/** Every value option; the gate options' flags come from the policy (src/policy), a new one joining at the end. */
const VALUE_OPTIONS: readonly string[] = [
  ...new Set([
    'baseline',
    'candidate',
    'config',
    'decide',
    'confidence',
    'cluster',
    'input-format',
    'baseline-model',
    'candidate-model',
    'baseline-prompt',
    'candidate-prompt',
    'baseline-run',
    'candidate-run',
    'min-reward-delta',
    'min-completion-delta',
    'max-steps-increase',
    'benchmark-tolerance',
    'format',
    'output',
    'evidence',
    'allow-finding',
    'max-trials',
    'noise-profile',
    'next-cases',
    'design',
    'draw-key',
    ...GATE_FLAGS,
  ]),
];
type ValueOption = string;
const FLAGS = ['fail-on-completion-regression', 'no-fail-on-completion-regression', 'sequential', 'help'] as const;

/** A value the policy's parsers refused, worded the CLI's way. */
function invalid(option: string, problem: value.ValueProblem): UsageError {
  return new UsageError(`Invalid value ${JSON.stringify(problem.got)} for --${option}: expected ${problem.expected}`);
}

/** Parses a flag's value with a policy parser. */
function parsed<T>(option: string, raw: string, parse: (raw: string) => T): T {
  try {
    return parse(raw);
  } catch (err) {
    if (err instanceof value.ValueProblem) throw invalid(option, err);
    throw err;
  }
}

function oneOf<T extends string>(option: string, raw: string, allowed: readonly T[]): T {
  return parsed(option, raw, value.oneOf(allowed));
}

interface Raw {
  values: Map<ValueOption, string[]>;
  flags: Set<string>;
}

/**
 * An argument that is no option. After a FILE option's value it is most likely a file the shell
 * found for an unquoted glob (`--baseline runs/*.json` gives `--baseline runs/a.json runs/b.json`).
 */
function unexpected(arg: string, after: string | null): UsageError {
  const glob =
    after === 'baseline' || after === 'candidate'
      ? `. If the shell expanded a glob given to --${after}, quote it (--${after} 'runs/${after}-*.json') or repeat the option for each file (--${after} a.json --${after} b.json)`
      : '';
  return new UsageError(`Unexpected argument ${JSON.stringify(arg)}: 'benchgate compare' takes only options${glob}; see 'benchgate compare --help'`);
}

function tokenize(args: readonly string[]): Raw {
  const raw: Raw = { values: new Map(), flags: new Set() };
  let after: string | null = null; // the option whose value the previous argument was
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-h') {
      raw.flags.add('help');
      continue;
    }
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw unexpected(arg, after);
    const name = m[1] as string;
    after = null;
    if ((FLAGS as readonly string[]).includes(name)) {
      if (m[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      raw.flags.add(name);
      continue;
    }
    if (!(VALUE_OPTIONS as readonly string[]).includes(name)) {
      throw new UsageError(`Unknown option --${name}${didYouMean(name, [...VALUE_OPTIONS, ...FLAGS], (n) => `--${n}`)}; see 'benchgate compare --help'`);
    }
    const value = m[2] ?? args[++i];
    if (value === undefined || (m[2] === undefined && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
    after = name;
    const list = raw.values.get(name as ValueOption) ?? [];
    list.push(value);
    raw.values.set(name as ValueOption, list);
  }
  return raw;
}

function single(raw: Raw, name: ValueOption): string | undefined {
  const list = raw.values.get(name);
  if (list && list.length > 1) throw new UsageError(`--${name} was given ${list.length} times; give it once`);
  return list?.[0];
}

/** A repeatable FILE option: at least once, never empty. */
function files(raw: Raw, name: ValueOption): string[] {
  const list = raw.values.get(name) ?? [];
  if (list.length === 0 || list.some((v) => v === '')) throw new UsageError(`--${name} FILE is required; see 'benchgate compare --help'`);
  return list;
}

/** A value option that, when given, is not empty. */
function nonEmpty(raw: Raw, name: ValueOption): string | null {
  const v = single(raw, name);
  if (v === undefined) return null;
  if (v.trim() === '')
    throw new UsageError(
      `--${name} needs a value: ${name.endsWith('-run') ? "a run's timestamp (or a prefix of it) or git commit, as the history file writes it" : `the ${name.endsWith('prompt') ? 'prompt label' : 'model name'} as the results file writes it`}`,
    );
  return v;
}

/** The designs --design names: both sides measured for the pair, or the baseline from main's runs. */
export const DESIGNS = ['paired', 'main'] as const;

/**
 * --design, --draw-key and (under main) --max-trials: the design `main` and its most rounds of the
 * candidate, 1 to 50, default DEFAULT_MAIN_ROUNDS; null for the paired design.
 */
export function mainDesignOf(raw: {
  design: string | undefined;
  sequential: boolean;
  maxTrials: string | undefined;
  key: string | undefined;
}): CompareCommand['main'] {
  const design = raw.design === undefined ? 'paired' : oneOf('design', raw.design, DESIGNS);
  if (design === 'paired') {
    if (raw.key !== undefined)
      throw new UsageError(`--draw-key has no effect without --design main: it is the key the candidate's rounds draw their cases with`);
    return null;
  }
  if (raw.sequential)
    throw new UsageError('--design main decides after every round of the candidate already: drop --sequential (--max-trials is the most rounds)');
  const key = raw.key ?? DEFAULT_DRAW_KEY;
  if (key.trim() === '') throw new UsageError('--draw-key needs a value: the key the rounds draw their cases with (the pull request, say)');
  if (raw.maxTrials === undefined) return { maxRounds: DEFAULT_MAIN_ROUNDS, key };
  const n = /^\s*\d+\s*$/.test(raw.maxTrials) ? Number(raw.maxTrials) : NaN;
  if (Number.isInteger(n) && n >= 1 && n <= MAX_TRIALS) return { maxRounds: n, key };
  throw new UsageError(
    `Invalid value ${JSON.stringify(raw.maxTrials)} for --max-trials: expected a whole number of the candidate's rounds from 1 to ${MAX_TRIALS}`,
  );
}

/** The draw's key when --draw-key is not given: every pull request then draws the same cases, which is valid but leaves the same cases out each time. */
export const DEFAULT_DRAW_KEY = 'benchgate';

/** --sequential and --max-trials: the maximum number of rounds (trials per side), 2 to 50, default 10. */
export function sequentialOf(raw: { sequential: boolean; maxTrials: string | undefined }): CompareCommand['sequential'] {
  if (!raw.sequential) {
    if (raw.maxTrials !== undefined)
      throw new UsageError(`--max-trials ${raw.maxTrials} has no effect without --sequential: it is the most rounds a sequential decision may run`);
    return null;
  }
  if (raw.maxTrials === undefined) return { maxTrials: DEFAULT_MAX_TRIALS };
  const n = /^\s*\d+\s*$/.test(raw.maxTrials) ? Number(raw.maxTrials) : NaN;
  if (Number.isInteger(n) && n >= 2 && n <= MAX_TRIALS) return { maxTrials: n };
  throw new UsageError(
    `Invalid value ${JSON.stringify(raw.maxTrials)} for --max-trials: expected a whole number of rounds (trials per side) from 2 to ${MAX_TRIALS}`,
  );
}

/** The gate options given on the command line, under the configuration file's names (src/policy). */
function given(raw: Raw): GateConfig {
  const out = overridesOf(
    (option) => (option.flag === null ? undefined : single(raw, option.flag)),
    (option, problem) => invalid(option.flag as string, problem),
  );
  const on = raw.flags.has('fail-on-completion-regression');
  const off = raw.flags.has('no-fail-on-completion-regression');
  if (on && off) throw new UsageError('--fail-on-completion-regression and --no-fail-on-completion-regression contradict each other; give one');
  if (on || off) out.fail_on_completion_regression = on;
  const codes = (raw.values.get('allow-finding') ?? [])
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.length > 0) out.allow_findings = codes.map((code) => oneOf('allow-finding', code, ALLOWABLE_FINDING_CODES));
  return out;
}

/** The design flags: --design main takes --max-trials as its own; else --sequential does. */
function designs(raw: Raw): Pick<CompareCommand, 'sequential' | 'main'> {
  const main = mainDesignOf({
    design: single(raw, 'design'),
    sequential: raw.flags.has('sequential'),
    maxTrials: single(raw, 'max-trials'),
    key: single(raw, 'draw-key'),
  });
  if (main !== null) return { sequential: null, main };
  return { sequential: sequentialOf({ sequential: raw.flags.has('sequential'), maxTrials: single(raw, 'max-trials') }), main: null };
}

function parseCompare(args: readonly string[]): Command {
  const raw = tokenize(args);
  if (raw.flags.has('help')) return { command: 'help', topic: 'compare' };
  return {
    command: 'compare',
    baseline: files(raw, 'baseline'),
    candidate: files(raw, 'candidate'),
    config: configOf(single(raw, 'config')),
    given: given(raw),
    inputFormat: single(raw, 'input-format') === undefined ? null : oneOf('input-format', single(raw, 'input-format') as string, INPUT_FORMATS),
    models: { baseline: nonEmpty(raw, 'baseline-model'), candidate: nonEmpty(raw, 'candidate-model') },
    prompts: { baseline: nonEmpty(raw, 'baseline-prompt'), candidate: nonEmpty(raw, 'candidate-prompt') },
    runs: { baseline: nonEmpty(raw, 'baseline-run'), candidate: nonEmpty(raw, 'candidate-run') },
    format: oneOf('format', single(raw, 'format') ?? 'markdown', REPORT_FORMATS),
    output: single(raw, 'output') ?? null,
    evidence: single(raw, 'evidence') ?? null,
    ...designs(raw),
    noiseProfile: single(raw, 'noise-profile') ?? null,
    nextCases: single(raw, 'next-cases') ?? null,
  };
}

const COMMANDS = ['compare', 'leaderboard', 'history', 'profile'] as const;

/** Every option of each command, without its `--` (`-h` aside); messages and help name no other (a test scans them). */
export const COMMAND_OPTIONS: Readonly<Record<(typeof COMMANDS)[number], readonly string[]>> = {
  compare: [...VALUE_OPTIONS, ...FLAGS],
  leaderboard: [...LEADERBOARD_OPTIONS, 'help'],
  history: [...HISTORY_OPTIONS, 'help'],
  profile: [...PROFILE_OPTIONS, 'help'],
};

/** Parses `argv` without the node executable and script path. */
export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError("A command is required: 'benchgate compare --baseline FILE --candidate FILE'. See 'benchgate --help'");
  if (first === '--help' || first === '-h') return { command: 'help', topic: 'main' };
  if (first === 'help') {
    const [topic, ...extra] = rest;
    if (topic === undefined) return { command: 'help', topic: 'main' };
    const known = (COMMANDS as readonly string[]).includes(topic);
    if (extra.length > 0 || !known) {
      throw new UsageError(
        `'benchgate help' takes one command name: ${COMMANDS.join(', ')}${known ? '' : `, not ${JSON.stringify(topic)}${didYouMean(topic, COMMANDS)}`}`,
      );
    }
    return { command: 'help', topic: topic as HelpTopic };
  }
  if (first === 'version' || first === '--version' || first === '-v' || first === '-V') return { command: 'version' };
  if (first === 'compare') return parseCompare(rest);
  if (first === 'leaderboard') return parseLeaderboard(rest) ?? { command: 'help', topic: 'leaderboard' };
  if (first === 'history') return parseHistoryArgs(rest) ?? { command: 'help', topic: 'history' };
  if (first === 'profile') return parseProfile(rest) ?? { command: 'help', topic: 'profile' };
  throw new UsageError(
    `Unknown command ${JSON.stringify(first)}${didYouMean(first.replace(/^-+/, ''), COMMANDS)}; expected 'compare', 'leaderboard', 'history' or 'profile'. See 'benchgate --help'`,
  );
}
