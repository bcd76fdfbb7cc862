/**
 * JUnit XML test reports (`<testsuites>` / `<testsuite>` / `<testcase>`), so any test suite can be a
 * benchmark. A test is identified by its place: the path of suites it sits in, its classname and its
 * name (runners repeat names across describe blocks, classes and suites). Passing is completion
 * (reward 1, else 0), `time` the duration. `<failure>` is a failed assertion (not completed, no
 * error); `<error>` is an error (not completed, the message as the case's error); `<skipped>` (also
 * pytest's xfail and Node's todo) is neither: not completed and no error, so a test skipped on both
 * sides changes nothing, and one that passed in the baseline and is skipped in the candidate is a
 * completion regression. Runner quirks, read as the runners write them (junit-rows.ts):
 * - `<testcase>` elements with the same place are distinct tests (mocha-junit-reporter writes one
 *   per same-title `it()`, jest-junit one per `test.each` row, TestNG one per data-provider
 *   invocation), numbered in document order: `name`, `name [2]`, … Only a runner's own retry
 *   convention makes rows one test: pytest's second row for a teardown error after a failed call
 *   (`failed on teardown with …`), and Go's (suites with the `go.version` property, junit-rows.ts
 *   `goSuiteMerge`): gotestsum's `--rerun-fails` writes each failed attempt before the final one,
 *   and the last row passing means it passed after retries (flaky); go-junit-report writes each run
 *   of `go test -count=N`, and any failed run fails the test. Otherwise the first failing row gives
 *   the outcome.
 * - An empty `name` (jest-junit for an empty test title, Surefire 3 for a `@BeforeAll` failure) is
 *   a test named `(empty name)`.
 * - Surefire `<flakyFailure>`/`<flakyError>`: passed after failed attempts (flaky);
 *   `<rerunFailure>`/`<rerunError>` next to `<failure>`/`<error>`: failed every rerun.
 * - A suite-level `<error>` in a suite with no `<testcase>` (Ant, Surefire: the class did not load)
 *   is one failed test of that suite named `<init>`, as Jenkins' JUnit plugin reads it.
 * - `<testcase>` directly under `<testsuites>` (Node's test runner), nested `<testsuite>`s.
 * The suites' `tests`/`failures`/`errors`/`skipped` attributes are each runner's own convention
 * (jest-junit leaves out todos, Node counts nested suites twice, gotestsum writes no `skipped`,
 * Surefire counts attempts): they are not read, the totals come from the rows, and a run is
 * incomplete only when tests are missing against the other side (finding missing-cases).
 */
import { InputError } from '../../errors.js';
import { type CaseFields, type PackedSummary, SummaryPacker } from '../../schema/pack.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { latencyStats } from '../../stats/latency.js';
import { caseOf, labelsOf, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { readXmlRoot, XmlError } from '../parsing/xml.js';
import { collectRows, type JunitTest, testOf } from './junit-rows.js';

export const JUNIT_SHAPE = 'a JUnit XML report: a <testsuites> or <testsuite> root with <testcase> elements';

/** `read()`, an XmlError turned into an InputError that names the file. */
function wellFormed<T>(source: Source, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof XmlError) throw new InputError(`${source.file}: not well-formed XML: ${err.message}`);
    throw err;
  }
}

export function junitMismatch(source: Source): string | null {
  if (source.kind !== 'xml') return `not XML (${source.kind})`;
  const root = wellFormed(source, () => readXmlRoot(source.text()));
  return root === 'testsuites' || root === 'testsuite' ? null : `the root element is <${root}>`;
}

/** The case id: suite path, classname (unless it repeats the suite or the name) and name, joined by " › ". */
function idOf(t: JunitTest): string {
  let id = '';
  for (const s of t.suites) if (s !== '') id += `${s} › `;
  if (t.classname !== '' && t.classname !== t.suites[t.suites.length - 1] && t.classname !== t.name) id += `${t.classname} › `;
  return id + (t.name === '' ? '(empty name)' : t.name) + (t.ordinal > 1 ? ` [${t.ordinal}]` : '');
}

