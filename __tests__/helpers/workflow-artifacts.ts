// actions/upload-artifact and actions/download-artifact (v4) in a played workflow
// (helpers/workflow-steps.ts), as the runner runs them: @actions/artifact's DefaultArtifactClient,
// which both actions call, in a child node process with the job's environment (its results service
// token and URL), so the artifact goes to and comes from the run of the results service double,
// which answers from the test's own process (so the child is awaited, never run synchronously).
// Only what benchgate's workflows use: upload of one file or folder (`path`, `if-no-files-found`),
// download of one artifact by `name` into `path`.
import { spawn } from 'node:child_process';

import { REPO_ROOT } from './composite.js';
import { asString, type Ctx } from './workflow-values.js';

const SCRIPT = `
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DefaultArtifactClient } from '@actions/artifact';
const a = JSON.parse(process.argv[1]);
const client = new DefaultArtifactClient();
if (a.kind === 'upload') {
  const at = resolve(a.workspace, a.path);
  let files = [];
  let root = dirname(at);
  try {
    if (statSync(at).isDirectory()) {
      root = at;
      files = readdirSync(at, { recursive: true }).map((f) => join(at, f)).filter((f) => statSync(f).isFile());
    } else files = [at];
  } catch {}
  if (files.length === 0) {
    const message = 'No files were found with the provided path: ' + a.path + '. No artifacts will be uploaded.';
    if (a.ifNoFiles === 'error') { console.log('::error::' + message); process.exit(1); }
    console.log(message);
    process.exit(0);
  }
  const r = await client.uploadArtifact(a.name, files, root);
  console.log('Artifact ' + a.name + ' has been successfully uploaded! id ' + r.id);
} else {
  const { artifact } = await client.getArtifact(a.name);
  await client.downloadArtifact(artifact.id, { path: resolve(a.workspace, a.path || '.') });
  console.log('Artifact ' + a.name + ' downloaded');
}
`;

/**
 * Plays an upload-artifact or download-artifact step; `w` is its evaluated `with`. The child runs
 * asynchronously: the results service double answers from this process.
 */
export async function playArtifactStep(
  kind: 'upload' | 'download',
  w: Ctx,
  env: Record<string, string>,
  workspace: string,
): Promise<{ exitCode: number; log: string }> {
  const args = { kind, workspace, name: asString(w['name']), path: asString(w['path']), ifNoFiles: asString(w['if-no-files-found']) || 'warn' };
  if (args.name === '') throw new Error(`test error: ${kind}-artifact without a name is not played`);
  const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT, JSON.stringify(args)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr.on('data', (b: Buffer) => (log += b.toString()));
  const exitCode = await new Promise<number>((resolve, reject) => child.once('error', reject).once('close', (code) => resolve(code ?? 1)));
  return { exitCode, log };
}
