// The repository contents side of the GitHub API double: blobs, trees, commits and branch refs (the git
// database API) and the contents API on top of them, enough to keep a file on a branch. Blob SHAs are
// git's own (sha1 of "blob <size>\0<bytes>"), so the contents API's `sha` is what git would compute.
// Trees are flat (one level of paths), which is all the history branch needs. GitHub's answers for the
// cases that matter are kept: a stale `sha` is 409 "does not match", a missing one 422, an existing
// ref 422 "Reference already exists", and a file over 1 MB comes without its content (encoding none).
import { createHash } from 'node:crypto';

import { ApiError } from './github-api-http.js';
import { ACTIONS_BOT, fakeSha, type Site, timestamp } from './github-api-shapes.js';

interface Commit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  date: string;
}

const INLINE_MAX = 1024 * 1024;
const MODES = new Set(['100644', '100755']);

export class GitStore {
  private readonly blobs = new Map<string, Buffer>();
  /** Tree SHA → path → blob SHA. */
  private readonly trees = new Map<string, Map<string, string>>();
  private readonly commits = new Map<string, Commit>();
  /** `refs/heads/<name>` → commit SHA. */
  private readonly refs = new Map<string, string>();
  private serial = 0;

  constructor(readonly defaultBranch = 'main') {
    const tree = this.addTree(new Map([['README.md', this.addBlob(Buffer.from('# benchgate\n'))]]));
    this.refs.set(`refs/heads/${defaultBranch}`, this.addCommit(tree, [], 'Initial commit'));
  }

  addBlob(bytes: Buffer): string {
    const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
    this.blobs.set(sha, bytes);
    return sha;
  }

  private addTree(entries: Map<string, string>): string {
    const sha = fakeSha(`tree ${[...entries].sort().join(' ')}`);
    this.trees.set(sha, entries);
    return sha;
  }

  private addCommit(tree: string, parents: string[], message: string): string {
    const sha = fakeSha(`commit ${tree} ${parents.join(' ')} ${message} ${++this.serial}`);
    this.commits.set(sha, { sha, tree, parents, message, date: timestamp() });
    return sha;
  }

