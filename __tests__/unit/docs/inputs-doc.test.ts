// Every input is documented where its workflow is (issue 44, item 6): each input and secret of each
// reusable workflow (every file of .github/workflows with on.workflow_call, so a new one is covered)
// has a row in its docs/reference.md section and is named in the list users read beside its example
// ("Inputs of `gate.yml`" in the README, …); each input of action.yml has a row in the reference.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { reusableWorkflows } from '../../../tools/generate/reference.js';
import { REPO_ROOT } from '../../helpers/composite.js';
import { readDocs } from '../../helpers/docs.js';

const reference = readFileSync(join(REPO_ROOT, 'docs', 'reference.md'), 'utf8');
const docs = readDocs();
const workflows = reusableWorkflows(REPO_ROOT);

/** The names a reusable workflow declares: its inputs, then its secrets. */
const declared = (file: string): string[] => {
  const call = workflows.find(([f]) => f === file)?.[1].on.workflow_call;
  return [...Object.keys(call?.inputs ?? {}), ...Object.keys(call?.secrets ?? {})];
};

/** The text between a heading line and the next heading of the same or a higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) return '';
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const rest = text.slice(start + heading.length + 2);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

/** The list of a workflow's inputs beside its example: from "Inputs of `X`:" (or "**Inputs** of `X`:") to the end of its paragraph or bullet. */
function inputList(file: string): string {
  const m = new RegExp(`(\\*\\*Inputs\\*\\*|Inputs) of \`${file.replace('.', '\\.')}\`:`).exec(docs);
  if (!m) return '';
  const rest = docs.slice(m.index);
  const end = /\n\n|\n- \*\*/.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** The names a list leaves out. */
const missingFrom = (list: string, names: string[]): string[] => names.filter((name) => !list.includes(`\`${name}\``));

describe('the inputs of the reusable workflows', () => {
  it('are commands.yml, gate.yml, profile.yml and publish.yml (the test finds them)', () => {
    expect(workflows.map(([f]) => f)).toEqual(['commands.yml', 'gate.yml', 'profile.yml', 'publish.yml']);
  });

  it.each(workflows.map(([f]) => f))('%s: each input and secret has a row in its docs/reference.md section', (file) => {
    const rows = section(reference, `### \`benchgate/benchgate/.github/workflows/${file}\``);
    expect(rows, `docs/reference.md has no section for ${file}`).not.toBe('');
    for (const name of declared(file)) expect(rows, `${file}: ${name}`).toMatch(new RegExp(`^\\| \`${name}\`( \\(secret\\))? \\|`, 'm'));
  });

  it.each(workflows.map(([f]) => f))('%s: each input and secret is named in the list beside its example', (file) => {
    const list = inputList(file);
    expect(list, `no "Inputs of \`${file}\`:" list in README.md or docs/`).not.toBe('');
    expect(missingFrom(list, declared(file)), `${file}: inputs the list "Inputs of \`${file}\`" leaves out`).toEqual([]);
  });

  it('the check can fail: an input the list leaves out is found', () => {
    const list = inputList('gate.yml').replaceAll('`baseline-command`', 'the baseline command');
    expect(missingFrom(list, declared('gate.yml'))).toEqual(['baseline-command']);
  });
});

describe('the inputs of action.yml', () => {
  it('each has a row in the reference, with the modes that take it', () => {
    const manifest = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
    const rows = section(reference, '## Action inputs');
    expect(Object.keys(manifest.inputs).length).toBeGreaterThan(40);
    for (const name of Object.keys(manifest.inputs)) expect(rows, name).toMatch(new RegExp(`^\\| \`${name}\` \\| [a-z-]+(, [a-z-]+)* \\|`, 'm'));
  });
});
