/**
 * What several modes read alike: the gate's policy (defaults <- configuration file <- inputs), where
 * the verdict is published, a suite's shard, and the configuration file, read once and only by a
 * mode that takes it.
 */
import { UsageError } from '../../errors.js';
import type { CommentMode } from '../../github/comments.js';
import { DEFAULT_CONFIG_PATH, type GateConfig } from '../../policy/config-file.js';
import { type GatePolicy, overridesOf, resolvePolicy } from '../../policy/policy.js';
import * as value from '../../policy/values.js';
import type { InputReader } from './declaration.js';
import { invalid, parsedInput, type Shard } from './parsers.js';

/** Reads the gate configuration file (path relative to the workspace); null when the default path has none. */
export type ConfigReader = (path: string, explicit: boolean) => GateConfig | null;

/** The gate's policy, resolved: defaults <- configuration file <- inputs (src/policy). */
export type GateInputs = GatePolicy;

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

/** The configuration file, read on first use (the path is the `config` input, else the default one). */
export function configOf(read: InputReader, readConfig: ConfigReader): () => GateConfig {
  let file: GateConfig | undefined;
  return () => (file ??= readConfig(read.text('config') || DEFAULT_CONFIG_PATH, read.given('config')) ?? {});
}

/**
 * Each gate input: given → the input; else the configuration file's key; else, for decide, `fallback`
 * (mode ab's significant) or the input `default-decide` (the reusable workflows pass significant);
 * else the default (src/policy).
 */
export function gateInputs(read: InputReader, file: GateConfig, fallback: GateConfig = {}): GateInputs {
  const given = overridesOf(
    (option) => (option.input === null || !read.given(option.input) ? undefined : read.text(option.input)),
    (option, problem) => invalid(option.input as string, problem.got, problem.expected),
  );
  const raw = read.text('default-decide');
  const defaults = raw === '' ? fallback : { decide: parsedInput('default-decide', raw, value.decide), ...fallback };
  return resolvePolicy(file, given, defaults);
}

export function publishInputs(read: InputReader, suiteName: string): PublishInputs {
  const checkName = read.value('check-name');
  return {
    token: read.text('github-token'),
    comment: read.value('comment'),
    commentGroup: read.value('comment-group'),
    trend: read.value('trend'),
    checkName: checkName === 'off' ? '' : checkName || `benchgate (${suiteName})`,
    historyBranch: read.value('history-branch'),
  };
}

/** A suite's shard and its case list, which go together; a sharded suite runs each shard once. */
export function shardInputs(read: InputReader): { shard: Shard | null; cases: string | null } {
  const s = read.value('shard');
  const cases = read.text('cases') || null;
  if (cases !== null && s === null)
    throw new UsageError('input "cases": used only with "shard" (the case list is what the shards split); give shard: INDEX/TOTAL too, or remove cases');
  if (s !== null && read.text('trials') !== '' && read.text('trials') !== '1')
    throw new UsageError('inputs "shard" and "trials": a sharded suite runs each shard once; give one of them');
  return { shard: s, cases };
}

/** The format input when given, else null (then the configuration's input section decides). */
export function givenFormat(read: InputReader): string | null {
  const format = read.value('format');
  return read.given('format') ? format : null;
}
