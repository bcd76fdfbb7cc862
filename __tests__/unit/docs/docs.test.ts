// Every YAML snippet users read is tested: a workflow is one of the repository's tested workflow
// files (examples/workflows/, or .github/workflows/ with the published reference in place of the
// local one); anything else is a configuration the parser accepts. Links between the pages resolve.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { parseConfig } from '../../../src/policy/config-file.js';
import { REPO_ROOT } from '../../helpers/composite.js';
import { docFiles } from '../../helpers/docs.js';

const workflowFiles = (): string[] => {
  const local = readdirSync(join(REPO_ROOT, '.github', 'workflows')).filter((f) => f.endsWith('.yml'));
  const published = local.map((f) =>
    readFileSync(join(REPO_ROOT, '.github', 'workflows', f), 'utf8').replace(
      /uses: \.\/\.github\/workflows\/([\w-]+\.yml)\n/g,
      'uses: benchgate/benchgate/.github/workflows/$1@v1\n',
    ),
  );
  const examples = readdirSync(join(REPO_ROOT, 'examples', 'workflows')).map((f) => readFileSync(join(REPO_ROOT, 'examples', 'workflows', f), 'utf8'));
  return [...published, ...examples];
};

describe('the documentation', () => {
  const blocks = docFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => ({ file, body: m[1] as string })),
  );

  it('has YAML snippets, each a tested workflow file or a valid configuration', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const files = workflowFiles();
    for (const { file, body } of blocks) {
      if (/^jobs:/m.test(body)) expect(files, `${file}: a workflow snippet that is no tested file:\n${body}`).toContain(body);
      else expect(() => parseConfig(file, body), `${file}:\n${body}`).not.toThrow();
    }
  });

  it('links only to files and pages that exist', () => {
    for (const file of docFiles()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\]\(((?!https?:|#|mailto:)[^)#\s]+)(#[^)]*)?\)/g)) {
        expect(existsSync(join(dirname(file), m[1] as string)), `${file} links to ${m[1]}`).toBe(true);
      }
    }
  });

  it('says on every page that shows @v1 that no release exists yet, and how to pin until one does (and stops saying it from 1.0.0)', () => {
    // `@v1` is the major tag the release workflow moves at a 1.x release (.github/workflows/release.yml);
    // CHANGELOG.md's 0.1.0 was neither tagged nor published, so until a `## [1.x.y]` heading it does not resolve.
    const released = /^## \[1\.\d+\.\d+\]/m.test(readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'));
    for (const file of docFiles()) {
      const text = readFileSync(file, 'utf8');
      if (released) {
        expect(text, `${file}: v1 is released, the note is stale`).not.toMatch(/No release has been cut yet/);
        continue;
      }
      if (!text.includes('@v1')) continue;
      expect(text, `${file} shows @v1 without saying that no release exists yet`).toMatch(/No release has been cut yet/);
      expect(text, `${file}: link to Install and pin`).toMatch(/\]\((\.\.\/README\.md)?#install-and-pin\)/);
    }
  });

  it('keeps the README under 30 KB', () => {
    expect(readFileSync(join(REPO_ROOT, 'README.md')).length).toBeLessThanOrEqual(30 * 1024);
  });
});
