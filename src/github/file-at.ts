/**
 * One file of the repository at a commit, through the contents API (`contents: read`): the gate
 * reads its configuration from the PR's base commit this way when the job has not checked it out.
 */
import { type GitHubClient, statusOf } from './octokit.js';

/** The file's text at `ref`, or null when the commit has no such file. Other errors propagate. */
export async function readFileAt(
  octokit: GitHubClient,
  at: { owner: string; repo: string; path: string; ref: string },
  maxBytes: number,
): Promise<string | null> {
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner: at.owner, repo: at.repo, path: at.path, ref: at.ref }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  if (Array.isArray(data) || data.type !== 'file') throw new Error(`${at.path} at ${at.ref} is not a file`);
  if (data.size > maxBytes) throw new Error(`${at.path} at ${at.ref} is ${data.size} bytes, over the ${maxBytes}-byte limit`);
  let base64 = 'content' in data && typeof data.content === 'string' ? data.content : '';
  if ('encoding' in data && data.encoding === 'none')
    base64 = (await octokit.rest.git.getBlob({ owner: at.owner, repo: at.repo, file_sha: data.sha })).data.content;
  return Buffer.from(base64, 'base64').toString('utf8');
}
