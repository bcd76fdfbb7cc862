/**
 * The adapter registry: picks the format of an input file from its shape (or takes it as given) and
 * converts it to the canonical summary. One adapter per file; add new formats to {@link ADAPTERS}.
 */
import { InputError } from '../errors.js';
import { type PackedSummary, packSummary } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { BENCHGATE_SHAPE, fromBenchgate, isBenchgateSummary } from './formats/benchgate.js';
import { CTRF_SHAPE, ctrfMismatch, fromCtrf } from './formats/ctrf.js';
import { fromGab, GAB_SHAPE, gabMismatch, gabUndirected } from './formats/github-action-benchmark.js';
import { fromHarbor, HARBOR_SHAPE, harborMismatch } from './formats/harbor.js';
import { fromInspect, INSPECT_SHAPE, inspectMismatch } from './formats/inspect-ai.js';
import { fromJunit, JUNIT_SHAPE, junitMismatch, packJunit } from './formats/junit.js';
import { fromLmEval, LM_EVAL_SHAPE, lmEvalMismatch } from './formats/lm-eval.js';
import { fromMultihop, MULTIHOP_SHAPE, multihopMismatch } from './formats/multihop-qa.js';
import { fromPromptfoo, PROMPTFOO_SHAPE, promptfooMismatch } from './formats/promptfoo.js';
import { fromRecords, RECORDS_SHAPE, recordsMismatch } from './formats/records.js';
import { fromRle, RLE_SHAPE, rleMismatch } from './formats/rle.js';
import { fromRlmCode, isRlmCodeSummary, packRlmCode, RLM_CODE_SHAPE } from './formats/rlm-code.js';
import { fromRlmRunner, RLM_RUNNER_SHAPE, rlmRunnerMismatch } from './formats/rlm-runner.js';
import { fromSweBench, SWE_BENCH_SHAPE, sweBenchMismatch } from './formats/swe-bench.js';
import { fromTauBench, TAU_BENCH_SHAPE, tauBenchMismatch } from './formats/tau-bench.js';
import { fromTau2Bench, TAU2_BENCH_SHAPE, tau2BenchMismatch } from './formats/tau2-bench.js';
import { fromTerminalBench, TERMINAL_BENCH_SHAPE, terminalBenchMismatch } from './formats/terminal-bench.js';
import { dataSource, fileSource, type Source } from './parsing/source.js';
import { type Measure, MEASURES, recordedByRun } from './recorded.js';

export {
  type BenchmarkDirection,
  type EvidenceReader,
  FIELD_MAPPING_KEYS,
  type FieldMapping,
  type FormatFacts,
  type InfrastructureReason,
  type LoadOptions,
  type RunChoosers,
  SeveralRuns,
  type Adapter,
} from './types.js';
import { type Adapter, chooserOf, configChooserOf, type FormatFacts, type LoadOptions, SeveralRuns } from './types.js';

/**
 * No format fits a file. The message is one line naming the file and how to learn more; `tried`
 * holds, per format, what it expects and why this file is not it (the CLI prints them with
 * BENCHGATE_DEBUG=1), since a forced --input-format says the same for the one format that matters.
 */
export class UnknownFormat extends InputError {
  override name = 'UnknownFormat';
  constructor(
    message: string,
    /** `<format>: expected <shape>; here: <reason>`, one per format, in detection order. */
    readonly tried: readonly string[],
  ) {
    super(message);
  }
}

/** A JSON-only adapter's mismatch: the kind must be JSON, then `detect` decides. */
export function jsonMismatch(source: Source, detect: (data: unknown) => boolean, why: string): string | null {
  if (source.kind !== 'json')
    return `not a JSON document (${source.kind === 'jsonl' ? 'JSON Lines' : source.kind === 'xml' ? 'XML' : source.kind === 'empty' ? 'empty file' : source.kind === 'directory' ? 'a directory' : 'not JSON'})`;
  return detect(source.json()) ? null : why;
}

