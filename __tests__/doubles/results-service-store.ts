// The state of the results service double: artifacts, their blobs, and the answers each endpoint
// gives. Artifacts are keyed by (workflow run backend id, name), as the real service keys them.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { HttpError, type Reply } from './results-service-http.js';

const FORBIDDEN = ['"', ':', '<', '>', '|', '*', '?', '\r', '\n', '\\', '/'];

/** A stored artifact, as tests see it. Only finalized artifacts are listed or downloadable. */
export interface StoredArtifact {
  id: number;
  name: string;
  runBackendId: string;
  jobBackendId: string;
  /** The committed blob (a zip), assembled in block-list order. */
  bytes: Buffer;
  /** The size and `sha256:<hex>` digest the client reported in FinalizeArtifact. */
  size: number;
  digest: string;
  expired: boolean;
  createdAt: Date;
  /** Block ids in the order their bodies arrived, and in the order the block list named them. */
  blockArrival: string[];
  blockList: string[];
  blocks: Map<string, Buffer>;
}

interface Entry extends StoredArtifact {
  committed: boolean;
  finalized: boolean;
  held: boolean;
  release?: () => void;
  contentType: string;
  expiresAt: string | undefined;
  uploadSig: string;
  downloadSig: string;
}

export class ArtifactStore {
  /**
   * When > 0, the first block of each upload is held until another block of it has been stored (or
   * this many ms pass), so that blocks land out of order, as they may with concurrent uploads.
   */
  holdFirstBlockMs = 0;
  private entries: Entry[] = [];
  private nextId = 7001;
  private readonly runIds = new Map<string, number>();

  constructor(
    private readonly base: () => string,
    private readonly repoPath: string,
  ) {}

  byName(run: string): Map<string, StoredArtifact> {
    return new Map(this.entries.filter((e) => e.finalized && e.runBackendId === run).map((e) => [e.name, e]));
  }

  runId(run: string): number {
    if (!this.runIds.has(run)) this.runIds.set(run, 1001 + this.runIds.size);
    return this.runIds.get(run) as number;
  }

  /** Append bytes after the zip's end: it still unzips (trailing junk is skipped), but its digest changes. */
  corrupt(name: string, run = 'run-1'): void {
    const entry = this.finalized(run, name);
    entry.bytes = Buffer.concat([entry.bytes, Buffer.from('tampered in storage')]);
  }

  /**
   * Replace an artifact's zip with `bytes`, with their size and digest, as an uploader that builds
   * its own zip (a fork's job can call the service directly) would store it: a zip bomb, a header
   * that lies about a size, entries benchgate does not read.
   */
  replace(name: string, bytes: Buffer, run = 'run-1'): void {
    const entry = this.finalized(run, name);
    entry.bytes = bytes;
    entry.size = bytes.length;
    entry.digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  }

  /** Mark an artifact expired: hidden from Twirp listings, `expired: true` in REST, 410 on download. */
  expire(name: string, run = 'run-1'): void {
    this.finalized(run, name).expired = true;
  }

  create(run: string, job: string, name: string, expiresAt: unknown): object {
    const bad = FORBIDDEN.find((c) => name.includes(c));
    if (!name || bad) throw new HttpError(400, 'invalid_argument', `invalid artifact name ${JSON.stringify(name)}`);
    if (this.entries.some((e) => e.finalized && e.runBackendId === run && e.name === name)) {
      throw new HttpError(409, 'already_exists', `an artifact named ${JSON.stringify(name)} already exists in this workflow run`);
    }
    this.entries = this.entries.filter((e) => e.finalized || e.runBackendId !== run || e.name !== name);
    const entry: Entry = {
      id: this.nextId++,
      name,
      runBackendId: run,
      jobBackendId: job,
      bytes: Buffer.alloc(0),
      size: 0,
      digest: '',
      expired: false,
      createdAt: new Date(),
      blockArrival: [],
      blockList: [],
      blocks: new Map(),
      committed: false,
      finalized: false,
      held: false,
      contentType: 'application/zip',
      uploadSig: token(),
      downloadSig: token(),
      expiresAt: typeof expiresAt === 'string' ? expiresAt : undefined,
    };
    this.runId(run);
    this.entries.push(entry);
    return { ok: true, signed_upload_url: this.blobUrl(entry, entry.uploadSig) };
  }

  finalize(run: string, name: string, size: string, hash: unknown): object {
    const entry = this.entries.find((e) => !e.finalized && e.runBackendId === run && e.name === name);
    if (!entry) throw new HttpError(404, 'not_found', `no upload in progress for artifact ${JSON.stringify(name)}`);
    if (!entry.committed) {
      throw new HttpError(404, 'not_found', `artifact ${JSON.stringify(name)} has no committed blob: PUT the block list first`);
    }
    Object.assign(entry, { finalized: true, size: Number(size), digest: typeof hash === 'string' ? hash : '' });
    return { ok: true, artifact_id: String(entry.id) };
  }

  twirpList(run: string, nameFilter: unknown, idFilter: unknown): object {
    const found = this.entries.filter(
      (e) =>
        e.finalized &&
        !e.expired &&
        e.runBackendId === run &&
        (nameFilter === undefined || e.name === nameFilter) &&
        (idFilter === undefined || String(e.id) === String(idFilter)),
    );
    const artifacts = found.map((e) => ({
      workflow_run_backend_id: e.runBackendId,
      workflow_job_run_backend_id: e.jobBackendId,
      database_id: String(e.id),
      name: e.name,
      size: String(e.size),
      created_at: e.createdAt.toISOString(),
      ...(e.digest ? { digest: e.digest } : {}),
    }));
    return { artifacts };
  }

