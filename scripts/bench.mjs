#!/usr/bin/env node
/**
 * `npm run bench`: the performance check. For each size (100,000 and 1,000,000 cases per
 * side by default) it generates a pair of rlm-code summaries into bench-output/ (~120 MB and ~1.2 GB
 * each), then measures, interleaved (each round runs every command once, in a rotating order, so a
 * busy neighbour slows them all alike), the whole process of:
 *   - rlm-code's compare (scripts/rlm_compare_reference.py, its algorithm re-implemented in Python,
 *     given benchgate's thresholds so that the gates are comparable),
 *   - `benchgate compare --format json` (point mode),
 *   - `benchgate compare --decide significant --format json`,
 * with wall time and peak RSS, and prints the ratios (rlm-code's median over benchgate's) and
 * whether both tools reached the same four gates.
 *
 * Issue 23's targets, for the 100,000-case pair: point ≥ 8× faster than rlm-code in the same run
 * (stretch; ≥ 5× the floor), significant ≥ 4×, peak RSS ≤ 200 MB; for 1,000,000: it completes with
 * rlm-code's gates, linear in time (time per case within 1.5× of the 100,000 pair's), peak RSS ≤ 1 GB.
 *
 * Then two JUnit reports of 50,000 test cases each (scripts/bench-junit.mjs): the target is one
 * file read in ≤ 2.0 s wall, whole process; the pair compared is printed too. `--only junit` (or
 * `rlm`) runs one part.
 *
 *   node scripts/bench.mjs [--sizes 100000,1000000] [--runs 3] [--large-runs 1] [--junit-tests 50000]
 *                          [--only rlm|junit] [--seed 1] [--regenerate] [--cli dist/cli.js]
 *
 * `--runs` rounds for sizes up to 100,000 cases, `--large-runs` for larger ones. Exit status: 0 after
 * measuring (a missed target is a finding, not a failure); 1 when a run failed (the CLI exited with
 * something other than 0 = promote / 1 = hold / 3 = inconclusive, or did not exist).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { writeJunitPair } from './bench-junit.mjs';
import { runNodeMeasured, runPythonMeasured, summarizeRuns } from './bench-measure.mjs';
import { ensureBenchPair } from './bench-pair.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'bench-output';
const DEFAULT_CLI = 'dist/cli.js';
const LARGE = 100_000;

function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '100000,1000000' },
      runs: { type: 'string', default: '3' },
      'large-runs': { type: 'string', default: '1' },
      'junit-tests': { type: 'string', default: '50000' },
      only: { type: 'string', default: '' },
      seed: { type: 'string', default: '1' },
      regenerate: { type: 'boolean', default: false },
      cli: { type: 'string', default: DEFAULT_CLI },
    },
  });
  const options = {
    sizes: values.sizes.split(',').map((s) => Number(s.trim())),
    runs: Number(values.runs),
    largeRuns: Number(values['large-runs']),
    seed: Number(values.seed),
    regenerate: values.regenerate,
    cli: values.cli,
    junitTests: Number(values['junit-tests']),
    only: values.only,
  };
  if (!['', 'rlm', 'junit'].includes(options.only)) throw new Error(`--only must be rlm or junit, got '${options.only}'`);
  if (!Number.isInteger(options.junitTests) || options.junitTests < 1)
    throw new Error(`--junit-tests must be a whole number ≥ 1, got '${values['junit-tests']}'`);
  if (options.sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sizes must be whole numbers ≥ 1 separated by commas, got '${values.sizes}'`);
  for (const [name, value] of [
    ['runs', options.runs],
    ['large-runs', options.largeRuns],
    ['seed', options.seed],
  ]) {
    if (!Number.isInteger(value) || value < (name === 'seed' ? 0 : 1)) {
      throw new Error(`--${name} must be a whole number${name === 'seed' ? '' : ' ≥ 1'}, got '${values[name]}'`);
    }
  }
  return options;
}

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (value) => value.toFixed(2);
const mebibytes = (kib) => (kib === null ? 'n/a' : (kib / 1024).toFixed(0));

/** Runs one measured command; 0, 1 and 3 are answers (promote, hold, inconclusive), anything else broke. */
async function measureOnce(label, run) {
  const result = await run();
  const ok = result.exitCode === 0 || result.exitCode === 1 || result.exitCode === 3;
  console.log(`  ${label}: ${seconds(result.wallSeconds)} s, ${mebibytes(result.maxRssKiB)} MiB, exit ${result.exitCode ?? result.signal}`);
  if (!ok) console.error(`${label} failed:\n${result.stderr.trim() || '(no stderr)'}`);
  return { ...result, ok };
}

