// The repository a played workflow checks out (helpers/workflow-player.ts): a real git repository
// made in the test, whose commits run the example suite under the strategy each one sets.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './composite.js';

/** The example suite as a commit of the repository has it: the strategy is what the commit changes. */
export const suiteAt = (strategy: string) =>
  [
    "import { execFileSync } from 'node:child_process';",
    'const args = process.argv.slice(2);',
    `args[args.indexOf('--strategy') + 1] = '${strategy}';`,
    `execFileSync(process.execPath, [${JSON.stringify(join(REPO_ROOT, 'examples', 'suite', 'run-suite.mjs'))}, ...args], { stdio: 'inherit' });`,
    '',
  ].join('\n');

/** Commits `files` on a new `branch` from `from` (null: a new repository in `dir`); returns the commit. */
export function commit(dir: string, branch: string, from: string | null, files: Record<string, string>): string {
  const git = (...a: string[]) => {
    const r = spawnSync('git', a, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return r.stdout.trim();
  };
  if (from === null) git('init', '-q', '-b', branch);
  else git('checkout', '-q', '-b', branch, from);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git('add', '-A');
  git('commit', '-q', '-m', branch);
  return git('rev-parse', 'HEAD');
}
