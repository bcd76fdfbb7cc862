/**
 * --noise-profile: reads the profile file, marks the comparison's regressed cases with it, and under
 * --sequential settles the cases it shows deterministic on main (analysis/noise/settled.ts);
 * --next-cases writes the cases the next round runs.
 */
import { readFileSync } from 'node:fs';
import type { Comparison } from '../analysis/compare.js';
import type { LoadedSummary, NoiseMarks, NoiseProfile } from '../analysis/model.js';
import { noiseMarks, profileMismatch } from '../analysis/noise/profile.js';
import { parseNoiseProfile } from '../analysis/noise/profile-file.js';
import { DEFAULT_SETTLE, settleRounds, type SettledRounds } from '../analysis/noise/settled.js';
import { InputError, UsageError } from '../errors.js';
import { writeOutputFile } from '../fs-safe.js';
import { packedOf } from '../schema/packed-summary.js';

/** The profile at `file`; an InputError when it cannot be read or is not a profile. */
export function loadNoiseProfile(file: string): NoiseProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `--noise-profile ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`}; expected a profile written by 'benchgate profile --format json'`,
    );
  }
  return parseNoiseProfile(text, file);
}

/** The marks of `cmp` from the profile at `file`; an InputError when it cannot be read. */
export function readNoiseProfile(file: string, cmp: Comparison, now: string): NoiseMarks {
  return noiseMarks(cmp, loadNoiseProfile(file), file, now);
}

type Rounds = { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] };

/** The cases the rounds so far settled by the profile; null without one or when its fingerprint is not the runs' (every case reruns). */
export function settledByProfile(profile: NoiseProfile | null, rounds: Rounds): SettledRounds | null {
  const first = [rounds.baseline[0], rounds.candidate[0]];
  if (profile === null || first.some((r) => r === undefined || profileMismatch(profile, r.summary) !== null)) return null;
  return settleRounds(rounds, profile, DEFAULT_SETTLE);
}

/**
 * --next-cases FILE: the case ids the next round runs, one a line (every case of the first round
 * when nothing is settled); never over an input.
 */
export function writeNextCases(file: string, rounds: Rounds, settled: SettledRounds | null, inputs: readonly string[]): number {
  if (file.trim() === '') throw new UsageError("--next-cases needs a value: the file to write the next round's case ids to");
  const ids = settled?.next ?? [...new Set([rounds.baseline[0], rounds.candidate[0]].flatMap((r) => (r === undefined ? [] : packedOf(r.summary).ids)))];
  const broken = ids.find((id) => /[\r\n]/.test(id));
  if (broken !== undefined) throw new InputError(`--next-cases: case id ${JSON.stringify(broken)} has a line break; the file lists one id a line`);
  const protect = inputs.map((path) => ({ path, what: 'an input file' }));
  writeOutputFile('--next-cases', file, protect, [ids.map((id) => `${id}\n`).join('')]);
  return ids.length;
}
