/**
 * The action's inputs, read through a `getInput(name)` function (core.getInput in the runner, a map in
 * tests) and checked before anything runs. Every error names the input, what it got and what it
 * expects. Which inputs a mode takes is listed in INPUTS_BY_MODE; giving one the mode ignores is an
 * error too, since it is almost always a wiring mistake (a `command:` on the gate step, say).
 */
import { isAbsolute, normalize } from 'node:path';

import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

import { INPUT_FORMATS, type LoadOptions } from '../../adapters/registry.js';
import type { Price } from '../../analysis/custom-gates/cost.js';
import { DEFAULT_MAX_TRIALS, MAX_TRIALS as MAX_SEQUENTIAL_ROUNDS } from '../../analysis/significance/sequential.js';
import { UsageError } from '../../errors.js';
import { COMMENT_MODES, type CommentMode } from '../../github/comments.js';
import { DEFAULT_CONFIG_PATH, type GateConfig, loadOptionsOf } from '../../policy/config-file.js';
import { GATE_INPUTS } from '../../policy/options.js';
import { type GatePolicy, overridesOf, resolvePolicy } from '../../policy/policy.js';
import * as value from '../../policy/values.js';
import { type Budget, parseBudget } from '../suite/budget.js';

export const MODES = ['run', 'compare', 'publish', 'ab', 'store-profile'] as const;
export type Mode = (typeof MODES)[number];
export const ROLES = ['baseline', 'candidate'] as const;
export type Role = (typeof ROLES)[number];
export const REUSE_MODES = ['off', 'prefer', 'require'] as const;
export type ReuseMode = (typeof REUSE_MODES)[number];

/** Where rlm-code's `/rlm bench` writes its summaries. */
export const DEFAULT_SUMMARY_GLOB = '.rlm_code/rlm/benchmarks/*.json';
export const DEFAULT_TIMEOUT_MINUTES = 60;
/** Artifact-name-safe, short enough to read in the artifact list. */
const SUITE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const FINGERPRINT_KEY = /^[a-z][a-z0-9_]{0,63}$/;

export type GetInput = (name: string) => string;

interface CommonInputs {
  suite: string;
}

export interface RunInputs extends CommonInputs {
  mode: 'run';
  role: Role;
  command: string;
  workingDirectory: string;
  timeoutMinutes: number;
  summary: string;
  format: string;
  /** How the summary is read: the format, and the configuration's input section for this role. */
  load: LoadOptions;
  fingerprint: Record<string, string | number | boolean | null>;
  retentionDays: number | undefined;
  allowCommandFailure: boolean;
  /** Runs of the suite, one after another (repeated trials for `decide: significant`). */
  trials: number;
  /** Take the base commit's baseline from an earlier run instead of running the suite (role baseline). */
  reuseBaseline: ReuseMode;
  /** For reuse: reads earlier workflow runs and their artifacts (actions: read). */
  githubToken: string;
  /** The spend cap (BENCHGATE_USAGE_FILE), or null. */
  budget: Budget | null;
  /** The configuration's prices, for a budget in USD. */
  pricing: Record<string, Price>;
  /** This job's part of a suite split across a job matrix; null when the suite runs whole. */
  shard: Shard | null;
  /** A file listing the suite's case ids (relative to the working directory), split across the shards. */
  cases: string | null;
  /** The command that installs the suite's dependencies, run in the suite's step before the suite (install.ts), or null. */
  install: string | null;
}

/** One part of a suite split across a job matrix: 1-based index, of total. */
export interface Shard {
  index: number;
  total: number;
}

/** Where the verdict is published on a pull request: a sticky comment and a check run. */
export interface PublishInputs {
  /** Empty: publish nothing (the job summary and the job's result still carry the verdict). */
  token: string;
  comment: CommentMode;
  /** Non-empty: this suite's report is a section of the group's one combined comment. */
  commentGroup: string;
  /** Earlier runs on the base branch shown in the comment's trend; 0: no trend. */
  trend: number;
  /** Empty: no check run. */
  checkName: string;
  /** Non-empty: the history is the suite's file on this branch (read for the trend, written on pushes to the default branch). */
  historyBranch: string;
}

/** The gate's policy, resolved: defaults <- configuration file <- inputs (src/policy). */
export type GateInputs = GatePolicy;

/** Where publish takes a pull request's baseline from (action.yml's `baseline-from`). */
export const BASELINE_FROM = ['push-run', 'pull-request-run'] as const;
export type BaselineFrom = (typeof BASELINE_FROM)[number];

