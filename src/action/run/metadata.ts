/**
 * The metadata the run mode stamps on a normalized summary: where and how the suite ran. Stamped keys
 * are namespaced with a dot (`github.sha`, `command.exit_code`); the user's fingerprint keys have no
 * dot (inputs.ts enforces it), so the two can never collide.
 */
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
}

function text(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

function integer(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** The pull request of the event, when it has one (pull_request and pull_request_target). */
export function pullRequestOf(event: unknown): { number: number; headSha: string | null; baseSha: string | null; baseRef: string | null } | null {
  const pr = (event as { pull_request?: { number?: unknown; head?: { sha?: unknown }; base?: { sha?: unknown; ref?: unknown } } } | null)?.pull_request;
  if (pr === undefined || typeof pr.number !== 'number' || !Number.isInteger(pr.number)) return null;
  const sha = (v: unknown): string | null => (typeof v === 'string' && /^[0-9a-f]{40,64}$/.test(v) ? v : null);
  const ref = pr.base?.ref;
  return { number: pr.number, headSha: sha(pr.head?.sha), baseSha: sha(pr.base?.sha), baseRef: typeof ref === 'string' && /^[\w./-]{1,255}$/.test(ref) ? ref : null };
}

/** True when the event's pull request comes from a fork (its GITHUB_TOKEN is read-only), false when not, null when the event does not say. */
export function forkOf(event: unknown): boolean | null {
  const pr = (event as { pull_request?: { head?: { repo?: { full_name?: unknown } | null }; base?: { repo?: { full_name?: unknown } } } } | null)?.pull_request;
  const head = pr?.head?.repo?.full_name;
  const base = pr?.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' ? head.toLowerCase() !== base.toLowerCase() : null;
}

/** The repository's default branch named in the event payload, or null. */
export function defaultBranchOf(event: unknown): string | null {
  const ref = (event as { repository?: { default_branch?: unknown } } | null)?.repository?.default_branch;
  return typeof ref === 'string' && /^[\w./-]{1,255}$/.test(ref) ? ref : null;
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
