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
  ['pipeline'],
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

/** Where verdicts may be made: the one pipeline and the analysis it calls (issue 44). */
export const VERDICT_MAKERS: readonly string[] = ['src/pipeline/', 'src/analysis/'];
/** The analysis functions that make a comparison, and so a verdict: the pipeline's to call. */
const COMPARERS = new Set(['compareSummaries', 'compareAtLook']);
/** A comparison's fields that are, or decide, its verdict. */
const VERDICT_FIELDS = new Set(['verdict', 'sequential', 'noise', 'evidence', 'blocking_findings', 'failed_gates', 'undecided_gates']);
/** The verdicts a conditional could pick ('inconclusive' is also a gate's status, which the statistics decide). */
const VERDICTS = new Set(['hold', 'promote']);
/** A cheap first look: a file without any of these cannot break a rule (parsing every file takes seconds). */
const SUSPECT = /compareSummaries|compareAtLook|'hold'|'promote'|verdict|\.(sequential|noise|evidence|blocking_findings|failed_gates|undecided_gates)\s*\S?=/;

/**
 * Every place in `sources` (repo-relative path → text) outside {@link VERDICT_MAKERS} that computes
 * or changes a verdict, read from the syntax tree: an import of a comparer, an assignment to a
 * comparison's verdict field, a conditional that picks a verdict literal, or an object that copies a
 * comparison with a verdict of its own (`{ ...cmp, verdict: … }`).
 */
export function verdictViolations(sources: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (VERDICT_MAKERS.some((dir) => file.startsWith(dir)) || !SUSPECT.test(text)) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const at = (node: ts.Node, what: string): void => {
      out.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
    };
    const isVerdict = (e: ts.Expression): boolean => ts.isStringLiteral(e) && VERDICTS.has(e.text);
    const visit = (node: ts.Node): void => {
      if (ts.isImportSpecifier(node) && COMPARERS.has(node.name.text))
        at(node, `imports ${node.name.text} (only the pipeline compares: src/pipeline/judge.ts)`);
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
        node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
        ts.isPropertyAccessExpression(node.left) &&
        VERDICT_FIELDS.has(node.left.name.text)
      )
        at(node, `assigns .${node.left.name.text} (a comparison is finished by the pipeline)`);
      if (ts.isConditionalExpression(node) && (isVerdict(node.whenTrue) || isVerdict(node.whenFalse))) at(node, 'picks a verdict in a conditional');
      if (
        ts.isObjectLiteralExpression(node) &&
        node.properties.some(ts.isSpreadAssignment) &&
        node.properties.some(
          (p) =>
            ts.isPropertyAssignment(p) &&
            ts.isIdentifier(p.name) &&
            p.name.text === 'verdict' &&
            // Copying a comparison's own verdict (a report's field) is not making one.
            !(ts.isPropertyAccessExpression(p.initializer) && p.initializer.name.text === 'verdict'),
        )
      )
        at(node, 'copies an object with a verdict of its own');
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** The TypeScript sources of src/ and tools/, repo-relative path → text. */
export function sourcesOf(folders: readonly string[] = ['src', 'tools']): Map<string, string> {
  const out = new Map<string, string>();
  for (const folder of folders)
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }))
      if (entry.endsWith('.ts')) out.set(join(folder, entry), readFileSync(join(ROOT, folder, entry), 'utf8'));
  return out;
}

/** The action's mode folders: each imports the shared parts below it (suite, decide, inputs, the files of src/action/), never a sibling mode. */
export const ACTION_MODES: readonly string[] = ['run', 'ab', 'gate', 'publish', 'profile', 'command'];

/** Every import of one action mode's folder from another, or from a shared part of the action, as "from → to". */
export function modeViolations(graph: Graph): string[] {
  const modeOf = (file: string): string | null => {
    const m = /^src\/action\/([^/]+)\//.exec(file);
    return m !== null && ACTION_MODES.includes(m[1] as string) ? (m[1] as string) : null;
  };
  const out: string[] = [];
  for (const [file, deps] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    if (!file.startsWith('src/action/') || file === 'src/action/main.ts') continue;
    const from = modeOf(file);
    for (const dep of deps) {
      const to = modeOf(dep);
      if (to === null || to === from) continue;
      out.push(`${file} → ${dep} (${from === null ? 'a shared part of the action' : `mode ${from}`} may not import mode ${to})`);
    }
  }
  return out;
}
