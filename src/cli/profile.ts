/**
 * `benchgate profile FILE|GLOB ...`: the suite's own noise, from K runs of it on one commit of the
 * default branch (analysis/noise/profile.ts), as markdown or as the JSON file that
 * `benchgate compare --noise-profile FILE` and the action read.
 */
import type { RunChoosers } from '../adapters/registry.js';
import type { LoadedSummary, NoiseProfile } from '../analysis/model.js';
import { type AaComparer, buildNoiseProfile, RECOMMENDED_RUNS } from '../analysis/noise/profile.js';
import { serializeNoiseProfile } from '../analysis/noise/profile-file.js';
import { UsageError } from '../errors.js';
import { attemptTrials } from '../load/attempts.js';
import { expandInputs } from '../load/glob.js';
import { loadRun } from '../load/load.js';
import { judge } from '../pipeline/judge.js';
import { type GateConfig, loadConfig, loadOptionsOf } from '../policy/config-file.js';
import { resolvePolicy } from '../policy/policy.js';
import { renderNoiseProfile } from '../report/noise-profile-report.js';
import { configOf, oneOf, readCommandArgs } from './command-args.js';

export const PROFILE_FORMATS = ['markdown', 'json'] as const;

export interface ProfileCommand {
  command: 'profile';
  files: string[];
  format: (typeof PROFILE_FORMATS)[number];
  output: string | null;
  config: { path: string; explicit: boolean };
  inputFormat: string | null;
  /** --model / --prompt: the run to take from a file with one run per model or prompt. */
  model: string | null;
  prompt: string | null;
}

export const PROFILE_OPTIONS = ['format', 'output', 'config', 'input-format', 'model', 'prompt'] as const;

/** A file of several runs (a promptfoo output of several providers): profile's own options choose one. */
const PROFILE_CHOOSERS: RunChoosers = { model: '--model', prompt: '--prompt', perSide: false };

/** Parses the arguments after `profile`; null means --help. */
export function parseProfile(args: readonly string[]): ProfileCommand | null {
  const read = readCommandArgs('profile', args, PROFILE_OPTIONS);
  if (read === null) return null;
  const { values, files } = read;
  if (files.length === 0) throw new UsageError('benchgate profile needs the runs of one commit: \'benchgate profile "runs/main-*.json"\'');
  return {
    command: 'profile',
    files,
    format: oneOf('format', values.get('format') ?? 'markdown', PROFILE_FORMATS),
    output: values.get('output') ?? null,
    config: configOf(values.get('config')),
    inputFormat: values.get('input-format') ?? null,
    model: values.get('model') ?? null,
    prompt: values.get('prompt') ?? null,
  };
}

/** The A/A decision of each policy: the configured gates under point and under significant. */
export function aaComparers(config: GateConfig): Record<string, AaComparer> {
  const of = (decide: 'point' | 'significant'): AaComparer => {
    const policy = resolvePolicy(config, { decide });
    // The one pipeline (pipeline/judge.ts), on one run of each side: the verdict a pair of these runs would get.
    return (b: LoadedSummary, c: LoadedSummary) => judge({ runs: { baseline: [b], candidate: [c] }, policy, design: { kind: 'fixed' } }).comparison.verdict;
  };
  return { point: of('point'), significant: of('significant') };
}

/** Loads the runs and builds their profile; `warn` gets a line when there are fewer runs than advised. */
export function runProfile(cmd: ProfileCommand, warn: (line: string) => void): { profile: NoiseProfile; text: string } {
  const config = loadConfig(cmd.config.path, cmd.config.explicit) ?? {};
  const files = expandInputs('profile', cmd.files, process.cwd());
  const options = { ...loadOptionsOf(config, 'baseline', cmd.inputFormat, cmd.model, cmd.prompt), choose: PROFILE_CHOOSERS };
  // A benchmark that repeats each task in one file (tau-bench's trials, terminal-bench's attempts) gives one run per attempt.
  const runs = files.flatMap((path) => {
    const run: LoadedSummary = loadRun(path, options);
    return (attemptTrials(run) ?? [run]).map((r, i, all) => (all.length === 1 ? r : { ...r, path: `${path} (attempt ${i + 1})` }));
  });
  // Fewer than 2 runs is one error, not also the warning about fewer than advised.
  if (runs.length < 2)
    throw new UsageError(
      `got ${runs.length} run${runs.length === 1 ? '' : 's'} (${runs.map((r) => r.path).join(', ')}); a noise profile needs at least 2 runs of the suite on one commit (K >= 2; ${RECOMMENDED_RUNS} or more advised)`,
    );
  if (runs.length < RECOMMENDED_RUNS) {
    warn(`benchgate: warning: a profile of ${runs.length} runs gives coarse pass rates; ${RECOMMENDED_RUNS} or more runs are advised\n`);
  }
  const profile = buildNoiseProfile(runs, { policies: aaComparers(config) });
  return { profile, text: cmd.format === 'json' ? serializeNoiseProfile(profile) : renderNoiseProfile(profile) };
}
