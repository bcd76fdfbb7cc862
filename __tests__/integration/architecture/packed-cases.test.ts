// A summary loaded packed (schema/packed-summary.ts) has no case objects: reading its `cases` throws
// (a bug, found at once, where it used to build 100,000 objects quietly). Everything that may be
// handed one reads cases through the packed form (packedOf, caseCount, the comparison's rows), never
// through a summary's `cases`. Two guards: a static one, with TypeScript's checker, over every
// `.cases` (and `{ cases }` destructuring) whose object is a BenchmarkSummary, in every folder a
// loaded summary reaches (each read allowed must say why it never sees a packed summary); and a
// behavioural one, which compares and renders a packed pair under every policy and checks that
// nothing read its cases.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { compareSummaries } from '../../../src/analysis/compare.js';
import { renderCsv } from '../../../src/report/csv-report.js';
import { renderJsonChunks } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS, packSummary } from '../../../src/schema/pack.js';
import { packedOf, packedSummary } from '../../../src/schema/packed-summary.js';
import { ROOT } from '../../helpers/architecture.js';
import { loaded } from '../../helpers/rlm-builder.js';

/** Reads of a summary's cases that must unpack, by file and enclosing function, and why. */
const ALLOWED: Record<string, string> = {
  'src/analysis/shards.ts mergeCases': "merging shards builds one case list from each shard's case objects (small summaries, loaded whole)",
  'src/analysis/evidence/collect.ts caseRowsOf':
    'the regressed rows of a summary loaded whole (a packed one is told apart by loadedPacked first and read again from its file)',
  'src/load/attempts.ts perCase': "a run's attempts, from its case rows' extra (a packed run is told apart by loadedPacked first: it kept no attempts)",
  'src/action/run/run-mode.ts foreign': "mode run's own summary (loadSummary: loaded whole), its cases outside the shard counted",
  'src/action/run/run-mode.ts trajectoriesOf': "mode run's own summary, loaded whole, its trajectories collected",
};

/** The folders searched: every one that may be handed a summary loaded packed (adapters and schema build summaries). */
const FOLDERS = ['src/analysis', 'src/report', 'src/load', 'src/history', 'src/policy', 'src/cli', 'src/action'];

function enclosingFunction(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name !== undefined) return at.name.getText();
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name)) return at.name.text;
  }
  return '(top level)';
}

/** Every `.cases` read of a BenchmarkSummary in {@link FOLDERS}, as "file function: text". */
function summaryCaseReads(): string[] {
  const files = FOLDERS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(ROOT, dir, f)),
  );
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  // BenchmarkSummary is z.infer of a schema (no named type survives): a read is of a summary when its
  // object's type is assignable to it.
  const schema = program.getSourceFile(join(ROOT, 'src/schema/summary.ts'));
  const alias = schema?.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'BenchmarkSummary');
  if (alias === undefined) throw new Error('src/schema/summary.ts: no type BenchmarkSummary');
  const summaryType = checker.getTypeAtLocation(alias.name);
  const isSummary = (type: ts.Type): boolean => checker.isTypeAssignableTo(checker.getNonNullableType(type), summaryType);
  const found: string[] = [];
  for (const file of files) {
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

describe("a packed summary's cases", () => {
  it('are never read in the analysis or the reports but where allowed (a static check with the type checker)', () => {
    const reads = summaryCaseReads();
    const unexplained = reads.filter((r) => !Object.hasOwn(ALLOWED, r.slice(0, r.indexOf(':'))));
    expect(unexplained, 'read the packed form (packedOf, caseCount), or add the read to ALLOWED with why').toEqual([]);
    // The check finds what it looks for: the allowed read is there.
    expect(reads.map((r) => r.slice(0, r.indexOf(':')))).toEqual(Object.keys(ALLOWED));
  });

  it('are not unpacked by comparing and rendering a packed pair, under either policy', () => {
    const run = (id: string, k: number) =>
      loaded({
        id,
        cases: Array.from({ length: 60 }, (_, i) => ({ id: `c${i}`, completed: i % k !== 0, reward: (i % (k + 4)) / (k + 4), steps: 2 + (i % k) })),
      }).summary;
    const base = run('base', 3);
    const cand = run('cand', 4);
    for (const decide of ['point', 'significant'] as const) {
      const packs = [packSummary(base, NO_FIELDS), packSummary(cand, NO_FIELDS)];
      const [b, c] = packs.map(packedSummary);
      const cmp = compareSummaries({ path: 'b.json', summary: b! }, { path: 'c.json', summary: c! }, { decide });
      renderMarkdown(cmp);
      renderCsv(cmp);
      for (const piece of renderJsonChunks(cmp)) void piece;
      // Still backed by the packs they came from: nothing read their cases.
      expect(packedOf(b!), decide).toBe(packs[0]);
      expect(packedOf(c!), decide).toBe(packs[1]);
    }
  });
});
