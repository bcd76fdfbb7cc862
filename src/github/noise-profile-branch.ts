/**
 * The suite's noise profiles on the history branch (`<suite>.noise-profile.json`, beside its history):
 * profile.yml's store job adds the profile it built, merged into the file on the branch so that the
 * profiles of other fingerprints stay (analysis/noise/profile-set.ts), written with the file's blob
 * SHA and merged again after a conflict (branch-file.ts).
 */
import type { NoiseProfile } from '../analysis/model.js';
import { fitNoiseProfiles, MAX_STORED_PROFILE_BYTES, parseNoiseProfiles } from '../analysis/noise/profile-file.js';
import { addNoiseProfile } from '../analysis/noise/profile-set.js';
import { type BranchFileLocation, branchFileName, updateBranchFile } from './branch-file.js';
import type { GitHubClient } from './octokit.js';

export interface StoredProfiles {
  attempts: number;
  /** The file (or the branch) was created. */
  created: boolean;
  /** The profiles now in the file, newest first. */
  profiles: NoiseProfile[];
  /** A profile of the same fingerprint was replaced. */
  replaced: boolean;
  /** The oldest fingerprints dropped past the cap (MAX_STORED_PROFILES), or to keep the file within MAX_STORED_PROFILE_BYTES. */
  dropped: number;
}

/**
 * Adds `profile` to the suite's profiles at `at`, dropping the oldest when the file would pass
 * MAX_STORED_PROFILE_BYTES. A file on the branch that is not a profile file, or a profile too large
 * alone, stops it with an InputError naming the file: nothing is overwritten.
 */
export async function storeNoiseProfile(
  octokit: GitHubClient,
  at: BranchFileLocation,
  suite: string,
  profile: NoiseProfile,
  options: { attempts?: number; pauseMs?: number; maxBytes?: number } = {},
): Promise<StoredProfiles> {
  const at7 = profile.commit === null ? '' : ` at ${profile.commit.slice(0, 7)}`;
  const message = `benchgate: the noise profile of ${suite}${at7} (${profile.runs.length} runs)`;
  const merge = (text: string | null) => {
    const added = addNoiseProfile(text === null ? [] : parseNoiseProfiles(text, branchFileName(at)), profile);
    const fit = fitNoiseProfiles(suite, added.profiles, branchFileName(at), options.maxBytes ?? MAX_STORED_PROFILE_BYTES);
    return { content: fit.content, merged: { ...added, profiles: fit.profiles, dropped: added.dropped + fit.trimmed } };
  };
  const { attempts, created, merged } = await updateBranchFile(octokit, at, merge, message, options);
  return { attempts, created, ...merged };
}
