/**
 * `mode: ab`: interleaved rounds in one job. Both sides are checked out in their
 * own working trees (the base and head commits, actions/checkout with `path:`); each round runs one
 * trial of each side, in alternating order (roundOrder), and after every round the significant
 * policy is decided sequentially, with the same engine as `benchgate compare --sequential`
 * (analysis/significance/sequential.ts): the round's tests run at its nominal level of the design.
 * The loop stops at a decision, at `max-trials`, at the spend cap (`budget`, over both sides and
 * all rounds), or at a side that failed. Each trial is run, found, stamped and staged by the run
 * mode's own runTrial, so the two artifacts are exactly what two `mode: run` jobs with `trials`
 * would upload (`benchgate-<suite>-baseline`, `-candidate`, with a shard's suffix): the gate and
 * publish modes read them unchanged.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { type Comparison } from '../../analysis/compare.js';
import { AB_STAMPS } from '../../analysis/interleaved.js';
import type { LoadedSummary, RoundsHalt } from '../../analysis/model.js';
import { caseListText, type SettledRounds } from '../../analysis/noise/settled.js';
import { UsageError } from '../../errors.js';
import { readEvent } from '../../github/context.js';
import { keptFields } from '../../load/kept-fields.js';
import { loadNoiseProfiles, PROFILE_ON_BRANCH } from '../../load/noise-profile.js';
import { judge, type Judgement, type NoiseSource } from '../../pipeline/judge.js';
import { compareOptionsOf } from '../../policy/policy.js';
import { fitMarkdown } from '../../report/markdown/fit.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { renderMarkdown } from '../../report/markdown-report.js';
import { verdictLine } from '../../report/verdict.js';
import { loadedWhole } from '../../schema/loaded.js';
import { artifactName, describeOutcome, NORMALIZED_FILE, SHARD_CASES_FILE, trialFile, USAGE_FILE } from '../artifact-layout.js';
import { deliverArtifact } from '../handoff.js';
import { type AbInputs, type Role, ROLES, type RunInputs } from '../inputs/inputs.js';
import { type ActionIo, JOB_SUMMARY_MAX_BYTES } from '../io.js';
import { describeSpend, UsageWatcher } from '../suite/budget.js';
import { runInstall } from '../suite/install.js';
import { commandFailed } from '../suite/metadata.js';
import { prepareShard, readCaseList } from '../suite/shard-cases.js';
import { BUDGET_POLL_MS, type RunResult, runTrial, type ShardPrep, type SpendCap, type Trial, WHOLE } from '../suite/trial.js';
import { BASE_CHANGED_STAMP, BaseWatch, describeChange, refuseFork, sideEnvironment } from './isolation.js';
import { type AbStop, nextRoundFits, roundOrder, type RoundRow, roundsTable, stopLine } from './rounds.js';

/** The case list of a round after the first (BENCHGATE_CASES_FILE), in the staging folder; not uploaded: the gate settles the same cases from the same profile. */
const CASES_FILE = 'benchgate-cases.txt';

/** What the run mode logs for a trial the spend cap stopped: here the round it was in is dropped. */
const CAP_STOP_DROPS_ROUND = 'mode ab drops this round: it is not counted, and its summaries are not uploaded (its log is)';

/** One side's trial of one round. */
interface SideTrial {
  round: number;
  trial: Trial;
}

/** The run mode's view of one side: its command, tree and reading options; `trials` is the design's maximum. */
function sideInputs(inputs: AbInputs, role: Role): RunInputs {
  return {
    mode: 'run',
    suite: inputs.suite,
    role,
    command: inputs.sides[role].command,
    workingDirectory: inputs.sides[role].directory,
    timeoutMinutes: inputs.timeoutMinutes,
    summary: inputs.summary,
    format: inputs.format,
    load: inputs.load[role],
    fingerprint: inputs.fingerprint,
    retentionDays: inputs.retentionDays,
    allowCommandFailure: inputs.allowCommandFailure,
    trials: inputs.maxTrials,
    reuseBaseline: 'off',
    githubToken: '',
    budget: inputs.budget,
    pricing: inputs.pricing,
    shard: inputs.shard,
    cases: inputs.cases,
    // Installed once per side by abMode itself, in the side's own environment, not by each round.
    install: null,
    round: 1,
    roundCases: null,
    mainMaxAge: null,
    reuseWorkflow: null,
  };
}

