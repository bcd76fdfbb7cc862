/**
 * Zod field builders whose error messages read "expected …", so every adapter reports the same way.
 * rlm-code itself coerces (`float(x or 0)`, `bool("false") is True`); benchgate rejects instead.
 */
import { z } from 'zod';

export const str = () => z.string({ error: 'expected a string' });
export const nonEmptyStr = () => z.string({ error: 'expected a non-empty string' }).min(1, { error: 'expected a non-empty string' });
export const bool = () => z.boolean({ error: 'expected a boolean (true or false)' });
export const num = () => z.number({ error: 'expected a finite number' });
export const count = () => z.int({ error: 'expected a whole number' }).nonnegative({ error: 'expected a whole number >= 0' });
export const seconds = () => z.number({ error: 'expected a number of seconds' }).nonnegative({ error: 'expected a number of seconds >= 0' });
export const nullableStr = () => z.string({ error: 'expected a string or null' }).nullable();
export const nullableBool = () => z.boolean({ error: 'expected a boolean or null' }).nullable();
