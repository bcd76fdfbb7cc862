// One loaded form of a run (schema/loaded.ts): its head and its packed rows, explicitly. No second
// form may come back: no getter defined on a summary (the packed form once hid behind a `cases` that
// threw), no WeakMap keyed by summaries (the packed form once lived in one, out of sight), and no read
// of case objects from a whole summary outside the few places that build one on purpose. Three
// static checks over the source; each is shown to find what it looks for on a planted violation.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { ROOT } from '../../helpers/architecture.js';

/** Reads of a whole summary's case objects, by file and enclosing function, and why they build one. */
const ALLOWED: Record<string, string> = {
  'src/analysis/shards.ts mergeCases': "merging shards builds one case list from each shard's whole summary (then packed: load.ts loadedOf)",
  'src/analysis/evidence/collect.ts caseRowsOf': 'the regressed rows of a summary read again whole for their text (load/evidence.ts)',
  'src/load/attempts.ts perCase': "a run's attempts, from its whole summary's case rows' extra, packed as runs when the run is loaded",
  'src/action/suite/trial.ts foreign': "mode run's own summary (loadSummary: whole), its cases outside the shard counted",
  'src/action/suite/trial.ts trajectoriesOf': "mode run's own summary, whole, its trajectories collected",
};

/** The folders a loaded run reaches (adapters and schema build summaries). */
const FOLDERS = ['src/analysis', 'src/report', 'src/load', 'src/history', 'src/policy', 'src/cli', 'src/action'];
/** Where a second loaded form could hide (a getter or a side table). */
const FORM_FOLDERS = ['src/schema', 'src/load', 'src/analysis', 'src/report', 'src/adapters'];

const filesIn = (dirs: readonly string[]): string[] =>
  dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(ROOT, dir, f)),
  );

function enclosingFunction(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name !== undefined) return at.name.getText();
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) return at.name.text;
  }
  return '(top level)';
}

