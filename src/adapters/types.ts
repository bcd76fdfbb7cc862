/**
 * The adapters' shared types: how a file is read (LoadOptions) and what an adapter is. Apart from
 * registry.ts so that the formats can name them without importing the registry that imports them.
 */
import { InputError } from '../errors.js';
import type { CaseFields, PackedSummary } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import type { Source } from './parsing/source.js';

/**
 * What a field mapping (`input.fields` in the configuration) may name: for record-shaped formats,
 * which field of a record holds the case id, its completion, reward and so on (dotted paths reach
 * into nested objects).
 */
export const FIELD_MAPPING_KEYS = [
  'id',
  'completed',
  'reward',
  'steps',
  'calls',
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'cost',
  'latency',
  'error',
  'cluster',
  'task_family',
  'environment',
  'domain',
  'split',
  'length_bucket',
] as const;
export type FieldMapping = Partial<Record<(typeof FIELD_MAPPING_KEYS)[number], string>>;

/** How the input files are read: the format, and what some formats need to know. */
export interface LoadOptions {
  /** An adapter's name, or `auto` to detect it from the file. */
  format: string;
  /**
   * For files that hold several runs (one per model, provider or prompt): the run to take. In a
   * promptfoo output a provider's label or id, else a prompt's label.
   */
  model?: string | undefined;
  /** For promptfoo outputs: the prompt label of the side (with `model`, a provider's prompt). */
  prompt?: string | undefined;
  /** For files that hold a history of runs (RLE's benchmark_history.jsonl): the run to take, by timestamp (or a prefix) or git commit; the newest by default. */
  run?: string | undefined;
  /** For generic records: which field of a record is what (see adapters/formats/records.ts). */
  fields?: FieldMapping | undefined;
  /** Case fields a gate or slice of the configuration reads, kept when loading into the packed form. */
  keep?: CaseFields | undefined;
  /** How the program reading the file spells the choice of a run, for its messages; absent: {@link COMPARE_CHOOSERS}. */
  choose?: RunChoosers | undefined;
}

/**
 * How a program chooses one run of a file that holds several: its options for a model (a promptfoo
 * provider) and a prompt label, and whether each side chooses its own (compare); or, for a program
 * that takes one run per file and cannot choose, what to say instead.
 */
export type RunChoosers = { model: string; prompt: string; perSide: boolean; config?: string } | { none: string };

/** benchgate compare's flags and the configuration's keys (the action's inputs have the flags' names). */
export const COMPARE_CHOOSERS: RunChoosers = {
  model: '--baseline-model / --candidate-model',
  prompt: '--baseline-prompt / --candidate-prompt',
  perSide: true,
  config: 'input.baseline_model / input.candidate_model',
};

/** The option that chooses a model (`model`) or a prompt label, as the reading program spells it; for messages. */
export function chooserOf(options: LoadOptions, what: 'model' | 'prompt'): string {
  const c = options.choose ?? COMPARE_CHOOSERS;
  return 'none' in c ? c.none : c[what];
}

/** The configuration's keys that choose a model, when the reading program takes them; else null. */
export function configChooserOf(options: LoadOptions): string | null {
  const c = options.choose ?? COMPARE_CHOOSERS;
  return 'none' in c ? null : (c.config ?? null);
}

/** One run of a file that holds several: what chooses it, and its name in messages. */
export interface RunChoice {
  model: string;
  prompt?: string;
}

/**
 * A file holds several runs (promptfoo's providers, multi-hop QA's models) and none was chosen.
 * The message says how to choose one; {@link choices} lists every run, so a program that ranks runs
 * (the leaderboard) can read each on its own.
 */
export class SeveralRuns extends InputError {
  override name = 'SeveralRuns';
  constructor(
    /** `${file}: holds 2 providers: "a" (5 results), "b" (5 results)`: the runs, without the advice. */
    readonly held: string,
    readonly what: 'providers' | 'models',
    readonly choices: readonly RunChoice[],
    options: LoadOptions,
  ) {
    super(`${held}; ${severalAdvice(options, what === 'providers')}`);
  }
}

/** What a message on a file of several runs tells the user to do, in the reading program's words. */
function severalAdvice(options: LoadOptions, prompts: boolean): string {
  const c = options.choose ?? COMPARE_CHOOSERS;
  if ('none' in c) return c.none;
  return `choose one${c.perSide ? ' per side' : ''} with ${c.model}${c.config === undefined ? '' : ` (${c.config})`}${prompts ? `, and a prompt label with ${c.prompt}` : ''}`;
}

export interface Adapter {
  /** The `--input-format` name. */
  name: string;
  /** What a matching file looks like, for detection errors. */
  shape: string;
  /** Null when `source` is in this format; otherwise why not, in a few words. */
  mismatch(source: Source, options: LoadOptions): string | null;
  convert(source: Source, options: LoadOptions): BenchmarkSummary;
  /** Straight to the packed form, with the same checks as `convert`; absent: `convert`, then pack. */
  pack?(source: Source, options: LoadOptions): PackedSummary;
  /**
   * What the adapter chooses a run by: `model` (one run per model), `model+prompt` (promptfoo).
   * Absent: the file holds one run, and a model given must be that run's (else an error, never
   * ignored); a prompt given is an error.
   */
  selects?: 'model' | 'model+prompt';
  /** Never detected, only read when named (github-action-benchmark's direction, which its files do not say). */
  byNameOnly?: true;
}
