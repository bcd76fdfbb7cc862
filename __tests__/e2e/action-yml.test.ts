// action.yml itself: every input reaches the program through the step env and nowhere else, every
// output points at a step and a name the program really sets, no expression is interpolated into a
// script, third-party actions are pinned, and the Node guard step fails with advice on an old Node.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { ALL_INPUTS, DEFAULTED_INPUTS } from '../../src/action/inputs/inputs.js';
import { type ActionStep, interpolate, loadManifest, REPO_ROOT, runComposite } from '../helpers/composite.js';

/** How the README refers to benchgate's repository (its reusable workflows). */
const PUBLISHED_REPO = 'benchgate/benchgate';
const manifest = loadManifest();
const steps = manifest.runs.steps;
const mainStep = steps.find((s) => s.id === 'benchgate') as ActionStep;

/** Every `core.setOutput('name', …)` / `io.setOutput('name', …)` in the action's source. */
function outputsTheProgramSets(): Set<string> {
  const dir = join(REPO_ROOT, 'src', 'action');
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/setOutput\(\s*'([a-z-]+)'/g)) names.add(m[1] as string);
  }
  return names;
}

describe('action.yml', () => {
  it('is a composite action with branding and a description for every input and output', () => {
    expect(manifest.runs.using).toBe('composite');
    expect(manifest.branding?.icon).toBeTruthy();
    expect(manifest.branding?.color).toBeTruthy();
    for (const [name, spec] of [...Object.entries(manifest.inputs), ...Object.entries(manifest.outputs)]) {
      expect(spec.description?.trim().length ?? 0, `${name} has no description`).toBeGreaterThan(10);
    }
  });

  it('declares exactly the inputs the program reads, with no defaults but the token (the program applies them)', () => {
    expect(Object.keys(manifest.inputs).sort()).toEqual([...ALL_INPUTS].sort());
    for (const [name, spec] of Object.entries(manifest.inputs)) {
      if (DEFAULTED_INPUTS.includes(name)) expect(spec.default, name).toBe('${{ github.token }}');
      else expect(spec.default, name).toBeUndefined();
    }
  });

  it('maps every input into the env of the steps that run the program as INPUT_<NAME>; the suite step gets every input but the token', () => {
    const suiteStep = steps.find((s) => s.id === 'suite') as ActionStep;
    for (const step of [mainStep, steps.find((s) => s.id === 'prepare') as ActionStep, suiteStep]) {
      const env = step.env ?? {};
      const names = Object.keys(manifest.inputs).filter((name) => step !== suiteStep || name !== 'github-token');
      for (const name of names) expect(env[`INPUT_${name.toUpperCase()}`], `${step.id}: ${name}`).toBe(`\${{ inputs.${name} }}`);
      expect(Object.keys(env).filter((k) => k.startsWith('INPUT_')).length, step.id).toBe(names.length);
    }
    // No token, no artifact service in the suite's step (issue 43 item 3).
    expect(Object.keys(suiteStep.env ?? {}).filter((k) => /TOKEN|^ACTIONS_/.test(k) && k !== 'BENCHGATE_HANDOFF_KEY')).toEqual([]);
    // The key and the step's runner files reach node on stdin, never in its environment (src/action/handoff.ts: readSuiteStdin).
    expect(suiteStep.run).toContain('<<< "$stdin"');
    expect(suiteStep.run).toContain('for name in GITHUB_OUTPUT GITHUB_ENV GITHUB_STATE GITHUB_PATH GITHUB_STEP_SUMMARY; do');
  });

  it('interpolates no expression into a script', () => {
    for (const step of steps) {
      expect(step.run ?? '', step.name).not.toContain('${{');
      expect(String(step.with?.['script'] ?? ''), step.name).not.toContain('${{');
    }
    expect(mainStep.run).toBe('node "$GITHUB_ACTION_PATH/dist/index.js"');
  });

  it('maps every output from a real step id to a name the program sets', () => {
    const ids = new Set(steps.map((s) => s.id).filter(Boolean));
    const set = outputsTheProgramSets();
    // The prepare step's own outputs for the two steps after it (src/action/handoff.ts STEP_OUTPUTS), not the action's.
    for (const internal of ['handoff', 'handoff-key']) set.delete(internal);
    for (const [name, spec] of Object.entries(manifest.outputs)) {
      const m = /^\$\{\{ steps\.([a-z-]+)\.outputs\.([a-z-]+) \}\}$/.exec(spec.value);
      expect(m, `${name}: ${spec.value}`).not.toBeNull();
      expect(ids.has(m?.[1]), `${name}: no step ${m?.[1]}`).toBe(true);
      expect(m?.[2], name).toBe(name);
      expect(set.has(name), `the program never sets output ${name}`).toBe(true);
    }
    expect([...set].sort()).toEqual(Object.keys(manifest.outputs).sort());
  });

  it('pins every action it uses to a commit SHA, gives every run step a shell, and avoids timeout-minutes', () => {
    for (const step of steps) {
      if (step.uses !== undefined) expect(step.uses).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
      if (step.run !== undefined) expect(step.shell).toBe('bash');
      expect(step, 'composite steps do not support timeout-minutes (actions/runner#1979)').not.toHaveProperty('timeout-minutes');
    }
  });

  it('hands the artifact service variables only to the prepare and main steps, from the github-script step', () => {
    const runtime = steps.find((s) => s.id === 'runtime') as ActionStep;
    expect(runtime.uses).toMatch(/^actions\/github-script@/);
    expect(steps.filter((s) => s.env?.['ACTIONS_RUNTIME_TOKEN'] !== undefined).map((s) => s.id)).toEqual(['prepare', 'benchgate']);
    expect(mainStep.env?.['ACTIONS_RUNTIME_TOKEN']).toBe('${{ steps.runtime.outputs.runtime-token }}');
    expect(mainStep.env?.['ACTIONS_RESULTS_URL']).toBe('${{ steps.runtime.outputs.results-url }}');
    expect(String(runtime.with?.['script'])).toContain('core.setSecret(token)');
  });

  it('evaluates expressions as the runner does', () => {
    const contexts = { inputs: { mode: 'run' }, steps: { benchgate: { outputs: { verdict: 'hold' } } } };
    expect(interpolate(mainStep.name ?? '', contexts)).toBe('benchgate run');
    expect(interpolate(manifest.outputs['verdict']?.value ?? '', contexts)).toBe('hold');
    expect(interpolate('${{ steps.missing.outputs.x }}', contexts)).toBe('');
  });
});

