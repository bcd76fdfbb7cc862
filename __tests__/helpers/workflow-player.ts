// Plays a workflow as GitHub runs it, with only the services doubled. The workflow is read by
// GitHub's own parser (@actions/workflow-parser: parseWorkflow + convertWorkflowTemplate, the called
// reusable workflow fetched from this repository), and every `${{ }}` (job and step `if`, matrix,
// `with`, `env`, `secrets`, inputs and their defaults, job outputs) is evaluated by GitHub's own
// expression engine (@actions/expressions) with the runner's status functions and hashFiles. Jobs run
// in `needs` order, a matrix job once per combination; `run:` steps go to bash with GITHUB_OUTPUT and
// GITHUB_ENV, `./.benchgate-action` steps to the composite player (the committed dist/ as the runner
// runs action.yml), actions/github-script steps to their script with a real Octokit against the REST
// double, upload-/download-artifact steps to the real artifact client against the results service
// double (helpers/workflow-artifacts.ts). actions/checkout checks the ref out of a real git repository (benchgate's own
// `job.workflow_repository` at `job.workflow_sha` is this working tree); setup-node/-python are no-ops.
// A step with continue-on-error fails alone, as on GitHub. GitHub's rules the parser leaves to the
// server are applied here: a called job's token gets at most what the caller grants, and without `contents: read` a private repository's checkout fails.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { WorkflowTemplate } from '@actions/workflow-parser';
import type { Job as ParsedJob, ReusableWorkflowJob, WorkflowJob } from '@actions/workflow-parser/model/workflow-template';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';
import { parse as parseYaml } from 'yaml';

import { REPO_ROOT } from './composite.js';
import { parseWorkflowText } from './github-parser.js';
import { TEST_TOKEN } from './octokit-client.js';
import { playStep, type RunState } from './workflow-steps.js';
import {
  asString,
  cap,
  type Ctx,
  evaluate,
  type JobPlay,
  permissionsOf,
  type PlayEvent,
  type PlayWorld,
  type StepPlay,
  valueOf,
  type WorkflowPlay,
} from './workflow-values.js';

export type { JobPlay, PlayEvent, PlayWorld, StepPlay, WorkflowPlay } from './workflow-values.js';

/** Whether the workflow's `on` takes this event (types, branches are not modelled; paths are). */
function triggered(template: WorkflowTemplate, event: PlayEvent): boolean {
  const on = template.events[event.name] as { types?: string[]; paths?: string[] } | undefined;
  if (on === undefined) return false;
  const action = event.payload['action'] as string | undefined;
  if (on.types && action !== undefined && !on.types.includes(action)) return false;
  if (on.paths && event.changed) {
    // A glob: `**` any path, `*` any name within one folder.
    const glob = (p: string) =>
      new RegExp(
        `^${p
          .split('**')
          .map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
          .join('.*')}$`,
      );
    const re = on.paths.map(glob);
    if (!event.changed.some((f) => re.some((r) => r.test(f)))) return false;
  }
  return true;
}

/** Every combination of a job's matrix (the cross product; include/exclude are not used by benchgate). */
function combinations(matrix: Record<string, unknown> | undefined): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [k, values] of Object.entries(matrix ?? {})) out = out.flatMap((c) => (values as unknown[]).map((v) => ({ ...c, [k]: v })));
  return out;
}

