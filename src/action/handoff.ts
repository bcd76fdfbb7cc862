/**
 * The suite's step and the steps around it (issue 43 item 3). action.yml runs modes run and ab in
 * three steps, so that no process above the suite holds a token or a runner file:
 *
 *   1. `prepare` (the `benchgate` step, with the token): validates the inputs, reuses a baseline
 *      (`reuse-baseline`, the only API call before the suite), makes the handoff folder and a key.
 *   2. `suite` (no token, no artifact service, no GITHUB_OUTPUT, GITHUB_ENV, GITHUB_STATE, GITHUB_PATH
 *      or GITHUB_STEP_SUMMARY: its bash wrapper drops them before it `exec`s node, which gets the key
 *      on stdin, a pipe it reads to the end): runs the mode, with uploads, outputs and the job summary written to
 *      the handoff file, signed (HMAC-SHA256) with the key, with a SHA-256 of every file to upload.
 *   3. `deliver` (the artifact service's token): checks the signature and every file's hash, then
 *      uploads, sets the outputs and writes the job summary.
 *
 * The suite runs as the same user and can rewrite the handoff and the staged files; it cannot sign
 * them (the key is in no environment and no file it can read), so a change is refused, never
 * delivered. Without a phase (BENCHGATE_PHASE unset: the tests' in-process jobs) one process does all.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { lstatSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

import { z } from 'zod';

import { UsageError } from '../errors.js';
import { uploadSummaryArtifact } from '../github/artifacts.js';
import type { ActionIo, HandoffSink, UploadSpec } from './io.js';

export const PHASES = ['all', 'prepare', 'suite', 'deliver'] as const;
export type Phase = (typeof PHASES)[number];
/** Set by action.yml's steps only. */
export const PHASE_ENV = 'BENCHGATE_PHASE';
export const HANDOFF_ENV = 'BENCHGATE_HANDOFF';
export const HANDOFF_KEY_ENV = 'BENCHGATE_HANDOFF_KEY';
/** The prepare step's own outputs, read by the two steps after it (not outputs of the action). */
export const STEP_OUTPUTS = { handoff: 'handoff', key: 'handoff-key' } as const;
const HANDOFF_FILE = 'handoff.json';

/**
 * The files through which a step talks to the runner (its outputs, the environment and PATH of later
 * steps, its state and its job summary): the suite's step holds none, so no process the suite can
 * read (its ancestors) names one.
 */
export const RUNNER_FILE_VARIABLES = ['GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_STATE', 'GITHUB_PATH', 'GITHUB_STEP_SUMMARY'] as const;

/** What the suite's step may not hold: a token (or the service URLs they go with) or a runner file. */
export function isTokenOrRunnerFile(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    upper.startsWith('ACTIONS_') ||
    ['INPUT_GITHUB-TOKEN', 'GITHUB_TOKEN', 'GH_TOKEN', 'GH_ENTERPRISE_TOKEN', 'GITHUB_ENTERPRISE_TOKEN', HANDOFF_KEY_ENV].includes(upper) ||
    (RUNNER_FILE_VARIABLES as readonly string[]).includes(upper)
  );
}

