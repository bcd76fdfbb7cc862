#!/usr/bin/env node
/**
 * Writes a synthetic native-mode rlm-code benchmark summary, byte-compatible with what rlm-code's
 * `run_benchmark` writes (`json.dumps(indent=2, ensure_ascii=False)`, no trailing newline), for
 * the `npm run bench` performance check: 100,000 cases make about 120 MB.
 *
 *   node scripts/generate-rlm-summary.mjs --cases 100000 --seed 1 --variant baseline \
 *     --out bench-output/baseline.json [--verify]
 *
 * The top-level aggregates come before `case_results`, so rows are generated twice (they are
 * deterministic): once to aggregate, once to stream to disk. Memory stays flat at any size.
 */
import { deepStrictEqual, ok } from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { pyRound, toPythonJson } from './py-json.mjs';
import { summarizeRows } from './rlm-summary-aggregates.mjs';
import { generateRows, isoMicros, timestampId } from './rlm-summary-rows.mjs';

/** Keys whose numbers rlm-code writes as Python floats (`1.0`, not `1`). */
export const FLOAT_KEYS = new Set(['duration_seconds', 'avg_reward', 'avg_steps', 'total_reward', 'avg', 'p50', 'p95', 'p99', 'max']);

const PACK = 'eval/packs/synthetic_gate.yaml';
const CHUNK_CHARS = 1 << 20;

/** Run start in µs: a fixed date per seed; the candidate ran two days later. Ends in 17 µs so
 * no timestamp falls on a whole second (Python's isoformat would drop the fraction there). */
function runStartMicros(seed, variant) {
  const day = 86_400_000_000;
  const base = Date.UTC(2026, 2, 1, 9, 0, 0) * 1000 + (seed % 365) * day;
  return base + (variant === 'candidate' ? 2 * day : 0) + 123_417;
}

function rowsOf(options) {
  const startMicros = runStartMicros(options.seed, options.variant) + 2_500;
  return generateRows({ ...options, startMicros });
}

/** The summary without its rows, key order as rlm-code writes it. */
function buildHeader(options) {
  const startedMicros = runStartMicros(options.seed, options.variant);
  let lastFinish = startedMicros + 2_500;
  const rows = (function* track() {
    for (const { row, finishMicros } of rowsOf(options)) {
      lastFinish = finishMicros;
      yield row;
    }
  })();
  const { fields, exactAvgReward } = summarizeRows(rows);
  if (fields.avg_reward !== exactAvgReward) {
    throw new Error(`seed ${options.seed}: avg_reward depends on the summation order; pick another seed`);
  }
  const finishedMicros = lastFinish + 1_300;
  return {
    benchmark_id: timestampId('bench', startedMicros),
    preset: 'synthetic_gate',
    mode: 'native',
    mcp_enabled: false,
    mcp_server: null,
    harness_strategy: null,
    source: `/home/runner/work/agent/agent/${PACK}`,
    description: `Synthetic ${options.cases}-case gate pack for benchgate performance checks.`,
    pack_paths: [PACK],
    started_at: isoMicros(startedMicros),
    finished_at: isoMicros(finishedMicros),
    duration_seconds: pyRound((finishedMicros - startedMicros) / 1e6, 4),
    ...fields,
    case_results: [],
  };
}

/** The file text in ~1 MiB pieces: header, rows indented two levels, closing brackets. */
function* summaryChunks(header, options) {
  const text = toPythonJson(header, { floatKeys: FLOAT_KEYS });
  if (options.cases === 0) {
    yield text;
    return;
  }
  let chunk = text.slice(0, -'[]\n}'.length) + '[\n';
  let separator = '';
  for (const { row } of rowsOf(options)) {
    chunk += separator + '    ' + toPythonJson(row, { floatKeys: FLOAT_KEYS, level: 2 });
    separator = ',\n';
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + '\n  ]\n}';
}

/**
 * Streams one synthetic summary to `path` (via `path.tmp` and a rename, so an interrupted run
 * never leaves a truncated file behind).
 * @param {string} path output file.
 * @param {{cases: number, seed: number, variant: 'baseline'|'candidate'}} options `cases` ≥ 0;
 *   `seed` a non-negative 32-bit integer; the same seed gives both variants the same case set.
 * @returns {Promise<{benchmarkId: string, totalCases: number, completedCases: number}>}
 */
export async function writeSummary(path, { cases, seed, variant }) {
  if (!Number.isInteger(cases) || cases < 0) throw new Error(`cases must be an integer ≥ 0, got ${cases}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`bad seed ${seed}`);
  if (variant !== 'baseline' && variant !== 'candidate') throw new Error(`bad variant ${variant}`);
  const options = { cases, seed, variant };
  const header = buildHeader(options);
  const temporary = `${path}.tmp`;
  await pipeline(Readable.from(summaryChunks(header, options)), createWriteStream(temporary));
  await rename(temporary, path);
  return { benchmarkId: header.benchmark_id, totalCases: header.total_cases, completedCases: header.completed_cases };
}

/**
 * Re-reads a summary and checks what rlm-code would guarantee: valid JSON, every aggregate equal
 * to the one recomputed from the rows, and the text equal to its own Python-style re-serialisation.
 * Slow (parses the whole file), so it is a test aid, not part of every bench run.
 * @param {string} path summary file.
 * @returns {Promise<{cases: number, completed: number}>} throws an AssertionError on mismatch.
 */
export async function verifySummary(path) {
  const text = await readFile(path, 'utf8');
  const summary = JSON.parse(text);
  const { fields } = summarizeRows(summary.case_results);
  for (const [key, value] of Object.entries(fields)) deepStrictEqual(summary[key], value, key);
  ok(toPythonJson(summary, { floatKeys: FLOAT_KEYS }) === text, 'the file is not laid out as json.dumps(indent=2, ensure_ascii=False) would write it');
  return { cases: summary.case_results.length, completed: fields.completed_cases };
}

async function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      cases: { type: 'string', default: '100000' },
      seed: { type: 'string', default: '1' },
      variant: { type: 'string', default: 'baseline' },
      out: { type: 'string' },
      verify: { type: 'boolean', default: false },
    },
  });
  if (!values.out) throw new Error('--out <file> is required');
  const started = performance.now();
  const result = await writeSummary(values.out, { cases: Number(values.cases), seed: Number(values.seed), variant: values.variant });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`${values.out}: ${result.totalCases} cases, ${result.completedCases} completed, ${seconds} s`);
  if (values.verify) {
    const checked = await verifySummary(values.out);
    console.log(`verified: ${checked.cases} rows parse and match the aggregates`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
