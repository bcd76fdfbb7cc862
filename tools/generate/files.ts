/** The files generated from the code, relative to the repository's root, with their text. */
import { configJsonSchema } from '../../src/policy/config-file.js';
import { renderReference } from './reference.js';

export function generatedFiles(root: string): [string, string][] {
  return [
    ['docs/reference.md', renderReference(root)],
    ['schema/benchgate.schema.json', `${JSON.stringify(configJsonSchema(), null, 2)}\n`],
  ];
}