/** What a directory is read as, for the error when it is none of them. */
const DIRECTORY_FORMATS =
  'an RLE run (<scenario>_summary.json files), lm-evaluation-harness samples (samples_<task>_<date>.jsonl), SWE-bench evaluation logs (logs/run_evaluation/<run_id>/<model>/<instance_id>/report.json), a tau2-bench run (results.json, simulations/) or a Harbor job (result.json and <trial_name>/result.json)';

const NEITHER: readonly Measure[] = MEASURES;
const NO_STEPS: readonly Measure[] = ['steps'];

/**
 * Tried in order by auto-detection: the first that matches wins. Each entry also says, in `facts`,
 * what the rest of benchgate knows of its summaries (types.ts `FormatFacts`): read through
 * {@link formatFacts}, never by the format's name elsewhere.
 */
export const ADAPTERS: readonly Adapter[] = [
  {
    name: 'benchgate',
    shape: BENCHGATE_SHAPE,
    mismatch: (s) => jsonMismatch(s, isBenchgateSummary, 'no `schema: "benchgate.summary/…"`'),
    convert: (s) => fromBenchgate(s.file, s.json()),
  },
  {
    name: 'rlm-code',
    shape: RLM_CODE_SHAPE,
    mismatch: (s) => jsonMismatch(s, isRlmCodeSummary, 'no `case_results`'),
    convert: (s) => fromRlmCode(s.file, s.json()),
    pack: (s, o) => packRlmCode(s.file, s.json(), o.keep),
    facts: {
      // rlm-code writes avg_reward and avg_steps as Python's round(x, 4) and round(x, 2) (rlm_code/rlm/benchmarks.py).
      pythonRounding: true,
      // A case's run_path names its trajectory, one JSON event per line (analysis/evidence/rlm-code.ts), whose
      // steps are rlm-code's own (RLMRunner._append_event `type: "step"`).
      evidence: 'trajectory',
      ownSteps: true,
    },
  },
  { name: 'rle', shape: RLE_SHAPE, mismatch: rleMismatch, convert: fromRle },
  {
    name: 'rlm-runner',
    shape: RLM_RUNNER_SHAPE,
    mismatch: rlmRunnerMismatch,
    convert: fromRlmRunner,
    // A task row is {task_index, query, result, expected_answer, is_correct, execution_time, success}
    // (rlm-minimal's benchmarks/run_benchmarks.py process_task_async at 0b20f2a; the sync benchmarks'
    // {task_id, correct, time_taken, error}): no agent steps and no LLM call count, so both are unknown.
    facts: { notRecorded: NEITHER },
  },
  {
    name: 'promptfoo',
    shape: PROMPTFOO_SHAPE,
    mismatch: promptfooMismatch,
    convert: fromPromptfoo,
    selects: 'model+prompt',
    // One provider call per cell; no agent steps. One response per test: its evidence is the row's failure reason.
    facts: { notRecorded: NO_STEPS, evidence: 'one-response' },
  },
  {
    name: 'multihop-qa',
    shape: MULTIHOP_SHAPE,
    mismatch: multihopMismatch,
    convert: fromMultihop,
    selects: 'model',
    // Its reward is a per-example F1 score compared pairwise (adapters/formats/multihop-qa.ts).
    facts: { headToHead: true },
  },
  {
    name: 'inspect-ai',
    shape: INSPECT_SHAPE,
    mismatch: inspectMismatch,
    convert: fromInspect,
    // Model calls from the sample's events; no steps. Its sample keeps `messages` and the scorer's explanation.
    facts: { notRecorded: NO_STEPS, evidence: 'inspect' },
  },
  {
    name: 'lm-eval',
    shape: LM_EVAL_SHAPE,
    mismatch: lmEvalMismatch,
    convert: fromLmEval,
    // A sample records one response (`resps`) and its metric, no steps or calls (lm_eval's samples files).
    facts: { notRecorded: NEITHER, evidence: 'sample-response' },
    // Aggregates only: one case per task on the task's own metric range, judged per task (adapters/formats/lm-eval.ts).
    writes: { 'lm-eval-results': { notRecorded: NEITHER, benchmarkDirection: 'per-task' } },
  },
  {
    name: 'terminal-bench',
    shape: TERMINAL_BENCH_SHAPE,
    mismatch: terminalBenchMismatch,
    convert: fromTerminalBench,
    // Tokens per trial, but neither turns nor calls (terminal_bench/harness/models.py TrialResults); its
    // `--n-attempts` attempts of a task are merged (adapters/parsing/attempts.ts); failure_mode and
    // parser_results say why a trial failed.
    facts: { notRecorded: NEITHER, mergesAttempts: true, evidence: 'failure-fields' },
  },
  {
    name: 'tau-bench',
    shape: TAU_BENCH_SHAPE,
    mismatch: tauBenchMismatch,
    convert: fromTauBench,
    // No steps or calls per task; its `--num-trials` trials are merged (adapters/parsing/attempts.ts); `traj`
    // is OpenAI chat messages, its ReAct agents' actions in the text (sierra-research/tau-bench @ 59a200c).
    facts: { notRecorded: NEITHER, mergesAttempts: true, evidence: 'transcript', reactTranscript: true },
  },
  // No steps or calls per instance (SWE-bench's report.json).
  { name: 'swe-bench', shape: SWE_BENCH_SHAPE, mismatch: sweBenchMismatch, convert: fromSweBench, facts: { notRecorded: NEITHER } },
  {
    name: 'tau2-bench',
    shape: TAU2_BENCH_SHAPE,
    mismatch: tau2BenchMismatch,
    convert: fromTau2Bench,
    facts: {
      // Messages, but no count of steps or calls per simulation (tau2 data_model/simulation.py SimulationRun);
      // its trials of a task are merged (adapters/parsing/attempts.ts).
      notRecorded: NEITHER,
      mergesAttempts: true,
      // tau2's orchestrator.py: `user_error` is the user simulator breaking the protocol, not the agent under test
      // (src/adapters/formats/tau2-bench.ts writes the termination reason).
      outageSignals: [['harness failure', /^termination_reason: user_error\b/]],
    },
  },
  {
    name: 'harbor',
    shape: HARBOR_SHAPE,
    mismatch: harborMismatch,
    convert: fromHarbor,
    facts: {
      // Tokens per trial (AgentContext), no turns or calls (harbor models/trial/result.py TrialResult); its
      // trials of a task are merged (adapters/parsing/attempts.ts).
      notRecorded: NEITHER,
      mergesAttempts: true,
      // Harbor's trial.py and environments/base.py (src/adapters/formats/harbor.ts): the trial's environment did
      // not start or build, failed its check before the agent ran, or the job was cancelled; its installed
      // agents' `ApiOverloadedError` names the provider.
      outageSignals: [
        ['harness failure', /^(?:EnvironmentStartTimeoutError|SandboxBuildFailedError|HealthcheckError|CancelledError)\b/],
        ['provider unavailable', /^ApiOverloadedError\b/],
      ],
    },
  },
  // A test records no steps or calls; its output and failure are the evidence (CTRF's test object).
  { name: 'ctrf', shape: CTRF_SHAPE, mismatch: ctrfMismatch, convert: fromCtrf, facts: { notRecorded: NEITHER, evidence: 'test' } },
  {
    name: 'junit',
    shape: JUNIT_SHAPE,
    mismatch: junitMismatch,
    convert: fromJunit,
    pack: (s, o) => packJunit(s, o.keep),
    facts: {
      // A test records no steps or calls; its system-out, system-err and failure are the evidence.
      notRecorded: NEITHER,
      evidence: 'test',
      // A JUnit test that times out is a failure of the code under test, whatever layer timed out; JUnit
      // reads only a provider's rate limit, overload or server error.
      outageSkips: ['provider timeout'],
    },
  },
  { name: 'github-action-benchmark', shape: GAB_SHAPE, mismatch: gabMismatch, convert: gabUndirected },
  // The same files, with the direction chosen by name only (never detected). A benchmark records no steps or
  // calls; each is judged by its own ratio (adapters/formats/github-action-benchmark.ts).
  {
    name: 'github-action-benchmark-bigger',
    shape: GAB_SHAPE,
    mismatch: gabMismatch,
    convert: (s) => fromGab(s, false),
    byNameOnly: true,
    facts: { notRecorded: NEITHER, benchmarkDirection: 'bigger' },
  },
  {
    name: 'github-action-benchmark-smaller',
    shape: GAB_SHAPE,
    mismatch: gabMismatch,
    convert: (s) => fromGab(s, true),
    byNameOnly: true,
    facts: { notRecorded: NEITHER, benchmarkDirection: 'smaller' },
  },
  // Generic records come last: any array of objects with an id would match.
  { name: 'records', shape: RECORDS_SHAPE, mismatch: recordsMismatch, convert: fromRecords },
];