/** When a settled case still runs, as the log says it. */
const settledWhen = (share: number): string =>
  share > 0 ? `each runs in ${Number((share * 100).toFixed(1))}% of the later rounds, drawn by case and round` : 'they ran in the first round only';

/**
 * The gates after `rounds` complete rounds, judged by the one pipeline (pipeline/judge.ts) at that
 * look's level, with the sequential decision: what the gate will say of these rounds' artifacts.
 * `halt`: why no round follows, when the design would go on. abInputs refuses any decide but
 * significant, so the policy's own is significant here.
 */
function judgeRounds(inputs: AbInputs, runs: Record<Role, LoadedSummary[]>, rounds: number, noise: NoiseSource | null, halt?: RoundsHalt): Judgement {
  return judge({
    runs,
    policy: inputs,
    design: { kind: 'sequential', round: rounds, max: inputs.maxTrials, ...(halt === undefined ? {} : { halt }) },
    noise,
  });
}

/**
 * The environment of round `r`'s trials: BENCHGATE_CASES_FILE, the cases the profile has not
 * settled, from round 2 on (round 1 runs every case; so does a suite that ignores the file).
 */
function casesEnv(prep: ShardPrep, settled: SettledRounds | null, file: string): ShardPrep {
  if (settled === null) return prep;
  writeFileSync(file, caseListText(settled.next));
  return { ...prep, env: { ...prep.env, BENCHGATE_CASES_FILE: file } };
}

function directory(io: ActionIo, name: 'baseline-directory' | 'candidate-directory', given: string): string {
  const dir = resolve(io.workspace, given);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(
      `input "${name}": ${given} is not a directory (resolved to ${dir}); check the side out there first (actions/checkout with path: ${given})`,
    );
  return dir;
}

/** A side's install (input `install`), in its tree and its own environment; a failure stops the job (install.ts). */
function install(io: ActionIo, inputs: AbInputs, role: Role, cwd: string, env: Record<string, string>, staging: string): Promise<void> {
  return runInstall(io, {
    command: inputs.install as string,
    cwd,
    env: { ...io.env, ...env },
    label: `the ${role}'s install`,
    where: inputs.sides[role].directory,
    timeoutMinutes: inputs.timeoutMinutes,
    staging,
  });
}

