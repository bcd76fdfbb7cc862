/**
 * `mode: run`: run the suite, find and normalize its summary, stamp where and how it ran, and upload
 * it as the role's artifact. A suite that fails or times out still gets what it wrote uploaded,
 * stamped with its exit code (the gate then holds on it), and the step fails unless allowed.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { loadSummary } from '../adapters/index.js';
import { runMetrics } from '../analysis/gates.js';
import { UsageError } from '../errors.js';
import { pyFixed } from '../report/format.js';
import { untrusted } from '../report/markdown.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { uploadSummaryArtifact } from '../github/artifacts.js';
import { findSummary } from './find-summary.js';
import type { RunInputs } from './inputs.js';
import type { ActionIo } from './io.js';
import { commandFailed, stampMetadata, withMetadata, type CommandOutcome } from './metadata.js';
import { runSuiteCommand } from './suite-command.js';
import { artifactName, describeOutcome, readEvent } from './shared.js';

export const NORMALIZED_FILE = 'summary.json';
export const LOG_FILE = 'command.log';
export const ORIGINAL_DIR = 'original';

export interface RunResult {
  /** The step fails; the message says why. Null when it passes. */
  failure: string | null;
  /** True when the job summary already says why. */
  explained: boolean;
}

function gitCommit(cwd: string): string | null {
  const out = spawnSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8' });
  return out.status === 0 && /^[0-9a-f]{40,64}\s*$/.test(out.stdout) ? out.stdout.trim() : null;
}

async function runCommand(io: ActionIo, inputs: RunInputs, cwd: string, staging: string): Promise<CommandOutcome> {
  const token = randomBytes(16).toString('hex');
  io.startGroup(`benchgate: ${inputs.role} suite "${inputs.suite}": ${inputs.command.split('\n')[0]}`);
  io.info(`::stop-commands::${token}`);
  let endsWithNewline = true;
  try {
    return await runSuiteCommand({
      command: inputs.command,
      cwd,
      env: { ...io.env, BENCHGATE_ROLE: inputs.role, BENCHGATE_SUITE: inputs.suite },
      timeoutMs: inputs.timeoutMinutes * 60_000,
      killGraceMs: io.killGraceMs,
      logFile: join(staging, 'command.log'),
      write: (chunk) => {
        io.write(chunk);
        if (chunk.length > 0) endsWithNewline = chunk[chunk.length - 1] === 0x0a;
      },
    });
  } finally {
    io.info(`${endsWithNewline ? '' : '\n'}::${token}::`);
    io.endGroup();
  }
}

function runTable(inputs: RunInputs, summary: BenchmarkSummary | null, outcome: CommandOutcome, artifact: string): string {
  const rows: [string, string][] = [
    ['Suite', untrusted(inputs.suite, { inTable: true })],
    ['Role', inputs.role],
    ['Command', `${describeOutcome(outcome)}`],
    ['Artifact', untrusted(artifact, { inTable: true })],
  ];
  if (summary !== null) {
    const m = runMetrics(summary);
    rows.push(['Summary', untrusted(summary.id, { inTable: true })], ['Cases', String(summary.reported.total_cases)]);
    rows.push(['Completion rate', `${pyFixed(m.completion_rate * 100, 1)}%`], ['Avg reward', pyFixed(m.avg_reward, 4)]);
  }
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
}

export async function runMode(io: ActionIo, inputs: RunInputs): Promise<RunResult> {
  const cwd = resolve(io.workspace, inputs.workingDirectory);
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    throw new UsageError(`input "working-directory": ${inputs.workingDirectory} is not a directory (resolved to ${cwd})`);
  }
  const name = artifactName(inputs.suite, inputs.role);
  const staging = join(io.tempDir, `benchgate-${inputs.suite}-${inputs.role}-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true });

  const startedAt = Date.now();
  const outcome = await runCommand(io, inputs, cwd, staging);
  const failed = commandFailed(outcome);
  if (failed) io.error(`benchgate: the ${inputs.role} suite ${describeOutcome(outcome)}; uploading what it wrote, marked as a failed run`);
  io.setOutput('command-exit-code', outcome.exitCode ?? '');
  io.setOutput('timed-out', outcome.timedOut);

  const files = [join(staging, LOG_FILE)];
  let summary: BenchmarkSummary | null = null;
  let problem: string | null = null;
  try {
    const found = findSummary(inputs.summary, cwd, startedAt);
    const others = found.matches.length - 1;
    io.info(`benchgate: summary ${relative(cwd, found.path) || found.path}${others > 0 ? ` (the newest of ${found.matches.length} matching files)` : ''}`);
    const original = join(staging, ORIGINAL_DIR, basename(found.path));
    mkdirSync(join(staging, ORIGINAL_DIR), { recursive: true });
    copyFileSync(found.path, original);
    files.push(original);
    const stamps = stampMetadata({
      env: io.env,
      event: readEvent(io.env),
      role: inputs.role,
      suite: inputs.suite,
      outcome,
      gitCommit: gitCommit(cwd),
      sourceFile: relative(cwd, found.path) || basename(found.path),
      sourceSha256: createHash('sha256').update(readFileSync(original)).digest('hex'),
      fingerprint: inputs.fingerprint,
    });
    const stamped = withMetadata(loadSummary(original, inputs.format), stamps);
    if (stamped.replaced.length > 0) io.warning(`benchgate: the summary's own metadata ${stamped.replaced.join(', ')} replaced by this run's`);
    summary = stamped.summary;
    const normalized = join(staging, NORMALIZED_FILE);
    writeFileSync(normalized, JSON.stringify(summary));
    files.unshift(normalized);
    io.setOutput('summary-path', normalized);
    io.setOutput('source-path', found.path);
    io.setOutput('cases', summary.reported.total_cases);
    const m = runMetrics(summary);
    io.setOutput('completion-rate', m.completion_rate);
    io.setOutput('avg-reward', m.avg_reward);
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
    io.error(`benchgate: ${problem}`);
  }

  const uploaded = await uploadSummaryArtifact(io.artifacts, { name, files, rootDirectory: staging, retentionDays: inputs.retentionDays, overwrite: true });
  if (uploaded.replaced !== null) io.info(`benchgate: replaced artifact ${name} (id ${uploaded.replaced}) from an earlier attempt of this job`);
  io.info(`benchgate: uploaded artifact ${name} (id ${uploaded.id}, ${uploaded.size} bytes): ${files.map((f) => relative(staging, f)).join(', ')}`);
  io.setOutput('artifact-id', uploaded.id);
  io.setOutput('artifact-name', name);
  await io.appendSummary(`### benchgate: ${inputs.role} run\n\n${runTable(inputs, summary, outcome, name)}\n`);

  if (problem !== null) return { failure: `no usable ${inputs.role} summary: ${problem}`, explained: false };
  if (failed && !inputs.allowCommandFailure) {
    return { failure: `the ${inputs.role} suite ${describeOutcome(outcome)}; its summary was uploaded marked as failed (set allow-command-failure: true to let this step pass)`, explained: false };
  }
  return { failure: null, explained: false };
}
