// The package as npm ships it (issue 20, item 5): `npm pack`, installed from the tarball into an
// empty project without the registry, gives a working `benchgate` command. Both entry points are
// self-contained bundles, so the package has no runtime dependencies to fetch.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

import { MAIN_HELP } from '../../src/cli/help.js';
import { REPO_ROOT } from '../helpers/composite.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-pack-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

/** The packages the CLI bundle holds: bare imports reachable from src/cli.ts, then their dependencies. */
function bundledPackages(): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const ref of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const spec = ref.fileName;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else if (!spec.startsWith('node:')) packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
    }
  };
  visit(join(REPO_ROOT, 'src', 'cli.ts'));
  const queue = [...packages];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const deps = Object.keys(
      (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {},
    );
    for (const dep of deps.filter((d) => !packages.has(d))) {
      queue.push(dep);
      packages.add(dep);
    }
  }
  return [...packages].sort();
}

/** The lowest Node version a `>=X[.Y[.Z]]` range allows, as [major, minor, patch]. */
const floorOf = (range: string): number[] => {
  const m = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`engines.node ${JSON.stringify(range)} is not a >= range`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
};
const atLeast = (a: number[], b: number[]): boolean => {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i < 0 || (a[i] as number) > (b[i] as number);
};

describe('the npm package', () => {
  it('asks for a Node at least as new as every package bundled into the CLI asks for', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const bundled = bundledPackages();
    expect(bundled).toContain('zod');
    expect(bundled).toContain('re2js');
    for (const name of bundled) {
      const engines = (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { engines?: { node?: string } }).engines;
      if (engines?.node === undefined) continue;
      expect(atLeast(floorOf(pkg.engines.node), floorOf(engines.node)), `${name} needs node ${engines.node}; package.json says ${pkg.engines.node}`).toBe(true);
    }
    expect(atLeast([20, 18, 0], [20, 19, 0])).toBe(false);
    expect(atLeast([21, 0, 0], [20, 19, 0])).toBe(true);
  });

  it('packs only what runs: the CLI bundle, its loading thread, the README and the LICENSE', () => {
    const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json'], REPO_ROOT)) as { files: { path: string }[] }[];
    expect(packed?.files.map((f) => f.path).sort()).toEqual(['LICENSE', 'README.md', 'dist/cli.js', 'dist/load-worker.js', 'package.json']);
  });

  it('declares no runtime dependency and a Node floor its bundles run on', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      dependencies?: object;
      engines: { node: string };
      bin: Record<string, string>;
    };
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.engines.node).toBe('>=20.19');
    const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
    expect(pkg.bin).toEqual({ benchgate: 'dist/cli.js' });
  });

  it('installs from its tarball with no registry and runs as `benchgate`', () => {
    npm(['pack', '--pack-destination', tmp], REPO_ROOT);
    const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    expect(tarball).toMatch(/^benchgate-\d+\.\d+\.\d+\.tgz$/);
    const project = join(tmp, 'project');
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), '{"name":"user-project","private":true}\n');
    npm(['install', '--offline', join(tmp, tarball as string)], project);
    const bin = join(project, 'node_modules', '.bin', 'benchgate');
    expect(execFileSync(bin, ['--help'], { encoding: 'utf8' })).toBe(MAIN_HELP);
    expect(npm(['exec', '--offline', '--', 'benchgate', '--version'], project).trim()).toBe(
      JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version,
    );
    // A compare in the user's project, with files named relative to it: exit 1 is the fixture's hold.
    const fixture = join(REPO_ROOT, '__tests__', 'fixtures', 'rlm-code', 'reward_regression');
    for (const side of ['baseline', 'candidate']) copyFileSync(join(fixture, `${side}.json`), join(project, `${side}.json`));
    const r = spawnSync(bin, ['compare', '--baseline', 'baseline.json', '--candidate', 'candidate.json', '--output', 'out/report.md'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('benchgate: hold (failed gates: reward)\nbenchgate: markdown report written to out/report.md\n');
    expect(existsSync(join(project, 'out', 'report.md'))).toBe(true);
  });
});
