// The gate's thresholds come from the PR's base commit, never the head (issue 20, item 2): a PR that
// relaxes .github/benchgate.yml is still judged by the base commit's file, read through the contents
// API when the job checked out the head, or from the workspace when it checked out the base; the log
// says which file and commit; an absent file is one line; an unreadable one is an error, never a
// silent fall back to the PR's copy. In process (helpers/in-process-jobs.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { job, startWorkflowDoubles, stopWorkflowDoubles, type WorkflowDoubles } from '../../helpers/in-process-jobs.js';

const TOKEN = 'ghs_trusted_config_token';
const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'rlm-code', 'reward_regression');
/** reward_regression promotes with min_reward_delta -1 and holds with the default 0. */
const STRICT = 'min_reward_delta: 0\n';
const RELAXED = 'min_reward_delta: -1\nfail_on_completion_regression: false\n';

let d: WorkflowDoubles;
beforeAll(async () => {
  d = await startWorkflowDoubles(TOKEN, 'benchgate-trusted-');
});
afterAll(() => stopWorkflowDoubles(d));

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.trim();
}

/** A PR event whose base is `baseSha`. */
function eventFile(dir: string, baseSha: string): string {
  const path = join(dir, 'event.json');
  writeFileSync(
    path,
    JSON.stringify({
      number: 7,
      pull_request: {
        number: 7,
        head: { sha: '1'.repeat(40), ref: 'relax', repo: { full_name: 'octo-org/benchgate' } },
        base: { sha: baseSha, ref: 'main', repo: { full_name: 'octo-org/benchgate' } },
      },
      repository: { full_name: 'octo-org/benchgate', default_branch: 'main' },
    }),
  );
  return path;
}

async function gate(name: string, prepare: (workspace: string) => string, extra: Record<string, string> = {}) {
  const j = job(d.results, d.root, name, `run-${name}`);
  const baseSha = prepare(j.workspace);
  return j.run(
    {
      mode: 'compare',
      suite: 's',
      baseline: join(fixtures, 'baseline.json'),
      candidate: join(fixtures, 'candidate.json'),
      'github-token': TOKEN,
      comment: 'off',
      'check-name': 'off',
      ...extra,
    },
    { ...d.gh.env(), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventFile(join(j.workspace, '..'), baseSha) },
  );
}

describe('the configuration a pull request is judged by', () => {
  it('comes from the base commit through the API when the job checked out the head, which relaxed it', async () => {
    d.gh.git.seedFile('main', '.github/benchgate.yml', STRICT);
    const base = d.gh.git.log('main')[0]?.sha as string;
    const r = await gate('api', (ws) => {
      mkdirSync(join(ws, '.github'), { recursive: true });
      writeFileSync(join(ws, '.github', 'benchgate.yml'), RELAXED); // the PR's own copy
      return base;
    });
    expect(r.log).toContain(
      `benchgate: configuration .github/benchgate.yml at the PR's base commit ${base.slice(0, 7)} (read through the API; the PR's copy is not used)`,
    );
    expect(r.outputs['verdict']).toBe('hold');
    expect(r.exitCode).toBe(1);
  });

  it('comes from the workspace when the job checked out the base commit, and says so', async () => {
    let base = '';
    const r = await gate('checkout', (ws) => {
      mkdirSync(join(ws, '.github'), { recursive: true });
      git(ws, 'init', '-q');
      writeFileSync(join(ws, '.github', 'benchgate.yml'), STRICT);
      git(ws, 'add', '.');
      git(ws, 'commit', '-q', '-m', 'base');
      base = git(ws, 'rev-parse', 'HEAD');
      return base;
    });
    expect(r.log).toContain(`benchgate: configuration .github/benchgate.yml from commit ${base.slice(0, 7)}, the PR's base commit (checked out)`);
    expect(r.outputs['verdict']).toBe('hold');
  });

  it('is the defaults, in one line, when the base commit has none; the PR adding one changes nothing', async () => {
    const r = await gate('absent', (ws) => {
      mkdirSync(join(ws, '.github'), { recursive: true });
      writeFileSync(join(ws, '.github', 'benchgate.yml'), RELAXED);
      return 'a'.repeat(40); // a commit the double does not know: 404
    });
    expect(r.log).toContain(`benchgate: no configuration file .github/benchgate.yml at the PR's base commit aaaaaaa: the defaults apply`);
    expect(r.outputs['verdict']).toBe('hold');
  });

  it("that cannot be read from the base commit is an error, not the PR's copy", async () => {
    const r = await gate(
      'no-token',
      (ws) => {
        mkdirSync(join(ws, '.github'), { recursive: true });
        writeFileSync(join(ws, '.github', 'benchgate.yml'), RELAXED);
        return 'b'.repeat(40);
      },
      { 'github-token': 'ghs_wrong_token' },
    );
    expect(r.exitCode).toBe(1);
    expect(r.log).toMatch(/cannot read \.github\/benchgate\.yml at the PR's base commit bbbbbbb through the API \(HTTP 401\)/);
    expect(r.outputs['verdict'] ?? '').toBe('');
  });
});
