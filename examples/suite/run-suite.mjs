// Runs the demo_tool_use suite under one harness strategy and writes an rlm-code
// summary. Usage: node examples/suite/run-suite.mjs --strategy tool_call|codemode --out FILE
// [--flaky P]: a flaky model, which loses each case's answer with probability P, drawn afresh
// for every trial (seeded by BENCHGATE_ROLE and BENCHGATE_TRIAL, so a trial is reproducible).

import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { CASES, checkAnswer, PRESET } from './cases.mjs';
import { STRATEGIES } from './strategies.mjs';
import { buildSummary, failureRow, harnessRow, isoTimestamp } from './summary.mjs';

/** A number in [0, 1) fixed by the seed and the case: the same trial loses the same answers. */
function draw(seed, caseId) {
  return createHash('sha256').update(`${seed}\0${caseId}`).digest().readUInt32BE(0) / 2 ** 32;
}

function runCase(caseDef, strategy, flaky = 0, seed = '1') {
  const started = performance.now();
  const startedAt = isoTimestamp(started);
  const timing = () => {
    const now = performance.now();
    return { finishedAt: isoTimestamp(now), durationSeconds: Math.max(0, (now - started) / 1000) };
  };
  try {
    const ran = STRATEGIES[strategy](caseDef);
    // A flaky model: the harness ran as usual, but the answer it ended with is lost.
    const result = flaky > 0 && draw(seed, caseDef.case_id) < flaky ? { ...ran, final_response: '' } : ran;
    const completed = result.finished && checkAnswer(result.final_response, caseDef.expected);
    return harnessRow({ caseDef, strategy, startedAt, completed, result, ...timing() });
  } catch (error) {
    return failureRow({ caseDef, strategy, startedAt, error, ...timing() });
  }
}

/**
 * Really executes every case of the preset under one strategy, so each number in the
 * summary (completion, steps, usage, durations) comes from this run, then writes the
 * summary the way rlm-code does: indent 2, no trailing newline.
 * @param {{strategy: 'tool_call'|'codemode', outPath?: string, cases?: readonly object[], flaky?: number, seed?: string}} options
 *   outPath: where to write the JSON (parent folders are created); omit to only return it.
 *   flaky: the probability that a case's answer is lost (default 0), drawn per case from seed.
 * @returns {Promise<object>} the summary object
 */
export async function runSuite({ strategy, outPath, cases = CASES, flaky = 0, seed = '1' }) {
  if (!Object.hasOwn(STRATEGIES, strategy)) {
    throw new Error(`unknown strategy "${strategy}"; expected one of: ${Object.keys(STRATEGIES).join(', ')}`);
  }
  const started = performance.now();
  const startedAt = isoTimestamp(started);
  const rows = cases.map((caseDef) => runCase(caseDef, strategy, flaky, seed));
  const finished = performance.now();
  const summary = buildSummary({
    preset: PRESET,
    strategy,
    startedAt,
    finishedAt: isoTimestamp(finished),
    durationSeconds: (finished - started) / 1000,
    totalCases: cases.length,
    rows,
  });
  if (outPath) {
    await mkdir(path.dirname(path.resolve(outPath)), { recursive: true });
    await writeFile(outPath, JSON.stringify(summary, null, 2), 'utf8');
  }
  return summary;
}

/** The cases named in a file (one id per line, as benchgate's shard file), in the preset's order. */
async function selectCases(file) {
  const wanted = new Set(
    (await readFile(file, 'utf8'))
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  );
  const unknown = [...wanted].filter((id) => !CASES.some((c) => c.case_id === id));
  if (unknown.length > 0) throw new Error(`${file}: unknown case ids: ${unknown.join(', ')}`);
  return CASES.filter((c) => wanted.has(c.case_id));
}

async function main(argv) {
  const usage =
    'usage: node examples/suite/run-suite.mjs --strategy tool_call|codemode --out FILE [--cases-file FILE] [--flaky P]\n       node examples/suite/run-suite.mjs --list-cases';
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        strategy: { type: 'string' },
        out: { type: 'string' },
        'cases-file': { type: 'string' },
        flaky: { type: 'string' },
        'list-cases': { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${error.message}\n${usage}\n`);
    return 2;
  }
  if (values['list-cases']) {
    process.stdout.write(`${CASES.map((c) => c.case_id).join('\n')}\n`);
    return 0;
  }
  if (!values.strategy || !values.out) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const flaky = values.flaky === undefined ? 0 : Number(values.flaky);
  if (!(flaky >= 0 && flaky <= 1)) {
    process.stderr.write(`--flaky: expected a probability from 0 to 1, got ${JSON.stringify(values.flaky)}\n${usage}\n`);
    return 2;
  }
  try {
    const cases = values['cases-file'] ? await selectCases(values['cases-file']) : CASES;
    const summary = await runSuite({
      strategy: values.strategy,
      outPath: values.out,
      cases,
      flaky,
      seed: `${process.env.BENCHGATE_ROLE ?? ''}:${process.env.BENCHGATE_TRIAL ?? '1'}`,
    });
    process.stdout.write(
      `${values.out}: ${summary.harness_strategy}, ${summary.completed_cases}/${summary.total_cases} completed, ` +
        `avg_reward ${summary.avg_reward}, avg_steps ${summary.avg_steps}, ${summary.duration_seconds} s\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
