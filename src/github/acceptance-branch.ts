/**
 * The acceptances file on the history branch (history/acceptance-file.ts): read for every decision
 * on a pull request, and appended to by mode command, with the file's blob SHA and merged again after
 * a conflict (branch-file.ts), so that two commands at once both land.
 */
import type { AcceptanceEvent } from '../analysis/acceptance/model.js';
import { type AcceptancesFile, addEvents, parseAcceptances, serializeAcceptances } from '../history/acceptance-file.js';
import { type BranchFileLocation, branchFileName, readBranchFile, updateBranchFile } from './branch-file.js';
import type { GitHubClient } from './octokit.js';

/** The file's name on the branch. */
export const acceptancesPath = (suite: string): string => `${suite}.acceptances.json`;

/** The file, or null when the branch or the file does not exist yet. A file that is not one throws an InputError naming it. */
export async function readAcceptances(octokit: GitHubClient, at: BranchFileLocation): Promise<AcceptancesFile | null> {
  const read = await readBranchFile(octokit, at);
  return read.text === null ? null : parseAcceptances(read.text, branchFileName(at));
}

/** Appends `events` to pull request `pull`'s; the file (and the branch) is created when missing. */
export async function appendAcceptances(
  octokit: GitHubClient,
  at: BranchFileLocation,
  suite: string,
  pull: number,
  events: readonly AcceptanceEvent[],
  message: string,
): Promise<AcceptancesFile> {
  const merge = (text: string | null) => {
    const file = addEvents(text === null ? null : parseAcceptances(text, branchFileName(at)), suite, pull, events);
    return { content: serializeAcceptances(file), merged: file };
  };
  return (await updateBranchFile(octokit, at, merge, message)).merged;
}
