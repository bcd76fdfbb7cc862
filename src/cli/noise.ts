/** --noise-profile: reads the profile file and marks the comparison's regressed cases with it. */
import { readFileSync } from 'node:fs';
import type { Comparison } from '../analysis/compare.js';
import type { NoiseMarks } from '../analysis/model.js';
import { noiseMarks } from '../analysis/noise/profile.js';
import { parseNoiseProfile } from '../analysis/noise/profile-file.js';
import { InputError } from '../errors.js';

/** The marks of `cmp` from the profile at `file`; an InputError when it cannot be read. */
export function readNoiseProfile(file: string, cmp: Comparison, now: string): NoiseMarks {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `--noise-profile ${file}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`}; expected a profile written by 'benchgate profile --format json'`,
    );
  }
  return noiseMarks(cmp, parseNoiseProfile(text, file), file, now);
}
