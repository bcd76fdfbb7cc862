/**
 * Entry point of `dist/index.js`, which action.yml runs with the runner's `node`. It fills the
 * action's io from @actions/core and the artifact client; everything else is in main.ts. The same
 * bundle also runs as the thread that loads one large summary (see load/load.ts).
 */
import { tmpdir } from 'node:os';
import { isMainThread } from 'node:worker_threads';

import { runLoadWorker } from './load/load.js';

async function start(): Promise<number> {
  // Imported here, not at the top: @actions/* read their environment when loaded, and the loading
  // thread needs none of them.
  const core = await import('@actions/core');
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const { runAction } = await import('./action/main.js');
  const { createGitHubClient } = await import('./github/octokit.js');
  const { commandSafeLog } = await import('./action/log.js');
  const env = process.env;
  // Every log line goes through one filter: nothing benchgate logs can start a workflow command.
  const log = commandSafeLog(core);
  return runAction({
    getInput: (name) => core.getInput(name),
    env,
    tempDir: env['RUNNER_TEMP'] || tmpdir(),
    workspace: env['GITHUB_WORKSPACE'] || process.cwd(),
    ...log,
    write: (chunk) => void process.stdout.write(chunk),
    setOutput: (name, value) => core.setOutput(name, value),
    setSecret: (value) => core.setSecret(value),
    appendSummary: async (markdown) => {
      if (!env['GITHUB_STEP_SUMMARY']) return;
      await core.summary.addRaw(markdown, true).write();
      core.summary.emptyBuffer();
    },
    artifacts: new DefaultArtifactClient(),
    github: (token) => createGitHubClient(token, { baseUrl: env['GITHUB_API_URL'] || 'https://api.github.com', warn: (m) => log.warning(`benchgate: ${m}`) }),
    workerScript: new URL(import.meta.url),
    killGraceMs: 10_000,
  });
}

if (isMainThread) {
  process.exitCode = await start();
} else {
  runLoadWorker();
}
