/**
 * `mode: command`, for a workflow triggered by `issue_comment` on a pull request (issue 46): answers
 * `/benchgate accept`, `revoke`, `rerun` and `explain` (policy/acceptance-command.ts parses them
 * strictly). GitHub runs an issue_comment workflow from the default branch's file and code, never the
 * pull request's; this mode checks nothing out and runs nothing from the comment.
 *
 * - Who asks is read from the API (github/permission.ts), never from the comment: accept, revoke and
 *   rerun need write (maintain and admin included), explain read (policy/acceptance.ts). A command
 *   that is refused changes nothing: no check run, no ledger, only a reply saying why.
 * - The gate run is the newest finished run of the `workflow` input's file on the PR's head commit,
 *   found through the API; its artifacts are read as untrusted as mode publish reads them
 *   (publish-mode.ts gatherRun), the baseline from a run the PR cannot touch.
 * - An accept is bound to the regressions that hold the verdict the check shows (the comparison with
 *   the acceptances so far), recorded on the history branch (`<suite>.acceptances.json`), and the
 *   check and the comment are decided again by the one pipeline at once. A deleted comment, or one
 *   edited into no accept, withdraws what it accepted.
 * - A rerun is asked for only where more trials can help (analysis/acceptance/rerun.ts): an
 *   undecided verdict, or a hold only on cases flaky on main; a decided verdict is refused, with why.
 * - The replies are benchgate's words with every untrusted string escaped (report/acceptance-report.ts);
 *   a comment written with the job's GITHUB_TOKEN starts no workflow (GitHub's "Triggering a workflow
 *   from a workflow"), so a reply never answers itself.
 */
