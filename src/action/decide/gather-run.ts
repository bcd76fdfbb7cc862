/**
 * A pull request's gate run gathered for judging, shared by the modes that decide and publish it
 * (publish: the run that triggered it; command: the newest run of the PR a comment asks about): its
 * candidate downloaded and read as untrusted (size cap, the strict benchgate schema, escaping), the
 * PR established through the API, the baseline of the PR's base commit taken from the default
 * branch's own run of the same workflow (never from the PR's run, which a fork writes:
 * github/trusted-run.ts), every summary's stamps checked (provenance.ts) and the run's jobs read.
 * Nothing from the artifacts is executed.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { loadSummary } from '../../adapters/registry.js';
import { UsageError } from '../../errors.js';
import type { ListedArtifact } from '../../github/artifacts.js';
import { defaultBranchOf, readEvent } from '../../github/context.js';
import type { GitHubClient } from '../../github/octokit.js';
import { resolvePullRequest, type WorkflowRun } from '../../github/pull-request.js';
import { trustedRuns } from '../../github/trusted-run.js';
import { FAILED_CONCLUSIONS, listRunJobs } from '../../github/workflow-jobs.js';
import type { RunProblem } from '../../pipeline/judge.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { artifactName, parseShardArtifact } from '../artifact-layout.js';
import type { CommandModeInputs, PublishModeInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { BENCHGATE_FILES, roundsSourceOf, type SummaryFiles } from './decide.js';
import { provenanceProblems } from './provenance.js';
import type { PublishTarget } from './publisher.js';
import { downloadSummary, listRunArtifacts, type RoleFiles } from './role-files.js';

/** The inputs of the modes that decide and publish a gate run: publish (the triggering run), command (the newest run of a PR). */
export type RunPublishInputs = PublishModeInputs | CommandModeInputs;

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

/** No run the PR cannot touch holds the baseline yet: the check fails and says what to run. */
export class NoTrustedBaseline extends UsageError {
  override name = 'NoTrustedBaseline';
  constructor(
    message: string,
    readonly title: string,
  ) {
    super(message);
  }
}

type FindBy = { token: string; workflowRunId: number; repositoryOwner: string; repositoryName: string };

/** Where the baseline came from: its files, and the run its stamps must name. */
interface BaselineSource {
  files: RoleFiles;
  runId: number;
  commit: string;
  label: string;
}

/**
 * The baseline of the PR's base commit from the default branch's own run of the same workflow
 * (github/trusted-run.ts): the newest such run that holds the suite's baseline artifact.
 */
async function trustedBaseline(
  io: ActionIo,
  octokit: GitHubClient,
  at: { owner: string; repo: string; token: string; suite: string; into: string },
  run: WorkflowRun,
  base: { sha: string; branch: string },
): Promise<BaselineSource> {
  const workflow = run.path ?? null;
  const short = base.sha.slice(0, 7);
  const todo = (why: string) =>
    new NoTrustedBaseline(
      `no trusted baseline for the pull request's base commit ${short}: ${why}. benchgate takes the baseline of a pull request only from a successful push, workflow_dispatch or schedule run of ${workflow === null ? 'the gate workflow' : untrusted(workflow, { maxLength: 200 })} on ${untrusted(base.branch, { maxLength: 100 })} at that commit, never from the pull request's own run; run that workflow on ${untrusted(base.branch, { maxLength: 100 })} at ${short} (push it, or run it by workflow_dispatch while ${short} is the branch's head), or update the pull request's branch onto a commit that has one, then re-run this check`,
      `No trusted baseline yet for ${short}`,
    );
  if (workflow === null) throw todo('the workflow_run event does not name the workflow file of the triggering run');
  // Main's runs that had finished when the pull request's run was created come first: the run its baseline job reused.
  const runs = await trustedRuns(octokit, {
    owner: at.owner,
    repo: at.repo,
    commit: base.sha,
    branch: base.branch,
    workflowPath: workflow,
    madeBefore: run.created_at ?? null,
  });
  if (runs.length === 0) throw todo(`no successful run of it on ${untrusted(base.branch, { maxLength: 100 })} at ${short}`);
  const notes: string[] = [];
  for (const r of runs) {
    const findBy: FindBy = { token: at.token, workflowRunId: r.id, repositoryOwner: at.owner, repositoryName: at.repo };
    const listed = await listRunArtifacts(io, findBy);
    const name = artifactName(at.suite, 'baseline');
    if (!listed.some((a) => a.name === name || parseShardArtifact(at.suite, 'baseline', a.name) !== null)) {
      notes.push(`workflow run ${r.id} has no artifact ${name}`);
      continue;
    }
    const files = await downloadSummary(io, at.suite, 'baseline', join(at.into, 'trusted'), listed, findBy);
    io.info(`benchgate: the baseline of base commit ${short} comes from the ${r.event} run ${r.id} on ${base.branch} (${r.url})`);
    return { files, runId: r.id, commit: base.sha, label: `the baseline (workflow run ${r.id} on ${base.branch})` };
  }
  throw todo(notes.join('; '));
}