function toCase(t: JunitTest, id: string, rows: number): CaseResult {
  const completed = t.outcome === 'passed';
  const extra: Record<string, unknown> = { outcome: t.outcome };
  if (t.suites.length > 0) extra['suite'] = t.suites.join(' › ');
  if (t.classname !== '') extra['classname'] = t.classname;
  if (t.outcome === 'failure') extra['failure'] = t.message ?? 'failure';
  if (t.outcome === 'skipped') extra['skipped'] = t.message ?? true;
  if (t.skipType !== null) extra['skip_type'] = t.skipType;
  if (t.flakyAttempts > 0) extra['flaky'] = `passed after ${t.flakyAttempts} failed attempt${t.flakyAttempts === 1 ? '' : 's'}`;
  if (t.reruns > 0) extra['reruns'] = t.reruns;
  if (rows > 1) extra['rows'] = rows;
  if (rows > 1 && t.go === 'runs') extra['runs'] = rows;
  if (t.ordinal > 1) extra['occurrence'] = t.ordinal;
  if (t.attributes['file'] !== undefined) extra['file'] = t.attributes['file'];
  if (t.attributes['line'] !== undefined) extra['line'] = t.attributes['line'];
  if (Object.keys(t.properties).length > 0) extra['properties'] = t.properties;
  return caseOf({
    id,
    completed,
    reward: completed ? 1 : 0,
    duration_seconds: t.seconds,
    error: t.outcome === 'error' ? (t.message ?? 'error') : null,
    labels: labelsOf(t.suites[t.suites.length - 1] || null),
    extra,
  });
}

/**
 * Reads the report and hands each test's case to `visit`, one at a time (so packing keeps no case
 * object); returns the summary with no cases, its totals those of the cases handed out.
 */
function readJunit(source: Source, visit: (c: CaseResult, total: number) => void): BenchmarkSummary {
  const p = new Problems(source.file);
  const { root, groups, unordered } = wellFormed(source, () => collectRows(p, source.text()));
  if (root.name !== 'testsuites' && root.name !== 'testsuite')
    throw new InputError(`${source.file}: expected ${JUNIT_SHAPE}; the root element is <${root.name}>`);
  p.check();
  const seen = new Map<string, number>();
  const durations: number[] = [];
  let completed = 0;
  for (const rows of groups) {
    const t = testOf(rows, unordered);
    // Distinct places that join to the same text (a " › " inside a name) stay distinct.
    const joined = idOf(t);
    const n = (seen.get(joined) ?? 0) + 1;
    seen.set(joined, n);
    const c = toCase(t, n === 1 ? joined : `${joined} #${n}`, rows.length);
    if (c.completed) completed++;
    if (c.duration_seconds !== null) durations.push(c.duration_seconds);
    visit(c, groups.length);
  }
  const time = Number(root.time);
  const duration = root.time !== undefined && root.time.trim() !== '' && Number.isFinite(time) && time >= 0 ? time : null;
  const head = summaryOf({ id: root.id?.trim() || stemOf(source.file), format: 'junit', cases: [], run: { duration_seconds: duration } });
  const total = groups.length;
  // As summaryOf computes them from the cases: reward is 1 per passed test, no steps, no usage.
  head.reported = {
    ...head.reported,
    total_cases: total,
    attempted_cases: total,
    completed_cases: completed,
    avg_reward: total ? completed / total : 0,
    latency_seconds: latencyStats(durations),
  };
  return head;
}

export function fromJunit(source: Source): BenchmarkSummary {
  const cases: CaseResult[] = [];
  const summary = readJunit(source, (c) => cases.push(c));
  summary.cases = cases;
  return summary;
}

function headOf({ cases, ...head }: BenchmarkSummary): Omit<BenchmarkSummary, 'cases'> {
  void cases;
  return head;
}

/** {@link fromJunit} straight into the packed form: the same checks, no array of case objects. */
export function packJunit(source: Source, keep?: CaseFields): PackedSummary {
  let packer: SummaryPacker | null = null;
  const head = readJunit(source, (c, total) => (packer ??= new SummaryPacker(total, keep)).add(c));
  return (packer ?? new SummaryPacker(0, keep)).finish(headOf(head));
}
