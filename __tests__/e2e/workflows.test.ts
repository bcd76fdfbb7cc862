// The repository's workflows as a user copies them (issue 20, item 1): the two short callers and the
// reusable workflows they call. Checked statically, as the runner would read them: every input and
// secret the callers pass exists and is used, the jobs and their order, `if: always()` and `needs`
// on the gate, the action at the reusable workflow's own commit, the configuration from the base
// commit (default branch for publish), least permissions, pinned actions, expressions that GitHub's
// own parser accepts (no arithmetic), no expression inside a script, and concurrency that never
// cancels a push run. The README's examples are these files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { INPUTS_BY_MODE, type Mode } from '../../src/action/inputs/inputs.js';
import { REPO_ROOT } from '../helpers/composite.js';

const DIR = join(REPO_ROOT, '.github', 'workflows');
const EXAMPLES = join(REPO_ROOT, 'examples', 'workflows');
/** A workflow by name: the repository's own, or a documented example (`examples/…`). */
const text = (file: string): string => readFileSync(file.startsWith('examples/') ? join(REPO_ROOT, file) : join(DIR, file), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  if?: string;
  'continue-on-error'?: boolean;
}
interface Job {
  uses?: string;
  with?: Record<string, unknown>;
  secrets?: Record<string, unknown> | string;
  needs?: string | string[];
  if?: string;
  steps?: Step[];
  permissions?: unknown;
  strategy?: { matrix?: Record<string, unknown> };
}
interface Workflow {
  name: string;
  on: Record<
    string,
    {
      inputs?: Record<string, { type: string; required?: boolean; default?: unknown }>;
      secrets?: Record<string, { required?: boolean }>;
      workflows?: string[];
    } | null
  >;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': unknown };
  jobs: Record<string, Job>;
}
const load = (file: string): Workflow => parseYaml(text(file)) as Workflow;

const CONTEXTS = ['inputs', 'steps', 'github', 'runner', 'env', 'job', 'matrix', 'strategy', 'needs', 'secrets', 'vars'];
const RUNNER_FUNCTIONS = [
  { name: 'hashFiles', minArgs: 1, maxArgs: 255 },
  { name: 'always', minArgs: 0, maxArgs: 0 },
  { name: 'success', minArgs: 0, maxArgs: 0 },
  { name: 'failure', minArgs: 0, maxArgs: 0 },
  { name: 'cancelled', minArgs: 0, maxArgs: 0 },
];
const parse = (expression: string) => new Parser(new Lexer(expression).lex().tokens, CONTEXTS, RUNNER_FUNCTIONS).parse();
const evaluate = (expression: string, contexts: Record<string, unknown>) =>
  new Evaluator(parse(expression), JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary).evaluate();
const EXPRESSION = /\$\{\{(.*?)\}\}/gs;
/** The `${{ }}` expressions of a template string; a bare `if:` is an expression itself. */
const expressions = (value: string): string[] => [...value.matchAll(EXPRESSION)].map((m) => m[1] as string);

const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.yml'))
  .map((f) => `examples/workflows/${f}`);
/** Examples that write their jobs by hand with the action's steps (mode: ab) rather than calling a reusable workflow. */
const handWritten = examples.filter((f) => Object.values(load(f).jobs).some((j) => j.steps !== undefined));
const callers = ['benchgate.yml', 'benchgate-publish.yml', ...examples.filter((f) => !handWritten.includes(f))];
/** The action as a README reader uses it: the published `benchgate/benchgate@v1`. */
const ACTION = 'benchgate/benchgate@v1';
const PUBLISHED = /^benchgate\/benchgate\/\.github\/workflows\/([\w-]+\.yml)@v1$/;
/** The reusable workflow a caller's job calls: `./.github/workflows/X` here, the published `…@v1` in examples. */
const calledFile = (uses: string): string =>
  uses.startsWith('./.github/workflows/') ? uses.slice('./.github/workflows/'.length) : (PUBLISHED.exec(uses)?.[1] ?? `not a reusable workflow: ${uses}`);

