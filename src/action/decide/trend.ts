/**
 * The history of a suite's baseline on the default branch, for the trend in the PR comment. Two
 * sources: the baseline artifacts of earlier push runs (the default), or, with `history-branch`, one
 * JSON file per suite on that branch, which the gate job of each push to the default branch adds its
 * baseline run to (github/history-branch.ts) and a PR's comment reads with one request.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { commandSucceeded } from '../../analysis/integrity/findings.js';
import { defaultBranchOf, readEvent, runUrl } from '../../github/context.js';
import { loadHistory } from '../../github/history.js';
import { readHistoryBranch, recordHistory } from '../../github/history-branch.js';
import { type GitHubClient, messageOf, statusOf } from '../../github/octokit.js';
import { branchRuns, historyEntry, type HistoryFile } from '../../history/history-file.js';
import { entryPoints, findShifts, type Shift } from '../../history/shifts.js';
import { renderShifts, shiftText } from '../../report/history-report.js';
import type { TrendPoint } from '../../report/trend.js';
import type { LoadedSummary, SummaryHead } from '../../schema/loaded.js';
import { artifactName, MAX_ARTIFACT_SUMMARY_BYTES } from '../artifact-layout.js';
import type { GateInputs, PublishInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { appendGateRecord } from './gate-record-summary.js';
import { recordMergedVerdict } from './merged-verdict.js';

/** The file of a suite on the history branch. */
export const historyPath = (suite: string): string => `${suite}.json`;

/** The metadata keys recorded as the run's fingerprint: the plain (undotted) ones benchgate does not stamp itself. */
function fingerprintKeys(metadata: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(metadata)
    .filter((k) => !k.includes('.') && k !== 'command' && k.length <= 100)
    .slice(0, 50);
}

/** How many of a branch's newest runs the change-point search looks at (O(n²) per shuffle). */
export const SHIFT_WINDOW = 200;

/** The shifts in the newest {@link SHIFT_WINDOW} runs of `branch`, and how many runs were searched. */
export function branchShifts(history: HistoryFile, branch: string): { shifts: Shift[]; runs: number } {
  const runs = branchRuns(history, branch, SHIFT_WINDOW);
  return { shifts: findShifts(entryPoints(runs)), runs: runs.length };
}

/** The earlier runs on `branch`, oldest first, from the history branch or the artifacts. */
export async function historyPoints(
  io: ActionIo,
  octokit: GitHubClient,
  at: { owner: string; repo: string; branch: string },
  inputs: PublishInputs,
  suite: string,
): Promise<TrendPoint[]> {
  if (inputs.historyBranch !== '') {
    const read = await readHistoryBranch(octokit, { owner: at.owner, repo: at.repo, branch: inputs.historyBranch, path: historyPath(suite) });
    if (read.history === null) {
      io.info(
        `benchgate: trend: no ${historyPath(suite)} on branch ${inputs.historyBranch} yet${read.branch ? '' : ' (the branch does not exist)'}; pushes to the default branch record it`,
      );
      return [];
    }
    // Shifts are searched over the branch's longer history and marked where they fall in the trend.
    const marks = new Map<string, string[]>();
    for (const s of branchShifts(read.history, at.branch).shifts) marks.set(s.commit, [...(marks.get(s.commit) ?? []), shiftText(s)]);
    return branchRuns(read.history, at.branch, inputs.trend).map((e) => ({
      commit: e.commit,
      when: e.started_at ?? e.recorded_at,
      completion_rate: e.completion_rate,
      avg_reward: e.reward,
      avg_steps: e.steps,
      ...(marks.has(e.commit) ? { marks: marks.get(e.commit) ?? [] } : {}),
    }));
  }
  const path = join(io.tempDir, `benchgate-history-${randomBytes(4).toString('hex')}`);
  const q = { ...at, artifact: artifactName(suite, 'baseline'), token: inputs.token, limit: inputs.trend, path, maxBytes: MAX_ARTIFACT_SUMMARY_BYTES };
  const { points, notes } = await loadHistory(octokit, io.artifacts, q);
  for (const note of notes) io.info(`benchgate: trend: ${note}`);
  return points;
}

/** The events whose runs on the default branch may write the history branch: that branch's own workflow and code. */
export const HISTORY_EVENTS: readonly string[] = ['push', 'schedule', 'workflow_dispatch'];

/**
 * Why this run may not write the history branch, or null: only a push, a schedule or a dispatch on
 * the default branch may (a dispatch on a feature branch runs unreviewed code, whose numbers the
 * default branch's gates would then trust). The default branch is the event payload's
 * (repository.default_branch), the ref the runner's GITHUB_REF.
 */
