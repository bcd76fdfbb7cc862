/**
 * `reuse-baseline` in the run mode: a baseline job on a pull request first looks for the baseline an
 * earlier push run measured for the PR's base commit (github/baseline-reuse.ts). When one exists with
 * the same suite and fingerprint, it becomes this run's baseline artifact, stamped with where it came
 * from (`reuse.*`), and the suite does not run; otherwise the suite runs (`prefer`) or the step fails
 * (`require`), saying why. A summary stamped for another commit is never taken, nor, with
 * main_max_age, main's runs that would be older than that when the gate judges: the suite measures
 * them again at the base commit, so the gate judges fresh runs instead of holding on stale ones.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadSummary } from '../../adapters/registry.js';
import { commandSucceeded } from '../../analysis/integrity/findings.js';
import { measuredAt } from '../../analysis/main-design.js';
import { ArtifactBudgetError, InputError } from '../../errors.js';
import { findReusableBaseline } from '../../github/baseline-reuse.js';
import { defaultBranchOf, pullRequestOf, readEvent } from '../../github/context.js';
import { type GitHubClient, messageOf } from '../../github/octokit.js';
import { workflowPathOf } from '../../github/trusted-run.js';
import { ageHours } from '../../policy/values.js';
import type { BenchmarkSummary } from '../../schema/summary.js';
import { MAX_ARTIFACT_SUMMARY_BYTES } from '../artifact-layout.js';
import type { RunInputs } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';
import { withMetadata } from '../suite/metadata.js';

export type Reuse = { summary: BenchmarkSummary; note: string } | { summary: null; why: string };

/** Why a found summary cannot stand for this job's baseline, or null. */
function mismatch(summary: BenchmarkSummary, commit: string, inputs: RunInputs): string | null {
  const m = summary.metadata;
  if (m['github.sha'] !== commit && m['git.commit'] !== commit)
    return `it is stamped for commit ${String(m['github.sha'] ?? m['git.commit'] ?? 'unknown').slice(0, 7)}, not ${commit.slice(0, 7)}`;
  if (m['benchgate.suite'] !== inputs.suite) return `it is of suite ${String(m['benchgate.suite'])}`;
  for (const [key, value] of Object.entries(inputs.fingerprint)) {
    if (m[key] !== value) return `its fingerprint ${key} is ${JSON.stringify(m[key] ?? null)}, this job's is ${JSON.stringify(value)}`;
  }
  if (!commandSucceeded(m)) return 'its suite command did not succeed';
  return staleness(summary, inputs, Date.now());
}

/** The candidate's rounds in gate.yml (round-2, round-3 after the first), each within the suite's timeout. */
const GATE_ROUNDS = 3;

/**
 * main_max_age: the gate judges the runs (pipeline/judge.ts staleDraft) only after the candidate's
 * jobs end, which run beside this one: at most GATE_ROUNDS of them, one after another, each within
 * `timeout-minutes`. Runs that would pass the limit by then, or that record no time (their age is
 * unknown, and the gate holds on them), are measured again. summary.json is the first trial, the
 * oldest run (suite/trial.ts).
 */
function staleness(summary: BenchmarkSummary, inputs: RunInputs, now: number): string | null {
  if (inputs.mainMaxAge === null) return null;
  const limit = ageHours(inputs.mainMaxAge);
  const at = measuredAt(summary);
  if (at === null) return `it records no time it was measured, and main-max-age is ${String(inputs.mainMaxAge)}`;
  const headroom = (GATE_ROUNDS * inputs.timeoutMinutes) / 60;
  const age = (now - at) / 36e5;
  if (age + headroom <= limit) return null;
  return `it was measured ${age.toFixed(1)} hours ago, and with the candidate's rounds still to run (up to ${headroom.toFixed(1)} hours) it would be older than main-max-age ${String(inputs.mainMaxAge)} when the gate judges`;
}

const hours = (iso: string | null): number | null =>
  iso === null || Number.isNaN(Date.parse(iso)) ? null : Math.round(((Date.now() - Date.parse(iso)) / 36e5) * 10) / 10;

/**
 * When this job's workflow run was created (the same on every attempt), as publish reads it from its
 * workflow_run event: main's runs that had finished by then are tried first on both sides
 * (github/trusted-run.ts), so both take the same one. Unknown, reuse takes main's newest run and says
 * that publish may take another if main is measured again before it judges.
 */
