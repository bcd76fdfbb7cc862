// One step of a played workflow (helpers/workflow-player.ts), as the runner runs it: `run:` in bash
// with GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY, actions/checkout from the repository's git
// directory or, for a branch only the REST double has (the history branch), its files (benchgate
// itself at job.workflow_sha is this working tree; a private repository needs contents: read),
// setup-node/-python as no-ops, `./.benchgate-action` through the composite player (the committed
// dist/), actions/github-script with a real Octokit against the REST double, actions/upload-artifact
// and download-artifact through the real artifact client against the results service double.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Step } from '@actions/workflow-parser/model/workflow-template';
import type { TemplateToken } from '@actions/workflow-parser/templates/tokens/template-token';

import { loadManifest, parseOutputFile, REPO_ROOT, runComposite } from './composite.js';
import { octokitClient } from './octokit-client.js';
import { playArtifactStep } from './workflow-artifacts.js';
import { asString, type Ctx, evaluate, LEVEL, native, type Perms, type PlayEvent, type PlayWorld, type StepPlay, valueOf, withOf } from './workflow-values.js';

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

export interface RunState {
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

/** A branch benchgate writes through the API (the history branch): on the REST double, not in the repository's git directory. */
function branchOnlyOnApi(s: RunState, ref: string): boolean {
  if (ref === '' || /^[0-9a-f]{40}$/.test(ref)) return false;
  return spawnSync('git', ['rev-parse', '-q', '--verify', `refs/heads/${ref}`], { cwd: s.world.git }).status !== 0;
}

/** Checks out a branch of the REST double (a sparse checkout's files only); a missing branch fails as checkout does. */
function checkoutApiBranch(s: RunState, ref: string, sparse: string, dest: string): [number, string] {
  if (s.world.gh.git.log(ref).length === 0) return [1, `fatal: couldn't find remote ref ${ref}\n`];
  const paths = sparse.split('\n').filter((p) => p.trim() !== '');
  if (paths.length === 0) throw new Error(`test error: checkout of the API's branch ${ref} without sparse-checkout`);
  mkdirSync(dest, { recursive: true });
  for (const path of paths) {
    const text = s.world.gh.git.file(ref, path.trim());
    if (text !== null) writeFileSync(join(dest, path.trim()), text);
  }
  return [0, `(checked out ${paths.join(', ')} of ${ref})\n`];
}

export async function playStep(
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
      env: { ...env, GITHUB_OUTPUT: outputFile, GITHUB_ENV: envFile, GITHUB_STEP_SUMMARY: join(files, 'summary') },
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
      } else if (branchOnlyOnApi(s, asString(w['ref']))) {
        [exitCode, log] = checkoutApiBranch(s, asString(w['ref']), asString(w['sparse-checkout']), dest);
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
      // What the action's steps wrote to GITHUB_ENV and GITHUB_PATH reaches the job's later steps, as on the runner.
      Object.assign(job.env, r.envChanges);
      if (r.pathChanges.length > 0) job.env['PATH'] = [...r.pathChanges, job.env['PATH'] ?? ''].join(':');
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
    } else if (uses.startsWith('actions/upload-artifact@') || uses.startsWith('actions/download-artifact@')) {
      ({ exitCode, log } = await playArtifactStep(uses.startsWith('actions/upload') ? 'upload' : 'download', w, env, job.workspace));
    } else throw new Error(`test error: cannot play step uses: ${uses}`);
  }
  outputs = { ...parseOutputFile(readFileSync(outputFile, 'utf8')), ...outputs };
  Object.assign(job.env, parseOutputFile(readFileSync(envFile, 'utf8')));
  return { name, outcome: exitCode === 0 ? 'success' : 'failure', log, outputs };
}
