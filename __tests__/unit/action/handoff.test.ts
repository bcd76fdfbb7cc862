// The handoff between the suite's step and the deliver step (src/action/handoff.ts): what the suite
// could change on disk (the handoff file, a staged file, a link in the staging folder) is refused
// before anything is uploaded or set.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  deliverHandoff,
  emptyRunnerFiles,
  Handoff,
  isTokenOrRunnerFile,
  readHandoff,
  readSuiteStdin,
  runnerFilesMessage,
  writeHandoff,
} from '../../../src/action/handoff.js';
import type { ActionIo } from '../../../src/action/io.js';

const KEY = 'ab'.repeat(32);

function staged() {
  const temp = mkdtempSync(join(tmpdir(), 'benchgate-handoff-test-'));
  const dir = join(temp, 'handoff');
  const root = join(temp, 'benchgate-demo-baseline-x');
  mkdirSync(dir);
  mkdirSync(root);
  writeFileSync(join(root, 'summary.json'), '{"id":"real"}');
  const h = new Handoff();
  h.events.push({ output: ['verdict', 'hold'] });
  h.upload({ name: 'benchgate-demo-baseline', files: [join(root, 'summary.json')], rootDirectory: root, setsOutputs: false });
  writeHandoff(dir, KEY, { stage: 'done', events: h.events, failure: null, explained: false });
  return { temp, dir, root };
}

function recordingIo(temp: string) {
  const outputs: Record<string, string> = {};
  const uploads: string[][] = [];
  const io = {
    tempDir: temp,
    info: () => {},
    setOutput: (k: string, v: unknown) => void (outputs[k] = String(v)),
    appendSummary: async () => {},
    artifacts: {
      deleteArtifact: () => Promise.reject(Object.assign(new Error('none'), { name: 'ArtifactNotFoundError' })),
      uploadArtifact: (_name: string, files: string[]) => {
        uploads.push(files.map((f) => readFileSync(f, 'utf8')));
        return Promise.resolve({ id: 7, size: 1 });
      },
    },
  } as unknown as ActionIo;
  return { io, outputs, uploads };
}

describe('the handoff', () => {
  it('delivers what the suite step signed: the outputs and the staged files', async () => {
    const { temp, dir } = staged();
    const { io, outputs, uploads } = recordingIo(temp);
    await deliverHandoff(io, readHandoff(dir, KEY));
    expect(outputs).toEqual({ verdict: 'hold' });
    expect(uploads).toEqual([['{"id":"real"}']]);
  });

  it('refuses a handoff the suite rewrote (verdict=promote), and one read with another key', () => {
    const { dir } = staged();
    const file = join(dir, 'handoff.json');
    const outer = JSON.parse(readFileSync(file, 'utf8')) as { body: string; mac: string };
    writeFileSync(file, JSON.stringify({ ...outer, body: outer.body.replace('"hold"', '"promote"') }));
    expect(() => readHandoff(dir, KEY)).toThrow(/its signature does not match: the file was changed after benchgate wrote it/);
    const again = staged();
    expect(() => readHandoff(again.dir, 'cd'.repeat(32))).toThrow(/signature does not match/);
  });

  it('refuses a staged file changed after it was hashed, or replaced by a link, and uploads nothing', async () => {
    const a = staged();
    writeFileSync(join(a.root, 'summary.json'), '{"id":"forged"}');
    const r1 = recordingIo(a.temp);
    await expect(deliverHandoff(r1.io, readHandoff(a.dir, KEY))).rejects.toThrow(/changed after benchgate staged it/);
    expect(r1.uploads).toEqual([]);
    expect(r1.outputs).toEqual({});

    const b = staged();
    const secret = join(b.temp, 'environ');
    writeFileSync(secret, '{"id":"real"}');
    rmSync(join(b.root, 'summary.json'));
    symlinkSync(secret, join(b.root, 'summary.json'));
    const r2 = recordingIo(b.temp);
    await expect(deliverHandoff(r2.io, readHandoff(b.dir, KEY))).rejects.toThrow(/is not a file of benchgate's staging folder/);
    expect(r2.uploads).toEqual([]);
  });

  it('names the tokens and runner files no ancestor of the suite may hold', () => {
    for (const name of [
      'INPUT_GITHUB-TOKEN',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'GITHUB_OUTPUT',
      'github_env',
      'GITHUB_STATE',
      'GITHUB_PATH',
      'GITHUB_STEP_SUMMARY',
      'GH_TOKEN',
    ])
      expect(isTokenOrRunnerFile(name), name).toBe(true);
    for (const name of ['INPUT_COMMAND', 'PATH', 'GITHUB_WORKSPACE', 'RUNNER_TEMP', 'BENCHGATE_HANDOFF']) expect(isTokenOrRunnerFile(name), name).toBe(false);
  });

  it("reads the key and the step's runner files from the suite step's stdin, and refuses anything else", () => {
    expect(readSuiteStdin(`${KEY}\nGITHUB_ENV=/t/_runner_file_commands/set_env_1\nGITHUB_OUTPUT=/t/o\n`)).toEqual({
      key: KEY,
      runnerFiles: [
        ['GITHUB_ENV', '/t/_runner_file_commands/set_env_1'],
        ['GITHUB_OUTPUT', '/t/o'],
      ],
    });
    expect(readSuiteStdin(`${KEY}\n`)).toEqual({ key: KEY, runnerFiles: [] });
    expect(() => readSuiteStdin('')).toThrow(/got no handoff key on stdin/);
    expect(() => readSuiteStdin(`${KEY}\nPATH=/usr/bin\n`)).toThrow(/stdin line "PATH=\/usr\/bin" is not NAME=\/absolute\/path/);
    expect(() => readSuiteStdin(`${KEY}\nGITHUB_ENV=relative\n`)).toThrow(/not NAME=\/absolute\/path/);
  });

  it('empties the runner files the suite wrote to (a link removed, never followed) and names them; untouched ones stay', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-runner-files-'));
    const [env, out, summary, target] = ['set_env_1', 'set_output_1', 'step_summary_1', 'elsewhere'].map((f) => join(dir, f)) as [
      string,
      string,
      string,
      string,
    ];
    writeFileSync(env, 'NODE_OPTIONS=--require /tmp/evil.cjs\n');
    writeFileSync(out, '');
    writeFileSync(target, 'not the suite step file');
    symlinkSync(target, summary);
    const files: [string, string][] = [
      ['GITHUB_ENV', env],
      ['GITHUB_OUTPUT', out],
      ['GITHUB_STEP_SUMMARY', summary],
      ['GITHUB_PATH', join(dir, 'add_path_1')],
    ];
    expect(emptyRunnerFiles(files)).toEqual(['GITHUB_ENV', 'GITHUB_STEP_SUMMARY', 'GITHUB_PATH']);
    for (const f of [env, out, summary, join(dir, 'add_path_1')]) expect(readFileSync(f, 'utf8'), f).toBe('');
    expect(readFileSync(target, 'utf8')).toBe('not the suite step file');
    expect(emptyRunnerFiles(files)).toEqual([]);
    expect(runnerFilesMessage(['GITHUB_ENV'])).toMatch(/^the suite wrote to its step's runner file GITHUB_ENV \(/);
    rmSync(dir, { recursive: true, force: true });
  });
});