async function ownRunCreatedAt(io: ActionIo, octokit: GitHubClient, owner: string, repo: string): Promise<string | null> {
  const id = Number(io.env['GITHUB_RUN_ID']);
  let why: string;
  if (Number.isSafeInteger(id) && id > 0) {
    try {
      const { data } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: id });
      if (!Number.isNaN(Date.parse(data.created_at))) return data.created_at;
      why = 'GitHub gives it no creation time';
    } catch (err) {
      why = `reading it failed (${messageOf(err)})`;
    }
  } else why = 'GITHUB_RUN_ID is not set';
  io.warning(
    `benchgate: reuse-baseline: when this workflow run was created is unknown (${why}); main's newest run of the base commit is taken, and publish may judge against another if main is measured again at that commit before it does`,
  );
  return null;
}

/** The reused baseline, written to `staging` with the artifact's other files, or why there is none. */
export async function reuseBaseline(io: ActionIo, inputs: RunInputs, staging: string, token: string): Promise<Reuse> {
  const event = readEvent(io.env);
  const commit = pullRequestOf(event)?.baseSha ?? null;
  if (commit === null) return { summary: null, why: 'this run is not for a pull request with a base commit' };
  const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo || token === '') return { summary: null, why: 'no repository or token to look up earlier runs' };
  // Publish takes the default branch's run of the same workflow file (action/decide/gather-run.ts), so reuse looks at those alone.
  const branch = defaultBranchOf(event);
  if (branch === null) return { summary: null, why: "the event does not name the repository's default branch (repository.default_branch)" };
  const workflowPath = inputs.reuseWorkflow ?? workflowPathOf(io.env);
  if (workflowPath === null)
    return { summary: null, why: 'GITHUB_WORKFLOW_REF does not name a workflow file of this repository, whose runs alone are reused (or give reuse-workflow)' };
  const artifact = `benchgate-${inputs.suite}-baseline`;
  const octokit = io.github(token);
  const madeBefore = await ownRunCreatedAt(io, octokit, owner, repo);
  let result;
  try {
    result = await findReusableBaseline(octokit, io.artifacts, {
      owner,
      repo,
      commit,
      branch,
      workflowPath,
      madeBefore,
      artifact,
      token,
      path: join(io.tempDir, `benchgate-reused-${randomBytes(4).toString('hex')}`),
    });
  } catch (err) {
    // An artifact over the extraction budget (github/artifact-extract.ts) is refused, not a lookup that failed.
    if (err instanceof ArtifactBudgetError) return { summary: null, why: `the baseline artifact of an earlier run was refused: ${err.message}` };
    return { summary: null, why: `looking up earlier runs failed (${messageOf(err)}); the token needs actions: read` };
  }
  const found = result.found;
  if (found === null) return { summary: null, why: result.notes.join('; ') };
  const file = join(found.dir, 'summary.json');
  if (!existsSync(file) || statSync(file).size > MAX_ARTIFACT_SUMMARY_BYTES)
    return { summary: null, why: `the artifact of workflow run ${found.runId} holds no usable summary.json` };
  let summary: BenchmarkSummary;
  try {
    summary = loadSummary(file, 'benchgate');
  } catch (err) {
    return { summary: null, why: `the summary of workflow run ${found.runId} is not valid: ${err instanceof InputError ? err.message : String(err)}` };
  }
  const wrong = mismatch(summary, commit, inputs);
  if (wrong !== null) return { summary: null, why: `the baseline of workflow run ${found.runId} does not fit: ${wrong}` };
  const age = hours(found.createdAt);
  const stamped = withMetadata(summary, {
    'reuse.commit': commit,
    'reuse.run_id': found.runId,
    'reuse.run_url': found.runUrl,
    'reuse.artifact_id': found.artifactId,
    'reuse.age_hours': age,
  }).summary;
  // found.dir holds what the budgeted extraction wrote (github/artifact-extract.ts): regular files
  // only, at safe paths, ARTIFACT_EXTRACT_MAX_BYTES in all; never the artifact's zip as it came.
  cpSync(found.dir, staging, { recursive: true });
  writeFileSync(join(staging, 'summary.json'), JSON.stringify(stamped));
  const note = `reused the baseline of base commit ${commit.slice(0, 7)} from workflow run ${found.runId} (${found.runUrl})${age === null ? '' : `, ${age} hours old`}`;
  return { summary: stamped, note };
}