/** Where the verdict on `run` is published (its PR is found by gatherRun), and the client that publishes it. */
export function runTarget(io: ActionIo, inputs: RunPublishInputs, run: WorkflowRun): { octokit: GitHubClient; target: PublishTarget } {
  if (inputs.publish.token === '')
    throw new UsageError(
      `input "github-token": required with mode: ${inputs.mode} (it downloads the gate run's artifacts and writes the comment and check run)`,
    );
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) throw new UsageError(`GITHUB_REPOSITORY is not set; mode: ${inputs.mode} runs on GitHub Actions`);
  const octokit = io.github(inputs.publish.token);
  const fork = run.head_repository.full_name.toLowerCase() !== `${owner}/${repo}`.toLowerCase();
  return {
    octokit,
    target: {
      owner,
      repo,
      pullNumber: null,
      headSha: run.head_sha,
      baseSha: null,
      baseRef: defaultBranchOf(readEvent(io.env)),
      runUrl: run.html_url && /^https:\/\/[^\s()<>]+$/.test(run.html_url) ? run.html_url : null,
      fork,
    },
  };
}

/** What a gate run gives to judge: both sides' files (the baseline from a run the PR cannot touch), and what holds it besides. */
export interface GatheredRun {
  source: SummaryFiles;
  problems: RunProblem[];
}

/**
 * Downloads the run's candidate, establishes its pull request through the API (setting the target's
 * PR and base), takes the trusted baseline, checks every summary's stamps and the run's jobs. Every
 * byte of the artifacts is untrusted.
 */