export interface PublishModeInputs extends CommonInputs, GateInputs {
  mode: 'publish';
  publish: PublishInputs;
  /** push-run: the default branch's run at the PR's base commit; pull-request-run: the triggering run's own (same-repository PRs only). */
  baselineFrom: BaselineFrom;
  /** The suite's noise profile (a path in the workspace), or null: as compare's (mode ab's rounds settle the same cases). */
  noiseProfile: string | null;
}

export interface CompareInputs extends CommonInputs, GateInputs {
  mode: 'compare';
  /** Local files; null means download the role's artifact from this workflow run. */
  baseline: string | null;
  candidate: string | null;
  format: string;
  /** How local files are read: the format input, else the configuration's input section. */
  load: { baseline: LoadOptions; candidate: LoadOptions };
  failOnHold: boolean;
  publish: PublishInputs;
  /** The gate job's `needs` context (`toJSON(needs)`), when given: job id → result. */
  needs: Map<string, string> | null;
  reportDir: string | null;
  retentionDays: number | undefined;
  /** The suite's noise profile (a path in the workspace), or null: marks regressed cases; settles cases of mode ab's rounds. */
  noiseProfile: string | null;
}

/**
 * `mode: ab`: both sides in one job, in their own working trees, one trial of each per
 * round (the order alternates), the sequential decision after every round (src/action/ab/).
 */
export interface AbInputs extends CommonInputs, GateInputs {
  mode: 'ab';
  /** Each side's command and working tree (relative to the workspace); the configuration is read from the baseline's tree. */
  sides: Record<Role, { command: string; directory: string }>;
  /** The command that installs a side's dependencies, run in each tree in that side's own environment (src/action/ab/isolation.ts), or null. */
  install: string | null;
  /** The most rounds (trials per side) the design runs: fixed before the first round. */
  maxTrials: number;
  timeoutMinutes: number;
  summary: string;
  format: string;
  /** How each side's summary is read (the format input, else the configuration's input section). */
  load: Record<Role, LoadOptions>;
  fingerprint: Record<string, string | number | boolean | null>;
  retentionDays: number | undefined;
  allowCommandFailure: boolean;
  /** The spend cap over all rounds of both sides, or null. */
  budget: Budget | null;
  /**
   * This job's part of the cases, or null: each shard job runs its own rounds over its part and stops
   * on its own; the gate merges the shards at their common look (analysis/interleaved.ts).
   */
  shard: Shard | null;
  /** With shard: the case list, relative to the baseline's working tree (the base commit's list). */
  cases: string | null;
  /** The suite's noise profile (a path in the workspace), or null: later rounds run only the cases it does not settle. */
  noiseProfile: string | null;
}

/**
 * `mode: store-profile` (profile.yml's store job, the only one with contents: write): adds the
 * profile file built by `benchgate profile` to `<suite>.noise-profile.json` on the history branch.
 */
export interface StoreProfileInputs extends CommonInputs {
  mode: 'store-profile';
  /** The profile file to store, a path in the workspace. */
  noiseProfile: string;
  historyBranch: string;
  token: string;
}

export type ActionInputs = RunInputs | CompareInputs | PublishModeInputs | AbInputs | StoreProfileInputs;

const COMMON = ['mode', 'suite'];
const GATE = ['config', ...GATE_INPUTS, 'default-decide'];
const PUBLISH = ['github-token', 'comment', 'comment-group', 'trend', 'history-branch', 'check-name'];
/** Inputs action.yml gives a default (`github-token: ${{ github.token }}`): never "given" by mistake. */
export const DEFAULTED_INPUTS: readonly string[] = ['github-token'];
export const INPUTS_BY_MODE: Record<Mode, readonly string[]> = {
  run: [
    ...COMMON,
    'config',
    'role',
    'command',
    'working-directory',
    'timeout-minutes',
    'budget',
    'reuse-baseline',
    'trials',
    'install',
    'shard',
    'cases',
    'summary',
    'format',
    'fingerprint',
    'retention-days',
    'allow-command-failure',
  ],
  compare: [
    ...COMMON,
    'baseline',
    'candidate',
    'baseline-model',
    'candidate-model',
    'baseline-prompt',
    'candidate-prompt',
    'format',
    ...GATE,
    'fail-on-hold',
    'needs',
    'report-dir',
    'retention-days',
    'noise-profile',
    ...PUBLISH,
  ],
  publish: [...COMMON, ...GATE, ...PUBLISH, 'noise-profile', 'baseline-from'],
  ab: [
    ...COMMON,
    'command',
    'baseline-command',
    'baseline-directory',
    'candidate-directory',
    'install',
    'max-trials',
    'timeout-minutes',
    'budget',
    'shard',
    'cases',
    'summary',
    'format',
    'fingerprint',
    'retention-days',
    'allow-command-failure',
    'noise-profile',
    ...GATE.filter((name) => name !== 'fail-on-inconclusive' && name !== 'default-decide'),
  ],
  'store-profile': [...COMMON, 'noise-profile', 'history-branch', 'github-token'],
};
/** Every input the action declares (action.yml's test checks the two lists agree). */
export const ALL_INPUTS: readonly string[] = [...new Set([...INPUTS_BY_MODE.run, ...INPUTS_BY_MODE.compare, ...INPUTS_BY_MODE.ab, ...INPUTS_BY_MODE.publish])];

