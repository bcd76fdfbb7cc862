/**
 * `mode: compare`: take both summaries (the roles' artifacts of this workflow run, or local files),
 * compare them with the core, write the reports (job summary, files, one report artifact), set the
 * outputs, and fail on hold unless told not to. Artifact contents are untrusted input: they are read
 * as benchgate summaries only, strictly, size-capped, and nothing in them is ever executed.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { failureMessage, InputError } from '../../errors.js';
import { type ListedArtifact, uploadSummaryArtifact } from '../../github/artifacts.js';
import { pullRequestOf, readEvent } from '../../github/context.js';
import { loadRun } from '../../load/load.js';
import type { RunProblem } from '../../pipeline/judge.js';
import { whatWouldDecide } from '../../report/deciding.js';
import { untrusted } from '../../report/markdown/markdown.js';
import { verdictText } from '../../report/verdict.js';
import { NO_FIELDS } from '../../schema/pack.js';
import { artifactName, parseShardArtifact } from '../artifact-layout.js';
import {
  BENCHGATE_FILES,
  type CompareResult,
  decide,
  type Decision,
  failedJobs,
  holdFailure,
  judgeSource,
  publishTarget,
  roundsSourceOf,
  type SummaryFiles,
  withCheckProblem,
} from '../decide/decide.js';
import { markPublished, openPublisher, type Publisher } from '../decide/publisher.js';
import { budgetContextOf } from '../decide/regression-budget.js';
import { downloadSummary, listRunArtifacts, loadShards, mergedRole } from '../decide/role-files.js';
import { recordBaselineHistory } from '../decide/trend.js';
import type { CompareInputs, Role } from '../inputs/inputs.js';
import { type ActionIo } from '../io.js';

export async function compareMode(io: ActionIo, inputs: CompareInputs): Promise<CompareResult> {
  // A look (next-cases) publishes nothing: only the gate job's verdict is the check's.
  const target = inputs.publish.token === '' || inputs.nextCases !== null ? null : publishTarget(io);
  const publisher =
    target === null
      ? null
      : await openPublisher(io, io.github(inputs.publish.token), target, inputs.publish, {
          gateId: inputs.suite,
          reportArtifact: artifactName(inputs.suite, 'report'),
        });
  try {
    return await compareAndReport(io, inputs, publisher);
  } catch (err) {
    if (publisher !== null) {
      await publisher.fail(failureMessage(err));
      markPublished(err);
    }
    throw err;
  }
}

async function compareAndReport(io: ActionIo, inputs: CompareInputs, publisher: Publisher | null): Promise<CompareResult> {
  const problems = failedJobs(inputs.needs);
  const jobProblems = problems.map((p) => p.message);
  for (const p of jobProblems) io.error(`benchgate: ${p}; the gate holds`);

  let source: SummaryFiles;
  // This run's artifacts, listed once: both roles download from the listing, and the report replaces
  // an artifact of its name (an earlier run's, when the job is re-run) only when the listing has one.
  let listed: { name: string }[] | null = null;
  if (inputs.baseline !== null && inputs.candidate !== null) {
    source = { files: [[resolve(io.workspace, inputs.baseline)], [resolve(io.workspace, inputs.candidate)]], load: inputs.load };
  } else {
    const into = join(io.tempDir, `benchgate-download-${randomBytes(4).toString('hex')}`);
    try {
      const run = (listed = await listRunArtifacts(io));
      if (inputs.nextCases === null && baselineOnly(io, inputs.suite, run))
        return await recordMeasuredBaseline(io, inputs, publisher, { into, listed: run }, jobProblems);
      const [b, c] = [await downloadSummary(io, inputs.suite, 'baseline', into, run), await downloadSummary(io, inputs.suite, 'candidate', into, run)];
      source = {
        files: [b.files, c.files],
        load: BENCHGATE_FILES,
        sharded: { baseline: b.sharded, candidate: c.sharded },
        artifacts: { baseline: b.artifacts, candidate: c.artifacts },
        ...roundsSourceOf(c, io.env['GITHUB_REPOSITORY'] ?? '', pullRequestOf(readEvent(io.env))?.number ?? null),
      };
    } catch (err) {
      if (jobProblems.length === 0) throw err;
      throw new InputError(`${jobProblems.join('; ')}; ${(err as Error).message}`);
    }
  }
  if (inputs.nextCases !== null) return look(io, inputs, inputs.nextCases, source, problems);
  // Acceptances (/benchgate accept) are applied where the check is published from main's code: mode
  // publish and mode command; this job's own result, in the pull request's run, is the run's.
  const decision = await decide(io, inputs, source, problems, budgetContextOf(io, inputs));
  const uploaded = await uploadSummaryArtifact(io.artifacts, {
    name: decision.reportArtifact,
    files: [...Object.values(decision.paths), ...decision.extraFiles],
    rootDirectory: decision.dir,
    retentionDays: inputs.retentionDays,
    overwrite: listed === null || listed.some((a) => a.name === decision.reportArtifact),
  });
  if (uploaded.replaced !== null)
    io.info(`benchgate: replaced artifact ${decision.reportArtifact} (id ${uploaded.replaced}) from an earlier run of this job (a re-run)`);
  io.info(`benchgate: uploaded reports as artifact ${decision.reportArtifact} (id ${uploaded.id})`);
  io.setOutput('report-artifact-id', uploaded.id);
  const checkProblem = (await publisher?.finish(decision.cmp, decision.preface, inputs.failOnInconclusive, decision.budget)) ?? null;
  await recordBaselineHistory(io, inputs, decision.cmp.baseline, jobProblems);
  return withCheckProblem(outcomeOf(io, inputs, decision), checkProblem);
}

/**
 * A look between design main's rounds (`next-cases`, gate.yml's round jobs): this run's rounds judged
 * as the gate judges them, and, while the verdict is undecided and rounds are left, the next round's
 * cases (drawn by case, round and pull request: analysis/main-design.ts) written as a JSON array and
 * its number set as `next-round`. Only what decides whether to spend more: no report, no check, no
 * history, never a failure; the gate job judges every round that ran, its first decided round the verdict.
 */
