/**
 * Loads the baseline and candidate summaries. Large pairs (by default over 16 MiB together) load at
 * the same time, straight into the packed form the comparison reads (see schema/pack.ts), each file
 * validated fully. rlm-code summaries are read by the streaming reader
 * (adapters/formats/rlm-code-stream.ts): the larger one in this thread, while the other loads in a
 * thread of its own, started first (the small dist/load-worker.js: no zod, no yaml, so it starts at
 * once), which sends back its typed arrays. Other formats, and files that reader leaves to the full
 * one (broken ones, to say exactly what is wrong), load in a thread running the whole bundle. No
 * case objects are built at all. Small pairs load one after the other,
 * as full summaries, where a thread would cost more than it saves.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker, workerData } from 'node:worker_threads';

import { streamable, streamPackRlmCode } from '../adapters/formats/rlm-code-stream.js';
import { type LoadOptions, loadPackedSummary, loadSummary } from '../adapters/registry.js';
import { EnvironmentError, InputError, isUserError } from '../errors.js';
import { loadedRows, type LoadedSummary, loadedWhole } from '../schema/loaded.js';
import { type CaseFields, NO_FIELDS, type PackedSummary, transferables } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { threadsAllowed } from '../stats/parallel.js';
import { attemptRows } from './attempts.js';

/** Total input size from which the two files load in parallel; `BENCHGATE_PARALLEL_MIN_BYTES` overrides. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;

export interface LoadRequest {
  file: string;
  options: LoadOptions;
}

/** How each side's files are read (the same options for both, or one per side). */
export type PairOptions = LoadOptions | string | { baseline: LoadOptions; candidate: LoadOptions };
export type LoadReply = { ok: true; packed: PackedSummary } | { ok: false; userError: boolean; message: string } | { fallback: true };

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

/** Whether a pair is large enough that its files load in threads (and its comparison is worth a helper thread). */
export function isLargePair(baseline: string, candidate: string): boolean {
  return totalSize([baseline, candidate]) >= parallelThreshold();
}

/** A loading thread at work on one file. */
interface PendingLoad {
  /** The packed summary; null: the small thread left the file to the full reader. */
  result: Promise<PackedSummary | null>;
  /** Stops the thread when its result is no longer wanted. */
  cancel(): void;
}

/** Starts loading `request` in a thread running `script`. */
function loadInWorker(script: URL, request: LoadRequest): PendingLoad {
  const worker = new Worker(script, { workerData: request });
  const result = new Promise<PackedSummary | null>((resolve, reject) => {
    worker.once('message', (reply: LoadReply) => {
      void worker.terminate();
      if ('fallback' in reply) resolve(null);
      else if (reply.ok) resolve(reply.packed);
      else reject(reply.userError ? new InputError(reply.message) : new Error(reply.message));
    });
    worker.once('error', reject);
    // After a reply this changes nothing; without one (the thread ran out of memory), it ends the wait.
    worker.once('exit', (code) =>
      reject(new EnvironmentError(`the loading thread for ${request.file} stopped (exit code ${code}) without a reply; was the machine out of memory?`)),
    );
  });
  result.catch(() => undefined); // awaited by the caller, unless the other file failed first
  return { result, cancel: () => void worker.terminate() };
}

/**
 * The small loading thread's module (dist/load-worker.js, beside the bundle): it starts in a few
 * milliseconds, reads rlm-code summaries with the streaming reader, and hands anything else back.
 * Null when it is not there (a bundle copied alone): the bundle itself then loads the file.
 */
function smallWorkerScript(workerScript: URL): URL | null {
  try {
    const url = new URL('./load-worker.js', workerScript);
    return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : null;
  } catch {
    return null;
  }
}

/** Loads one file in a thread: the small one first when it can read the file, else (or when it hands the file back) the full bundle. */
function loadFile(workerScript: URL, small: URL | null, request: LoadRequest): PendingLoad {
  if (small === null || !streamable(request.options)) return loadInWorker(workerScript, request);
  const first = loadInWorker(small, request);
  let full: PendingLoad | null = null;
  let cancelled = false;
  const result = first.result.then((packed) => {
    if (packed !== null || cancelled) return packed;
    full = loadInWorker(workerScript, request);
    return full.result;
  });
  result.catch(() => undefined);
  return {
    result,
    cancel: () => {
      cancelled = true;
      first.cancel();
      (full as PendingLoad | null)?.cancel();
    },
  };
}

/** Which file of a large pair this thread reads itself: the larger one the streaming reader reads, if any. */
function readHere(baseline: LoadRequest, candidate: LoadRequest): 'baseline' | 'candidate' | null {
  const size = (file: string): number => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  const b = streamable(baseline.options);
  const c = streamable(candidate.options);
  if (b && c) return size(baseline.file) >= size(candidate.file) ? 'baseline' : 'candidate';
  return b ? 'baseline' : c ? 'candidate' : null;
}

