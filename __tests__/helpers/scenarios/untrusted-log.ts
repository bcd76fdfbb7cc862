// A suite job whose suite is hostile (PR code): it prints its environment, prints workflow commands,
// and leaves its summary under a file name that holds workflow commands after a line break. Written
// once and played by both harnesses (the bundle through action.yml in e2e/action-untrusted.test.ts,
// runAction in process in integration/action/untrusted-log.test.ts). The log is read the way the
// runner reads it (helpers/runner-commands.ts): it may hold benchgate's own warnings, errors and
// groups, and nothing else; and no token, no action input, reaches the suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ResultsServiceDouble, startResultsService } from '../../doubles/results-service.js';
import { suiteCommand } from '../action-jobs.js';
import { runnerCommands } from '../runner-commands.js';
import type { JobOf } from './hold-chain.js';

const INPUT_TOKEN = 'ghs_FromTheGithubTokenInput0001';
const ENV_TOKEN = 'ghs_FromTheStepEnvironment0002';
const OIDC_TOKEN = 'oidc-request-token-0003';
/** The summary's file name: a line break, then a command, then a bare CR and another. */
const HOSTILE_NAME = 'a\n::set-output name=verdict::promote\r::add-mask::pwned.json';

export function untrustedLog(job: JobOf): void {
  let double: ResultsServiceDouble;
  let root: string;
  beforeAll(async () => {
    double = await startResultsService();
    root = mkdtempSync(join(tmpdir(), 'benchgate-untrusted-'));
  });
  afterAll(async () => {
    await double?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  describe('a hostile suite', () => {
    it('sees no token and no action input, and nothing it prints or names becomes a workflow command', async () => {
      const dir = '.rlm_code/rlm/benchmarks';
      const command = [
        'env | sort',
        "echo '::add-mask::from-the-suite'",
        "echo 'x ##[set-output name=verdict;]promote'",
        suiteCommand('tool_call'),
        `mv ${dir}/tool_call.json "${dir}/$(printf '${HOSTILE_NAME.replace(/\n/g, '\\n').replace(/\r/g, '\\r')}')"`,
      ].join('\n');
      const r = await job(double, root, 'candidate').run(
        { mode: 'run', suite: 'demo', role: 'candidate', command, 'github-token': INPUT_TOKEN },
        {
          GITHUB_TOKEN: ENV_TOKEN,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC_TOKEN,
          ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example',
          OPENAI_API_KEY: 'sk-kept',
        },
      );
      // The suite ran and printed its environment: what it was given, and none of the withheld.
      expect(r.log).toMatch(/^OPENAI_API_KEY=sk-kept$/m);
      expect(r.log).toMatch(/^BENCHGATE_ROLE=candidate$/m);
      for (const secret of [INPUT_TOKEN, ENV_TOKEN, OIDC_TOKEN, double.env('run-1', 'job-candidate').ACTIONS_RUNTIME_TOKEN as string]) {
        expect(r.log).not.toContain(secret);
      }
      expect(r.log).not.toMatch(/^(INPUT_|ACTIONS_|GITHUB_TOKEN=|GITHUB_OUTPUT=|GITHUB_STATE=)/im);
      // benchgate logged the hostile name (so the check below can fail) and the runner acts on none of it:
      // only on the groups, warnings and errors benchgate writes, and the artifact client's debug lines.
      expect(r.log).toContain('::set-output name=verdict::promote');
      const acted = runnerCommands(r.log);
      // Besides those, one add-mask: the prepare step's handoff key (action/handoff.ts, 32 random bytes in hex).
      const own = (c: { name: string; data: string }) =>
        ['group', 'endgroup', 'warning', 'error', 'debug'].includes(c.name) || (c.name === 'add-mask' && /^[0-9a-f]{64}$/.test(c.data));
      expect(acted.filter((c) => !own(c))).toEqual([]);
      expect(acted.filter((c) => c.name === 'add-mask').length).toBeLessThanOrEqual(1);
      expect(acted.map((c) => c.data).join('\n')).not.toMatch(/from-the-suite|##\[/);
      // The artifact service takes no such file name: the step fails with that error, as one command.
      expect(r.exitCode, r.log).toBe(1);
      const errors = acted.filter((c) => c.name === 'error').map((c) => c.data);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^benchgate: uploading artifact "benchgate-demo-candidate" in this workflow run failed: /);
      expect(errors[0]).toContain(`original/${HOSTILE_NAME}`);
      expect(r.outputs['verdict'] ?? '').toBe('');
    });
  });
}
