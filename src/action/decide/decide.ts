/**
 * The gate's decision, shared by the modes that judge artifacts (compare, publish): load both sides
 * (one run, repeated trials, shards, rounds), judge them with the one pipeline (pipeline/judge.ts),
 * write the reports and the job summary, set the outputs. Publishing is the caller's. Artifact
 * contents are untrusted input: they are read as benchgate summaries only, strictly, size-capped, and
 * nothing in them is ever executed.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, lstatSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import type { LoadOptions } from '../../adapters/registry.js';
import type { AcceptanceEvent } from '../../analysis/acceptance/model.js';
import type { Comparison } from '../../analysis/compare.js';
import type { FindingDraft } from '../../analysis/integrity/findings.js';
import type { ShardTrials } from '../../analysis/interleaved.js';
import { DEFAULT_MAIN_DESIGN } from '../../analysis/main-design.js';
import type { LoadedSummary, NoiseProfile, ShardRounds } from '../../analysis/model.js';
import { parseNoiseProfiles } from '../../analysis/noise/profile-file.js';
import { InputError, UsageError } from '../../errors.js';
import { kindOf, shownPath, writeAll } from '../../fs-safe.js';
import { forkOf, pullRequestOf, readEvent, runUrl } from '../../github/context.js';
import { readFileAt } from '../../github/file-at.js';
import { messageOf } from '../../github/octokit.js';
import { type BudgetState, chargeAcceptances } from '../../history/budget.js';
import { keptFields } from '../../load/kept-fields.js';
import { loadPair, loadRun } from '../../load/load.js';
import { loadNoiseProfiles, MAX_PROFILE_BYTES, noiseProfilePath, PROFILE_ON_BRANCH } from '../../load/noise-profile.js';
import { type Design, judge, type Judgement, type RunProblem } from '../../pipeline/judge.js';
import { compareOptionsOf } from '../../policy/policy.js';
import { renderCsv } from '../../report/csv-report.js';
import { renderEvidenceHtml } from '../../report/evidence-html.js';
import { renderBudget } from '../../report/history-report.js';
import { renderJsonChunks } from '../../report/json-report.js';
import { fitMarkdown } from '../../report/markdown/fit.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { renderMarkdown } from '../../report/markdown-report.js';
import { runProblemsOf, verdictLine, verdictText } from '../../report/verdict.js';
import { type CaseFields } from '../../schema/pack.js';
import { artifactName, BUDGET_JSON, EVIDENCE_HTML, REPORT_FILES } from '../artifact-layout.js';
import type { DesignName } from '../inputs/declaration-gate.js';
import type { GateInputs, PublishInputs, Role } from '../inputs/inputs.js';
import { type ActionIo, JOB_SUMMARY_MAX_BYTES } from '../io.js';
import { type PublishTarget } from './publisher.js';
import { type BudgetContext, budgetDrafts, gateBudget } from './regression-budget.js';
import { areRounds, loadShards, mergedRole, mergedRounds, sourceLabel } from './role-files.js';

/** Artifacts hold benchgate's own summaries, whatever the suite wrote. */
export const BENCHGATE_FILES = { baseline: { format: 'benchgate' }, candidate: { format: 'benchgate' } };

export interface CompareResult {
  failure: string | null;
  /** True when the job summary already says why the step fails (a hold: the report's first line). */
  explained: boolean;
  comparison: Comparison | null;
}

/** Jobs the gate `needs` that did not succeed: the gate holds on them whatever the summaries say. */
export function failedJobs(needs: Map<string, string> | null): RunProblem[] {
  if (needs === null) return [];
  return [...needs]
    .filter(([, result]) => result !== 'success')
    .map(([job, result]) => ({
      code: 'suite-job-failed',
      message: `job ${untrusted(job, { maxLength: 100 })} ended with ${untrusted(result, { maxLength: 40 })}`,
    }));
}

