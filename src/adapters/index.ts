/**
 * The adapter registry: picks the format of a parsed file from its shape (or takes it as given) and
 * converts it to the canonical summary. One adapter per file; add new formats to {@link ADAPTERS}.
 */
import { InputError } from '../errors.js';
import { packSummary, type PackedSummary } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { BENCHGATE_SHAPE, fromBenchgate, isBenchgateSummary } from './benchgate.js';
import { readJsonFile } from './read-json.js';
import { fromRlmCode, isRlmCodeSummary, packRlmCode, RLM_CODE_SHAPE } from './rlm-code.js';

export interface Adapter {
  /** The `--format` name. */
  name: string;
  /** What a matching file looks like, for detection errors. */
  shape: string;
  detect(data: unknown): boolean;
  convert(file: string, data: unknown): BenchmarkSummary;
  /** Straight to the packed form, with the same checks as `convert`; absent: `convert`, then pack. */
  pack?(file: string, data: unknown): PackedSummary;
}

/** Tried in order by auto-detection: the first whose `detect` matches wins. */
export const ADAPTERS: readonly Adapter[] = [
  { name: 'benchgate', shape: BENCHGATE_SHAPE, detect: isBenchgateSummary, convert: fromBenchgate },
  { name: 'rlm-code', shape: RLM_CODE_SHAPE, detect: isRlmCodeSummary, convert: fromRlmCode, pack: packRlmCode },
];

/** Input format names accepted by `--input-format`; `auto` detects from the file's shape. */
export const INPUT_FORMATS = ['auto', ...ADAPTERS.map((a) => a.name)] as const;

/** The adapter for `data`: the one `format` names, or the first that detects it. */
function adapterFor(file: string, data: unknown, format: string): Adapter {
  if (format !== 'auto') {
    const adapter = ADAPTERS.find((a) => a.name === format);
    if (!adapter) throw new InputError(`unknown input format ${JSON.stringify(format)}; expected one of ${INPUT_FORMATS.join(', ')}`);
    return adapter;
  }
  const adapter = ADAPTERS.find((a) => a.detect(data));
  if (adapter) return adapter;
  const tried = ADAPTERS.map((a) => `  - ${a.name}: expected ${a.shape}`).join('\n');
  throw new InputError(`${file}: not a benchmark summary benchgate can read. Formats tried:\n${tried}`);
}

/** Converts parsed JSON `data` read from `file`; `format` forces an adapter. */
export function parseSummary(file: string, data: unknown, format = 'auto'): BenchmarkSummary {
  return adapterFor(file, data, format).convert(file, data);
}

/** Reads, parses and converts a summary file. */
export function loadSummary(file: string, format = 'auto'): BenchmarkSummary {
  return parseSummary(file, readJsonFile(file), format);
}

/**
 * Converts parsed JSON `data` into the packed form the comparison reads (see schema/pack.ts), with
 * exactly the checks and errors of {@link parseSummary}, but without building a case object per row.
 */
export function parsePackedSummary(file: string, data: unknown, format = 'auto'): PackedSummary {
  const adapter = adapterFor(file, data, format);
  return adapter.pack ? adapter.pack(file, data) : packSummary(adapter.convert(file, data));
}

/**
 * Reads a summary file into the packed form (see {@link parsePackedSummary}). `content` is the
 * file's bytes when another thread has read them already.
 */
export function loadPackedSummary(file: string, format = 'auto', content?: Uint8Array): PackedSummary {
  return parsePackedSummary(file, readJsonFile(file, content), format);
}
