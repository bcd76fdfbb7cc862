/**
 * The one error taxonomy. A {@link UserError} is caused by the input, the configuration or the
 * environment, and is the user's to fix: the CLI prints its message (never a stack trace) and exits 2;
 * the action fails the step and completes the check run with it. Anything else that escapes is a bug
 * in benchgate: the CLI exits 4 with {@link bugMessage}, the action completes the check run with it.
 * Throw a subclass of UserError for every failure a user can cause; never a bare Error.
 */
/** An error the user can fix; its message says what is wrong, where, and what was expected. */
export class UserError extends Error {
  override name = 'UserError';
}

/** Bad input data: the message names the file, the JSON path or case id, and what was expected. */
export class InputError extends UserError {
  override name = 'InputError';
}

/** A command line or action input that cannot be run as given: unknown option, missing value, bad number. */
export class UsageError extends UserError {
  override name = 'UsageError';
}

/** The machine or a service failed us: out of memory, the artifact service, the file system. */
export class EnvironmentError extends UserError {
  override name = 'EnvironmentError';
}

/** An artifact operation that failed: the message names the artifact and what went wrong. */
export class ArtifactError extends EnvironmentError {
  override name = 'ArtifactError';
}

/**
 * A downloaded artifact's zip that breaks the extraction budget (github/artifact-extract.ts): too
 * many entries, more bytes than the budget (declared or inflated), or an unsafe path or link. The
 * message names the artifact, the entry, the sizes and the cap; nothing past the cap is written.
 */
export class ArtifactBudgetError extends InputError {
  override name = 'ArtifactBudgetError';
}

/** The suite's summary is not where the `summary` pattern looks (mode run and ab). */
export class SummaryNotFound extends UserError {
  override name = 'SummaryNotFound';
}

/** A Node.js system error (ENOENT, EACCES, ENOSPC …): the file system, the network or the machine, not benchgate. */
function isSystemError(err: unknown): boolean {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

/** An HTTP error from the REST client (Octokit's RequestError: `HttpError` with a status), or a request that failed on the network. */
function isServiceError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'HttpError' && typeof (err as { status?: unknown }).status === 'number') return true;
  return isSystemError(err.cause);
}

/** True for the errors that are the user's to fix (exit 2 with a message): a UserError, or a system or service failure. */
export function isUserError(err: unknown): err is Error {
  return err instanceof UserError || isSystemError(err) || isServiceError(err);
}

/**
 * What a bug says: its message (the stack with `debug`), that it is benchgate's fault, and how to
 * report it. Several lines; the first starts `internal error:`.
 */
export function bugMessage(err: unknown, debug: boolean): string {
  const detail = err instanceof Error ? (debug && err.stack ? err.stack : err.message) : String(err);
  return [
    `internal error: ${detail}`,
    `This is a bug in benchgate, not a problem with your input or configuration. Please report it on benchgate's issue tracker with this message, benchgate's version (\`benchgate --version\`, or the action's ref), the command line or workflow step, and the input files if you can share them${debug ? '' : '; set BENCHGATE_DEBUG=1 to add the stack trace'}.`,
  ].join('\n');
}

/** What to tell the user about `err`: a user error's own message, or a bug's (without the stack). */
export function failureMessage(err: unknown): string {
  return isUserError(err) ? err.message : bugMessage(err, false);
}