async function look(io: ActionIo, inputs: CompareInputs, file: string, source: SummaryFiles, problems: RunProblem[]): Promise<CompareResult> {
  const { judged } = await judgeSource(io, inputs, source, problems);
  const cmp = judged.comparison;
  const main = judged.main;
  const rounds = main?.round ?? 1;
  const more = main !== null && cmp.verdict === 'inconclusive' && rounds < inputs.mainRounds && main.next.length > 0;
  const out = resolve(io.workspace, file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, more ? `${JSON.stringify(main.next)}\n` : '[]\n');
  io.setOutput('next-round', more ? rounds + 1 : '');
  io.setOutput('verdict', cmp.verdict);
  const at = (verdict: string) => `after round ${rounds} of ${inputs.mainRounds}: ${verdict}`;
  const why = cmp.verdict !== 'inconclusive' ? 'decided' : rounds >= inputs.mainRounds ? 'main-rounds reached' : 'no case drawn';
  const line = (verdict: string, shown: string) =>
    more
      ? `${at(verdict)}; round ${rounds + 1} runs ${main.next.length} of the ${main.ids.length} cases, listed in ${shown}`
      : `${at(verdict)}; no more rounds (${why})`;
  io.info(`benchgate: look ${line(verdictText(cmp), file)}`);
  await io.appendSummary(`benchgate: look ${line(`**${cmp.verdict}**`, untrusted(file))}.\n`);
  return { failure: null, explained: false, comparison: cmp };
}

/**
 * True for a run that measured only the baseline: not for a pull request (a push to the default
 * branch, a dispatch or a schedule), with the role's artifact and no candidate's. gate.yml runs the
 * suite once on such a run; there is nothing to compare, the baseline is the one later pull requests
 * take (publish's trusted baseline, reuse-baseline) and the history records.
 */
function baselineOnly(io: ActionIo, suite: string, listed: readonly { name: string }[]): boolean {
  if (pullRequestOf(readEvent(io.env)) !== null) return false;
  const has = (role: Role) => listed.some((a) => a.name === artifactName(suite, role) || parseShardArtifact(suite, role, a.name) !== null);
  return has('baseline') && !has('candidate');
}

/** The baseline-only run (baselineOnly): its summary read (shards merged), the history recorded, the check (when asked for) done. */
async function recordMeasuredBaseline(
  io: ActionIo,
  inputs: CompareInputs,
  publisher: Publisher | null,
  at: { into: string; listed: ListedArtifact[] },
  jobProblems: string[],
): Promise<CompareResult> {
  const b = await downloadSummary(io, inputs.suite, 'baseline', at.into, at.listed);
  const run = b.sharded
    ? mergedRole('baseline', loadShards(b.files, BENCHGATE_FILES.baseline), at.into, NO_FIELDS).run
    : loadRun(b.files[0] as string, BENCHGATE_FILES.baseline);
  const summary = run.summary;
  const commit = String(summary.metadata['git.commit'] ?? summary.metadata['github.sha'] ?? io.env['GITHUB_SHA'] ?? 'unknown').slice(0, 7);
  const line = `measured the baseline of ${commit} once (a ${io.env['GITHUB_EVENT_NAME'] || 'non-pull-request'} run has no candidate to compare); pull requests based on this commit take it as their baseline`;
  io.info(`benchgate: ${line}`);
  await io.appendSummary(`benchgate ${line}.\n`);
  await recordBaselineHistory(io, inputs, run, jobProblems);
  if (jobProblems.length > 0) return { failure: `a suite job did not succeed: ${jobProblems.join('; ')}`, explained: false, comparison: null };
  const checkProblem = (await publisher?.measured(`Baseline measured for ${commit}`, `benchgate ${line}.`)) ?? null;
  return withCheckProblem({ failure: null, explained: false, comparison: null }, checkProblem);
}

function outcomeOf(io: ActionIo, inputs: CompareInputs, decision: Decision): CompareResult {
  if (decision.cmp.verdict === 'hold' && inputs.failOnHold) return { failure: holdFailure(decision), explained: true, comparison: decision.cmp };
  if (decision.cmp.verdict === 'inconclusive') {
    const why = verdictText(decision.cmp);
    const decide = whatWouldDecide(decision.cmp);
    const what = decide.length === 0 ? '' : `; what would decide it: ${decide.join('; ')}`;
    if (inputs.failOnInconclusive)
      return {
        failure: `${why}${what} (an undecided verdict fails the gate; fail-on-inconclusive: false is advisory mode)`,
        explained: true,
        comparison: decision.cmp,
      };
    io.warning(`benchgate: ${why}${what}; the step passes (advisory mode: fail-on-inconclusive is false)`);
  }
  return { failure: null, explained: false, comparison: decision.cmp };
}