  /** The commit a `ref` query names: a branch (`x`, `heads/x`, `refs/heads/x`) or a commit SHA. */
  resolve(ref: string | null): Commit {
    const name = ref === null ? this.defaultBranch : ref.replace(/^refs\/heads\/|^heads\//, '');
    const sha = this.refs.get(`refs/heads/${name}`) ?? (this.commits.has(name) ? name : undefined);
    const commit = sha === undefined ? undefined : this.commits.get(sha);
    if (!commit) throw new ApiError(404, `No commit found for the ref ${ref ?? ''}`);
    return commit;
  }

  private treeOf(commit: Commit): Map<string, string> {
    return this.trees.get(commit.tree) ?? new Map();
  }

  // ---- what tests look at and seed ----

  /** The file's text on a branch, or null. */
  file(branch: string, path: string): string | null {
    const sha = this.refs.get(`refs/heads/${branch}`);
    const blob = sha === undefined ? undefined : this.treeOf(this.commits.get(sha) as Commit).get(path);
    return blob === undefined ? null : (this.blobs.get(blob) as Buffer).toString('utf8');
  }

  /** The branch's commits, newest first, following first parents; [] when it does not exist. */
  log(branch: string): { sha: string; parents: string[]; message: string }[] {
    const out: { sha: string; parents: string[]; message: string }[] = [];
    for (let sha = this.refs.get(`refs/heads/${branch}`); sha !== undefined; sha = this.commits.get(sha)?.parents[0]) {
      const c = this.commits.get(sha) as Commit;
      out.push({ sha, parents: [...c.parents], message: c.message });
    }
    return out;
  }

  /** Commits `text` as `path` on `branch` (created as an orphan when missing). */
  seedFile(branch: string, path: string, text: string): void {
    this.put(branch, path, Buffer.from(text), 'seed', { force: true });
  }

  // ---- the API's operations ----

  getRef(ref: string): { ref: string; sha: string } {
    const full = `refs/${ref}`;
    const sha = this.refs.get(full);
    if (sha === undefined) throw new ApiError(404, 'Not Found');
    return { ref: full, sha };
  }

  createRef(ref: string, sha: string): void {
    if (!/^refs\/[^/]+\/.+/.test(ref)) throw new ApiError(422, `Reference name must start with 'refs/' and have at least two slashes.`);
    if (this.refs.has(ref)) throw new ApiError(422, 'Reference already exists');
    if (!this.commits.has(sha)) throw new ApiError(422, 'Object does not exist');
    this.refs.set(ref, sha);
  }

  createTree(
    entries: { path?: string; mode?: string; type?: string; content?: string; sha?: string | null }[],
    base: string | undefined,
  ): { sha: string; entries: Map<string, string> } {
    if (base !== undefined && !this.trees.has(base)) throw new ApiError(422, 'base_tree is not a valid tree oid');
    const tree = new Map(base === undefined ? [] : this.trees.get(base));
    for (const e of entries) {
      if (!e.path || e.path.includes('/') || e.type !== 'blob' || !MODES.has(e.mode ?? ''))
        throw new ApiError(422, 'tree.path, tree.mode and tree.type: only flat blob entries are served by this double');
      const blob = e.content !== undefined ? this.addBlob(Buffer.from(e.content)) : (e.sha ?? null);
      if (blob === null) tree.delete(e.path);
      else if (!this.blobs.has(blob)) throw new ApiError(422, `tree.sha ${blob} is not a valid blob`);
      else tree.set(e.path, blob);
    }
    return { sha: this.addTree(tree), entries: tree };
  }

  createCommit(message: string, tree: string, parents: string[]): Commit {
    if (!this.trees.has(tree)) throw new ApiError(422, 'Tree SHA does not exist');
    for (const p of parents) if (!this.commits.has(p)) throw new ApiError(422, 'Parent SHA does not exist or is not a commit object');
    return this.commits.get(this.addCommit(tree, parents, message)) as Commit;
  }

  blob(sha: string): Buffer {
    const b = this.blobs.get(sha);
    if (!b) throw new ApiError(404, 'Not Found');
    return b;
  }

  /** The file at `path` on `ref`: its blob SHA and bytes. */
  read(ref: string | null, path: string): { sha: string; bytes: Buffer } {
    const blob = this.treeOf(this.resolve(ref)).get(path);
    if (blob === undefined) throw new ApiError(404, 'Not Found');
    return { sha: blob, bytes: this.blob(blob) };
  }

  /** The contents API's create-or-update, with GitHub's checks of `sha`. */
  put(
    branch: string,
    path: string,
    bytes: Buffer,
    message: string,
    opts: { sha?: string; force?: boolean },
  ): { created: boolean; blob: string; commit: Commit } {
    const ref = `refs/heads/${branch}`;
    const head = this.refs.get(ref);
    if (head === undefined && !opts.force) throw new ApiError(404, `Branch ${branch} not found`);
    const current = head === undefined ? undefined : this.treeOf(this.commits.get(head) as Commit).get(path);
    if (!opts.force) {
      if (current !== undefined && opts.sha === undefined) throw new ApiError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
      if (opts.sha !== undefined && opts.sha !== current) throw new ApiError(409, `${path} does not match ${opts.sha}`);
    }
    const tree = new Map(head === undefined ? [] : this.treeOf(this.commits.get(head) as Commit));
    const blob = this.addBlob(bytes);
    tree.set(path, blob);
    const commit = this.commits.get(this.addCommit(this.addTree(tree), head === undefined ? [] : [head], message)) as Commit;
    this.refs.set(ref, commit.sha);
    return { created: current === undefined, blob, commit };
  }
}

// ---- wire shapes (every field the spec marks required) ----

const repoUrl = (site: Site): string => `${site.api}/repos/${site.owner}/${site.repo}`;
const web = (site: Site): string => `https://github.com/${site.owner}/${site.repo}`;

export function fileJson(site: Site, path: string, sha: string, bytes: Buffer, ref: string): Record<string, unknown> {
  const url = `${repoUrl(site)}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${repoUrl(site)}/git/blobs/${sha}`;
  const html = `${web(site)}/blob/${ref}/${path}`;
  const inline = bytes.length <= INLINE_MAX;
  // GitHub wraps the base64 text at 60 characters.
  const content = inline ? (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n' : '';
  return {
    type: 'file',
    encoding: inline ? 'base64' : 'none',
    size: bytes.length,
    name: path.split('/').pop(),
    path,
    content,
    sha,
    url,
    git_url: gitUrl,
    html_url: html,
    download_url: `https://raw.githubusercontent.com/${site.owner}/${site.repo}/${ref}/${path}`,
    _links: { git: gitUrl, html, self: url },
  };
}

export function commitJson(site: Site, c: Commit): Record<string, unknown> {
  const who = { name: ACTIONS_BOT.login, email: '41898282+github-actions[bot]@users.noreply.github.com', date: c.date };
  return {
    sha: c.sha,
    node_id: Buffer.from(`C_${c.sha}`).toString('base64url'),
    url: `${repoUrl(site)}/git/commits/${c.sha}`,
    html_url: `${web(site)}/commit/${c.sha}`,
    author: who,
    committer: who,
    message: c.message,
    tree: { sha: c.tree, url: `${repoUrl(site)}/git/trees/${c.tree}` },
    parents: c.parents.map((p) => ({ sha: p, url: `${repoUrl(site)}/git/commits/${p}`, html_url: `${web(site)}/commit/${p}` })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}

export function refJson(site: Site, ref: string, sha: string): Record<string, unknown> {
  return {
    ref,
    node_id: Buffer.from(`REF_${ref}`).toString('base64url'),
    url: `${repoUrl(site)}/git/${ref}`,
    object: { type: 'commit', sha, url: `${repoUrl(site)}/git/commits/${sha}` },
  };
}
