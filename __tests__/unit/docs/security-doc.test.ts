// docs/security.md, claim by claim: every claim between its claims markers names, in a
// `<!-- test: PATH "TITLE" -->` comment, the test that replays the attack, and that test exists
// under that title in that file. A claim without a test, a renamed or deleted test, or a path that
// moved fails here, so the page cannot promise what nothing checks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../../helpers/composite.js';

const page = readFileSync(join(REPO_ROOT, 'docs', 'security.md'), 'utf8');

/** The claims: the list items between the markers, each with the tests it names. */
function claims(text: string): { claim: string; tests: { path: string; title: string }[] }[] {
  const block = /<!-- claims-start -->\n([\s\S]*?)<!-- claims-end -->/.exec(text)?.[1];
  if (block === undefined) return [];
  return block
    .split(/^- /m)
    .filter((item) => item.trim() !== '')
    .map((item) => ({
      claim: (/\*\*(.+?)\*\*/.exec(item)?.[1] ?? item.slice(0, 60)).trim(),
      tests: [...item.matchAll(/<!-- test: (\S+) "([^"]+)" -->/g)].map((m) => ({ path: m[1] as string, title: m[2] as string })),
    }));
}

/** True when `source` declares a test (it/test) titled `title`, in any quote style. */
function declares(source: string, title: string): boolean {
  return ["'", '"', '`'].some((q) => source.includes(`it(${q}${title}${q}`) || source.includes(`test(${q}${title}${q}`));
}

describe('docs/security.md', () => {
  const found = claims(page);

  it('lists its claims between the markers', () => {
    expect(found.length).toBeGreaterThanOrEqual(8);
  });

  it.each(found.map((c) => [c.claim, c] as const))('claim "%s" names a test that exists', (_, c) => {
    expect(c.tests.length, 'a claim with no <!-- test: PATH "TITLE" --> comment').toBeGreaterThan(0);
    for (const t of c.tests) {
      const file = join(REPO_ROOT, t.path);
      expect(existsSync(file), t.path).toBe(true);
      expect(declares(readFileSync(file, 'utf8'), t.title), `${t.path} has no test titled ${JSON.stringify(t.title)}`).toBe(true);
    }
  });

  it('fails a claim whose test is not there (the check can fail)', () => {
    const fake = '<!-- claims-start -->\n- **A claim.** Text. <!-- test: __tests__/unit/docs/security-doc.test.ts "no such test" -->\n<!-- claims-end -->\n';
    const [c] = claims(fake);
    expect(c?.tests).toEqual([{ path: '__tests__/unit/docs/security-doc.test.ts', title: 'no such test' }]);
    expect(declares(readFileSync(join(REPO_ROOT, c?.tests[0]?.path ?? ''), 'utf8'), 'no such test')).toBe(false);
    expect(claims('<!-- claims-start -->\n- **Untested.** Nothing.\n<!-- claims-end -->\n')[0]?.tests).toEqual([]);
  });
});