function reportDir(io: ActionIo, inputs: { suite: string; reportDir: string | null }): string {
  const dir =
    inputs.reportDir === null
      ? join(io.tempDir, `benchgate-${inputs.suite}-report-${randomBytes(4).toString('hex')}`)
      : resolve(io.workspace, inputs.reportDir);
  const existing = statSync(dir, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isDirectory())
    throw new UsageError(`input "report-dir": ${dir} is ${kindOf(existing)}, expected a directory (or a path to create one)`);
  const taken = Object.values(REPORT_FILES).filter((f) => lstatSync(join(dir, f), { throwIfNoEntry: false }) !== undefined);
  if (taken.length > 0)
    throw new UsageError(`input "report-dir": ${dir} already holds ${taken.join(', ')}; refusing to overwrite them (give an empty directory)`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new UsageError(
      `input "report-dir": cannot create ${dir} (${(err as { code?: string }).code === 'ENOTDIR' || (err as { code?: string }).code === 'EEXIST' ? 'it, or a directory above it, is a file' : (err as Error).message})`,
    );
  }
  return dir;
}

function setOutputs(io: ActionIo, cmp: Comparison, files: Record<keyof typeof REPORT_FILES, string>): void {
  io.setOutput('verdict', cmp.verdict);
  io.setOutput('passed', cmp.verdict === 'promote');
  io.setOutput('reward-delta', cmp.rlm.deltas.avg_reward);
  io.setOutput('completion-delta', cmp.rlm.deltas.completion_rate);
  io.setOutput('steps-increase', cmp.rlm.deltas.avg_steps_increase);
  io.setOutput('regressions', cmp.rlm.case_summary.completion_regressions);
  io.setOutput('findings', cmp.findings.length);
  io.setOutput('report-markdown', files.markdown);
  io.setOutput('report-json', files.json);
  io.setOutput('report-csv', files.csv);
}

/** The summary files of each side (several: repeated trials) and how to read them. */
export interface SummaryFiles {
  files: [string[], string[]];
  load: { baseline: LoadOptions; candidate: LoadOptions };
  /** Roles whose files are the shards of one run, merged before comparing. */
  sharded?: { baseline: boolean; candidate: boolean };
  /** The artifacts each role was downloaded from: the reports name them, not the download folder. */
  artifacts?: { baseline: string[]; candidate: string[] };
  /** Under design main: the candidate's files are this many rounds (round 1, then each later round's artifact). */
  candidateRounds?: number;
  /** Under design main: the key the rounds draw their cases with (drawKeyOf: the repository and the pull request); absent: the fixed key of one round. */
  drawKey?: string;
}

type DecideInputs = GateInputs & {
  suite: string;
  reportDir: string | null;
  noiseProfile?: string | null;
  publish?: PublishInputs;
  design?: DesignName;
  mainRounds?: number;
};

/** The key design main's rounds draw their cases with: the repository and the pull request, which the PR's code cannot choose. */
const drawKeyOf = (repository: string, pullRequest: number | null): string => (pullRequest === null ? repository : `${repository}#${pullRequest}`);

/** Design main's rounds of the candidate as downloaded (role-files.ts), and the key they were drawn with. */
export const roundsSourceOf = (
  candidate: { rounds?: number },
  repository: string,
  pullRequest: number | null,
): Pick<SummaryFiles, 'candidateRounds' | 'drawKey'> => ({
  ...(candidate.rounds === undefined ? {} : { candidateRounds: candidate.rounds }),
  drawKey: drawKeyOf(repository, pullRequest),
});

/**
 * The design the gate judges under. `design: main` (analysis/main-design.ts, as the CLI's `--design
 * main`): the baseline is main's runs at the base commit, the candidate's round 1 one run of every
 * case, and each later round (gate.yml's round jobs, an artifact each) the cases drawn for it with
 * the pull request's key; judged look by look, the first decided round the verdict
 * (pipeline/judge.ts). A round 1 of more trials would be rounds the design did not draw, and is
 * refused, as are more rounds than `main-rounds`.
 */
