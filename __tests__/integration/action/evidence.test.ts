/**
 * The action (mode compare) shows the regressed cases' evidence in the job summary and uploads the
 * evidence page with the reports; rlm-code trajectories are read beside the summaries in the workspace.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { runInProcess } from '../../helpers/in-process.js';

const fixture = new URL('../../fixtures/evidence/rlm-code/', import.meta.url).pathname;
const ws = mkdtempSync(join(tmpdir(), 'benchgate-evidence-action-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

describe('mode compare with an rlm-code pair and its trajectories', () => {
  it('puts where the runs parted in the job summary and evidence.html in the report artifact', async () => {
    mkdirSync(join(ws, 'runner-temp'));
    cpSync(join(fixture, 'baseline'), join(ws, 'baseline'), { recursive: true });
    cpSync(join(fixture, 'candidate'), join(ws, 'candidate'), { recursive: true });
    const r = await runInProcess(
      'http://127.0.0.1:1',
      ws,
      {
        mode: 'compare',
        suite: 'ev',
        baseline: 'baseline/rlm/benchmarks/bench_20261127_040327_458153.json',
        candidate: 'candidate/rlm/benchmarks/bench_20261127_040327_685468.json',
        'fail-on-hold': 'false',
      },
      { GITHUB_EVENT_NAME: 'push' },
    );
    expect(r.log).not.toContain('evidence of the regressed cases could not be read');
    expect(r.summary, r.summary).toContain('Regressed cases');
    expect(r.summary).toContain('<details><summary>Evidence, regressed case 1 of 1: parted at step 1: different code</summary>');
    expect(r.summary).toContain("ValueError: time data '2021-05-08' does not match format '%d-%m-%Y'");
    const json = JSON.parse(readFileSync(r.outputs['report-json'] ?? '', 'utf8')) as { evidence: { cases: { case_id: string }[] } };
    expect(json.evidence.cases.map((c) => c.case_id)).toEqual(['weekday']);
    const html = join(r.outputs['report-json'] ?? '', '..', 'evidence.html');
    expect(existsSync(html)).toBe(true);
    expect(readFileSync(html, 'utf8')).toContain('parted at step 1: different code');
  });
});
