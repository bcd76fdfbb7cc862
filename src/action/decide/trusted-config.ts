/**
 * Which configuration file the gate trusts. On a pull request the thresholds are the **base
 * commit's**, never the head's: a PR must not relax the rules it is judged by. When the job has
 * checked out the base commit (as benchgate's reusable workflow does), the file is read from the
 * workspace; otherwise it is read through the contents API at the base SHA, and the PR's copy in
 * the workspace is not used. On other events (a push, publish's workflow_run on the default branch)
 * the checked-out file is the trusted one. The log says which file and commit were used, and an
 * absent default file in one line; a configuration that cannot be read from the base commit is an
 * error, never a silent fall back to the head's.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

import { InputError } from '../../errors.js';
import { readEvent } from '../../github/context.js';
import { readFileAt } from '../../github/file-at.js';
import { messageOf, statusOf } from '../../github/octokit.js';
import { DEFAULT_CONFIG_PATH, type GateConfig, loadConfig, MAX_CONFIG_BYTES, parseConfig } from '../../policy/config-file.js';
import type { ConfigReader } from '../inputs/inputs.js';
import type { ActionIo } from '../io.js';

const short = (sha: string): string => sha.slice(0, 7);

function workspaceCommit(io: ActionIo): string | null {
  const out = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: io.workspace, encoding: 'utf8' });
  return out.status === 0 && /^[0-9a-f]{40,64}\s*$/.test(out.stdout) ? out.stdout.trim() : null;
}

function baseShaOf(event: unknown): string | null {
  const sha = (event as { pull_request?: { base?: { sha?: unknown } } } | null)?.pull_request?.base?.sha;
  return typeof sha === 'string' && /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
}

/** The local file, said in the log with the commit it was read at. */
function local(io: ActionIo, path: string, explicit: boolean, commit: string | null, why: string): GateConfig | null {
  const config = loadConfig(resolve(io.workspace, path), explicit);
  const at = commit === null ? 'the workspace' : `commit ${short(commit)}${why}`;
  io.info(config === null ? `benchgate: no configuration file ${path} at ${at}: the defaults apply` : `benchgate: configuration ${path} from ${at}`);
  return config;
}

/**
 * Resolves the configuration once for the mode, then serves it to the input reader. The run mode
 * reads the checked-out file (its `input` section says how to read the summary it wrote).
 */
export async function trustedConfigReader(io: ActionIo): Promise<ConfigReader> {
  const mode = io.getInput('mode').trim();
  const given = io.getInput('config').trim();
  const path = given || DEFAULT_CONFIG_PATH;
  const explicit = given !== '';
  // mode ab judges its rounds by the base commit's file: the baseline's working tree holds it.
  if (mode === 'ab') {
    let read: { config: GateConfig | null } | undefined;
    return (p, e) => {
      if (read === undefined) {
        read = { config: loadConfig(resolve(io.workspace, io.getInput('baseline-directory').trim(), p), e) };
        io.info(
          read.config === null
            ? `benchgate: no configuration file ${p} in the baseline's working tree: the defaults apply`
            : `benchgate: configuration ${p} from the baseline's working tree (the base commit's)`,
        );
      }
      return read.config;
    };
  }
  if (mode !== 'compare' && mode !== 'publish' && mode !== 'command') return (p, e) => loadConfig(resolve(io.workspace, p), e);

  let config: GateConfig | null;
  const baseSha = io.env['GITHUB_EVENT_NAME']?.startsWith('pull_request') && mode === 'compare' ? baseShaOf(readEvent(io.env)) : null;
  const head = workspaceCommit(io);
  if (baseSha === null) {
    config = local(io, path, explicit, head ?? io.env['GITHUB_SHA'] ?? null, '');
  } else if (head === baseSha) {
    config = local(io, path, explicit, head, ", the PR's base commit (checked out)");
  } else {
    const [owner, repo] = (io.env['GITHUB_REPOSITORY'] ?? '').split('/');
    const token = io.getInput('github-token').trim();
    const where = `${path} at the PR's base commit ${short(baseSha)}`;
    if (!owner || !repo || token === '')
      throw new InputError(
        `cannot read ${where}: no token or repository to read it with; check out the base commit in the gate job (benchgate's reusable workflow does) or give it github-token with contents: read`,
      );
    let text: string | null;
    try {
      text = await readFileAt(io.github(token), { owner, repo, path: path.replace(/^\.\//, ''), ref: baseSha }, MAX_CONFIG_BYTES);
    } catch (error) {
      const status = statusOf(error);
      throw new InputError(
        `cannot read ${where} through the API${status === undefined ? '' : ` (HTTP ${status})`}: ${messageOf(error)}; the gate never falls back to the PR's own copy. Give the job contents: read, or check out the base commit in the gate job`,
      );
    }
    if (text === null) {
      if (explicit)
        throw new InputError(`${where}: configuration file not found (the PR's copy is never used: a PR must not change the thresholds it is judged by)`);
      io.info(`benchgate: no configuration file ${where}: the defaults apply (read through the API; the PR's copy, if any, is not used)`);
      config = null;
    } else {
      config = parseConfig(`${path} (base commit ${short(baseSha)})`, text);
      io.info(`benchgate: configuration ${where} (read through the API; the PR's copy is not used)`);
    }
  }
  return () => config;
}
