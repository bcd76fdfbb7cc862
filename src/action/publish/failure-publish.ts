/**
 * The last resort of a gate that failed before its mode could publish anything (an invalid input or
 * configuration, a bad event payload): the required check `benchgate (<suite>)` must still appear and
 * end, as a failure that says why, or the pull request waits for it for ever. Everything here is read
 * leniently from the raw inputs, since the inputs are what may be wrong: a mode other than compare or
 * publish, no token, or no commit to put the check on, and there is nothing to do.
 */
import { COMMENT_MODES, type CommentMode } from '../../github/comments.js';
import { defaultBranchOf, readEvent } from '../../github/context.js';
import { resolvePullRequest, WorkflowRunEvent } from '../../github/pull-request.js';
import { artifactName } from '../artifact-layout.js';
import { publishTarget } from '../decide/decide.js';
import { openPublisher, type PublishTarget } from '../decide/publisher.js';
import type { ActionIo } from '../io.js';

const NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** The check run's name as readInputs would make it; '' for check-name: off. */
function checkNameOf(raw: (name: string) => string, suite: string): string {
  const given = raw('check-name');
  if (given === 'off') return '';
  return (given || `benchgate (${suite})`).slice(0, 100);
}

/** The head commit (and, when it can be established, the PR) of a publish job's triggering run. */
async function workflowRunTarget(io: ActionIo, octokit: ReturnType<ActionIo['github']>): Promise<PublishTarget | null> {
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  const parsed = WorkflowRunEvent.safeParse(readEvent(io.env));
  if (!owner || !repo || io.env['GITHUB_EVENT_NAME'] !== 'workflow_run' || !parsed.success || parsed.data.workflow_run.event !== 'pull_request') return null;
  const run = parsed.data.workflow_run;
  const pull = await resolvePullRequest(octokit, { owner, repo }, run, null).catch(() => null);
  return {
    owner,
    repo,
    pullNumber: pull?.number ?? null,
    headSha: run.head_sha,
    baseSha: null,
    baseRef: defaultBranchOf(readEvent(io.env)),
    runUrl: null,
    fork: false,
  };
}

/**
 * Puts `message` on the check run (created or completed as a failure) and the sticky comment, from the
 * raw inputs. Never throws: the step fails anyway, and its log says why.
 */
export async function publishFailure(io: ActionIo, message: string): Promise<void> {
  const raw = (name: string): string => io.getInput(name).trim();
  const mode = raw('mode');
  const token = raw('github-token');
  if ((mode !== 'compare' && mode !== 'publish') || token === '') return;
  try {
    const suite = raw('suite') || 'default';
    const octokit = io.github(token);
    const target = mode === 'compare' ? publishTarget(io) : await workflowRunTarget(io, octokit);
    if (target === null) return;
    const commentMode = (COMMENT_MODES as readonly string[]).includes(raw('comment')) ? (raw('comment') as CommentMode) : 'changed';
    // A comment is found again by the suite's marker: with a suite name the marker cannot hold, none.
    const inputs = {
      token,
      comment: NAME.test(suite) ? commentMode : ('off' as const),
      commentGroup: NAME.test(raw('comment-group')) ? raw('comment-group') : '',
      trend: 0,
      checkName: checkNameOf(raw, suite),
      historyBranch: '',
    };
    const publisher = await openPublisher(io, octokit, target, inputs, {
      gateId: NAME.test(suite) ? suite : 'default',
      reportArtifact: artifactName(NAME.test(suite) ? suite : 'default', 'report'),
    });
    await publisher?.fail(message);
  } catch (err) {
    io.warning(`benchgate: could not put the failure on the pull request: ${err instanceof Error ? err.message : String(err)}`);
  }
}
