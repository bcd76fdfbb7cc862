// Benchmark summaries as workflow artifacts. The artifact client is a parameter, never a module-level
// singleton: @actions/artifact reads its environment (and @actions/github its API URL) when it is
// used or imported, so the caller decides which client talks to which service, and tests pass the
// real DefaultArtifactClient pointed at a loopback double.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

import type { ArtifactClient, FindOptions } from '@actions/artifact';

import { ArtifactError } from '../errors.js';
import { extractArtifactZip, type ExtractBudget } from './artifact-extract.js';
import type { GitHubClient } from './octokit.js';
import { refusalOf } from './refusal.js';

/** Characters the artifact service refuses in a name (NTFS limits; upload-artifact refuses them too). */
export const FORBIDDEN_NAME_CHARACTERS: ReadonlyMap<string, string> = new Map([
  ['"', 'double quote "'],
  [':', 'colon :'],
  ['<', 'less than <'],
  ['>', 'greater than >'],
  ['|', 'vertical bar |'],
  ['*', 'asterisk *'],
  ['?', 'question mark ?'],
  ['\r', 'carriage return \\r'],
  ['\n', 'line feed \\n'],
  ['\\', 'backslash \\'],
  ['/', 'forward slash /'],
]);

export interface UploadSummaryOptions {
  name: string;
  /** Files to upload; their paths inside the artifact are relative to rootDirectory. */
  files: string[];
  rootDirectory: string;
  /** 1 to 400 days; omitted means the repository's setting (90 by default). */
  retentionDays?: number;
  /**
   * Replace an artifact of the same name in this run (as upload-artifact's `overwrite: true`): a
   * re-run job uploads under the name its first run used, which the service otherwise refuses.
   */
  overwrite?: boolean;
}

export interface UploadedArtifact {
  id: number;
  name: string;
  /** Bytes of the uploaded zip. */
  size: number;
  /** The id of the artifact this one replaced (overwrite), if there was one. */
  replaced: number | null;
}

export interface DownloadByNameOptions {
  name: string;
  /** Directory to extract into; created if missing. Use a fresh temp dir for untrusted artifacts. */
  path: string;
  /** Another run (or repository) to read from, through the REST API; the token needs `actions: read`. */
  findBy?: FindOptions['findBy'];
  /** The entries of the artifact to extract, by their path in it; default all (github/artifact-extract.ts). */
  wanted?: (entry: string) => boolean;
  /** The extraction budget; default ARTIFACT_BUDGET. */
  budget?: ExtractBudget;
}

/**
 * Throws when `name` is empty or holds a character the service refuses. Checking first turns a
 * failure the client would report only after building the zip into a message that names the character.
 */
export function validateArtifactName(name: string): void {
  if (name.trim() === '') throw new ArtifactError('artifact name is empty: give the artifact a name');
  for (const [char, label] of FORBIDDEN_NAME_CHARACTERS) {
    if (name.includes(char)) {
      throw new ArtifactError(
        `artifact name ${JSON.stringify(name)} contains a ${label}, which artifact names may not contain ` +
          `(forbidden: ${[...FORBIDDEN_NAME_CHARACTERS.values()].join(', ')})`,
      );
    }
  }
}

/**
 * Upload summary files as one artifact of the current workflow run. Names are unique per run, so a
 * second upload under the same name fails rather than overwriting. Every failure is an Error that
 * names the artifact and says what went wrong (the client's own error is its `cause`).
 */
export async function uploadSummaryArtifact(client: ArtifactClient, options: UploadSummaryOptions): Promise<UploadedArtifact> {
  const { name, files, rootDirectory, retentionDays } = options;
  validateArtifactName(name);
  if (retentionDays !== undefined && !(Number.isInteger(retentionDays) && retentionDays >= 1 && retentionDays <= 400)) {
    throw new ArtifactError(`artifact "${name}": retentionDays must be a whole number from 1 to 400, got ${retentionDays}`);
  }
  let replaced: number | null = null;
  if (options.overwrite) {
    try {
      replaced = (await client.deleteArtifact(name)).id;
    } catch (error) {
      if ((error as Error | undefined)?.name !== 'ArtifactNotFoundError') throw explain(error, name, 'replacing');
    }
  }
  let result;
  try {
    result = await client.uploadArtifact(name, files, rootDirectory, retentionDays === undefined ? {} : { retentionDays });
  } catch (error) {
    throw explain(error, name, 'uploading');
  }
  if (result.id === undefined) throw new ArtifactError(`uploading artifact "${name}": the artifact service returned no artifact id`);
  return { id: result.id, name, size: result.size ?? 0, replaced };
}

