import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { parseXml, XmlError } from '../../../src/adapters/parsing/xml.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { expectCanonical, FIXTURES, tempFiles } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { triedFormats } from '../../helpers/input-error.js';

const dir = join(FIXTURES, 'adapters-junit');
const base = join(dir, 'baseline.xml');
const cand = join(dir, 'candidate.xml');

/** [id, outcome] of every case of an XML text. */
function outcomes(xml: string): [string, unknown][] {
  const d = tempFiles({ 'r.xml': xml });
  return loadSummary(join(d, 'r.xml')).cases.map((c) => [c.id, c.extra['outcome']]);
}

describe('JUnit XML', () => {
  it('reads test cases as cases: pass is completion, the suite the family, skipped not passed (golden)', () => {
    const s = loadSummary(base);
    expect(s.format).toBe('junit');
    expect(s.id).toBe('agent-evals');
    expect(s.cases.map((c) => [c.id, c.completed])).toEqual([
      ['retrieval › retrieval.docs › finds the refund window', true],
      ['retrieval › retrieval.docs › cites the escalation contact', false],
      ['retrieval › retrieval.docs › quotes the shipping cost', true],
      ['tools › tools.calc › computes the crate weight', true],
      ['tools › tools.calc › computes the stock value', true],
      ['tools › tools.net › fetches the release notes', false],
    ]);
    // A <failure> is a failed assertion, not an error.
    expect(s.cases[1]).toMatchObject({
      reward: 0,
      error: null,
      duration_seconds: 7.9,
      labels: { task_family: 'retrieval' },
      extra: { outcome: 'failure', failure: 'expected "ops@example.com", got "support@example.com"' },
    });
    expect(s.cases[5]).toMatchObject({ error: null, extra: { outcome: 'skipped', skipped: 'network disabled in CI' } });
    expect(s.reported).toMatchObject({ total_cases: 6, completed_cases: 4 });
    expectCanonical('junit-baseline', s);
  });

  it('compares two reports end to end: a test that stopped passing holds', async () => {
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { cases: { case_id: string; completion_regression: boolean }[]; findings: { code: string }[] };
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['tools › tools.calc › computes the crate weight']);
    expect(report.findings.map((f) => f.code)).not.toContain('aggregate-mismatch');
    expect((await runCli('compare', '--baseline', cand, '--candidate', cand, '--input-format', 'junit')).code).toBe(0);
  });

  it('count attributes hold nothing: a report whose counts disagree with its rows compares as its rows', async () => {
    const d = tempFiles({
      'lying.xml': '<testsuite name="s" tests="3" failures="0" errors="0" skipped="0"><testcase name="a"/><testcase name="b"><failure/></testcase></testsuite>',
    });
    const r = await runCli('compare', '--baseline', join(d, 'lying.xml'), '--candidate', join(d, 'lying.xml'), '--format', 'json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).findings).toEqual([]);
  });

  it('a test is its place: the same name in two suites or classes is two tests; a top-level <testcase> counts', () => {
    expect(
      outcomes(
        '<testsuites><testsuite name="p"><testcase classname="test" name="works"/></testsuite><testsuite name="r"><testcase classname="test" name="works"><failure/></testcase></testsuite><testcase classname="test" name="top"/></testsuites>',
      ),
    ).toEqual([
      ['p › test › works', 'passed'],
      ['r › test › works', 'failure'],
      ['test › top', 'passed'],
    ]);
    expect(
      outcomes(
        '<testsuite name="s"><testcase classname="A" name="t"/><testcase classname="B" name="t"/><testsuite name="inner"><testcase classname="A" name="t"/></testsuite></testsuite>',
      ).map((x) => x[0]),
    ).toEqual(['s › A › t', 's › B › t', 's › inner › A › t']);
  });

  it("rows of one place are one test only by a runner's convention: pytest teardown errors, gotestsum reruns", () => {
    // pytest junitxml.py append_error: `failed on teardown with "<reason>"` in a second row.
    const pytest =
      '<testsuite name="pytest"><testcase classname="m" name="t"><failure message="call"/></testcase><testcase classname="m" name="t"><error message="failed on teardown with &quot;RuntimeError: x&quot;"/></testcase></testsuite>';
    expect(loadSummary(join(tempFiles({ 'p.xml': pytest }), 'p.xml')).cases).toMatchObject([
      { id: 'pytest › m › t', completed: false, error: null, extra: { outcome: 'failure', failure: 'call', rows: 2 } },
    ]);
    // gotestsum internal/junitxml/report.go: every suite has the go.version property and a
    // timestamp; with --rerun-fails a package's failed attempts are written before its passed tests.
    const gotestsum = (rows: string): string =>
      `<testsuites><testsuite tests="2" failures="1" time="0.001000" name="pkg" timestamp="2026-12-01T22:39:05Z"><properties><property name="go.version" value="go1.19.8 linux/amd64"></property></properties>${rows}</testsuite></testsuites>`;
    const fail = '<testcase classname="pkg" name="TestX"><failure message="Failed"/></testcase>';
    expect(loadSummary(join(tempFiles({ 'g.xml': gotestsum(fail + '<testcase classname="pkg" name="TestX"/>') }), 'g.xml')).cases).toMatchObject([
      { id: 'pkg › TestX', completed: true, extra: { outcome: 'passed', flaky: 'passed after 1 failed attempt', rows: 2 } },
    ]);
    expect(outcomes(gotestsum(fail + fail))).toEqual([['pkg › TestX', 'failure']]);
    // A failed row after a passed one is not gotestsum's order (go-junit-report's -count runs): the run failed.
    expect(outcomes(gotestsum('<testcase classname="pkg" name="TestX"/>' + fail))).toEqual([['pkg › TestX', 'failure']]);
    // go-junit-report v2's suite attributes (id, errors) with gotestsum's order: runs all the same.
    const gjr2 = gotestsum(fail + '<testcase classname="pkg" name="TestX"/>').replace('<testsuite ', '<testsuite id="0" errors="0" ');
    expect(outcomes(gjr2)).toEqual([['pkg › TestX', 'failure']]);
  });

  it('elsewhere a repeated place is another test, numbered in document order; a failing one fails', () => {
    // mocha-junit-reporter (one row per same-title it()), jest-junit (test.each rows), TestNG
    // (one row per data-provider invocation): the same two rows, the first failing, are two tests.
    const xml =
      '<testsuites><testsuite name="Mocha Tests"><testcase classname="p" name="t"><failure message="boom"/></testcase><testcase classname="p" name="t"/><testcase classname="p" name="t"/></testsuite></testsuites>';
    expect(outcomes(xml)).toEqual([
      ['Mocha Tests › p › t', 'failure'],
      ['Mocha Tests › p › t [2]', 'passed'],
      ['Mocha Tests › p › t [3]', 'passed'],
    ]);
    // An <error> row that is not pytest's teardown row is a test of its own too.
    expect(outcomes('<testsuite name="s"><testcase name="t"/><testcase name="t"><error message="E"/></testcase></testsuite>')).toEqual([
      ['s › t', 'passed'],
      ['s › t [2]', 'error'],
    ]);
  });

  it('TestNG data-provider invocations: 808 rows of 670 names are 808 tests, and one failing invocation holds', async () => {
    // testng-core JUnitReportReporter: <testsuite name=class>, one <testcase classname=class
    // name=method> per ITestResult, so a data-provider method repeats its row per invocation.
    const report = (failing: number | null): string => {
      const rows: string[] = [];
      for (let m = 0; m < 670; m++)
        for (let k = 0; k < (m < 138 ? 2 : 1); k++)
          rows.push(
            `<testcase name="m${m}" classname="org.acme.DataTest" time="0.001"${rows.length === failing ? '><failure type="java.lang.AssertionError" message="expected [1] but found [2]"/></testcase>' : '/>'}`,
          );
      return `<testsuite name="org.acme.DataTest" tests="${rows.length}">${rows.join('')}</testsuite>`;
    };
    const d = tempFiles({ 'base.xml': report(null), 'cand.xml': report(1) });
    expect(loadSummary(join(d, 'base.xml')).cases).toHaveLength(808);
    const r = await runCli('compare', '--baseline', join(d, 'base.xml'), '--candidate', join(d, 'cand.xml'), '--format', 'json');
    const out = JSON.parse(r.stdout);
    expect(out.case_summary.common_cases).toBe(808);
    expect(r.code).toBe(1);
    expect(out.cases.filter((c: { completion_regression: boolean }) => c.completion_regression).map((c: { case_id: string }) => c.case_id)).toEqual([
      'org.acme.DataTest › m0 [2]',
    ]);
  });

  it("TestNG's JUnitReportReporter (its comment): a method's rows are its results in no order, one test; any failing row fails it", () => {
    // testng-core JUnitReportReporter.java: the results of a class come from a HashSet, sorted by
    // priority only, and a retried attempt is a SKIP result (TestInvoker: setWasRetried(true)).
    const testng = (rows: string): string =>
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generated by org.testng.reporters.JUnitReportReporter -->\n<testsuite name="org.acme.T" tests="9">${rows}</testsuite>`;
    const skip = (m: string): string => `<testcase name="${m}" classname="org.acme.T"><skipped/></testcase>`;
    const fail = (m: string): string =>
      `<testcase name="${m}" classname="org.acme.T"><failure type="java.lang.AssertionError" message="expected [1]"/></testcase>`;
    const pass = (m: string): string => `<testcase name="${m}" classname="org.acme.T"/>`;
    const xml = testng(
      skip('retriedThenFailed') +
        fail('retriedThenFailed') +
        pass('flaky') +
        skip('flaky') +
        pass('data') +
        fail('data') +
        pass('data') +
        skip('skipped') +
        pass('once'),
    );
    expect(outcomes(xml)).toEqual([
      ['org.acme.T › retriedThenFailed', 'failure'],
      ['org.acme.T › flaky', 'passed'],
      ['org.acme.T › data', 'failure'],
      ['org.acme.T › skipped', 'skipped'],
      ['org.acme.T › once', 'passed'],
    ]);
    const d = tempFiles({ 'r.xml': xml });
    expect(loadSummary(join(d, 'r.xml')).cases.find((c) => c.id === 'org.acme.T › data')?.extra['rows']).toBe(3);
    // Without the comment the same rows are distinct tests, numbered in document order.
    expect(outcomes(xml.replace(/<!--.*-->/, '')).map(([id]) => id)).toHaveLength(9);
  });

  it('an empty test name is a test (jest-junit for an empty title, Surefire 3 for a @BeforeAll failure), not a refused report', () => {
    expect(
      outcomes(
        '<testsuites><testsuite name="math"><testcase classname="math " name="" time="0.001"/><testcase classname="math " name=""><failure/></testcase><testcase classname="math" name="adds"/></testsuite></testsuites>',
      ),
    ).toEqual([
      ['math › (empty name)', 'passed'],
      ['math › (empty name) [2]', 'failure'],
      ['math › adds', 'passed'],
    ]);
  });

  it('Surefire reruns: flaky attempts pass (and say so), rerun failures fail; a suite error with no test case is one failed test', () => {
    const surefire =
      '<testsuite name="C" tests="1"><testcase name="a" classname="C"><flakyFailure message="x"/><flakyError message="y"/></testcase><testcase name="b" classname="C"><failure message="boom"/><rerunFailure message="boom"/><rerunFailure message="boom"/></testcase></testsuite>';
    const s = loadSummary(join(tempFiles({ 's.xml': surefire }), 's.xml'));
    expect(s.cases).toMatchObject([
      { id: 'C › a', completed: true, extra: { flaky: 'passed after 2 failed attempts' } },
      { id: 'C › b', completed: false, extra: { outcome: 'failure', reruns: 2 } },
    ]);
    expect(
      outcomes(
        '<testsuites><testsuite name="ok"><testcase name="t"/></testsuite><testsuite name="broken"><error message="class did not load"/></testsuite></testsuites>',
      ),
    ).toEqual([
      ['ok › t', 'passed'],
      ['broken › <init>', 'error'],
    ]);
  });

  it('skipped and todo are neither pass nor error; <error> is an error', () => {
    const s = loadSummary(
      join(
        tempFiles({
          'k.xml':
            '<testsuite name="s"><testcase name="a"><skipped type="todo" message="later"/></testcase><testcase name="b"><error message="TypeError: x is undefined"/></testcase></testsuite>',
        }),
        'k.xml',
      ),
    );
    expect(s.cases).toMatchObject([
      { completed: false, error: null, extra: { outcome: 'skipped', skip_type: 'todo', skipped: 'later' } },
      { completed: false, error: 'TypeError: x is undefined', extra: { outcome: 'error' } },
    ]);
  });

  it('an empty report is an empty run (it holds), not an unreadable file', async () => {
    const d = tempFiles({ 'empty.xml': '<testsuite name="C" tests="0"/>' });
    expect(loadSummary(join(d, 'empty.xml')).cases).toEqual([]);
    const r = await runCli('compare', '--baseline', join(d, 'empty.xml'), '--candidate', join(d, 'empty.xml'), '--format', 'json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toContain('empty-run');
  });

  it('broken reports name the file, the line and what was expected', () => {
    const d = tempFiles({
      'bad.xml': '<testsuite name="s">\n<testcase name="a" time="fast"/>\n<testcase time="1"/>\n<testcase name="c" time="1,234.5"/>\n</testsuite>',
      'broken.xml': '<testsuite name="s">\n  <testcase name="a">\n</testsuite>',
      'other.xml': '<html><body/></html>',
    });
    expect(() => loadSummary(join(d, 'bad.xml'))).toThrow(
      `${join(d, 'bad.xml')}: 2 problems:\n  - line 2: <testcase>: "time": expected a number of at least 0, got the string "fast"\n  - line 3: <testcase>: "name": expected a test name (the \`name\` attribute), got nothing (the field is missing)`,
    );
    expect(() => loadSummary(join(d, 'broken.xml'))).toThrow(
      `${join(d, 'broken.xml')}: not well-formed XML: line 3, column 12: </testsuite> closes <testcase> (opened at line 2); expected </testcase>`,
    );
    expect(triedFormats(() => loadSummary(join(d, 'other.xml')))).toContainEqual(
      expect.stringMatching(/^junit: expected a JUnit XML report.*; here: the root element is <html>/),
    );
  });
});

