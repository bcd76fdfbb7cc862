// Three projects (issue 19); `npm test` runs them all.
// - `unit`: in-process and self-contained, the fast loop (`npm run test:unit`): the source
//   as it is, no suite command, no HTTP double.
// - `integration`: still in-process on the source, but each test plays whole jobs: the action's
//   scenarios through runAction (the suites run as subprocesses, GitHub is the REST double and the
//   in-memory artifact client on loopback), the doubles' own conformance, and the property tests
//   that generate thousands of files or sign patterns (`npm run test:integration`).
// - `e2e`: the committed bundles (dist/) played as action.yml and the CLI run as a program, the
//   reusable workflows' scripts run in bash (`npm run test:e2e`).
// Each test sets up its own files, so none depends on another's order.
//
// Timeouts, chosen on purpose (issue 18): on a loaded machine (load ~4 on 2 cores) one subprocess
// test takes 10-30 s where it takes 2 s alone, and vitest's default 5 s failed 8-13 tests there. No
// test depends on finishing quickly; a timeout only stops a test that hangs, so it is generous,
// and the same for hooks (they start the HTTP doubles).
//
// The unit and integration projects run their files in worker threads that keep their modules between files (isolate:
// false): a file no longer pays for importing src/, @actions/github, zod and the REST double's
// OpenAPI description again (the import phase was ~40% of unit time with a fresh graph per file).
// That is safe because no unit test mocks a module, stubs a global or changes process.env, and src/
// keeps no state between calls but pure caches. A test that needs a module graph of its own (the
// real artifact client reads its environment at import) belongs in e2e.
import { defineConfig } from 'vitest/config';

// One pool of workers for the three projects (issue 44): the e2e files, which mostly wait on the
// processes they start (the suites, dist/index.js, bash, the artifact client's retries), run beside
// the unit and integration files instead of after them on one worker (vitest's default on 2 cores is
// cores - 1; e2e alone was ~300 s of a ~400 s run there). vitest queues a group's projects in name
// order and, within one, the longest files first (its results cache): e2e's files run 3 at a time,
// then integration's and unit's, each project's first files starting as the one before ends. Each e2e
// file has its own TMPDIR (helpers/e2e-tmpdir.ts), so none sees another's files.
const WORKERS = 3;
const timeouts = { testTimeout: 180_000, hookTimeout: 120_000, teardownTimeout: 60_000 };

export default defineConfig({
  test: {
    ...timeouts,
    // GitHub's workflow parser imports its JSON schemas without import attributes: let vite load it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['__tests__/unit/**/*.test.ts'], pool: 'threads', isolate: false, maxWorkers: WORKERS } },
      { extends: true, test: { name: 'integration', include: ['__tests__/integration/**/*.test.ts'], pool: 'threads', isolate: false, maxWorkers: WORKERS } },
      {
        extends: true,
        test: { name: 'e2e', include: ['__tests__/e2e/**/*.test.ts'], pool: 'forks', maxWorkers: WORKERS, setupFiles: ['__tests__/helpers/e2e-tmpdir.ts'] },
      },
    ],
  },
});
