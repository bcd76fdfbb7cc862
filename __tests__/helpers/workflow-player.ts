// Plays a workflow as GitHub runs it, with only the services doubled. The workflow is read by
// GitHub's own parser (@actions/workflow-parser: parseWorkflow + convertWorkflowTemplate, the called
// reusable workflow fetched from this repository), and every `${{ }}` (job and step `if`, matrix,
// `with`, `env`, `secrets`, inputs and their defaults, job outputs) is evaluated by GitHub's own
// expression engine (@actions/expressions) with the runner's status functions and hashFiles. Jobs run
// in `needs` order, a matrix job once per combination; `run:` steps go to bash with GITHUB_OUTPUT and
// GITHUB_ENV, `./.benchgate-action` steps to the composite player (the committed dist/ as the runner
// runs action.yml), actions/github-script steps to their script with a real Octokit against the REST
// double. actions/checkout checks the ref out of a real git repository (benchgate's own
// `job.workflow_repository` at `job.workflow_sha` is this working tree); setup-node/-python are no-ops.
// GitHub's rules the parser leaves to the server are applied here: a called job's token gets at most
// what the caller grants, and without `contents: read` a private repository's checkout fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { isBasicExpression, isLiteral, isMapping, isSequence, type WorkflowTemplate } from '@actions/workflow-parser';
import type { Job as ParsedJob, ReusableWorkflowJob, Step, WorkflowJob } from '@actions/workflow-parser/model/workflow-template';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';
import { parse as parseYaml } from 'yaml';
import type { GitHubApiDouble } from '../doubles/github-api.js';
import type { ResultsServiceDouble } from '../doubles/results-service.js';
import { loadManifest, parseOutputFile, REPO_ROOT, runComposite } from './composite.js';
import { parseWorkflowText } from './github-parser.js';
import { octokitClient, TEST_TOKEN } from './octokit-client.js';

export interface PlayWorld {
  results: ResultsServiceDouble;
  gh: GitHubApiDouble;
  root: string;
  /** The repository's git directory (base and head commits in it). */
  git: string;
  /** Its default branch's commit (what a checkout without ref gets, as on workflow_run and pull_request_target). */
  defaultSha: string;
  private?: boolean;
  /** Environments by name: their secrets, given to a job that names the environment (they win over a passed secret of the same name). */
  environments?: Record<string, Record<string, string>>;
}

export interface PlayEvent {
  name: string;
  payload: Record<string, unknown>;
  sha: string;
  ref: string;
  /** The results service double's run (its backend id names the run's artifacts). */
  run: string;
  attempt?: number;
  secrets?: Record<string, string>;
  /** A fork's pull_request run: a read-only token. */
  readOnlyToken?: boolean;
  /** Files the triggering push or PR changed (for `paths:` filters). */
  changed?: string[];
  /** Cancels (or times out) job `job` as its step number `step` (from 0) starts: that step never ends; steps after it run on always() or cancelled(). */
  cancel?: { job: string; step: number };
}

export interface StepPlay {
  name: string;
  outcome: 'success' | 'failure' | 'skipped' | 'cancelled';
  log: string;
  outputs: Record<string, string>;
}
export interface JobPlay {
  id: string;
  name: string;
  matrix: Record<string, unknown>;
  result: 'success' | 'failure' | 'skipped' | 'cancelled';
  steps: StepPlay[];
  outputs: Record<string, string>;
  /** The job's environment ('' for none). */
  environment?: string;
}
export interface WorkflowPlay {
  triggered: boolean;
  jobs: JobPlay[];
}

type Ctx = Record<string, unknown>;
const LEVEL = { none: 0, read: 1, write: 2 } as const;
type Perms = Record<string, keyof typeof LEVEL>;

const toData = (v: unknown): data.Dictionary => JSON.parse(JSON.stringify(v ?? {}), data.reviver) as data.Dictionary;
const native = (v: data.ExpressionData): unknown => JSON.parse(JSON.stringify(v, data.replacer)) as unknown;

/** Evaluates one expression with the runner's functions: job status ones and hashFiles over the workspace. */
interface JobStatus {
  failed: boolean;
  cancelled?: boolean;
  workspace?: string;
}

