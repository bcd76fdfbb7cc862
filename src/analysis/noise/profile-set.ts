/**
 * A suite's noise profiles of several fingerprints, as the history branch keeps them in one file
 * (`<suite>.noise-profile.json`, profile-file.ts): a new model or scoring version adds a profile
 * instead of replacing the old one, so a PR still on the old fingerprint keeps its profile. One file,
 * not a file per fingerprint: a profile's fingerprint is only the keys equal on all its runs, so
 * the key of the file a pair needs cannot be computed from the pair's runs; the profile that fits
 * is found by comparing (profileMismatch), one read for the gate. Pure: no I/O.
 */
import type { Comparison } from '../compare.js';
import type { LoadedSummary, NoiseMarks, NoiseProfile } from '../model.js';
import { fingerprintDiff, noiseMarks, profileMismatch } from './profile.js';
import type { SettledRounds } from './settled.js';

/** The fingerprints a stored file keeps, at most: the most recently stored first, older ones dropped. */
export const MAX_STORED_PROFILES = 10;

/** The fingerprint as one comparable text: its keys in code-point order. */
const fingerprintKey = (p: NoiseProfile): string =>
  JSON.stringify(
    Object.keys(p.fingerprint)
      .sort()
      .map((k) => [k, p.fingerprint[k]]),
  );

/**
 * The stored profiles with `profile` added, newest first: it replaces a profile of the same
 * fingerprint (the same keys and values) wherever it was, and the oldest beyond `max` are dropped.
 */
export function addNoiseProfile(
  stored: readonly NoiseProfile[],
  profile: NoiseProfile,
  max = MAX_STORED_PROFILES,
): { profiles: NoiseProfile[]; replaced: boolean; dropped: number } {
  const key = fingerprintKey(profile);
  const others = stored.filter((p) => fingerprintKey(p) !== key);
  const kept = [profile, ...others].slice(0, Math.max(1, max));
  return { profiles: kept, replaced: others.length < stored.length, dropped: others.length + 1 - kept.length };
}

/** The profile used for a pair of runs, and why none fits when none does (`unused`, as NoiseMarks says it). */
export interface ProfileChoice {
  /** The newest profile that fits both runs; when none fits, the newest (the marks say it was not used). */
  profile: NoiseProfile;
  unused: string | null;
}

/** Why one profile does not fit the pair (the baseline first), as "made with KEY VALUE and this run has VALUE". */
function pairDiff(profile: NoiseProfile, runs: readonly LoadedSummary[]): string | null {
  for (const r of runs) {
    const d = fingerprintDiff(profile, r.summary);
    if (d !== null) return `made with ${d.key} ${JSON.stringify(d.profile)} and this run has ${JSON.stringify(d.run)}`;
  }
  return null;
}

/**
 * The profile of `profiles` (newest first) that fits the pair's first runs, or null without runs.
 * One stored profile keeps the single profile's words; of several, the note names each one's
 * fingerprint where it differs from the runs.
 */
export function chooseProfile(
  profiles: readonly NoiseProfile[],
  trials: { baseline: readonly LoadedSummary[]; candidate: readonly LoadedSummary[] },
): ProfileChoice | null {
  const runs = [trials.baseline[0], trials.candidate[0]];
  const newest = profiles[0];
  if (newest === undefined || runs.some((r) => r === undefined)) return null;
  const pair = runs as LoadedSummary[];
  const fits = profiles.find((p) => pair.every((r) => profileMismatch(p, r.summary) === null));
  if (fits !== undefined) return { profile: fits, unused: null };
  if (profiles.length === 1) return { profile: newest, unused: `the profile was ${pairDiff(newest, pair) as string}` };
  const each = profiles.map((p) => `one was ${pairDiff(p, pair) as string}`);
  return { profile: newest, unused: `none of its ${profiles.length} profiles fits these runs: ${each.join('; ')}` };
}

/** The noise marks of a comparison with the chosen profile (profile.ts noiseMarks), saying why none fit when none did. */
export function noiseMarksOf(cmp: Comparison, choice: ProfileChoice, file: string, now: string, settled: SettledRounds | null = null): NoiseMarks {
  const marks = noiseMarks(cmp, choice.profile, file, now, settled);
  if (choice.unused !== null) marks.unused = choice.unused;
  return marks;
}
