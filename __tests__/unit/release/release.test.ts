// The release process (issue 33): the versions that must agree before a tag is released, checked by
// the same script the release workflow runs, and the workflow itself read by GitHub's own parser.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

import { BENCHGATE_VERSION } from '../../../src/version.js';
import { REPO_ROOT } from '../../helpers/composite.js';

const SCRIPT = join(REPO_ROOT, 'scripts', 'release-check.mjs');
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-release-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const check = (root: string, ...args: string[]) => spawnSync(process.execPath, [SCRIPT, '--root', root, ...args], { encoding: 'utf8' });

/** A copy of the four files the check reads, with `edit` applied to one of them. */
function copyWith(name: string, file: string, edit: (text: string) => string): string {
  const root = join(tmp, name);
  mkdirSync(join(root, 'src'), { recursive: true });
  for (const f of ['package.json', 'package-lock.json', 'CHANGELOG.md', 'src/version.ts']) cpSync(join(REPO_ROOT, f), join(root, f));
  writeFileSync(join(root, file), edit(readFileSync(join(root, file), 'utf8')));
  return root;
}

describe('the versions a release states', () => {
  it('agree in package.json, package-lock.json, src/version.ts and the CHANGELOG, and with the tag', () => {
    expect(BENCHGATE_VERSION).toBe(pkg.version);
    const notes = join(tmp, 'notes.md');
    const r = check(REPO_ROOT, '--tag', `v${pkg.version}`, '--notes', notes);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`version=${pkg.version}\nmajor=v${pkg.version.split('.')[0]}\n`);
    // The notes are the version's own section: not the Unreleased one, not the next version's.
    const changelog = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
    const section = changelog.split(`## [${pkg.version}] - `)[1]?.split('\n## [')[0] ?? '';
    expect(readFileSync(notes, 'utf8')).toBe(`${section.slice(section.indexOf('\n')).trim()}\n`);
  });

  it.each([
    ['src/version.ts', (t: string) => t.replace(/= '[^']*'/, "= '9.9.9'"), /src\/version\.ts \(BENCHGATE_VERSION\) says "9\.9\.9", package\.json says/],
    ['package-lock.json', (t: string) => t.replace(/"version": "[^"]*"/, '"version": "9.9.9"'), /package-lock\.json \(version\) says "9\.9\.9"/],
    ['CHANGELOG.md', (t: string) => t.replace(/^## \[\d[^\]]*\]/m, '## [9.9.9]'), /CHANGELOG\.md \(the top released heading.*\) says "9\.9\.9"/],
    ['CHANGELOG.md', (t: string) => t.replace(/^(## \[\d[^\]]*\]) - \S+/m, '$1'), /the heading of .* has no date/],
  ])('refuses a release when %s disagrees, naming it', (file, edit, expected) => {
    const r = check(copyWith(`bad-${file.replace(/\W/g, '-')}-${Math.random().toString(36).slice(2)}`, file, edit));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(expected);
  });

  it('refuses a tag that is not the version', () => {
    const r = check(REPO_ROOT, '--tag', 'v99.0.0');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`the tag "v99.0.0" is not v${pkg.version}`);
  });
});

describe('.github/workflows/release.yml', () => {
  const content = readFileSync(join(REPO_ROOT, '.github', 'workflows', 'release.yml'), 'utf8');
  const parsed = (text: string) => parseWorkflow({ name: 'release.yml', content: text }, new NoOperationTraceWriter());

  it("parses with GitHub's parser, on a version tag, as check → release and npm", async () => {
    const result = parsed(content);
    expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    const template = await convertWorkflowTemplate(result.context, result.value!);
    expect(template.errors ?? []).toEqual([]);
    expect(template.events.push?.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+']);
    const jobs = Object.fromEntries(template.jobs.map((j) => [j.id.value, j]));
    expect(Object.keys(jobs)).toEqual(['check', 'release', 'npm']);
    expect(jobs['release']?.needs?.map((n) => n.value)).toEqual(['check']);
    expect(jobs['npm']?.needs?.map((n) => n.value)).toEqual(['check']);
  });

  it('runs the version check, .ci/run, the release with the notes, the major tag and npm publish with provenance', () => {
    expect(content).toContain('node scripts/release-check.mjs --tag "$TAG" >> "$GITHUB_OUTPUT"');
    expect(content).toContain('run: bash .ci/run');
    expect(content).toMatch(/node scripts\/release-check\.mjs --tag "\$TAG" --notes "(\S+)"\n\s+gh release create "\$TAG" .*--notes-file "\1"/);
    expect(content).toContain('refs/tags/$MAJOR');
    expect(content).toContain('npm publish --provenance --access public');
    expect(content).toMatch(/id-token: write/);
  });

  it('is read by a parser that does refuse a broken workflow', () => {
    const broken = content.replace('    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-latest\n    bogus-key: 1\n');
    expect(broken).not.toBe(content);
    expect(parsed(broken).context.errors.getErrors().length).toBeGreaterThan(0);
  });
});

describe('the script', () => {
  it('says how to use it on a wrong command line', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--tagg', 'v1'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage: node scripts\/release-check\.mjs/);
  });
  it('is the one the CI and release documentation name', () => {
    expect(execFileSync('git', ['ls-files', '--error-unmatch', 'scripts/release-check.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim()).toBe(
      'scripts/release-check.mjs',
    );
  });
});

describe('the name users find the action by', () => {
  it("is action.yml's unique name, the one README.md and docs/releasing.md give", () => {
    const name = (parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { name: string }).name;
    expect(name).not.toBe('benchgate'); // taken by another public action on the Marketplace
    for (const page of ['README.md', 'docs/releasing.md']) expect(readFileSync(join(REPO_ROOT, page), 'utf8'), page).toContain(`\`${name}\``);
  });
});
