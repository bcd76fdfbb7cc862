/**
 * The metadata the run mode stamps on a normalized summary: where and how the suite ran. Stamped keys
 * are namespaced with a dot (`github.sha`, `command.exit_code`); the user's fingerprint keys have no
 * dot (inputs.ts enforces it), so the two can never collide.
 */
import { pullRequestOf } from '../../github/context.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { BENCHGATE_VERSION } from '../../version.js';
import type { Role } from '../inputs/inputs.js';

export type Scalar = string | number | boolean | null;

export interface CommandOutcome {
  command: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Why benchgate stopped it before it ended (its spend cap), or null. */
  stopped?: string | null;
  durationSeconds: number;
}

export interface StampContext {
  env: Readonly<Record<string, string | undefined>>;
  /** The parsed GITHUB_EVENT_PATH payload, or null. */
  event: unknown;
  role: Role;
  suite: string;
  outcome: CommandOutcome;
  /** HEAD of the working directory (what the suite really ran on), or null outside a git checkout. */
  gitCommit: string | null;
  sourceFile: string;
  sourceSha256: string;
  fingerprint: Record<string, Scalar>;
  /** When the command ended (ISO 8601, the runner's clock): main's runs are judged by their age (design main, main_max_age). */
  finishedAt?: string;
}

function text(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

function integer(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** True when the command did not finish on its own with exit code 0. */
export function commandFailed(outcome: CommandOutcome): boolean {
  return outcome.timedOut || (outcome.stopped ?? null) !== null || outcome.exitCode !== 0;
}

export function stampMetadata(ctx: StampContext): Record<string, Scalar> {
  const { env, outcome } = ctx;
  const pr = pullRequestOf(ctx.event);
  return {
    ...ctx.fingerprint,
    'benchgate.version': BENCHGATE_VERSION,
    'benchgate.role': ctx.role,
    'benchgate.suite': ctx.suite,
    'github.repository': text(env['GITHUB_REPOSITORY']),
    'github.event': text(env['GITHUB_EVENT_NAME']),
    'github.sha': text(env['GITHUB_SHA']),
    'github.ref': text(env['GITHUB_REF']),
    'github.pr': pr?.number ?? null,
    'github.pr_head_sha': pr?.headSha ?? null,
    'github.pr_base_sha': pr?.baseSha ?? null,
    'github.run_id': integer(env['GITHUB_RUN_ID']),
    'github.run_attempt': integer(env['GITHUB_RUN_ATTEMPT']),
    'github.workflow': text(env['GITHUB_WORKFLOW']),
    'github.job': text(env['GITHUB_JOB']),
    'runner.os': text(env['RUNNER_OS']),
    'runner.arch': text(env['RUNNER_ARCH']),
    'git.commit': ctx.gitCommit,
    command: outcome.command,
    'command.exit_code': outcome.exitCode,
    'command.signal': outcome.signal,
    'command.timed_out': outcome.timedOut,
    'command.budget_exceeded': (outcome.stopped ?? null) !== null,
    'command.duration_seconds': Math.round(outcome.durationSeconds * 1000) / 1000,
    'command.finished_at': ctx.finishedAt ?? new Date().toISOString(),
    'source.file': ctx.sourceFile,
    'source.sha256': ctx.sourceSha256,
  };
}

/**
 * A copy of `summary` with the stamps added. Keys the source already had keep their value unless a
 * stamp replaces them; those are returned so the caller can say so.
 */
export function withMetadata(summary: BenchmarkSummary, stamps: Record<string, Scalar>): { summary: BenchmarkSummary; replaced: string[] } {
  const replaced = Object.keys(stamps).filter((k) => Object.hasOwn(summary.metadata, k) && summary.metadata[k] !== stamps[k]);
  return { summary: { ...summary, metadata: { ...summary.metadata, ...stamps } }, replaced };
}
