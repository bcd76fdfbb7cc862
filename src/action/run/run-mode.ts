/**
 * `mode: run`: run the suite, find and normalize its summary, stamp where and how it ran, and upload
 * it as the role's artifact. A suite that fails or times out still gets what it wrote uploaded,
 * stamped with its exit code (the gate then holds on it), and the step fails unless allowed.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';

import { loadSummary } from '../../adapters/registry.js';
import { runMetrics } from '../../analysis/rlm/gates.js';
import { UsageError } from '../../errors.js';
import { readEvent } from '../../github/context.js';
import { collectTrajectories } from '../../load/evidence.js';
import { untrusted } from '../../report/markdown/markdown.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { pyFixed } from '../../stats/format.js';
import { artifactName, describeOutcome } from '../artifact-layout.js';
import { deliverArtifact } from '../handoff.js';
import type { RunInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { stopCommands, stopToken } from '../log.js';
import { describeSpend, UsageWatcher } from './budget.js';
import { findSummary, snapshotSummaries, type SummarySnapshot } from './find-summary.js';
import { runInstall } from './install.js';
import { commandFailed, type CommandOutcome, type Scalar, stampMetadata, withMetadata } from './metadata.js';
import { reuseBaseline } from './reuse.js';
import { prepareShard, readCaseList } from './shard-cases.js';
import { runSuiteCommand } from './suite-command.js';

export const NORMALIZED_FILE = 'summary.json';
export const LOG_FILE = 'command.log';
export const ORIGINAL_DIR = 'original';
export const SHARD_CASES_FILE = 'shard-cases.txt';
export const USAGE_FILE = 'usage.jsonl';
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

/** Where trial `t` (1-based) keeps its files in the artifact: trial 1 as before, later ones numbered. */
export function trialFile(name: string, t: number): string {
  if (t === 1) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.trial-${t}${name.slice(dot)}`;
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
        `benchgate: the summary has ${foreign} case${foreign === 1 ? '' : 's'} outside shard ${inputs.shard?.index} of ${inputs.shard?.total}; run only the cases in BENCHGATE_SHARD_CASES_FILE (the gate reports cases run by two shards)`,
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

/** Uploads a reused baseline as this run's artifact; the suite does not run. */
async function uploadReused(io: ActionIo, inputs: RunInputs, staging: string, name: string, summary: BenchmarkSummary, note: string): Promise<RunResult> {
  io.info(`benchgate: ${note}; the suite does not run`);
  const files = readdirSync(staging, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
  await deliverArtifact(io, { name, files, rootDirectory: staging, retentionDays: inputs.retentionDays, setsOutputs: true });
  io.setOutput('reused-run-id', String(summary.metadata['reuse.run_id'] ?? ''));
  io.setOutput('summary-path', join(staging, NORMALIZED_FILE));
  io.setOutput('cases', summary.reported.total_cases);
  const m = runMetrics(summary);
  io.setOutput('completion-rate', m.completion_rate);
  io.setOutput('avg-reward', m.avg_reward);
  const r = summary.metadata;
  const url = typeof r['reuse.run_url'] === 'string' && /^https:\/\/[^\s()<>]+$/.test(r['reuse.run_url']) ? r['reuse.run_url'] : null;
  const run = url === null ? `workflow run ${String(r['reuse.run_id'])}` : `[workflow run ${String(r['reuse.run_id'])}](${url})`;
  const age = typeof r['reuse.age_hours'] === 'number' ? `, ${r['reuse.age_hours']} hours old` : '';
  await io.appendSummary(
    `### benchgate: ${inputs.role} reused\n\nThe suite did not run: benchgate reused the baseline of base commit \`${String(r['reuse.commit']).slice(0, 7)}\` from ${run}${age}.\n`,
  );
  return { failure: null, explained: false };
}

/**
 * What of the run mode to do: `all` (one process), `reuse` (action.yml's prepare step, which holds
 * the token: only the reuse-baseline attempt; `suitePending` says whether the suite still runs) or
 * `suite` (the suite's step, which holds no token: the suite, never a reuse).
 */
export type RunPart = 'all' | 'reuse' | 'suite';

