/**
 * One trial of one side's suite, shared by the modes that run the suite (run, ab): run the command
 * (timeout, spend cap), find and normalize its summary, stamp where and how it ran, stage its files
 * for the artifact. A suite that fails or times out still gets what it wrote staged, stamped with its
 * exit code (the gate then holds on it).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

import { loadSummary } from '../../adapters/registry.js';
import { runMetrics } from '../../analysis/rlm/gates.js';
import { readEvent } from '../../github/context.js';
import { collectTrajectories } from '../../load/evidence.js';
import { untrusted } from '../../report/markdown/markdown.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { pyFixed } from '../../stats/format.js';
import { describeOutcome, LOG_FILE, NORMALIZED_FILE, ORIGINAL_DIR, trialFile } from '../artifact-layout.js';
import type { RunInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { stopCommands, stopToken } from '../log.js';
import type { UsageWatcher } from './budget.js';
import { findSummary, snapshotSummaries, type SummarySnapshot } from './find-summary.js';
import { commandFailed, type CommandOutcome, type Scalar, stampMetadata, withMetadata } from './metadata.js';
import type { prepareShard } from './shard-cases.js';
import { runSuiteCommand } from './suite-command.js';

/** How often the usage file is read while the suite runs. */
export const BUDGET_POLL_MS = 500;

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

/** A shard's environment and stamps (shard-cases.ts); empty for a whole suite. */
export type ShardPrep = ReturnType<typeof prepareShard>;
export const WHOLE: ShardPrep = { env: {}, stamps: {}, cases: null };

/** The spend cap of a job: one usage file and one running total over all its trials. */
export interface SpendCap {
  file: string;
  watcher: UsageWatcher;
  everyMs: number;
}

async function runCommand(
  io: ActionIo,
  inputs: RunInputs,
  cwd: string,
  staging: string,
  trial: number,
  shard: ShardPrep,
  cap: SpendCap | null,
): Promise<CommandOutcome> {
  // The suite's output is not ours: the runner acts on no workflow command in it (log.ts).
  const fence = stopCommands(stopToken());
  const of = inputs.trials > 1 ? ` (trial ${trial} of ${inputs.trials})` : '';
  io.startGroup(`benchgate: ${inputs.role} suite "${inputs.suite}"${of}: ${inputs.command.split('\n')[0]}`);
  io.write(`${fence.stop}\n`);
  let endsWithNewline = true;
  try {
    return await runSuiteCommand({
      command: inputs.command,
      cwd,
      env: {
        ...io.env,
        BENCHGATE_ROLE: inputs.role,
        BENCHGATE_SUITE: inputs.suite,
        BENCHGATE_TRIAL: String(trial),
        BENCHGATE_TRIALS: String(inputs.trials),
        ...shard.env,
        ...(cap ? { BENCHGATE_USAGE_FILE: cap.file } : {}),
      },
      timeoutMs: inputs.timeoutMinutes * 60_000,
      killGraceMs: io.killGraceMs,
      logFile: join(staging, trialFile(LOG_FILE, trial)),
      ...(cap ? { stopWhen: { everyMs: cap.everyMs, reason: () => cap.watcher.check() } } : {}),
      write: (chunk) => {
        io.write(chunk);
        if (chunk.length > 0) endsWithNewline = chunk[chunk.length - 1] === 0x0a;
      },
    });
  } finally {
    io.write(`${endsWithNewline ? '' : '\n'}${fence.resume}\n`);
    io.endGroup();
  }
}