/**
 * The gates, case summary and verdict a tool reached, from the start of its JSON output (benchgate's
 * report of a 1,000,000-case pair is too large to parse whole here; these fields come first).
 */
function gatesOf(head) {
  const field = (name) => {
    const m = new RegExp(`"${name}": (\\{[^}]*\\}|true|false)`).exec(head);
    return m ? JSON.parse(m[1]) : null;
  };
  const gates = field('gates');
  return gates === null ? null : { gates, case_summary: field('case_summary'), passed: field('passed') };
}

/** The first 64 KiB of a file. */
function headOf(path) {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function hasPython() {
  const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return probe.error ? null : (probe.stdout || probe.stderr).trim();
}

/** Generates or reuses the pair; returns repo-relative paths (children run in the repo root). */
async function preparePair(cases, options) {
  console.log(`\nSummary pair: ${cases} cases per side, seed ${options.seed}, in ${OUT}/ …`);
  const pair = await ensureBenchPair({ outDir: resolve(ROOT, OUT), cases, seed: options.seed, regenerate: options.regenerate });
  console.log(
    pair.generated ? `Generated the pair in ${seconds(pair.seconds)} s` : 'Reused the pair generated earlier with the same parameters (--regenerate to force)',
  );
  const baseline = relative(ROOT, pair.baseline);
  const candidate = relative(ROOT, pair.candidate);
  console.log(`  baseline  ${baseline}  ${megabytes(pair.bytes.baseline)}`);
  console.log(`  candidate ${candidate}  ${megabytes(pair.bytes.candidate)}`);
  return { baseline, candidate };
}

/**
 * One size: `rounds` rounds, each running rlm-code's compare and benchgate's point and significant
 * modes once, the order rotating by round. Returns a row per command with its runs.
 */
async function measureSize(cases, rounds, options, python) {
  const pair = await preparePair(cases, options);
  const report = (mode) => `${OUT}/report-${cases}-${mode}.json`;
  const bg = (mode) => [
    'compare',
    '--baseline',
    pair.baseline,
    '--candidate',
    pair.candidate,
    ...(mode === 'significant' ? ['--decide', 'significant'] : []),
    '--format',
    'json',
    '--output',
    report(mode),
  ];
  const commands = [
    {
      tool: 'benchgate',
      mode: 'point',
      run: () => runNodeMeasured(options.cli, bg('point'), { cwd: ROOT }),
      gates: () => headOf(resolve(ROOT, report('point'))),
    },
    { tool: 'benchgate', mode: 'significant', run: () => runNodeMeasured(options.cli, bg('significant'), { cwd: ROOT }) },
  ];
  for (const c of commands) console.log(`$ node ${options.cli} ${bg(c.mode).join(' ')}`);
  if (python) {
    // benchgate's default thresholds (max_steps_increase 0.5, rlm-code's docs' value; its signature default is 0), so the gates compare.
    const args = [
      'scripts/rlm_compare_reference.py',
      pair.baseline,
      pair.candidate,
      '--min-reward-delta',
      '0',
      '--min-completion-delta',
      '0',
      '--max-steps-increase',
      '0.5',
    ];
    console.log(`$ python3 ${args.join(' ')}`);
    commands.unshift({ tool: 'rlm-code', mode: 'compare', run: () => runPythonMeasured('python3', args, { cwd: ROOT }), gates: (r) => r.stdout });
  }
  const rows = commands.map((c) => ({ ...c, cases, results: [], failed: false, verdict: null }));
  for (let round = 0; round < rounds; round++) {
    console.log(`Round ${round + 1}/${rounds} (load average ${loadavg()[0].toFixed(2)}):`);
    for (let k = 0; k < rows.length; k++) {
      const row = rows[(k + round) % rows.length];
      if (row.failed) continue;
      const result = await measureOnce(`${row.tool} ${row.mode}`, row.run);
      if (!result.ok) {
        row.failed = true;
        continue;
      }
      row.results.push(result);
      if (row.gates && row.verdict === null) row.verdict = gatesOf(row.gates(result));
    }
  }
  return rows;
}

function printTable(rows) {
  const reference = (cases) => rows.find((r) => r.cases === cases && r.tool === 'rlm-code' && r.results.length);
  const header = ['cases', 'tool', 'mode', 'runs', 'median s', 'min s', 'max s', 'peak RSS MiB', 'speed-up vs rlm-code'];
  const body = rows
    .filter((r) => r.results.length)
    .map((r) => {
      const s = summarizeRuns(r.results);
      const ref = reference(r.cases);
      const factor = ref && r.tool !== 'rlm-code' ? `${(summarizeRuns(ref.results).median / s.median).toFixed(2)}x` : '';
      return [String(r.cases), r.tool, r.mode, String(s.runs), seconds(s.median), seconds(s.min), seconds(s.max), mebibytes(s.peakRssKiB), factor];
    });
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column].length)));
  const line = (cells) => cells.map((cell, column) => (column >= 1 && column <= 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const cells of body) console.log(line(cells));
}

