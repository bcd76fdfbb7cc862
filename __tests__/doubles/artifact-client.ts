// An in-memory artifact client for the action driven in process: what src/github/artifacts.ts uses of
// @actions/artifact's ArtifactClient (upload, list, get, download, delete), over the results service
// double's store, so tests read and tamper with the stored artifacts exactly as they do after the
// real client uploaded them (`double.artifacts(run)`, `double.store.corrupt`, `double.expire`), and
// the REST double's artifact listings (forwarded to the results service) see them too.
//
// Faithful to the real client (@actions/artifact 6.x, lib/internal) where the code relies on it:
//   - an upload is a zip of the files, named by their path under rootDirectory (which must hold
//     them), stored with the `sha256:<hex>` digest of the zip; a name already used in the run is
//     refused by the service with 409, reported as "Received non-retryable error: Failed request:
//     (409) Conflict: …";
//   - within the run (no findBy) expired artifacts are not listed; getArtifact and deleteArtifact
//     take the newest of a name; a missing one is an ArtifactNotFoundError, with the client's message;
//   - with findBy it calls the REST API at the job's GITHUB_API_URL as the client does (Octokit,
//     so errors are Octokit's RequestError with `status`): expired artifacts are listed (the answer
//     says `expired`), and the zip is fetched through the 302 to its blob;
//   - downloadArtifact creates the directory, extracts, and only *reports* a digest mismatch; with
//     `skipDecompress` it saves the zip as it is, as `<path>/artifact` (the client's name for a
//     response without a Content-Disposition: lib/internal/download/download-artifact.js,
//     streamExtractExternal).
// It never waits: there are no retries, so a 5xx from the service is not played here (the e2e tests
// run the real client against the double for that). Each call within the run is recorded in
// `double.requests` as the Twirp or blob request the real client would make, so "nothing was
// downloaded" can be asserted the same way; findBy's requests reach the doubles themselves.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';

import type {
  Artifact,
  ArtifactClient,
  DeleteArtifactResponse,
  DownloadArtifactOptions,
  DownloadArtifactResponse,
  FindOptions,
  GetArtifactResponse,
  ListArtifactsOptions,
  ListArtifactsResponse,
  UploadArtifactOptions,
  UploadArtifactResponse,
} from '@actions/artifact';
import * as github from '@actions/github';
import { retry } from '@octokit/plugin-retry';

import { unzip } from '../helpers/zip.js';
import { zip } from '../helpers/zip-write.js';
import { HttpError, type ResultsServiceDouble } from './results-service.js';

const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService/';
const NOT_FOUND_HINT =
  '\n        Please ensure that your artifact is not expired and the artifact was uploaded using a compatible version of toolkit/upload-artifact.' +
  '\n        For more information, visit the GitHub Artifacts FAQ: https://github.com/actions/toolkit/blob/main/packages/artifact/docs/faq.md';

/** The client's own error for a missing artifact: code tells it apart by `name`. */
export class ArtifactNotFoundError extends Error {
  constructor(message = 'Artifact not found') {
    super(message);
    this.name = 'ArtifactNotFoundError';
  }
}

export class FilesNotFoundError extends Error {
  constructor(files: string[] = []) {
    super(`No files were found to upload${files.length > 0 ? `: ${files.join(', ')}` : ''}`);
    this.name = 'FilesNotFoundError';
  }
}

/** What the Twirp client throws for a service error it does not retry. */
function twirpError(e: HttpError): Error {
  return new Error(`Received non-retryable error: Failed request: (${e.status}) ${STATUS_CODES[e.status] ?? ''}: ${e.message}`);
}

const FORBIDDEN_NAME = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];
const FORBIDDEN_PATH = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n'];

interface RestArtifact {
  id: number;
  name: string;
  size_in_bytes: number;
  digest: string | null;
  expired: boolean;
  created_at: string;
}

export class MemoryArtifactClient implements ArtifactClient {
  constructor(
    private readonly double: ResultsServiceDouble,
    /** The backend ids of the job's workflow run and job, as the runtime token would name them. */
    private readonly run: string,
    private readonly job: string,
    /** GITHUB_API_URL of the job: where findBy's REST calls go (the REST double, or the results service's own REST endpoints). */
    private readonly apiUrl: string = double.url,
  ) {}

