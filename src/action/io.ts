/**
 * Everything the action's modes need from the runner, as one parameter: index.ts fills it from
 * @actions/core and the real artifact client, tests from doubles. The modes never touch `process`.
 */
import type { ArtifactClient } from '@actions/artifact';

import type { GitHubClient } from '../github/octokit.js';

export interface ActionIo {
  getInput(name: string): string;
  env: Readonly<Record<string, string | undefined>>;
  /** Directory for staging files and downloads (RUNNER_TEMP on a runner). */
  tempDir: string;
  /** Base for relative paths (GITHUB_WORKSPACE on a runner). */
  workspace: string;
  info(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  startGroup(title: string): void;
  endGroup(): void;
  /** Raw output for the log (the suite's own output, streamed). */
  write(chunk: Buffer | string): void;
  setOutput(name: string, value: string | number | boolean): void;
  /** Appends markdown to the step's job summary. */
  appendSummary(markdown: string): Promise<void>;
  artifacts: ArtifactClient;
  /** A REST client for the token (GITHUB_API_URL, retry and throttling). */
  github(token: string): GitHubClient;
  /** The module to run as a loading thread for large summaries (the bundle itself), or null. */
  workerScript: URL | null;
  /** SIGTERM-to-SIGKILL grace for a timed-out suite. */
  killGraceMs: number;
  /** Masks a value in the log (core.setSecret); absent in tests. */
  setSecret?(value: string): void;
  /** In the suite's step (handoff.ts): uploads go to the deliver step instead of the artifact service. */
  handoff?: HandoffSink | undefined;
}

/** An artifact to upload: the files, relative to rootDirectory inside the artifact. */
export interface UploadSpec {
  name: string;
  files: string[];
  rootDirectory: string;
  retentionDays?: number | undefined;
  /** Set the outputs artifact-id and artifact-name from this upload (mode run). */
  setsOutputs: boolean;
}

/** Where the suite's step records what the deliver step uploads. */
export interface HandoffSink {
  upload(spec: UploadSpec): void;
}

/** GitHub's job summary limit is 1 MiB per step; leave room for what else the step appends. */
export const JOB_SUMMARY_MAX_BYTES = 1024 * 1024 - 16 * 1024;
