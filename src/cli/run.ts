/**
 * The CLI program: parse, load, compare, render, write. Returns the exit code instead of exiting, so
 * it can be tested in-process; `src/cli.ts` is the only place that touches `process`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { type LoadOptions, UnknownFormat } from '../adapters/registry.js';
import type { Comparison } from '../analysis/compare.js';
import { DEFAULT_MAIN_DESIGN } from '../analysis/main-design.js';
import type { LoadedSummary } from '../analysis/model.js';
import { MAX_TRIALS } from '../analysis/significance/sequential.js';
import { bugMessage, isUserError, UsageError } from '../errors.js';
import { shownPath, writeOutputFile } from '../fs-safe.js';
import { expandInputs } from '../load/glob.js';
import { isLargePair, loadPair, loadRun } from '../load/load.js';
import { loadNoiseProfiles } from '../load/noise-profile.js';
import { type Design, judge } from '../pipeline/judge.js';
import { type GateConfig, loadConfig, loadOptionsOf } from '../policy/config-file.js';
import { resolvePolicy } from '../policy/policy.js';
import { renderCsv } from '../report/csv-report.js';
import { renderEvidenceHtml } from '../report/evidence-html.js';
import { renderJsonChunks } from '../report/json-report.js';
import { renderMarkdown } from '../report/markdown-report.js';
import { verdictLine } from '../report/verdict.js';
import { warmHelper } from '../stats/parallel.js';
import { BENCHGATE_VERSION } from '../version.js';
import { type CompareCommand, parseArgs, type ReportFormat } from './args.js';
import { COMPARE_HELP, HISTORY_HELP, LEADERBOARD_HELP, MAIN_HELP, PROFILE_HELP } from './help.js';
import { runHistory } from './history.js';
import { runLeaderboard } from './leaderboard.js';
import { writeNextCases } from './noise.js';
import { runProfile } from './profile.js';

export interface Io {
  /** Report pieces may come as UTF-8 bytes (the JSON report's case rows). */
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  /** The module to run as a loading thread for large inputs (the CLI bundle); absent: load in-process. */
  workerScript?: URL;
  /** A bug's message carries its stack trace (BENCHGATE_DEBUG=1). */
  debug?: boolean;
}

/** The exit codes: the verdict (0, 1, 3), a user error (2: input, configuration, environment), a bug in benchgate (4). */
export const EXIT = { promote: 0, hold: 1, error: 2, inconclusive: 3, bug: 4 } as const;

/** Each renderer yields the report in one or more pieces (JSON streams its case rows). */
const RENDERERS: Record<ReportFormat, (cmp: Comparison) => Iterable<string | Uint8Array>> = {
  markdown: (cmp) => [renderMarkdown(cmp)],
  json: (cmp) => renderJsonChunks(cmp),
  csv: (cmp) => [renderCsv(cmp)],
};

/**
 * --sequential: the round the files make (one trial per side per round), checked against the
 * policy and --max-trials; null without --sequential.
 */
function sequentialRound(
  cmd: CompareCommand,
  config: GateConfig,
  baselines: readonly string[],
  candidates: readonly string[],
): { round: number; max: number } | null {
  if (cmd.sequential === null) return null;
  if (config.decide !== 'significant') {
    throw new UsageError(
      `--sequential has no effect with --decide ${config.decide ?? 'point'}${config.decide === undefined ? ' (the default)' : ''}: it decides the significant policy round by round; add --decide significant`,
    );
  }
  const max = cmd.sequential.maxTrials;
  if (baselines.length !== candidates.length) {
    throw new UsageError(
      `--sequential needs one trial of each side per round: got ${baselines.length} baseline and ${candidates.length} candidate file${candidates.length === 1 ? '' : 's'}; give the same number of each`,
    );
  }
  if (baselines.length > max) {
    throw new UsageError(
      `--sequential with --max-trials ${max}: got ${baselines.length} trials per side, more than the ${max} rounds the design allows; raise --max-trials (up to ${MAX_TRIALS}) before the first round, never after looking`,
    );
  }
  return { round: baselines.length, max };
}

/**
 * --design main: the design the files make (main's runs, then the candidate's rounds), checked
 * against the policy and the most rounds; null without it.
 */
function mainRounds(cmd: CompareCommand, candidates: readonly string[]): Extract<Design, { kind: 'main' }> | null {
  if (cmd.main === null) return null;
  if (candidates.length > cmd.main.maxRounds)
    throw new UsageError(
      `--design main with --max-trials ${cmd.main.maxRounds}: got ${candidates.length} rounds of the candidate, more than the design allows; raise --max-trials (up to ${MAX_TRIALS}) before the first round, never after looking`,
    );
  return { kind: 'main', max: cmd.main.maxRounds, key: cmd.main.key, rule: DEFAULT_MAIN_DESIGN };
}