export function notOnDefaultBranch(env: Readonly<Record<string, string | undefined>>): string | null {
  const event = env['GITHUB_EVENT_NAME'] ?? '';
  const branch = defaultBranchOf(readEvent(env));
  if (HISTORY_EVENTS.includes(event) && branch !== null && env['GITHUB_REF'] === `refs/heads/${branch}`) return null;
  const what = event === '' ? 'not on GitHub Actions' : `a ${event} on ${env['GITHUB_REF'] || 'no ref'}`;
  return `this run is ${what}; only a push, schedule or workflow_dispatch run on the default branch${branch === null ? '' : ` (${branch})`} writes the history branch`;
}

/** Why this run's baseline is not recorded, or null when it is to be. */
function notRecorded(io: ActionIo, historyBranch: string, baseline: SummaryHead, jobProblems: readonly string[]): string | null {
  const refused = notOnDefaultBranch(io.env);
  if (refused !== null) return refused;
  const branch = defaultBranchOf(readEvent(io.env));
  const m = baseline.metadata;
  if (historyBranch === branch) return `history-branch is the default branch ${branch}; give the history a branch of its own, such as benchgate-history`;
  if (jobProblems.length > 0) return `a suite job did not succeed (${jobProblems.join('; ')})`;
  if (!commandSucceeded(m)) return 'the baseline suite did not succeed';
  if (m['reuse.run_id'] !== undefined) return 'the baseline was reused from an earlier run, which recorded it';
  return null;
}

/**
 * With `history-branch`, on a push to the default branch: adds the baseline run to the suite's file
 * on the branch, then the verdict of the pull request the push merged, and shows the gate's record
 * in the job summary (gate-record-summary.ts). A write that fails warns (the gate's verdict stands);
 * a 403 names the permission.
 */
export async function recordBaselineHistory(
  io: ActionIo,
  inputs: { suite: string; publish: PublishInputs } & GateInputs,
  baseline: LoadedSummary,
  jobProblems: readonly string[],
): Promise<void> {
  const { historyBranch, token } = inputs.publish;
  if (historyBranch === '') return;
  const why = notRecorded(io, historyBranch, baseline.summary, jobProblems);
  if (why !== null) {
    io.info(`benchgate: history: not recorded: ${why}`);
    return;
  }
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  const at = { owner: owner ?? '', repo: repo ?? '', branch: historyBranch, path: historyPath(inputs.suite) };
  try {
    if (token === '' || !owner || !repo) throw new Error('no token or repository');
    const s = baseline.summary;
    const branch = (io.env['GITHUB_REF'] ?? '').replace(/^refs\/heads\//, '');
    const entry = historyEntry(baseline, inputs.pricing, {
      branch,
      runUrl: runUrl(io.env),
      recordedAt: new Date().toISOString(),
      fingerprintKeys: fingerprintKeys(s.metadata),
    });
    const done = await recordHistory(io.github(token), at, inputs.suite, entry);
    const where = `${historyBranch}:${at.path}`;
    io.info(
      `benchgate: history: recorded the baseline of ${entry.commit.slice(0, 7)} (workflow run ${entry.run_id}) in ${where}${done.created ? ' (new)' : ''}: ${done.entries} runs${done.dropped > 0 ? `, the ${done.dropped} oldest dropped` : ''}`,
    );
    await io.appendSummary(`benchgate recorded this baseline run in the history: \`${where}\` (${done.entries} runs).\n`);
    const found = branchShifts(done.history, branch);
    for (const s of found.shifts) io.info(`benchgate: history: shift at ${s.commit.slice(0, 7)}: ${shiftText(s)} (p ${s.p.toFixed(3)}; advisory)`);
    await io.appendSummary(`\n${renderShifts(found.shifts, branch, found.runs).join('\n')}\n`);
    // The gate's record: the verdict of the pull request this push merged, then the record so far.
    const octokit = io.github(token);
    const withVerdict = await recordMergedVerdict(io, octokit, at, {
      owner,
      repo,
      sha: entry.commit,
      suite: inputs.suite,
      checkName: inputs.publish.checkName,
      decide: inputs.decide,
    });
    await appendGateRecord(io, octokit, withVerdict ?? done.history, {
      owner,
      repo,
      token,
      suite: inputs.suite,
      branch,
      where,
      current: { runId: entry.run_id, run: baseline },
      policy: inputs,
    });
  } catch (error) {
    const hint = statusOf(error) === 403 ? ': the gate job needs permissions: contents: write' : '';
    io.warning(`benchgate: history: could not record the baseline in ${historyBranch}:${at.path} (${messageOf(error)})${hint}`);
  }
}
