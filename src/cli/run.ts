/**
 * The CLI program: parse, load, compare, render, write. Returns the exit code instead of exiting, so
 * it can be tested in-process; `src/cli.ts` is the only place that touches `process`.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadSummary } from '../adapters/index.js';
import { compareSummaries, type Comparison } from '../analysis/compare.js';
import { isUserError, UsageError } from '../errors.js';
import { renderCsv } from '../report/csv-report.js';
import { renderJson } from '../report/json-report.js';
import { renderMarkdown } from '../report/markdown-report.js';
import { BENCHGATE_VERSION } from '../version.js';
import { parseArgs, type CompareCommand, type ReportFormat } from './args.js';
import { COMPARE_HELP, MAIN_HELP } from './help.js';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const EXIT = { promote: 0, hold: 1, error: 2 } as const;

const RENDERERS: Record<ReportFormat, (cmp: Comparison) => string> = {
  markdown: (cmp) => renderMarkdown(cmp),
  json: (cmp) => renderJson(cmp),
  csv: renderCsv,
};

/** One line for the log: the verdict and why. */
export function verdictLine(cmp: Comparison): string {
  const why: string[] = [];
  if (cmp.failed_gates.length > 0) why.push(`failed gates: ${cmp.failed_gates.join(', ')}`);
  if (cmp.blocking_findings.length > 0) why.push(`findings: ${cmp.blocking_findings.map((f) => f.code).join(', ')}`);
  if (why.length === 0) why.push('all 4 gates passed, no finding holds');
  return `benchgate: ${cmp.verdict} (${why.join('; ')})`;
}

/** Writes via a temporary file and a rename, so a reader never sees half a report. */
function writeReport(cmd: CompareCommand, text: string): string {
  const out = resolve(cmd.output as string);
  for (const input of [cmd.baseline, cmd.candidate]) {
    if (resolve(input) === out) throw new UsageError(`--output ${cmd.output} is an input file; refusing to overwrite it`);
  }
  const tmp = `${out}.benchgate-${process.pid}.tmp`;
  try {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(tmp, text);
    renameSync(tmp, out);
  } catch (err) {
    throw new UsageError(`--output ${cmd.output}: cannot write (${(err as { code?: string }).code ?? (err as Error).message})`);
  }
  return out;
}

function runCompare(cmd: CompareCommand, io: Io): number {
  const baseline = { path: cmd.baseline, summary: loadSummary(cmd.baseline, cmd.inputFormat) };
  const candidate = { path: cmd.candidate, summary: loadSummary(cmd.candidate, cmd.inputFormat) };
  const cmp = compareSummaries(baseline, candidate, { thresholds: cmd.thresholds, allowFindings: cmd.allowFindings });
  const text = RENDERERS[cmd.format](cmp);
  if (cmd.output === null) {
    io.stdout(text);
    io.stderr(`${verdictLine(cmp)}\n`);
  } else {
    const out = writeReport(cmd, text);
    io.stdout(`${verdictLine(cmp)}\nbenchgate: ${cmd.format} report written to ${out}\n`);
  }
  return EXIT[cmp.verdict];
}

/** Runs the CLI with `argv` (no node/script prefix) and returns the exit code. */
export function main(argv: readonly string[], io: Io): number {
  try {
    const cmd = parseArgs(argv);
    switch (cmd.command) {
      case 'help':
        io.stdout(cmd.topic === 'main' ? MAIN_HELP : COMPARE_HELP);
        return 0;
      case 'version':
        io.stdout(`${BENCHGATE_VERSION}\n`);
        return 0;
      case 'compare':
        return runCompare(cmd, io);
    }
  } catch (err) {
    if (isUserError(err)) {
      io.stderr(`benchgate: error: ${err.message}\n`);
    } else {
      const detail = process.env['BENCHGATE_DEBUG'] ? String((err as Error).stack) : String((err as Error)?.message ?? err);
      io.stderr(`benchgate: internal error: ${detail}\nThis is a bug in benchgate; set BENCHGATE_DEBUG=1 for a stack trace and report it.\n`);
    }
    return EXIT.error;
  }
}
