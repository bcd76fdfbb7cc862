/**
 * Mode ab's two sides in one job, kept apart (issue 43 item 2). Each side gets its own environment
 * (HOME, caches, TMPDIR, npm's global prefix and, when it installs and a python3 is on PATH, its own
 * virtualenv first on PATH), so that an install into "the" interpreter or HOME (`pip install -e .`,
 * `pip install --user`, `npm install -g`) reaches only its own side. The base side's tree and
 * environment are hashed after its install, and checked against that before each of its rounds and
 * before its artifact is staged: only the base side's own runs may change them. A change is the
 * blocking finding base-tree-changed. A pull request from a fork never runs interleaved.
 *
 * What remains: the head's code runs as the same user as the base's, and on GitHub's hosted runners
 * that user has sudo: this is a tripwire for accidents and plain attacks, not a boundary (docs/security.md).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';

import { UsageError } from '../../errors.js';
import type { Role } from '../inputs/inputs.js';

/** Stamped on every counted trial of a job whose base side changed (the paths, comma-separated): the gate's finding base-tree-changed. */
export { BASE_CHANGED_STAMP } from '../../analysis/integrity/findings.js';

interface PullRequestEvent {
  pull_request?: { head?: { repo?: { full_name?: string } | null }; base?: { repo?: { full_name?: string } } };
}

/**
 * Refuses a pull request from a fork (or from a deleted repository): its head's code would run in the
 * job that measures the base, with the base's secrets. Reads the event payload GitHub writes
 * (GITHUB_EVENT_PATH: pull_request.head.repo and pull_request.base.repo, docs.github.com "Webhook
 * events and payloads", pull_request); other events have no head to distrust.
 */
export function refuseFork(event: unknown): void {
  const pr = (event as PullRequestEvent | null)?.pull_request;
  if (pr === undefined) return;
  const head = pr.head?.repo?.full_name ?? null;
  const base = pr.base?.repo?.full_name ?? null;
  if (head !== null && head === base) return;
  throw new UsageError(
    `mode ab: this pull request comes from ${head === null ? 'a deleted repository' : `the fork ${head}`}; a fork's code never runs interleaved with the base tree (one job, one user). Use gate.yml's shape: separate (each side in its own job) for fork pull requests`,
  );
}

/** A side's environment folders, created under `root`; with `venv`, a virtualenv first on PATH. */
export interface SideEnvironment {
  root: string;
  env: Record<string, string>;
}

export function sideEnvironment(root: string, basePath: string, venv: boolean): SideEnvironment {
  const dir = (name: string): string => {
    const d = join(root, name);
    mkdirSync(d, { recursive: true });
    return d;
  };
  const home = dir('home');
  const cache = dir('cache');
  const npmGlobal = dir('npm-global');
  const env: Record<string, string> = {
    HOME: home,
    XDG_CACHE_HOME: cache,
    XDG_CONFIG_HOME: dir('config'),
    XDG_DATA_HOME: dir('data'),
    PIP_CACHE_DIR: join(cache, 'pip'),
    npm_config_cache: join(cache, 'npm'),
    npm_config_prefix: npmGlobal,
    TMPDIR: dir('tmp'),
    PATH: [join(npmGlobal, 'bin'), basePath].join(delimiter),
  };
  if (venv) {
    const path = join(root, 'venv');
    // Without a pip of its own (seeding one takes half a minute on a busy runner): `python -m pip` is the
    // interpreter's, and installs into the virtualenv it runs in (its sys.prefix), never into the interpreter's own site-packages.
    const made = spawnSync('python3', ['-m', 'venv', '--without-pip', '--system-site-packages', path], { encoding: 'utf8', env: { ...process.env, ...env } });
    if (made.error === undefined && made.status === 0) {
      env['VIRTUAL_ENV'] = path;
      env['PATH'] = [join(path, 'bin'), env['PATH']].join(delimiter);
    } else if (made.error === undefined || (made.error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new UsageError(
        `mode ab: could not make the side's virtualenv (python3 -m venv --without-pip --system-site-packages ${path}): ${(made.stderr || made.error?.message || '').trim()}`,
      );
    }
  }
  return { root, env };
}

/** What a folder holds: each path's SHA-256 (files), link target (links) or "dir". */
export type Snapshot = Map<string, string>;

/** The contents of `dirs` (absolute), keyed by the folder's index and the path inside it. */
export function snapshot(dirs: readonly string[]): Snapshot {
  const out: Snapshot = new Map();
  for (const [i, dir] of dirs.entries()) {
    for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const path = join(e.parentPath, e.name);
      const key = `${i}:${relative(dir, path)}`;
      const st = lstatSync(path);
      if (st.isSymbolicLink()) out.set(key, `link ${readlinkSync(path)}`);
      else if (st.isDirectory()) out.set(key, 'dir');
      else if (st.isFile()) out.set(key, createHash('sha256').update(readFileSync(path)).digest('hex'));
      else out.set(key, `special ${st.mode}`);
    }
  }
  return out;
}

/** The paths that differ between two snapshots (added, removed or changed), as `dirs[i]/path`, sorted. */
export function changedPaths(before: Snapshot, after: Snapshot, names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const [k, v] of before) if (after.get(k) !== v) out.add(k);
  for (const k of after.keys()) if (!before.has(k)) out.add(k);
  return [...out].sort().map((k) => {
    const i = Number(k.slice(0, k.indexOf(':')));
    return join(names[i] ?? '?', k.slice(k.indexOf(':') + 1));
  });
}

/** The side's tree and environment, watched: `check()` returns the paths changed since the last `accept()`. */
export class BaseWatch {
  private last: Snapshot;
  constructor(
    private readonly dirs: readonly string[],
    private readonly names: readonly string[],
  ) {
    this.last = snapshot(dirs);
  }
  /** The base side's own run changed them: that is the new reference. */
  accept(): void {
    this.last = snapshot(this.dirs);
  }
  check(): string[] {
    return changedPaths(this.last, snapshot(this.dirs), this.names);
  }
}

/** The message of a change, naming at most 10 paths. */
export function describeChange(role: Role, paths: readonly string[], when: string): string {
  const shown = paths.slice(0, 10).join(', ');
  return `base-tree-changed: the ${role}'s tree or environment changed ${when}, while only the ${role}'s own runs may change it (${paths.length} path${paths.length === 1 ? '' : 's'}: ${shown}${paths.length > 10 ? ', …' : ''})`;
}
