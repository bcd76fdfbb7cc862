/**
 * A file that benchgate keeps on a branch of the repository (the history branch: `<suite>.json`,
 * `<suite>.noise-profile.json`): read through the contents API with its blob SHA, and changed by
 * read, merge, write with that SHA, so two jobs that write at once cannot overwrite each other: the
 * loser gets 409 (or 422 when the file was created meanwhile) and reads, merges and writes again, a
 * bounded number of times. A branch that does not exist yet is created as an orphan (no parent: the
 * branch holds only benchgate's files, never a copy of the code) through the git database API.
 */
import { type GitHubClient, statusOf } from './octokit.js';

export interface BranchFileLocation {
  owner: string;
  repo: string;
  branch: string;
  /** The file on the branch, such as `demo.json`. */
  path: string;
}

/** What is on the branch: the file's text and blob SHA; `branch: false` when the branch does not exist. */
export type BranchFileRead = { text: string; sha: string } | { text: null; branch: boolean };

/** `branch:path`, as messages name the file. */
export const branchFileName = (at: BranchFileLocation): string => `${at.branch}:${at.path}`;

async function branchExists(octokit: GitHubClient, at: BranchFileLocation): Promise<boolean> {
  try {
    await octokit.rest.git.getRef({ owner: at.owner, repo: at.repo, ref: `heads/${at.branch}` });
    return true;
  } catch (error) {
    if (statusOf(error) === 404) return false;
    throw error;
  }
}

/** Reads the file from the branch (a file over 1 MB through its blob). */
export async function readBranchFile(octokit: GitHubClient, at: BranchFileLocation): Promise<BranchFileRead> {
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner: at.owner, repo: at.repo, path: at.path, ref: `refs/heads/${at.branch}` }));
  } catch (error) {
    if (statusOf(error) === 404) return { text: null, branch: await branchExists(octokit, at) };
    throw error;
  }
  if (Array.isArray(data) || data.type !== 'file') throw new Error(`${branchFileName(at)} is not a file`);
  let base64 = 'content' in data && typeof data.content === 'string' ? data.content : '';
  // Files over 1 MB come without their content (encoding "none"): read the blob instead.
  if ('encoding' in data && data.encoding === 'none')
    base64 = (await octokit.rest.git.getBlob({ owner: at.owner, repo: at.repo, file_sha: data.sha })).data.content;
  return { text: Buffer.from(base64, 'base64').toString('utf8'), sha: data.sha };
}

/** Creates the branch with one commit (no parent) holding the file; false when it appeared meanwhile. */
async function createOrphan(octokit: GitHubClient, at: BranchFileLocation, content: string, message: string): Promise<boolean> {
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

export interface BranchFileUpdate<T> {
  /** How many attempts it took (a conflict with another writer costs one). */
  attempts: number;
  /** The file or the branch was created. */
  created: boolean;
  /** What `merge` returned with the content written. */
  merged: T;
}

/**
 * Writes `merge(text on the branch, or null)` to the file, reading and merging again after a
 * conflict, up to `attempts` times; `merge` must be pure (it runs once per attempt). Creates the
 * branch or the file when missing. A bad file on the branch throws from `merge`: nothing is written.
 */
export async function updateBranchFile<T>(
  octokit: GitHubClient,
  at: BranchFileLocation,
  merge: (text: string | null) => { content: string; merged: T },
  message: string,
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<BranchFileUpdate<T>> {
  const most = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    const read = await readBranchFile(octokit, at);
    const { content, merged } = merge(read.text);
    const done = (created: boolean): BranchFileUpdate<T> => ({ attempts: attempt, created, merged });
    try {
      if (read.text === null && !read.branch) {
        if (await createOrphan(octokit, at, content, message)) return done(true);
      } else {
        const sha = read.text === null ? {} : { sha: read.sha };
        await octokit.rest.repos.createOrUpdateFileContents({
          owner: at.owner,
          repo: at.repo,
          path: at.path,
          branch: at.branch,
          message,
          content: Buffer.from(content).toString('base64'),
          ...sha,
        });
        return done(read.text === null);
      }
    } catch (error) {
      // 409: the file changed since it was read; 422: it was created since ("sha" wasn't supplied).
      const status = statusOf(error);
      if ((status !== 409 && status !== 422) || attempt >= most) throw error;
    }
    if (attempt >= most) throw new Error(`${branchFileName(at)}: another job kept writing the file; gave up after ${most} attempts`);
    await new Promise((r) => setTimeout(r, (options.pauseMs ?? 500) * attempt * (0.5 + Math.random())));
  }
}