/** Every `.cases` read (or `{ cases }` binding) whose object is a whole BenchmarkSummary, in `files` (plus `extra` source, for the planted check), as "file function: text". */
function summaryCaseReads(files: readonly string[], extra?: { file: string; text: string }): string[] {
  const all = extra ? [...files, extra.file] : [...files];
  const host = ts.createCompilerHost({});
  const read = host.readFile.bind(host);
  if (extra) host.readFile = (f) => (f === extra.file ? extra.text : read(f));
  const exists = host.fileExists.bind(host);
  if (extra) host.fileExists = (f) => f === extra.file || exists(f);
  const program = ts.createProgram(
    all,
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    },
    host,
  );
  const checker = program.getTypeChecker();
  // BenchmarkSummary is z.infer of a schema (no named type survives): a read is of a summary when its
  // object's type is assignable to it.
  const schema = program.getSourceFile(join(ROOT, 'src/schema/summary.ts'));
  const alias = schema?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'BenchmarkSummary');
  if (alias === undefined) throw new Error('src/schema/summary.ts: no type BenchmarkSummary');
  const summaryType = checker.getTypeAtLocation(alias.name);
  const isSummary = (type: ts.Type): boolean => checker.isTypeAssignableTo(checker.getNonNullableType(type), summaryType);
  const found: string[] = [];
  for (const file of all) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`${file}: not in the program`);
    const visit = (node: ts.Node): void => {
      let object: ts.Expression | null = null;
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'cases') object = node.expression;
      else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && node.argumentExpression.text === 'cases')
        object = node.expression;
      else if (
        ts.isBindingElement(node) &&
        (node.propertyName ?? node.name).getText() === 'cases' &&
        ts.isVariableDeclaration(node.parent.parent) &&
        node.parent.parent.initializer
      )
        object = node.parent.parent.initializer;
      if (object !== null && isSummary(checker.getTypeAtLocation(object)))
        found.push(`${file.slice(ROOT.length + 1)} ${enclosingFunction(node)}: ${node.getText()}`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The types of a summary: whole, its head, or loaded. */
const SUMMARY_TYPES: readonly string[] = ['BenchmarkSummary', 'SummaryHead', 'LoadedSummary'];

/** The second loaded forms a source text sets up: a property getter defined on an object, a WeakMap (a side table keyed by objects). */
function secondForms(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (/^Object\.(defineProperty|defineProperties)$|^Reflect\.defineProperty$/.test(callee)) found.push(`${file}: ${callee}`);
    }
    // A side table keyed by summaries (the summary, its head or the loaded run; untyped: it may be).
    // Memos keyed by other objects (a packed form's derived rows, a file source) hold no second form.
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'WeakMap') {
      const key = node.typeArguments?.[0]?.getText(source);
      if (key === undefined || SUMMARY_TYPES.includes(key)) found.push(`${file}: WeakMap<${key ?? '?'}>`);
    }
    if (ts.isGetAccessor(node) && node.name.getText(source) === 'cases') found.push(`${file}: get cases`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('one loaded form', () => {
  it('has no getter and no WeakMap that could hold a second form of a summary', () => {
    const found = filesIn(FORM_FOLDERS).flatMap((f) => secondForms(f.slice(ROOT.length + 1), readFileSync(f, 'utf8')));
    expect(found, 'a loaded run carries its rows in LoadedSummary.rows (schema/loaded.ts), not behind a getter or in a side table').toEqual([]);
  });

  it('finds a planted getter and a planted WeakMap (the check can fail)', () => {
    const planted = [
      'const BACKING = new WeakMap<BenchmarkSummary, PackedSummary>();',
      'const MEMO = new WeakMap<PackedSummary, number>();',
      "Object.defineProperty(summary, 'cases', { get: () => { throw new Error('packed'); } });",
      'const s = { get cases() { return []; } };',
    ].join('\n');
    expect(secondForms('src/schema/planted.ts', planted)).toEqual([
      'src/schema/planted.ts: WeakMap<BenchmarkSummary>',
      'src/schema/planted.ts: Object.defineProperty',
      'src/schema/planted.ts: get cases',
    ]);
  });

  it('reads case objects from a whole summary only where one is built on purpose (a static check with the type checker)', () => {
    const reads = summaryCaseReads(filesIn(FOLDERS));
    const unexplained = reads.filter((r) => !Object.hasOwn(ALLOWED, r.slice(0, r.indexOf(':'))));
    expect(unexplained, 'read the loaded rows (run.rows, caseCount), or add the read to ALLOWED with why it builds a whole summary').toEqual([]);
    // The check finds what it looks for: each allowed read is there.
    expect(reads.map((r) => r.slice(0, r.indexOf(':')))).toEqual(Object.keys(ALLOWED));
  });

  it('finds a planted read of case objects outside the allowed places (the check can fail)', () => {
    const file = join(ROOT, 'src/report/planted-read.ts');
    const text = [
      "import type { BenchmarkSummary } from '../schema/summary.js';",
      'export function plantedCount(s: BenchmarkSummary): number {',
      '  return s.cases.length;',
      '}',
    ].join('\n');
    expect(summaryCaseReads([join(ROOT, 'src/schema/summary.ts')], { file, text })).toEqual(['src/report/planted-read.ts plantedCount: s.cases']);
  });

  it("a loaded run's head has no cases: reading them does not type-check", () => {
    const file = join(ROOT, 'src/report/planted-loaded.ts');
    const text = [
      "import type { LoadedSummary } from '../schema/loaded.js';",
      '// @ts-expect-error a loaded run has no case objects',
      'export const planted = (run: LoadedSummary): number => run.summary.cases.length;',
    ].join('\n');
    const host = ts.createCompilerHost({});
    const read = host.readFile.bind(host);
    host.readFile = (f) => (f === file ? text.replace('// @ts-expect-error a loaded run has no case objects\n', '') : read(f));
    const exists = host.fileExists.bind(host);
    host.fileExists = (f) => f === file || exists(f);
    const program = ts.createProgram(
      [file],
      { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
      host,
    );
    const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors.some((m) => /Property 'cases' does not exist/.test(m))).toBe(true);
  });
});