async function playJob(job: ParsedJob, s: RunState, needs: Ctx, anyFailed: boolean): Promise<JobPlay[]> {
  const id = job.id.value;
  const base: Ctx = { github: s.github, inputs: s.inputs, needs, secrets: s.secrets, vars: {}, runner: { os: 'Linux', arch: 'X64', temp: '' } };
  const ifText = job.if ? job.if.expression : 'success()';
  if (evaluate(ifText, base, { failed: anyFailed }).coerceString() !== 'true') return [{ id, name: id, matrix: {}, result: 'skipped', steps: [], outputs: {} }];
  const strategy = valueOf(job.strategy, base) as { matrix?: Record<string, unknown> } | undefined;
  const perms = cap(permissionsOf(s.raw.jobs[id]?.permissions ?? s.raw.permissions), s.granted);
  const plays: JobPlay[] = [];
  for (const matrix of combinations(strategy?.matrix)) {
    const name = Object.keys(matrix).length ? `${id} (${Object.values(matrix).map(asString).join(', ')})` : id;
    const dir = mkdtempSync(join(s.world.root, `${id}-`));
    const [workspace, temp] = [join(dir, 'workspace'), join(dir, 'temp')];
    mkdirSync(workspace);
    mkdirSync(temp);
    const eventPath = join(dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify(s.event.payload));
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: process.env['HOME'] ?? dir,
      ...s.world.results.env(s.event.run, `job-${name}`),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: s.world.gh.url,
      GITHUB_EVENT_NAME: s.event.name,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: s.event.sha,
      GITHUB_REF: s.event.ref,
      GITHUB_RUN_ID: String(s.github['run_id']),
      GITHUB_RUN_ATTEMPT: String(s.github['run_attempt']),
      GITHUB_WORKFLOW: String(s.github['workflow']),
      GITHUB_WORKFLOW_REF: String(s.github['workflow_ref']),
      GITHUB_JOB: id,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: temp,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
    };
    // An environment's secrets reach the job that names it, over a passed secret of the same name.
    const environment = valueOf(job.environment, { ...base, matrix });
    const named = asString(environment !== null && typeof environment === 'object' ? (environment as Ctx)['name'] : environment);
    if (named !== '' && s.world.environments?.[named] === undefined) throw new Error(`test error: no environment ${named}`);
    const ctx: Ctx = {
      ...base,
      // The job's own RUNNER_TEMP, as the runner's context gives it to steps.
      runner: { os: 'Linux', arch: 'X64', temp },
      secrets: { ...s.secrets, ...(named !== '' ? s.world.environments?.[named] : {}) },
      matrix,
      strategy: {},
      steps: {},
      env,
      job: { status: 'success', workflow_repository: s.workflowRef.repository, workflow_sha: s.workflowRef.sha },
    };
    const state = { id, ctx, env, workspace, perms, failed: false, cancelled: false };
    const steps: StepPlay[] = [];
    for (const [index, step] of job.steps.entries()) {
      if (s.event.cancel?.job === id && s.event.cancel.step === index) {
        [state.cancelled, (ctx['job'] as Ctx)['status']] = [true, 'cancelled'];
        steps.push({ name: String(step.name ? valueOf(step.name, ctx) : step.id), outcome: 'cancelled', log: '', outputs: {} });
        continue;
      }
      const played = await playStep(step, index, s, state).catch((err: Error) => {
        throw new Error(`${name}, step ${step.id}: ${err.message}`);
      });
      if (process.env['BENCHGATE_PLAY_LOG']) process.stderr.write(`[${name}] ${played.name}: ${played.outcome}\n${played.log}\n`);
      steps.push(played);
      // continue-on-error: a failed step's conclusion is success, and the job goes on as if it passed.
      const c = 'continue-on-error' in step ? step['continue-on-error'] : undefined;
      const tolerated = typeof c === 'boolean' ? c : c !== undefined && asString(valueOf(c as TemplateToken, ctx)) === 'true';
      const conclusion = played.outcome === 'failure' && tolerated ? 'success' : played.outcome;
      if (conclusion === 'failure') [state.failed, (ctx['job'] as Ctx)['status']] = [true, 'failure'];
      if (step.id && !step.id.startsWith('__')) (ctx['steps'] as Ctx)[step.id] = { outputs: played.outputs, outcome: played.outcome, conclusion };
    }
    const outputs = Object.fromEntries(Object.entries((valueOf(job.outputs, ctx) ?? {}) as Ctx).map(([k, v]) => [k, asString(v)]));
    const result = state.cancelled ? 'cancelled' : state.failed ? 'failure' : 'success';
    plays.push({ id, name, matrix, result, steps, outputs, environment: named });
  }
  return plays;
}

