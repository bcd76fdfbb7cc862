// Runs the action program in this process (runAction with a recording ActionIo): the REST double
// behind a real @actions/github client (throttling and retries off, so nothing waits), an artifact
// client that accepts uploads, a scratch workspace. For scenarios that need no artifact download.
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ArtifactClient } from '@actions/artifact';
import * as github from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

import type { ActionIo } from '../../src/action/io.js';
import { runAction } from '../../src/action/main.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import { EVENT_PATH } from './action-jobs.js';

export interface InProcessRun {
  exitCode: number;
  /** Every line the action logged, prefixed `info:`, `warning:` or `error:`. */
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Uploads succeed (id 1); nothing was uploaded before. */
const acceptingArtifacts = {
  deleteArtifact: () => Promise.reject(Object.assign(new Error('not found'), { name: 'ArtifactNotFoundError' })),
  uploadArtifact: () => Promise.resolve({ id: 1, size: 10 }),
} as unknown as ArtifactClient;

/** A fresh workspace with the demo pair as baseline.json and candidate.json. */
export function demoWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-inproc-'));
  mkdirSync(join(dir, 'runner-temp'));
  const fixtures = join(import.meta.dirname, '..', 'fixtures', 'demo');
  for (const f of ['baseline.json', 'candidate.json']) copyFileSync(join(fixtures, f), join(dir, f));
  return dir;
}

/** `override` replaces parts of the io: the test seam through which a test injects a fault. */
export async function runInProcess(
  apiUrl: string,
  workspace: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
  override: Partial<ActionIo> = {},
  /** Instead of a client of the REST double at apiUrl (a hand-written fake). */
  client?: GitHubClient,
): Promise<InProcessRun> {
  const lines: string[] = [];
  const outputs: Record<string, string> = {};
  let summary = '';
  const io: ActionIo = {
    getInput: (name) => inputs[name] ?? '',
    env: {
      GITHUB_REPOSITORY: 'octo-org/benchgate',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: EVENT_PATH,
      GITHUB_SHA: '3'.repeat(40),
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '987654321',
      GITHUB_WORKFLOW_REF: 'octo-org/benchgate/.github/workflows/benchgate.yml@refs/pull/42/merge',
      ...env,
    },
    tempDir: join(workspace, 'runner-temp'),
    workspace,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    startGroup: () => {},
    endGroup: () => {},
    write: () => {},
    setOutput: (name, value) => void (outputs[name] = String(value)),
    appendSummary: async (markdown) => void (summary += markdown),
    artifacts: acceptingArtifacts,
    github: (token) =>
      client ??
      (github.getOctokit(token, { baseUrl: apiUrl, throttle: { enabled: false }, retry: { enabled: false } }, retry, throttling) as unknown as GitHubClient),
    workerScript: null,
    killGraceMs: 1000,
    ...override,
  };
  const exitCode = await runAction(io);
  return { exitCode, log: lines.join('\n'), outputs, summary };
}
