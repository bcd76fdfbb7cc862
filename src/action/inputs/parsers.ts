/**
 * The parsers of single input values, shared by the modes (each mode's module checks how inputs go
 * together). Each takes the value (the declared default when the input is empty) and the input's
 * name, and throws a UsageError that names the input, what it got and what it expects.
 */
import { isAbsolute, normalize } from 'node:path';

import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

import { MAX_TRIALS as MAX_SEQUENTIAL_ROUNDS } from '../../analysis/significance/sequential.js';
import { UsageError } from '../../errors.js';
import * as value from '../../policy/values.js';
import type { Mode } from './spec.js';

export function invalid(name: string, raw: string, expected: string): UsageError {
  return new UsageError(`input "${name}": expected ${expected}, got ${JSON.stringify(raw)}`);
}

/** An input a mode cannot go without, left empty; `what` says what to give. */
export function missing(name: string, mode: Mode, what: string): UsageError {
  return new UsageError(`input "${name}": required with mode: ${mode}; ${what}`);
}

export function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw invalid(name, raw, `one of ${allowed.join(', ')}`);
}

/** A parser of one of `allowed`. */
export const choice =
  <T extends string>(allowed: readonly T[]) =>
  (raw: string, name: string): T =>
    oneOf(name, raw, allowed);

/** `raw` read by a shared value parser (policy/values.ts), its problem worded as this input's. */
export function parsedInput<T>(name: string, raw: string, parse: (raw: string) => T): T {
  try {
    return parse(raw);
  } catch (err) {
    if (err instanceof value.ValueProblem) throw invalid(name, raw, err.expected);
    throw err;
  }
}

/** The YAML 1.2 core schema's booleans, as GitHub's core.getBooleanInput takes them. */
export function boolean(raw: string, name: string): boolean {
  return parsedInput(name, raw, value.boolean);
}

/** Empty: the repository's setting. */
export function retentionDays(raw: string, name: string): number | undefined {
  if (raw === '') return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 400) throw invalid(name, raw, 'a whole number of days from 1 to 400, or empty for the repository setting');
  return n;
}

/** Most trials of mode run. */
export const MAX_TRIALS = 100;

/** Most shards of one suite (a job matrix has at most 256 jobs). */
export const MAX_SHARDS = 256;

/** One part of a suite split across a job matrix: 1-based index, of total. */
export interface Shard {
  index: number;
  total: number;
}

export function shard(raw: string, name: string): Shard | null {
  if (raw === '') return null;
  const m = /^(\d{1,3})\s*(?:\/|of)\s*(\d{1,3})$/.exec(raw);
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || index < 1 || total < 1 || index > total || total > MAX_SHARDS)
    throw invalid(name, raw, `INDEX/TOTAL with 1 <= INDEX <= TOTAL <= ${MAX_SHARDS}, such as \${{ matrix.shard }}/4`);
  return { index, total };
}

export function trials(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_TRIALS) throw invalid(name, raw, `a whole number of runs from 1 to ${MAX_TRIALS}`);
  return Number(raw);
}

/** `main-rounds` (design main): the most rounds of the candidate, 1 to the sequential design's most; `round` (mode run): which of them this job runs. */
export function rounds(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_SEQUENTIAL_ROUNDS)
    throw invalid(name, raw, `a whole number of rounds of the candidate from 1 to ${MAX_SEQUENTIAL_ROUNDS}`);
  return Number(raw);
}

/** `max-trials` (mode ab): the most rounds, 2 to the sequential design's most. */
export function maxTrials(raw: string, name: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 2 || Number(raw) > MAX_SEQUENTIAL_ROUNDS)
    throw invalid(name, raw, `a whole number of rounds (trials per side) from 2 to ${MAX_SEQUENTIAL_ROUNDS}`);
  return Number(raw);
}

export function timeoutMinutes(raw: string, name: string): number {
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(n > 0) || n > 4320) throw invalid(name, raw, 'a number of minutes above 0 and at most 4320 (72 hours)');
  return n;
}

/** Artifact-name-safe, short enough to read in the artifact list. */
const SUITE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function suite(raw: string, name: string): string {
  if (!SUITE_NAME.test(raw)) throw invalid(name, raw, 'a name of letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)');
  return raw;
}