  async uploadArtifact(name: string, files: string[], rootDirectory: string, options?: UploadArtifactOptions): Promise<UploadArtifactResponse> {
    if (!name) throw new Error('Provided artifact name input during validation is empty');
    const bad = FORBIDDEN_NAME.find((c) => name.includes(c));
    if (bad !== undefined) throw new Error(`The artifact name is not valid: ${name}. Contains the following character: ${JSON.stringify(bad)}`);
    const root = normalize(resolve(rootDirectory));
    let rootStat;
    try {
      rootStat = statSync(root);
    } catch {
      throw new Error(`The provided rootDirectory ${rootDirectory} does not exist`);
    }
    if (!rootStat.isDirectory()) throw new Error(`The provided rootDirectory ${rootDirectory} is not a valid directory`);
    const entries: { name: string; data: Buffer }[] = [];
    for (const file of files) {
      const stats = lstatSync(file, { throwIfNoEntry: false });
      if (!stats) throw new Error(`File ${file} does not exist`);
      if (stats.isDirectory()) continue;
      const absolute = normalize(resolve(file));
      if (!absolute.startsWith(root)) throw new Error(`The rootDirectory: ${root} is not a parent directory of the file: ${absolute}`);
      const path = relative(root, absolute).split(sep).join('/');
      const badPath = FORBIDDEN_PATH.find((c) => path.includes(c));
      if (badPath !== undefined)
        throw new Error(`The path for one of the files in artifact is not valid: ${path}. Contains the following character: ${JSON.stringify(badPath)}`);
      entries.push({ name: path, data: readFileSync(absolute) });
    }
    if (entries.length === 0) throw new FilesNotFoundError([]);
    const days = options?.retentionDays;
    const expiresAt = days === undefined ? undefined : new Date(Date.now() + days * 86_400_000).toISOString();
    const bytes = zip(entries);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const store = this.double.store;
    let created;
    try {
      created = this.twirp('CreateArtifact', () => store.create(this.run, this.job, name, expiresAt)) as { signed_upload_url: string };
      this.record(`PUT ${new URL(created.signed_upload_url).pathname}`);
      await store.blobPut(new URL(created.signed_upload_url), { 'x-ms-blob-content-type': 'application/zip' }, bytes);
      const finalized = this.twirp('FinalizeArtifact', () => store.finalize(this.run, name, String(bytes.length), `sha256:${hash}`)) as { artifact_id: string };
      return { id: Number(finalized.artifact_id), size: bytes.length, digest: hash };
    } catch (error) {
      throw error instanceof HttpError ? twirpError(error) : error;
    }
  }

  async listArtifacts(options?: ListArtifactsOptions & FindOptions): Promise<ListArtifactsResponse> {
    const artifacts = options?.findBy ? await this.restList(options.findBy) : this.twirpList();
    return { artifacts: options?.latest ? latest(artifacts) : artifacts };
  }

  async getArtifact(name: string, options?: FindOptions): Promise<GetArtifactResponse> {
    const found = options?.findBy ? await this.restList(options.findBy, name) : this.twirpList(name);
    const artifact = found.sort((a, b) => b.id - a.id)[0];
    if (!artifact) throw new ArtifactNotFoundError(`Artifact not found for name: ${name}${NOT_FOUND_HINT}`);
    return { artifact };
  }