export function runTable(inputs: RunInputs, summary: BenchmarkSummary | null, outcome: CommandOutcome, artifact: string): string {
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

export interface Trial {
  outcome: CommandOutcome;
  summary: BenchmarkSummary | null;
  problem: string | null;
  files: string[];
  /** The summary file the suite wrote. */
  source: string | null;
}

/** One run of the suite: the command, then its summary found, stamped and written to the staging folder. */
export async function runTrial(
  io: ActionIo,
  inputs: RunInputs,
  cwd: string,
  staging: string,
  t: number,
  shard: ShardPrep,
  cap: SpendCap | null,
  extraStamps: Record<string, Scalar> = {},
  /** What to log instead for a trial the spend cap stopped, when the caller does not upload it (mode ab drops its round). */
  capStopNote: string | null = null,
): Promise<Trial> {
  const of = inputs.shard ? ` (shard ${inputs.shard.index} of ${inputs.shard.total})` : '';
  const label = inputs.trials > 1 ? `${inputs.role} suite (trial ${t} of ${inputs.trials})` : `${inputs.role} suite${of}`;
  // Every file the pattern matches now was not written by this trial's command.
  // (A pattern too wide to list fails here and again below, where the failure is reported.)
  let before: SummarySnapshot = new Map();
  try {
    before = snapshotSummaries(inputs.summary, cwd);
  } catch {
    /* findSummary throws the same error after the command, inside the handler */
  }
  const outcome = await runCommand(io, inputs, cwd, staging, t, shard, cap);
  cap?.watcher.poll();
  if (capStopNote !== null && (outcome.stopped ?? null) !== null) io.warning(`benchgate: the ${label} ${describeOutcome(outcome)}; ${capStopNote}`);
  else if (commandFailed(outcome)) io.error(`benchgate: the ${label} ${describeOutcome(outcome)}; uploading what it wrote, marked as a failed run`);
  const files = [join(staging, trialFile(LOG_FILE, t))];
  try {
    const found = findSummary(inputs.summary, cwd, before);
    const older = found.matches.length - 1 - found.otherNew.length;
    const also = [
      ...(found.otherNew.length > 0 ? [`the newest of ${found.otherNew.length + 1} files this run wrote; also written: ${found.otherNew.join(', ')}`] : []),
      ...(older > 0
        ? [`${older} matching file${older === 1 ? ' was' : 's were'} already there before the command and ${older === 1 ? 'is' : 'are'} not this run's`]
        : []),
    ];
    io.info(`benchgate: summary ${relative(cwd, found.path) || found.path}${also.length > 0 ? ` (${also.join('; ')})` : ''}`);
    const dir = join(staging, t === 1 ? ORIGINAL_DIR : `${ORIGINAL_DIR}.trial-${t}`);
    const original = join(dir, basename(found.path));
    mkdirSync(dir, { recursive: true });
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
    const trialStamps: Record<string, Scalar> = inputs.trials > 1 ? { 'benchgate.trial': t, 'benchgate.trials': inputs.trials } : {};
    if (cap && inputs.budget)
      Object.assign(trialStamps, {
        'budget.unit': inputs.budget.unit,
        'budget.limit': inputs.budget.limit,
        'budget.spent': inputs.budget.unit === 'tokens' ? cap.watcher.spent.tokens : cap.watcher.spent.usd,
      });
    const stamped = withMetadata(loadSummary(original, inputs.load), { ...stamps, ...trialStamps, ...shard.stamps, ...extraStamps });
    const foreign = shard.cases === null ? 0 : stamped.summary.cases.filter((c) => !shard.cases?.has(c.id)).length;
    if (foreign > 0)
      io.warning(
        inputs.shard
          ? `benchgate: the summary has ${foreign} case${foreign === 1 ? '' : 's'} outside shard ${inputs.shard.index} of ${inputs.shard.total}; run only the cases in BENCHGATE_SHARD_CASES_FILE (the gate reports cases run by two shards)`
          : `benchgate: the summary has ${foreign} case${foreign === 1 ? '' : 's'} outside round ${inputs.round}'s list; the gate counts them as more trials of those cases, runs the design did not draw: run only the cases in BENCHGATE_CASES_FILE`,
      );
    if (stamped.replaced.length > 0) io.warning(`benchgate: the summary's own metadata ${stamped.replaced.join(', ')} replaced by this run's`);
    const normalized = join(staging, trialFile(NORMALIZED_FILE, t));
    writeFileSync(normalized, JSON.stringify(stamped.summary));
    files.unshift(normalized);
    // The first trial's rlm-code trajectories go beside its summary: the gate shows where regressed cases parted.
    if (t === 1) files.push(...trajectoriesOf(io, stamped.summary, found.path, staging));
    return { outcome, summary: stamped.summary, problem: null, files, source: found.path };
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    io.error(`benchgate: ${inputs.trials > 1 ? `trial ${t}: ` : ''}${problem}`);
    return { outcome, summary: null, problem, files, source: null };
  }
}

/** Copies the summary's trajectories into the staging folder (load/evidence.ts); a problem only warns. */
function trajectoriesOf(io: ActionIo, summary: BenchmarkSummary, source: string, staging: string): string[] {
  try {
    const { files, skipped } = collectTrajectories(summary.cases, source, staging);
    if (skipped > 0)
      io.info(`benchgate: ${skipped} trajectory file${skipped === 1 ? '' : 's'} not collected (not found beside the summary, or over the size cap)`);
    return files;
  } catch (err) {
    io.warning(`benchgate: trajectories not collected: ${(err as Error).message}`);
    return [];
  }
}
