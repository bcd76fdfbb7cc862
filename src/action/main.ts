/**
 * The action program: read the inputs, run the mode, and turn every outcome into a log line, a job
 * summary note and an exit code (0 passed, 1 failed). User errors (errors.ts: bad inputs, a missing
 * artifact, a summary that fails validation) print their message, never a stack; any other error is
 * a bug, reported as one (bugMessage) in the log, the job summary and the check run.
 */
import { UnknownFormat } from '../adapters/registry.js';
import { bugMessage, failureMessage, isUserError, UsageError } from '../errors.js';
import { untrusted } from '../report/markdown/markdown.js';
import { abMode } from './ab/ab-mode.js';
import { commandMode } from './command/command-mode.js';
import { wasPublished } from './decide/publisher.js';
import { trustedConfigReader } from './decide/trusted-config.js';
import { compareMode } from './gate/compare-mode.js';
import {
  deferredIo,
  deliverHandoff,
  emptyRunnerFiles,
  Handoff,
  HANDOFF_ENV,
  HANDOFF_KEY_ENV,
  isTokenOrRunnerFile,
  PHASE_ENV,
  phaseOf,
  prepareHandoff,
  readHandoff,
  readSuiteStdin,
  runnerFilesMessage,
  writeHandoff,
} from './handoff.js';
import { type AbInputs, readInputs, type RunInputs } from './inputs/inputs.js';
import type { ActionIo } from './io.js';
import { storeProfileMode } from './profile/store-profile-mode.js';
import { publishFailure } from './publish/failure-publish.js';
import { publishMode } from './publish/publish-mode.js';
import { runMode } from './run/run-mode.js';
import type { RunResult } from './suite/trial.js';

async function report(io: ActionIo, message: string): Promise<void> {
  io.error(`benchgate: ${message}`);
  try {
    await io.appendSummary(`### ❌ benchgate failed\n\n${untrusted(message, { maxLength: 4000 })}\n`);
  } catch (err) {
    io.warning(`benchgate: could not write the job summary: ${(err as Error).message}`);
  }
}

/** The step's exit code for a mode's result: its failure reported, once. */
async function finish(io: ActionIo, result: RunResult): Promise<number> {
  if (result.failure === null) return 0;
  if (result.explained) io.error(`benchgate: ${result.failure}`);
  else await report(io, result.failure);
  return 1;
}

const handoffDir = (io: ActionIo): string => {
  const dir = io.env[HANDOFF_ENV] ?? '';
  if (dir === '') throw new UsageError(`${HANDOFF_ENV} is not set: action.yml's steps pass the prepare step's handoff folder`);
  return dir;
};

/**
 * Modes run and ab in action.yml's three steps (handoff.ts): prepare (the token: a reused baseline),
 * the suite (no token, no runner file), deliver (uploads, outputs, the job summary).
 */
async function phased(io: ActionIo, inputs: RunInputs | AbInputs, phase: 'prepare' | 'suite'): Promise<number> {
  if (phase === 'prepare') {
    const { dir, key } = prepareHandoff(io);
    const handoff = new Handoff();
    // Only a reused baseline needs the token (and the artifact service, to download it); its upload is delivered after.
    const io2 = { ...deferredIo(io, handoff), github: io.github, artifacts: io.artifacts };
    const result = await settle(io, () =>
      inputs.mode === 'run' ? runMode(io2, inputs, 'reuse') : Promise.resolve({ failure: null, explained: false, suitePending: true }),
    );
    writeHandoff(dir, key, { stage: result.suitePending ? 'prepared' : 'done', events: handoff.events, ...pick(result) });
    return 0;
  }
  const { key, runnerFiles } = readSuiteStdin();
  const dir = handoffDir(io);
  const held = Object.keys(io.env).filter(isTokenOrRunnerFile);
  if (held.length > 0)
    throw new UsageError(
      `the suite's step holds ${held.join(', ')} in its environment; action.yml's suite step drops them before node starts (a bug in its wiring)`,
    );
  const before = readHandoff(dir, key);
  if (before.stage === 'done') return 0;
  const handoff = new Handoff();
  handoff.events.push(...before.events);
  const result = await settle(io, () => (inputs.mode === 'run' ? runMode(deferredIo(io, handoff), inputs, 'suite') : abMode(deferredIo(io, handoff), inputs)));
  // What the suite wrote to this step's runner files would reach the steps after it: emptied, and the run fails.
  const written = emptyRunnerFiles(runnerFiles);
  const outcome =
    written.length === 0 ? pick(result) : { failure: [result.failure, runnerFilesMessage(written)].filter((f) => f !== null).join('; '), explained: false };
  writeHandoff(dir, key, { stage: 'done', events: handoff.events, ...outcome });
  return 0;
}

/** A phase's result, an error included: the deliver step reports it (the step that hands over always ends, so the next one runs). */
async function settle(io: ActionIo, run: () => Promise<RunResult & { suitePending?: boolean }>): Promise<RunResult & { suitePending?: boolean }> {
  try {
    return await run();
  } catch (err) {
    return { failure: isUserError(err) ? err.message : bugMessage(err, Boolean(io.env['BENCHGATE_DEBUG'])), explained: false };
  }
}

const pick = (r: RunResult): { failure: string | null; explained: boolean } => ({ failure: r.failure, explained: r.explained });

/** The deliver step: what the suite's step handed over, checked, then uploaded, set and written. */
async function deliver(io: ActionIo): Promise<number> {
  const body = readHandoff(handoffDir(io), io.env[HANDOFF_KEY_ENV] ?? '');
  if (body.stage !== 'done') throw new UsageError("the suite's step did not run (the handoff is still as the prepare step left it)");
  await deliverHandoff(io, body);
  return finish(io, body);
}

/** Runs the action and resolves to the process exit code. */
export async function runAction(io: ActionIo): Promise<number> {
  try {
    const phase = phaseOf(io.env);
    if (phase === 'deliver') return await deliver(io);
    // The inputs alone first, so that their errors come before any request for the configuration.
    readInputs(
      (name) => io.getInput(name),
      () => null,
    );
    const inputs = readInputs((name) => io.getInput(name), await trustedConfigReader(io));
    if ((inputs.mode === 'run' || inputs.mode === 'ab') && (phase === 'prepare' || phase === 'suite')) return await phased(io, inputs, phase);
    if (phase !== 'all') throw new UsageError(`${PHASE_ENV}=${phase} is for modes run and ab only, got mode ${inputs.mode}`);
    const result =
      inputs.mode === 'run'
        ? await runMode(io, inputs)
        : inputs.mode === 'ab'
          ? await abMode(io, inputs)
          : inputs.mode === 'compare'
            ? await compareMode(io, inputs)
            : inputs.mode === 'store-profile'
              ? await storeProfileMode(io, inputs)
              : inputs.mode === 'command'
                ? await commandMode(io, inputs)
                : await publishMode(io, inputs);
    return await finish(io, result);
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
