/**
 * docs/reference.md, generated: every action input and output (with the modes that take it, from
 * the program's own table), the reusable workflows' inputs, the CLI's help texts and every key of
 * the configuration file, from the code that defines them. `npm run generate` (main.ts) rewrites it;
 * `__tests__/unit/docs/reference.test.ts` keeps the committed file equal.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

import { DECLARED_INPUTS, INPUTS_BY_MODE } from '../../src/action/inputs/declaration.js';
import { MODES } from '../../src/action/inputs/spec.js';
import { COMPARE_HELP, HISTORY_HELP, LEADERBOARD_HELP } from '../../src/cli/help.js';
import { ConfigSchema } from '../../src/policy/config-file.js';

/** "run, compare: text" → ["run, compare", "text"]. */
export function splitModes(description: string): [string | null, string] {
  const text = description.trim().replace(/\s+/g, ' ');
  const mode = MODES.join('|');
  const m = new RegExp(`^((?:${mode})(?:, (?:${mode}))*): (.*)$`, 's').exec(text);
  return m ? [m[1] as string, m[2] as string] : [null, text];
}

const cell = (s: string): string => s.replace(/\|/g, '\\|');

export function inputModes(name: string): string {
  return MODES.filter((m) => INPUTS_BY_MODE[m].includes(name)).join(', ');
}

interface Manifest {
  outputs: Record<string, { description: string }>;
}

/** Every reusable workflow of `.github/workflows/` (a file with `on.workflow_call`), by file name: a new one gets its section. */
export function reusableWorkflows(root: string): [string, Reusable][] {
  const dir = join(root, '.github', 'workflows');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()
    .map((f): [string, Partial<Reusable>] => [f, parseYaml(readFileSync(join(dir, f), 'utf8')) as Partial<Reusable>])
    .filter((e): e is [string, Reusable] => typeof e[1].on === 'object' && e[1].on !== null && 'workflow_call' in e[1].on);
}

export interface Reusable {
  on: {
    workflow_call: {
      inputs?: Record<string, { description: string; type: string; default?: unknown; required?: boolean }>;
      secrets?: Record<string, { description: string; required?: boolean }>;
    };
  };
}

type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  valueType?: z.core.$ZodType;
};
const def = (t: z.core.$ZodType): Def => t._zod.def as unknown as Def;
const describe = (t: z.core.$ZodType): string | undefined => (t as unknown as { description?: string }).description;

/** Every key of the configuration file, depth first, with its description. */
function configRows(): [string, string][] {
  const rows: [string, string][] = [];
  const visit = (t: z.core.$ZodType, path: string, text: string | undefined): void => {
    let at = t;
    let note = text ?? describe(at);
    for (;;) {
      const d = def(at);
      if ((d.type === 'optional' || d.type === 'default' || d.type === 'nullable') && d.innerType) at = d.innerType;
      else if (d.type === 'pipe' && d.in) at = d.in;
      else break;
      note ??= describe(at);
    }
    const d = def(at);
    if (path !== '') rows.push([path, note ?? '']);
    if (d.type === 'object' && d.shape) for (const [k, v] of Object.entries(d.shape)) visit(v, path === '' ? k : `${path}.${k}`, undefined);
    else if (d.type === 'array' && d.element && def(d.element).type === 'object') visit(d.element, `${path}[]`, describe(d.element) ?? '');
    else if (d.type === 'record' && d.valueType && def(d.valueType).type === 'object') visit(d.valueType, `${path}.<name>`, describe(d.valueType) ?? '');
  };
  visit(ConfigSchema as unknown as z.core.$ZodType, '', undefined);
  // An array's element row repeats its parent: keep the parent's.
  return rows
    .filter(([p], i) => !(p.endsWith('[]') && rows[i - 1]?.[0] === p.slice(0, -2)))
    .map(([p, d]) => [p, d === '' && p.endsWith('.<name>') ? 'One entry, named by its key.' : d]);
}

/** The reference of the repository at `root` (its action.yml and reusable workflows). */
export function renderReference(root: string): string {
  const manifest = parseYaml(readFileSync(join(root, 'action.yml'), 'utf8')) as Manifest;
  const out: string[] = [
    '# Reference',
    '',
    "<!-- Generated from the action's declaration of its inputs, action.yml's outputs, the reusable workflows, the CLI's",
    '     help and the configuration schema: do not edit by hand; `npm run generate` rewrites it, and a',
    '     test keeps it equal. -->',
    '',
    '- [Action inputs](#action-inputs) · [Action outputs](#action-outputs) · [Reusable workflows](#reusable-workflows) · [Command line](#command-line) · [Configuration file](#configuration-file)',
    '',
    '## Action inputs',
    '',
    'An input given in a mode that does not take it is an error. Defaults are applied by the program and said in each description.',
    '',
    '| Input | Modes | Description |',
    '|---|---|---|',
  ];
  for (const spec of DECLARED_INPUTS) out.push(`| \`${spec.name}\` | ${spec.modes.join(', ')} | ${cell(spec.description.replace(/\s+/g, ' ').trim())} |`);
  out.push('', '## Action outputs', '', '| Output | Modes | Description |', '|---|---|---|');
  for (const [name, spec] of Object.entries(manifest.outputs)) {
    const [modes, text] = splitModes(spec.description);
    out.push(`| \`${name}\` | ${modes ?? ''} | ${cell(text)} |`);
  }
  out.push('', '## Reusable workflows', '');
  for (const [file, wf] of reusableWorkflows(root)) {
    out.push(`### \`benchgate/benchgate/.github/workflows/${file}\``, '', '| Input | Type | Default | Description |', '|---|---|---|---|');
    for (const [name, spec] of Object.entries(wf.on.workflow_call.inputs ?? {})) {
      const dflt = spec.required ? 'required' : spec.default === undefined || spec.default === '' ? 'none' : `\`${String(spec.default)}\``;
      out.push(`| \`${name}\` | ${spec.type} | ${dflt} | ${cell(spec.description)} |`);
    }
    for (const [name, spec] of Object.entries(wf.on.workflow_call.secrets ?? {}))
      out.push(`| \`${name}\` (secret) | string | ${spec.required ? 'required' : 'none'} | ${cell(spec.description)} |`);
    out.push('');
  }
  out.push(
    '## Command line',
    '',
    '### `benchgate compare`',
    '',
    '```text',
    COMPARE_HELP.trimEnd(),
    '```',
    '',
    '### `benchgate leaderboard`',
    '',
    '```text',
    LEADERBOARD_HELP.trimEnd(),
    '```',
    '',
    '### `benchgate history`',
    '',
    '```text',
    HISTORY_HELP.trimEnd(),
    '```',
    '',
  );
  out.push(
    '## Configuration file',
    '',
    'YAML, default `.github/benchgate.yml`; `schema/benchgate.schema.json` is its JSON Schema for editors.',
    '',
    '| Key | Description |',
    '|---|---|',
  );
  for (const [path, text] of configRows()) out.push(`| \`${path}\` | ${cell(text.replace(/\s+/g, ' '))} |`);
  return `${out.join('\n')}\n`;
}
