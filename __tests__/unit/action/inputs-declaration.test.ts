// The action's inputs are declared once (src/action/inputs/declaration.ts, issue 44 item 4): action.yml
// declares exactly those inputs with their descriptions and defaults (its block is generated; this
// test reads the committed file), every default an input's description states is the one the program
// applies, and each step of the reusable workflows that runs the action passes only inputs its mode takes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { actionDescription, DECLARED_INPUTS, declaredInput, inputReader, INPUTS_BY_MODE } from '../../../src/action/inputs/declaration.js';
import { type Mode, MODES } from '../../../src/action/inputs/spec.js';
import { GATE_INPUTS } from '../../../src/policy/options.js';
import { REPO_ROOT } from '../../helpers/composite.js';

type Manifest = { inputs: Record<string, { description: string; required?: boolean; default?: string }> };
const manifest = (): Manifest => parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as Manifest;
const words = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** How action.yml differs from the declaration: one line per difference. */
function manifestDifferences(m: Manifest): string[] {
  const out: string[] = [];
  const names = Object.keys(m.inputs);
  for (const spec of DECLARED_INPUTS) {
    const got = m.inputs[spec.name];
    if (got === undefined) {
      out.push(`${spec.name}: not in action.yml`);
      continue;
    }
    if (words(got.description) !== words(actionDescription(spec))) out.push(`${spec.name}: description`);
    if (got.default !== spec.actionDefault) out.push(`${spec.name}: default ${String(got.default)}`);
    if ((got.required ?? false) !== (spec.required ?? false)) out.push(`${spec.name}: required`);
  }
  for (const name of names) if (!DECLARED_INPUTS.some((s) => s.name === name)) out.push(`${name}: not declared`);
  return out;
}

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
type Workflow = { jobs: Record<string, { steps?: Step[] }> };

/** The inputs a workflow's steps pass to the action that their mode does not take, as `job: input (mode)`. */
function misplacedInputs(wf: Workflow): string[] {
  const out: string[] = [];
  for (const [id, job] of Object.entries(wf.jobs)) {
    for (const step of (job.steps ?? []).filter((s) => s.uses === './.benchgate-action' || /^benchgate\/benchgate@/.test(s.uses ?? ''))) {
      const mode = String(step.with?.['mode']);
      if (!(MODES as readonly string[]).includes(mode)) {
        out.push(`${id}: mode ${mode}`);
        continue;
      }
      for (const name of Object.keys(step.with ?? {})) if (!INPUTS_BY_MODE[mode as Mode].includes(name)) out.push(`${id}: ${name} (${mode})`);
    }
  }
  return out;
}

const workflow = (file: string): Workflow => parseYaml(readFileSync(join(REPO_ROOT, '.github', 'workflows', file), 'utf8')) as Workflow;

describe('the declaration of the inputs', () => {
  it('gives every input a description, and every gate option that is an input (policy/options.ts) its own', () => {
    for (const spec of DECLARED_INPUTS) expect(spec.description.length, spec.name).toBeGreaterThan(10);
    for (const name of GATE_INPUTS) expect(declaredInput(name).description, name).not.toBe('');
    expect(new Set(DECLARED_INPUTS.map((s) => s.name)).size).toBe(DECLARED_INPUTS.length);
  });

  it('states each default the program applies in the description, and the reader applies it to an empty input', () => {
    const withDefault = DECLARED_INPUTS.filter((s) => s.default !== undefined);
    expect(withDefault.map((s) => s.name)).toEqual(expect.arrayContaining(['suite', 'timeout-minutes', 'summary', 'format', 'trend', 'max-trials']));
    const read = inputReader(() => '');
    for (const spec of withDefault) {
      const d = spec.default as string;
      // '.' is the workspace, said in words.
      const said = d === '.' ? ['Default: the workspace.'] : [`Default \`${d}\``, `Default ${d}.`, `\`${d}\` (the default)`];
      expect(
        said.some((text) => spec.description.includes(text)),
        `${spec.name}: its description says its default ${d}`,
      ).toBe(true);
      const viaDefault = inputReader((name) => (name === spec.name ? d : ''));
      expect(read.value(spec.name as never), spec.name).toEqual(viaDefault.value(spec.name as never));
    }
  });
});

describe('action.yml', () => {
  it('declares exactly the declared inputs, with their descriptions (after their modes), defaults and required', () => {
    expect(manifestDifferences(manifest())).toEqual([]);
  });

  it('the check can fail: a changed description, a default, a missing and an extra input are each found', () => {
    const m = manifest();
    const changed: Manifest = { inputs: { ...m.inputs, extra: { description: 'an input nobody declared' } } };
    changed.inputs['trend'] = { ...(m.inputs['trend'] as Manifest['inputs'][string]), description: 'compare, publish: the trend.' };
    changed.inputs['comment'] = { ...(m.inputs['comment'] as Manifest['inputs'][string]), default: 'always' };
    delete changed.inputs['shard'];
    expect(manifestDifferences(changed).sort()).toEqual(['comment: default always', 'extra: not declared', 'shard: not in action.yml', 'trend: description']);
  });
});

describe('the reusable workflows', () => {
  it.each(['gate.yml', 'profile.yml', 'publish.yml'])('%s: every step that runs the action passes only inputs its mode takes', (file) => {
    const wf = workflow(file);
    expect(
      Object.values(wf.jobs).some((j) => j.steps?.some((s) => s.uses === './.benchgate-action')),
      file,
    ).toBe(true);
    expect(misplacedInputs(wf)).toEqual([]);
  });

  it('the check can fail: an input the mode does not take, and an unknown mode, are found', () => {
    const wf: Workflow = {
      jobs: {
        gate: { steps: [{ uses: './.benchgate-action', with: { mode: 'compare', suite: 'x', command: 'make bench' } }] },
        odd: { steps: [{ uses: './.benchgate-action', with: { mode: 'judge' } }] },
      },
    };
    expect(misplacedInputs(wf)).toEqual(['gate: command (compare)', 'odd: mode judge']);
  });
});
