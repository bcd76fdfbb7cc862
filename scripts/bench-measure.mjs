/**
 * Runs one command as a child process and measures what a user waits for: wall time from spawn
 * to exit (start-up, module loading, parsing, rendering, writing, tear-down all included) and the
 * child's peak resident set size. Built-ins only, so the bench runs anywhere Node 20 runs.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TAIL_CHARS = 64 * 1024;

/** Keeps the last `TAIL_CHARS` characters of a stream: enough for an error or a JSON result. */
function collectTail(stream) {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (piece) => {
    text = (text + piece).slice(-TAIL_CHARS);
  });
  return () => text;
}

/** The last line of `text` that parses as JSON with a numeric `maxRssKiB`, or null. */
export function lastRssLine(text) {
  const lines = text.trim().split('\n').reverse();
  for (const line of lines) {
    try {
      const value = JSON.parse(line);
      if (typeof value?.maxRssKiB === 'number') return value.maxRssKiB;
    } catch {
      // not the rusage line
    }
  }
  return null;
}

/**
 * Spawns `command args` and waits for it to close.
 * @param {string} command executable.
 * @param {string[]} args arguments.
 * @param {{cwd: string, env?: Record<string, string>}} options extra env entries are merged in.
 * @returns {Promise<{wallSeconds: number, exitCode: number|null, signal: string|null,
 *   stdout: string, stderr: string}>} stdout/stderr are tails; rejects if it cannot spawn.
 */
export function runProcess(command, args, { cwd, env = {} }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let ended = started;
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collectTail(child.stdout);
    const stderr = collectTail(child.stderr);
    child.on('error', reject);
    child.on('exit', () => {
      ended = process.hrtime.bigint();
    });
    child.on('close', (exitCode, signal) => {
      resolve({ wallSeconds: Number(ended - started) / 1e9, exitCode, signal, stdout: stdout(), stderr: stderr() });
    });
  });
}

/**
 * Runs a Node script with scripts/rusage-preload.mjs preloaded, which reports the child's own
 * `process.resourceUsage().maxRSS` through a temporary file.
 * @param {string} script path of the script to run (relative to `cwd` or absolute).
 * @param {string[]} args script arguments.
 * @param {{cwd: string}} options
 * @returns {Promise<{wallSeconds: number, exitCode: number|null, signal: string|null,
 *   stdout: string, stderr: string, maxRssKiB: number|null}>}
 */
export async function runNodeMeasured(script, args, { cwd }) {
  const dir = await mkdtemp(join(tmpdir(), 'benchgate-rusage-'));
  const rusageFile = join(dir, 'rusage.jsonl');
  try {
    const preload = new URL('./rusage-preload.mjs', import.meta.url).href;
    const result = await runProcess(process.execPath, ['--import', preload, script, ...args], { cwd, env: { BENCHGATE_RUSAGE_FILE: rusageFile } });
    const report = await readFile(rusageFile, 'utf8').catch(() => '');
    return { ...result, maxRssKiB: lastRssLine(report) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the Python reference, which prints its own `ru_maxrss` as the last stderr line when
 * BENCHGATE_RUSAGE_STDERR=1.
 * @param {string} python interpreter, e.g. `python3`.
 * @param {string[]} args script path and arguments.
 * @param {{cwd: string}} options
 */
export async function runPythonMeasured(python, args, { cwd }) {
  const result = await runProcess(python, args, { cwd, env: { BENCHGATE_RUSAGE_STDERR: '1' } });
  return { ...result, maxRssKiB: lastRssLine(result.stderr) };
}

/**
 * min / median / max of wall times and the highest peak RSS over repeated runs.
 * @param {{wallSeconds: number, maxRssKiB: number|null}[]} runs at least one.
 */
export function summarizeRuns(runs) {
  const walls = runs.map((run) => run.wallSeconds).sort((a, b) => a - b);
  const middle = Math.floor(walls.length / 2);
  const median = walls.length % 2 ? walls[middle] : (walls[middle - 1] + walls[middle]) / 2;
  const rss = runs.map((run) => run.maxRssKiB).filter((value) => value !== null);
  return { runs: runs.length, min: walls[0], median, max: walls[walls.length - 1], peakRssKiB: rss.length ? Math.max(...rss) : null };
}