/**
 * Reads an rlm-code summary in this thread with the streaming reader, after the other file's thread
 * has been started (so both are read at once). A file it leaves to the full reader (a broken one, so
 * that it says exactly what is wrong) loads in a thread running the whole bundle.
 */
function loadHere(workerScript: URL, request: LoadRequest): PendingLoad {
  let full: PendingLoad | null = null;
  let result: Promise<PackedSummary | null>;
  try {
    const packed = streamPackRlmCode(request.file);
    if (packed === null) full = loadInWorker(workerScript, request);
    result = full === null ? Promise.resolve(packed) : full.result;
  } catch (err) {
    result = Promise.reject(err as Error);
  }
  result.catch(() => undefined); // awaited by the caller after the baseline
  return { result, cancel: () => full?.cancel() };
}

/**
 * Loads both summaries; `workerScript` is the module to run as the loading thread (the CLI bundle
 * itself), or null to always load in-process. Either way each run is in the one loaded form
 * (schema/loaded.ts): a large pair's rows are read straight into it, and keep what the comparison
 * reads but drop per-case text; a small pair is loaded whole and packed ({@link loadRun}).
 */
export async function loadPair(baseline: string, candidate: string, options: PairOptions, workerScript: URL | null): Promise<[LoadedSummary, LoadedSummary]> {
  const [bOptions, cOptions] =
    typeof options === 'string'
      ? [{ format: options }, { format: options }]
      : 'baseline' in options
        ? [options.baseline, options.candidate]
        : [options, options];
  if (workerScript === null || !isLargePair(baseline, candidate)) {
    return [loadRun(baseline, bOptions), loadRun(candidate, cOptions)];
  }
  if (!threadsAllowed()) {
    // BENCHGATE_THREADS=0 (stats/parallel.ts): the same packed forms, read one after the other here.
    return [loadedRows(baseline, readPacked({ file: baseline, options: bOptions })), loadedRows(candidate, readPacked({ file: candidate, options: cOptions }))];
  }
  const small = smallWorkerScript(workerScript);
  const requests = { baseline: { file: baseline, options: bOptions }, candidate: { file: candidate, options: cOptions } };
  const here = readHere(requests.baseline, requests.candidate);
  // One file (the larger rlm-code one) is read here while a thread reads the other: this thread
  // would only wait, and a file read here needs no thread started nor its columns sent over. The
  // thread starts first, as the read here holds this thread until it is done. Without an rlm-code
  // file, each file loads in a thread of its own, both started at once.
  let pendingBase: PendingLoad;
  let pendingCand: PendingLoad;
  if (here === 'baseline') {
    pendingCand = loadFile(workerScript, small, requests.candidate);
    pendingBase = loadHere(workerScript, requests.baseline);
  } else {
    pendingBase = loadFile(workerScript, small, requests.baseline);
    pendingCand = here === 'candidate' ? loadHere(workerScript, requests.candidate) : loadFile(workerScript, small, requests.candidate);
  }
  let base: PackedSummary;
  let cand: PackedSummary;
  try {
    // The baseline's error first, as when the files loaded one after the other.
    base = (await pendingBase.result) as PackedSummary;
    cand = (await pendingCand.result) as PackedSummary;
  } catch (err) {
    pendingBase.cancel();
    pendingCand.cancel();
    throw err;
  }
  return [loadedRows(baseline, base), loadedRows(candidate, cand)];
}

/**
 * One file loaded whole and put in the loaded form: its cases packed with the fields
 * `options.keep` names (load/kept-fields.ts, from the policy), and, for a format that merges a task's
 * attempts, each attempt packed as a run (load/attempts.ts). The case objects are dropped.
 */
export function loadRun(file: string, options: LoadOptions): LoadedSummary {
  return loadedOf(file, loadSummary(file, options), options.keep ?? NO_FIELDS);
}

/**
 * A whole summary in the loaded form (see {@link loadRun}): its cases packed with `fields`, and the
 * attempts of a format that merges them, each packed as a run. For a summary built whole in memory
 * (shards merged into one run).
 */
export function loadedOf(path: string, whole: BenchmarkSummary, fields: CaseFields): LoadedSummary {
  const attempts = attemptRows(whole, fields);
  const run = loadedWhole(path, whole, fields);
  return attempts === null ? run : { ...run, attempts };
}

/** One file's packed form, read on this thread: an rlm-code summary with the streaming reader when it can, else the full reader. */
function readPacked({ file, options }: LoadRequest): PackedSummary {
  return (streamable(options) ? streamPackRlmCode(file) : null) ?? loadPackedSummary(file, options);
}

/**
 * The body of a loading thread in the full bundle: load one file (an rlm-code summary with the
 * streaming reader when it can), reply with its packed summary or the error.
 */
export function runLoadWorker(): void {
  let reply: LoadReply;
  try {
    const packed = readPacked(workerData as LoadRequest);
    parentPort?.postMessage({ ok: true, packed } satisfies LoadReply, transferables(packed));
    return;
  } catch (err) {
    reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
}