function designOf(inputs: DecideInputs, sides: LoadedSides, source: SummaryFiles): Design {
  if (inputs.design === 'main') {
    if (inputs.decide !== 'significant')
      throw new InputError(`input "design": main judges main's runs against the candidate's with decide: significant, got decide: ${inputs.decide}`);
    const trials = sides.runs.candidate.length;
    const rounds = source.candidateRounds ?? 1;
    if ((rounds === 1 && trials !== 1) || sides.rounds !== undefined)
      throw new InputError(
        `input "design": main takes one run of the candidate (every case once) against main's runs; the candidate holds ${trials} trials (give the candidate's job trials: 1)`,
      );
    const max = inputs.mainRounds ?? 1;
    if (rounds > max)
      throw new InputError(
        `input "main-rounds": ${max}, but the run holds ${rounds} rounds of the candidate; give every job that judges it the main-rounds the rounds ran under`,
      );
    return { kind: 'main', max, key: source.drawKey ?? 'benchgate', rule: DEFAULT_MAIN_DESIGN };
  }
  return inputs.decide !== 'significant' ? { kind: 'fixed' } : sides.rounds !== undefined ? { kind: 'shards', ...sides.rounds } : { kind: 'stamped' };
}

/** Both sides loaded: each side's runs in order, how the reports name each, and findings from merging shards. */
interface LoadedSides {
  runs: { baseline: LoadedSummary[]; candidate: LoadedSummary[] };
  names: { baseline: string; candidate: string };
  drafts: FindingDraft[];
  /** Shards of interleaved rounds: the design's maximum and each shard's rounds, merged at their common look. */
  rounds?: { max: number; shards: ShardRounds };
}

/**
 * The gate's decision in three steps, shared by compare, publish and command: load both sides,
 * compare them under the policy ({@link judgeSource}, whose arguments it takes), write the reports
 * and the job summary. Publishing is the caller's.
 */
export async function decide(...args: Parameters<typeof judgeSource>): Promise<Decision> {
  const [io, inputs] = args;
  const { judged, state } = await judgeSource(...args);
  // Accepted regressions are charged to the regression budget like any other (history/budget.ts).
  return writeReports(io, inputs, judged.comparison, state === null ? null : chargeAcceptances(state, judged.comparison.acceptance));
}

/** What judging the files gave: the pipeline's judgement, and the regression budget's state (null without a budget). */
export interface Judged {
  judged: Judgement;
  state: BudgetState | null;
}

/**
 * The first two steps of {@link decide}, without writing anything: load both sides and judge them
 * with the one pipeline. Mode command judges a gate run this way before it knows whether a command
 * changes anything to publish.
 */
export async function judgeSource(
  io: ActionIo,
  inputs: DecideInputs,
  source: SummaryFiles,
  problems: RunProblem[],
  budget: BudgetContext | null = null,
  acceptances?: readonly AcceptanceEvent[],
): Promise<Judged> {
  const sides = await loadSides(io, inputs, source);
  // The regression budget since the pinned reference: a candidate that would overspend it holds.
  const state = budget === null ? null : await gateBudget(io, inputs.config, budget, sides.runs.candidate);
  // Of the stored profiles, the one of the pair's fingerprint (analysis/noise/profile-set.ts).
  const stored = await gateProfiles(io, inputs);
  // The one pipeline (pipeline/judge.ts). The rounds of an interleaved job (mode ab) are judged at the
  // look they stopped at; shards of rounds at their common look (analysis/interleaved.ts).
  const judged = judge({
    runs: sides.runs,
    names: sides.names,
    policy: inputs,
    design: designOf(inputs, sides, source),
    findings: [...sides.drafts, ...budgetDrafts(state)],
    problems,
    noise: stored,
    // What reviewers accepted on this pull request (mode command keeps it on the history branch).
    ...(acceptances === undefined ? {} : { acceptances }),
    // The regressed cases' evidence (load/evidence.ts): shown in the reports; a problem reading it never stops the gate.
    evidence: {
      files: { baseline: source.files[0], candidate: source.files[1] },
      load: source.load,
      tolerate: (err) => io.warning(`benchgate: the evidence of the regressed cases could not be read: ${err.message}`),
    },
  });
  if (stored !== null && judged.choice?.unused) io.info(`benchgate: the noise profile ${stored.file} is not used: ${judged.choice.unused}`);
  return { judged, state };
}

