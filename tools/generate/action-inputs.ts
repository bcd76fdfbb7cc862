/**
 * action.yml's inputs block, generated from the declaration (src/action/inputs/declaration.ts): the
 * rest of action.yml (its steps, outputs, comments) stays hand-written and is kept as it is. Chosen
 * over a test comparing the two because the descriptions and defaults then live in one place only,
 * and `npm run generate` writes what a comparison would only complain about.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { actionDescription, DECLARED_INPUTS } from '../../src/action/inputs/declaration.js';
import type { InputSpec } from '../../src/action/inputs/spec.js';

/** Content lines of a folded description wrap before this column. */
const WIDTH = 110;
const INDENT = '      ';

/** A description as a double-quoted scalar when it fits one line, else folded (`>-`), wrapped at WIDTH. */
function description(text: string): string[] {
  const one = `    description: ${JSON.stringify(text)}`;
  if (one.length <= WIDTH + 20) return [one];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && INDENT.length + line.length + 1 + word.length > WIDTH) {
      lines.push(INDENT + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(INDENT + line);
  return ['    description: >-', ...lines];
}

function inputLines(spec: InputSpec): string[] {
  const text = actionDescription(spec).replace(/\s+/g, ' ').trim();
  return [
    `  ${spec.name}:`,
    ...description(text),
    `    required: ${spec.required === true}`,
    ...(spec.actionDefault === undefined ? [] : [`    default: ${spec.actionDefault}`]),
  ];
}

/** action.yml with its inputs block (from `inputs:` to the blank line before `outputs:`) as the declaration gives it. */
export function renderActionYml(root: string): string {
  const text = readFileSync(join(root, 'action.yml'), 'utf8');
  const start = text.indexOf('\ninputs:\n');
  const end = text.indexOf('\n\noutputs:\n');
  if (start < 0 || end < start) throw new Error('action.yml: no "inputs:" block followed by "outputs:" to regenerate');
  const block = ['inputs:', ...DECLARED_INPUTS.flatMap(inputLines)].join('\n');
  return `${text.slice(0, start + 1)}${block}${text.slice(end)}`;
}