import { acceptancesInForce } from '../../analysis/acceptance/ledger.js';
import type { AcceptanceEvent } from '../../analysis/acceptance/model.js';
import { heldRegressions } from '../../analysis/acceptance/regressions.js';
import { rerunDecision } from '../../analysis/acceptance/rerun.js';
import type { Comparison } from '../../analysis/compare.js';
import { failureMessage, UsageError } from '../../errors.js';
import { acceptancesPath, appendAcceptances, readAcceptances } from '../../github/acceptance-branch.js';
import type { BranchFileLocation } from '../../github/branch-file.js';
import { commentEventOf, type IssueComment } from '../../github/comment-event.js';
import { readEvent } from '../../github/context.js';
import { newestGateRun } from '../../github/gate-run.js';
import { type GitHubClient, messageOf, statusOf } from '../../github/octokit.js';
import { readPermission } from '../../github/permission.js';
import { pullEvents } from '../../history/acceptance-file.js';
import { acceptanceRecord, commandContextOf, mayCommand, repoPermissionOf } from '../../policy/acceptance.js';
import { type BenchgateCommand, parseComment, type ParsedComment } from '../../policy/acceptance-command.js';
import { renderAcceptedReply, renderRefusedReply, renderRevokedReply } from '../../report/acceptance-report.js';
import { renderExplainReply, renderNoteReply, renderRerunRefusedReply, renderRerunReply } from '../../report/command-reply.js';
import { verdictText } from '../../report/verdict.js';
import { artifactName } from '../artifact-layout.js';
import { type CompareResult, decide, judgeSource, withCheckProblem } from '../decide/decide.js';
import { gatherRun, runTarget } from '../decide/gather-run.js';
import { markPublished, openPublisher } from '../decide/publisher.js';
import { budgetContextOf } from '../decide/regression-budget.js';
import type { CommandModeInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';

const NOTHING: CompareResult = { failure: null, explained: false, comparison: null };

/** The verb of a command line, for the permission check before anything is judged (the parser's line, or null). */
function verbOf(body: string, parsed: ParsedComment): BenchgateCommand['kind'] | 'unknown' {
  if (parsed.kind === 'command') return parsed.command.kind;
  if (parsed.kind !== 'refused' || parsed.refusal.code === 'several-commands' || parsed.line === null) return 'unknown';
  const verb = /^\/benchgate\s+(\S+)/.exec(body.split('\n')[parsed.line - 1] ?? '')?.[1];
  return verb === 'accept' || verb === 'revoke' || verb === 'rerun' || verb === 'explain' ? verb : 'unknown';
}

interface Asked {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  event: IssueComment;
  ledger: BranchFileLocation;
}

async function reply(io: ActionIo, a: Asked, body: string): Promise<void> {
  try {
    const { data } = await a.octokit.rest.issues.createComment({ owner: a.owner, repo: a.repo, issue_number: a.event.issue.number, body });
    io.info(`benchgate: replied ${data.html_url}`);
  } catch (error) {
    io.warning(`benchgate: the reply could not be posted (${statusOf(error) ?? 'no status'}: ${messageOf(error)}); it said: ${body.split('\n')[1] ?? ''}`);
  }
}

/** When the command was given: the comment's own time, as GitHub's payload gives it (an edit: when it was edited). */
function givenAt(event: IssueComment): string {
  const t = event.action === 'edited' ? (event.comment.updated_at ?? event.comment.created_at) : event.comment.created_at;
  return t !== undefined && Number.isFinite(Date.parse(t)) ? new Date(Date.parse(t)).toISOString() : new Date().toISOString();
}

export async function commandMode(io: ActionIo, inputs: CommandModeInputs): Promise<CompareResult> {
  if (io.env['GITHUB_EVENT_NAME'] !== 'issue_comment')
    throw new UsageError(`mode: command runs in a workflow triggered by issue_comment, not by ${io.env['GITHUB_EVENT_NAME'] || 'an unknown event'}`);
  const got = commentEventOf(readEvent(io.env));
  if ('skip' in got) {
    io.info(`benchgate: ${got.skip}; nothing to answer`);
    return NOTHING;
  }
  const event = got.comment;
  const body = event.action === 'deleted' ? '' : (event.comment.body ?? '');
  // A first reading without the report: is there a command at all? Most comments hold none.
  const first = parseComment(body, { caseIds: new Set(), gateNames: [] });
  const isCommand = first.kind === 'command' || first.kind === 'refused';
  if (event.action === 'created' && !isCommand) {
    io.info(`benchgate: comment ${event.comment.id} holds no /benchgate command${first.kind === 'ignored' ? ` (${first.why})` : ''}; nothing to answer`);
    return NOTHING;
  }
  if (inputs.publish.historyBranch === '')
    throw new UsageError(
      'input "history-branch": mode command keeps the acceptances on the history branch (<suite>.acceptances.json), where every later decision on the pull request reads them; give the branch (publish.yml passes its history-branch input)',
    );
  if (inputs.publish.token === '')
    throw new UsageError('input "github-token": required with mode: command (it reads permissions and writes the reply, the check run and the history branch)');
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) throw new UsageError('GITHUB_REPOSITORY is not set; mode: command runs on GitHub Actions');
  const octokit = io.github(inputs.publish.token);
  const asked: Asked = { octokit, owner, repo, event, ledger: { owner, repo, branch: inputs.publish.historyBranch, path: acceptancesPath(inputs.suite) } };
  const events = pullEvents(await readAcceptances(octokit, asked.ledger), event.issue.number);
  const acceptedHere = events.some((e) => e.kind === 'accept' && e.record.comment_id === event.comment.id);

  // A comment deleted, or edited into something that is no command: what it accepted is withdrawn.
  if (!isCommand) {
    if (!acceptedHere) {
      io.info(`benchgate: comment ${event.comment.id} was ${event.action} and accepted nothing; nothing to do`);
      return NOTHING;
    }
    const withdrawn: AcceptanceEvent = { kind: 'withdrawn', comment_id: event.comment.id, at: new Date().toISOString() };
    io.info(`benchgate: comment ${event.comment.id} was ${event.action}: its acceptance is withdrawn`);
    return republish(io, inputs, asked, events, [withdrawn], null);
  }

  // Who asks, on which pull request: the API's answers, not the comment's.
  const actor = event.comment.user.login;
  const perm = await readPermission(octokit, { owner, repo }, actor);
  const permission = repoPermissionOf(perm.permission, perm.role);
  const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: event.issue.number });
  const verb = verbOf(body, first);
  // The strictest need when the verb is unknown: a malformed command by a reader is refused for its permission first.
  const permitted = mayCommand(verb === 'unknown' ? 'accept' : verb, permission, actor, pull.user?.login ?? null);
  if (!permitted.ok) {
    io.info(`benchgate: the command of comment ${event.comment.id} by ${actor} (permission ${permission}) is refused: ${permitted.refusal.message}`);
    await reply(io, asked, renderRefusedReply(actor, permitted.refusal));
    return NOTHING;
  }
  if (first.kind === 'refused' && first.refusal.code !== 'unknown-targets') {
    await reply(io, asked, renderRefusedReply(actor, first.refusal));
    return NOTHING;
  }

  const run = await newestGateRun(octokit, { owner, repo, head: pull.head.sha, workflowPath: inputs.workflow });
  if (run === null) {
    await reply(
      io,
      asked,
      renderNoteReply(
        `No finished run of \`${inputs.workflow}\` on the head commit ${pull.head.sha.slice(0, 7)} yet: benchgate answers once the gate has decided.`,
      ),
    );
    return NOTHING;
  }

  // The comparison the check shows: the gate run judged with the acceptances so far.
  const { target } = runTarget(io, inputs, run);
  const gathered = await gatherRun(io, inputs, octokit, run, target);
  const budget = budgetContextOf(io, inputs);
  const shown = (await judgeSource(io, { ...inputs, reportDir: null }, gathered.source, gathered.problems, budget, events)).judged.comparison;
  if (verb === 'rerun') return rerun(io, asked, run.id, shown);
  const parsed = parseComment(body, commandContextOf(shown));
  if (parsed.kind !== 'command') {
    if (parsed.kind === 'refused') await reply(io, asked, renderRefusedReply(actor, parsed.refusal));
    return NOTHING;
  }
  const command = parsed.command;
  const at = givenAt(event);
  let added: AcceptanceEvent;
  switch (command.kind) {
    case 'explain':
      await reply(io, asked, renderExplainReply(shown, command.case_id));
      return NOTHING;
    case 'rerun':
      return rerun(io, asked, run.id, shown);
    case 'revoke': {
      added = { kind: 'revoke', by: actor, at, comment_id: event.comment.id, targets: command.targets };
      break;
    }
    case 'accept': {
      const held = shown.acceptance?.held ?? heldRegressions(shown);
      const made = acceptanceRecord(command, held, {
        by: actor,
        permission: permitted.permission as 'write' | 'maintain' | 'admin',
        at,
        head_sha: pull.head.sha,
        comment_id: event.comment.id,
      });
      if (!made.ok) {
        await reply(io, asked, renderRefusedReply(actor, made.refusal));
        return NOTHING;
      }
      added = { kind: 'accept', record: made.record };
      break;
    }
  }
  return republish(io, inputs, asked, events, [added], { run, gathered, target });
}

