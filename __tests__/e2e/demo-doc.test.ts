// The sample report docs/cli.md shows (the golden __tests__/golden/demo.md, kept byte for byte by
// unit/report/report.test.ts) is what `npm run demo` really writes: the demo is run (its suite under
// both strategies, then the committed dist/cli.js) and its report.md compared with the sample, but
// for what each run measures anew: the latency row, the run ids (bench_<time>) and the files' paths.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../helpers/composite.js';

/** The report without what differs from run to run. */
const measuredAnew = (md: string): string =>
  md
    .replace(/^\| Latency p50 \/ p95 \|.*$/m, '| Latency p50 / p95 | (measured) |')
    .replace(/bench_\d{8}_\d{6}_\d{6}/g, 'bench_<time>')
    .replace(/\(`[^`]*?(baseline|candidate)\.json`\)/g, '(`$1.json`)');

describe('the sample report of docs/cli.md', () => {
  it('is the report npm run demo writes, but for the latencies, run ids and paths', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'benchgate-demo-')), 'demo-output');
    execFileSync(process.execPath, [join(REPO_ROOT, 'examples', 'demo.mjs'), '--out', out], { cwd: REPO_ROOT, encoding: 'utf8' });
    const written = readFileSync(join(out, 'report.md'), 'utf8');
    const cli = readFileSync(join(REPO_ROOT, 'docs', 'cli.md'), 'utf8');
    const sample = /<!-- report-start -->\n([\s\S]*?)<!-- report-end -->/.exec(cli)?.[1];
    expect(sample, 'docs/cli.md has <!-- report-start --> … <!-- report-end -->').toBeDefined();
    expect(written).toContain('<details><summary>Evidence, regressed case 1 of 1');
    expect(measuredAnew(sample as string)).toBe(measuredAnew(written));
  });
});