/** Plays a caller workflow (its one job calls a reusable workflow, or its jobs are its own) for one event. */
export async function playWorkflow(callerText: string, world: PlayWorld, event: PlayEvent): Promise<WorkflowPlay> {
  const { errors, template, root } = await parseWorkflowText('caller.yml', callerText);
  if (errors.length > 0 || template === null || root === null) throw new Error(`test error: the workflow does not parse: ${errors.join('; ')}`);
  if (!triggered(template, event)) return { triggered: false, jobs: [] };
  const rawCaller = parseYaml(callerText) as { name?: string; permissions?: unknown; jobs: Record<string, { permissions?: unknown }> };
  const repository = `${world.results.owner}/${world.results.repo}`;
  const github: Ctx = {
    event_name: event.name,
    event: event.payload,
    sha: event.sha,
    ref: event.ref,
    repository,
    repository_owner: world.results.owner,
    run_id: String(world.results.runId(event.run)),
    run_attempt: String(event.attempt ?? 1),
    workflow: rawCaller.name ?? 'caller.yml',
    // The caller's file, in a reusable workflow too (docs.github.com, Reusing workflows: "the github
    // context is always associated with the caller workflow"): the file the API double's runs ran.
    workflow_ref: `${repository}/.github/workflows/benchgate.yml@${event.ref}`,
    token: TEST_TOKEN,
    server_url: 'https://github.com',
    api_url: world.gh.url,
  };
  const secrets = { GITHUB_TOKEN: TEST_TOKEN, ...(event.secrets ?? {}) };
  const callerCtx: Ctx = { github, secrets, vars: {}, inputs: {}, needs: {} };
  const played: JobPlay[] = [];
  world.gh.readOnly = event.readOnlyToken ?? false;
  try {
    for (const top of template.jobs as WorkflowJob[]) {
      const granted = permissionsOf(rawCaller.jobs[top.id.value]?.permissions ?? rawCaller.permissions) ?? {};
      let jobs: WorkflowJob[] = [top];
      let s: RunState = {
        world,
        event,
        github,
        inputs: {},
        secrets,
        granted,
        raw: rawCaller,
        root,
        workflowRef: { repository: 'benchgate/benchgate', sha: 'f'.repeat(40) },
      };
      if (top.type === 'reusableWorkflowJob') {
        const call = top as ReusableWorkflowJob;
        const path = call.ref.value
          .replace(/^\.\//, '')
          .replace(/^benchgate\/benchgate\//, '')
          .replace(/@.*$/, '');
        const defs = (valueOf(call['input-definitions'], callerCtx) ?? {}) as Record<string, { default?: unknown }>;
        const given = (valueOf(call['input-values'], callerCtx) ?? {}) as Ctx;
        const inputs = Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, k in given ? given[k] : (d.default ?? '')]));
        const passed = (valueOf(call['secret-values'], callerCtx) ?? {}) as Record<string, string>;
        const text = readFileSync(join(REPO_ROOT, path), 'utf8');
        const called = await parseWorkflowText(path, text);
        if (called.root === null) throw new Error(`test error: ${path} does not parse`);
        s = { ...s, inputs, secrets: { ...passed, GITHUB_TOKEN: TEST_TOKEN }, raw: parseYaml(text) as RunState['raw'], root: called.root };
        jobs = call.jobs ?? [];
      }
      const results: Record<string, JobPlay[]> = {};
      for (const job of jobs) {
        if (job.type !== 'job') throw new Error('test error: nested reusable workflows are not played');
        const needs = Object.fromEntries(
          (job.needs ?? []).map((n) => {
            const p = results[n.value] ?? [];
            const result = p.some((j) => j.result === 'failure') ? 'failure' : p.every((j) => j.result === 'skipped') ? 'skipped' : 'success';
            return [n.value, { result, outputs: Object.assign({}, ...p.map((j) => j.outputs)) as Ctx }];
          }),
        );
        const anyFailed = Object.values(needs).some((n) => (n as { result: string }).result !== 'success');
        results[job.id.value] = await playJob(job, s, needs, anyFailed);
        played.push(...results[job.id.value]!.map((j) => (top.type === 'reusableWorkflowJob' ? { ...j, name: `${top.id.value} / ${j.name}` } : j)));
      }
    }
  } finally {
    world.gh.readOnly = false;
  }
  return { triggered: true, jobs: played };
}
