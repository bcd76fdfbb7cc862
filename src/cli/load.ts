/**
 * Loads the baseline and candidate summaries. Large pairs (by default over 16 MiB together) load at
 * the same time: the candidate in a worker thread, which validates it fully and sends back a packed
 * summary (see schema/pack.ts), the baseline in this thread. On a 2-core runner that nearly halves
 * the time spent in JSON.parse. Small pairs load one after the other, where a thread would cost more
 * than it saves.
 */
import { statSync } from 'node:fs';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { loadSummary } from '../adapters/index.js';
import type { LoadedSummary } from '../analysis/compare.js';
import { InputError, isUserError } from '../errors.js';
import { packSummary, transferables, unpackSummary, type PackedSummary } from '../schema/pack.js';

/** Total input size from which the two files load in parallel; `BENCHGATE_PARALLEL_MIN_BYTES` overrides. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

interface LoadRequest {
  file: string;
  format: string;
}
type LoadReply = { ok: true; packed: PackedSummary } | { ok: false; userError: boolean; message: string };

function parallelThreshold(): number {
  const raw = process.env['BENCHGATE_PARALLEL_MIN_BYTES'];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : PARALLEL_MIN_BYTES;
}

function totalSize(files: readonly string[]): number {
  try {
    return files.reduce((sum, f) => sum + statSync(f).size, 0);
  } catch {
    return 0; // a missing file: load in-process, which reports it properly
  }
}

function loadInWorker(script: URL, request: LoadRequest): Promise<LoadedSummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: request });
    worker.once('message', (reply: LoadReply) => {
      void worker.terminate();
      if (reply.ok) resolve({ path: request.file, summary: unpackSummary(reply.packed) });
      else reject(reply.userError ? new InputError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
  });
}

/**
 * Loads both summaries; `workerScript` is the module to run as the loading thread (the CLI bundle
 * itself), or null to always load in-process.
 */
export async function loadPair(baseline: string, candidate: string, format: string, workerScript: URL | null): Promise<[LoadedSummary, LoadedSummary]> {
  if (workerScript === null || totalSize([baseline, candidate]) < parallelThreshold()) {
    return [
      { path: baseline, summary: loadSummary(baseline, format) },
      { path: candidate, summary: loadSummary(candidate, format) },
    ];
  }
  // The candidate loads in a thread while this thread loads the baseline: two cores busy, and only
  // one summary pays for packing and unpacking.
  const pending = loadInWorker(workerScript, { file: candidate, format });
  pending.catch(() => undefined); // awaited below; a baseline error must not leave it unhandled
  const base: LoadedSummary = { path: baseline, summary: loadSummary(baseline, format) };
  return [base, await pending];
}

/** The body of a loading thread: load one file, reply with its packed summary or the error. */
export function runLoadWorker(): void {
  const { file, format } = workerData as LoadRequest;
  let reply: LoadReply;
  try {
    const packed = packSummary(loadSummary(file, format));
    parentPort?.postMessage({ ok: true, packed } satisfies LoadReply, transferables(packed));
    return;
  } catch (err) {
    reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
}
