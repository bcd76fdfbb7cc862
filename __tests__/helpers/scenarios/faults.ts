// The fixtures of the fault tests, shared by the bundle's (e2e/action-faults.test.ts) and the
// in-process ones (integration/action/faults.test.ts): a results service double and a scratch folder
// for the file, fresh workflow runs, and the files and metadata of what a run uploaded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll } from 'vitest';

import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { unzip } from '../zip.js';

/** Declares the double's start and stop for the calling file; `doubles` is read once they run. */
export function faultBench() {
  let double: ResultsServiceDouble;
  let root: string;
  let runs = 0;

  beforeAll(async () => {
    double = await startResultsService();
    root = mkdtempSync(join(tmpdir(), 'benchgate-faults-'));
  });
  afterAll(async () => {
    await double?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function files(run: string, name: string): Map<string, Buffer> {
    const artifact = double.artifacts(run).get(name);
    if (!artifact) throw new Error(`no artifact ${name} in ${run}`);
    return unzip(artifact.bytes);
  }

  function metadata(run: string, name: string): Record<string, unknown> {
    const summary = JSON.parse((files(run, name).get('summary.json') as Buffer).toString()) as { metadata: Record<string, unknown> };
    return summary.metadata;
  }

  return {
    get doubles() {
      return { double, root };
    },
    /** A fresh workflow run of the double, so artifact names never collide between tests. */
    freshRun: (): string => `fault-run-${++runs}`,
    files,
    metadata,
  };
}