const NO_FACTS: FormatFacts = {};

/** Summary format → its facts: each entry's own, then the other formats it writes. */
const FACTS: ReadonlyMap<string, FormatFacts> = new Map(
  ADAPTERS.flatMap((a): [string, FormatFacts][] => [[a.name, a.facts ?? NO_FACTS], ...Object.entries(a.writes ?? {})]),
);

/**
 * What benchgate knows of summaries of `format` (`BenchmarkSummary.format`): the facts of its registry
 * entry, or none for a format no entry writes (a benchgate summary of another tool keeps that tool's name).
 */
export function formatFacts(format: string): FormatFacts {
  return FACTS.get(format) ?? NO_FACTS;
}

/** The parts of a summary that say what it records. */
export type RecordedBy = Pick<BenchmarkSummary, 'format' | 'metadata'>;

/**
 * Whether a summary records `measure` (else its 0s mean unknown): by its format (the entry's
 * `notRecorded`), then by its run (metadata `unrecorded`, adapters/recorded.ts).
 */
export function records(s: RecordedBy, measure: Measure): boolean {
  if (formatFacts(s.format).notRecorded?.includes(measure)) return false;
  return recordedByRun(s.metadata, measure);
}

/** Input format names accepted by `--input-format`; `auto` detects from the file's shape. */
export const INPUT_FORMATS = ['auto', ...ADAPTERS.map((a) => a.name)] as const;