  signedDownload(run: string, name: string): object {
    const entry = this.finalized(run, name);
    if (entry.expired) throw new HttpError(410, 'failed_precondition', `artifact ${JSON.stringify(name)} has expired`);
    return { signed_url: this.blobUrl(entry, entry.downloadSig) };
  }

  delete(run: string, name: string): object {
    const entry = this.finalized(run, name);
    this.entries = this.entries.filter((e) => e !== entry);
    return { ok: true, artifact_id: String(entry.id) };
  }

  async blobPut(url: URL, headers: IncomingHttpHeaders, body: Buffer): Promise<Reply> {
    const entry = this.blobEntry(url, 'uploadSig');
    if (entry.finalized) throw new HttpError(409, 'BlobImmutable', 'the artifact is finalized and cannot change');
    const comp = url.searchParams.get('comp');
    if (comp === 'block') {
      const id = url.searchParams.get('blockid');
      if (!id) throw new HttpError(400, 'InvalidQueryParameterValue', 'blockid is required');
      if (this.holdFirstBlockMs > 0 && !entry.held) {
        entry.held = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.holdFirstBlockMs);
          entry.release = () => (clearTimeout(timer), resolve());
        });
      }
      entry.blocks.set(id, body);
      entry.blockArrival.push(id);
      if (entry.blockArrival.length === 1) entry.release?.();
    } else if (comp === 'blocklist') {
      const ids = [...body.toString('utf8').matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)].map((m) => m[2] ?? '');
      const missing = ids.find((id) => !entry.blocks.has(id));
      if (missing !== undefined) throw new HttpError(400, 'InvalidBlockList', `block ${missing} was never uploaded`);
      Object.assign(entry, { blockList: ids, bytes: Buffer.concat(ids.map((id) => entry.blocks.get(id) as Buffer)) });
      entry.contentType = String(headers['x-ms-blob-content-type'] ?? 'application/octet-stream');
      entry.committed = true;
    } else if (comp === null) {
      Object.assign(entry, { bytes: body, committed: true });
    } else {
      throw new HttpError(400, 'InvalidQueryParameterValue', `unsupported comp=${comp}`);
    }
    return { status: 201, headers: { 'x-ms-version': '2025-11-05', 'x-ms-request-server-encrypted': 'true' } };
  }

  blobGet(url: URL): Reply {
    const entry = this.blobEntry(url, 'downloadSig');
    if (!entry.finalized) throw new HttpError(404, 'BlobNotFound', 'The specified blob does not exist.');
    if (entry.expired) throw new HttpError(410, 'BlobExpired', 'The artifact has expired.');
    return { status: 200, body: entry.bytes, headers: { 'content-type': entry.contentType } };
  }

  restList(runId: number, params: URLSearchParams): Reply {
    const run = [...this.runIds].find(([, id]) => id === runId)?.[0];
    if (run === undefined) throw new HttpError(404, 'not_found', 'Not Found');
    const name = params.get('name');
    const all = this.entries.filter((e) => e.finalized && e.runBackendId === run && (name === null || e.name === name));
    const perPage = Math.min(100, Math.max(1, Number(params.get('per_page') ?? 30) || 30));
    const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
    const artifacts = all.slice((page - 1) * perPage, page * perPage).map((e) => ({
      id: e.id,
      node_id: `A_${e.id}`,
      name: e.name,
      size_in_bytes: e.size,
      digest: e.digest || null,
      expired: e.expired,
      url: `${this.base()}${this.repoPath}/actions/artifacts/${e.id}`,
      archive_download_url: `${this.base()}${this.repoPath}/actions/artifacts/${e.id}/zip`,
      created_at: e.createdAt.toISOString(),
      updated_at: e.createdAt.toISOString(),
      expires_at: e.expiresAt ?? null,
      workflow_run: { id: runId },
    }));
    return { status: 200, json: { total_count: all.length, artifacts } };
  }

  restZip(id: number): Reply {
    const entry = this.entries.find((e) => e.finalized && e.id === id);
    if (!entry) throw new HttpError(404, 'not_found', 'Not Found');
    if (entry.expired) throw new HttpError(410, 'gone', 'Artifact has expired');
    return { status: 302, headers: { location: this.blobUrl(entry, entry.downloadSig) } };
  }

  private finalized(run: string, name: string): Entry {
    const entry = this.entries.find((e) => e.finalized && e.runBackendId === run && e.name === name);
    if (!entry) throw new HttpError(404, 'not_found', `artifact ${JSON.stringify(name)} not found in run ${run}`);
    return entry;
  }

  private blobEntry(url: URL, sig: 'uploadSig' | 'downloadSig'): Entry {
    const id = Number(/^\/blob\/(\d+)\//.exec(url.pathname)?.[1]);
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) throw new HttpError(404, 'BlobNotFound', 'The specified blob does not exist.');
    if (url.searchParams.get('sig') !== entry[sig]) {
      throw new HttpError(403, 'AuthenticationFailed', 'signature does not match (or is for the other direction)');
    }
    return entry;
  }

  /** Absolute, already carrying a `?`: the Azure client appends `&comp=…` to it. */
  private blobUrl(entry: Entry, sig: string): string {
    return `${this.base()}/blob/${entry.id}/artifact.zip?sv=2025-11-05&sig=${sig}`;
  }
}

function token(): string {
  return randomBytes(12).toString('hex');
}
