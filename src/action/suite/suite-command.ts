/**
 * Runs the user's suite command the way a workflow `run:` step with `shell: bash` does
 * (`bash --noprofile --norc -eo pipefail`), in its own process group so a timeout stops the whole
 * tree, not only bash. Its output is streamed to the log as it comes and kept in a log file (capped),
 * which the run mode uploads with the summary.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import type { CommandOutcome } from './metadata.js';

/**
 * Variables the suite must not see (it may be PR code): the runner's own variables, which carry the
 * artifact service's and the OIDC service's tokens (`ACTIONS_RUNTIME_TOKEN`,
 * `ACTIONS_ID_TOKEN_REQUEST_TOKEN` and every other `ACTIONS_*`); every action input (`INPUT_*`, among
 * them `INPUT_GITHUB-TOKEN`); the usual names of a GitHub token; and the files through which a step
 * sets its outputs, state, later steps' environment and PATH, and its job summary (the suite must not
 * set benchgate's outputs or reach the steps after it), and benchgate's own handoff (handoff.ts). Secrets the suite needs
 * reach it through the step's `env` (the reusable workflow's `suite-env`), under other names.
 */
export const WITHHELD_PREFIXES = ['ACTIONS_', 'INPUT_'] as const;
export const WITHHELD_NAMES = [
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GH_ENTERPRISE_TOKEN',
  'GITHUB_ENTERPRISE_TOKEN',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_STEP_SUMMARY',
  'BENCHGATE_PHASE',
  'BENCHGATE_HANDOFF',
  'BENCHGATE_HANDOFF_KEY',
] as const;

/** True for a variable the suite's environment never holds (names compared in upper case, as on Windows). */
export function isWithheld(name: string): boolean {
  const upper = name.toUpperCase();
  return WITHHELD_PREFIXES.some((p) => upper.startsWith(p)) || (WITHHELD_NAMES as readonly string[]).includes(upper);
}
/** The log file keeps at most this much; the live log gets everything. */
export const LOG_CAP_BYTES = 16 * 1024 * 1024;

export interface SuiteCommandOptions {
  command: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** After SIGTERM, how long the group may take to exit before SIGKILL. */
  killGraceMs: number;
  logFile: string;
  /** Receives the command's output as it arrives. */
  write(chunk: Buffer): void;
  /** Asked every `everyMs` while the command runs: a reason stops it (the whole group, as a timeout does). */
  stopWhen?: { everyMs: number; reason(): string | null };
}

/** The suite's environment: `env` without the withheld variables. */
export function childEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && !isWithheld(k)) out[k] = v;
  return out;
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

export function runSuiteCommand(options: SuiteCommandOptions): Promise<CommandOutcome> {
  const log = openSync(options.logFile, 'w');
  let logged = 0;
  const keep = (chunk: Buffer): void => {
    options.write(chunk);
    if (logged >= LOG_CAP_BYTES) return;
    const part = chunk.subarray(0, LOG_CAP_BYTES - logged);
    writeSync(log, part);
    logged += part.length;
    if (logged >= LOG_CAP_BYTES) writeSync(log, `\n[benchgate: log file capped at ${LOG_CAP_BYTES} bytes; the job log has the rest]\n`);
  };
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', options.command], {
      cwd: options.cwd,
      env: childEnv(options.env),
      detached: true, // its own process group: the timeout kills the whole tree
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    let stopped: string | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = (): void => {
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), options.killGraceMs);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const watch = options.stopWhen;
    const watcher = watch
      ? setInterval(() => {
          const reason = stopped === null ? watch.reason() : null;
          if (reason === null) return;
          stopped = reason;
          clearInterval(watcher);
          stop();
        }, watch.everyMs)
      : undefined;
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let settled = false;
    const finish = (exitCode: number | null, signal: string | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      clearInterval(watcher);
      closeSync(log);
      resolve({ command: options.command, exitCode, signal, timedOut, stopped, durationSeconds: (performance.now() - started) / 1000 });
    };
    child.once('error', (err) => {
      keep(Buffer.from(`benchgate: could not start bash: ${err.message}\n`));
      finish(null, null);
    });
    child.once('exit', (code, signal) => {
      // Processes the suite left in its group do not outlive it, those that closed its output too (one
      // could write the step's runner files after benchgate emptied them, handoff.ts); what they wrote
      // to the output is still read. A process outside the group that holds it open: the streams close in 2 s.
      signalGroup(child.pid, 'SIGKILL');
      const stragglers = setTimeout(() => {
        signalGroup(child.pid, 'SIGKILL');
        child.stdout.destroy();
        child.stderr.destroy();
      }, 2000);
      child.once('close', () => {
        clearTimeout(stragglers);
        finish(code, signal);
      });
    });
  });
}
