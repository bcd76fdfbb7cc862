/**
 * `mode: run`: run the suite, find and normalize its summary, stamp where and how it ran, and upload
 * it as the role's artifact. A suite that fails or times out still gets what it wrote uploaded,
 * stamped with its exit code (the gate then holds on it), and the step fails unless allowed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { runMetrics } from '../../analysis/rlm/gates.js';
import { UsageError } from '../../errors.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { artifactName, describeOutcome, NORMALIZED_FILE, ROUND_CASES_FILE, roundArtifactName, SHARD_CASES_FILE, USAGE_FILE } from '../artifact-layout.js';
import { deliverArtifact } from '../handoff.js';
import type { RunInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { describeSpend, UsageWatcher } from '../suite/budget.js';
import { runInstall } from '../suite/install.js';
import { commandFailed } from '../suite/metadata.js';
import { prepareRound, prepareShard, readCaseList } from '../suite/shard-cases.js';
import { BUDGET_POLL_MS, type RunResult, runTable, runTrial, type Trial, WHOLE } from '../suite/trial.js';
import { reuseBaseline } from './reuse.js';

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
  const name = inputs.round > 1 ? roundArtifactName(inputs.suite, inputs.round) : artifactName(inputs.suite, inputs.role, inputs.shard);
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
  // A later round's list is read before the install: the PR's code it runs never sees it unread.
  const roundList = inputs.roundCases === null ? null : readCaseList(resolve(io.workspace, inputs.roundCases), inputs.roundCases, 'round-cases');
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
  const shard = inputs.shard
    ? prepareShard(inputs.shard, list, join(staging, SHARD_CASES_FILE))
    : roundList !== null
      ? prepareRound(inputs.round, roundList, join(staging, ROUND_CASES_FILE))
      : WHOLE;
  if (roundList !== null) io.info(`benchgate: round ${inputs.round} of the candidate: ${roundList.length} cases, in BENCHGATE_CASES_FILE`);
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

  const files = [
    ...trials.flatMap((x) => x.files),
    ...(list ? [join(staging, SHARD_CASES_FILE)] : []),
    ...(roundList ? [join(staging, ROUND_CASES_FILE)] : []),
    ...(cap && existsSync(cap.file) ? [cap.file] : []),
  ];
  await deliverArtifact(io, { name, files, rootDirectory: staging, retentionDays: inputs.retentionDays, setsOutputs: true });
  const tables = trials.map((x, i) => (inputs.trials > 1 ? `Trial ${i + 1} of ${inputs.trials}\n\n` : '') + runTable(inputs, x.summary, x.outcome, name));
  await io.appendSummary(`### benchgate: ${inputs.role}${inputs.round > 1 ? ` round ${inputs.round}` : ''} run\n\n${tables.join('\n\n')}\n`);

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