function invalid(name: string, raw: string, expected: string): UsageError {
  return new UsageError(`input "${name}": expected ${expected}, got ${JSON.stringify(raw)}`);
}

/** An input a mode cannot go without, left empty; `what` says what to give. */
function missing(name: string, mode: Mode, what: string): UsageError {
  return new UsageError(`input "${name}": required with mode: ${mode}; ${what}`);
}

function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw invalid(name, raw, `one of ${allowed.join(', ')}`);
}

/** `raw` read by a shared value parser (policy/values.ts), its problem worded as this input's. */
function parsedInput<T>(name: string, raw: string, parse: (raw: string) => T): T {
  try {
    return parse(raw);
  } catch (err) {
    if (err instanceof value.ValueProblem) throw invalid(name, raw, err.expected);
    throw err;
  }
}

/** The YAML 1.2 core schema's booleans, as GitHub's core.getBooleanInput takes them. */
function boolean(name: string, raw: string, fallback: boolean): boolean {
  return raw === '' ? fallback : parsedInput(name, raw, value.boolean);
}

function retentionDays(raw: string): number | undefined {
  if (raw === '') return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 400) throw invalid('retention-days', raw, 'a whole number of days from 1 to 400, or empty for the repository setting');
  return n;
}

export const MAX_TRIALS = 100;

/** Most shards of one suite (a job matrix has at most 256 jobs). */
export const MAX_SHARDS = 256;

function shard(raw: string): Shard | null {
  if (raw === '') return null;
  const m = /^(\d{1,3})\s*(?:\/|of)\s*(\d{1,3})$/.exec(raw);
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || index < 1 || total < 1 || index > total || total > MAX_SHARDS)
    throw invalid('shard', raw, `INDEX/TOTAL with 1 <= INDEX <= TOTAL <= ${MAX_SHARDS}, such as \${{ matrix.shard }}/4`);
  return { index, total };
}

function trials(raw: string): number {
  if (raw === '') return 1;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TRIALS) throw invalid('trials', raw, `a whole number of runs from 1 to ${MAX_TRIALS}`);
  return Number(raw);
}

function reuseMode(raw: string, role: Role): ReuseMode {
  const mode = oneOf('reuse-baseline', raw || 'off', REUSE_MODES);
  if (mode !== 'off' && role !== 'baseline')
    throw new UsageError(`input "reuse-baseline": only the baseline job can reuse an earlier run; remove it from the ${role} job`);
  return mode;
}

function shardInputs(get: (name: string) => string): { shard: Shard | null; cases: string | null } {
  const s = shard(get('shard'));
  const cases = get('cases') || null;
  if (cases !== null && s === null)
    throw new UsageError('input "cases": used only with "shard" (the case list is what the shards split); give shard: INDEX/TOTAL too, or remove cases');
  if (s !== null && get('trials') !== '' && get('trials') !== '1')
    throw new UsageError('inputs "shard" and "trials": a sharded suite runs each shard once; give one of them');
  return { shard: s, cases };
}

function timeoutMinutes(raw: string): number {
  if (raw === '') return DEFAULT_TIMEOUT_MINUTES;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(n > 0) || n > 4320) throw invalid('timeout-minutes', raw, 'a number of minutes above 0 and at most 4320 (72 hours)');
  return n;
}

const FingerprintValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** `fingerprint`: a YAML mapping of plain keys to scalars, e.g. `model: gpt-4.1` and `seed: 7` on two lines. */
export function parseFingerprint(raw: string): Record<string, string | number | boolean | null> {
  if (raw.trim() === '') return {};
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (err) {
    throw new UsageError(
      `input "fingerprint": not valid YAML (${(err as Error).message.split('\n')[0]}); expected a mapping such as "model: gpt-4.1" with one key per line`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError('input "fingerprint": expected a YAML mapping such as "model: gpt-4.1" with one key per line');
  }
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!FINGERPRINT_KEY.test(key))
      throw new UsageError(`input "fingerprint": key ${JSON.stringify(key)} must be lower case letters, digits and _, starting with a letter (at most 64)`);
    const parsed = FingerprintValue.safeParse(value);
    if (!parsed.success || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new UsageError(`input "fingerprint": ${key} must be a string, a finite number, true, false or null, got ${JSON.stringify(value) ?? typeof value}`);
    }
    out[key] = parsed.data;
  }
  return out;
}

const NeedsContext = z.record(z.string(), z.object({ result: z.string() }).loose());

/** `needs`: the gate job's needs context as `${{ toJSON(needs) }}` renders it. */
export function parseNeeds(raw: string): Map<string, string> | null {
  if (raw.trim() === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new UsageError('input "needs": expected the JSON of the needs context; pass needs: ${{ toJSON(needs) }}');
  }
  const parsed = NeedsContext.safeParse(data);
  if (!parsed.success) throw new UsageError('input "needs": expected an object of jobs, each with a "result"; pass needs: ${{ toJSON(needs) }}');
  return new Map(Object.entries(parsed.data).map(([job, v]) => [job, v.result]));
}

function suite(raw: string): string {
  const value = raw === '' ? 'default' : raw;
  if (!SUITE_NAME.test(value)) throw invalid('suite', raw, 'a name of letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)');
  return value;
}

/** Reads the gate configuration file (path relative to the workspace); null when the default path has none. */
export type ConfigReader = (path: string, explicit: boolean) => GateConfig | null;

/**
 * Each gate input: given → the input; else the configuration file's key; else, for decide, `fallback`
 * (mode ab's significant) or the input `default-decide` (the reusable workflows pass significant);
 * else the default (src/policy).
 */
function gateInputs(get: (name: string) => string, file: GateConfig, fallback: GateConfig = {}): GateInputs {
  const given = overridesOf(
    (option) => (option.input === null || get(option.input) === '' ? undefined : get(option.input)),
    (option, problem) => invalid(option.input as string, problem.got, problem.expected),
  );
  const raw = get('default-decide');
  const defaults = raw === '' ? fallback : { decide: parsedInput('default-decide', raw, value.decide), ...fallback };
  return resolvePolicy(file, given, defaults);
}

function trendRuns(raw: string): number {
  if (raw === '') return DEFAULT_TREND_RUNS;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > MAX_TREND_RUNS) throw invalid('trend', raw, `a number of earlier runs from 0 (no trend) to ${MAX_TREND_RUNS}`);
  return Number(raw);
}

/** Earlier runs the trend shows by default. */
export const DEFAULT_TREND_RUNS = 10;
const MAX_TREND_RUNS = 30;

function commentGroup(raw: string): string {
  if (raw === '' || /^[A-Za-z0-9._-]{1,100}$/.test(raw)) return raw;
  throw invalid('comment-group', raw, 'a name of letters, digits, ".", "_" or "-" (at most 100), the same in every suite job that shares the comment');
}

/** A branch name git and GitHub accept: no "..", no leading "-" or "/", no trailing "/" or ".lock". */
function historyBranch(raw: string): string {
  if (raw === '' || (/^[A-Za-z0-9_][A-Za-z0-9._/-]{0,99}$/.test(raw) && !/\.\.|\/\/|\/$|\.lock$|\/\./.test(raw))) return raw;
  throw invalid(
    'history-branch',
    raw,
    'a branch name of letters, digits, ".", "_", "-" and "/" (at most 100), such as benchgate-history; benchgate creates it',
  );
}

function publishInputs(get: (name: string) => string, suiteName: string): PublishInputs {
  const checkName = get('check-name');
  if (checkName.length > 100) throw invalid('check-name', checkName, 'a name of at most 100 characters, or "off"');
  return {
    token: get('github-token'),
    comment: oneOf('comment', get('comment') || 'changed', COMMENT_MODES),
    commentGroup: commentGroup(get('comment-group')),
    trend: trendRuns(get('trend')),
    checkName: checkName === 'off' ? '' : checkName || `benchgate (${suiteName})`,
    historyBranch: historyBranch(get('history-branch')),
  };
}

