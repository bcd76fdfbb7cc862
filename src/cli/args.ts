/**
 * Parses the command line into a typed command. Every problem is a {@link UsageError} that names the
 * option, the value received and what is allowed.
 */
import { INPUT_FORMATS } from '../adapters/registry.js';
import { FINDING_CODES } from '../analysis/integrity/findings.js';
import { CLUSTER_FIELD_NAME, CLUSTER_FIELDS, DECISION_POLICIES } from '../analysis/significance/significance.js';
import { DEFAULT_MAX_TRIALS, MAX_TRIALS } from '../analysis/significance/sequential.js';
import { DEFAULT_CONFIG_PATH, type GateConfig } from '../policy/config-file.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../analysis/rlm/thresholds.js';
import { UsageError } from '../errors.js';
import { didYouMean } from '../policy/suggest.js';
import { parseLeaderboard, type LeaderboardCommand } from './leaderboard.js';

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
  /** --sequential: decide after this round, of at most maxTrials (--max-trials); null: the fixed design. */
  sequential: { maxTrials: number } | null;
}

export type Command = CompareCommand | LeaderboardCommand | { command: 'help'; topic: 'main' | 'compare' | 'leaderboard' } | { command: 'version' };

const VALUE_OPTIONS = ['baseline', 'candidate', 'config', 'decide', 'confidence', 'cluster', 'input-format', 'baseline-model', 'candidate-model', 'baseline-prompt', 'candidate-prompt', 'baseline-run', 'candidate-run', 'min-reward-delta', 'min-completion-delta', 'max-steps-increase', 'benchmark-tolerance', 'format', 'output', 'allow-finding', 'max-trials'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];
const FLAGS = ['fail-on-completion-regression', 'no-fail-on-completion-regression', 'sequential', 'help'] as const;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A threshold as rlm-code's Python float() takes it (decimals, exponents, inf), or undefined; never NaN. */
export function thresholdValue(raw: string): number | undefined {
  const s = raw.trim().toLowerCase();
  if (NUMBER.test(s)) return Number(s);
  const inf = /^([+-]?)(inf|infinity)$/.exec(s);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  return undefined;
}

/** Python-float-like parsing, as rlm-code's thresholds take: decimals, exponents, inf; never NaN. */
export function parseThreshold(option: string, raw: string): number {
  const value = thresholdValue(raw);
  if (value !== undefined) return value;
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a number such as 0, -0.05 or 1e-3 (or inf / -inf)`);
}

function oneOf<T extends string>(option: string, raw: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected one of ${allowed.join(', ')}`);
}

interface Raw {
  values: Map<ValueOption, string[]>;
  flags: Set<string>;
}

