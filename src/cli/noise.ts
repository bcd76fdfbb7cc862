/** --next-cases: the cases the next sequential round runs (analysis/noise/settled.ts). */
import { firstRoundIds } from '../analysis/noise/settled.js';
import { InputError, UsageError } from '../errors.js';
import { writeOutputFile } from '../fs-safe.js';
import type { Rounds } from '../load/noise-profile.js';

/**
 * --next-cases FILE: the case ids the next round runs, one a line (`next`: the cases the profile or
 * the design's draws left in; null: every case of the first round); never over an input.
 */
export function writeNextCases(file: string, rounds: Rounds, next: readonly string[] | null, inputs: readonly string[]): number {
  if (file.trim() === '') throw new UsageError("--next-cases needs a value: the file to write the next round's case ids to");
  const ids = next ?? firstRoundIds(rounds);
  const broken = ids.find((id) => /[\r\n]/.test(id));
  if (broken !== undefined) throw new InputError(`--next-cases: case id ${JSON.stringify(broken)} has a line break; the file lists one id a line`);
  const protect = inputs.map((path) => ({ path, what: 'an input file' }));
  writeOutputFile('--next-cases', file, protect, [ids.map((id) => `${id}\n`).join('')]);
  return ids.length;
}
