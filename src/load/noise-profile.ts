/**
 * A noise profile file (`benchgate profile --format json`) read for a gate: the CLI's
 * `--noise-profile` and the action's `noise-profile` input. Also what sequential rounds settle with
 * it (analysis/noise/settled.ts), for the CLI's `--sequential` and the action's mode ab and its gate.
 */
import { readFileSync } from 'node:fs';

import type { LoadedSummary, NoiseProfile } from '../analysis/model.js';
import { profileMismatch } from '../analysis/noise/profile.js';
import { parseNoiseProfiles } from '../analysis/noise/profile-file.js';
import { DEFAULT_SETTLE, type SettledRounds, settleRounds } from '../analysis/noise/settled.js';
import { InputError } from '../errors.js';

/** A profile file is read up to this size (one row per case: about 150 bytes each). */
export const MAX_PROFILE_BYTES = 64 * 1024 * 1024;

/** The `noise-profile` value that reads the profile from the history branch instead of a file. */
export const PROFILE_ON_BRANCH = 'history-branch';

/**
 * Where profile.yml stores a suite's profiles on the history branch, beside its history
 * (`<suite>.json`): one file holding the profiles of up to MAX_STORED_PROFILES fingerprints.
 */
export const noiseProfilePath = (suite: string): string => `${suite}.noise-profile.json`;

/**
 * The profiles in the file at `path`, newest first: one profile, or the profiles by fingerprint of
 * the history branch's file; `label` names it in errors (`--noise-profile FILE`, `input "noise-profile"`).
 */
export function loadNoiseProfiles(path: string, label: string): NoiseProfile[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `${label} ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (err as Error).message})`}; expected a profile written by 'benchgate profile --format json FILE...'`,
    );
  }
  return parseNoiseProfiles(text, path);
}

/** One trial of each side per round, in order. */
export type Rounds = { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] };

/** The cases the rounds so far settled by the profile; null without one or when its fingerprint is not the runs' (every case reruns). */
export function settledByProfile(profile: NoiseProfile | null, rounds: Rounds, share: number | undefined): SettledRounds | null {
  const first = [rounds.baseline[0], rounds.candidate[0]];
  if (profile === null || first.some((r) => r === undefined || profileMismatch(profile, r.summary) !== null)) return null;
  return settleRounds(rounds, profile, share === undefined ? DEFAULT_SETTLE : { ...DEFAULT_SETTLE, share });
}
