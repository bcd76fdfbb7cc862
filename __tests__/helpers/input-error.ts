import { expect } from 'vitest';

import { UnknownFormat } from '../../src/adapters/registry.js';
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

/** Runs `fn`, which must fail to find a format for its file, and returns why each format did not fit. */
export function triedFormats(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UnknownFormat);
    return (err as UnknownFormat).tried;
  }
  return expect.unreachable('expected no format to fit, but the input was read');
}
