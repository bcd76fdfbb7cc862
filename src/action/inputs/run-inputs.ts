/** `mode: run`: one side's suite, its trials, shard and spend cap, or a reused baseline (src/action/run/). */
import type { LoadOptions } from '../../adapters/registry.js';
import type { Price } from '../../analysis/custom-gates/cost.js';
import { UsageError } from '../../errors.js';
import { type GateConfig, loadOptionsOf } from '../../policy/config-file.js';
import * as value from '../../policy/values.js';
import { ValueProblem } from '../../policy/values.js';
import type { Budget } from '../suite/budget.js';
import type { InputReader } from './declaration.js';
import type { ReuseMode, Role } from './declaration-suite.js';
import { invalid, missing, type Shard } from './parsers.js';
import { givenFormat, shardInputs } from './shared.js';

export interface RunInputs {
  mode: 'run';
  suite: string;
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
  /** The workflow file whose runs reuse takes (input reuse-workflow), or null: this job's own. */
  reuseWorkflow: string | null;
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
  /** Under design main: the candidate's round this job runs (1: the whole suite). */
  round: number;
  /** With a round after the first: the file listing its cases (relative to the workspace). */
  roundCases: string | null;
  /** The command that installs the suite's dependencies, run in the suite's step before the suite (install.ts), or null. */
  install: string | null;
  /** The input main-max-age (design main), or null: reuse takes no main's runs that would be older when the gate judges. */
  mainMaxAge: number | string | null;
}

/** Only the baseline job can take an earlier run's baseline. */
function reuseMode(read: InputReader, role: Role): ReuseMode {
  const mode = read.value('reuse-baseline');
  if (mode !== 'off' && role !== 'baseline')
    throw new UsageError(`input "reuse-baseline": only the baseline job can reuse an earlier run; remove it from the ${role} job`);
  return mode;
}

/** `reuse-workflow` names whose runs reuse takes: without reuse it would do nothing, so it is refused. */
function reuseWorkflowOf(read: InputReader, reuse: ReuseMode): string | null {
  const file = read.value('reuse-workflow');
  if (file !== null && reuse === 'off')
    throw new UsageError('input "reuse-workflow": it names the workflow whose runs reuse-baseline takes; give reuse-baseline prefer or require, or remove it');
  return file;
}

export function runInputs(read: InputReader, config: () => GateConfig): RunInputs {
  const command = read.text('command');
  if (command.trim() === '') throw missing('command', 'run', 'give the shell command that runs the suite and writes its summary');
  if (!read.given('role')) throw missing('role', 'run', 'expected baseline or candidate');
  const role = read.value('role');
  const reuse = reuseMode(read, role);
  return {
    mode: 'run',
    suite: read.value('suite'),
    role,
    command,
    workingDirectory: read.value('working-directory'),
    timeoutMinutes: read.value('timeout-minutes'),
    summary: read.value('summary'),
    format: read.value('format'),
    load: loadOptionsOf(config(), role, givenFormat(read)),
    fingerprint: read.value('fingerprint'),
    retentionDays: read.value('retention-days'),
    allowCommandFailure: read.value('allow-command-failure'),
    trials: read.value('trials'),
    ...shardInputs(read),
    budget: read.value('budget'),
    reuseBaseline: reuse,
    reuseWorkflow: reuseWorkflowOf(read, reuse),
    githubToken: read.text('github-token'),
    pricing: config().pricing ?? {},
    install: read.value('install'),
    ...roundOf(read, role),
    mainMaxAge: mainMaxAgeOf(read, role),
  };
}

/**
 * `main-max-age` in the run mode: only a baseline job that may reuse main's runs reads it (reuse.ts).
 * The input alone, never the configuration's main_max_age: gate.yml's baseline job (reuse forced on
 * under design main) must not measure main's runs again on its own, since publish's trusted baseline
 * would not take that measurement and the runs would be paid for nothing.
 */
function mainMaxAgeOf(read: InputReader, role: Role): number | string | null {
  if (read.given('main-max-age')) {
    if (role !== 'baseline')
      throw new UsageError(`input "main-max-age": in the run mode only the baseline job reads it (for reuse-baseline); remove it from the ${role} job`);
    const raw = read.text('main-max-age');
    try {
      return value.age(raw);
    } catch (err) {
      if (err instanceof ValueProblem) throw invalid('main-max-age', err.got, err.expected);
      throw err;
    }
  }
  return null;
}

/** `round` and `round-cases`: a later round of the candidate under design main runs the listed cases once, whole. */
function roundOf(read: InputReader, role: Role): { round: number; roundCases: string | null } {
  const round: number = read.value('round');
  const roundCases = read.text('round-cases') || null;
  if (round === 1) {
    if (roundCases !== null) throw new UsageError('input "round-cases": lists the cases of a round after the first; give round: 2 or more, or remove it');
    return { round, roundCases };
  }
  if (role !== 'candidate') throw new UsageError(`input "round": only the candidate runs in rounds (design: main); remove it from the ${role} job`);
  if (roundCases === null)
    throw new UsageError(`input "round-cases": required with round: ${round}; give the file of the cases the look before it listed (compare's next-cases)`);
  if (read.given('shard')) throw new UsageError(`input "round": a round after the first runs its listed cases in one job; remove "shard"`);
  if (read.value('trials') !== 1) throw new UsageError(`input "round": a round runs each of its cases once; give trials: 1 (more rounds are more trials)`);
  return { round, roundCases };
}
