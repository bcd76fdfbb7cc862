/**
 * The rows of a JUnit report (one per `<testcase>`, plus a suite-level error in a suite with no test
 * case), read from the XML events in one pass, keeping only what a row needs (no tree, no captured
 * output), grouped by their place; and one test made from each group. See junit.ts for the rules.
 */
import { numberField, type Problems } from '../parsing/records-common.js';
import { readXml } from '../parsing/xml.js';

export type JunitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

/** One `<testcase>` as written. */
export interface JunitRow {
  /** Names of the enclosing `<testsuite>`s, outermost first ("" for an unnamed one). */
  suites: readonly string[];
  classname: string;
  name: string;
  outcome: JunitOutcome;
  /** The failure's, error's or skip's message (its attribute, else the first line of its text). */
  message: string | null;
  skipType: string | null;
  seconds: number | null;
  /** Surefire's `<flakyFailure>`/`<flakyError>`: failed attempts before the pass. */
  flakyAttempts: number;
  /** Surefire's `<rerunFailure>`/`<rerunError>`: failed reruns after the first failure. */
  reruns: number;
  /** `file` and `line` when the runner writes them (pytest xunit1, jest-junit). */
  attributes: Readonly<Record<string, string>>;
  /** `<properties>` of the test case, numbers read as numbers. */
  properties: Readonly<Record<string, string | number>>;
  /**
   * Which test of its place this is, from 1, in document order: runners that write one row per
   * invocation (mocha-junit-reporter's same-title `it()`s, jest-junit's `test.each` rows, TestNG's
   * data-provider invocations as its JUnitXMLReporter writes them, in the order run) repeat a place
   * for distinct tests. TestNG's JUnitReportReporter writes them in no order: one test there.
   */
  ordinal: number;
  /**
   * How the rows of this row's place in a Go suite (one with the `go.version` property) are one
   * test: `reruns` for gotestsum's `--rerun-fails`, `runs` for the runs of `go test -count=N`
   * (see {@link goSuiteMerge}); null outside a Go suite.
   */
  go: 'reruns' | 'runs' | null;
}

/** One test: the rows of one place merged (a single row is its own test). */
export type JunitTest = JunitRow;

const MAX_MESSAGE = 2000;

/** A time attribute: seconds; "" is unknown; thousands separators (old Surefire: "1,234.5") dropped. */
function secondsOf(p: Problems, place: string, raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const fast = Number(raw);
  if (fast >= 0 && raw !== '' && Number.isFinite(fast)) return fast;
  if (raw.trim() === '') return null;
  const clean = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(raw.trim()) ? raw.trim().replaceAll(',', '') : raw;
  return numberField(p, place, 'time', clean, { min: 0, strings: true }) ?? null;
}

/** A result element's message so far: its attribute, else its text (kept short), else its type. */
interface Outcome {
  kind: JunitOutcome;
  attribute: string | undefined;
  type: string | undefined;
  text: string;
}

function messageOf(o: Outcome): string | null {
  const m = o.attribute?.trim() || o.text.trim().split('\n')[0]?.trim() || o.type?.trim() || '';
  return m === '' ? null : m.slice(0, MAX_MESSAGE);
}

interface OpenCase {
  row: JunitRow;
  result: Outcome | null;
  /** The child element whose text is being kept (the result's, or a property's). */
  capturing: Outcome | null;
  property: { key: string; text: string } | null;
}

interface OpenSuite {
  path: readonly string[];
  depth: number;
  hasTestcase: boolean;
  error: Outcome | null;
  /** The suite's own attributes are gotestsum's (see {@link goSuiteMerge}). */
  gotestsumAttributes: boolean;
  /** A Go suite's rows (it has the `go.version` property), held until it closes: null elsewhere. */
  goRows: JunitRow[] | null;
}

