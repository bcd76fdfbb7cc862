/**
 * JUnit XML test reports (`<testsuites>` / `<testsuite>` / `<testcase>`), so any test suite can be a
 * benchmark: a test case is a case, passing is completion (reward 1, else 0), `time` its duration,
 * the failure or error message its error, the suite its task family. A skipped test did not pass: it
 * is not completed, and `extra.skipped` says why. The suites' own `tests`, `failures`, `errors` and
 * `skipped` counts are kept as the reported totals, so a report that contradicts its test cases is
 * caught (finding aggregate-mismatch).
 */
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import { caseOf, checkUniqueIds, numberField, Problems, stemOf, summaryOf } from './records-common.js';
import type { Source } from './source.js';
import { parseXml, XmlError, type XmlElement } from './xml.js';

export const JUNIT_SHAPE = 'a JUnit XML report: a <testsuites> or <testsuite> root with <testcase> elements';

const parsed = new WeakMap<Source, XmlElement>();

function rootOf(source: Source): XmlElement {
  let root = parsed.get(source);
  if (root === undefined) {
    try {
      root = parseXml(source.text());
    } catch (err) {
      if (err instanceof XmlError) throw new InputError(`${source.file}: not well-formed XML: ${err.message}`);
      throw err;
    }
    parsed.set(source, root);
  }
  return root;
}

export function junitMismatch(source: Source): string | null {
  if (source.kind !== 'xml') return `not XML (${source.kind})`;
  const root = rootOf(source);
  return root.name === 'testsuites' || root.name === 'testsuite' ? null : `the root element is <${root.name}>`;
}

/** Every <testsuite> with its <testcase> children, nested suites included. */
function suites(el: XmlElement, out: XmlElement[] = []): XmlElement[] {
  if (el.name === 'testsuite') out.push(el);
  for (const child of el.children) if (child.name === 'testsuite' || child.name === 'testsuites') suites(child, out);
  return out;
}

function toCase(p: Problems, suite: string, t: XmlElement): CaseResult | null {
  const place = `line ${t.line}: <testcase>`;
  const name = t.attributes['name'];
  if (name === undefined || name === '') return (p.add(place, 'name', 'a non-empty test name', name), null);
  const time = t.attributes['time'] === undefined ? null : (numberField(p, place, 'time', t.attributes['time'], { min: 0, strings: true }) ?? null);
  const failed = t.children.find((c) => c.name === 'failure' || c.name === 'error');
  const skipped = t.children.find((c) => c.name === 'skipped');
  const message = failed ? (failed.attributes['message'] ?? failed.text.trim().split('\n')[0] ?? '').slice(0, 2000) || failed.name : null;
  const classname = t.attributes['classname'];
  const extra: Record<string, unknown> = { suite, ...(classname !== undefined ? { classname } : {}) };
  if (failed) extra['outcome'] = failed.name;
  if (skipped) extra['skipped'] = skipped.attributes['message'] ?? true;
  const completed = !failed && !skipped;
  return caseOf({
    id: `${classname || suite}.${name}`,
    completed,
    reward: completed ? 1 : 0,
    duration_seconds: time,
    error: message,
    labels: { environment: null, task_family: suite || null, domain: null, split: null, length_bucket: null },
    extra,
  });
}

/** The suites' own counts, when every suite gives them: tests and those that did not pass. */
function reportedCounts(list: readonly XmlElement[]): { tests: number; notPassed: number } | null {
  let tests = 0;
  let notPassed = 0;
  for (const s of list) {
    const n = (k: string): number => Number(s.attributes[k] ?? '0');
    if (s.attributes['tests'] === undefined || [n('tests'), n('failures'), n('errors'), n('skipped')].some((x) => !Number.isInteger(x) || x < 0)) return null;
    tests += n('tests');
    notPassed += n('failures') + n('errors') + n('skipped');
  }
  return { tests, notPassed };
}

export function fromJunit(source: Source): BenchmarkSummary {
  const root = rootOf(source);
  if (root.name !== 'testsuites' && root.name !== 'testsuite') throw new InputError(`${source.file}: expected ${JUNIT_SHAPE}; the root element is <${root.name}>`);
  const p = new Problems(source.file);
  const list = suites(root);
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  for (const s of list) {
    for (const t of s.children.filter((c) => c.name === 'testcase')) {
      const c = toCase(p, s.attributes['name'] ?? '', t);
      if (c !== null) {
        cases.push(c);
        ids.push({ id: c.id, place: `line ${t.line}` });
      }
    }
  }
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note('no <testcase> elements');
  p.check();
  const summary = summaryOf({ id: root.attributes['name'] || stemOf(source.file), format: 'junit', cases, run: { duration_seconds: root.attributes['time'] !== undefined && Number(root.attributes['time']) >= 0 ? Number(root.attributes['time']) : null } });
  const counts = reportedCounts(list);
  if (counts !== null) summary.reported = { ...summary.reported, total_cases: counts.tests, completed_cases: counts.tests - counts.notPassed };
  return summary;
}