  async downloadArtifact(artifactId: number, options?: DownloadArtifactOptions & FindOptions): Promise<DownloadArtifactResponse> {
    const downloadPath = options?.path ?? process.env['GITHUB_WORKSPACE'] ?? process.cwd();
    mkdirSync(downloadPath, { recursive: true });
    let bytes: Buffer;
    if (options?.findBy) {
      bytes = await this.restZip(options.findBy, artifactId);
    } else {
      const listed = this.twirpList().filter((a) => a.id === artifactId);
      if (listed.length === 0) {
        throw new ArtifactNotFoundError(
          `No artifacts found for ID: ${artifactId}\nAre you trying to download from a different run? Try specifying a github-token with \`actions:read\` scope.`,
        );
      }
      const artifact = listed[0] as Artifact;
      try {
        this.twirp('GetSignedArtifactURL', () => this.double.store.signedDownload(this.run, artifact.name));
      } catch (error) {
        throw error instanceof HttpError ? twirpError(error) : error;
      }
      bytes = this.blob(artifact.name, this.run);
    }
    if (options?.skipDecompress) {
      writeFileSync(join(downloadPath, 'artifact'), bytes);
      return { downloadPath, digestMismatch: options.expectedHash !== undefined && options.expectedHash !== digestOf(bytes) };
    }
    try {
      for (const [name, data] of unzip(bytes)) {
        const target = join(downloadPath, name);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, data);
      }
    } catch (error) {
      throw new Error(`Unable to download and extract artifact: ${(error as Error).message}`, { cause: error });
    }
    return { downloadPath, digestMismatch: options?.expectedHash !== undefined && options.expectedHash !== digestOf(bytes) };
  }

  async deleteArtifact(name: string, options?: FindOptions): Promise<DeleteArtifactResponse> {
    if (options?.findBy) throw new Error('the in-memory artifact client deletes only in its own run (src/ never deletes through findBy)');
    const found = this.twirpList(name).sort((a, b) => b.id - a.id)[0];
    if (!found) throw new ArtifactNotFoundError(`Artifact not found for name: ${name}`);
    try {
      const deleted = this.twirp('DeleteArtifact', () => this.double.store.delete(this.run, found.name)) as { artifact_id: string };
      return { id: Number(deleted.artifact_id) };
    } catch (error) {
      throw error instanceof HttpError ? twirpError(error) : error;
    }
  }

  private record(request: string): void {
    this.double.requests.push(request);
  }

  private twirp(method: string, call: () => object): object {
    this.record(`POST ${TWIRP}${method}`);
    return call();
  }

  private twirpList(name?: string): Artifact[] {
    const { artifacts } = this.twirp('ListArtifacts', () => this.double.store.twirpList(this.run, name, undefined)) as {
      artifacts: { database_id: string; name: string; size: string; created_at: string; digest?: string }[];
    };
    return artifacts.map((a) => ({
      id: Number(a.database_id),
      name: a.name,
      size: Number(a.size),
      createdAt: new Date(a.created_at),
      ...(a.digest ? { digest: a.digest } : {}),
    }));
  }

  /** GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts through GITHUB_API_URL, as the client's findBy does. */
  private async restArtifacts(findBy: NonNullable<FindOptions['findBy']>, name?: string): Promise<RestArtifact[]> {
    const { workflowRunId, repositoryOwner, repositoryName, token } = findBy;
    const octokit = this.rest(token);
    const route = { owner: repositoryOwner, repo: repositoryName, run_id: workflowRunId };
    // getArtifact asks for the name (one page); listArtifacts pages through everything, 100 at a time.
    if (name !== undefined)
      return (await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts{?name}', { ...route, name })).data.artifacts as RestArtifact[];
    const artifacts: RestArtifact[] = [];
    for (let page = 1; ; page++) {
      const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', { ...route, per_page: 100, page });
      artifacts.push(...(data.artifacts as RestArtifact[]));
      if (page * 100 >= data.total_count) return artifacts;
    }
  }

  private async restList(findBy: NonNullable<FindOptions['findBy']>, name?: string): Promise<Artifact[]> {
    return (await this.restArtifacts(findBy, name)).map((a) => ({
      id: a.id,
      name: a.name,
      size: a.size_in_bytes,
      createdAt: new Date(a.created_at),
      ...(a.digest ? { digest: a.digest } : {}),
    }));
  }

  /** The artifact's zip through the REST redirect to its blob, as the client's findBy download does. */
  private async restZip(findBy: NonNullable<FindOptions['findBy']>, artifactId: number): Promise<Buffer> {
    const { headers, status } = await this.rest(findBy.token).rest.actions.downloadArtifact({
      owner: findBy.repositoryOwner,
      repo: findBy.repositoryName,
      artifact_id: artifactId,
      archive_format: 'zip',
      request: { redirect: 'manual' },
    });
    if ((status as number) !== 302) throw new Error(`Unable to download artifact. Unexpected status: ${status}`);
    if (!headers.location) throw new Error('Unable to redirect to artifact download url');
    const response = await fetch(headers.location);
    if (response.status !== 200) {
      throw new Error(`Unable to download and extract artifact: Unexpected HTTP response from blob storage: ${response.status} ${response.statusText}`);
    }
    return Buffer.from(await response.arrayBuffer());
  }

  private rest(token: string) {
    if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(this.apiUrl)) throw new Error(`test error: GITHUB_API_URL is ${this.apiUrl}, not a loopback double`);
    return github.getOctokit(token, { baseUrl: this.apiUrl, retry: { enabled: false } }, retry);
  }

  /** The stored blob, as the signed URL serves it (corrupted bytes included). */
  private blob(name: string, run: string): Buffer {
    const artifact = this.double.artifacts(run).get(name);
    if (!artifact) throw new Error(`Unable to download and extract artifact: Unexpected HTTP response from blob storage: 404 Not Found`);
    this.record(`GET /blob/${artifact.id}/artifact.zip`);
    return artifact.bytes;
  }
}

const digestOf = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The newest artifact of each name, as the client's filterLatest keeps them. */
function latest(artifacts: Artifact[]): Artifact[] {
  const seen = new Set<string>();
  return [...artifacts].sort((a, b) => b.id - a.id).filter((a) => (seen.has(a.name) ? false : (seen.add(a.name), true)));
}