function evaluate(expression: string, ctx: Ctx, status: JobStatus): data.ExpressionData {
  const fn = (name: string, call: FunctionDefinition['call'], maxArgs = 0): [string, FunctionDefinition] => [
    name.toLowerCase(),
    { name, minArgs: 0, maxArgs, call },
  ];
  const functions = new Map([
    fn('always', () => new data.BooleanData(true)),
    fn('success', () => new data.BooleanData(!status.failed && !status.cancelled)),
    fn('failure', () => new data.BooleanData(status.failed)),
    fn('cancelled', () => new data.BooleanData(status.cancelled ?? false)),
    fn(
      'hashFiles',
      (...a) => new data.StringData(a.some((p) => status.workspace && existsSync(join(status.workspace, p.coerceString()))) ? 'f'.repeat(64) : ''),
      255,
    ),
  ]);
  const parsed = new Parser(new Lexer(expression).lex().tokens, Object.keys(ctx), [...functions.values()]).parse();
  return new Evaluator(parsed, toData(ctx), functions).evaluate();
}

/** A template token's value: literals as they are, expressions evaluated, mappings and sequences recursively. */
export function valueOf(token: TemplateToken | undefined, ctx: Ctx, status: JobStatus = { failed: false }): unknown {
  if (token === undefined) return undefined;
  if (isBasicExpression(token)) return native(evaluate(token.expression, ctx, status));
  if (isLiteral(token)) return (token as unknown as { value: unknown }).value ?? null;
  if (isSequence(token)) return Array.from({ length: token.count }, (_, i) => valueOf(token.get(i), ctx, status));
  if (isMapping(token)) {
    const out: Record<string, unknown> = {};
    for (const { key, value } of token) out[String(valueOf(key, ctx, status))] = valueOf(value, ctx, status);
    return out;
  }
  throw new Error(`test error: cannot evaluate a ${token.typeName()}`);
}
const asString = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function permissionsOf(value: unknown): Perms | undefined {
  if (value === undefined) return undefined;
  if (value === 'read-all' || value === 'write-all') return new Proxy({}, { get: () => (value === 'read-all' ? 'read' : 'write') }) as Perms;
  return { ...(value as Perms) };
}
const cap = (asked: Perms | undefined, granted: Perms): Perms =>
  asked === undefined
    ? granted
    : Object.fromEntries(Object.entries(asked).map(([k, v]) => [k, LEVEL[v] <= LEVEL[granted[k] ?? 'none'] ? v : (granted[k] ?? 'none')]));

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

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

interface RunState {
  world: PlayWorld;
  event: PlayEvent;
  github: Ctx;
  /** The called workflow's `inputs` context, secrets and the caller's token grant; the workflow's raw YAML for permissions. */
  inputs: Ctx;
  secrets: Record<string, string>;
  granted: Perms;
  raw: { permissions?: unknown; jobs: Record<string, { permissions?: unknown }> };
  /** The parsed token tree of the workflow whose jobs run (the converted steps lack their `with`). */
  root: TemplateToken;
  workflowRef: { repository: string; sha: string };
}

/** A step's `with` from the token tree: jobs.<id>.steps[i].with. */
function withOf(root: TemplateToken, jobId: string, index: number): TemplateToken | undefined {
  const find = (t: TemplateToken | undefined, key: string) => (t !== undefined && isMapping(t) ? t.find(key) : undefined);
  const steps = find(find(find(root, 'jobs'), jobId), 'steps');
  return steps !== undefined && isSequence(steps) ? find(steps.get(index), 'with') : undefined;
}