const FINGERPRINT_KEY = /^[a-z][a-z0-9_]{0,63}$/;
const FingerprintValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** `fingerprint`: a YAML mapping of plain keys to scalars, e.g. `model: gpt-4.1` and `seed: 7` on two lines. */
export function parseFingerprint(raw: string): Record<string, string | number | boolean | null> {
  if (raw.trim() === '') return {};
  let data: unknown;
  try {
    data = parseYaml(raw);
  } catch (err) {
    throw new UsageError(
      `input "fingerprint": not valid YAML (${(err as Error).message.split('\n')[0]}); expected a mapping such as "model: gpt-4.1" with one key per line`,
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new UsageError('input "fingerprint": expected a YAML mapping such as "model: gpt-4.1" with one key per line');
  }
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!FINGERPRINT_KEY.test(key))
      throw new UsageError(`input "fingerprint": key ${JSON.stringify(key)} must be lower case letters, digits and _, starting with a letter (at most 64)`);
    const parsed = FingerprintValue.safeParse(value);
    if (!parsed.success || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new UsageError(`input "fingerprint": ${key} must be a string, a finite number, true, false or null, got ${JSON.stringify(value) ?? typeof value}`);
    }
    out[key] = parsed.data;
  }
  return out;
}

const NeedsContext = z.record(z.string(), z.object({ result: z.string() }).loose());

/** `needs`: the gate job's needs context as `${{ toJSON(needs) }}` renders it. */
export function parseNeeds(raw: string): Map<string, string> | null {
  if (raw.trim() === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new UsageError('input "needs": expected the JSON of the needs context; pass needs: ${{ toJSON(needs) }}');
  }
  const parsed = NeedsContext.safeParse(data);
  if (!parsed.success) throw new UsageError('input "needs": expected an object of jobs, each with a "result"; pass needs: ${{ toJSON(needs) }}');
  return new Map(Object.entries(parsed.data).map(([job, v]) => [job, v.result]));
}

/** Most earlier runs the trend shows. */
export const MAX_TREND_RUNS = 30;

export function trendRuns(raw: string, name: string): number {
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > MAX_TREND_RUNS) throw invalid(name, raw, `a number of earlier runs from 0 (no trend) to ${MAX_TREND_RUNS}`);
  return Number(raw);
}

export function commentGroup(raw: string, name: string): string {
  if (raw === '' || /^[A-Za-z0-9._-]{1,100}$/.test(raw)) return raw;
  throw invalid(name, raw, 'a name of letters, digits, ".", "_" or "-" (at most 100), the same in every suite job that shares the comment');
}

/** A branch name git and GitHub accept: no "..", no leading "-" or "/", no trailing "/" or ".lock". */
export function historyBranch(raw: string, name: string): string {
  if (raw === '' || (/^[A-Za-z0-9_][A-Za-z0-9._/-]{0,99}$/.test(raw) && !/\.\.|\/\/|\/$|\.lock$|\/\./.test(raw))) return raw;
  throw invalid(name, raw, 'a branch name of letters, digits, ".", "_", "-" and "/" (at most 100), such as benchgate-history; benchgate creates it');
}

/** Empty: the default name `benchgate (<suite>)`, which the mode works out; `off`: no check run. */
export function checkName(raw: string, name: string): string {
  if (raw.length > 100) throw invalid(name, raw, 'a name of at most 100 characters, or "off"');
  return raw;
}

/** A side's working tree (mode ab): a relative path inside the workspace (actions/checkout's `path:`). */
export function sideDirectory(raw: string, name: string): string {
  if (raw === '')
    throw missing(name, 'ab', `give the directory the ${name.split('-')[0]} commit is checked out in (actions/checkout with path:), relative to the workspace`);
  if (isAbsolute(raw) || normalize(raw).split(/[\\/]/).includes('..'))
    throw invalid(name, raw, "a directory inside the workspace, such as base or head (actions/checkout's path:)");
  return raw;
}

/**
 * A workflow file of this repository, as GitHub names a run's workflow (`path` of a workflow run:
 * `.github/workflows/<file>.yml` or `.yaml`; workflows live in that directory only, GitHub's
 * "Workflow syntax": "Workflow files use YAML syntax, and must have either a .yml or .yaml file
 * extension ... stored in the .github/workflows directory").
 */
export function workflowPath(raw: string, name: string): string {
  if (!/^\.github\/workflows\/[\w.-]+\.ya?ml$/.test(raw) || raw.includes('..'))
    throw invalid(name, raw, 'a workflow file such as .github/workflows/benchgate.yml');
  return raw;
}
