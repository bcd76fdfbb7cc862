// docs/reference.md is generated from the code (kept equal by generated.test.ts); action.yml's
// descriptions name the modes the program's own table gives each input (the hand-written table had
// seven wrong).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { INPUT_FORMATS } from '../../../src/adapters/registry.js';
import { inputModes, renderReference, splitModes } from '../../../tools/generate/reference.js';
import { REPO_ROOT } from '../../helpers/composite.js';

describe('docs/reference.md', () => {
  it("action.yml's description of each input starts with exactly the modes that take it", () => {
    const manifest = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { description: string }> };
    for (const [name, spec] of Object.entries(manifest.inputs)) expect(splitModes(spec.description)[0], name).toBe(inputModes(name));
  });

  it("action.yml's format input names every input format, and points to pages that exist (no stale README pointers)", () => {
    const text = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
    const manifest = parseYaml(text) as { inputs: Record<string, { description: string }> };
    for (const name of INPUT_FORMATS) expect(manifest.inputs['format']?.description, name).toContain(`\`${name}\``);
    expect(text).not.toMatch(/the README's/);
    for (const m of text.matchAll(/\bdocs\/[\w-]+\.md\b/g)) expect(existsSync(join(REPO_ROOT, m[0])), m[0]).toBe(true);
  });

  it('lists every configuration key, nested ones by their path', () => {
    const text = renderReference(REPO_ROOT);
    for (const key of [
      'min_reward_delta',
      'gates[].metric',
      'gates[].tolerance',
      'slices[].min_cases',
      'safety.explained[].reason',
      'pricing.<name>.prompt',
      'safety.explained',
      'input.fields.reward',
    ])
      expect(text).toContain(`| \`${key}\` |`);
  });
});