/**
 * Download the newest artifact called `name` into `path` and return the directory. It looks the
 * artifact up first (getArtifact) so that a missing one gets a message saying why, then downloads it
 * with the digest recorded at upload as the expected hash. The client only *reports* a digest
 * mismatch (it does not throw, and checks nothing without an expected hash), so this function fails
 * on it, before extracting anything. An artifact with no recorded digest (older artifacts may have
 * none) is downloaded unchecked. The zip is extracted into `path` within a budget (downloadFound).
 */
export async function downloadArtifactByName(client: ArtifactClient, options: DownloadByNameOptions): Promise<string> {
  const { name, findBy } = options;
  validateArtifactName(name);
  let artifact;
  try {
    ({ artifact } = await client.getArtifact(name, findBy ? { findBy } : {}));
  } catch (error) {
    throw explain(error, name, 'looking up', findBy);
  }
  return downloadFound(client, artifact, options);
}

/** An artifact as a listing gives it: enough to download it and check its digest without looking it up again. */
export interface ListedArtifact {
  name: string;
  id: number;
  digest?: string | undefined;
}

/**
 * Downloads the artifact called `name` from a listing of its run (listArtifacts, same `findBy`), as
 * downloadArtifactByName does, one lookup fewer: a name the listing lacks fails with the same message.
 */
export async function downloadListedArtifact(
  client: ArtifactClient,
  listed: readonly ListedArtifact[],
  options: DownloadByNameOptions,
  wait?: (ms: number) => Promise<void>,
): Promise<string> {
  const { name, findBy } = options;
  validateArtifactName(name);
  const artifact = listed.filter((a) => a.name === name).sort((a, b) => b.id - a.id)[0];
  if (artifact === undefined)
    throw explain(Object.assign(new Error(`Artifact not found for name: ${name}`), { name: 'ArtifactNotFoundError' }), name, 'looking up', findBy);
  return downloadFound(client, artifact, options, wait);
}

/** Rate-limited downloads of another run's artifact retried before giving up, as the REST client retries (github/octokit.ts). */
export const DOWNLOAD_RATE_LIMIT_RETRIES = 3;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * How long to wait before retrying a download GitHub refused for a rate limit (a 429, or a 403 of
 * the secondary limit), or null for any other failure. The cross-run download's first request is
 * the REST call `GET /actions/artifacts/{id}/zip`, which @actions/artifact makes with a client of
 * no retry or throttling plugin (lib/internal/download/download-artifact.js, downloadArtifactPublic:
 * `github.getOctokit(token)`): a rate limit there failed the download at once. GitHub's
 * `retry-after` (seconds) is honoured up to a minute; without one, 2, 4, 8 s.
 */
export function rateLimitWait(error: unknown, attempt: number): number | null {
  if (refusalOf(error).kind !== 'rate-limit') return null;
  const headers = ((error as { response?: { headers?: Record<string, unknown> } } | null)?.response?.headers ?? {}) as Record<string, unknown>;
  const after = Number(headers['retry-after']);
  return Number.isFinite(after) && after >= 0 ? Math.min(after, 60) * 1000 : 2 ** attempt * 1000;
}

/**
 * Downloads an artifact found by name, failing on a digest mismatch (see downloadArtifactByName),
 * and extracts what the caller wants of it within the budget (github/artifact-extract.ts). The zip
 * is downloaded as it is, `skipDecompress: true` (@actions/artifact 6.2.1,
 * lib/internal/download/download-artifact.js, streamExtractExternal: the response is saved to
 * `<path>/<file name of Content-Disposition, else "artifact">` instead of being piped through
 * unzip-stream), into a fresh directory beside `path`, removed once extracted. The digest is the
 * zip's either way (the hash stream reads the response before either branch).
 */
