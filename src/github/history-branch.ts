/**
 * The history kept as a JSON file on a branch of the repository (`history-branch`): read through the
 * contents API (one request), written by read, merge, write with the file's blob SHA
 * (branch-file.ts), so two jobs that record at once cannot overwrite each other. A branch that does
 * not exist yet is created as an orphan holding only history files.
 */
import { addEntry, addVerdict, type GateVerdictEntry, type HistoryEntry, type HistoryFile, parseHistory, serializeHistory } from '../history/history-file.js';
import { type BranchFileLocation, branchFileName, readBranchFile, updateBranchFile } from './branch-file.js';
import type { GitHubClient } from './octokit.js';

export type HistoryLocation = BranchFileLocation;

/** What is on the branch: the file and its blob SHA; `branch: false` when the branch does not exist. */
export type HistoryRead = { history: HistoryFile; sha: string } | { history: null; branch: boolean };

/** Reads the history file from the branch; a file that is not a history file is an InputError naming it. */
export async function readHistoryBranch(octokit: GitHubClient, at: HistoryLocation): Promise<HistoryRead> {
  const read = await readBranchFile(octokit, at);
  if (read.text === null) return { history: null, branch: read.branch };
  return { history: parseHistory(read.text, branchFileName(at)), sha: read.sha };
}

export interface Recorded {
  /** How many attempts it took (a conflict with another writer costs one). */
  attempts: number;
  /** Old entries dropped to stay within the file's limits. */
  dropped: number;
  entries: number;
  created: boolean;
  /** The file as written. */
  history: HistoryFile;
}

/** Adds `entry` to the suite's history on the branch, creating the branch or the file when missing. */
export async function recordHistory(
  octokit: GitHubClient,
  at: HistoryLocation,
  suite: string,
  entry: HistoryEntry,
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<Recorded> {
  const message = `benchgate: record ${suite} at ${entry.commit.slice(0, 7)} (workflow run ${entry.run_id})`;
  const merge = (text: string | null) => {
    const added = addEntry(text === null ? null : parseHistory(text, branchFileName(at)), suite, entry);
    return { content: serializeHistory(added.history), merged: added };
  };
  const { attempts, created, merged } = await updateBranchFile(octokit, at, merge, message, options);
  return { attempts, dropped: merged.dropped, entries: merged.history.entries.length, created, history: merged.history };
}

/**
 * Adds a merged PR's verdict to the suite's history on the branch (the gate's record reads it:
 * history/gate-record.ts), replacing an earlier one of the same PR; the same read, merge, write as
 * {@link recordHistory}, so it cannot overwrite a run recorded at the same time.
 */
export async function recordVerdict(
  octokit: GitHubClient,
  at: HistoryLocation,
  suite: string,
  verdict: GateVerdictEntry,
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<Omit<Recorded, 'entries'> & { verdicts: number }> {
  const message = `benchgate: record the verdict of #${verdict.pr} on ${suite} (${verdict.verdict})`;
  const merge = (text: string | null) => {
    const added = addVerdict(text === null ? null : parseHistory(text, branchFileName(at)), suite, verdict);
    return { content: serializeHistory(added.history), merged: added };
  };
  const { attempts, created, merged } = await updateBranchFile(octokit, at, merge, message, options);
  return { attempts, dropped: merged.dropped, verdicts: merged.history.verdicts?.length ?? 0, created, history: merged.history };
}
