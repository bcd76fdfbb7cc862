// The release's version check (docs/releasing.md): package.json, package-lock.json,
// src/version.ts, the top released heading of CHANGELOG.md and, with --tag, the pushed tag must all
// say the same version. On agreement it prints `version=X.Y.Z` and `major=vX` (lines for
// $GITHUB_OUTPUT) and, with --notes FILE, writes that version's CHANGELOG section there as the
// release notes. Every disagreement is listed, then it exits 1; a wrong command line exits 2.
//
// Usage: node scripts/release-check.mjs [--tag vX.Y.Z] [--notes FILE] [--root DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The first `## [X.Y.Z] - date` heading (a released one; `[Unreleased]` is skipped) and its text. */
export function changelogRelease(text) {
  const headings = [...text.matchAll(/^## \[([^\]]+)\](.*)$/gm)];
  const index = headings.findIndex((m) => m[1] !== 'Unreleased');
  if (index < 0) return null;
  const heading = headings[index];
  const start = heading.index + heading[0].length;
  const end = headings[index + 1]?.index ?? text.length;
  return { version: heading[1], dated: /^ - \d{4}-\d{2}-\d{2}\s*$/.test(heading[2]), notes: text.slice(start, end).trim() };
}

/** The versions each file states, and every problem found: an empty list means they agree. */
export function checkRelease(root, tag) {
  const read = (file) => readFileSync(join(root, file), 'utf8');
  const problems = [];
  const pkg = JSON.parse(read('package.json')).version;
  const lock = JSON.parse(read('package-lock.json'));
  const version = /BENCHGATE_VERSION\s*=\s*'([^']*)'/.exec(read('src/version.ts'))?.[1] ?? null;
  const release = changelogRelease(read('CHANGELOG.md'));
  if (!SEMVER.test(String(pkg))) problems.push(`package.json: version ${JSON.stringify(pkg)} is not X.Y.Z`);
  const stated = [
    ['package-lock.json (version)', lock.version],
    ['package-lock.json (packages[""].version)', lock.packages?.['']?.version],
    ['src/version.ts (BENCHGATE_VERSION)', version],
    ['CHANGELOG.md (the top released heading, "## [X.Y.Z] - YYYY-MM-DD")', release?.version ?? null],
  ];
  for (const [where, value] of stated) if (value !== pkg) problems.push(`${where} says ${JSON.stringify(value)}, package.json says ${JSON.stringify(pkg)}`);
  if (release !== null && release.version === pkg) {
    if (!release.dated) problems.push(`CHANGELOG.md: the heading of ${pkg} has no date: write "## [${pkg}] - YYYY-MM-DD"`);
    if (release.notes === '') problems.push(`CHANGELOG.md: the section of ${pkg} is empty: say what changed`);
  }
  if (tag !== undefined && tag !== `v${pkg}`) problems.push(`the tag ${JSON.stringify(tag)} is not v${pkg}, the version package.json states`);
  return { version: pkg, notes: release?.notes ?? '', problems };
}

function main(argv) {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { tag: { type: 'string' }, notes: { type: 'string' }, root: { type: 'string' } } }));
  } catch (error) {
    process.stderr.write(`release-check: ${error.message}\nusage: node scripts/release-check.mjs [--tag vX.Y.Z] [--notes FILE] [--root DIR]\n`);
    return 2;
  }
  const root = resolve(values.root ?? join(fileURLToPath(import.meta.url), '..', '..'));
  const { version, notes, problems } = checkRelease(root, values.tag);
  if (problems.length > 0) {
    process.stderr.write(`release-check: the versions disagree; fix them before tagging:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
    return 1;
  }
  if (values.notes !== undefined) writeFileSync(values.notes, `${notes}\n`);
  process.stdout.write(`version=${version}\nmajor=v${version.split('.')[0]}\n`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
