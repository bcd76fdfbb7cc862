/**
 * The action program: read the inputs, run the mode, and turn every outcome into a log line, a job
 * summary note and an exit code (0 passed, 1 failed). User errors (errors.ts: bad inputs, a missing
 * artifact, a summary that fails validation) print their message, never a stack; any other error is
 * a bug, reported as one (bugMessage) in the log, the job summary and the check run.
 */
import { UnknownFormat } from '../adapters/registry.js';
import { bugMessage, failureMessage, isUserError } from '../errors.js';
import { untrusted } from '../report/markdown/markdown.js';
import { abMode } from './ab/ab-mode.js';
import { compareMode } from './gate/compare-mode.js';
import { trustedConfigReader } from './gate/trusted-config.js';
import { readInputs } from './inputs/inputs.js';
import type { ActionIo } from './io.js';
import { storeProfileMode } from './profile/store-profile-mode.js';
import { publishFailure } from './publish/failure-publish.js';
import { publishMode } from './publish/publish-mode.js';
import { wasPublished } from './publish/publisher.js';
import { runMode } from './run/run-mode.js';

async function report(io: ActionIo, message: string): Promise<void> {
  io.error(`benchgate: ${message}`);
  try {
    await io.appendSummary(`### ❌ benchgate failed\n\n${untrusted(message, { maxLength: 4000 })}\n`);
  } catch (err) {
    io.warning(`benchgate: could not write the job summary: ${(err as Error).message}`);
  }
}

/** Runs the action and resolves to the process exit code. */
export async function runAction(io: ActionIo): Promise<number> {
  try {
    // The inputs alone first, so that their errors come before any request for the configuration.
    readInputs(
      (name) => io.getInput(name),
      () => null,
    );
    const inputs = readInputs((name) => io.getInput(name), await trustedConfigReader(io));
    const result =
      inputs.mode === 'run'
        ? await runMode(io, inputs)
        : inputs.mode === 'ab'
          ? await abMode(io, inputs)
          : inputs.mode === 'compare'
            ? await compareMode(io, inputs)
            : inputs.mode === 'store-profile'
              ? await storeProfileMode(io, inputs)
              : await publishMode(io, inputs);
    if (result.failure === null) return 0;
    if (result.explained) io.error(`benchgate: ${result.failure}`);
    else await report(io, result.failure);
    return 1;
  } catch (err) {
    // A user error (errors.ts) says what to fix; anything else is a bug, and says so.
    const message = isUserError(err) ? err.message : bugMessage(err, Boolean(io.env['BENCHGATE_DEBUG']));
    await report(io, message);
    // A file no format fits: the message is one line; each format's reason with BENCHGATE_DEBUG, as the CLI does.
    if (err instanceof UnknownFormat && io.env['BENCHGATE_DEBUG']) for (const why of err.tried) io.info(`  - ${why}`);
    // Failed before the mode could publish (invalid inputs or configuration): the check run must still end.
    if (!wasPublished(err)) await publishFailure(io, failureMessage(err));
    return 1;
  }
}