/**
 * How a Go suite's repeated places are one test. Both Go writers put the `go.version` property on
 * every suite, a package's tests as its rows, and never write a Go test name twice in a package
 * but for another run of the same test:
 * - gotestsum (gotestyourself/gotestsum internal/junitxml/report.go @ 3cf14356a16c7931cfeacd7dfee585527618df3d,
 *   `packageTestCases`): a package's failed rows, then its skipped, then its passed, every attempt
 *   of `--rerun-fails` included, so a test passed after retries has its passing row last and no row
 *   of the suite comes after a passing one but a passing one. Its `<testsuite>` always has a
 *   `timestamp` (since v1.7.0, commit 31cc95b) and never an `id` or an `errors` attribute
 *   (`JUnitTestSuite` has no such field), and it writes no `<error>` element.
 * - go-junit-report (jstemmer/go-junit-report): one row per run, in the order the runs ended, so
 *   `go test -count=3` writes a test's three runs as three rows. v1 (formatter/formatter.go @ v1.0.0,
 *   439469aa040e41092b63b29cd370693da10db45f) always writes `go.version` (the runtime's version)
 *   and no `timestamp`; v2 (junit/junit.go @ v2.1.0, 460a2d67ceb019d5e4c86ed30ba6c8894ac094c8)
 *   writes it with `-p go.version=…` (main.go) and always writes `id` and `errors`.
 * A suite is read as gotestsum's only when its attributes and the order of its rows are gotestsum's,
 * and not every one of its tests (two or more) ran the same number of times, more than once (that is
 * `go test -count=N`, which runs every test N times, `go help testflag`; `--rerun-fails` reruns only
 * the failed ones, cmd/rerunfails.go `rerunFailed`):
 * its repeated rows are attempts, the last passing one a pass after retries. Any other Go suite's
 * repeated rows are runs of one test, which fails when any run failed: a run that failed is never
 * hidden by the runs that passed.
 */
