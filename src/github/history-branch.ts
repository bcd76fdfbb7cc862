/**
 * The history kept as a JSON file on a branch of the repository (`history-branch`): read through the
 * contents API (one request), written by the contents API with the file's blob SHA, so two jobs that
 * record at once cannot overwrite each other: the loser gets 409 and reads, merges and writes again.
 * A branch that does not exist yet is created as an orphan (no parent: the branch holds only history
 * files, never a copy of the code) through the git database API.
 */
import { addEntry, type HistoryEntry, type HistoryFile, parseHistory, serializeHistory } from '../history/history-file.js';
import { type GitHubClient, statusOf } from './octokit.js';

export interface HistoryLocation {
  owner: string;
  repo: string;
  branch: string;
  /** The file on the branch, such as `demo.json`. */
  path: string;
}

/** What is on the branch: the file and its blob SHA; `branch: false` when the branch does not exist. */
export type HistoryRead = { history: HistoryFile; sha: string } | { history: null; branch: boolean };

const where = (at: HistoryLocation): string => `${at.branch}:${at.path}`;

async function branchExists(octokit: GitHubClient, at: HistoryLocation): Promise<boolean> {
  try {
    await octokit.rest.git.getRef({ owner: at.owner, repo: at.repo, ref: `heads/${at.branch}` });
    return true;
  } catch (error) {
    if (statusOf(error) === 404) return false;
    throw error;
  }
}

/** Reads the history file from the branch; a file that is not a history file is an InputError naming it. */
export async function readHistoryBranch(octokit: GitHubClient, at: HistoryLocation): Promise<HistoryRead> {
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner: at.owner, repo: at.repo, path: at.path, ref: `refs/heads/${at.branch}` }));
  } catch (error) {
    if (statusOf(error) === 404) return { history: null, branch: await branchExists(octokit, at) };
    throw error;
  }
  if (Array.isArray(data) || data.type !== 'file') throw new Error(`${where(at)} is not a file`);
  let base64 = 'content' in data && typeof data.content === 'string' ? data.content : '';
  // Files over 1 MB come without their content (encoding "none"): read the blob instead.
  if ('encoding' in data && data.encoding === 'none')
    base64 = (await octokit.rest.git.getBlob({ owner: at.owner, repo: at.repo, file_sha: data.sha })).data.content;
  return { history: parseHistory(Buffer.from(base64, 'base64').toString('utf8'), where(at)), sha: data.sha };
}

/** Creates the branch with one commit (no parent) holding the file; false when it appeared meanwhile. */
async function createOrphan(octokit: GitHubClient, at: HistoryLocation, content: string, message: string): Promise<boolean> {
  const repo = { owner: at.owner, repo: at.repo };
  const tree = await octokit.rest.git.createTree({ ...repo, tree: [{ path: at.path, mode: '100644', type: 'blob', content }] });
  const commit = await octokit.rest.git.createCommit({ ...repo, message, tree: tree.data.sha, parents: [] });
  try {
    await octokit.rest.git.createRef({ ...repo, ref: `refs/heads/${at.branch}`, sha: commit.data.sha });
    return true;
  } catch (error) {
    if (statusOf(error) === 422) return false; // "Reference already exists": another job created it
    throw error;
  }
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
  const most = options.attempts ?? 5;
  const message = `benchgate: record ${suite} at ${entry.commit.slice(0, 7)} (workflow run ${entry.run_id})`;
  for (let attempt = 1; ; attempt++) {
    const read = await readHistoryBranch(octokit, at);
    const { history, dropped } = addEntry(read.history, suite, entry);
    const content = serializeHistory(history);
    const done = (created: boolean): Recorded => ({ attempts: attempt, dropped, entries: history.entries.length, created, history });
    try {
      if (read.history === null && !read.branch) {
        if (await createOrphan(octokit, at, content, message)) return done(true);
      } else {
        const sha = read.history === null ? {} : { sha: read.sha };
        await octokit.rest.repos.createOrUpdateFileContents({
          owner: at.owner,
          repo: at.repo,
          path: at.path,
          branch: at.branch,
          message,
          content: Buffer.from(content).toString('base64'),
          ...sha,
        });
        return done(read.history === null);
      }
    } catch (error) {
      // 409: the file changed since it was read; 422: it was created since ("sha" wasn't supplied).
      const status = statusOf(error);
      if ((status !== 409 && status !== 422) || attempt >= most) throw error;
    }
    if (attempt >= most) throw new Error(`${where(at)}: another job kept writing the history; gave up after ${most} attempts`);
    await new Promise((r) => setTimeout(r, (options.pauseMs ?? 500) * attempt * (0.5 + Math.random())));
  }
}
