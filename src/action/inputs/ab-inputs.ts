/**
 * `mode: ab`: both sides in one job, in their own working trees, one trial of each per round (the
 * order alternates), the sequential decision after every round (src/action/ab/).
 */
import { normalize } from 'node:path';

import type { LoadOptions } from '../../adapters/registry.js';
import { UsageError } from '../../errors.js';
import { type GateConfig, loadOptionsOf } from '../../policy/config-file.js';
import type { Budget } from '../suite/budget.js';
import type { InputReader } from './declaration.js';
import type { Role } from './declaration-suite.js';
import { missing, type Shard } from './parsers.js';
import { type GateInputs, gateInputs, givenFormat, shardInputs } from './shared.js';

export interface AbInputs extends GateInputs {
  mode: 'ab';
  suite: string;
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

/** Its decision is the significant policy, round by round: `decide: point` cannot stop early. */
export function abInputs(read: InputReader, config: () => GateConfig): AbInputs {
  const command = read.text('command');
  if (command.trim() === '')
    throw missing('command', 'ab', 'give the shell command that runs the suite and writes its summary (both sides, unless baseline-command is given)');
  const baselineCommand = read.given('baseline-command') ? read.text('baseline-command') : command;
  const baseline = read.value('baseline-directory');
  const candidate = read.value('candidate-directory');
  if (normalize(baseline) === normalize(candidate))
    throw new UsageError(
      `inputs "baseline-directory" and "candidate-directory": both are ${JSON.stringify(baseline)}; each side needs its own working tree (check out the base and head commits with two actions/checkout steps, each with its own path:)`,
    );
  const file = config();
  const gate = gateInputs(read, file, { decide: 'significant' });
  if (gate.decide !== 'significant')
    throw new UsageError(
      `${read.given('decide') ? 'input "decide": point' : "the configuration's decide: point"}: mode ab stops when the paired evidence decides, which is decide: significant (remove decide, or set it to significant)`,
    );
  const format = givenFormat(read);
  return {
    mode: 'ab',
    suite: read.value('suite'),
    ...gate,
    sides: { baseline: { command: baselineCommand, directory: baseline }, candidate: { command, directory: candidate } },
    install: read.value('install'),
    maxTrials: read.value('max-trials'),
    timeoutMinutes: read.value('timeout-minutes'),
    summary: read.value('summary'),
    format: format ?? 'auto',
    load: { baseline: loadOptionsOf(file, 'baseline', format), candidate: loadOptionsOf(file, 'candidate', format) },
    fingerprint: read.value('fingerprint'),
    retentionDays: read.value('retention-days'),
    allowCommandFailure: read.value('allow-command-failure'),
    budget: read.value('budget'),
    ...shardInputs(read),
    noiseProfile: read.text('noise-profile') || null,
  };
}
