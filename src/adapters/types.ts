/**
 * The adapters' shared types: how a file is read (LoadOptions) and what an adapter is. Apart from
 * registry.ts so that the formats can name them without importing the registry that imports them.
 */
import { InputError } from '../errors.js';
import type { CaseFields, PackedSummary } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import type { Source } from './parsing/source.js';
import type { Measure } from './recorded.js';

/** Why a case is not measured: benchgate's own words (the error text itself is untrusted). */
export type InfrastructureReason =
  | 'rate limit'
  | 'server error'
  | 'provider unavailable'
  | 'provider timeout'
  | 'harness failure'
  | 'pattern of the configuration';

/**
 * How a summary's cases are each a benchmark of their own (analysis/custom-gates/benchmark-ratios.ts):
 * `bigger` / `smaller` is better (github-action-benchmark), or `per-task`: lm-evaluation-harness
 * aggregates, one case per task whose reward the adapter put on the task's own metric range.
 */
export type BenchmarkDirection = 'bigger' | 'smaller' | 'per-task';

/**
 * Which reader of analysis/evidence/extract.ts gives a case's evidence from its row: `trajectory`
 * (the run file a row's `run_path` names, analysis/evidence/rlm-code.ts), `inspect` (the sample's
 * messages and scorer), `transcript` (chat messages under `traj` or `messages`), `one-response`
 * (promptfoo's cell), `sample-response` (lm-eval's `resps`), `test` (a test's output and failure),
 * `failure-fields` (terminal-bench's failure mode and parser results).
 */
export type EvidenceReader = 'trajectory' | 'inspect' | 'transcript' | 'one-response' | 'sample-response' | 'test' | 'failure-fields';

/**
 * What the rest of benchgate knows of a summary format, said once, in the format's registry entry
 * (registry.ts): the analysis, the report and the history read these, never a format's name.
 * Every fact cites the code or document it comes from, beside its value.
 */
export interface FormatFacts {
  /** The measures the format never records: its 0s mean unknown (adapters/recorded.ts). */
  notRecorded?: readonly Measure[];
  /** Its adapter merges a task's attempts into one case (adapters/parsing/attempts.ts); load/attempts.ts splits them into trials. */
  mergesAttempts?: true;
  /** Infrastructure signals in the format's own words, read only for it (analysis/integrity/infrastructure.ts). */
  outageSignals?: readonly (readonly [InfrastructureReason, RegExp])[];
  /** Built-in infrastructure signals the format does not read. */
  outageSkips?: readonly InfrastructureReason[];
  /** Its cases are each a benchmark of their own, judged by ratio or per task. */
  benchmarkDirection?: BenchmarkDirection;
  /** Merged run totals are rounded as its Python writes them (`round(x, places)`, analysis/shards.ts). */
  pythonRounding?: true;
  /** Its reward is a per-example score compared pairwise: the report shows the head-to-head (analysis/compare.ts). */
  headToHead?: true;
  /** How a case's evidence is read from its row (analysis/evidence/extract.ts); absent: a transcript when the row keeps one. */
  evidence?: EvidenceReader;
  /**
   * Its agents may write the action in the message text (ReAct), call a tool that is no action
   * (`think`), and give the reward's reason in words (analysis/evidence/tau-bench.ts).
   */
  reactTranscript?: true;
  /** Its evidence's steps are the tool's own steps (a divergence says "step", else "action": analysis/evidence/divergence.ts). */
  ownSteps?: true;
}

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
  /** What benchgate knows of the summaries of this format (`BenchmarkSummary.format` equal to `name`). */
  facts?: FormatFacts;
  /** Other summary formats the adapter writes, and their facts (lm-eval's aggregates are `lm-eval-results`). */
  writes?: Readonly<Record<string, FormatFacts>>;
}