/** The run as the reports name it: its path as {@link shownPath} shows it. */
const shown = (run: LoadedSummary): LoadedSummary => ({ ...run, path: shownPath(run.path, process.cwd()) });

/** Writes via a temporary file and a rename, so a reader never sees half a report; never over an input or the configuration (fs-safe.ts). */
function writeReport(output: string, inputs: readonly string[], pieces: Iterable<string | Uint8Array>, config: string | null = null): string {
  const protect = [...inputs.map((path) => ({ path, what: 'an input file' })), ...(config === null ? [] : [{ path: config, what: 'the configuration file' }])];
  return writeOutputFile('--output', output, protect, pieces);
}

/** --evidence DIR: the evidence as JSON and as one HTML page; never over an input. */
function writeEvidence(dir: string, inputs: readonly string[], cmp: Comparison): void {
  if (dir.trim() === '') throw new UsageError('--evidence needs a value: the directory to write evidence.json and evidence.html to');
  const protect = inputs.map((path) => ({ path, what: 'an input file' }));
  const evidence = cmp.evidence ?? { cases: [], more: 0 };
  writeOutputFile('--evidence', join(dir, 'evidence.json'), protect, [`${JSON.stringify(evidence, null, 2)}\n`]);
  writeOutputFile('--evidence', join(dir, 'evidence.html'), protect, [renderEvidenceHtml(cmp)]);
}

/** The files of one side: globs expanded; several only under the significant policy. */
function sideFiles(option: 'baseline' | 'candidate', cmd: CompareCommand, config: GateConfig): string[] {
  const list = expandInputs(option, cmd[option], process.cwd());
  if (list.length > 1 && config.decide !== 'significant') {
    throw new UsageError(`--${option} gives ${list.length} files: repeated trials are judged with --decide significant (point compares one run per side)`);
  }
  return list;
}

async function runCompare(cmd: CompareCommand, io: Io): Promise<number> {
  // Flags override the configuration file, which overrides the defaults (src/policy).
  const policy = resolvePolicy(loadConfig(cmd.config.path, cmd.config.explicit), cmd.given);
  const config = policy.config;
  // An option that cannot change the verdict under the chosen policy is a mistake, not a no-op.
  const ineffective = (['confidence', 'cluster'] as const).filter((k) => cmd.given[k] !== undefined);
  if (ineffective.length > 0 && config.decide !== 'significant') {
    const which = ineffective.map((k) => `--${k}`).join(' and ');
    throw new UsageError(
      `${which} ${ineffective.length > 1 ? 'have' : 'has'} no effect with --decide ${config.decide ?? 'point'}${config.decide === undefined ? ' (the default)' : ''}: ${ineffective.length > 1 ? 'they apply' : 'it applies'} to --decide significant only`,
    );
  }
  if (cmd.main !== null && config.decide !== 'significant')
    throw new UsageError(
      `--design main has no effect with --decide ${config.decide ?? 'point'}${config.decide === undefined ? ' (the default)' : ''}: it decides the significant policy round by round; add --decide significant`,
    );
  const baselines = sideFiles('baseline', cmd, config);
  const candidates = sideFiles('candidate', cmd, config);
  const seq = sequentialRound(cmd, config, baselines, candidates);
  const main = mainRounds(cmd, candidates);
  if (cmd.nextCases !== null && seq === null && main === null)
    throw new UsageError('--next-cases has no effect without --sequential or --design main: it lists the cases the next round runs');
  if ((cmd.given as Record<string, unknown>)['settle_share'] !== undefined && (seq === null || cmd.noiseProfile === null))
    throw new UsageError(
      `--settle-share has no effect without ${seq === null ? '--sequential' : '--noise-profile'}: it is the share of later rounds a case the noise profile settles still runs`,
    );
  const options = {
    baseline: loadOptionsOf(config, 'baseline', cmd.inputFormat, cmd.models.baseline, cmd.prompts.baseline, cmd.runs.baseline),
    candidate: loadOptionsOf(config, 'candidate', cmd.inputFormat, cmd.models.candidate, cmd.prompts.candidate, cmd.runs.candidate),
  };
  // The significant policy's resampling loops split with a helper thread: on a large pair, it starts while the files load.
  if (config.decide === 'significant' && io.workerScript !== undefined && isLargePair(baselines[0] as string, candidates[0] as string)) warmHelper();
  const [baseline, candidate] = await loadPair(baselines[0] as string, candidates[0] as string, options, io.workerScript ?? null);
  const more = (paths: string[], o: LoadOptions): LoadedSummary[] => paths.slice(1).map((path) => loadRun(path, o));
  // The one pipeline (pipeline/judge.ts): trials, profile, settled cases, the look, evidence, noise marks, verdict.
  const {
    comparison: cmp,
    trials,
    settled,
    main: drawn,
  } = judge({
    runs: { baseline: [baseline, ...more(baselines, options.baseline)].map(shown), candidate: [candidate, ...more(candidates, options.candidate)].map(shown) },
    policy,
    design: main ?? (seq === null ? { kind: 'fixed' } : { kind: 'sequential', round: seq.round, max: seq.max }),
    noise: cmd.noiseProfile === null ? null : { file: cmd.noiseProfile, profiles: loadNoiseProfiles(cmd.noiseProfile, '--noise-profile') },
    // The regressed cases' evidence: their rows (and rlm-code trajectories) read again only when a case regressed.
    // A large pair (loaded packed) is read again for its rows only when --evidence asks: it costs seconds.
    evidence: { files: { baseline: baselines, candidate: candidates }, load: options, reread: cmd.evidence !== null },
  });
  const inputs = [...baselines, ...candidates];
  if (cmd.nextCases !== null) writeNextCases(cmd.nextCases, trials, drawn?.next ?? settled?.next ?? null, inputs);
  if (cmd.evidence !== null) writeEvidence(cmd.evidence, inputs, cmp);
  const pieces = RENDERERS[cmd.format](cmp);
  if (cmd.output === null) {
    // A piece of bytes is valid until the next is asked for (json-report.ts): stdout may keep it, so it gets a copy.
    for (const piece of pieces) io.stdout(typeof piece === 'string' ? piece : Buffer.from(piece));
    io.stderr(`${verdictLine(cmp)}\n`);
  } else {
    writeReport(cmd.output, inputs, pieces, existsSync(cmd.config.path) ? cmd.config.path : null);
    io.stdout(`${verdictLine(cmp)}\nbenchgate: ${cmd.format} report written to ${cmd.output}\n`);
  }
  return EXIT[cmp.verdict];
}

