/**
 * The import graph of src/ and tools/, read with TypeScript's own pre-processor (`ts.preProcessFile`:
 * static, type-only, re-export and dynamic imports alike), and the two rules issue 19 asks for: no
 * import cycle between files, and folders importing only folders below them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** file (repo-relative) → the repo-relative files it imports. */
export type Graph = Map<string, string[]>;

export function importGraph(folders: readonly string[] = ['src', 'tools']): Graph {
  const graph: Graph = new Map();
  for (const folder of folders) {
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts')) continue;
      const file = join(folder, entry);
      const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
      const deps = info.importedFiles
        .map((ref) => ref.fileName)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec.replace(/\.js$/, '.ts'))));
      graph.set(file, deps);
    }
  }
  return graph;
}

/** Every strongly connected component of more than one file, or a file importing itself (Tarjan). */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The layers, lowest first: a folder may import its own and lower layers only. `action` and `cli`
 * share the top layer and never import each other; the bundle entries sit above everything.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['errors', 'version'],
  ['fs-safe'],
  ['schema'],
  ['stats'],
  ['adapters'],
  ['analysis'],
  ['load'],
  ['history'],
  ['policy'],
  ['report'],
  ['github'],
  ['action', 'cli', 'tools/calibrate', 'tools/change-points'],
  ['index', 'cli.ts'],
  ['tools/generate'],
];

/** The layer name of a repo-relative file: its first folder under src (or the file's own name), or its tool (tools/<name>). */
export function unitOf(file: string): string {
  if (file.startsWith('tools/')) return file.split('/').slice(0, 2).join('/');
  const parts = file.replace(/^src\//, '').split('/');
  if (parts.length > 1) return parts[0] as string;
  return file === 'src/cli.ts' ? 'cli.ts' : (parts[0] as string).replace(/\.ts$/, '');
}

function rank(unit: string): number {
  const r = LAYERS.findIndex((layer) => layer.includes(unit));
  if (r < 0) throw new Error(`${unit}: not in any layer of __tests__/helpers/architecture.ts; add it where it belongs`);
  return r;
}

/** Every import that goes up a layer or sideways between two folders of one layer, as "from → to". */
export function layerViolations(graph: Graph): string[] {
  const out: string[] = [];
  for (const [file, deps] of graph) {
    const from = unitOf(file);
    for (const dep of deps) {
      const to = unitOf(dep);
      if (from === to) continue;
      if (rank(to) >= rank(from)) out.push(`${file} → ${dep} (${from} may not import ${to})`);
    }
  }
  return out.sort();
}
