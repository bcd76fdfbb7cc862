/**
 * The rows of a JUnit report (one per `<testcase>`, plus a suite-level error in a suite with no test
 * case), grouped by their place, and one test made from each group. See junit.ts for the rules.
 */
import { numberField, type Problems } from './records-common.js';
import type { XmlElement } from './xml.js';

export type JunitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

/** One `<testcase>` as written. */
export interface JunitRow {
  /** Names of the enclosing `<testsuite>`s, outermost first ("" for an unnamed one). */
  suites: string[];
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
  attributes: Record<string, string>;
  /** `<properties>` of the test case, numbers read as numbers. */
  properties: Record<string, string | number>;
}

/** One test: the rows of one place merged. */
export interface JunitTest extends JunitRow {
  /** How many `<testcase>` rows were merged (pytest teardown errors, gotestsum reruns). */
  rows: number;
}

const MAX_MESSAGE = 2000;

function messageOf(el: XmlElement): string | null {
  const m = el.attributes['message']?.trim() || el.text.trim().split('\n')[0]?.trim() || el.attributes['type']?.trim() || '';
  return m === '' ? null : m.slice(0, MAX_MESSAGE);
}

/** A time attribute: seconds; "" is unknown; thousands separators (old Surefire: "1,234.5") dropped. */
function secondsOf(p: Problems, place: string, raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const clean = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(raw.trim()) ? raw.trim().replaceAll(',', '') : raw;
  return numberField(p, place, 'time', clean, { min: 0, strings: true }) ?? null;
}

function propertiesOf(t: XmlElement): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const props of t.children) {
    if (props.name !== 'properties') continue;
    for (const prop of props.children) {
      const key = prop.attributes['name'];
      if (prop.name !== 'property' || key === undefined || key === '' || Object.hasOwn(out, key)) continue;
      const value = prop.attributes['value'] ?? prop.text;
      const n = Number(value);
      out[key] = value.trim() !== '' && Number.isFinite(n) ? n : value;
    }
  }
  return out;
}

function rowOf(p: Problems, suites: string[], t: XmlElement): JunitRow | null {
  const place = `line ${t.line}: <testcase>`;
  const name = t.attributes['name']?.trim();
  if (name === undefined || name === '') return (p.add(place, 'name', 'a non-empty test name', t.attributes['name']), null);
  let outcome: JunitOutcome = 'passed';
  let message: string | null = null;
  let skipType: string | null = null;
  let flakyAttempts = 0;
  let reruns = 0;
  for (const c of t.children) {
    if ((c.name === 'failure' || c.name === 'error') && (outcome === 'passed' || outcome === 'skipped')) {
      outcome = c.name;
      message = messageOf(c);
    } else if (c.name === 'skipped' && outcome === 'passed') {
      outcome = 'skipped';
      message = messageOf(c);
      skipType = c.attributes['type'] ?? null;
    } else if (c.name === 'flakyFailure' || c.name === 'flakyError') flakyAttempts++;
    else if (c.name === 'rerunFailure' || c.name === 'rerunError') reruns++;
  }
  const attributes: Record<string, string> = {};
  for (const key of ['file', 'line'] as const) if (t.attributes[key] !== undefined) attributes[key] = t.attributes[key];
  const seconds = secondsOf(p, place, t.attributes['time']);
  return { suites, classname: t.attributes['classname']?.trim() ?? '', name, outcome, message, skipType, seconds, flakyAttempts, reruns, attributes, properties: propertiesOf(t) };
}

/** A suite-level `<error>`/`<failure>` in a suite with no `<testcase>`: the suite failed before any test ran. */
function suiteErrorRow(suites: string[], suite: XmlElement): JunitRow | null {
  if (suite.children.some((c) => c.name === 'testcase')) return null;
  const err = suite.children.find((c) => c.name === 'error' || c.name === 'failure');
  if (err === undefined) return null;
  const outcome = err.name === 'failure' ? 'failure' : 'error';
  return { suites, classname: '', name: '<init>', outcome, message: messageOf(err) ?? `the suite raised an ${outcome}`, skipType: null, seconds: null, flakyAttempts: 0, reruns: 0, attributes: {}, properties: {} };
}

/** Every row of the report, grouped by place (suite path, classname, name), in document order. */
export function collectRows(p: Problems, root: XmlElement): JunitRow[][] {
  const groups = new Map<string, JunitRow[]>();
  const add = (row: JunitRow | null): void => {
    if (row === null) return;
    const key = JSON.stringify([...row.suites, row.classname, row.name]);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  };
  const walk = (el: XmlElement, suites: string[]): void => {
    if (el.name === 'testsuite') add(suiteErrorRow(suites, el));
    for (const child of el.children) {
      if (child.name === 'testcase') add(rowOf(p, suites, child));
      else if (child.name === 'testsuite') walk(child, [...suites, child.attributes['name']?.trim() ?? '']);
      else if (child.name === 'testsuites') walk(child, suites);
    }
  };
  walk(root, root.name === 'testsuite' ? [root.attributes['name']?.trim() ?? ''] : []);
  return [...groups.values()];
}

/**
 * The test of one place's rows, in the order written. The last row passing means it passed after
 * retries (gotestsum writes failed attempts first); otherwise the first row that failed or erred
 * gives the outcome (pytest: the call's failure before the teardown's error); else it was skipped.
 */
export function testOf(rows: readonly JunitRow[]): JunitTest {
  const first = rows[0] as JunitRow;
  const last = rows[rows.length - 1] as JunitRow;
  const failed = rows.filter((r) => r.outcome === 'failure' || r.outcome === 'error');
  const decisive = last.outcome === 'passed' ? last : (failed[0] ?? last);
  const times = rows.flatMap((r) => (r.seconds === null ? [] : [r.seconds]));
  return {
    ...first,
    outcome: decisive.outcome,
    message: decisive.message,
    skipType: decisive.skipType,
    seconds: times.length === 0 ? null : times.reduce((a, b) => a + b, 0),
    flakyAttempts: rows.reduce((n, r) => n + r.flakyAttempts, 0) + (last.outcome === 'passed' ? failed.length : 0),
    reruns: rows.reduce((n, r) => n + r.reruns, 0),
    rows: rows.length,
  };
}