function optionsOf(options: LoadOptions | string): LoadOptions {
  return typeof options === 'string' ? { format: options } : options;
}

/**
 * A format given by name (`--input-format`, the action's `format`, `input.format`) is read only when
 * the file has that format's shape (the same check detection makes): its reader takes the shape as
 * given, and on another shape it would fail in ways that say nothing useful (issue 42: exit 4). A file
 * of the format's shape with a wrong field still reaches the reader, which names the field.
 */
function forcedAdapter(source: Source, options: LoadOptions): Adapter {
  const adapter = ADAPTERS.find((a) => a.name === options.format);
  if (!adapter) throw new InputError(`unknown input format ${JSON.stringify(options.format)}; expected one of ${INPUT_FORMATS.join(', ')}`);
  if (source.kind === 'json') source.json(); // a JSON syntax error says it all, whatever the format
  const reason = adapter.mismatch(source, options);
  if (reason === null) return adapter;
  const like = ADAPTERS.find((a) => a !== adapter && !a.byNameOnly && a.mismatch(source, options) === null);
  const looks = like === undefined ? 'the file matches no format benchgate reads' : `the file looks like ${like.name} input (give that format, or auto)`;
  throw new InputError(
    `${source.file}: expected ${adapter.shape}, as the input format ${adapter.name} given says (--input-format, the action's \`format\` input or input.format in the configuration); here: ${reason}; ${looks}`,
  );
}

/** The adapter for `source`: the one the options name, or the first that matches. */
function adapterFor(source: Source, options: LoadOptions): Adapter {
  if (options.format !== 'auto') return forcedAdapter(source, options);
  // A JSON syntax error is the answer for a file that starts like JSON: no format could read it.
  if (source.kind === 'json' || source.kind === 'empty') source.json();
  const why: string[] = [];
  for (const adapter of ADAPTERS) {
    if (adapter.byNameOnly) continue;
    const reason = adapter.mismatch(source, options);
    if (reason === null) return adapter;
    why.push(`${adapter.name}: expected ${adapter.shape}; here: ${reason}`);
  }
  if (source.kind === 'directory')
    throw new InputError(
      `${source.file}: is a directory, expected a summary file or a run folder (a directory is read only as ${DIRECTORY_FORMATS}, and it holds none of them)`,
    );
  throw new UnknownFormat(
    `${source.file}: not a benchmark summary benchgate can read; to see why, force a format with --input-format NAME (the action's \`format\` input; 'benchgate compare --help' lists the names), or set BENCHGATE_DEBUG=1 for every format's reason`,
    why,
  );
}