describe('the callers', () => {
  it.each(callers)('%s is at most 22 lines and calls its reusable workflow with declared, required inputs and secrets', (file) => {
    expect(text(file).trimEnd().split('\n').length).toBeLessThanOrEqual(22);
    const caller = load(file);
    const jobs = Object.values(caller.jobs);
    expect(jobs).toHaveLength(1);
    const job = jobs[0] as Job;
    const target = calledFile(job.uses as string);
    expect(file.startsWith('examples/') ? job.uses : `./.github/workflows/${target}`).toBe(
      file.startsWith('examples/') ? `benchgate/benchgate/.github/workflows/${target}@v1` : job.uses,
    );
    const spec = load(target).on['workflow_call'];
    const inputs = spec?.inputs ?? {};
    for (const [name, value] of Object.entries(job.with ?? {})) {
      expect(inputs, `${file} passes an undeclared input ${name}`).toHaveProperty(name);
      const type = inputs[name]?.type;
      if (type === 'number') expect(typeof value === 'number' || /^\$\{\{/.test(String(value))).toBe(true);
      if (type === 'string') expect(typeof value, `${name} should be a string (quote it)`).toBe('string');
    }
    for (const [name, input] of Object.entries(inputs)) if (input.required) expect(job.with, `${file} lacks the required input ${name}`).toHaveProperty(name);
    const secrets = typeof job.secrets === 'object' ? Object.keys(job.secrets) : [];
    for (const name of secrets) expect(spec?.secrets ?? {}, `${file} passes an undeclared secret ${name}`).toHaveProperty(name);
    expect(job.secrets, 'pass secrets by name, never inherit them all').not.toBe('inherit');
    // Least permissions: read-only unless the workflow runs only on push (history), on schedule or workflow_dispatch (the noise profile: the default branch's code, run by its writers), workflow_run and pull_request_target (publish, which never runs the PR's code) or issue_comment (commands).
    const events = Object.keys(caller.on);
    const writes = Object.entries(caller.permissions ?? {})
      .filter(([, v]) => v === 'write')
      .map(([k]) => k);
    if (events.includes('pull_request')) expect(writes, `${file} runs on pull_request with write permissions`).toEqual([]);
    // issue_comment too (commands.yml): GitHub runs it from the default branch's file and code, it never checks out the PR's,
    // and it writes (the acceptances on the history branch) only for a commenter whose write permission it read from the API.
    if (writes.includes('contents')) expect(events.filter((e) => !['push', 'schedule', 'workflow_dispatch', 'issue_comment'].includes(e))).toEqual([]);
  });

  it('the PR workflow reads the repository only; the publish workflow gets exactly what posting needs', () => {
    expect(load('benchgate.yml').permissions).toEqual({ actions: 'read', contents: 'read' });
    expect(load('benchgate-publish.yml').permissions).toEqual({
      actions: 'read',
      checks: 'write',
      contents: 'read',
      'pull-requests': 'write',
      statuses: 'write',
    });
    expect(Object.keys(load('benchgate-publish.yml').on)).toEqual(['workflow_run', 'pull_request_target']);
    expect(load('benchgate-publish.yml').on['workflow_run']?.workflows).toEqual([load('benchgate.yml').name]);
    // A called workflow gets at most what its caller grants. gate.yml's suite jobs read the repository
    // only; its gate job takes the caller's (contents: write in a push workflow that records history).
    const gate = load('gate.yml');
    expect(gate.permissions).toBeUndefined();
    expect(gate.jobs['plan']?.permissions).toEqual({});
    expect(gate.jobs['suite']?.permissions).toEqual({ actions: 'read', contents: 'read' });
    expect(gate.jobs['gate']?.permissions).toBeUndefined();
    expect(load('publish.yml').permissions).toEqual(load('benchgate-publish.yml').permissions);
    // profile.yml: the job that runs the suite only reads; only the store job, which runs no suite code
    // (benchgate's store-profile mode on the downloaded profile), writes the history branch.
    const profile = load('profile.yml');
    expect(profile.jobs['profile']?.permissions).toEqual({ contents: 'read' });
    expect(profile.jobs['store']?.permissions).toEqual({ contents: 'write' });
    expect((profile.jobs['store']?.steps ?? []).map((st) => st.run ?? st.with?.['mode'] ?? st.uses?.split('@')[0])).toEqual([
      'actions/download-artifact',
      'actions/checkout',
      'store-profile',
    ]);
  });

  it.each(callers.filter((f) => Object.keys(load(f).on).includes('push')))(
    '%s: a push run is never cancelled: each push has its own group, and only pull requests cancel',
    (file) => {
      const wf = load(file);
      const c = wf.concurrency as { group: string; 'cancel-in-progress': string | boolean };
      const group = (github: Record<string, unknown>) => c.group.replace(EXPRESSION, (_, e: string) => evaluate(e, { github }).coerceString());
      const push = (sha: string) => ({ event_name: 'push', sha, event: {} });
      const pr = (number: number, sha: string) => ({ event_name: 'pull_request', sha, event: { pull_request: { number } } });
      const cancel = c['cancel-in-progress'];
      const cancels = (github: Record<string, unknown>) =>
        typeof cancel === 'boolean' ? cancel : evaluate(expressions(cancel)[0] as string, { github }).coerceString() === 'true';
      expect(group(push('a'.repeat(40)))).not.toBe(group(push('b'.repeat(40))));
      expect(cancels(push('a'.repeat(40)))).toBe(false);
      if (Object.keys(wf.on).includes('pull_request')) {
        expect(group(pr(7, 'c'.repeat(40)))).toBe(group(pr(7, 'd'.repeat(40))));
        expect(cancels(pr(7, 'c'.repeat(40)))).toBe(true);
        expect(group(pr(7, 'c'.repeat(40)))).not.toBe(group(pr(8, 'c'.repeat(40))));
      }
    },
  );
});

describe('the reusable workflows', () => {
  it.each(['gate.yml', 'publish.yml', 'profile.yml'])('%s uses every input and secret it declares', (file) => {
    const wf = load(file);
    const body = JSON.stringify(wf.jobs);
    for (const name of Object.keys(wf.on['workflow_call']?.inputs ?? {})) expect(body, `input ${name} is never used`).toContain(`inputs.${name}`);
    for (const name of Object.keys(wf.on['workflow_call']?.secrets ?? {})) expect(body, `secret ${name} is never used`).toContain(`secrets.${name}`);
  });

  it.each(['gate.yml', 'publish.yml', 'profile.yml'])('%s: every job runs on the runs-on input, a label or a JSON list or group object', (file) => {
    // runs-on takes a string, an array of strings or a {group, labels} pair (GitHub's "Choose the
    // runner for a job"); an input is a string, so the workflows read [ and { values with fromJSON.
    const jobs = Object.entries(load(file).jobs) as [string, Job & { 'runs-on'?: string }][];
    expect(jobs.length).toBeGreaterThan(0);
    for (const [id, job] of jobs) {
      const runsOn = (given: string) => {
        const [expression] = expressions(String(job['runs-on']));
        expect(expression, `${file} ${id}: runs-on is one expression`).toBeDefined();
        const value = evaluate(expression as string, { inputs: { 'runs-on': given } });
        return JSON.parse(JSON.stringify(value, data.replacer)) as unknown;
      };
      expect(runsOn('ubuntu-latest'), `${file} ${id}`).toBe('ubuntu-latest');
      expect(runsOn('["self-hosted", "gpu"]'), `${file} ${id}`).toEqual(['self-hosted', 'gpu']);
      expect(runsOn('{"group": "benchmarks", "labels": ["linux"]}'), `${file} ${id}`).toEqual({ group: 'benchmarks', labels: ['linux'] });
    }
  });

  it("profile.yml sets up Python and Node.js and takes an environment as gate.yml's suite jobs do", () => {
    type Env = Job & { environment?: string };
    const setup = (job: Job) => (job.steps ?? []).filter((st) => /^actions\/setup-(python|node)@/.test(st.uses ?? ''));
    const gate = load('gate.yml').jobs['suite'] as Env;
    const profile = load('profile.yml').jobs['profile'] as Env;
    expect(setup(gate)).toHaveLength(2);
    expect(setup(profile)).toEqual(setup(gate));
    expect(profile.environment).toBe(gate.environment);
    expect(profile.environment).toBe('${{ inputs.environment }}');
  });

  it.each(['gate.yml', 'publish.yml'])('%s runs benchgate at its own commit, with inputs the action takes in that mode', (file) => {
    const manifest = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    for (const [id, job] of Object.entries(load(file).jobs)) {
      const steps = job.steps ?? [];
      steps.forEach((step, i) => {
        if (step.uses !== './.benchgate-action') return;
        const checkout = steps.slice(0, i).find((s) => s.with?.['path'] === '.benchgate-action');
        expect(checkout?.with, `${file} ${id}: the action is checked out first`).toMatchObject({
          repository: '${{ job.workflow_repository }}',
          ref: '${{ job.workflow_sha }}',
          'persist-credentials': false,
        });
        const mode = step.with?.['mode'] as Mode;
        for (const name of Object.keys(step.with ?? {})) {
          expect(manifest.inputs, `${file} ${id}: ${name} is no input of action.yml`).toHaveProperty(name);
          expect(INPUTS_BY_MODE[mode], `${file} ${id}: ${name} is not an input of mode ${mode}`).toContain(name);
        }
      });
    }
  });

  it('gate.yml: the suite runs for both roles at the base and head commits, the gate always runs after it with its results', () => {
    const wf = load('gate.yml');
    expect(Object.keys(wf.jobs)).toEqual(['plan', 'suite', 'round-2', 'round-3', 'gate']);
    const suite = wf.jobs['suite'] as Job;
    expect(suite.needs).toBe('plan');
    expect(suite.strategy?.matrix?.['role']).toBe('${{ fromJSON(needs.plan.outputs.roles) }}');
    const pr = { sha: 'merge', event: { pull_request: { base: { sha: 'base' }, head: { sha: 'head' } } } };
    const value = (template: unknown, contexts: Record<string, unknown>) => evaluate(expressions(String(template))[0] as string, contexts).coerceString();
    const runs = (step: Step, role: string, inputs: Record<string, string> = {}) =>
      step.if === undefined || value(`\${{ ${step.if} }}`, { matrix: { role }, inputs }) === 'true';
    // Separate: one checkout, the role's commit at the workspace root.
    const checkouts = (role: string) =>
      (suite.steps ?? [])
        .filter((st) => st.uses?.startsWith('actions/checkout@') && st.with?.['path'] !== '.benchgate-action' && runs(st, role))
        .map((st) => [st.with?.['path'] ?? '.', value(st.with?.['ref'], { matrix: { role }, github: pr })]);
    expect([checkouts('baseline'), checkouts('candidate')]).toEqual([[['.', 'base']], [['.', 'head']]]);
    // Interleaved: both commits in their own trees, where the ab step looks, and only the ab step runs.
    expect(checkouts('ab')).toEqual([
      ['base', 'base'],
      ['head', 'head'],
    ]);
    // Interleaved with noise-profile: history-branch: the branch's profile file in a folder of its own,
    // no token kept (the suite never sees one), a missing branch failing that step only (mode ab reads the file
    // there: e2e/profile-workflow.test.ts plays it).
    const inputs = { 'noise-profile': 'history-branch', 'history-branch': 'benchgate-history', suite: 'demo' };
    const onBranch = (suite.steps ?? []).filter((st) => runs(st, 'ab', inputs) && !runs(st, 'ab'));
    expect(
      onBranch.map((st) => [
        st.uses?.split('@')[0],
        st.with?.['path'],
        value(st.with?.['ref'], { inputs }),
        value(st.with?.['sparse-checkout'], { inputs }),
        st['continue-on-error'],
        st.with?.['persist-credentials'],
      ]),
    ).toEqual([['actions/checkout', '.benchgate-noise-profile', 'benchgate-history', 'demo.noise-profile.json', true, false]]);
    const action = (role: string) => (suite.steps ?? []).filter((st) => st.uses === './.benchgate-action' && runs(st, role)).map((st) => st.with ?? {});
    expect(action('baseline').map((w) => w['mode'])).toEqual(['run']);
    expect(action('ab').map((w) => [w['mode'], w['baseline-directory'], w['candidate-directory']])).toEqual([['ab', 'base', 'head']]);
    const gate = wf.jobs['gate'] as Job;
    expect(gate.needs).toEqual(['suite', 'round-2', 'round-3']);
    expect(gate.if).toBe('always()');
    const compare = gate.steps?.find((s) => s.with?.['mode'] === 'compare');
    // The needs the gate holds on: the round jobs only where they run (design main on a pull request, up to main-rounds).
    const needs = { suite: { result: 'success', outputs: {} }, 'round-2': { result: 'skipped', outputs: {} }, 'round-3': { result: 'failure', outputs: {} } };
    const held = (design: string, rounds: number, event = 'pull_request') =>
      Object.keys(JSON.parse(value(compare?.with?.['needs'], { inputs: { design, 'main-rounds': rounds }, github: { event_name: event }, needs })) as object);
    expect([held('paired', 3), held('main', 1), held('main', 2), held('main', 3), held('main', 3, 'push')]).toEqual([
      ['suite'],
      ['suite'],
      ['suite', 'round-2'],
      ['suite', 'round-2', 'round-3'],
      ['suite'],
    ]);
    expect(
      JSON.parse(value(compare?.with?.['needs'], { inputs: { design: 'main', 'main-rounds': 2 }, github: { event_name: 'pull_request' }, needs })),
    ).toEqual({
      suite: needs.suite,
      'round-2': needs['round-2'],
    });
    // The same gate job for both shapes; interleaved rounds are judged by decide: significant.
    const decide = (shape: string, given: string) => value(compare?.with?.['decide'], { inputs: { shape, decide: given } });
    expect([decide('separate', ''), decide('separate', 'point'), decide('interleaved', '')]).toEqual(['', 'point', 'significant']);
  });

  it('gate.yml: the plan step gives the matrix its roles and shards for each shape, and refuses a bad shape or trials with interleaved', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync, readFileSync: read } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const plan = (load('gate.yml').jobs['plan']?.steps ?? [])[0] as Step;
    const out = join(mkdtempSync(join(tmpdir(), 'benchgate-plan-')), 'output');
    const run = (env: Record<string, string>) => {
      writeFileSync(out, '');
      try {
        execFileSync('bash', ['-eo', 'pipefail', '-c', plan.run as string], {
          env: { PATH: process.env['PATH'], GITHUB_OUTPUT: out, ...env },
          encoding: 'utf8',
        });
        return read(out, 'utf8');
      } catch (err) {
        return String((err as { stdout: string }).stdout);
      }
    };
    expect(run({ SHAPE: 'separate', SHARDS: '1', TRIALS: '3', EVENT: 'pull_request' })).toBe('roles=["baseline","candidate"]\nshards=[""]\n');
    expect(run({ SHAPE: 'interleaved', SHARDS: '2', TRIALS: '1', EVENT: 'pull_request' })).toBe('roles=["ab"]\nshards=["1/2","2/2"]\n');
    // Any other event (a push to the default branch, a dispatch): the suite runs once, as the baseline, in either shape.
    for (const EVENT of ['push', 'workflow_dispatch', 'schedule']) {
      expect(run({ SHAPE: 'separate', SHARDS: '1', TRIALS: '3', EVENT })).toBe('roles=["baseline"]\nshards=[""]\n');
      expect(run({ SHAPE: 'interleaved', SHARDS: '2', TRIALS: '1', EVENT })).toBe('roles=["baseline"]\nshards=["1/2","2/2"]\n');
    }
    expect(run({ SHAPE: 'interleaved', SHARDS: '1', TRIALS: '3', EVENT: 'pull_request' })).toBe(
      '::error::trials: with shape interleaved the rounds stop when the verdict is known; give max-trials (the most rounds), not trials, got trials 3\n',
    );
    expect(run({ SHAPE: 'both', SHARDS: '1', TRIALS: '1' })).toBe('::error::shape must be separate or interleaved, got both\n');
    expect(run({ SHAPE: 'separate', SHARDS: '0', TRIALS: '1' })).toBe('::error::shards must be a whole number from 1 to 99, got 0\n');
    // Design main's rounds: a job each after the first (round-2, round-3), round 1 alone may be sharded.
    const main = { SHAPE: 'separate', TRIALS: '1', DESIGN: 'main', MAIN_RUNS: '5', EVENT: 'pull_request' };
    expect(run({ ...main, SHARDS: '1', MAIN_ROUNDS: '3' })).toBe('roles=["baseline","candidate"]\nshards=[""]\n');
    expect(run({ ...main, SHARDS: '1', MAIN_ROUNDS: '4' })).toBe('::error::main-rounds must be 1, 2 or 3 (a job per round after the first), got 4\n');
    // One run of main (a suite of 400 cases or more: docs/statistics.md) up to 50.
    expect(run({ ...main, MAIN_RUNS: '1', SHARDS: '1', MAIN_ROUNDS: '3' })).toBe('roles=["baseline","candidate"]\nshards=[""]\n');
    for (const MAIN_RUNS of ['0', '51', 'five'])
      expect(run({ ...main, MAIN_RUNS, SHARDS: '1', MAIN_ROUNDS: '3' })).toBe(`::error::main-runs must be a whole number from 1 to 50, got ${MAIN_RUNS}\n`);
    expect(run({ ...main, SHARDS: '2', MAIN_ROUNDS: '2' })).toBe(
      '::error::design main in rounds runs each round after the first in one job: give shards 1, or main-rounds 1, got shards 2\n',
    );
    expect(run({ ...main, SHARDS: '2', MAIN_ROUNDS: '1' })).toBe('roles=["baseline","candidate"]\nshards=["1/2","2/2"]\n');
  });

  it('gate.yml and publish.yml read the configuration (and the noise profile) from the base commit or the default branch, never the PR head, and only those files', () => {
    const gateCheckout = (load('gate.yml').jobs['gate']?.steps ?? [])[0] as Step;
    expect(gateCheckout.with).toMatchObject({
      ref: '${{ github.event.pull_request.base.sha || github.sha }}',
      'sparse-checkout': '${{ inputs.config }}\n${{ inputs.noise-profile }}\n',
      'sparse-checkout-cone-mode': false,
      'persist-credentials': false,
    });
    const publishCheckout = (load('publish.yml').jobs['publish']?.steps ?? [])[0] as Step;
    expect(publishCheckout.with).not.toHaveProperty('ref'); // workflow_run: the default branch
    expect(publishCheckout.with).toMatchObject({ 'sparse-checkout': '${{ inputs.config }}\n${{ inputs.noise-profile }}\n', 'persist-credentials': false });
  });

  it.each([
    ['gate.yml', 'suite'],
    ['gate.yml', 'round-2'],
    ['gate.yml', 'round-3'],
    ['profile.yml', 'profile'],
  ])('%s (%s): the secrets step masks each value and refuses a line that is not NAME=VALUE', async (file, job) => {
    const step = (load(file).jobs[job]?.steps ?? []).find((s) => s.env?.['SUITE_ENV'] !== undefined) as Step;
    expect(step.env?.['ENVIRONMENT_SUITE_ENV']).toBe('${{ secrets.BENCHGATE_SUITE_ENV }}');
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync, readFileSync: read } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-wf-'));
    // The step runs benchgate's own script from its checkout at .benchgate-action (this tree).
    expect(step.run).toBe('bash .benchgate-action/scripts/export-suite-env.sh');
    const { symlinkSync } = await import('node:fs');
    symlinkSync(REPO_ROOT, join(dir, '.benchgate-action'));
    const envFile = join(dir, 'env');
    writeFileSync(envFile, '');
    const out = execFileSync('bash', ['-eo', 'pipefail', '-c', step.run as string], {
      cwd: dir,
      env: { PATH: process.env['PATH'], GITHUB_ENV: envFile, SUITE_ENV: 'OPENAI_API_KEY=sk-1=2\n\nB_KEY=x y' },
      encoding: 'utf8',
    });
    expect(out).toBe('::add-mask::sk-1=2\n::add-mask::x y\n');
    expect(read(envFile, 'utf8')).toMatch(/^OPENAI_API_KEY<<(benchgate_[0-9a-f]{32})\nsk-1=2\n\1\nB_KEY<<(benchgate_[0-9a-f]{32})\nx y\n\2\n$/);
    // With an environment, its secret BENCHGATE_SUITE_ENV adds its lines to those the caller passed.
    writeFileSync(envFile, '');
    const both = execFileSync('bash', ['-eo', 'pipefail', '-c', step.run as string], {
      cwd: dir,
      env: { PATH: process.env['PATH'], GITHUB_ENV: envFile, SUITE_ENV: 'A=1', ENVIRONMENT_SUITE_ENV: 'C=3' },
      encoding: 'utf8',
    });
    expect(both).toBe('::add-mask::1\n::add-mask::3\n');
    expect(read(envFile, 'utf8')).toMatch(/^A<<(benchgate_[0-9a-f]{32})\n1\n\1\nC<<(benchgate_[0-9a-f]{32})\n3\n\2\n$/);
    let failed = '';
    try {
      execFileSync('bash', ['-eo', 'pipefail', '-c', step.run as string], {
        cwd: dir,
        env: { PATH: process.env['PATH'], GITHUB_ENV: envFile, SUITE_ENV: 'not a pair' },
        encoding: 'utf8',
      });
    } catch (err) {
      failed = String((err as { stdout: string }).stdout);
    }
    expect(failed).toContain('::error::suite-env: each line is NAME=VALUE');
  });
});