export async function gatherRun(io: ActionIo, inputs: RunPublishInputs, octokit: GitHubClient, run: WorkflowRun, target: PublishTarget): Promise<GatheredRun> {
  const { owner, repo } = target;
  const into = join(io.tempDir, `benchgate-untrusted-${randomBytes(6).toString('hex')}`);
  const findBy: FindBy = { token: inputs.publish.token, workflowRunId: run.id, repositoryOwner: owner, repositoryName: repo };
  const listed = await listRunArtifacts(io, findBy);
  const c = await downloadSummary(io, inputs.suite, 'candidate', into, listed, findBy);
  // The PR number the candidate's metadata claims is only a candidate; the API decides.
  const claimed = loadSummary(c.files[0] as string, 'benchgate').metadata['github.pr'];
  const pull = await resolvePullRequest(octokit, { owner, repo }, run, typeof claimed === 'number' ? claimed : null);
  target.pullNumber = pull?.number ?? null;
  io.info(
    pull
      ? `benchgate: pull request #${pull.number} (found by ${pull.via}, head ${run.head_sha.slice(0, 7)} verified)`
      : `benchgate: no open pull request has head ${run.head_sha.slice(0, 7)} in ${run.head_repository.full_name}`,
  );
  io.setOutput('pull-request', pull?.number ?? '');
  if (pull === null || pull.baseSha === null)
    throw new NoTrustedBaseline(
      `no open pull request has head ${run.head_sha.slice(0, 7)} in ${untrusted(run.head_repository.full_name, { maxLength: 200 })}: benchgate takes the baseline from the pull request's base commit, and without the pull request it has none`,
      'No pull request for this commit',
    );
  target.baseSha = pull.baseSha;
  const b = await baselineOf(
    io,
    octokit,
    inputs,
    { owner, repo, into, listed, findBy, fork: target.fork === true, defaultBranch: target.baseRef },
    run,
    pull.baseSha,
    c.files[0] as string,
  );
  const provenance = provenanceProblems([
    { summaries: b.files.files.map((f) => loadSummary(f, 'benchgate')), want: { role: 'baseline', commit: b.commit, runId: b.runId, label: b.label } },
    {
      summaries: c.files.map((f) => loadSummary(f, 'benchgate')),
      want: { role: 'candidate', commit: run.head_sha, runId: run.id, label: `the candidate (workflow run ${run.id})` },
    },
  ]);
  for (const p of provenance) io.warning(`benchgate: ${p}; the gate holds`);
  const jobProblems = await triggeringRunProblems(octokit, { owner, repo }, run);
  for (const p of jobProblems) io.warning(`benchgate: ${p} in the triggering run; the gate holds`);
  // Each a blocking finding of the comparison (pipeline/judge.ts), which no configuration allows.
  const problems: RunProblem[] = [
    ...provenance.map((message): RunProblem => ({ code: 'provenance-mismatch', message })),
    ...jobProblems.map((message): RunProblem => ({ code: 'suite-job-failed', message })),
  ];
  return {
    source: {
      files: [b.files.files, c.files],
      load: BENCHGATE_FILES,
      sharded: { baseline: b.files.sharded, candidate: c.sharded },
      artifacts: { baseline: b.files.artifacts, candidate: c.artifacts },
      ...roundsSourceOf(c, `${owner}/${repo}`, pull.number),
    },
    problems,
  };
}

/**
 * The baseline publish compares with: the default branch's run (trustedBaseline), or, with
 * `baseline-from: pull-request-run` on a same-repository pull request, the triggering run's own.
 */
async function baselineOf(
  io: ActionIo,
  octokit: GitHubClient,
  inputs: RunPublishInputs,
  at: { owner: string; repo: string; into: string; listed: ListedArtifact[]; findBy: FindBy; fork: boolean; defaultBranch: string | null },
  run: WorkflowRun,
  baseSha: string,
  candidateFile: string,
): Promise<BaselineSource> {
  if (inputs.baselineFrom === 'pull-request-run' && !at.fork) {
    const files = await downloadSummary(io, inputs.suite, 'baseline', at.into, at.listed, at.findBy);
    // The base commit the run was for (the API's may have moved on since); the run is the PR's, trusted by this input.
    const stamped = loadSummary(candidateFile, 'benchgate').metadata['github.pr_base_sha'];
    const commit = typeof stamped === 'string' && /^[0-9a-f]{40,64}$/.test(stamped) ? stamped : baseSha;
    io.info(`benchgate: baseline-from: pull-request-run: the baseline is the triggering run's own (a same-repository pull request)`);
    return { files, runId: run.id, commit, label: `the baseline (workflow run ${run.id})` };
  }
  if (inputs.baselineFrom === 'pull-request-run')
    io.info("benchgate: baseline-from: pull-request-run is ignored for a pull request from a fork: its run is the fork's to write");
  if (at.defaultBranch === null) throw new UsageError("the workflow_run event does not name the repository's default branch (repository.default_branch)");
  return trustedBaseline(io, octokit, { owner: at.owner, repo: at.repo, token: inputs.publish.token, suite: inputs.suite, into: at.into }, run, {
    sha: baseSha,
    branch: at.defaultBranch,
  });
}