export async function abMode(io: ActionIo, inputs: AbInputs): Promise<RunResult> {
  refuseFork(readEvent(io.env));
  const cwd: Record<Role, string> = {
    baseline: directory(io, 'baseline-directory', inputs.sides.baseline.directory),
    candidate: directory(io, 'candidate-directory', inputs.sides.candidate.directory),
  };
  const side: Record<Role, RunInputs> = { baseline: sideInputs(inputs, 'baseline'), candidate: sideInputs(inputs, 'candidate') };
  const tag = randomBytes(4).toString('hex');
  const staging: Record<Role, string> = {
    baseline: join(io.tempDir, `benchgate-${inputs.suite}-baseline-${tag}`),
    candidate: join(io.tempDir, `benchgate-${inputs.suite}-candidate-${tag}`),
  };
  for (const dir of Object.values(staging)) mkdirSync(dir, { recursive: true });
  // Each side its own environment; the baseline's tree, environment and staged files watched from its install on (isolation.ts).
  const sideEnv: Record<Role, Record<string, string>> = {
    baseline: sideEnvironment(join(io.tempDir, `benchgate-${inputs.suite}-baseline-env-${tag}`), io.env['PATH'] ?? '', inputs.install !== null).env,
    candidate: sideEnvironment(join(io.tempDir, `benchgate-${inputs.suite}-candidate-env-${tag}`), io.env['PATH'] ?? '', inputs.install !== null).env,
  };
  if (inputs.install !== null) await install(io, inputs, 'baseline', cwd.baseline, sideEnv.baseline, staging.baseline);
  // The case list is the baseline tree's (the base commit's): both sides run the same part of it, and the messages name it there.
  const list =
    inputs.shard && inputs.cases !== null ? readCaseList(resolve(cwd.baseline, inputs.cases), join(inputs.sides.baseline.directory, inputs.cases)) : null;
  const prep = (role: Role): ShardPrep => {
    const p = inputs.shard ? prepareShard(inputs.shard, list, join(staging[role], SHARD_CASES_FILE)) : WHOLE;
    return { ...p, env: { ...sideEnv[role], ...p.env } };
  };
  const shard: Record<Role, ShardPrep> = { baseline: prep('baseline'), candidate: prep('candidate') };
  const watch = new BaseWatch(
    [cwd.baseline, join(io.tempDir, `benchgate-${inputs.suite}-baseline-env-${tag}`), staging.baseline],
    [inputs.sides.baseline.directory, "the baseline's environment", "the baseline's staged files"],
  );
  if (inputs.install !== null) await install(io, inputs, 'candidate', cwd.candidate, sideEnv.candidate, staging.candidate);
  let baseChanged: string[] = watch.check();
  const changedWhen = (r: number): string => (r === 1 ? "after the candidate's install" : `before round ${r}'s baseline run`);
  let changedAt = 1;
  if (inputs.shard)
    io.info(
      `benchgate: shard ${inputs.shard.index} of ${inputs.shard.total}${list ? `: ${shard.baseline.cases?.size ?? 0} of the ${list.length} listed cases, in BENCHGATE_SHARD_CASES_FILE` : ''}; both sides run it`,
    );

  const usageDir = join(io.tempDir, `benchgate-${inputs.suite}-usage-${tag}`);
  mkdirSync(usageDir, { recursive: true });
  const model = inputs.fingerprint['model'];
  const cap: SpendCap | null = inputs.budget
    ? {
        file: join(usageDir, USAGE_FILE),
        watcher: new UsageWatcher(join(usageDir, USAGE_FILE), inputs.budget, inputs.pricing, typeof model === 'string' ? model : null),
        everyMs: BUDGET_POLL_MS,
      }
    : null;
  const spent = (): number => (cap === null || inputs.budget === null ? 0 : inputs.budget.unit === 'tokens' ? cap.watcher.spent.tokens : cap.watcher.spent.usd);
  io.info(
    `benchgate: interleaved rounds of suite "${inputs.suite}": at most ${inputs.maxTrials} rounds, one trial of each side per round, decided after every round${inputs.budget ? `; spend cap ${describeSpend(inputs.budget.unit, inputs.budget.limit)} over both sides (BENCHGATE_USAGE_FILE)` : ''}`,
  );

  // The noise profile settles the cases deterministic on main after round 1 (analysis/noise/settled.ts).
  if (inputs.noiseProfile === PROFILE_ON_BRANCH)
    throw new UsageError(
      `input "noise-profile": mode ab reads the profile from a file; ${PROFILE_ON_BRANCH} is for the gate (compare, publish). Check the branch's <suite>.noise-profile.json out and give its path (gate.yml's interleaved job does)`,
    );
  const profiles = inputs.noiseProfile === null ? [] : loadNoiseProfiles(resolve(io.workspace, inputs.noiseProfile), 'input "noise-profile":');
  // Of a file of several fingerprints, the profile that fits round 1's runs (chosen once: the rounds keep their fingerprint).
  let noise: NoiseSource | null = inputs.noiseProfile === null ? null : { file: inputs.noiseProfile, profiles };
  let settled: SettledRounds | null = null;
  const done: Record<Role, SideTrial[]> = { baseline: [], candidate: [] };
  const uncounted: Record<Role, SideTrial[]> = { baseline: [], candidate: [] };
  const runs: Record<Role, LoadedSummary[]> = { baseline: [], candidate: [] };
  const keep = keptFields(compareOptionsOf(inputs));
  const rows: RoundRow[] = [];
  let last: Comparison | null = null;
  let complete = 0;
  let stop: AbStop = 'max-trials';
  for (let r = 1; r <= inputs.maxTrials && baseChanged.length === 0; r++) {
    if (inputs.budget && !nextRoundFits(spent(), complete, inputs.budget.limit)) {
      io.info(
        `benchgate: round ${r} not started: ${describeSpend(inputs.budget.unit, spent())} spent in ${complete} round${complete === 1 ? '' : 's'}, and one more would pass the cap of ${describeSpend(inputs.budget.unit, inputs.budget.limit)}`,
      );
      stop = 'budget';
      break;
    }
    const order = roundOrder(r);
    const row: RoundRow = { round: r, order, outcome: {}, look: null };
    rows.push(row);
    const got: Partial<Record<Role, Trial>> = {};
    for (const [i, role] of order.entries()) {
      if (role === 'baseline') {
        baseChanged = watch.check();
        changedAt = r;
        if (baseChanged.length > 0) break;
      }
      const trial = await runTrial(
        io,
        side[role],
        cwd[role],
        staging[role],
        r,
        casesEnv(shard[role], settled, join(staging[role], `${CASES_FILE}.round-${r}`)),
        cap,
        {
          [AB_STAMPS.round]: r,
          [AB_STAMPS.maxRounds]: inputs.maxTrials,
          [AB_STAMPS.position]: i + 1,
        },
        CAP_STOP_DROPS_ROUND,
      );
      if (role === 'baseline') watch.accept();
      got[role] = trial;
      row.outcome[role] = describeOutcome(trial.outcome);
      if (commandFailed(trial.outcome) || trial.problem !== null) break;
    }
    const trials = ROLES.map((role) => got[role]).filter((t): t is Trial => t !== undefined);
    if (baseChanged.length > 0) {
      // The round is not counted: its baseline never ran on the tree benchgate checked.
      stop = 'failed';
      break;
    }
    if (trials.some((t) => (t.outcome.stopped ?? null) !== null)) {
      // The cap stopped a trial mid-way: the round is incomplete, so it is not counted or uploaded as a trial (its logs are).
      for (const role of ROLES) if (got[role]) uncounted[role].push({ round: r, trial: got[role] as Trial });
      io.info(`benchgate: round ${r} was stopped by the spend cap; it is not counted (its logs are uploaded, its summaries are not)`);
      stop = 'budget';
      break;
    }
    for (const role of ROLES) if (got[role]) done[role].push({ round: r, trial: got[role] as Trial });
    if (trials.length < 2 || trials.some((t) => commandFailed(t.outcome) || t.problem !== null)) {
      stop = 'failed';
      break;
    }
    for (const role of ROLES)
      runs[role].push(
        loadedWhole(`${artifactName(inputs.suite, role, inputs.shard)} (trial ${r})`, (got[role] as Trial).summary as NonNullable<Trial['summary']>, keep),
      );
    complete = r;
    const judged = judgeRounds(inputs, runs, r, noise);
    last = judged.comparison;
    settled = judged.settled;
    if (r === 1 && noise !== null) {
      noise = { file: noise.file, choice: judged.choice };
      if (judged.choice?.unused) io.info(`benchgate: the noise profile ${noise.file} is not used: ${judged.choice.unused}; every case reruns`);
    }
    if (settled !== null && r < inputs.maxTrials)
      io.info(
        `benchgate: ${settled.settled.size} cases deterministic on main are settled (${settledWhen(settled.rule.share ?? 0)}); round ${r + 1} runs ${settled.next.length} (BENCHGATE_CASES_FILE)`,
      );
    const decision = last.sequential;
    if (decision === undefined) throw new UsageError('mode ab: the sequential decision needs the paired evidence of decide: significant');
    row.look = { verdict: last.verdict, decision };
    io.info(`${verdictLine(last)}`);
    if (decision.stop) {
      stop = decision.reason === 'decided' ? 'decided' : 'max-trials';
      break;
    }
  }

  // The last baseline run's files, as they were staged, up to the upload.
  if (baseChanged.length === 0) {
    baseChanged = watch.check();
    changedAt = inputs.maxTrials + 1;
    if (baseChanged.length > 0) stop = 'failed';
  }
  if (baseChanged.length > 0) stop = 'failed';
  if (baseChanged.length > 0)
    io.error(`benchgate: ${describeChange('baseline', baseChanged, changedAt > inputs.maxTrials ? 'after its last round' : changedWhen(changedAt))}`);
  // Every counted trial says why the rounds ended, so the gate, which sees only the artifacts, can say it too.
  for (const role of ROLES)
    for (const x of done[role]) {
      if (x.trial.summary === null) continue;
      x.trial.summary.metadata[AB_STAMPS.stop] = stop;
      if (baseChanged.length > 0) x.trial.summary.metadata[BASE_CHANGED_STAMP] = baseChanged.join(',');
      writeFileSync(join(staging[role], trialFile(NORMALIZED_FILE, x.round)), JSON.stringify(x.trial.summary));
    }
  // Rounds that ended before the design did are judged again at their last look with why (the gate does the same from the stamps).
  if (last?.sequential !== undefined && complete > 0 && (stop === 'budget' || stop === 'failed')) {
    last = judgeRounds(inputs, runs, complete, noise, stop).comparison;
    const row = [...rows].reverse().find((x) => x.look !== null);
    if (row?.look && last.sequential !== undefined) row.look = { verdict: last.verdict, decision: last.sequential };
  }

  // Upload: every counted trial's files (a failed trial too: the gate holds on it), the logs of an uncounted round, the case list, the usage file.
  const names: Record<Role, string> = {
    baseline: artifactName(inputs.suite, 'baseline', inputs.shard),
    candidate: artifactName(inputs.suite, 'candidate', inputs.shard),
  };
  for (const role of ROLES) {
    const usage = cap !== null && existsSync(cap.file) ? join(staging[role], USAGE_FILE) : null;
    if (usage !== null && cap !== null) copyFileSync(cap.file, usage);
    const files = [
      ...done[role].flatMap((x) => x.trial.files),
      ...uncounted[role].flatMap((x) => x.trial.files.filter((f) => f.endsWith('.log'))),
      ...(list ? [join(staging[role], SHARD_CASES_FILE)] : []),
      ...(usage === null ? [] : [usage]),
    ];
    if (files.length === 0) continue;
    await deliverArtifact(io, { name: names[role], files, rootDirectory: staging[role], retentionDays: inputs.retentionDays, setsOutputs: false });
  }

  const verdict = last?.verdict ?? null;
  io.setOutput('rounds', complete);
  io.setOutput('stop-reason', stop);
  io.setOutput('runs-saved', stop === 'decided' || stop === 'max-trials' ? 2 * (inputs.maxTrials - complete) : '');
  io.setOutput('verdict', verdict ?? '');
  const spend =
    inputs.budget && cap ? ` Spent ${describeSpend(inputs.budget.unit, spent())} of the cap of ${describeSpend(inputs.budget.unit, inputs.budget.limit)}.` : '';
  const head = `### benchgate: interleaved rounds of suite ${untrusted(inputs.suite)}${inputs.shard ? ` (shard ${inputs.shard.index} of ${inputs.shard.total})` : ''}\n\n${stopLine(stop, complete, inputs.maxTrials, verdict, inputs.shard !== null)}${spend}\n\n${roundsTable(rows)}\n\nArtifacts \`${names.baseline}\` and \`${names.candidate}\` hold the ${complete} counted round${complete === 1 ? '' : 's'}; the gate job (mode: compare, decide: significant) judges them${inputs.shard ? " with the other shards' rounds, merged at the fewest rounds any shard ran" : ''}.\n`;
  const report = last === null ? '' : `\n<details><summary>The report after round ${complete}</summary>\n\n${renderMarkdown(last)}\n</details>\n`;
  const fitted = fitMarkdown(
    head + report,
    { max: JOB_SUMMARY_MAX_BYTES, unit: 'bytes' },
    '> [!NOTE]\n> The report was cut to fit the job summary; the gate job renders it whole.',
  );
  await io.appendSummary(fitted.text);

  if (stop !== 'failed') return { failure: null, explained: false };
  if (baseChanged.length > 0)
    return {
      failure: `${describeChange('baseline', baseChanged, changedAt > inputs.maxTrials ? 'after its last round' : changedWhen(changedAt))}; the rounds stopped there, and the gate holds on it`,
      explained: false,
    };
  const problems = ROLES.flatMap((role) => done[role].filter((x) => x.trial.problem !== null).map((x) => `${role} trial ${x.round}: ${x.trial.problem}`));
  if (problems.length > 0) return { failure: `round ${complete + 1}: no usable summary: ${problems.join('; ')}`, explained: false };
  const failed = ROLES.flatMap((role) =>
    done[role].filter((x) => commandFailed(x.trial.outcome)).map((x) => `the ${role} suite (round ${x.round}) ${describeOutcome(x.trial.outcome)}`),
  );
  if (inputs.allowCommandFailure) return { failure: null, explained: false };
  return {
    failure: `${failed.join('; ')}; the rounds stopped there and what ran was uploaded, marked as failed (set allow-command-failure: true to let this step pass)`,
    explained: false,
  };
}