export function phaseOf(env: Readonly<Record<string, string | undefined>>): Phase {
  const raw = env[PHASE_ENV] ?? '';
  if (raw === '') return 'all';
  if (!(PHASES as readonly string[]).includes(raw)) throw new UsageError(`${PHASE_ENV}: expected one of ${PHASES.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as Phase;
}

const Upload = z.object({
  name: z.string(),
  rootDirectory: z.string(),
  files: z.array(z.object({ path: z.string(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  retentionDays: z.number().int().optional(),
  /** Set the outputs artifact-id and artifact-name from this upload (mode run). */
  setsOutputs: z.boolean(),
});

const Event = z.union([z.object({ output: z.tuple([z.string(), z.string()]) }), z.object({ summary: z.string() }), z.object({ upload: Upload })]);
const HandoffBody = z.object({
  /** prepared: the suite runs next; done: nothing left to run (a reused baseline, a failure before the suite, or the suite ran). */
  stage: z.enum(['prepared', 'done']),
  events: z.array(Event),
  failure: z.string().nullable(),
  explained: z.boolean(),
});
export type HandoffBody = z.infer<typeof HandoffBody>;

/** Where a deferred mode writes what the deliver step does: uploads, outputs, the job summary. */
export class Handoff implements HandoffSink {
  readonly events: HandoffBody['events'] = [];
  upload(spec: UploadSpec): void {
    const files = spec.files.map((path) => ({ path, sha256: fileSha256(path) }));
    this.events.push({ upload: { ...spec, files } });
  }
}

function fileSha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * Uploads a summary artifact now, or, in the suite's step, hands it to the deliver step. Logs it
 * and, with `setsOutputs`, sets artifact-id and artifact-name, as the modes always did.
 */
export async function deliverArtifact(io: ActionIo, spec: UploadSpec): Promise<void> {
  if (io.handoff) {
    io.handoff.upload(spec);
    io.info(`benchgate: artifact ${spec.name} is uploaded by the next step (${spec.files.map((f) => relative(spec.rootDirectory, f)).join(', ')})`);
    return;
  }
  const { name, files, rootDirectory, retentionDays } = spec;
  const uploaded = await uploadSummaryArtifact(io.artifacts, {
    name,
    files,
    rootDirectory,
    ...(retentionDays === undefined ? {} : { retentionDays }),
    overwrite: true,
  });
  if (uploaded.replaced !== null) io.info(`benchgate: replaced artifact ${name} (id ${uploaded.replaced}) from an earlier run of this job (a re-run)`);
  io.info(`benchgate: uploaded artifact ${name} (id ${uploaded.id}, ${uploaded.size} bytes): ${files.map((f) => relative(rootDirectory, f)).join(', ')}`);
  if (spec.setsOutputs) {
    io.setOutput('artifact-id', uploaded.id);
    io.setOutput('artifact-name', name);
  }
}

const sign = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('hex');

/** The prepare step: a fresh handoff folder and key, as its own outputs (the key masked). */
export function prepareHandoff(io: ActionIo): { dir: string; key: string } {
  const dir = mkdtempSync(join(io.tempDir, 'benchgate-handoff-'));
  const key = randomBytes(32).toString('hex');
  io.setSecret?.(key);
  io.setOutput(STEP_OUTPUTS.handoff, dir);
  io.setOutput(STEP_OUTPUTS.key, key);
  return { dir, key };
}

/** Writes the handoff file, signed. */
export function writeHandoff(dir: string, key: string, body: HandoffBody): void {
  const text = JSON.stringify(body);
  writeFileSync(join(dir, HANDOFF_FILE), JSON.stringify({ body: text, mac: sign(key, text) }));
}

/** Reads a handoff file; a missing, changed or unsigned one is an error that says so. */
export function readHandoff(dir: string, key: string): HandoffBody {
  const file = join(dir, HANDOFF_FILE);
  let outer: unknown;
  try {
    outer = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`handoff ${file}: not readable (${(err as Error).message}); the suite's step of this action did not finish`);
  }
  const parsed = z.object({ body: z.string(), mac: z.string() }).safeParse(outer);
  const expected = parsed.success ? Buffer.from(sign(key, parsed.data.body), 'hex') : null;
  const given = parsed.success && /^[0-9a-f]{64}$/.test(parsed.data.mac) ? Buffer.from(parsed.data.mac, 'hex') : null;
  if (!parsed.success || expected === null || given === null || !timingSafeEqual(expected, given))
    throw new UsageError(`handoff ${file}: its signature does not match: the file was changed after benchgate wrote it (by the suite?); nothing is delivered`);
  return HandoffBody.parse(JSON.parse(parsed.data.body));
}

/** What the suite's step gives node on stdin: the handoff key, and where its own runner files are. */
export interface SuiteStdin {
  key: string;
  /** The step's runner files ([variable, path]): never in the environment, so no ancestor of the suite names one. */
  runnerFiles: [string, string][];
}

/**
 * The key and the step's runner files, from stdin: action.yml's suite step gives them as a bash
 * here-string (the key, then a `NAME=path` line per runner file), a pipe in bash 5.1 and later (every
 * hosted runner's), so reading it to the end leaves nothing for a later reader of /proc/<node>/fd/0.
 * (Closing fd 0 is not an option: libuv asserts on it.)
 */
