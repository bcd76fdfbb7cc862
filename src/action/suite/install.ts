/**
 * The `install` input: the command that installs the suite's dependencies, run by benchgate itself
 * inside the tokenless suite step (action.yml), with the suite's environment and the same protections
 * (no token, no runner file: handoff.ts), before the suite. Modes run (in the working directory)
 * and ab (in each side's tree and environment: ab-mode.ts) share it. A failure stops the step.
 */
import { join } from 'node:path';

import { UsageError } from '../../errors.js';
import { describeOutcome } from '../artifact-layout.js';
import type { ActionIo } from '../io.js';
import { stopCommands, stopToken } from '../log.js';
import { commandFailed } from './metadata.js';
import { runSuiteCommand } from './suite-command.js';

export const INSTALL_LOG_FILE = 'install.log';

export interface InstallOptions {
  command: string;
  cwd: string;
  /** The install's environment (runSuiteCommand withholds the same variables as from the suite). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whose install, for the log and the error: "the install" or "the baseline's install". */
  label: string;
  /** Where it runs, as the user gave it (working-directory or the side's directory). */
  where: string;
  timeoutMinutes: number;
  /** The folder its log file goes to. */
  staging: string;
}

/** Runs the install in its own log group, its output fenced (log.ts); a failure throws a UsageError naming input "install". */
export async function runInstall(io: ActionIo, o: InstallOptions): Promise<void> {
  // The install's output is not ours: the runner acts on no workflow command in it (log.ts).
  const fence = stopCommands(stopToken());
  io.startGroup(`benchgate: ${o.label}, in ${o.where}: ${o.command.split('\n')[0]}`);
  io.write(`${fence.stop}\n`);
  let endsWithNewline = true;
  try {
    const outcome = await runSuiteCommand({
      command: o.command,
      cwd: o.cwd,
      env: o.env,
      timeoutMs: o.timeoutMinutes * 60_000,
      killGraceMs: io.killGraceMs,
      logFile: join(o.staging, INSTALL_LOG_FILE),
      write: (chunk) => {
        io.write(chunk);
        if (chunk.length > 0) endsWithNewline = chunk[chunk.length - 1] === 0x0a;
      },
    });
    if (commandFailed(outcome)) throw new UsageError(`input "install": ${o.label} (in ${o.where}) ${describeOutcome(outcome)}; the suite did not run`);
  } finally {
    io.write(`${endsWithNewline ? '' : '\n'}${fence.resume}\n`);
    io.endGroup();
  }
}
