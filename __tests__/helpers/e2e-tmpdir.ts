// Setup file of the e2e project (vitest.config.mjs): each test file gets a temporary folder of its own
// as TMPDIR, so the files can run side by side. Node's os.tmpdir() reads TMPDIR on every call
// (https://nodejs.org/api/os.html#ostmpdir), and every process a test starts inherits it. Without
// it, a file that plays a hostile suite (action-isolation.test.ts: it appends verdict=promote to
// every `$TMPDIR/benchgate-files-*/output` it can list) would write into the step files of another
// file running at the same time, here or in another checkout's run on the same machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll } from 'vitest';

// The machine's folder, kept the first time so that a worker running a second file does not nest them.
const base = (process.env['BENCHGATE_TEST_TMPDIR_BASE'] ??= tmpdir());
const own = mkdtempSync(join(base, 'benchgate-e2e-'));
process.env['TMPDIR'] = own;
afterAll(() => rmSync(own, { recursive: true, force: true }));
