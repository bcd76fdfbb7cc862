// Issue 19's shape, kept: no import cycle between files (type-only imports count: they are what tied
// analysis and adapters in knots), and each folder imports only the layers below it, so the action
// and the CLI never import each other and the core never imports a program or the GitHub edge.
import { describe, expect, it } from 'vitest';

import { cycles, type Graph, importGraph, layerViolations } from '../../helpers/architecture.js';

const graph = importGraph();

describe('the import graph', () => {
  it('reads the real imports, type-only and dynamic ones included', () => {
    expect(graph.size).toBeGreaterThan(100);
    // A type-only import, a re-export and a dynamic import the checker must see.
    expect(graph.get('src/analysis/significance/heterogeneity.ts')).toContain('src/analysis/model.ts');
    expect(graph.get('src/adapters/registry.ts')).toContain('src/adapters/types.ts');
    expect(graph.get('src/index.ts')).toContain('src/action/main.ts');
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('goes down the layers only: action and cli never import each other, the core no program', () => {
    expect(layerViolations(graph)).toEqual([]);
  });
});

describe('the checks can fail', () => {
  const fake: Graph = new Map([
    ['src/analysis/a.ts', ['src/analysis/b.ts']],
    ['src/analysis/b.ts', ['src/analysis/c.ts']],
    ['src/analysis/c.ts', ['src/analysis/a.ts', 'src/report/r.ts']],
    ['src/action/x.ts', ['src/cli/y.ts']],
    ['src/cli/y.ts', []],
    ['src/report/r.ts', []],
    ['src/stats/s.ts', ['src/stats/s.ts']],
  ]);

  it('finds a cycle of three files and a file that imports itself', () => {
    expect(cycles(fake)).toEqual([['src/analysis/a.ts', 'src/analysis/b.ts', 'src/analysis/c.ts'], ['src/stats/s.ts']]);
  });

  it('finds an import up a layer and one between the two programs', () => {
    expect(layerViolations(fake)).toEqual([
      'src/action/x.ts → src/cli/y.ts (action may not import cli)',
      'src/analysis/c.ts → src/report/r.ts (analysis may not import report)',
    ]);
  });
});
