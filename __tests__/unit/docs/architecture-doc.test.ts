// docs/architecture.md stays true (issue 33): every path it names exists, every folder of src/ is
// named, and its table of layers is the order the layer test enforces (helpers/architecture.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LAYERS, unitOf } from '../../helpers/architecture.js';
import { REPO_ROOT } from '../../helpers/composite.js';

const doc = readFileSync(join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');

/** Code spans that name a file or folder of the repository. */
function namedPaths(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string);
  return [...new Set(spans.filter((s) => !s.startsWith('@') && !s.startsWith('-') && (s.includes('/') || /\.(ts|mjs|js|yml|json|md)$/.test(s))))];
}

/** Every folder under src/, as `src/a/b/`. */
const srcFolders = (): string[] =>
  readdirSync(join(REPO_ROOT, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${join(e.parentPath, e.name).slice(REPO_ROOT.length + 1)}/`)
    .sort();

/** The table of layers: each row's number and the paths it names. */
const layerRows = (text: string): { layer: number; paths: string[] }[] =>
  [...text.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((m) => ({ layer: Number(m[1]), paths: namedPaths(m[2] as string) }));

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = namedPaths(doc);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(join(REPO_ROOT, p)))).toEqual([]);
  });

  it('names every folder of src/', () => {
    const folders = srcFolders();
    expect(folders).toContain('src/analysis/rlm/');
    expect(folders.filter((f) => !doc.includes(`\`${f}\``))).toEqual([]);
  });

  it('lists the layers in the order the layer test enforces, each unit in its own layer', () => {
    const rows = layerRows(doc);
    const units = new Set<string>();
    for (const { layer, paths } of rows) {
      for (const path of paths) {
        const unit = unitOf(path.replace(/\/$/, '/x.ts'));
        units.add(unit);
        expect(LAYERS.findIndex((l) => l.includes(unit)) + 1, `${path} (${unit}) is in layer ${layer} of the page`).toBe(layer);
      }
    }
    expect([...units].sort()).toEqual(LAYERS.flat().sort());
  });

  it('finds a path that does not exist and a folder that is not named', () => {
    expect(namedPaths('see `src/nowhere/` and `docs/cli.md`, not `--output` or `@actions/core`')).toEqual(['src/nowhere/', 'docs/cli.md']);
    expect(layerRows('| 3 | `src/schema/` | x |\n| 4 | `src/stats/` | y |')).toEqual([
      { layer: 3, paths: ['src/schema/'] },
      { layer: 4, paths: ['src/stats/'] },
    ]);
  });
});