describe('the Node.js guard step', () => {
  const guardOnly = { ...manifest, runs: { ...manifest.runs, steps: [steps[0] as ActionStep] } };

  function fakeNode(version: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-node-'));
    const node = join(dir, 'node');
    // A node that reports an old version: run the real one with process.versions patched.
    writeFileSync(node, `#!/bin/bash\nexec '${process.execPath}' --require '${join(dir, 'old.cjs')}' "$@"\n`);
    writeFileSync(
      join(dir, 'old.cjs'),
      `Object.defineProperty(process.versions, 'node', { value: '${version}' }); Object.defineProperty(process, 'version', { value: 'v${version}' });\n`,
    );
    chmodSync(node, 0o755);
    return dir;
  }

  const run = (path: string) => runComposite({ manifest: guardOnly, inputs: { mode: 'run' }, env: { PATH: path }, jsActionEnv: {} });

  it('passes on the Node.js running these tests', async () => {
    const result = await run(`${join(process.execPath, '..')}:/usr/bin:/bin`);
    expect(result.exitCode, result.log).toBe(0);
  });

  it('fails on Node.js 18 and says how to fix it', async () => {
    const result = await run(`${fakeNode('18.20.4')}:/usr/bin:/bin`);
    expect(result.exitCode).toBe(1);
    expect(result.log).toContain(
      '::error title=benchgate::benchgate needs Node.js 20 or newer on PATH, found v18.20.4. Add actions/setup-node (node-version: 24) before this step.',
    );
  });

  it('fails when there is no node on PATH', async () => {
    const onlyBash = mkdtempSync(join(tmpdir(), 'benchgate-nonode-'));
    symlinkSync(execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim(), join(onlyBash, 'bash'));
    const result = await run(onlyBash);
    expect(result.exitCode).toBe(1);
    expect(result.log).toContain('node is not on PATH. Add actions/setup-node (node-version: 24) before this step.');
  });
});

describe('workflows', () => {
  const dir = join(REPO_ROOT, '.github', 'workflows');
  const workflows = readdirSync(dir).filter((f) => f.endsWith('.yml'));

  it('pin every third-party action to a commit SHA', () => {
    expect(workflows.length).toBeGreaterThan(0);
    for (const file of workflows) {
      const text = readFileSync(join(dir, file), 'utf8');
      const doc = parseYaml(text) as { jobs: Record<string, { steps?: { uses?: string }[] }> };
      for (const [id, j] of Object.entries(doc.jobs)) {
        for (const step of j.steps ?? []) {
          if (step.uses === undefined || step.uses.startsWith('./')) continue;
          expect(step.uses, `${file} job ${id}`).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
        }
      }
    }
  });

  it.each([
    ['workflow', 'benchgate.yml', 'gate.yml'],
    ['publish-workflow', 'benchgate-publish.yml', 'publish.yml'],
  ])('the README example <!-- %s --> is the self-test workflow %s, calling the published reusable workflow %s', (marker, file, reusable) => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const m = new RegExp(`<!-- ${marker}-start -->\\n\`\`\`yaml\\n([\\s\\S]*?)\`\`\`\\n<!-- ${marker}-end -->`).exec(readme);
    expect(m, `README has no workflow example between <!-- ${marker}-start --> and <!-- ${marker}-end -->`).not.toBeNull();
    const selfTest = readFileSync(join(dir, file), 'utf8');
    const local = `uses: ./.github/workflows/${reusable}\n`;
    expect(selfTest).toContain(local);
    expect(m?.[1]).toBe(selfTest.replace(local, `uses: ${PUBLISHED_REPO}/.github/workflows/${reusable}@v1\n`));
  });
});

describe('the reference', () => {
  const reference = readFileSync(join(REPO_ROOT, 'docs', 'reference.md'), 'utf8');
  it('documents every input and every output of action.yml', () => {
    for (const name of Object.keys(manifest.inputs))
      expect(reference, `input ${name}`).toMatch(
        new RegExp(`^\\| \`${name}\` \\| (run|compare|publish|ab|store-profile|command)(, (run|compare|publish|ab|store-profile|command))* \\|`, 'm'),
      );
    for (const name of Object.keys(manifest.outputs))
      expect(reference, `output ${name}`).toMatch(
        new RegExp(`^\\| \`${name}\` \\| ((run|compare|publish|ab|store-profile|command)(, (run|compare|publish|ab|store-profile|command))*) \\|`, 'm'),
      );
  });
});
