// docs/architecture.md stays true (issue 33): every path it names exists, every folder of src/ is
// named, and its table of layers is the order the layer test enforces (helpers/architecture.ts).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

  describe('the worked example of adding a per-case metric', () => {
    const section = doc.slice(doc.indexOf('### Worked example'), doc.indexOf('### A number new'));
    const line = /```ts\n\/\/ src\/analysis\/custom-gates\/metric-gates\.ts, in PER_CASE\n(.+)\n```/.exec(section)?.[1] ?? '';
    const metric = /^\s*(\w+):/.exec(line)?.[1] ?? '';

    it('names at most 3 source files to change', () => {
      const steps = [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1] as string);
      expect(steps).toContain('src/analysis/custom-gates/metric-gates.ts');
      expect(steps.filter((f) => f.startsWith('src/')).length).toBeLessThanOrEqual(3);
    });

    it('works when applied to a copy of src/ (its one line, nothing else), and the unchanged copy refuses the metric', async () => {
      expect(metric).toBe('codemode_calls');
      const config = `gates:\n  - metric: ${metric}\n    tolerance: 1\n`;
      // Inside the repository, so that the copy resolves the same node_modules.
      const tmp = mkdtempSync(join(REPO_ROOT, '.tmp-arch-doc-'));
      try {
        for (const edited of [false, true]) {
          const root = join(tmp, String(edited));
          cpSync(join(REPO_ROOT, 'src'), join(root, 'src'), { recursive: true });
          const gates = join(root, 'src', 'analysis', 'custom-gates', 'metric-gates.ts');
          if (edited) {
            const text = readFileSync(gates, 'utf8');
            const at = text.indexOf('const PER_CASE: Record<string, PerCase> = {\n');
            expect(at).toBeGreaterThan(0);
            const end = text.indexOf('\n', at) + 1;
            writeFileSync(gates, text.slice(0, end) + line + '\n' + text.slice(end));
          }
          const { METRICS } = (await import(pathToFileURL(gates).href)) as { METRICS: readonly string[] };
          const { parseConfig } = (await import(pathToFileURL(join(root, 'src', 'policy', 'config-file.ts')).href)) as {
            parseConfig(file: string, text: string): { gates?: { metric?: string }[] };
          };
          if (edited) {
            expect(METRICS).toContain(metric);
            expect(parseConfig('benchgate.yml', config).gates?.[0]?.metric).toBe(metric);
          } else {
            expect(METRICS).not.toContain(metric);
            expect(() => parseConfig('benchgate.yml', config)).toThrow(/gates/);
          }
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  });

  describe('the glossary of repeated measurements', () => {
    const glossary = doc.slice(doc.indexOf('## Glossary'));
    const WORDS = ['case', 'trial', 'attempt', 'shard', 'round', 'look', 'settled', 'run'];

    it('defines each word once', () => {
      for (const w of WORDS) expect([...glossary.matchAll(new RegExp(`^\\| \\*\\*${w}\\*\\* \\|`, 'gm'))].length, w).toBe(1);
    });

    /** "attempt" for a GitHub job's re-run or for a whole trial: its second senses. */
    const SECOND_SENSE =
      /\b(?:earlier|previous|first|later|next) attempt of (?:this|the|a) (?:job|run|workflow)\b|\bits (?:earlier|first|previous) attempt (?:uploaded|used)\b|\battempts? of (?:a|the|each|every) (?:side|suite)\b/i;

    it('never uses "attempt" for a re-run of a job or a trial of a side, in the docs, the README and the messages', () => {
      const files = [
        'README.md',
        ...readdirSync(join(REPO_ROOT, 'docs'))
          .filter((f) => f.endsWith('.md'))
          .map((f) => `docs/${f}`),
        ...readdirSync(join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('.ts'))
          .map((f) => `src/${f}`),
      ];
      const found = files.flatMap((f) =>
        readFileSync(join(REPO_ROOT, f), 'utf8')
          .split('\n')
          .flatMap((l, i) => (SECOND_SENSE.test(l) ? [`${f}:${i + 1}`] : [])),
      );
      expect(found).toEqual([]);
    });

    it('finds the second senses it forbids (the check can fail)', () => {
      expect(SECOND_SENSE.test('replaced artifact x from an earlier attempt of this job')).toBe(true);
      expect(SECOND_SENSE.test('A re-run job replaces the artifact its earlier attempt uploaded.')).toBe(true);
      expect(SECOND_SENSE.test("terminal-bench's attempts of a task are merged")).toBe(false);
    });
  });
});