async function playStep(
  step: Step,
  index: number,
  s: RunState,
  job: { id: string; ctx: Ctx; env: Record<string, string>; workspace: string; perms: Perms; failed: boolean; cancelled: boolean },
): Promise<StepPlay> {
  const name = String(step.name ? valueOf(step.name, job.ctx) : step.id);
  const condition = 'if' in step && step.if ? String(step.if.expression) : 'success()';
  const status = { failed: job.failed, cancelled: job.cancelled, workspace: job.workspace };
  if (evaluate(condition, job.ctx, status).coerceString() !== 'true') return { name, outcome: 'skipped', log: '', outputs: {} };
  const env = {
    ...job.env,
    ...Object.fromEntries(Object.entries((valueOf('env' in step ? step.env : undefined, job.ctx, status) ?? {}) as Ctx).map(([k, v]) => [k, asString(v)])),
  };
  const files = mkdtempSync(join(s.world.root, 'step-'));
  const [outputFile, envFile] = [join(files, 'output'), join(files, 'env')];
  writeFileSync(outputFile, '');
  writeFileSync(envFile, '');
  let exitCode = 0;
  let log = '';
  let outputs: Record<string, string> = {};
  if ('run' in step) {
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', String(valueOf(step.run, job.ctx, status))], {
      cwd: job.workspace,
      env: { ...env, GITHUB_OUTPUT: outputFile, GITHUB_ENV: envFile },
      encoding: 'utf8',
    });
    [exitCode, log] = [r.status ?? 1, `${r.stdout}${r.stderr}`];
  } else if ('uses' in step) {
    const uses = step.uses.value;
    const w = (valueOf(withOf(s.root, job.id, index), job.ctx, status) ?? {}) as Ctx;
    if (uses.startsWith('actions/checkout@')) {
      const dest = join(job.workspace, asString(w['path']) || '.');
      if (w['repository'] !== undefined && w['repository'] !== (s.github['repository'] as string)) {
        if (w['repository'] !== s.workflowRef.repository || w['ref'] !== s.workflowRef.sha)
          throw new Error(`test error: checkout of ${asString(w['repository'])}@${asString(w['ref'])}`);
        symlinkSync(REPO_ROOT, dest); // benchgate at the workflow's own commit: this working tree
      } else if (s.world.private && LEVEL[job.perms['contents'] ?? 'none'] < LEVEL.read) {
        [exitCode, log] = [1, 'remote: Repository not found.\nfatal: repository not found (the job token has no contents: read)\n'];
      } else {
        mkdirSync(dest, { recursive: true });
        git(dest, 'clone', '-q', s.world.git, '.');
        git(dest, '-c', 'advice.detachedHead=false', 'checkout', '-q', asString(w['ref']) || s.world.defaultSha);
      }
    } else if (uses.startsWith('actions/setup-node@') || uses.startsWith('actions/setup-python@')) {
      log = `(setup: ${JSON.stringify(w)})\n`;
    } else if (uses === './.benchgate-action') {
      const manifest = loadManifest(join(job.workspace, '.benchgate-action', 'action.yml'));
      const given = Object.fromEntries(Object.entries(w).map(([k, v]) => [k, asString(v)]));
      for (const [k, spec] of Object.entries(manifest.inputs))
        if (!(k in given) && spec.default?.includes('${{')) given[k] = asString(native(evaluate(spec.default.replace(/^\$\{\{|\}\}$/g, ''), job.ctx, status)));
      const { ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL, ...rest } = env;
      const r = await runComposite({
        inputs: given,
        env: { ...rest, GITHUB_WORKSPACE: job.workspace },
        jsActionEnv: { ACTIONS_RUNTIME_TOKEN: ACTIONS_RUNTIME_TOKEN ?? '', ACTIONS_RESULTS_URL: ACTIONS_RESULTS_URL ?? '' },
        github: s.github,
        manifest,
        actionPath: join(job.workspace, '.benchgate-action'),
        stepTimeoutMs: 170_000,
      });
      [exitCode, log, outputs] = [r.exitCode, r.log, r.outputs];
    } else if (uses.startsWith('actions/github-script@')) {
      const lines: string[] = [];
      const core = { info: (m: string) => lines.push(m), setOutput: (k: string, v: unknown) => void (outputs[k] = asString(v)) };
      const github = octokitClient(s.world.gh.url, []);
      const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...a: string[]) => (...a: unknown[]) => Promise<unknown>;
      try {
        // The script's `process.env` is the step's environment, as the runner gives it.
        await new AsyncFunction('github', 'core', 'process', String(w['script']))(github, core, { env });
      } catch (err) {
        exitCode = 1;
        lines.push(`::error::${(err as Error).message}`);
      }
      log = lines.join('\n');
    } else throw new Error(`test error: cannot play step uses: ${uses}`);
  }
  outputs = { ...parseOutputFile(readFileSync(outputFile, 'utf8')), ...outputs };
  Object.assign(job.env, parseOutputFile(readFileSync(envFile, 'utf8')));
  return { name, outcome: exitCode === 0 ? 'success' : 'failure', log, outputs };
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
      if (played.outcome === 'failure') [state.failed, (ctx['job'] as Ctx)['status']] = [true, 'failure'];
      if (step.id && !step.id.startsWith('__'))
        (ctx['steps'] as Ctx)[step.id] = { outputs: played.outputs, outcome: played.outcome, conclusion: played.outcome };
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
