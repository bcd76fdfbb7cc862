import { expect } from 'vitest';

import { InputError } from '../../src/errors.js';

/** Runs `fn`, which must throw an InputError, and returns its message. */
export function inputError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return (err as InputError).message;
  }
  return expect.unreachable('expected an InputError, but the input was accepted');
}
