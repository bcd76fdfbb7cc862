// `npm run demo`: run the embedded demo_tool_use suite under a baseline (tool_call)
// and a candidate (codemode) strategy, then let benchgate's CLI decide whether the
// candidate may be promoted. Offline, no API keys. Usage: node examples/demo.mjs [--out DIR]

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { runSuite } from './suite/run-suite.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI_PATH = path.join(REPO_ROOT, 'dist', 'cli.js');
const OUTPUT_FILES = ['baseline.json', 'candidate.json', 'report.md', 'report.json', 'report.csv'];
// Marks a folder as the demo's own, so a rerun may replace its files but never
// overwrites same-named files that someone else put there.
const MARKER = '.benchgate-demo';
const USAGE = 'usage: node examples/demo.mjs [--out DIR]   (default: demo-output/ at the repo root)';

/** An expected failure: printed without a stack trace, exit code 1 (2 for usage errors). */
class DemoError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function parseCommandLine(argv) {
  try {
    const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, help: { type: 'boolean' } } });
    return values;
  } catch (error) {
    throw new DemoError(`${error.message}\n${USAGE}`, 2);
  }
}

async function prepareOutputDir(outDir) {
  const marker = path.join(outDir, MARKER);
  const foreign = OUTPUT_FILES.filter((name) => existsSync(path.join(outDir, name)));
  if (foreign.length > 0 && !existsSync(marker)) {
    throw new DemoError(`${outDir} already has ${foreign.join(', ')}, not written by this demo; ` + 'refusing to overwrite. Pass --out with another folder.');
  }
  await mkdir(outDir, { recursive: true });
  // Our own files from an earlier run: remove them so a report the CLI failed to
  // write can never be mistaken for this run's.
  await Promise.all(OUTPUT_FILES.map((name) => rm(path.join(outDir, name), { force: true })));
  await writeFile(marker, 'Files here are written by `npm run demo` (examples/demo.mjs) and replaced on each run.\n');
}

function runCompare(baseline, candidate, format, output) {
  const args = [CLI_PATH, 'compare', '--baseline', baseline, '--candidate', candidate];
  if (format) args.push('--format', format);
  args.push('--output', output);
  const child = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8' });
  if (child.error) throw new DemoError(`could not start the benchgate CLI: ${child.error.message}`);
  if (child.status !== 0 && child.status !== 1) {
    const how = child.status === null ? `was killed by ${child.signal}` : `exited with ${child.status}`;
    const output = child.stderr.trim() || child.stdout.trim() || '(no output)';
    throw new DemoError(`benchgate compare (${format ?? 'markdown'}) ${how}:\n${output}`);
  }
  return child.status;
}

const display = (file) => path.relative(process.cwd(), file) || '.';
const pad = (value, width) => String(value).padEnd(width);

function describeRun(role, summary) {
  const rows = summary.case_results;
  const blocked = rows.filter((row) => row.codemode_guardrail_blocked).length;
  const errors = rows.filter((row) => 'error' in row).length;
  const usage = summary.usage_totals;
  const notes = [blocked && `${blocked} guardrail-blocked`, errors && `${errors} errored`].filter(Boolean);
  return (
    `  ${pad(role, 10)} ${pad(summary.harness_strategy, 10)} ` +
    `${pad(`${summary.completed_cases}/${summary.total_cases}`, 10)}${pad(summary.avg_reward.toFixed(4), 11)}` +
    `${pad(summary.avg_steps.toFixed(2), 10)}${pad(usage.total_calls, 7)}` +
    `${pad(`${usage.prompt_tokens}/${usage.completion_tokens}`, 14)}${summary.duration_seconds.toFixed(4)} s` +
    (notes.length ? `  (${notes.join(', ')})` : '')
  );
}

