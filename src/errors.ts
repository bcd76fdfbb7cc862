/**
 * Errors the user can fix. Both map to exit code 2 in the CLI and are printed as one message,
 * never as a stack trace. Anything else that escapes is a bug in benchgate.
 */

/** Bad input data: the message names the file, the JSON path or case id, and what was expected. */
export class InputError extends Error {
  override name = 'InputError';
}

/** A command line that cannot be run as given: unknown option, missing value, bad number. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** True for the errors that are the user's to fix (exit 2 with a message). */
export function isUserError(err: unknown): err is InputError | UsageError {
  return err instanceof InputError || err instanceof UsageError;
}