/** Reads and checks every input of the chosen mode. */
export function readInputs(getInput: GetInput, readConfig: ConfigReader = () => null): ActionInputs {
  const get = (name: string): string => getInput(name).trim();
  const mode = oneOf('mode', get('mode'), MODES);
  const ignored = ALL_INPUTS.filter((name) => !INPUTS_BY_MODE[mode].includes(name) && !DEFAULTED_INPUTS.includes(name) && get(name) !== '');
  if (ignored.length > 0) {
    throw new UsageError(
      `input ${ignored.map((n) => `"${n}"`).join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not used by mode: ${mode}; remove ${ignored.length === 1 ? 'it' : 'them'} (mode ${mode} takes: ${INPUTS_BY_MODE[mode].join(', ')})`,
    );
  }
  const format = oneOf('format', get('format') || 'auto', INPUT_FORMATS);
  // The configuration file is read once, and only by a mode that takes it.
  let file: GateConfig | undefined;
  const config = (): GateConfig => (file ??= readConfig(get('config') || DEFAULT_CONFIG_PATH, get('config') !== '') ?? {});
  const givenFormat = get('format') === '' ? null : format;
  if (mode === 'run') {
    const command = getInput('command');
    if (command.trim() === '') throw missing('command', 'run', 'give the shell command that runs the suite and writes its summary');
    if (get('role') === '') throw missing('role', 'run', 'expected baseline or candidate');
    const role = oneOf('role', get('role'), ROLES);
    return {
      mode,
      suite: suite(get('suite')),
      role,
      command,
      workingDirectory: get('working-directory') || '.',
      timeoutMinutes: timeoutMinutes(get('timeout-minutes')),
      summary: get('summary') || DEFAULT_SUMMARY_GLOB,
      format,
      load: loadOptionsOf(config(), role, givenFormat),
      fingerprint: parseFingerprint(getInput('fingerprint')),
      retentionDays: retentionDays(get('retention-days')),
      allowCommandFailure: boolean('allow-command-failure', get('allow-command-failure'), false),
      trials: trials(get('trials')),
      ...shardInputs(get),
      budget: parseBudget(get('budget')),
      reuseBaseline: reuseMode(get('reuse-baseline'), role),
      githubToken: get('github-token'),
      pricing: config().pricing ?? {},
      install: getInput('install').trim() === '' ? null : getInput('install'),
    };
  }
  if (mode === 'ab') return abInputs(getInput, get, config(), givenFormat);
  if (mode === 'store-profile') return storeProfileInputs(get);
  if (mode === 'publish') {
    const name = suite(get('suite'));
    return {
      mode,
      suite: name,
      ...gateInputs(get, config()),
      publish: publishInputs(get, name),
      noiseProfile: get('noise-profile') || null,
      baselineFrom: oneOf('baseline-from', get('baseline-from') || 'push-run', BASELINE_FROM),
    };
  }
  const baseline = get('baseline') || null;
  const candidate = get('candidate') || null;
  if ((baseline === null) !== (candidate === null)) {
    throw new UsageError('inputs "baseline" and "candidate": give both local files, or neither to download both artifacts of this workflow run');
  }
  const choice = (name: 'baseline-model' | 'candidate-model' | 'baseline-prompt' | 'candidate-prompt'): string | null => {
    if (get(name) === '') return null;
    if (baseline === null)
      throw new UsageError(
        `input "${name}": chooses a run of a local file; give "baseline" and "candidate" too (the artifacts this workflow uploaded hold one run each)`,
      );
    return get(name);
  };
  const local = {
    baseline: [choice('baseline-model'), choice('baseline-prompt')],
    candidate: [choice('candidate-model'), choice('candidate-prompt')],
  } as const;
  return {
    mode,
    suite: suite(get('suite')),
    baseline,
    candidate,
    format,
    load: {
      baseline: loadOptionsOf(config(), 'baseline', givenFormat, ...local.baseline),
      candidate: loadOptionsOf(config(), 'candidate', givenFormat, ...local.candidate),
    },
    ...gateInputs(get, config()),
    failOnHold: boolean('fail-on-hold', get('fail-on-hold'), true),
    needs: parseNeeds(getInput('needs')),
    reportDir: get('report-dir') || null,
    noiseProfile: get('noise-profile') || null,
    retentionDays: retentionDays(get('retention-days')),
    publish: publishInputs(get, suite(get('suite'))),
  };
}