/**
 * The configuration read without --config (the default path, relative to the working directory)
 * is named once on stderr, so a file nobody named on the command line never changes a verdict
 * unseen.
 */
function noteDefaultConfig(config: { path: string; explicit: boolean }, io: Io): void {
  if (config.explicit || !existsSync(config.path)) return;
  io.stderr(`benchgate: using the configuration file ${config.path} found in the working directory (--config FILE reads another)\n`);
}

/** Runs the CLI with `argv` (no node/script prefix) and resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const cmd = parseArgs(argv);
    if ('config' in cmd) noteDefaultConfig(cmd.config, io);
    switch (cmd.command) {
      case 'help':
        io.stdout({ main: MAIN_HELP, compare: COMPARE_HELP, leaderboard: LEADERBOARD_HELP, history: HISTORY_HELP, profile: PROFILE_HELP }[cmd.topic]);
        return 0;
      case 'history': {
        const { text, holds } = runHistory(cmd);
        io.stdout(text);
        return holds ? EXIT.hold : 0;
      }
      case 'profile': {
        const { text } = runProfile(cmd, (line) => io.stderr(line));
        if (cmd.output === null) io.stdout(text);
        else io.stdout(`benchgate: ${cmd.format} noise profile written to ${writeReport(cmd.output, cmd.files, [text])}\n`);
        return 0;
      }
      case 'leaderboard': {
        const text = runLeaderboard(cmd, (notice) => io.stderr(`benchgate: ${notice}\n`));
        if (cmd.output === null) io.stdout(text);
        else io.stdout(`benchgate: ${cmd.format} leaderboard written to ${writeReport(cmd.output, cmd.files, [text])}\n`);
        return 0;
      }
      case 'version':
        io.stdout(`${BENCHGATE_VERSION}\n`);
        return 0;
      case 'compare':
        return await runCompare(cmd, io);
    }
  } catch (err) {
    if (isUserError(err)) {
      io.stderr(`benchgate: error: ${err.message}\n`);
      // A file no format fits: its message is one line; each format's reason only when asked.
      if (err instanceof UnknownFormat && io.debug === true) io.stderr(err.tried.map((why) => `  - ${why}\n`).join(''));
      return EXIT.error;
    }
    io.stderr(`benchgate: ${bugMessage(err, io.debug === true)}\n`);
    return EXIT.bug;
  }
}
