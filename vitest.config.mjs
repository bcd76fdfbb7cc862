// Test timeouts, chosen on purpose (issue 18). A third of the suite runs the committed bundle in
// child processes (the composite player, the CLI bundle, worker threads), and on a loaded machine
// (load ~4 on 2 cores) one such test takes 10-30 s where it takes 2 s alone: vitest's default 5 s
// failed 8-13 tests there. No test depends on finishing quickly; a timeout only stops a test that
// hangs, so it is generous, and the same for hooks (they start the HTTP doubles).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
