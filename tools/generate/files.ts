/** The files generated from the code, relative to the repository's root, with their text (action.yml: its inputs block). */
import { configJsonSchema } from '../../src/policy/config-file.js';
import { renderActionYml } from './action-inputs.js';
import { renderReference } from './reference.js';

export function generatedFiles(root: string): [string, string][] {
  return [
    ['action.yml', renderActionYml(root)],
    ['docs/reference.md', renderReference(root)],
    ['schema/benchgate.schema.json', `${JSON.stringify(configJsonSchema(), null, 2)}\n`],
  ];
}