/**
 * A model or prompt the adapter cannot choose by must not be ignored (a gate would then compare runs
 * the user did not ask for): a prompt is refused; a model must be the file's own run's model.
 */
function checkSelection(source: Source, adapter: Adapter, o: LoadOptions, head: Omit<BenchmarkSummary, 'cases'>): void {
  if (o.prompt !== undefined && adapter.selects !== 'model+prompt') {
    throw new InputError(
      `${source.file}: a prompt label (${JSON.stringify(o.prompt)}, ${chooserOf(o, 'prompt')}) chooses a column of a promptfoo output; this file is read as ${adapter.name}, which has none`,
    );
  }
  if (o.model === undefined || adapter.selects !== undefined) return;
  const own = head.run.model ?? (typeof head.metadata['model'] === 'string' ? head.metadata['model'] : null);
  if (own === o.model) return;
  throw new InputError(
    `${source.file}: holds one run${own === null ? ', which names no model' : ` of model ${JSON.stringify(own)}`}, read as ${adapter.name}; the model ${JSON.stringify(o.model)} (${[chooserOf(o, 'model'), configChooserOf(o)].filter((x) => x !== null).join(', ')}) chooses a run only in files holding several (promptfoo, multi-hop QA): remove it, or give the file of that model`,
  );
}

/** Converts a source; the options force a format and carry what some formats need. */
export function convertSource(source: Source, options: LoadOptions | string = 'auto'): BenchmarkSummary {
  const o = optionsOf(options);
  const adapter = adapterFor(source, o);
  const summary = adapter.convert(source, o);
  checkSelection(source, adapter, o, summary);
  return summary;
}

/** Converts parsed JSON `data` read from `file`. */
export function parseSummary(file: string, data: unknown, options: LoadOptions | string = 'auto'): BenchmarkSummary {
  return convertSource(dataSource(file, data), options);
}

/** Reads and converts a summary file. */
export function loadSummary(file: string, options: LoadOptions | string = 'auto'): BenchmarkSummary {
  return convertSource(fileSource(file), options);
}

/**
 * Every run a file holds, each as its own summary: the file's one run, or, for a file of several
 * runs with none chosen (promptfoo's providers, multi-hop QA's models), each of them; `several`
 * then says which (for a notice). For programs that rank runs rather than pick one (leaderboard).
 */
export function loadRuns(file: string, options: LoadOptions): { summaries: BenchmarkSummary[]; several: SeveralRuns | null } {
  try {
    return { summaries: [loadSummary(file, options)], several: null };
  } catch (err) {
    if (!(err instanceof SeveralRuns)) throw err;
    return { summaries: err.choices.map((c) => loadSummary(file, { ...options, model: c.model, prompt: c.prompt })), several: err };
  }
}

/** A source straight into the packed form the comparison reads (schema/pack.ts): same checks and errors. */
function packSource(source: Source, options: LoadOptions | string): PackedSummary {
  const o = optionsOf(options);
  const adapter = adapterFor(source, o);
  const packed = adapter.pack ? adapter.pack(source, o) : packSummary(adapter.convert(source, o), o.keep);
  checkSelection(source, adapter, o, packed.head);
  return packed;
}

/** {@link parseSummary} into the packed form, without building a case object per row. */
export function parsePackedSummary(file: string, data: unknown, options: LoadOptions | string = 'auto'): PackedSummary {
  return packSource(dataSource(file, data), options);
}

/**
 * Reads a summary file into the packed form. `content` is the file's bytes when another thread has
 * read them already.
 */
export function loadPackedSummary(file: string, options: LoadOptions | string = 'auto', content?: Uint8Array): PackedSummary {
  return packSource(fileSource(file, content), options);
}