describe('the XML reader (saxes)', () => {
  const fails = (text: string): string => {
    try {
      parseXml(text);
    } catch (err) {
      expect(err).toBeInstanceOf(XmlError);
      return (err as Error).message;
    }
    throw new Error('expected an XmlError');
  };

  it('reads attributes in both quotes, entities, character references, CDATA, comments and start lines', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!-- c --><a x='1 &lt; 2' y="&#x41;&#66;&amp;"><b>t&gt;<![CDATA[<raw & text>]]></b><?pi data?>\n<c\n z="1"/></a>`,
    );
    expect(root).toMatchObject({ name: 'a', line: 2, attributes: { x: '1 < 2', y: 'AB&' } });
    expect(root.children.map((c) => [c.name, c.text, c.line])).toEqual([
      ['b', 't><raw & text>', 2],
      ['c', '', 3],
    ]);
  });

  it('refuses what it does not read: a DOCTYPE (no entity expansion), unknown entities, bad nesting', () => {
    const laughs = '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<lolz>&lol2;</lolz>';
    expect(fails(laughs)).toMatch(/^line 2, column \d+: a DOCTYPE is not accepted \(no DTD, entities or external files are read\)$/);
    expect(fails('<!DOCTYPE a SYSTEM "http://example.com/x.dtd"><a/>')).toMatch(/a DOCTYPE is not accepted/);
    expect(fails('<a>&lol;</a>')).toMatch(/unknown entity \(only &lt; &gt; &amp; &apos; &quot; and character references are defined\)/);
    expect(fails('<a>AT&T</a>')).toMatch(/^line 1: a bare "&" \(write &amp;/);
    expect(fails('<a><b></a>')).toBe('line 1, column 10: </a> closes <b> (opened at line 1); expected </b>');
    expect(fails('<a x="1" x="2"/>')).toMatch(/attribute x given twice/);
    expect(fails('<a>')).toMatch(/<a> \(opened at line 1\) is not closed: the file ends first/);
    expect(fails('<a/><b/>')).toMatch(/content after the root element/);
    expect(fails('junk<a/>')).toMatch(/text before the root element; expected "<"/);
    expect(fails(`${'<a>'.repeat(300)}${'</a>'.repeat(300)}`)).toMatch(/nested over 256 deep/);
  });
});
