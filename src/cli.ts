/**
 * Entry point of `dist/cli.js` (the `benchgate` bin). The same bundle also runs as the thread that
 * loads one large summary (see load/load.ts), so the CLI stays a single self-contained file.
 */
import { isMainThread } from 'node:worker_threads';

import { main } from './cli/run.js';
import { runLoadWorker } from './load/load.js';

if (isMainThread) {
  process.exitCode = await main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    workerScript: new URL(import.meta.url),
    debug: Boolean(process.env['BENCHGATE_DEBUG']),
  });
} else {
  runLoadWorker();
}