/**
 * `/benchgate rerun`: the gate run again, through the Actions API (a fork's run only as far as
 * GitHub's approval of fork runs allows), where more trials can help: the verdict the check shows
 * (`shown`) is undecided, or holds only on cases flaky on main (analysis/acceptance/rerun.ts). A
 * decided verdict is not re-run: the reply says why and what would change it.
 */
async function rerun(io: ActionIo, a: Asked, runId: number, shown: Comparison): Promise<CompareResult> {
  const decision = rerunDecision(shown);
  if (!decision.rerun) {
    io.info(`benchgate: /benchgate rerun of gate run ${runId} refused: ${decision.why} (${verdictText(shown)})`);
    await reply(io, a, renderRerunRefusedReply(runId, decision, verdictText(shown)));
    return NOTHING;
  }
  try {
    await a.octokit.rest.actions.reRunWorkflow({ owner: a.owner, repo: a.repo, run_id: runId });
    await reply(io, a, renderRerunReply(runId, decision));
  } catch (error) {
    await reply(
      io,
      a,
      renderNoteReply(
        `The gate run ${runId} could not be run again (HTTP ${statusOf(error) ?? '?'}): a run of a fork's pull request may wait for a maintainer's approval, and the commands workflow (commands.yml) needs \`actions: write\`.`,
      ),
    );
  }
  return NOTHING;
}

/** How many acceptances in force before a revoke it took away or narrowed (analysis/acceptance/ledger.ts). */
function changedBy(before: readonly AcceptanceEvent[], after: readonly AcceptanceEvent[]): number {
  const now = acceptancesInForce(after);
  return acceptancesInForce(before).filter((r) => {
    const kept = now.find((x) => x.comment_id === r.comment_id);
    return kept === undefined || JSON.stringify(kept) !== JSON.stringify(r);
  }).length;
}

/** Records `added`, then decides the gate run again with every event and publishes the check and the comment. */
async function republish(
  io: ActionIo,
  inputs: CommandModeInputs,
  a: Asked,
  events: readonly AcceptanceEvent[],
  added: readonly AcceptanceEvent[],
  found: {
    run: NonNullable<Awaited<ReturnType<typeof newestGateRun>>>;
    gathered: Awaited<ReturnType<typeof gatherRun>>;
    target: ReturnType<typeof runTarget>['target'];
  } | null,
): Promise<CompareResult> {
  await appendAcceptances(
    a.octokit,
    a.ledger,
    inputs.suite,
    a.event.issue.number,
    added,
    `benchgate: ${added.map((e) => e.kind).join(', ')} on #${a.event.issue.number} (${inputs.suite})`,
  );
  const all = [...events, ...added];
  let run = found?.run ?? null;
  if (run === null) {
    const { data: pull } = await a.octokit.rest.pulls.get({ owner: a.owner, repo: a.repo, pull_number: a.event.issue.number });
    run = await newestGateRun(a.octokit, { owner: a.owner, repo: a.repo, head: pull.head.sha, workflowPath: inputs.workflow });
    if (run === null) return NOTHING;
  }
  const target = found?.target ?? runTarget(io, inputs, run).target;
  const publisher = await openPublisher(io, a.octokit, target, inputs.publish, { gateId: inputs.suite, reportArtifact: artifactName(inputs.suite, 'report') });
  try {
    const gathered = found?.gathered ?? (await gatherRun(io, inputs, a.octokit, run, target));
    const decision = await decide(io, { ...inputs, reportDir: null }, gathered.source, gathered.problems, budgetContextOf(io, inputs), all);
    const cmp = decision.cmp;
    const checkProblem = (await publisher?.finish(cmp, decision.preface, inputs.failOnInconclusive, decision.budget)) ?? null;
    const last = added.at(-1);
    if (last?.kind === 'accept') await reply(io, a, renderAcceptedReply(last.record, { verdict: verdictText(cmp), held: cmp.acceptance?.held ?? [] }));
    else if (last?.kind === 'revoke') await reply(io, a, renderRevokedReply(last.by, changedBy(events, all), verdictText(cmp)));
    return withCheckProblem({ failure: null, explained: false, comparison: cmp }, checkProblem);
  } catch (err) {
    if (publisher !== null) {
      await publisher.fail(failureMessage(err));
      markPublished(err);
    }
    throw err;
  }
}
