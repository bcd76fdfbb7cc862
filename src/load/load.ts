/**
 * Loads the baseline and candidate summaries. Large pairs (by default over 16 MiB together) load at
 * the same time, straight into the packed form the comparison reads (see schema/pack.ts): the
 * candidate in a worker thread, which validates it fully and sends back its typed arrays, the
 * baseline in this thread (which also reads the candidate's bytes for the thread while it starts).
 * On a 2-core runner that nearly halves the time spent in JSON.parse, and no case objects are built
 * at all. Small pairs load one after the other, as full summaries, where a thread would cost more
 * than it saves.
 */
import { statSync } from 'node:fs';
import { readRegularFile } from '../fs-safe.js';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { loadPackedSummary, loadSummary, type LoadOptions } from '../adapters/registry.js';
import type { LoadedSummary } from '../analysis/model.js';
import { InputError, isUserError } from '../errors.js';
import { transferables, type PackedSummary } from '../schema/pack.js';
import { packedSummary } from '../schema/packed-summary.js';

/** Total input size from which the two files load in parallel; `BENCHGATE_PARALLEL_MIN_BYTES` overrides. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

interface LoadRequest {
  file: string;
  options: LoadOptions;
}

/** How each side's files are read (the same options for both, or one per side). */
export type PairOptions = LoadOptions | string | { baseline: LoadOptions; candidate: LoadOptions };
type LoadReply = { ok: true; packed: PackedSummary } | { ok: false; userError: boolean; message: string };

function parallelThreshold(): number {
  const raw = process.env['BENCHGATE_PARALLEL_MIN_BYTES'];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : PARALLEL_MIN_BYTES;
}

function totalSize(files: readonly string[]): number {
  try {
    // A FIFO or device has no size worth a thread; loading it in-process refuses it.
    return files.reduce((sum, f) => sum + (statSync(f).isFile() ? statSync(f).size : 0), 0);
  } catch {
    return 0; // a missing file: load in-process, which reports it properly
  }
}

/** A loading thread at work on one file. */
interface PendingLoad {
  result: Promise<PackedSummary>;
  /** Gives the thread the file's bytes, read here; null: the thread reads the file itself. */
  hand(content: Buffer | null): void;
  /** Stops the thread when its result is no longer wanted. */
  cancel(): void;
}

/** Starts loading `request` in a thread, which waits for {@link PendingLoad.hand}. */
function loadInWorker(script: URL, request: LoadRequest): PendingLoad {
  const worker = new Worker(script, { workerData: request });
  const result = new Promise<PackedSummary>((resolve, reject) => {
    worker.once('message', (reply: LoadReply) => {
      void worker.terminate();
      if (reply.ok) resolve(reply.packed);
      else reject(reply.userError ? new InputError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
    // After a reply this changes nothing; without one (the thread ran out of memory), it ends the wait.
    worker.once('exit', (code) => reject(new Error(`the loading thread for ${request.file} stopped (exit code ${code}) without a reply`)));
  });
  result.catch(() => undefined); // awaited by the caller, unless the other file failed first
  return {
    result,
    hand: (content) => {
      // A buffer of its own moves to the thread without a copy; one cut from Node's pool is copied.
      const own = content !== null && content.byteOffset === 0 && content.buffer.byteLength === content.length;
      worker.postMessage(content, own ? [content.buffer as ArrayBuffer] : []);
    },
    cancel: () => void worker.terminate(),
  };
}

/** The bytes of `file`, or null when it cannot be read (the loading thread then reports why). */
function readBytes(file: string): Buffer | null {
  try {
    return readRegularFile(file);
  } catch {
    return null;
  }
}

/**
 * Loads both summaries; `workerScript` is the module to run as the loading thread (the CLI bundle
 * itself), or null to always load in-process. Summaries of a large pair are backed by their packed
 * form: like any packed summary, their cases keep what the comparison reads and drop per-case text.
 */
export async function loadPair(baseline: string, candidate: string, options: PairOptions, workerScript: URL | null): Promise<[LoadedSummary, LoadedSummary]> {
  const [bOptions, cOptions] = typeof options === 'string' ? [{ format: options }, { format: options }] : 'baseline' in options ? [options.baseline, options.candidate] : [options, options];
  if (workerScript === null || totalSize([baseline, candidate]) < parallelThreshold()) {
    return [
      { path: baseline, summary: loadSummary(baseline, bOptions) },
      { path: candidate, summary: loadSummary(candidate, cOptions) },
    ];
  }
  // The candidate loads in a thread while this thread loads the baseline: two cores busy. The thread
  // takes tens of milliseconds to start, and ends last: reading its file here meanwhile evens out the work.
  const pending = loadInWorker(workerScript, { file: candidate, options: cOptions });
  let base: PackedSummary;
  try {
    pending.hand(readBytes(candidate));
    base = loadPackedSummary(baseline, bOptions);
  } catch (err) {
    pending.cancel();
    throw err;
  }
  const cand = await pending.result;
  return [
    { path: baseline, summary: packedSummary(base) },
    { path: candidate, summary: packedSummary(cand) },
  ];
}

/** The body of a loading thread: load one file, reply with its packed summary or the error. */
export function runLoadWorker(): void {
  const { file, options } = workerData as LoadRequest;
  parentPort?.once('message', (content: Uint8Array | null) => {
    let reply: LoadReply;
    try {
      const packed = loadPackedSummary(file, options, content ?? undefined);
      parentPort?.postMessage({ ok: true, packed } satisfies LoadReply, transferables(packed));
      return;
    } catch (err) {
      reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(reply);
  });
}