async function downloadFound(
  client: ArtifactClient,
  artifact: ListedArtifact,
  options: DownloadByNameOptions,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<string> {
  const { name, path, findBy } = options;
  let result;
  let raw: string;
  for (let attempt = 1; ; attempt++) {
    mkdirSync(dirname(path), { recursive: true });
    const dir = mkdtempSync(`${path}.zip-`);
    try {
      result = await client.downloadArtifact(artifact.id, {
        ...(findBy ? { findBy } : {}),
        path: dir,
        skipDecompress: true,
        ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
      });
      raw = dir;
      break;
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      const ms = findBy && attempt <= DOWNLOAD_RATE_LIMIT_RETRIES ? rateLimitWait(error, attempt) : null;
      if (ms === null) throw explain(error, name, 'downloading', findBy);
      await wait(ms);
    }
  }
  try {
    if (result.digestMismatch) {
      throw new ArtifactError(
        `downloading artifact "${name}" (id ${artifact.id}): the downloaded bytes do not match the digest recorded at ` +
          `upload (${artifact.digest ?? 'none'}); the zip was not extracted and nothing of it is used`,
      );
    }
    const files = readdirSync(raw);
    if (files.length !== 1)
      throw new ArtifactError(`downloading artifact "${name}" (id ${artifact.id}): expected the artifact's zip as one file, found ${files.length} in ${raw}`);
    extractArtifactZip(join(raw, files[0] as string), path, {
      artifact: name,
      ...(options.wanted ? { wanted: options.wanted } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
    });
  } finally {
    rmSync(raw, { recursive: true, force: true });
  }
  return path;
}

/**
 * The HTTP status behind a client error: Octokit's `status` (findBy REST), Azure's `statusCode` (blob
 * upload), or the Twirp client's "Failed request: (NNN)" message. Blob download failures carry none:
 * the client retries them 5 times and then reports only "Artifact download failed after 5 retries".
 */
function httpStatus(error: unknown): number | undefined {
  const e = error as { status?: unknown; statusCode?: unknown; message?: unknown } | undefined;
  for (const value of [e?.status, e?.statusCode]) if (typeof value === 'number') return value;
  const match = /Failed request: \((\d{3})\)/.exec(String(e?.message));
  return match ? Number(match[1]) : undefined;
}

function explain(error: unknown, name: string, action: string, findBy?: DownloadByNameOptions['findBy']): Error {
  const message = error instanceof Error ? error.message : String(error);
  const where = findBy ? `workflow run ${findBy.workflowRunId} of ${findBy.repositoryOwner}/${findBy.repositoryName}` : 'this workflow run';
  if ((error as Error | undefined)?.name === 'ArtifactNotFoundError') {
    const why = findBy
      ? 'that run must have uploaded it (and finished), and it must not have expired'
      : "the job that uploads it must run first in the same workflow run (list that job under this job's needs:)";
    return new ArtifactError(`artifact "${name}" was not found in ${where}: ${why}`, { cause: error });
  }
  const status = httpStatus(error);
  if (status !== undefined && status >= 400) {
    const what = status === 410 ? 'the artifact has expired' : `HTTP ${status}`;
    return new ArtifactError(`${action} artifact "${name}" in ${where}: the artifact service failed (${what}): ${message}`, { cause: error });
  }
  return new ArtifactError(`${action} artifact "${name}" in ${where} failed: ${message}`, { cause: error });
}

/** The artifacts of this workflow run (or of another, through `findBy`), the newest of each name. */
export async function listArtifacts(client: ArtifactClient, findBy?: DownloadByNameOptions['findBy']): Promise<ListedArtifact[]> {
  try {
    const { artifacts } = await client.listArtifacts({ latest: true, ...(findBy ? { findBy } : {}) });
    return artifacts.map((a) => ({ name: a.name, id: a.id, digest: a.digest }));
  } catch (error) {
    throw explain(error, '*', 'listing', findBy);
  }
}

/** The names of the artifacts of this workflow run (or of another, through `findBy`), the newest of each name. */
export async function listArtifactNames(client: ArtifactClient, findBy?: DownloadByNameOptions['findBy']): Promise<string[]> {
  return (await listArtifacts(client, findBy)).map((a) => a.name);
}

/** Where to find another workflow run's artifact by name, and where to put it. */
export interface RunArtifactQuery {
  owner: string;
  repo: string;
  runId: number;
  name: string;
  token: string;
  path: string;
  /** The entries to extract (downloadFound); default all. */
  wanted?: (entry: string) => boolean;
}

/**
 * Another workflow run's artifact `name` (listed through the REST API, so an expired one is told
 * apart from a missing one), downloaded into `path`; or 'missing' / 'expired'. The run's artifacts
 * are listed once: the listing's id and digest are what the download needs.
 */
export async function downloadRunArtifact(
  octokit: GitHubClient,
  client: ArtifactClient,
  q: RunArtifactQuery,
): Promise<{ id: number; createdAt: string | null; dir: string } | 'missing' | 'expired'> {
  const list = await octokit.rest.actions.listWorkflowRunArtifacts({ owner: q.owner, repo: q.repo, run_id: q.runId, name: q.name, per_page: 10 });
  const named = list.data.artifacts.filter((a) => a.name === q.name);
  const artifact = named.find((a) => !a.expired);
  if (artifact === undefined) return named.length === 0 ? 'missing' : 'expired';
  const findBy = { token: q.token, workflowRunId: q.runId, repositoryOwner: q.owner, repositoryName: q.repo };
  const dir = await downloadListedArtifact(client, [{ name: q.name, id: artifact.id, digest: artifact.digest ?? undefined }], {
    name: q.name,
    path: q.path,
    findBy,
    ...(q.wanted ? { wanted: q.wanted } : {}),
  });
  return { id: artifact.id, createdAt: artifact.created_at ?? null, dir };
}