/** Loads each side's files: one run, repeated trials, or a sharded run merged. */
async function loadSides(io: ActionIo, inputs: DecideInputs, source: SummaryFiles): Promise<LoadedSides> {
  const [bFiles, cFiles] = source.files;
  for (const [role, files] of [
    ['baseline', bFiles],
    ['candidate', cFiles],
  ] as const) {
    if (files.length > 1 && inputs.decide !== 'significant' && !source.sharded?.[role]) {
      throw new InputError(
        `the ${role} holds ${files.length} trials: set decide: significant to judge repeated trials (decide: point compares one run per side)`,
      );
    }
  }
  // Every run keeps in its rows the case fields the gates, slices and clustering read, whatever its format or size.
  const keep = keptFields(compareOptionsOf(inputs));
  const load = { baseline: { ...source.load.baseline, keep }, candidate: { ...source.load.candidate, keep } };
  const drafts: FindingDraft[] = [];
  const shards = {
    baseline: source.sharded?.baseline ? loadShards(bFiles, load.baseline) : null,
    candidate: source.sharded?.candidate ? loadShards(cFiles, load.candidate) : null,
  };
  // The reports name each side as a reader knows it: its artifact, or its path relative to the workspace (never absolute).
  const shown = (role: Role, run: LoadedSummary, trials: number): string => {
    const artifacts = source.artifacts?.[role];
    return artifacts ? sourceLabel(artifacts, run.summary, trials) : shownPath(run.path, io.workspace);
  };
  if (areRounds(shards.baseline) || areRounds(shards.candidate))
    return roundSides(inputs, { baseline: shards.baseline, candidate: shards.candidate }, bFiles, shown, keep);
  const side = (role: Role, files: string[]): LoadedSummary | null => {
    const of = shards[role];
    if (of === null) return null;
    const merged = mergedRole(role, of, dirname(dirname(files[0] as string)), keep);
    drafts.push(...merged.drafts);
    return merged.run;
  };
  const bMerged = side('baseline', bFiles);
  const cMerged = side('candidate', cFiles);
  const [baseline, candidate] =
    bMerged === null && cMerged === null
      ? await loadPair(bFiles[0] as string, cFiles[0] as string, load, io.workerScript)
      : [bMerged ?? loadRun(bFiles[0] as string, load.baseline), cMerged ?? loadRun(cFiles[0] as string, load.candidate)];
  const more = (files: string[], o: LoadOptions, merged: boolean): LoadedSummary[] => (merged ? [] : files.slice(1).map((path) => loadRun(path, o)));
  return {
    runs: { baseline: [baseline, ...more(bFiles, load.baseline, bMerged !== null)], candidate: [candidate, ...more(cFiles, load.candidate, cMerged !== null)] },
    names: { baseline: shown('baseline', baseline, bMerged ? 1 : bFiles.length), candidate: shown('candidate', candidate, cMerged ? 1 : cFiles.length) },
    drafts,
  };
}

