/**
 * Entry point of `dist/load-worker.js`: the small loading thread for one large summary (see
 * load/load.ts). It reads an rlm-code summary with the streaming reader and sends back the packed
 * columns; any other file, and a file that reader leaves to the full one (a broken file, so that the
 * full reader says exactly what is wrong), it hands back, and a thread running the whole bundle loads
 * it. It imports neither zod nor yaml, so it starts in milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';

import { streamPackRlmCode } from '../adapters/formats/rlm-code-stream.js';
import { isUserError } from '../errors.js';
import { transferables } from '../schema/pack.js';
import type { LoadReply, LoadRequest } from './load.js';

const { file } = workerData as LoadRequest;
let reply: LoadReply;
try {
  const packed = streamPackRlmCode(file);
  reply = packed === null ? { fallback: true } : { ok: true, packed };
  parentPort?.postMessage(reply, packed === null ? [] : transferables(packed));
} catch (err) {
  reply = { ok: false, userError: isUserError(err), message: err instanceof Error ? err.message : String(err) };
  parentPort?.postMessage(reply);
}
