/**
 * github-action-benchmark's custom JSON (the `customBiggerIsBetter` / `customSmallerIsBetter` tools):
 * an array of `{name, unit, value, range?, extra?}`, so classic performance benchmarks use the same
 * gate. Each benchmark is a case that completed; its value is the reward, negated when smaller is
 * better, so "higher reward is better" holds for both and reward regressions list the benchmarks
 * that got worse. The file does not say which way is better: the format name does.
 */
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import { caseOf, checkUniqueIds, numberField, Problems, stemOf, summaryOf } from './records-common.js';
import type { Source } from './source.js';

export const GAB_SHAPE = 'github-action-benchmark custom JSON: an array of {"name", "unit", "value"} objects';

const isEntry = (x: unknown): boolean => typeof x === 'object' && x !== null && typeof (x as { name?: unknown }).name === 'string' && typeof (x as { unit?: unknown }).unit === 'string' && 'value' in x;

export function gabMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (!Array.isArray(data) || data.length === 0) return 'not a non-empty array';
  return data.every(isEntry) ? null : 'not every element has string "name" and "unit" and a "value"';
}

/** For auto-detection: the direction must be chosen, the file cannot say it. */
export function gabUndirected(source: Source): never {
  throw new InputError(`${source.file}: a github-action-benchmark file does not say whether bigger or smaller is better; give --input-format github-action-benchmark-bigger or github-action-benchmark-smaller (the action's format input, or input.format in the configuration)`);
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
    if (typeof e['unit'] !== 'string') return p.add(place, 'unit', 'a string', e['unit']);
    const value = numberField(p, place, 'value', e['value']);
    if (value === undefined) return;
    for (const key of ['range', 'extra'] as const) if (e[key] !== undefined && typeof e[key] !== 'string') return p.add(place, key, 'a string', e[key]);
    const { name, ...rest } = e;
    cases.push(caseOf({ id: name as string, completed: true, reward: smallerIsBetter ? -value : value, extra: rest }));
    ids.push({ id: name as string, place });
  });
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no benchmarks');
  p.check();
  return summaryOf({ id: stemOf(source.file), format: smallerIsBetter ? 'github-action-benchmark-smaller' : 'github-action-benchmark-bigger', cases, extra: { direction: smallerIsBetter ? 'smaller is better (reward = -value)' : 'bigger is better (reward = value)' } });
}