export function readSuiteStdin(text = readFileSync(0, 'utf8')): SuiteStdin {
  const [first = '', ...rest] = text.split('\n').filter((line) => line !== '');
  const key = first.trim();
  if (!/^[0-9a-f]{64}$/.test(key))
    throw new UsageError("benchgate's suite step got no handoff key on stdin (action.yml's wiring: the key is piped in, never in the environment)");
  const runnerFiles = rest.map((line): [string, string] => {
    const name = line.slice(0, line.indexOf('='));
    const path = line.slice(line.indexOf('=') + 1);
    if (!(RUNNER_FILE_VARIABLES as readonly string[]).includes(name) || !isAbsolute(path))
      throw new UsageError(
        `benchgate's suite step: stdin line ${JSON.stringify(line)} is not NAME=/absolute/path with NAME one of ${RUNNER_FILE_VARIABLES.join(', ')}`,
      );
    return [name, path];
  });
  return { key, runnerFiles };
}

/**
 * Empties the suite step's runner files the suite wrote to, and names them. actions/runner keeps a
 * step's runner files in RUNNER_TEMP/_runner_file_commands/ and reads them when the step ends,
 * whatever the step's environment held (src/Runner.Worker/FileCommandManager.cs): a suite that finds
 * its step's GITHUB_ENV there could set NODE_OPTIONS for the deliver step (which holds the artifact
 * service's token and sets benchgate's outputs). A written file (or one replaced by a link) is
 * removed and made again, empty, without following a link. Called after the suite's process group
 * is gone; a process it started in a new session can still write later (docs/security.md).
 */
export function emptyRunnerFiles(files: readonly [string, string][]): string[] {
  const written: string[] = [];
  for (const [name, path] of files) {
    let clean = false;
    try {
      const st = lstatSync(path);
      clean = st.isFile() && st.size === 0;
    } catch {
      // gone: made again below
    }
    if (clean) continue;
    written.push(name);
    rmSync(path, { force: true, recursive: true });
    writeFileSync(path, '', { flag: 'wx' });
  }
  return written;
}

/** The failure of a suite that wrote to its step's runner files. */
export function runnerFilesMessage(written: readonly string[]): string {
  const files = written.length === 1 ? `runner file ${written[0]}` : `runner files ${written.join(', ')}`;
  return (
    `the suite wrote to its step's ${files} (in the runner's _runner_file_commands folder), which would set the environment, PATH or outputs ` +
    'of the steps after it or the job summary; benchgate emptied them, so none of it is applied, and fails this run (docs/security.md, "The suite\'s process")'
  );
}

/** A file of an upload: a regular file (no link) inside its root, under the runner's temp folder, whose content is what the suite's step hashed. */
function checkedFile(tempDir: string, root: string, file: { path: string; sha256: string }): string {
  const inside = (parent: string, child: string): boolean => {
    const rel = relative(parent, child);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  const realTemp = realpathSync(tempDir);
  const path = resolve(file.path);
  if (!inside(realTemp, realpathSync(root)) || !inside(realpathSync(root), path) || lstatSync(path).isSymbolicLink() || !lstatSync(path).isFile())
    throw new UsageError(`handoff: ${file.path} is not a file of benchgate's staging folder ${root}; nothing is delivered`);
  if (fileSha256(path) !== file.sha256)
    throw new UsageError(`handoff: ${file.path} changed after benchgate staged it (by a process the suite left running?); nothing is delivered`);
  return path;
}

/** The deliver step: every event of the handoff, in order; the files checked before any upload. */
export async function deliverHandoff(io: ActionIo, body: HandoffBody): Promise<void> {
  const uploads = body.events.flatMap((e) => ('upload' in e ? [e.upload] : []));
  const checked = uploads.map((u) => u.files.map((f) => checkedFile(io.tempDir, u.rootDirectory, f)));
  let n = 0;
  for (const e of body.events) {
    if ('output' in e) io.setOutput(e.output[0], e.output[1]);
    else if ('summary' in e) await io.appendSummary(e.summary);
    else {
      const files = checked[n++] as string[];
      await deliverArtifact({ ...io, handoff: undefined }, { ...e.upload, files });
    }
  }
}

/** The io of the suite's step: outputs and the job summary recorded for the deliver step; no artifact service, no token. */
export function deferredIo(io: ActionIo, handoff: Handoff): ActionIo {
  const refuse = (what: string) => (): never => {
    throw new Error(`benchgate's suite step has no ${what} (issue 43: the suite's step holds no token); this is a bug`);
  };
  return {
    ...io,
    handoff,
    setOutput: (name, value) => void handoff.events.push({ output: [name, typeof value === 'string' ? value : String(value)] }),
    appendSummary: async (markdown) => void handoff.events.push({ summary: markdown }),
    artifacts: new Proxy(io.artifacts, { get: refuse('artifact service') }),
    github: refuse('GitHub token'),
  };
}