/** Shards of interleaved rounds (mode ab with shard): both roles merged round by round up to their common look. */
function roundSides(
  inputs: DecideInputs,
  shards: Record<Role, ShardTrials[] | null>,
  bFiles: string[],
  shown: (role: Role, run: LoadedSummary, trials: number) => string,
  keep: CaseFields,
): LoadedSides {
  const { baseline, candidate } = shards;
  if (baseline === null || candidate === null) {
    const [ran, not] = baseline === null ? ['candidate', 'baseline'] : ['baseline', 'candidate'];
    throw new InputError(
      `the ${ran} ran in shards of interleaved rounds (mode ab with shard) but the ${not} did not: mode ab uploads both roles' shard artifacts from each shard job; run both sides in the same shard jobs`,
    );
  }
  if (inputs.decide !== 'significant')
    throw new InputError('the shards hold interleaved rounds (mode ab): set decide: significant to judge them (decide: point compares one run per side)');
  const merged = mergedRounds({ baseline, candidate }, dirname(dirname(dirname(bFiles[0] as string))), keep);
  const common = merged.rounds.common;
  return {
    runs: merged.trials,
    names: {
      baseline: shown('baseline', merged.trials.baseline[0] as LoadedSummary, common),
      candidate: shown('candidate', merged.trials.candidate[0] as LoadedSummary, common),
    },
    drafts: merged.drafts,
    rounds: { max: merged.max, shards: merged.rounds },
  };
}

/**
 * The suite's noise profiles, newest first: the `noise-profile` input's file; with `noise-profile:
 * history-branch`, `<suite>.noise-profile.json` on the history branch (profile.yml stores the
 * profiles of several fingerprints there). A branch without the file, or one that cannot be read,
 * leaves the gate without a profile, with a line in the log.
 */
async function gateProfiles(io: ActionIo, inputs: DecideInputs): Promise<{ profiles: NoiseProfile[]; file: string } | null> {
  if (!inputs.noiseProfile) return null;
  if (inputs.noiseProfile !== PROFILE_ON_BRANCH)
    return { profiles: loadNoiseProfiles(resolve(io.workspace, inputs.noiseProfile), 'input "noise-profile":'), file: inputs.noiseProfile };
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  const branch = inputs.publish?.historyBranch ?? '';
  const token = inputs.publish?.token ?? '';
  if (branch === '' || token === '')
    throw new UsageError(
      `input "noise-profile": ${PROFILE_ON_BRANCH} reads the profile from the history branch; give history-branch and github-token too, or a file's path`,
    );
  if (!owner || !repo) return null;
  const path = noiseProfilePath(inputs.suite);
  const file = `${branch}:${path}`;
  let text: string | null;
  try {
    text = await readFileAt(io.github(token), { owner, repo, path, ref: `refs/heads/${branch}` }, MAX_PROFILE_BYTES);
  } catch (error) {
    io.warning(`benchgate: the noise profile ${file} could not be read (${messageOf(error)}); the gate goes on without it`);
    return null;
  }
  if (text === null) {
    io.info(`benchgate: no noise profile ${file} yet (profile.yml with history-branch stores it); the gate goes on without one`);
    return null;
  }
  return { profiles: parseNoiseProfiles(text, file), file };
}

/**
 * Writes the report files (never over an existing file), with the evidence page and the regression
 * budget's state beside them when there are any, and the job summary, and sets the outputs.
 */
