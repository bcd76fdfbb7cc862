// Runs action.yml's composite steps the way the runner does, so the tests exercise the wiring and not
// only the program: `${{ }}` expressions are evaluated by GitHub's own @actions/expressions, inputs
// get their declared defaults, `run:` steps go to `bash --noprofile --norc -eo pipefail <script>` with
// fresh runner files each, where the runner keeps them (RUNNER_TEMP/_runner_file_commands/, so a step
// can find its own by listing the folder), what a step wrote to GITHUB_ENV and GITHUB_PATH reaches
// the steps after it, a failed step skips the rest, and the action's outputs are evaluated from the
// steps' outputs. The one `uses:` step, actions/github-script, is
// played by running its script with a stand-in `core`; like the runner, only that (JavaScript) step
// gets the artifact service's variables.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import type { FunctionDefinition } from '@actions/expressions/funcs/info';
import { parse as parseYaml } from 'yaml';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface ActionStep {
  id?: string;
  name?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
export interface ActionManifest {
  name: string;
  description: string;
  branding?: { icon?: string; color?: string };
  inputs: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description?: string; value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export function loadManifest(path = join(REPO_ROOT, 'action.yml')): ActionManifest {
  return parseYaml(readFileSync(path, 'utf8')) as ActionManifest;
}

const CONTEXTS = ['inputs', 'steps', 'github', 'runner', 'env', 'job', 'matrix', 'strategy', 'needs'];
const EXPRESSION = /\$\{\{(.*?)\}\}/gs;

/** The runner's status functions of a composite step's `if`: whether an earlier step of the action failed. */
function statusFunctions(failed: boolean): Map<string, FunctionDefinition> {
  const fn = (name: string, value: boolean): [string, FunctionDefinition] => [name, { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(value) }];
  return new Map([fn('always', true), fn('success', !failed), fn('failure', failed), fn('cancelled', false)]);
}

/** Evaluates one expression (the text between `${{` and `}}`) against plain-object contexts; with `failed`, the status functions too. */
export function evaluate(expression: string, contexts: Record<string, unknown>, failed?: boolean): data.ExpressionData {
  const lexed = new Lexer(expression).lex();
  const functions = failed === undefined ? new Map<string, FunctionDefinition>() : statusFunctions(failed);
  const expr = new Parser(lexed.tokens, CONTEXTS, [...functions.values()]).parse();
  const context = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  return new Evaluator(expr, context, functions).evaluate();
}

/** Whether a composite step runs: an `if` without a status function means `success() && (if)`, as the runner reads it. */
function stepRuns(condition: string | undefined, contexts: Record<string, unknown>, failed: boolean): boolean {
  const expr = (condition ?? 'success()').trim().replace(/^\$\{\{|\}\}$/g, '');
  const withStatus = /\b(success|failure|always|cancelled)\(\)/.test(expr) ? expr : `success() && (${expr})`;
  return evaluate(withStatus, contexts, failed).coerceString() === 'true';
}

/** A string with every `${{ }}` replaced by its value, as the runner does for `with`, `env` and `value`. */
export function interpolate(template: string, contexts: Record<string, unknown>): string {
  return template.replace(EXPRESSION, (_, expr: string) => evaluate(expr, contexts).coerceString());
}

/** The `name=value` and `name<<DELIMITER` lines of a GITHUB_OUTPUT file. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string);
      out[name] = value.join('\n');
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

/**
 * A step's runner files, as actions/runner's FileCommandManager makes them
 * (src/Runner.Worker/FileCommandManager.cs): `<prefix><guid>` in `_runner_file_commands` under the
 * runner's temp folder (RUNNER_TEMP), created empty before the step, read after it (whatever the
 * step's environment held) and deleted when the next step's are made.
 */
const FILE_COMMANDS = {
  GITHUB_OUTPUT: 'set_output_',
  GITHUB_ENV: 'set_env_',
  GITHUB_PATH: 'add_path_',
  GITHUB_STEP_SUMMARY: 'step_summary_',
  GITHUB_STATE: 'save_state_',
} as const;

function runnerFiles(temp: string): Record<keyof typeof FILE_COMMANDS, string> {
  const dir = temp === '' ? mkdtempSync(join(tmpdir(), 'benchgate-files-')) : join(temp, '_runner_file_commands');
  mkdirSync(dir, { recursive: true });
  const guid = randomUUID();
  const files = Object.fromEntries(Object.entries(FILE_COMMANDS).map(([name, prefix]) => [name, join(dir, `${prefix}${guid}`)])) as Record<
    keyof typeof FILE_COMMANDS,
    string
  >;
  for (const f of Object.values(files)) writeFileSync(f, '');
  return files;
}

export interface StepResult {
  id: string | undefined;
  name: string;
  exitCode: number;
  outputs: Record<string, string>;
  /** The step's stdout and stderr, as the log shows them. */
  log: string;
  summary: string;
  env: Record<string, string>;
}

export interface CompositeRun {
  /** 0 when every step passed. */
  exitCode: number;
  steps: StepResult[];
  outputs: Record<string, string>;
  log: string;
  summary: string;
  /** What the steps wrote to GITHUB_ENV (the job's later steps get it too). */
  envChanges: Record<string, string>;
  /** What the steps wrote to GITHUB_PATH, first on PATH for every later step. */
  pathChanges: string[];
}

export interface CompositeOptions {
  inputs: Record<string, string>;
  /** The job's environment: what a `run:` step sees (GITHUB_*, RUNNER_*, PATH …). */
  env: Record<string, string>;
  /** Extra variables the runner gives JavaScript actions only (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL). */
  jsActionEnv: Record<string, string>;
  github?: Record<string, unknown>;
  manifest?: ActionManifest;
  actionPath?: string;
  /**
   * Kills a step that runs longer (a hung step fails the test instead of stalling it, and leaves no
   * process behind). Default: just under the test timeout (vitest.config.mjs), so that only a hang
   * trips it, never a slow machine.
   */
  stepTimeoutMs?: number;
}

function bash(script: string, env: Record<string, string>, timeoutMs: number): Promise<{ exitCode: number; log: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-step-'));
  const file = join(dir, 'step.sh');
  writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code ?? 1, log: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** Plays actions/github-script: the script is the body of an async function given `core` and `process`. */
async function githubScript(script: string, env: Record<string, string>): Promise<{ exitCode: number; log: string; outputs: Record<string, string> }> {
  const outputs: Record<string, string> = {};
  const secrets: string[] = [];
  const core = {
    setOutput: (name: string, value: unknown) => void (outputs[name] = String(value)),
    setSecret: (value: string) => void secrets.push(value),
  };
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<unknown>;
  try {
    await new AsyncFunction('core', 'process', script)(core, { env });
    return { exitCode: 0, log: `masked: ${secrets.length}\n`, outputs };
  } catch (err) {
    return { exitCode: 1, log: `::error::${(err as Error).message}\n`, outputs };
  }
}

export async function runComposite(options: CompositeOptions): Promise<CompositeRun> {
  const manifest = options.manifest ?? loadManifest();
  const actionPath = options.actionPath ?? REPO_ROOT;
  for (const name of Object.keys(options.inputs)) {
    if (!Object.hasOwn(manifest.inputs, name)) throw new Error(`test error: action.yml declares no input "${name}"`);
  }
  const inputs = Object.fromEntries(Object.entries(manifest.inputs).map(([name, spec]) => [name, options.inputs[name] ?? spec.default ?? '']));
  const steps: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }> = {};
  const results: StepResult[] = [];
  const envChanges: Record<string, string> = {};
  const pathChanges: string[] = [];
  let failed = false;
  for (const step of manifest.runs.steps) {
    const contexts = {
      inputs,
      steps,
      github: options.github ?? {},
      runner: { os: 'Linux', arch: 'X64', temp: options.env['RUNNER_TEMP'] ?? '' },
      env: options.env,
    };
    if (!stepRuns(step.if, contexts, failed)) continue;
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v), contexts)]));
    const name = interpolate(step.name ?? step.uses ?? step.run ?? '', contexts);
    let exitCode: number;
    let log: string;
    let outputs: Record<string, string>;
    let summary = '';
    if (step.uses !== undefined) {
      if (!step.uses.startsWith('actions/github-script@')) throw new Error(`test error: cannot play step uses: ${step.uses}`);
      const script = interpolate(String(step.with?.['script'] ?? ''), contexts);
      ({ exitCode, log, outputs } = await githubScript(script, { ...options.env, ...envChanges, ...options.jsActionEnv, ...stepEnv }));
    } else {
      const files = runnerFiles(options.env['RUNNER_TEMP'] ?? '');
      // The runner's order: the job's environment, what earlier steps set (GITHUB_ENV), the step's files, the step's `env`; GITHUB_PATH first on PATH.
      const env: Record<string, string> = { ...options.env, ...envChanges, ...files, GITHUB_ACTION_PATH: actionPath, ...stepEnv };
      if (pathChanges.length > 0) env['PATH'] = [...pathChanges, env['PATH'] ?? ''].join(':');
      ({ exitCode, log } = await bash(step.run ?? '', env, options.stepTimeoutMs ?? 170_000));
      outputs = parseOutputFile(readFileSync(files.GITHUB_OUTPUT, 'utf8'));
      summary = readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8');
      Object.assign(envChanges, parseOutputFile(readFileSync(files.GITHUB_ENV, 'utf8')));
      for (const line of readFileSync(files.GITHUB_PATH, 'utf8')
        .split('\n')
        .filter((l) => l !== ''))
        pathChanges.unshift(line);
      for (const f of Object.values(files)) rmSync(f, { force: true });
    }
    const outcome = exitCode === 0 ? 'success' : 'failure';
    if (step.id !== undefined) steps[step.id] = { outputs, outcome, conclusion: outcome };
    results.push({ id: step.id, name, exitCode, outputs, log, summary, env: stepEnv });
    if (exitCode !== 0) failed = true;
  }
  const finalContexts = { inputs, steps, github: options.github ?? {}, env: options.env };
  const outputs = Object.fromEntries(Object.entries(manifest.outputs).map(([name, spec]) => [name, interpolate(spec.value, finalContexts)]));
  return {
    exitCode: failed ? 1 : 0,
    steps: results,
    outputs,
    log: results.map((s) => s.log).join(''),
    summary: results.map((s) => s.summary).join(''),
    envChanges,
    pathChanges,
  };
}