function tokenize(args: readonly string[]): Raw {
  const raw: Raw = { values: new Map(), flags: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-h') { raw.flags.add('help'); continue; }
    const m = /^--([A-Za-z0-9_-]+)(?:=(.*))?$/s.exec(arg);
    if (!m) throw new UsageError(`Unexpected argument ${JSON.stringify(arg)}: 'benchgate compare' takes only options; see 'benchgate compare --help'`);
    const name = m[1] as string;
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

/** --cluster: auto, none, a label, or a field of the case rows. */
export function clusterChoice(raw: string): string {
  if (raw === 'auto' || raw === 'none' || CLUSTER_FIELD_NAME.test(raw)) return raw;
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --cluster: expected auto, none, one of ${CLUSTER_FIELDS.join(', ')}, or a field of the case rows (no spaces)`);
}

/** A value option that, when given, is not empty. */
function nonEmpty(raw: Raw, name: ValueOption): string | null {
  const v = single(raw, name);
  if (v === undefined) return null;
  if (v.trim() === '') throw new UsageError(`--${name} needs a value: ${name.endsWith('-run') ? "a run's timestamp (or a prefix of it) or git commit, as the history file writes it" : `the ${name.endsWith('prompt') ? 'prompt label' : 'model name'} as the results file writes it`}`);
  return v;
}

/** A confidence level as a fraction or a percentage: 0.95, 95 or 95%. */
export function parseConfidence(option: string, raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(raw);
  const value = m ? Number(m[1]) / (m[2] === '%' || Number(m[1]) > 1 ? 100 : 1) : NaN;
  if (value > 0.5 && value < 1) return value;
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a confidence level above 0.5 and below 1, such as 0.95, 0.99 or 95%`);
}

/** A tolerance as a fraction or a percentage: 0.1 or 10%. */
export function parseTolerance(option: string, raw: string): number {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(raw);
  if (m) return Number(m[1]) / (m[2] === '%' ? 100 : 1);
  throw new UsageError(`Invalid value ${JSON.stringify(raw)} for --${option}: expected a fraction of at least 0 or a percentage, such as 0.1 or 10%`);
}

/** --sequential and --max-trials: the maximum number of rounds (trials per side), 2 to 50, default 10. */
export function sequentialOf(raw: { sequential: boolean; maxTrials: string | undefined }): CompareCommand['sequential'] {
  if (!raw.sequential) {
    if (raw.maxTrials !== undefined) throw new UsageError(`--max-trials ${raw.maxTrials} has no effect without --sequential: it is the most rounds a sequential decision may run`);
    return null;
  }
  if (raw.maxTrials === undefined) return { maxTrials: DEFAULT_MAX_TRIALS };
  const n = /^\s*\d+\s*$/.test(raw.maxTrials) ? Number(raw.maxTrials) : NaN;
  if (Number.isInteger(n) && n >= 2 && n <= MAX_TRIALS) return { maxTrials: n };
  throw new UsageError(`Invalid value ${JSON.stringify(raw.maxTrials)} for --max-trials: expected a whole number of rounds (trials per side) from 2 to ${MAX_TRIALS}`);
}

/** The gate options given on the command line, under the configuration file's names. */
function given(raw: Raw): GateConfig {
  const out: GateConfig = {};
  const num = (name: ValueOption): number | undefined => {
    const v = single(raw, name);
    return v === undefined ? undefined : parseThreshold(name, v);
  };
  const set = <K extends keyof GateConfig>(key: K, value: GateConfig[K] | undefined): void => {
    if (value !== undefined) out[key] = value;
  };
  set('min_reward_delta', num('min-reward-delta'));
  set('min_completion_delta', num('min-completion-delta'));
  set('max_steps_increase', num('max-steps-increase'));
  const tolerance = single(raw, 'benchmark-tolerance');
  set('benchmark_tolerance', tolerance === undefined ? undefined : parseTolerance('benchmark-tolerance', tolerance));
  const on = raw.flags.has('fail-on-completion-regression');
  const off = raw.flags.has('no-fail-on-completion-regression');
  if (on && off) throw new UsageError('--fail-on-completion-regression and --no-fail-on-completion-regression contradict each other; give one');
  if (on || off) out.fail_on_completion_regression = on;
  const decide = single(raw, 'decide');
  set('decide', decide === undefined ? undefined : oneOf('decide', decide, DECISION_POLICIES));
  const confidence = single(raw, 'confidence');
  set('confidence', confidence === undefined ? undefined : parseConfidence('confidence', confidence));
  const cluster = single(raw, 'cluster');
  set('cluster', cluster === undefined ? undefined : clusterChoice(cluster));
  const codes = (raw.values.get('allow-finding') ?? []).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  if (codes.length > 0) out.allow_findings = codes.map((code) => oneOf('allow-finding', code, FINDING_CODES));
  return out;
}

/** The thresholds of a resolved configuration, the seed's defaults where it says nothing. */
export function thresholdsOf(c: GateConfig): Thresholds {
  return {
    min_reward_delta: c.min_reward_delta ?? DEFAULT_THRESHOLDS.min_reward_delta,
    min_completion_delta: c.min_completion_delta ?? DEFAULT_THRESHOLDS.min_completion_delta,
    max_steps_increase: c.max_steps_increase ?? DEFAULT_THRESHOLDS.max_steps_increase,
    fail_on_completion_regression: c.fail_on_completion_regression ?? DEFAULT_THRESHOLDS.fail_on_completion_regression,
  };
}

function parseCompare(args: readonly string[]): Command {
  const raw = tokenize(args);
  if (raw.flags.has('help')) return { command: 'help', topic: 'compare' };
  return {
    command: 'compare',
    baseline: files(raw, 'baseline'),
    candidate: files(raw, 'candidate'),
    config: single(raw, 'config') === undefined ? { path: DEFAULT_CONFIG_PATH, explicit: false } : { path: single(raw, 'config') as string, explicit: true },
    given: given(raw),
    inputFormat: single(raw, 'input-format') === undefined ? null : oneOf('input-format', single(raw, 'input-format') as string, INPUT_FORMATS),
    models: { baseline: nonEmpty(raw, 'baseline-model'), candidate: nonEmpty(raw, 'candidate-model') },
    prompts: { baseline: nonEmpty(raw, 'baseline-prompt'), candidate: nonEmpty(raw, 'candidate-prompt') },
    runs: { baseline: nonEmpty(raw, 'baseline-run'), candidate: nonEmpty(raw, 'candidate-run') },
    format: oneOf('format', single(raw, 'format') ?? 'markdown', REPORT_FORMATS),
    output: single(raw, 'output') ?? null,
    sequential: sequentialOf({ sequential: raw.flags.has('sequential'), maxTrials: single(raw, 'max-trials') }),
  };
}

const COMMANDS = ['compare', 'leaderboard'] as const;

/** Parses `argv` without the node executable and script path. */
export function parseArgs(argv: readonly string[]): Command {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError("A command is required: 'benchgate compare --baseline FILE --candidate FILE'. See 'benchgate --help'");
  if (first === '--help' || first === '-h') return { command: 'help', topic: 'main' };
  if (first === 'help') {
    const [topic, ...extra] = rest;
    if (topic === undefined) return { command: 'help', topic: 'main' };
    if (extra.length > 0 || (topic !== 'compare' && topic !== 'leaderboard')) {
      throw new UsageError(`'benchgate help' takes one command name: compare or leaderboard${topic !== 'compare' && topic !== 'leaderboard' ? `, not ${JSON.stringify(topic)}${didYouMean(topic, COMMANDS)}` : ''}`);
    }
    return { command: 'help', topic };
  }
  if (first === '--version' || first === '-V') return { command: 'version' };
  if (first === 'compare') return parseCompare(rest);
  if (first === 'leaderboard') return parseLeaderboard(rest) ?? { command: 'help', topic: 'leaderboard' };
  throw new UsageError(`Unknown command ${JSON.stringify(first)}${didYouMean(first.replace(/^-+/, ''), COMMANDS)}; expected 'compare' or 'leaderboard'. See 'benchgate --help'`);
}
