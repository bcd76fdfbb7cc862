/**
 * The regression budget in the gate (history/budget.ts): the candidate against the stored runs of
 * the configuration's pinned reference, read from the history branch (no suite runs again). The
 * reference is resolved to its commit through the REST API (a tag, or a SHA); who set it is read
 * from the configuration file's commits (the newest commit whose parent named another reference),
 * and is "unknown" when that cannot be read. A budget that cannot be judged holds, with the reason.
 */
import type { Price } from '../../analysis/custom-gates/cost.js';
import type { FindingDraft } from '../../analysis/integrity/findings.js';
import type { LoadedSummary } from '../../analysis/model.js';
import { pullRequestOf, readEvent } from '../../github/context.js';
import { readFileAt } from '../../github/file-at.js';
import { readHistoryBranch } from '../../github/history-branch.js';
import { type GitHubClient, messageOf } from '../../github/octokit.js';
import { budgetHolds, type BudgetSpec, type BudgetState, entryFigures, judgeBudget, meanFigures, type ReferenceMove } from '../../history/budget.js';
import { runEntry } from '../../history/leaderboard.js';
import { budgetSpecOf, DEFAULT_CONFIG_PATH, type GateConfig, MAX_CONFIG_BYTES, parseConfig } from '../../policy/config-file.js';
import { budgetReason } from '../../report/history-report.js';
import type { PublishInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { historyPath } from './trend.js';

/** Most versions of the configuration read to find who set the reference. */
const MOVE_LOOKBACK = 8;

export interface BudgetContext {
  octokit: GitHubClient | null;
  owner: string;
  repo: string;
  historyBranch: string;
  suite: string;
  /** The configuration file's path in the repository, and the commit it was read at (the PR's base). */
  configPath: string;
  configAt: string | null;
  pricing: Readonly<Record<string, Price>>;
}

/** The candidate's figures: the mean over its trials, each computed as the history records a run. */
function candidateFigures(trials: readonly LoadedSummary[], pricing: Readonly<Record<string, Price>>) {
  return meanFigures(trials.map((t) => entryFigures(runEntry('', t.summary, t.rows, pricing))));
}

async function resolveReference(octokit: GitHubClient, ctx: BudgetContext, reference: string): Promise<string> {
  if (/^[0-9a-f]{40,64}$/.test(reference)) return reference;
  const { data } = await octokit.rest.repos.getCommit({ owner: ctx.owner, repo: ctx.repo, ref: reference });
  return data.sha;
}

const referenceOf = (text: string, where: string): string | null => {
  try {
    return parseConfig(where, text).regression_budget?.reference ?? null;
  } catch {
    return null;
  }
};

/**
 * The commit that set `reference` in the configuration: walking the file's commits newest first, the
 * last one that still names it before an older version names another (or none). Null when unknown.
 */
export async function findReferenceMove(octokit: GitHubClient, ctx: BudgetContext, reference: string): Promise<ReferenceMove | null> {
  if (ctx.configAt === null) return null;
  const path = ctx.configPath.replace(/^\.\//, '');
  const { data } = await octokit.rest.repos.listCommits({ owner: ctx.owner, repo: ctx.repo, path, sha: ctx.configAt, per_page: MOVE_LOOKBACK + 1 });
  let setter: (typeof data)[number] | null = null;
  for (const [i, c] of data.entries()) {
    if (i >= MOVE_LOOKBACK) return null; // named since before the commits read: not known which set it
    const text = await readFileAt(octokit, { owner: ctx.owner, repo: ctx.repo, path, ref: c.sha }, MAX_CONFIG_BYTES);
    if (text === null || referenceOf(text, path) !== reference) break;
    setter = c;
  }
  if (setter === null) return null;
  const who = setter.author?.login ?? setter.commit.author?.name ?? null;
  return { commit: setter.sha, author: who === null ? null : who.startsWith('@') ? who : `@${who}`, date: setter.commit.author?.date ?? null };
}

/** The budget's state for this candidate, or null when the configuration sets no budget. */
export async function gateBudget(io: ActionIo, config: GateConfig, ctx: BudgetContext, trials: readonly LoadedSummary[]): Promise<BudgetState | null> {
  const spec: BudgetSpec | null = budgetSpecOf(config);
  if (spec === null) return null;
  const candidate = candidateFigures(trials, ctx.pricing);
  const fail = (problem: string): BudgetState => judgeBudget(spec, { commit: null, runs: [], problem }, candidate);
  if (ctx.historyBranch === '') return fail('the reference runs are read from the history branch, and history-branch is not set');
  if (ctx.octokit === null) return fail('no github-token to read the history branch with');
  let commit: string;
  try {
    commit = await resolveReference(ctx.octokit, ctx, spec.reference);
  } catch (error) {
    return fail(`the reference ${spec.reference} is not a commit or tag of this repository (${messageOf(error)})`);
  }
  let runs;
  try {
    const read = await readHistoryBranch(ctx.octokit, { owner: ctx.owner, repo: ctx.repo, branch: ctx.historyBranch, path: historyPath(ctx.suite) });
    runs = (read.history?.entries ?? []).filter((e) => e.commit === commit).map(entryFigures);
  } catch (error) {
    return fail(`the history branch ${ctx.historyBranch} could not be read (${messageOf(error)})`);
  }
  let moved: ReferenceMove | null = null;
  try {
    moved = await findReferenceMove(ctx.octokit, ctx, spec.reference);
  } catch (error) {
    io.info(`benchgate: budget: who set the reference is unknown (${messageOf(error)})`);
  }
  return judgeBudget(spec, { commit, runs, moved }, candidate);
}

/** Where the gate reads the budget's reference from, or null when the configuration sets no budget. */
export function budgetContextOf(
  io: ActionIo,
  inputs: { config: GateConfig; pricing: Readonly<Record<string, Price>>; suite: string; publish: PublishInputs },
): BudgetContext | null {
  if (budgetSpecOf(inputs.config) === null) return null;
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  const token = inputs.publish.token;
  const sha = pullRequestOf(readEvent(io.env))?.baseSha ?? io.env['GITHUB_SHA'] ?? null;
  return {
    octokit: token === '' || !owner || !repo ? null : io.github(token),
    owner: owner ?? '',
    repo: repo ?? '',
    historyBranch: inputs.publish.historyBranch,
    suite: inputs.suite,
    configPath: io.getInput('config').trim() || DEFAULT_CONFIG_PATH,
    configAt: sha !== null && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null,
    pricing: inputs.pricing,
  };
}

/** The finding of a budget that holds, or none. */
export function budgetDrafts(state: BudgetState | null): FindingDraft[] {
  if (state === null || !budgetHolds(state)) return [];
  return [{ code: 'regression-budget', side: 'candidate', message: budgetReason(state), case_ids: [] }];
}