function goSuiteMerge(suite: OpenSuite, rows: readonly JunitRow[]): 'reruns' | 'runs' {
  if (!suite.gotestsumAttributes) return 'runs';
  const RANK: Readonly<Record<JunitOutcome, number>> = { failure: 0, error: -1, skipped: 1, passed: 2 };
  let rank = 0;
  const counts = new Map<string, number>();
  for (const r of rows) {
    if (r.outcome === 'error' || RANK[r.outcome] < rank) return 'runs';
    rank = RANK[r.outcome];
    const key = `${r.classname}\u0000${r.name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Every test of two or more repeated alike: -count=N. (One test alone cannot tell the two apart;
  // its attempts are read as gotestsum's, as the suite's attributes and order say.)
  const n = new Set(counts.values());
  return counts.size > 1 && n.size === 1 && !n.has(1) ? 'runs' : 'reruns';
}

/** Shared by the rows that have none (most): replaced, never written to. */
const NONE: Readonly<Record<string, never>> = Object.freeze({});
const NO_SUITES: readonly string[] = Object.freeze([]);

const RESULT: Readonly<Record<string, JunitOutcome>> = { failure: 'failure', error: 'error', skipped: 'skipped' };

function propertyValue(raw: string): string | number {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

/**
 * pytest's row for a teardown error after a failed call: junitxml.py's `append_error` writes
 * `failed on teardown with "<reason>"` (before pytest 5.4: `test teardown failure`) in a second
 * `<testcase>` of the same place.
 */
function isTeardownRow(row: JunitRow): boolean {
  return row.outcome === 'error' && row.message !== null && (row.message.startsWith('failed on teardown with') || row.message === 'test teardown failure');
}

function samePlace(a: JunitRow, b: JunitRow): boolean {
  if (a.classname !== b.classname || a.suites.length !== b.suites.length) return false;
  return a.suites === b.suites || a.suites.every((s, i) => s === b.suites[i]);
}

/** The root element's name and the attributes the summary reads. */
export interface JunitRoot {
  name: string;
  id: string | undefined;
  time: string | undefined;
}

/**
 * A report of TestNG's JUnitReportReporter, by the comment it writes before the suite
 * (testng-team/testng @ 5737e185a29ce200ae341bf4ea9099822c26636a,
 * testng-core/src/main/java/org/testng/reporters/JUnitReportReporter.java: `xsb.addComment("Generated
 * by " + getClass().getName())`). It writes every ITestResult of a class, a method's several results
 * (its data-provider invocations, and each attempt its retry analyzer retried, which TestInvoker
 * marks SKIP with `setWasRetried(true)`) as rows of the same classname and method name, in no order:
 * the results are gathered in a HashSet (`addResults`; TestResult has no hashCode of its own) and
 * sorted by priority only. The method is the only identity the file gives.
 */
const TESTNG_REPORT = /^\s*(?:<\?xml[^>]*\?>\s*)?<!--\s*Generated by org\.testng\.reporters\.JUnitReportReporter\s*-->/;

/**
 * Every test of the report, in document order, each the rows it was written as. A row is a test of
 * its own (numbered by {@link JunitRow.ordinal} when its place repeats), except where the runner's
 * own convention writes one test as several rows: gotestsum's reruns, pytest's teardown row, and
 * TestNG's JUnitReportReporter, whose rows of one method are that method's results in no order
 * (`unordered`, {@link TESTNG_REPORT}).
 */
export function collectRows(p: Problems, text: string): { root: JunitRoot; groups: JunitRow[][]; unordered: boolean } {
  const root: JunitRoot = { name: '', id: undefined, time: undefined };
  const unordered = TESTNG_REPORT.test(text.slice(0, 512));
  // Grouped by name first (names are the file's own strings: no key to build), then by place.
  const byName = new Map<string, JunitRow[][]>();
  const groups: JunitRow[][] = [];
  const add = (row: JunitRow): void => {
    const bucket = byName.get(row.name);
    let same = 0;
    let last: JunitRow[] | undefined;
    for (const g of bucket ?? []) {
      if (!samePlace(g[0] as JunitRow, row)) continue;
      same++;
      last = g;
    }
    if (last !== undefined && (row.go !== null || unordered || isTeardownRow(row))) return void last.push(row);
    row.ordinal = same + 1;
    const created = [row];
    groups.push(created);
    if (bucket) bucket.push(created);
    else byName.set(row.name, [created]);
  };
  const suites: OpenSuite[] = [];
  let open: OpenCase | null = null;
  let caseDepth = -1;
  let suiteError: Outcome | null = null;
  readXml(text, {
    open(name, a, line, depth) {
      if (depth === 0) Object.assign(root, { name, id: a['name'], time: a['time'] });
      const suite = suites[suites.length - 1];
      if (open !== null) return openInCase(open, name, a, depth - caseDepth);
      if (name === 'testsuite') {
        suites.push({
          path: [...(suite?.path ?? []), a['name']?.trim() ?? ''],
          depth,
          hasTestcase: false,
          error: null,
          gotestsumAttributes: a['timestamp'] !== undefined && a['id'] === undefined && a['errors'] === undefined,
          goRows: null,
        });
      } else if (name === 'property' && suite !== undefined && a['name'] === 'go.version' && !suite.hasTestcase) {
        suite.goRows ??= [];
      } else if (name === 'testcase') {
        if (suite) suite.hasTestcase = true;
        const place = `line ${line}: <testcase>`;
        // An empty name is a test all the same (jest-junit writes `name=""` for a test with an
        // empty title, Surefire 3 for a JUnit 5 `@BeforeAll` failure); only a missing one is refused.
        const caseName = a['name']?.trim();
        if (caseName === undefined) p.add(place, 'name', 'a test name (the `name` attribute)', a['name']);
        const file = a['file'];
        const fileLine = a['line'];
        const attributes =
          file === undefined && fileLine === undefined
            ? NONE
            : { ...(file === undefined ? {} : { file }), ...(fileLine === undefined ? {} : { line: fileLine }) };
        const row: JunitRow = {
          suites: suite?.path ?? NO_SUITES,
          classname: a['classname']?.trim() ?? '',
          name: caseName ?? '',
          outcome: 'passed',
          message: null,
          skipType: null,
          seconds: secondsOf(p, place, a['time']),
          flakyAttempts: 0,
          reruns: 0,
          attributes,
          properties: NONE,
          ordinal: 1,
          go: null,
        };
        open = { row, result: null, capturing: null, property: null };
        caseDepth = depth;
      } else if (suite !== undefined && depth === suite.depth + 1 && (name === 'error' || name === 'failure') && suite.error === null) {
        suite.error = { kind: name, attribute: a['message'], type: a['type'], text: '' };
        suiteError = suite.error;
      }
    },
    text(t) {
      const target = open?.capturing ?? suiteError;
      if (target !== null && target !== undefined && target.text.length < MAX_MESSAGE) target.text += t;
      if (open?.property) open.property.text += t;
    },
    close(name, depth) {
      if (open !== null) {
        if (depth === caseDepth) {
          const { row, result } = open;
          if (result !== null) row.message = messageOf(result);
          const goRows = suites[suites.length - 1]?.goRows;
          if (goRows) goRows.push(row);
          else add(row);
          open = null;
        } else closeInCase(open, name);
        return;
      }
      suiteError = null;
      const suite = suites[suites.length - 1];
      if (name !== 'testsuite' || suite === undefined || suite.depth !== depth) return;
      suites.pop();
      if (suite.goRows !== null) {
        const go = goSuiteMerge(suite, suite.goRows);
        for (const row of suite.goRows) add(Object.assign(row, { go }));
      }
      if (!suite.hasTestcase && suite.error !== null) {
        const outcome = suite.error.kind === 'failure' ? 'failure' : 'error';
        add({
          suites: suite.path,
          classname: '',
          name: '<init>',
          outcome,
          message: messageOf(suite.error) ?? `the suite raised an ${outcome}`,
          skipType: null,
          seconds: null,
          flakyAttempts: 0,
          reruns: 0,
          attributes: NONE,
          properties: NONE,
          ordinal: 1,
          go: null,
        });
      }
    },
  });
  return { root, groups, unordered };
}

/** An element inside a `<testcase>`; `level` 1 is a direct child. */
function openInCase(c: OpenCase, name: string, a: Readonly<Record<string, string>>, level: number): void {
  const { row } = c;
  if (level === 1) {
    const kind = RESULT[name];
    if (kind !== undefined) {
      // failure and error outrank skipped; the first of a kind is the one reported.
      const current = c.result?.kind;
      if (current === undefined || (current === 'skipped' && kind !== 'skipped')) {
        c.result = { kind, attribute: a['message'], type: a['type'], text: '' };
        row.outcome = kind;
        row.skipType = kind === 'skipped' ? (a['type'] ?? null) : null;
        c.capturing = c.result;
      }
    } else if (name === 'flakyFailure' || name === 'flakyError') row.flakyAttempts++;
    else if (name === 'rerunFailure' || name === 'rerunError') row.reruns++;
  } else if (level === 2 && name === 'property') {
    const key = a['name'];
    if (key === undefined || key === '' || Object.hasOwn(row.properties, key)) return;
    if (a['value'] !== undefined) row.properties = { ...row.properties, [key]: propertyValue(a['value']) };
    else c.property = { key, text: '' };
  }
}

function closeInCase(c: OpenCase, name: string): void {
  if (c.capturing !== null && RESULT[name] !== undefined) c.capturing = null;
  if (name === 'property' && c.property !== null) {
    c.row.properties = { ...c.row.properties, [c.property.key]: propertyValue(c.property.text) };
    c.property = null;
  }
}

/**
 * The test of one test's rows (several only by a runner's convention, see {@link collectRows}), in
 * the order written. For gotestsum's reruns, the last row passing means it passed after retries
 * (gotestsum writes failed attempts first). Otherwise (the runs of `go test -count=N`, pytest's
 * call and teardown rows) the first row that failed or erred gives the outcome; else a passing
 * run; else it was skipped.
 */
export function testOf(rows: readonly JunitRow[], unordered = false): JunitTest {
  const first = rows[0] as JunitRow;
  if (rows.length === 1) return first;
  const last = rows[rows.length - 1] as JunitRow;
  const failed = rows.filter((r) => r.outcome === 'failure' || r.outcome === 'error');
  const retried = !unordered && first.go === 'reruns' && last.outcome === 'passed';
  const decisive = retried ? last : (failed[0] ?? rows.find((r) => r.outcome === 'passed') ?? last);
  const times = rows.flatMap((r) => (r.seconds === null ? [] : [r.seconds]));
  return {
    ...first,
    outcome: decisive.outcome,
    message: decisive.message,
    skipType: decisive.skipType,
    seconds: times.length === 0 ? null : times.reduce((a, b) => a + b, 0),
    flakyAttempts: rows.reduce((n, r) => n + r.flakyAttempts, 0) + (retried ? failed.length : 0),
    reruns: rows.reduce((n, r) => n + r.reruns, 0),
  };
}