async function writeReports(io: ActionIo, inputs: DecideInputs, cmp: Comparison, state: BudgetState | null): Promise<Decision> {
  const budget = state === null ? [] : renderBudget(state);
  const problems = runProblemsOf(cmp);
  const dir = reportDir(io, inputs);
  const paths = {
    markdown: join(dir, REPORT_FILES.markdown),
    json: join(dir, REPORT_FILES.json),
    csv: join(dir, REPORT_FILES.csv),
  };
  const markdown = renderMarkdown(cmp) + (budget.length > 0 ? `\n${budget.join('\n')}\n` : '');
  // Created exclusively ('wx'): never through a symlink or onto a file that appeared in the meantime.
  writeFileSync(paths.markdown, markdown, { flag: 'wx' });
  writePieces(paths.json, renderJsonChunks(cmp)); // in pieces: a million cases' report is longer than a string may be
  writeFileSync(paths.csv, renderCsv(cmp), { flag: 'wx' });
  const extraFiles: string[] = [];
  if (cmp.evidence !== undefined && cmp.evidence.cases.length > 0) {
    extraFiles.push(join(dir, EVIDENCE_HTML));
    writeFileSync(join(dir, EVIDENCE_HTML), renderEvidenceHtml(cmp), { flag: 'wx' });
  }
  if (state !== null) {
    // The budget's state, machine-readable.
    extraFiles.push(join(dir, BUDGET_JSON));
    writeFileSync(join(dir, BUDGET_JSON), `${JSON.stringify(state, null, 2)}\n`, { flag: 'wx' });
  }

  const reportArtifact = artifactName(inputs.suite, 'report');
  const preface = problems.length > 0 ? `> [!CAUTION]\n> **Hold:** ${problems.join('; ')}. The comparison below is of what the runs uploaded.\n\n` : '';
  const note = `> [!NOTE]\n> This report was cut to fit GitHub's job summary limit. The whole report is ${REPORT_FILES.markdown} in the artifact \`${reportArtifact}\`.`;
  const fitted = fitMarkdown(preface + markdown, { max: JOB_SUMMARY_MAX_BYTES, unit: 'bytes' }, note);
  await io.appendSummary(fitted.text);
  if (fitted.truncated) io.warning(`benchgate: the report is too large for the job summary and was cut; the whole report is in the artifact ${reportArtifact}`);
  setOutputs(io, cmp, paths);
  io.info(verdictLine(cmp));
  return { cmp, preface, dir, paths, reportArtifact, budget, extraFiles };
}

export interface Decision {
  /** The finished comparison: its verdict is the decision's (nothing after the pipeline changes it). */
  cmp: Comparison;
  /** Markdown put above the report (why failed suite jobs hold the gate); safe. */
  preface: string;
  dir: string;
  paths: Record<keyof typeof REPORT_FILES, string>;
  reportArtifact: string;
  /** The regression budget's section (report/history-report.ts), already safe; [] without a budget. */
  budget: string[];
  /** Files uploaded beside the reports (the evidence page, the budget's state). */
  extraFiles: string[];
}

/** The failure of a hold, or null. */
export function holdFailure(decision: Decision): string {
  const problems = runProblemsOf(decision.cmp);
  const why = problems.length > 0 ? `hold: ${problems.join('; ')}` : verdictText(decision.cmp);
  return `${why} (set fail-on-hold: false to report without failing the step)`;
}

/** Where this run publishes: the PR of a pull_request event, or the pushed commit. */
export function publishTarget(io: ActionIo): PublishTarget | null {
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) return null;
  const event = readEvent(io.env);
  const pr = pullRequestOf(event);
  const headSha = pr?.headSha ?? io.env['GITHUB_SHA'] ?? '';
  if (!/^[0-9a-f]{40,64}$/.test(headSha)) return null;
  return {
    owner,
    repo,
    pullNumber: pr?.number ?? null,
    headSha,
    baseSha: pr?.baseSha ?? null,
    baseRef: pr?.baseRef ?? null,
    runUrl: runUrl(io.env),
    fork: forkOf(event),
  };
}

/** A check run left unfinished fails the step, whatever the verdict: a required check would wait for it. */
export function withCheckProblem(result: CompareResult, checkProblem: string | null): CompareResult {
  if (checkProblem === null) return result;
  return { failure: result.failure === null ? checkProblem : `${result.failure}; ${checkProblem}`, explained: false, comparison: result.comparison };
}

/** Writes the pieces to a file created exclusively ('wx', as the other reports). */
function writePieces(path: string, pieces: Iterable<string | Uint8Array>): void {
  const fd = openSync(path, 'wx');
  try {
    for (const piece of pieces) writeAll(fd, typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece);
  } finally {
    closeSync(fd);
  }
}
