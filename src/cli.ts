/**
 * Entry point of `dist/cli.js` (the `benchgate` bin). The same bundle also runs as the thread that
 * loads one large summary (see load/load.ts), so the CLI stays a single self-contained file.
 */
import { isMainThread } from 'node:worker_threads';

import { main } from './cli/run.js';
import { runLoadWorker } from './load/load.js';

/**
 * A writer to `stream` that a closed pipe cannot break: once the reader has gone
 * (`benchgate compare … | head -1`: EPIPE, or the stream destroyed after it), what is left is
 * dropped, and the exit status stays the verdict's. Any other write error is thrown as before.
 */
function pipeWriter(stream: NodeJS.WriteStream): (text: string | Uint8Array) => void {
  let closed = false;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (closed || err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') closed = true;
    else throw err;
  });
  return (text) => {
    if (!closed && !stream.destroyed) stream.write(text);
  };
}

if (isMainThread) {
  const stdout = pipeWriter(process.stdout);
  const stderr = pipeWriter(process.stderr);
  process.exitCode = await main(process.argv.slice(2), {
    stdout,
    stderr,
    workerScript: new URL(import.meta.url),
    debug: Boolean(process.env['BENCHGATE_DEBUG']),
  });
} else {
  runLoadWorker();
}
