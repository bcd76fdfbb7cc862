/**
 * github-action-benchmark's custom JSON (the `customBiggerIsBetter` / `customSmallerIsBetter` tools):
 * an array of `{name, unit, value, range?, extra?}`, read as the action's own schema reads it
 * (src/extract.ts `BenchmarkResult`: `value` a number or numeric string; `range`, `extra` and `unit`
 * any scalar, kept as given). Each benchmark is a case that completed. The file does not say which
 * way is better: the format name does.
 *
 * The benchmarks of one file are in different units and magnitudes, so they are compared each by
 * its ratio to the baseline (analysis/custom-gates/benchmark-ratios.ts), never by a mean of values: the reward
 * is ln(value), negated when smaller is better. "Higher reward is better" holds both ways, reward
 * regressions list the benchmarks that got worse, and the mean reward delta is the log of the
 * geometric mean of the ratios. A ratio needs values above 0 (the action divides by them too).
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, numberField, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const GAB_SHAPE = 'github-action-benchmark custom JSON: an array of {"name", "unit", "value"} objects';

const SCALAR = new Set(['string', 'number', 'boolean']);

const isEntry = (x: unknown): boolean =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as { name?: unknown }).name === 'string' &&
  typeof (x as { unit?: unknown }).unit === 'string' &&
  'value' in x;

export function gabMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (!Array.isArray(data) || data.length === 0) return 'not a non-empty array';
  return data.every(isEntry) ? null : 'not every element has string "name" and "unit" and a "value"';
}

/** For auto-detection: the direction must be chosen, the file cannot say it. */
export function gabUndirected(source: Source): never {
  throw new InputError(
    `${source.file}: a github-action-benchmark file does not say whether bigger or smaller is better; give --input-format github-action-benchmark-bigger or github-action-benchmark-smaller (the action's format input, or input.format in the configuration)`,
  );
}

export function fromGab(source: Source, smallerIsBetter: boolean): BenchmarkSummary {
  const data = source.json();
  const p = new Problems(source.file);
  if (!Array.isArray(data)) throw new InputError(`${source.file}: expected ${GAB_SHAPE}`);
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  data.forEach((entry: unknown, i) => {
    const place = `$[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return p.add(place, null, 'an object {name, unit, value}', entry);
    const e = entry as Record<string, unknown>;
    if (typeof e['name'] !== 'string' || e['name'] === '') return p.add(place, 'name', 'a non-empty string', e['name']);
    for (const key of ['unit', 'range', 'extra'] as const)
      if (e[key] !== undefined && e[key] !== null && !SCALAR.has(typeof e[key])) return p.add(place, key, 'a string or a number', e[key]);
    const value = numberField(p, place, 'value', e['value'], { strings: true });
    if (value === undefined) return;
    if (!(value > 0))
      return p.add(
        place,
        'value',
        'a number above 0 (each benchmark is compared by its ratio to the baseline, as github-action-benchmark compares it)',
        e['value'],
      );
    const { name, ...rest } = e;
    cases.push(caseOf({ id: name as string, completed: true, reward: smallerIsBetter ? -Math.log(value) : Math.log(value), extra: { ...rest, value } }));
    ids.push({ id: name as string, place });
  });
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no benchmarks');
  p.check();
  return summaryOf({
    id: stemOf(source.file),
    format: smallerIsBetter ? 'github-action-benchmark-smaller' : 'github-action-benchmark-bigger',
    cases,
    extra: { direction: smallerIsBetter ? 'smaller is better (reward = -ln(value))' : 'bigger is better (reward = ln(value))' },
  });
}
