// docs/github-actions.md's /benchgate commands: the documented caller is the example file, and the
// table says what the parser and the permission rule do (defaults, limits, who may run each).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { mayCommand } from '../../../src/policy/acceptance.js';
import { ACCEPT_DAYS_DEFAULT, ACCEPT_DAYS_MAX, parseComment } from '../../../src/policy/acceptance-command.js';
import { REPO_ROOT } from '../../helpers/composite.js';

const doc = readFileSync(join(REPO_ROOT, 'docs', 'github-actions.md'), 'utf8');
const between = (start: string, end: string): string => doc.slice(doc.indexOf(start) + start.length, doc.indexOf(end));

describe('the /benchgate commands in docs/github-actions.md', () => {
  it('show the example caller workflow as it is', () => {
    const snippet = between('<!-- commands-workflow-start -->\n```yaml\n', '```\n<!-- commands-workflow-end -->');
    expect(snippet).toBe(readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-commands.yml'), 'utf8'));
  });

  it('give the expiry the parser applies', () => {
    expect(doc).toContain(`for N days (default ${ACCEPT_DAYS_DEFAULT}, at most ${ACCEPT_DAYS_MAX})`);
    const ctx = { caseIds: new Set(['c1']), gateNames: ['completion_regressions'] };
    const parsed = parseComment('/benchgate accept c1 because wanted', ctx);
    expect(parsed).toMatchObject({ kind: 'command', command: { kind: 'accept', days: ACCEPT_DAYS_DEFAULT } });
    expect(parseComment(`/benchgate accept c1 because wanted for ${ACCEPT_DAYS_MAX + 1} days`, ctx).kind).toBe('refused');
  });

  it('say who may run each command, as the permission rule decides', () => {
    const rows = doc
      .split('\n')
      .filter((line) => line.startsWith('| `/benchgate '))
      .map((line) => {
        const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
        return [/^`\/benchgate (\w+)/.exec(cells[1] ?? '')?.[1] ?? '', cells[2] ?? ''];
      });
    for (const [verb, who] of rows) {
      const kind = verb as 'accept' | 'revoke' | 'rerun' | 'explain';
      const allowed = ['admin', 'maintain', 'write', 'triage', 'read'].filter((p) => mayCommand(kind, p, 'someone', null).ok);
      expect(who).toBe(allowed.length === 5 ? 'read and above' : 'write, maintain, admin');
      expect(allowed).toEqual(who === 'read and above' ? ['admin', 'maintain', 'write', 'triage', 'read'] : ['admin', 'maintain', 'write']);
    }
  });
});

describe('design: main in docs/github-actions.md', () => {
  it('shows the example caller workflow as it is', () => {
    const snippet = between('<!-- design-main-workflow-start -->\n```yaml\n', '```\n<!-- design-main-workflow-end -->');
    expect(snippet).toBe(readFileSync(join(REPO_ROOT, 'examples', 'workflows', 'benchgate-design-main.yml'), 'utf8'));
  });
});
