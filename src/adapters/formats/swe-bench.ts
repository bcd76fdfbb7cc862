/**
 * SWE-bench harness reports (SWE-bench/SWE-bench swebench/harness):
 * - the run report `make_run_report` writes (reporting.py, `<model>.<run_id>.json`): the id lists
 *   `submitted_ids`, `resolved_ids`, `unresolved_ids`, `empty_patch_ids`, `error_ids`,
 *   `incomplete_ids` (in the dataset, not submitted), `completed_ids`, and since #586
 *   `infra_failure_ids`, `ambiguous_failure_ids` and `failure_reasons`. Each submitted instance is a
 *   case (`submitted_ids`, else every listed id but the incomplete ones), completed when resolved.
 *   An instance in `error_ids` (the harness could not evaluate it) or `infra_failure_ids` (an
 *   environment fault) has the tool's own words as its error (`error_ids` / `infra_failure`, with
 *   its `failure_reasons` entry); an empty patch or an unresolved one is the model's miss, no error.
 * - the per-instance `report.json` `get_eval_report` writes (grading.py): `{<instance_id>:
 *   {patch_is_None, patch_exists, patch_successfully_applied, resolved, infra_failure,
 *   infra_failure_reason?, tests_status?}}`; several instances' objects merged into one file are
 *   read too. `infra_failure` with its reason is the case's error; `tests_status` is kept.
 * - the folder of per-instance reports the harness writes (`logs/run_evaluation/<run_id>/<model>/`):
 *   swe-bench-logs.ts.
 */
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, isObj, labelsOf, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { fromSweBenchFolder, SWE_BENCH_FOLDER_SHAPE, sweBenchFolderMismatch } from './swe-bench-logs.js';

export const SWE_BENCH_SHAPE = `a SWE-bench harness report: the run report (\`resolved_ids\`, \`unresolved_ids\`, \`error_ids\`, …), a per-instance report.json (\`{<instance_id>: {resolved, patch_exists, …}}\`), or ${SWE_BENCH_FOLDER_SHAPE}`;

const LISTS = ['submitted_ids', 'resolved_ids', 'unresolved_ids', 'empty_patch_ids', 'error_ids', 'completed_ids', 'incomplete_ids'] as const;

const isRunReport = (d: unknown): d is Obj =>
  isObj(d) && Array.isArray(d['resolved_ids']) && Array.isArray(d['unresolved_ids']) && Array.isArray(d['error_ids']);
const isInstance = (v: unknown): v is Obj => isObj(v) && typeof v['resolved'] === 'boolean' && 'patch_exists' in v;
const isInstanceReport = (d: unknown): d is Obj => isObj(d) && Object.keys(d).length > 0 && Object.values(d).every(isInstance);

export function sweBenchMismatch(source: Source): string | null {
  if (source.kind === 'directory') return sweBenchFolderMismatch(source);
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const d = source.json();
  return isRunReport(d) || isInstanceReport(d) ? null : 'no `resolved_ids`, `unresolved_ids` and `error_ids`, nor instances with `resolved` and `patch_exists`';
}

const ids = (p: Problems, d: Obj, key: string): string[] => {
  const v = d[key];
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) return (p.add('$', key, 'a list of instance ids', v), []);
  return v;
};

function fromRunReport(source: Source, d: Obj): BenchmarkSummary {
  const p = new Problems(source.file);
  const lists = Object.fromEntries(LISTS.map((k) => [k, new Set(ids(p, d, k))])) as Record<(typeof LISTS)[number], Set<string>>;
  const infra = new Set(ids(p, d, 'infra_failure_ids'));
  const ambiguous = new Set(ids(p, d, 'ambiguous_failure_ids'));
  const reasons = isObj(d['failure_reasons']) ? d['failure_reasons'] : {};
  p.check();
  const listed = [...lists.resolved_ids, ...lists.unresolved_ids, ...lists.empty_patch_ids, ...lists.error_ids];
  const submitted = lists.submitted_ids.size > 0 ? [...lists.submitted_ids] : [...new Set(listed)];
  const cases = submitted.sort().map((id): CaseResult => {
    const resolved = lists.resolved_ids.has(id);
    const reason = typeof reasons[id] === 'string' ? (reasons[id] as string) : null;
    const outcome = resolved
      ? 'resolved'
      : lists.error_ids.has(id)
        ? 'error'
        : lists.empty_patch_ids.has(id)
          ? 'empty_patch'
          : lists.unresolved_ids.has(id)
            ? 'unresolved'
            : 'not evaluated';
    // infra_failure_ids first: an instance the harness could not evaluate because of an environment
    // fault is in error_ids too (reporting.py, #586), and its words say whose failure it was.
    const error = infra.has(id)
      ? `infra_failure: ${reason ?? 'environment fault'}${outcome === 'error' ? ' (error_ids: the harness could not evaluate the instance)' : ''}`
      : outcome === 'error'
        ? `error_ids: the harness could not evaluate the instance${reason === null ? '' : ` (${reason})`}`
        : null;
    const extra: Record<string, unknown> = { outcome };
    if (reason !== null) extra['failure_reason'] = reason;
    if (ambiguous.has(id)) extra['ambiguous_failure'] = true;
    return caseOf({
      id,
      completed: resolved,
      reward: resolved ? 1 : 0,
      error,
      labels: labelsOf(id.split('__')[0] ?? null),
      extra,
    });
  });
  if (cases.length === 0) p.note('no submitted instances');
  p.check();
  const counts: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d)) if (k.endsWith('_instances') || k === 'schema_version') counts[k] = v;
  return summaryOf({
    id: stemOf(source.file),
    format: 'swe-bench',
    cases,
    run: { description: `SWE-bench run report: ${cases.length} submitted instance${cases.length === 1 ? '' : 's'}` },
    extra: { swe_bench: { ...counts, incomplete_ids: [...lists.incomplete_ids] } },
  });
}

function fromInstanceReport(source: Source, d: Obj): BenchmarkSummary {
  const cases = Object.entries(d).map(([id, v]) => {
    const r = v as Obj;
    const resolved = r['resolved'] === true;
    const reason = typeof r['infra_failure_reason'] === 'string' ? r['infra_failure_reason'] : null;
    const error = r['infra_failure'] === true ? `infra_failure: ${reason ?? 'environment fault'}` : null;
    return caseOf({ id, completed: resolved, reward: resolved ? 1 : 0, error, extra: { ...r } });
  });
  return summaryOf({ id: stemOf(source.file), format: 'swe-bench', cases, run: { description: 'SWE-bench per-instance evaluation report' } });
}

export function fromSweBench(source: Source): BenchmarkSummary {
  if (source.kind === 'directory') return fromSweBenchFolder(source);
  const d = source.json();
  if (isRunReport(d)) return fromRunReport(source, d);
  const p = new Problems(source.file);
  if (!isInstanceReport(d)) p.note(`expected ${SWE_BENCH_SHAPE}`);
  p.check();
  return fromInstanceReport(source, d as Obj);
}
