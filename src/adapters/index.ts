/**
 * The adapter registry: picks the format of a parsed file from its shape (or takes it as given) and
 * converts it to the canonical summary. One adapter per file; add new formats to {@link ADAPTERS}.
 */
import { InputError } from '../errors.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { BENCHGATE_SHAPE, fromBenchgate, isBenchgateSummary } from './benchgate.js';
import { readJsonFile } from './read-json.js';
import { fromRlmCode, isRlmCodeSummary, RLM_CODE_SHAPE } from './rlm-code.js';

export interface Adapter {
  /** The `--format` name. */
  name: string;
  /** What a matching file looks like, for detection errors. */
  shape: string;
  detect(data: unknown): boolean;
  convert(file: string, data: unknown): BenchmarkSummary;
}

/** Tried in order by auto-detection: the first whose `detect` matches wins. */
export const ADAPTERS: readonly Adapter[] = [
  { name: 'benchgate', shape: BENCHGATE_SHAPE, detect: isBenchgateSummary, convert: fromBenchgate },
  { name: 'rlm-code', shape: RLM_CODE_SHAPE, detect: isRlmCodeSummary, convert: fromRlmCode },
];

/** Input format names accepted by `--input-format`; `auto` detects from the file's shape. */
export const INPUT_FORMATS = ['auto', ...ADAPTERS.map((a) => a.name)] as const;

/** Converts parsed JSON `data` read from `file`; `format` forces an adapter. */
export function parseSummary(file: string, data: unknown, format = 'auto'): BenchmarkSummary {
  if (format !== 'auto') {
    const adapter = ADAPTERS.find((a) => a.name === format);
    if (!adapter) throw new InputError(`unknown input format ${JSON.stringify(format)}; expected one of ${INPUT_FORMATS.join(', ')}`);
    return adapter.convert(file, data);
  }
  const adapter = ADAPTERS.find((a) => a.detect(data));
  if (adapter) return adapter.convert(file, data);
  const tried = ADAPTERS.map((a) => `  - ${a.name}: expected ${a.shape}`).join('\n');
  throw new InputError(`${file}: not a benchmark summary benchgate can read. Formats tried:\n${tried}`);
}

/** Reads, parses and converts a summary file. */
export function loadSummary(file: string, format = 'auto'): BenchmarkSummary {
  return parseSummary(file, readJsonFile(file), format);
}
