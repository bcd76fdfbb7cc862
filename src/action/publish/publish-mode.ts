/**
 * `mode: publish`, for a workflow triggered by `workflow_run` when the gate workflow of a pull
 * request completes (the fork-safe pattern: that workflow has a write token and runs the default
 * branch's code, never the PR's). It gathers the triggering run (decide/gather-run.ts: the candidate
 * read as untrusted, the PR established through the API, the baseline from the default branch's own
 * run, every stamp checked), decides again with this workflow's own thresholds and the PR's
 * acceptances, and posts the comment and the check run on the run's head commit. Nothing from the
 * artifacts is executed.
 */
import { failureMessage, UsageError } from '../../errors.js';
import { readEvent } from '../../github/context.js';
import { resolvePullRequest, type WorkflowRun, WorkflowRunEvent } from '../../github/pull-request.js';
import { artifactName } from '../artifact-layout.js';
import { pullAcceptances } from '../decide/acceptances.js';
import { type CompareResult, decide, withCheckProblem } from '../decide/decide.js';
import { gatherRun, NoTrustedBaseline, type RunPublishInputs, runTarget } from '../decide/gather-run.js';
import { markPublished, openPublisher } from '../decide/publisher.js';
import { budgetContextOf } from '../decide/regression-budget.js';
import type { PublishModeInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';

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

export async function publishMode(io: ActionIo, inputs: PublishModeInputs): Promise<CompareResult> {
  return publishRun(io, inputs, triggeringRun(io));
}

/**
 * Decides and publishes the gate run `run` of a pull request: what mode publish does for the run that
 * triggered it, and mode command for the newest gate run of the pull request it was asked on.
 */
export async function publishRun(io: ActionIo, inputs: RunPublishInputs, run: WorkflowRun): Promise<CompareResult> {
  if (run.event !== 'pull_request') {
    io.info(`benchgate: the triggering run was for a ${run.event} event, not a pull request; nothing to publish`);
    return { failure: null, explained: false, comparison: null };
  }
  const { octokit, target } = runTarget(io, inputs, run);
  const publisher = await openPublisher(io, octokit, target, inputs.publish, { gateId: inputs.suite, reportArtifact: artifactName(inputs.suite, 'report') });
  try {
    const gathered = await gatherRun(io, inputs, octokit, run, target);
    const acceptances = await pullAcceptances(io, inputs, { owner: target.owner, repo: target.repo, pull: target.pullNumber });
    const decision = await decide(io, { ...inputs, reportDir: null }, gathered.source, gathered.problems, budgetContextOf(io, inputs), acceptances);
    const checkProblem = (await publisher?.finish(decision.cmp, decision.preface, inputs.failOnInconclusive, decision.budget)) ?? null;
    return withCheckProblem({ failure: null, explained: false, comparison: decision.cmp }, checkProblem);
  } catch (err) {
    if (publisher !== null) {
      // The comment says what went wrong too: find the PR without the artifact's claim when it failed before that.
      if (target.pullNumber === null)
        target.pullNumber = (await resolvePullRequest(octokit, { owner: target.owner, repo: target.repo }, run, null).catch(() => null))?.number ?? null;
      await publisher.fail(failureMessage(err), err instanceof NoTrustedBaseline ? err.title : undefined);
      markPublished(err);
    }
    throw err;
  }
}