function describeGates(gates) {
  const mark = (ok) => (ok ? 'pass' : 'FAIL');
  if (Array.isArray(gates)) {
    return gates.map((gate) => `${gate.name ?? gate.id ?? gate.gate} ${mark(gate.passed ?? gate.pass)}`).join(', ');
  }
  if (gates && typeof gates === 'object') {
    return Object.entries(gates)
      .map(([name, gate]) => `${name} ${mark(typeof gate === 'object' && gate ? gate.passed : gate)}`)
      .join(', ');
  }
  return JSON.stringify(gates);
}

function completionRegressions(baseline, candidate) {
  const done = new Set(baseline.case_results.filter((row) => row.completed).map((row) => row.case_id));
  return candidate.case_results.filter((row) => done.has(row.case_id) && !row.completed).map((row) => row.case_id);
}

function describeVerdict(report, status, regressed) {
  const verdict = String(report.verdict ?? (status === 0 ? 'promote' : 'hold'));
  const lines = [];
  if (verdict === 'promote') {
    lines.push('Verdict: PROMOTE - the candidate passed every gate.');
  } else {
    lines.push('Verdict: HOLD - an expected outcome of this demo (the CLI exits 1 for a hold).');
    lines.push('  The suite is built so codemode wins on average but no longer completes a case that');
    lines.push(`  tool_call completed (${regressed.join(', ') || 'none found'}); the gate should hold it back.`);
  }
  lines.push(`  Gates: ${describeGates(report.gates)}`);
  for (const finding of report.findings ?? []) {
    const cases = finding.case_ids?.length ? ` [${finding.case_ids.join(', ')}]` : '';
    lines.push(`  - ${finding.severity} ${finding.code}: ${finding.message}${cases}`);
  }
  if ((status === 0) !== (verdict === 'promote')) {
    lines.push(`  Note: the CLI exited ${status} but report.json says "${verdict}".`);
  }
  return lines;
}

async function runDemo(argv) {
  const options = parseCommandLine(argv);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!existsSync(CLI_PATH)) {
    throw new DemoError(`${display(CLI_PATH)} is missing: run \`npm run build\` first, then \`npm run demo\`.`);
  }
  const outDir = path.resolve(options.out ?? path.join(REPO_ROOT, 'demo-output'));
  await prepareOutputDir(outDir);
  const file = (name) => path.join(outDir, name);

  const started = performance.now();
  const baseline = await runSuite({ strategy: 'tool_call', outPath: file('baseline.json') });
  const candidate = await runSuite({ strategy: 'codemode', outPath: file('candidate.json') });
  const status = runCompare(file('baseline.json'), file('candidate.json'), null, file('report.md'));
  runCompare(file('baseline.json'), file('candidate.json'), 'json', file('report.json'));
  runCompare(file('baseline.json'), file('candidate.json'), 'csv', file('report.csv'));
  const report = JSON.parse(await readFile(file('report.json'), 'utf8'));
  const elapsed = (performance.now() - started) / 1000;

  const lines = [
    `benchgate demo: preset ${baseline.preset}, ${baseline.total_cases} cases, ` +
      `harness mode via MCP server ${baseline.mcp_server} (${elapsed.toFixed(2)} s in total)`,
    '',
    `  ${pad('role', 10)} ${pad('strategy', 10)} ${pad('completed', 10)}${pad('avg_reward', 11)}` +
      `${pad('avg_steps', 10)}${pad('calls', 7)}${pad('tokens in/out', 14)}suite time`,
    describeRun('baseline', baseline),
    describeRun('candidate', candidate),
    '',
    ...describeVerdict(report, status, completionRegressions(baseline, candidate)),
    '',
    `Files in ${display(outDir)}/:`,
    ...OUTPUT_FILES.map((name) => `  ${name}`),
    `Read the report: ${display(file('report.md'))}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

try {
  process.exitCode = await runDemo(process.argv.slice(2));
} catch (error) {
  // Expected problems (ours, or file-system errors such as EACCES) need no stack trace.
  const expected = error instanceof DemoError || typeof error?.code === 'string';
  const message = expected ? error.message : (error?.stack ?? String(error));
  process.stderr.write(`demo failed: ${message}\n`);
  process.exitCode = error instanceof DemoError ? error.exitCode : 1;
}
