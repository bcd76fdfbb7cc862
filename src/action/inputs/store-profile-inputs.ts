/**
 * `mode: store-profile` (profile.yml's store job, the only one with contents: write): adds the
 * profile file built by `benchgate profile` to `<suite>.noise-profile.json` on the history branch.
 */
import type { InputReader } from './declaration.js';
import { historyBranch, invalid, missing } from './parsers.js';

export interface StoreProfileInputs {
  mode: 'store-profile';
  suite: string;
  /** The profile file to store, a path in the workspace. */
  noiseProfile: string;
  historyBranch: string;
  token: string;
}

/** Every input is required: the file, the branch and a token that may write it. */
export function storeProfileInputs(read: InputReader): StoreProfileInputs {
  const required = (name: string, what: string): string => {
    if (read.text(name) === '') throw missing(name, 'store-profile', `give ${what}`);
    return read.text(name);
  };
  const noiseProfile = required('noise-profile', "the profile file 'benchgate profile --format json FILE...' wrote, relative to the workspace");
  if (noiseProfile === 'history-branch')
    throw invalid('noise-profile', noiseProfile, 'the path of the profile file to store (history-branch is where it goes: give that branch as history-branch)');
  return {
    mode: 'store-profile',
    suite: read.value('suite'),
    noiseProfile,
    historyBranch: historyBranch(required('history-branch', 'the branch that keeps the history, such as benchgate-history'), 'history-branch'),
    token: required('github-token', 'a token with contents: write (the default github.token of a job granted it)'),
  };
}