describe('the hand-written examples', () => {
  it.each(handWritten)('%s: every step of the action gives inputs its mode takes; a gate job always runs after the rounds with their results', (file) => {
    const manifest = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const wf = load(file);
    for (const [id, job] of Object.entries(wf.jobs)) {
      for (const step of (job.steps ?? []).filter((s) => s.uses === ACTION)) {
        const mode = step.with?.['mode'] as Mode;
        for (const name of Object.keys(step.with ?? {})) {
          expect(manifest.inputs, `${file} ${id}: ${name} is no input of action.yml`).toHaveProperty(name);
          expect(INPUTS_BY_MODE[mode], `${file} ${id}: ${name} is not an input of mode ${mode}`).toContain(name);
        }
      }
    }
    const gate = Object.values(wf.jobs).find((j) => j.steps?.some((s) => s.with?.['mode'] === 'compare')) as Job;
    expect(gate.if).toBe('always()');
    expect(gate.steps?.find((s) => s.with?.['mode'] === 'compare')?.with?.['needs']).toBe('${{ toJSON(needs) }}');
    expect(Object.keys(wf.on)).toEqual(['pull_request']);
    expect(wf.permissions).toEqual({ contents: 'read' });
  });
});

describe("this repository's CI", () => {
  it('runs .ci/run on every Node.js line the README supports (20, 22, 24), and Dependabot updates npm and the actions', () => {
    const ci = load('ci.yml');
    const job = ci.jobs['ci'] as Job & { strategy?: { matrix?: { node?: unknown }; 'fail-fast'?: boolean } };
    const platform = /\*\*Platform\*\*:[^\n]*\n?[^\n]*/.exec(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8'))?.[0] ?? '';
    const supported = [...platform.matchAll(/\b(2\d)(?:\.\d+\+?)?\b/g)].map((m) => Number(m[1]));
    expect(supported).toEqual([20, 22, 24]);
    expect(job.strategy?.matrix?.node).toEqual(supported);
    expect(job.strategy?.['fail-fast']).toBe(false);
    expect(job.steps?.map((st) => st.run ?? st.with?.['node-version'])).toEqual([undefined, '${{ matrix.node }}', 'bash .ci/run']);
    const dependabot = parseYaml(readFileSync(join(REPO_ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      updates: { 'package-ecosystem': string; directory: string }[];
    };
    expect(dependabot.updates.map((u) => [u['package-ecosystem'], u.directory])).toEqual([
      ['npm', '/'],
      ['github-actions', '/'],
    ]);
  });
});

describe('every workflow', () => {
  const files = [...readdirSync(DIR).filter((f) => f.endsWith('.yml')), ...examples];

  it.each(files)("%s: expressions parse with GitHub's parser, none is in a script, third-party actions are pinned", (file) => {
    const wf = load(file);
    const walk = (value: unknown, where: string): void => {
      if (typeof value === 'string') for (const e of expressions(value)) expect(() => parse(e), `${file} ${where}: ${e}`).not.toThrow();
      else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
      else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
    };
    walk(wf, file);
    if (!Object.keys(wf.on).includes('workflow_call')) expect(wf.permissions, `${file} declares its permissions`).toBeDefined();
    for (const [id, job] of Object.entries(wf.jobs)) {
      if (job.uses !== undefined && !job.uses.startsWith('./')) expect(job.uses, `${file} ${id}`).toMatch(PUBLISHED);
      if (job.if !== undefined) expect(() => parse(job.if as string)).not.toThrow();
      for (const step of job.steps ?? []) {
        if (step.run !== undefined) expect(step.run, `${file} ${id}: an expression inside a script`).not.toMatch(/\$\{\{/);
        if (step.uses !== undefined && !step.uses.startsWith('./') && !(file.startsWith('examples/') && step.uses === ACTION))
          expect(step.uses, `${file} ${id}`).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
        if (step.uses?.startsWith('actions/checkout@')) expect(step.with?.['persist-credentials'], `${file} ${id}: checkout keeps no token`).toBe(false);
      }
    }
  });
});