/** `max-trials` (mode ab): the most rounds, 2 to MAX_SEQUENTIAL_ROUNDS; default DEFAULT_MAX_TRIALS. */
function maxTrials(raw: string): number {
  if (raw === '') return DEFAULT_MAX_TRIALS;
  if (!/^\d+$/.test(raw) || Number(raw) < 2 || Number(raw) > MAX_SEQUENTIAL_ROUNDS)
    throw invalid('max-trials', raw, `a whole number of rounds (trials per side) from 2 to ${MAX_SEQUENTIAL_ROUNDS}`);
  return Number(raw);
}

/** A side's working tree: a relative path inside the workspace (actions/checkout's `path:`). */
function sideDirectory(name: 'baseline-directory' | 'candidate-directory', raw: string): string {
  if (raw === '')
    throw missing(name, 'ab', `give the directory the ${name.split('-')[0]} commit is checked out in (actions/checkout with path:), relative to the workspace`);
  if (isAbsolute(raw) || normalize(raw).split(/[\\/]/).includes('..'))
    throw invalid(name, raw, "a directory inside the workspace, such as base or head (actions/checkout's path:)");
  return raw;
}

/** mode: ab. Its decision is the significant policy, round by round: `decide: point` cannot stop early. */
function abInputs(getInput: GetInput, get: (name: string) => string, config: GateConfig, givenFormat: string | null): AbInputs {
  const command = getInput('command');
  if (command.trim() === '')
    throw missing('command', 'ab', 'give the shell command that runs the suite and writes its summary (both sides, unless baseline-command is given)');
  const baselineCommand = getInput('baseline-command').trim() === '' ? command : getInput('baseline-command');
  const baseline = sideDirectory('baseline-directory', get('baseline-directory'));
  const candidate = sideDirectory('candidate-directory', get('candidate-directory'));
  if (normalize(baseline) === normalize(candidate))
    throw new UsageError(
      `inputs "baseline-directory" and "candidate-directory": both are ${JSON.stringify(baseline)}; each side needs its own working tree (check out the base and head commits with two actions/checkout steps, each with its own path:)`,
    );
  const gate = gateInputs(get, config, { decide: 'significant' });
  if (gate.decide !== 'significant')
    throw new UsageError(
      `${get('decide') === '' ? "the configuration's decide: point" : 'input "decide": point'}: mode ab stops when the paired evidence decides, which is decide: significant (remove decide, or set it to significant)`,
    );
  return {
    mode: 'ab',
    suite: suite(get('suite')),
    ...gate,
    sides: { baseline: { command: baselineCommand, directory: baseline }, candidate: { command, directory: candidate } },
    install: getInput('install').trim() === '' ? null : getInput('install'),
    maxTrials: maxTrials(get('max-trials')),
    timeoutMinutes: timeoutMinutes(get('timeout-minutes')),
    summary: get('summary') || DEFAULT_SUMMARY_GLOB,
    format: givenFormat ?? 'auto',
    load: { baseline: loadOptionsOf(config, 'baseline', givenFormat), candidate: loadOptionsOf(config, 'candidate', givenFormat) },
    fingerprint: parseFingerprint(getInput('fingerprint')),
    retentionDays: retentionDays(get('retention-days')),
    allowCommandFailure: boolean('allow-command-failure', get('allow-command-failure'), false),
    budget: parseBudget(get('budget')),
    ...shardInputs(get),
    noiseProfile: get('noise-profile') || null,
  };
}

/** mode: store-profile. Every input is required: the file, the branch and a token that may write it. */
function storeProfileInputs(get: (name: string) => string): StoreProfileInputs {
  const required = (name: string, what: string): string => {
    if (get(name) === '') throw missing(name, 'store-profile', `give ${what}`);
    return get(name);
  };
  const noiseProfile = required('noise-profile', "the profile file 'benchgate profile --format json FILE...' wrote, relative to the workspace");
  if (noiseProfile === 'history-branch')
    throw invalid('noise-profile', noiseProfile, 'the path of the profile file to store (history-branch is where it goes: give that branch as history-branch)');
  return {
    mode: 'store-profile',
    suite: suite(get('suite')),
    noiseProfile,
    historyBranch: historyBranch(required('history-branch', 'the branch that keeps the history, such as benchgate-history')),
    token: required('github-token', 'a token with contents: write (the default github.token of a job granted it)'),
  };
}