/** Issue 23's targets, each MET or NOT MET, and whether the tools reached the same gates. */
function printTargets(rows) {
  const find = (cases, tool, mode) => rows.find((r) => r.cases === cases && r.tool === tool && r.mode === mode && r.results.length);
  const median = (row) => summarizeRuns(row.results).median;
  const rss = (row) => summarizeRuns(row.results).peakRssKiB;
  const mark = (ok) => (ok ? 'MET' : 'NOT MET');
  console.log('');
  for (const cases of [...new Set(rows.map((r) => r.cases))]) {
    const ref = find(cases, 'rlm-code', 'compare');
    const point = find(cases, 'benchgate', 'point');
    if (ref?.verdict && point?.verdict) {
      const same = JSON.stringify(ref.verdict) === JSON.stringify(point.verdict);
      console.log(
        `${cases} cases: the same gates, case counts and verdict as rlm-code: ${same ? 'yes' : 'NO'} (rlm-code ${JSON.stringify(ref.verdict)}; benchgate ${JSON.stringify(point.verdict)})`,
      );
    }
  }
  const ref100 = find(LARGE, 'rlm-code', 'compare');
  const point100 = find(LARGE, 'benchgate', 'point');
  const sig100 = find(LARGE, 'benchgate', 'significant');
  if (ref100 && point100) {
    const f = median(ref100) / median(point100);
    console.log(
      `Target, 100,000 cases, point ≥ 8x rlm-code (stretch), ≥ 5x (floor): ${f >= 8 ? 'MET' : f >= 5 ? 'floor MET, stretch NOT MET' : 'NOT MET'} (${f.toFixed(2)}x)`,
    );
  }
  if (ref100 && sig100) {
    const f = median(ref100) / median(sig100);
    console.log(`Target, 100,000 cases, significant ≥ 4x rlm-code: ${mark(f >= 4)} (${f.toFixed(2)}x)`);
  }
  for (const row of [point100, sig100].filter(Boolean)) {
    console.log(`Target, 100,000 cases, ${row.mode} peak RSS ≤ 200 MB: ${mark(rss(row) !== null && rss(row) * 1024 <= 200e6)} (${mebibytes(rss(row))} MiB)`);
  }
  for (const cases of [...new Set(rows.map((r) => r.cases))].filter((n) => n > LARGE)) {
    for (const mode of ['point', 'significant']) {
      const row = find(cases, 'benchgate', mode);
      const small = find(LARGE, 'benchgate', mode);
      if (!row) {
        console.log(`Target, ${cases} cases, ${mode}: NOT MET (it did not complete)`);
        continue;
      }
      const linear = small ? median(row) / cases / (median(small) / LARGE) : null;
      console.log(
        `Target, ${cases} cases, ${mode}: completes ${mark(true)}; peak RSS ≤ 1 GB ${mark(rss(row) !== null && rss(row) * 1024 <= 1e9)} (${mebibytes(rss(row))} MiB)` +
          (linear === null ? '' : `; time per case ${linear.toFixed(2)}x the 100,000 pair's (linear: ≤ 1.5x) ${mark(linear <= 1.5)}`),
      );
    }
  }
}

