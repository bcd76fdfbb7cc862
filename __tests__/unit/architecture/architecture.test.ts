// Issue 19's shape, kept: no import cycle between files (type-only imports count: they are what tied
// analysis and adapters in knots), and each folder imports only the layers below it, so the action
// and the CLI never import each other and the core never imports a program or the GitHub edge.
import { describe, expect, it } from 'vitest';

import { cycles, type Graph, importGraph, layerViolations, modeViolations, sourcesOf, verdictViolations } from '../../helpers/architecture.js';

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

// Issue 44: one pipeline makes verdicts (src/pipeline/judge.ts); everything else renders or publishes them.
describe('one pipeline', () => {
  it('no module outside the pipeline and the analysis computes or changes a verdict', () => {
    expect(verdictViolations(sourcesOf())).toEqual([]);
  });

  it('the CLI, every judging action mode and the calibration call the pipeline', () => {
    for (const file of ['src/cli/run.ts', 'src/cli/profile.ts', 'src/action/decide/decide.ts', 'src/action/ab/ab-mode.ts', 'tools/calibrate/verdicts.ts'])
      expect(graph.get(file), file).toContain('src/pipeline/judge.ts');
  });

  it('finds each way of making a verdict outside it', () => {
    const planted = new Map([
      ['src/action/x.ts', "import { compareAtLook } from '../analysis/sequential-compare.js';\nconst v = problems.length > 0 ? 'hold' : cmp.verdict;\n"],
      ['src/cli/y.ts', "cmp.noise = marks;\nlast.sequential = halted;\nconst held = { ...cmp, verdict: 'hold' };\n"],
      ['src/pipeline/judge.ts', "import { compareAtLook } from '../analysis/sequential-compare.js';\ncmp.evidence = e;\n"],
      ['src/analysis/compare.ts', "verdict = held ? 'hold' : 'promote';\n"],
    ]);
    expect(verdictViolations(planted)).toEqual([
      'src/action/x.ts:1: imports compareAtLook (only the pipeline compares: src/pipeline/judge.ts)',
      'src/action/x.ts:2: picks a verdict in a conditional',
      'src/cli/y.ts:1: assigns .noise (a comparison is finished by the pipeline)',
      'src/cli/y.ts:2: assigns .sequential (a comparison is finished by the pipeline)',
      'src/cli/y.ts:3: copies an object with a verdict of its own',
    ]);
  });
});

// Issue 44: src/action/ by mode, with the shared parts below them; only main.ts picks a mode.
describe('the action by mode', () => {
  it('no mode imports a sibling mode, and no shared part imports a mode', () => {
    expect(modeViolations(graph)).toEqual([]);
  });

  it('finds a mode importing a sibling and a shared part importing a mode', () => {
    const fake: Graph = new Map([
      ['src/action/ab/ab-mode.ts', ['src/action/run/run-mode.ts', 'src/action/suite/trial.ts']],
      ['src/action/decide/decide.ts', ['src/action/publish/publish-mode.ts']],
      ['src/action/main.ts', ['src/action/run/run-mode.ts']],
    ]);
    expect(modeViolations(fake)).toEqual([
      'src/action/ab/ab-mode.ts → src/action/run/run-mode.ts (mode ab may not import mode run)',
      'src/action/decide/decide.ts → src/action/publish/publish-mode.ts (a shared part of the action may not import mode publish)',
    ]);
  });
});
