// A file no input format fits, in the action (issue 42 item 6): the step's message is one line
// naming the file; with BENCHGATE_DEBUG set, the log adds each format's reason, as the CLI does.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type GitHubApiDouble, startGitHubApi } from '../../doubles/github-api.js';
import { demoWorkspace, runInProcess } from '../../helpers/in-process.js';

const TOKEN = 'ghs_test_token';
let gh: GitHubApiDouble;
const dirs: string[] = [];
beforeAll(async () => {
  gh = await startGitHubApi({ token: TOKEN });
  gh.addPull({ number: 42, headSha: '1'.repeat(40), headRepo: 'octo-org/benchgate' });
});
afterAll(async () => {
  await gh.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  expect(gh.invalidCalls(), "requests that GitHub's OpenAPI description rejects").toEqual([]);
});

async function gate(env: Record<string, string>) {
  const ws = demoWorkspace();
  dirs.push(ws);
  writeFileSync(join(ws, 'candidate.json'), JSON.stringify({ name: 'not-a-run', version: '1.0.0' }));
  return runInProcess(gh.url, ws, { mode: 'compare', suite: 'fmt', 'github-token': TOKEN, baseline: 'baseline.json', candidate: 'candidate.json' }, env);
}

describe('a candidate no format fits', () => {
  it('is one line naming the file', async () => {
    const r = await gate({});
    expect(r.exitCode).toBe(1);
    const lines = r.log.split('\n').filter((l) => l.includes('not a benchmark summary benchgate can read'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(
      /candidate\.json: not a benchmark summary benchgate can read; to see why, force a format with --input-format NAME \(the action's `format` input/,
    );
    expect(r.log).not.toMatch(/^info: {3}- rlm-code: expected/m);
  });

  it("with BENCHGATE_DEBUG, the log lists each format's reason", async () => {
    const r = await gate({ BENCHGATE_DEBUG: '1' });
    expect(r.exitCode).toBe(1);
    expect(r.log).toMatch(/^info: {3}- rlm-code: expected an rlm-code summary: .*; here: no `case_results`$/m);
    expect(r.log).toMatch(/^info: {3}- records: expected generic records: /m);
  });
});