/**
 * Runs one measured command `runs` times; the first failed run is reported and ends the series.
 * @returns {Promise<{tool: string, format: string, failed: boolean, results: object[]}>}
 */
async function measureSeries({ tool, format }, runs, runOnce) {
  const results = [];
  for (let index = 0; index < runs; index += 1) {
    const result = await measureOnce(`${tool} ${format} run ${index + 1}/${runs}`, runOnce);
    if (!result.ok) return { tool, format, failed: true, results };
    results.push(result);
  }
  return { tool, format, failed: false, results };
}

const JUNIT_TARGET_SECONDS = 2.0;

/**
 * The JUnit part. Issue 17's target is one 50,000-testcase file read in under 2 s: measured as the
 * whole process of `benchgate leaderboard FILE` (it reads the file and ranks one entry, so the time
 * is startup plus reading). The pair compared (both files read, compared, a 50,000-row JSON report
 * written) is printed after it, as a figure to watch rather than the target.
 */
async function junitPart(options) {
  console.log(`\nJUnit pair: ${options.junitTests} test cases per side, seed ${options.seed}, in ${OUT}/ …`);
  const pair = await writeJunitPair({ outDir: resolve(ROOT, OUT), tests: options.junitTests, seed: options.seed });
  const baseline = relative(ROOT, pair.baseline);
  const candidate = relative(ROOT, pair.candidate);
  console.log(`  baseline  ${baseline}  ${megabytes(pair.bytes.baseline)}`);
  console.log(`  candidate ${candidate}  ${megabytes(pair.bytes.candidate)}`);
  const readArgs = ['leaderboard', baseline, '--format', 'json', '--output', `${OUT}/junit-read.json`];
  console.log(`\n$ node ${options.cli} ${readArgs.join(' ')}`);
  const read = await measureSeries({ tool: 'benchgate', format: 'junit read' }, options.runs, () => runNodeMeasured(options.cli, readArgs, { cwd: ROOT }));
  if (read.results.length === 0) return read;
  const { median } = summarizeRuns(read.results);
  console.log(
    `JUnit target: one file of ${options.junitTests} test cases read in ≤ ${JUNIT_TARGET_SECONDS.toFixed(2)} s, whole process: ` +
      `${median <= JUNIT_TARGET_SECONDS ? 'MET' : 'NOT MET'} (median ${seconds(median)} s)`,
  );
  const args = ['compare', '--baseline', baseline, '--candidate', candidate, '--format', 'json', '--output', `${OUT}/junit-report.json`];
  console.log(`\n$ node ${options.cli} ${args.join(' ')}`);
  const series = await measureSeries({ tool: 'benchgate', format: 'junit json' }, options.runs, () => runNodeMeasured(options.cli, args, { cwd: ROOT }));
  if (series.results.length === 0) return series;
  console.log(`JUnit pair compared (both files read, compared, the JSON report written): median ${seconds(summarizeRuns(series.results).median)} s`);
  if (options.junitTests !== 50_000) console.log(`(The target is for 50,000 test cases; this run used ${options.junitTests}.)`);
  return series;
}

async function main(argv) {
  const options = readOptions(argv);
  const cli = existsSync(resolve(ROOT, options.cli));
  if (!cli) throw new Error(`${options.cli} not found: run \`npm run build\` first`);
  const failed = [];
  if (options.only !== 'junit') {
    const python = hasPython();
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `node ${process.version}, ${availableParallelism()} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${python ?? "no python3: rlm-code's compare is skipped"}; ` +
        `load average ${loadavg()
          .map((x) => x.toFixed(2))
          .join(' ')} at the start, ${new Date().toISOString().slice(0, 10)}`,
    );
    const rows = [];
    for (const cases of options.sizes) rows.push(...(await measureSize(cases, cases > LARGE ? options.largeRuns : options.runs, options, python)));
    printTable(rows);
    printTargets(rows);
    console.log(
      `Load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    failed.push(...rows.filter((r) => r.failed).map((r) => `${r.tool} ${r.mode} (${r.cases} cases)`));
  }
  if (options.only !== 'rlm') {
    const series = await junitPart(options);
    if (series.failed) failed.push('benchgate junit');
  }
  if (failed.length) {
    console.error(`\nFailed: ${failed.join(', ')} (see above); exit status 1.`);
    process.exitCode = 1;
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
