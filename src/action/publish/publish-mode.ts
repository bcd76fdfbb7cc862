/**
 * `mode: publish`, for a workflow triggered by `workflow_run` when the gate workflow of a pull
 * request completes (the fork-safe pattern: that workflow has a write token and runs the default
 * branch's code, never the PR's). It downloads the triggering run's summaries, treats every byte of
 * them as untrusted (size cap, the strict benchgate schema, escaping), decides again with this
 * workflow's own thresholds, establishes the PR through the API, and posts the comment and the check
 * run on the run's head commit. Nothing from the artifacts is executed.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { loadSummary } from '../../adapters/registry.js';
import { failureMessage, UsageError } from '../../errors.js';
import { defaultBranchOf, readEvent } from '../../github/context.js';
import type { GitHubClient } from '../../github/octokit.js';
import { resolvePullRequest, type WorkflowRun, WorkflowRunEvent } from '../../github/pull-request.js';
import { FAILED_CONCLUSIONS, listRunJobs } from '../../github/workflow-jobs.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { artifactName } from '../artifact-layout.js';
import { BENCHGATE_FILES, type CompareResult, decide, withCheckProblem } from '../gate/compare-mode.js';
import { budgetContextOf } from '../gate/regression-budget.js';
import { downloadSummary, listRunArtifacts } from '../gate/role-files.js';
import type { PublishModeInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { markPublished, openPublisher } from './publisher.js';

function triggeringRun(io: ActionIo) {
  if (io.env['GITHUB_EVENT_NAME'] !== 'workflow_run') {
    throw new UsageError(
      `mode: publish runs in a workflow triggered by workflow_run, not by ${io.env['GITHUB_EVENT_NAME'] || 'an unknown event'}; see the README's fork-safe setup`,
    );
  }
  const parsed = WorkflowRunEvent.safeParse(readEvent(io.env));
  if (!parsed.success) throw new UsageError('the workflow_run event payload lacks the fields benchgate needs (workflow_run.id, head_sha, head_repository)');
  return parsed.data.workflow_run;
}

/**
 * What holds the verdict in the triggering run itself: its jobs that failed or were cancelled (names
 * escaped: a fork's workflow names them), or, when no job says so, the run's own conclusion. The
 * gate job of that run fails on a hold too, so a hold there holds here: the safe side.
 */
export async function triggeringRunProblems(octokit: GitHubClient, repo: { owner: string; repo: string }, run: WorkflowRun): Promise<string[]> {
  let jobs;
  try {
    jobs = await listRunJobs(octokit, repo, run.id);
  } catch (err) {
    throw new UsageError(
      `cannot read the jobs of the triggering run ${run.id} (${(err as Error).message}); mode: publish needs actions: read to tell whether its suite jobs succeeded`,
    );
  }
  const failed = jobs
    .filter((j) => j.conclusion !== null && FAILED_CONCLUSIONS.includes(j.conclusion))
    .map((j) => `job ${untrusted(j.name, { maxLength: 100 })} ended with ${j.conclusion}`);
  if (failed.length > 0) return failed;
  const conclusion = run.conclusion ?? null;
  return conclusion !== null && conclusion !== 'success' ? [`the triggering run ended with ${untrusted(conclusion, { maxLength: 40 })}`] : [];
}

export async function publishMode(io: ActionIo, inputs: PublishModeInputs): Promise<CompareResult> {
  const run = triggeringRun(io);
  if (run.event !== 'pull_request') {
    io.info(`benchgate: the triggering run was for a ${run.event} event, not a pull request; nothing to publish`);
    return { failure: null, explained: false, comparison: null };
  }
  if (inputs.publish.token === '')
    throw new UsageError(
      'input "github-token": required with mode: publish (it downloads the triggering run\'s artifacts and writes the comment and check run)',
    );
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) throw new UsageError('GITHUB_REPOSITORY is not set; mode: publish runs on GitHub Actions');
  const octokit = io.github(inputs.publish.token);
  const target = {
    owner,
    repo,
    pullNumber: null as number | null,
    headSha: run.head_sha,
    baseSha: null,
    baseRef: defaultBranchOf(readEvent(io.env)),
    runUrl: run.html_url && /^https:\/\/[^\s()<>]+$/.test(run.html_url) ? run.html_url : null,
    fork: false,
  };
  const publisher = await openPublisher(io, octokit, target, inputs.publish, { gateId: inputs.suite, reportArtifact: artifactName(inputs.suite, 'report') });
  try {
    const into = join(io.tempDir, `benchgate-untrusted-${randomBytes(6).toString('hex')}`);
    const findBy = { token: inputs.publish.token, workflowRunId: run.id, repositoryOwner: owner, repositoryName: repo };
    const listed = await listRunArtifacts(io, findBy);
    const [b, c] = [
      await downloadSummary(io, inputs.suite, 'baseline', into, listed, findBy),
      await downloadSummary(io, inputs.suite, 'candidate', into, listed, findBy),
    ];
    const files: [string[], string[]] = [b.files, c.files];
    // The PR number the candidate's metadata claims is only a candidate; the API decides.
    const claimed = loadSummary(files[1][0] as string, 'benchgate').metadata['github.pr'];
    const pull = await resolvePullRequest(octokit, { owner, repo }, run, typeof claimed === 'number' ? claimed : null);
    target.pullNumber = pull?.number ?? null;
    io.info(
      pull
        ? `benchgate: pull request #${pull.number} (found by ${pull.via}, head ${run.head_sha.slice(0, 7)} verified)`
        : `benchgate: no open pull request has head ${run.head_sha.slice(0, 7)} in ${run.head_repository.full_name}`,
    );
    io.setOutput('pull-request', pull?.number ?? '');
    const jobProblems = await triggeringRunProblems(octokit, { owner, repo }, run);
    for (const p of jobProblems) io.warning(`benchgate: ${p} in the triggering run; the gate holds`);
    const decision = await decide(
      io,
      { ...inputs, reportDir: null },
      { files, load: BENCHGATE_FILES, sharded: { baseline: b.sharded, candidate: c.sharded }, artifacts: { baseline: b.artifacts, candidate: c.artifacts } },
      jobProblems,
      budgetContextOf(io, inputs),
    );
    const checkProblem = (await publisher?.finish(decision.cmp, decision.verdict, decision.preface, inputs.failOnInconclusive, decision.budget)) ?? null;
    return withCheckProblem({ failure: null, explained: false, comparison: decision.cmp }, checkProblem);
  } catch (err) {
    if (publisher !== null) {
      // The comment says what went wrong too: find the PR without the artifact's claim when it failed before that.
      if (target.pullNumber === null) target.pullNumber = (await resolvePullRequest(octokit, { owner, repo }, run, null).catch(() => null))?.number ?? null;
      await publisher.fail(failureMessage(err));
      markPublished(err);
    }
    throw err;
  }
}
