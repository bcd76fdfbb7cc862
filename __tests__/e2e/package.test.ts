// The package as npm ships it (issue 20, item 5): `npm pack`, installed from the tarball into an
// empty project without the registry, gives a working `benchgate` command. Both entry points are
// self-contained bundles, so the package has no runtime dependencies to fetch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('the npm package', () => {
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
  });
});