export async function runMode(io: ActionIo, inputs: RunInputs, part: RunPart = 'all'): Promise<RunResult & { suitePending?: boolean }> {
  const cwd = resolve(io.workspace, inputs.workingDirectory);
  if (!existsSync(cwd) || !statSync(cwd).isDirectory()) {
    throw new UsageError(`input "working-directory": ${inputs.workingDirectory} is not a directory (resolved to ${cwd})`);
  }
  if (part === 'reuse' && inputs.reuseBaseline === 'off') return { failure: null, explained: false, suitePending: true };
  const name = artifactName(inputs.suite, inputs.role, inputs.shard);
  const staging = join(io.tempDir, `benchgate-${inputs.suite}-${inputs.role}-${randomBytes(4).toString('hex')}`);
  mkdirSync(staging, { recursive: true });

  if (inputs.reuseBaseline !== 'off' && part !== 'suite') {
    const reuse = await reuseBaseline(io, inputs, staging, inputs.githubToken);
    if (reuse.summary !== null) return uploadReused(io, inputs, staging, name, reuse.summary, reuse.note);
    if (inputs.reuseBaseline === 'require') return { failure: `reuse-baseline: require, and no baseline to reuse: ${reuse.why}`, explained: false };
    io.info(`benchgate: no baseline to reuse (${reuse.why}); running the suite${part === 'reuse' ? ' in the next step' : ''}`);
    if (part === 'reuse') return { failure: null, explained: false, suitePending: true };
  }
  io.setOutput('reused-run-id', '');
  // Inside the suite's step, as the suite runs: no token, no runner file (action.yml; handoff.ts), so
  // the PR code an install runs (setup.py, npm lifecycle scripts) reaches no later step either.
  if (inputs.install !== null)
    await runInstall(io, {
      command: inputs.install,
      cwd,
      env: { ...io.env, BENCHGATE_ROLE: inputs.role, BENCHGATE_SUITE: inputs.suite },
      label: `the ${inputs.role}'s install`,
      where: inputs.workingDirectory,
      timeoutMinutes: inputs.timeoutMinutes,
      staging,
    });
  // After the install, which may write the case list (examples/workflows/benchgate-shards.yml).
  const list = inputs.shard && inputs.cases !== null ? readCaseList(resolve(cwd, inputs.cases), inputs.cases) : null;
  const shard = inputs.shard ? prepareShard(inputs.shard, list, join(staging, SHARD_CASES_FILE)) : WHOLE;
  if (inputs.shard)
    io.info(
      `benchgate: shard ${inputs.shard.index} of ${inputs.shard.total}${list ? `: ${shard.cases?.size ?? 0} of the ${list.length} listed cases, in BENCHGATE_SHARD_CASES_FILE` : ''}`,
    );
  const model = inputs.fingerprint['model'];
  const cap = inputs.budget
    ? {
        file: join(staging, USAGE_FILE),
        watcher: new UsageWatcher(join(staging, USAGE_FILE), inputs.budget, inputs.pricing, typeof model === 'string' ? model : null),
        everyMs: BUDGET_POLL_MS,
      }
    : null;
  if (inputs.budget)
    io.info(`benchgate: spend cap ${describeSpend(inputs.budget.unit, inputs.budget.limit)}; the suite reports its spend in BENCHGATE_USAGE_FILE`);
  const trials: Trial[] = [];
  for (let t = 1; t <= inputs.trials; t++) {
    trials.push(await runTrial(io, inputs, cwd, staging, t, shard, cap));
    if (trials.at(-1)?.outcome.stopped) break; // the cap covers all trials: no more runs once it is reached
  }
  const first = trials[0] as Trial;
  // The outputs describe the first trial (the one a single-run workflow has); the artifact holds all.
  io.setOutput('command-exit-code', first.outcome.exitCode ?? '');
  io.setOutput(
    'timed-out',
    trials.some((x) => x.outcome.timedOut),
  );
  io.setOutput('trials', inputs.trials);
  if (first.summary !== null) {
    io.setOutput('summary-path', join(staging, NORMALIZED_FILE));
    io.setOutput('source-path', first.source ?? '');
    io.setOutput('cases', first.summary.reported.total_cases);
    const m = runMetrics(first.summary);
    io.setOutput('completion-rate', m.completion_rate);
    io.setOutput('avg-reward', m.avg_reward);
  }

  const files = [...trials.flatMap((x) => x.files), ...(list ? [join(staging, SHARD_CASES_FILE)] : []), ...(cap && existsSync(cap.file) ? [cap.file] : [])];
  await deliverArtifact(io, { name, files, rootDirectory: staging, retentionDays: inputs.retentionDays, setsOutputs: true });
  const tables = trials.map((x, i) => (inputs.trials > 1 ? `Trial ${i + 1} of ${inputs.trials}\n\n` : '') + runTable(inputs, x.summary, x.outcome, name));
  await io.appendSummary(`### benchgate: ${inputs.role} run\n\n${tables.join('\n\n')}\n`);

  const problems = trials
    .map((x, i) => (x.problem === null ? null : inputs.trials > 1 ? `trial ${i + 1}: ${x.problem}` : x.problem))
    .filter((x): x is string => x !== null);
  if (problems.length > 0) return { failure: `no usable ${inputs.role} summary: ${problems.join('; ')}`, explained: false };
  const failed = trials.findIndex((x) => commandFailed(x.outcome));
  if (failed >= 0 && !inputs.allowCommandFailure) {
    const which = inputs.trials > 1 ? ` (trial ${failed + 1} of ${inputs.trials})` : '';
    return {
      failure: `the ${inputs.role} suite${which} ${describeOutcome((trials[failed] as Trial).outcome)}; its summary was uploaded marked as failed (set allow-command-failure: true to let this step pass)`,
      explained: false,
    };
  }
  return { failure: null, explained: false };
}
