/**
 * CTRF, the common JSON test report (ctrf-io/ctrf schema/ctrf.schema.json): `results.tool.name`,
 * `results.summary` (the tool's counts), `results.tests[]` with `name`, `status` (`passed`,
 * `failed`, `skipped`, `pending`, `other`) and `duration` in milliseconds, and optionally `testId`
 * (a stable id of the logical test), `suite` (the suite path: an array, or in older reports one
 * string), `filePath`, `message`, `trace`, `flaky`, `retries`, `retryAttempts`. Read as a test report,
 * as the JUnit adapter reads one: a test is identified by its `testId`, else by its place (file,
 * suite, name), numbered when a place repeats (`name [2]`); passed is completion (reward 1);
 * `failed` is a failed test, its message kept; `skipped`, `pending` and `other` are neither passed
 * nor an error. `status` is the final outcome after retries (`flaky` says it passed after failed
 * attempts), so retries are not cases of their own. The summary's counts are not read.
 */
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, isObj, labelsOf, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';

export const CTRF_SHAPE = 'a CTRF JSON test report: `results` with `tool.name` and `tests[]` of `name`, `status` and `duration`';

const STATUSES = new Set(['passed', 'failed', 'skipped', 'pending', 'other']);

export function ctrfMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const d = source.json();
  const r = isObj(d) ? d['results'] : undefined;
  return isObj(r) && isObj(r['tool']) && typeof r['tool']['name'] === 'string' && Array.isArray(r['tests'])
    ? null
    : 'no `results` with `tool.name` and `tests[]`';
}

/** The suite path, outermost first: the schema's array, or an older report's one string. */
function suiteOf(t: Obj): string[] {
  const s = t['suite'];
  if (Array.isArray(s)) return s.filter((x): x is string => typeof x === 'string' && x !== '');
  return typeof s === 'string' && s !== '' ? [s] : [];
}

function caseOfTest(p: Problems, t: unknown, i: number): { place: string; make: (id: string) => CaseResult } | null {
  const at = `$.results.tests[${i}]`;
  if (!isObj(t)) return (p.add(at, null, 'a test object', t), null);
  const { name, status, duration, message, trace, suite, testId, filePath, ...rest } = t;
  if (typeof name !== 'string') return (p.add(at, 'name', 'the test name, a string', name), null);
  if (typeof status !== 'string' || !STATUSES.has(status)) return (p.add(at, 'status', `one of ${[...STATUSES].join(', ')}`, status), null);
  const ms = typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : null;
  const suites = suiteOf(t);
  const place =
    typeof testId === 'string' && testId !== ''
      ? testId
      : [...(typeof filePath === 'string' && filePath !== '' ? [filePath] : []), ...suites, name || '(empty name)'].join(' › ');
  const extra: Record<string, unknown> = { outcome: status, ...rest };
  if (suite !== undefined) extra['suite'] = suite;
  if (filePath !== undefined) extra['filePath'] = filePath;
  if (testId !== undefined) extra['testId'] = testId;
  if (status === 'failed') extra['failure'] = typeof message === 'string' && message !== '' ? message : 'failed';
  if (typeof trace === 'string') extra['trace'] = trace;
  const make = (id: string): CaseResult =>
    caseOf({
      id,
      completed: status === 'passed',
      reward: status === 'passed' ? 1 : 0,
      duration_seconds: ms === null ? null : ms / 1000,
      labels: labelsOf(suites[suites.length - 1] ?? null),
      extra,
    });
  return { place, make };
}

export function fromCtrf(source: Source): BenchmarkSummary {
  const p = new Problems(source.file);
  const d = source.json() as Obj;
  const results = d['results'] as Obj;
  const tests = (results['tests'] as unknown[]).flatMap((t, i) => caseOfTest(p, t, i) ?? []);
  p.check();
  // A repeated place is another test (as in JUnit): numbered in the order written.
  const seen = new Map<string, number>();
  const cases = tests.map(({ place, make }) => {
    const n = (seen.get(place) ?? 0) + 1;
    seen.set(place, n);
    return make(n === 1 ? place : `${place} [${n}]`);
  });
  const tool = (results['tool'] as Obj)['name'] as string;
  const summary = isObj(results['summary']) ? results['summary'] : {};
  const start = typeof summary['start'] === 'number' ? summary['start'] : null;
  const stop = typeof summary['stop'] === 'number' ? summary['stop'] : null;
  return summaryOf({
    id: typeof d['reportId'] === 'string' && d['reportId'] !== '' ? d['reportId'] : stemOf(source.file),
    format: 'ctrf',
    cases,
    run: {
      description: `CTRF report of ${tool}`,
      duration_seconds: start !== null && stop !== null && stop >= start ? (stop - start) / 1000 : null,
    },
    metadata: { 'ctrf.tool': tool },
    extra: { ctrf_summary: summary },
  });
}
