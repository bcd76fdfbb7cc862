// The Node.js versions the docs promise (20.19+, 22.13+, 24): `npm ci` installs every locked package
// on each without an EBADENGINE warning. npm checks `engines.node` of every package it installs and
// warns on a mismatch, except for optional ones, which it skips silently (arborist's
// checkEngineAndPlatform); the same check is made here with npm's own range semantics (semver).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { REPO_ROOT } from '../helpers/composite.js';

// semver is in the tree (eslint, rollup and others depend on it); it is npm's own range parser.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

interface Locked {
  engines?: { node?: string };
  optional?: boolean;
}
const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };

/** The locked packages npm would warn about on this Node version. */
const warnings = (node: string): string[] =>
  Object.entries(lock.packages)
    .filter(([, p]) => !p.optional && p.engines?.node !== undefined && !semver.satisfies(node, p.engines.node))
    .map(([path, p]) => `${path || 'benchgate'} wants node ${p.engines?.node}`);

describe('npm ci on the supported Node.js versions', () => {
  it.each(['20.19.0', '20.20.2', '22.13.0', '24.0.0'])('Node %s: no package warns about its engine', (node) => {
    expect(warnings(node)).toEqual([]);
  });

  it('the check can fail: Node 20.18 is below what benchgate and eslint take', () => {
    expect(warnings('20.18.0')).toContain('benchgate wants node >=20.19');
  });
});
