/**
 * The gate's record (history/gate-record.ts) in the job summary of a push to the default branch
 * that records its baseline: the history file just written gives the merged PRs' verdicts and main's
 * runs in order, but an entry keeps a run's figures, not the cases the paired judgement of a merge's
 * real effect needs. Those are the baseline artifacts of the push runs the entries name (their
 * `run_id`): the record's runs are downloaded (the newest PRs first, at most
 * {@link RECORD_MAX_RUNS}), this run's own baseline is the one in hand, and the record is built by
 * the core (pipeline/real-effect.ts) and rendered as `benchgate history` renders it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

import type { LoadedSummary } from '../../analysis/model.js';
import { downloadRunArtifact } from '../../github/artifacts.js';
import { type GitHubClient, messageOf } from '../../github/octokit.js';
import type { HistoryFile } from '../../history/history-file.js';
import { loadRun } from '../../load/load.js';
import { historyGateRecord, historyRunsNeeded } from '../../pipeline/real-effect.js';
import type { GatePolicy } from '../../policy/policy.js';
import { gateRecordSection } from '../../report/gate-record-report.js';
import { artifactName, MAX_ARTIFACT_SUMMARY_BYTES } from '../artifact-layout.js';
import type { ActionIo } from '../io.js';

/** Most of main's earlier runs a push downloads for the record (two requests each); `benchgate history` has no such bound. */
export const RECORD_MAX_RUNS = 30;

export interface RecordSummaryContext {
  owner: string;
  repo: string;
  token: string;
  suite: string;
  /** The default branch, whose runs the history's entries are. */
  branch: string;
  /** `branch:path` of the history file, for the text. */
  where: string;
  /** This run's workflow run id and its baseline, recorded just now. */
  current: { runId: number; run: LoadedSummary };
  policy: GatePolicy;
}

/** Main's run of workflow run `runId`: its baseline artifact's summary, or why not. */
async function mainRun(io: ActionIo, octokit: GitHubClient, ctx: RecordSummaryContext, runId: number): Promise<LoadedSummary | string> {
  const got = await downloadRunArtifact(octokit, io.artifacts, {
    owner: ctx.owner,
    repo: ctx.repo,
    runId,
    name: artifactName(ctx.suite, 'baseline'),
    token: ctx.token,
    path: join(io.tempDir, `benchgate-record-${randomBytes(4).toString('hex')}`, String(runId)),
    wanted: (entry) => entry === 'summary.json',
  });
  if (typeof got === 'string') return `its artifact ${artifactName(ctx.suite, 'baseline')} is ${got}`;
  const file = join(got.dir, 'summary.json');
  if (!existsSync(file) || statSync(file).size > MAX_ARTIFACT_SUMMARY_BYTES) return 'its artifact has no summary.json within the size cap';
  return loadRun(file, { format: 'benchgate' }); // as decide.ts's BENCHGATE_FILES (not imported: decide.ts imports this module's importer)
}

/** Appends the gate's record of `history` to the job summary; one line when it keeps no merged PR's verdict yet. A failure warns: the baseline is recorded either way. */
export async function appendGateRecord(io: ActionIo, octokit: GitHubClient, history: HistoryFile, ctx: RecordSummaryContext): Promise<void> {
  try {
    await appendRecord(io, octokit, history, ctx);
  } catch (error) {
    io.warning(`benchgate: history: the gate's record could not be shown in the job summary (${messageOf(error)})`);
  }
}

async function appendRecord(io: ActionIo, octokit: GitHubClient, history: HistoryFile, ctx: RecordSummaryContext): Promise<void> {
  const verdicts = history.verdicts ?? [];
  if (verdicts.length === 0) {
    await io.appendSummary(
      `\nThe gate's record: no merged pull request's verdict is in \`${ctx.where}\` yet (a push that merges a pull request records its verdict).\n`,
    );
    return;
  }
  const needed = historyRunsNeeded(history, ctx.branch, RECORD_MAX_RUNS);
  const cases = new Map<number, LoadedSummary>();
  const unread: string[] = [];
  for (const entry of needed.runs) {
    if (entry.run_id === ctx.current.runId) {
      cases.set(entry.run_id, ctx.current.run);
      continue;
    }
    try {
      const run = await mainRun(io, octokit, ctx, entry.run_id);
      if (typeof run === 'string') unread.push(`workflow run ${entry.run_id}: ${run}`);
      else cases.set(entry.run_id, run);
    } catch (error) {
      unread.push(`workflow run ${entry.run_id}: ${messageOf(error).split('\n')[0] ?? ''}`);
    }
  }
  for (const u of unread) io.info(`benchgate: history: the gate's record leaves out main's run of ${u}`);
  const record = historyGateRecord(history, ctx.branch, cases, ctx.policy, { last: needed.last });
  const notes = [
    ...(needed.last < verdicts.length
      ? [
          `The job summary judges the last ${needed.last} of the ${verdicts.length} merged PRs the history keeps (it reads at most ${RECORD_MAX_RUNS} of main's runs); \`benchgate history\` over the history file and main's summaries gives the whole record.`,
        ]
      : []),
    ...(unread.length > 0
      ? [`${unread.length} of main's runs could not be read (an expired or missing artifact) and are not judged; the log names them.`]
      : []),
  ];
  await io.appendSummary(`\n${gateRecordSection(record)}${notes.map((n) => `\n${n}\n`).join('')}`);
}
