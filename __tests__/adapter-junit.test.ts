import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSummary } from '../src/adapters/index.js';
import { parseXml, XmlError } from '../src/adapters/xml.js';
import { runCli } from './helpers/cli-run.js';
import { expectCanonical, FIXTURES, tempFiles } from './helpers/adapter-files.js';

const dir = join(FIXTURES, 'adapters-junit');
const base = join(dir, 'baseline.xml');
const cand = join(dir, 'candidate.xml');

describe('JUnit XML', () => {
  it('reads test cases as cases: pass is completion, the suite the family, skipped not passed (golden)', () => {
    const s = loadSummary(base);
    expect(s.format).toBe('junit');
    expect(s.id).toBe('agent-evals');
    expect(s.cases.map((c) => [c.id, c.completed])).toEqual([
      ['retrieval.docs.finds the refund window', true],
      ['retrieval.docs.cites the escalation contact', false],
      ['retrieval.docs.quotes the shipping cost', true],
      ['tools.calc.computes the crate weight', true],
      ['tools.calc.computes the stock value', true],
      ['tools.net.fetches the release notes', false],
    ]);
    expect(s.cases[1]).toMatchObject({ reward: 0, error: 'expected "ops@example.com", got "support@example.com"', duration_seconds: 7.9, labels: { task_family: 'retrieval' }, extra: { outcome: 'failure' } });
    expect(s.cases[5]?.extra).toMatchObject({ skipped: 'network disabled in CI' });
    expect(s.reported).toMatchObject({ total_cases: 6, completed_cases: 4 });
    expectCanonical('junit-baseline', s);
  });

  it('compares two reports end to end: a test that stopped passing holds', async () => {
    const r = await runCli('compare', '--baseline', base, '--candidate', cand, '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { cases: { case_id: string; completion_regression: boolean }[]; findings: { code: string }[] };
    expect(report.cases.filter((c) => c.completion_regression).map((c) => c.case_id)).toEqual(['tools.calc.computes the crate weight']);
    expect(report.findings.map((f) => f.code)).not.toContain('aggregate-mismatch');
    expect((await runCli('compare', '--baseline', cand, '--candidate', cand, '--input-format', 'junit')).code).toBe(0);
  });

  it('counts that contradict the test cases are caught; broken reports name the line', async () => {
    const d = tempFiles({
      'lying.xml': '<testsuite name="s" tests="3" failures="0" errors="0" skipped="0"><testcase name="a"/><testcase name="b"><failure/></testcase></testsuite>',
      'bad.xml': '<testsuite name="s">\n<testcase name="a" time="fast"/>\n<testcase time="1"/>\n<testcase name="a"/>\n</testsuite>',
      'broken.xml': '<testsuite name="s">\n  <testcase name="a">\n</testsuite>',
      'other.xml': '<html><body/></html>',
    });
    const r = await runCli('compare', '--baseline', join(d, 'lying.xml'), '--candidate', join(d, 'lying.xml'), '--format', 'json');
    expect(JSON.parse(r.stdout).findings.map((f: { code: string }) => f.code)).toEqual(expect.arrayContaining(['aggregate-mismatch', 'incomplete-run']));
    expect(() => loadSummary(join(d, 'bad.xml'))).toThrow(`${join(d, 'bad.xml')}: 3 problems:\n  - line 2: <testcase>: "time": expected a number of at least 0, got the string "fast"\n  - line 3: <testcase>: "name": expected a non-empty test name, got nothing (the field is missing)\n  - line 4: case id "s.a" is also at line 2; expected each id once`);
    expect(() => loadSummary(join(d, 'broken.xml'))).toThrow(`${join(d, 'broken.xml')}: not well-formed XML: line 3, column 1: </testsuite> closes <testcase> (opened at line 2)`);
    expect(() => loadSummary(join(d, 'other.xml'))).toThrow(/ - junit: expected a JUnit XML report.*; here: the root element is <html>/);
  });
});

describe('the XML reader', () => {
  const fails = (text: string): string => {
    try {
      parseXml(text);
    } catch (err) {
      expect(err).toBeInstanceOf(XmlError);
      return (err as Error).message;
    }
    throw new Error('expected an XmlError');
  };

  it('reads attributes in both quotes, entities, character references, CDATA and comments', () => {
    const root = parseXml(`<?xml version="1.0"?>\n<!-- c --><a x='1 &lt; 2' y="&#x41;&#66;&amp;"><b>t&gt;<![CDATA[<raw & text>]]></b><?pi data?><c/></a>`);
    expect(root).toMatchObject({ name: 'a', attributes: { x: '1 < 2', y: 'AB&' } });
    expect(root.children.map((c) => [c.name, c.text])).toEqual([['b', 't><raw & text>'], ['c', '']]);
  });

  it('refuses what it does not read: a DOCTYPE (no entity expansion), unknown entities, bad nesting', () => {
    const laughs = '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>\n<lolz>&lol2;</lolz>';
    expect(fails(laughs)).toBe('line 2, column 1: a DOCTYPE is not accepted (no entities or external files are read)');
    expect(fails('<a>&lol;</a>')).toMatch(/unknown entity &lol; \(only &lt; &gt; &amp; &apos; &quot; are defined\)/);
    expect(fails('<a>AT&T</a>')).toMatch(/a bare "&" \(write &amp;\)/);
    expect(fails('<a><b></a>')).toBe('line 1, column 7: </a> closes <b> (opened at line 1)');
    expect(fails('<a x="1" x="2"/>')).toMatch(/attribute x given twice/);
    expect(fails('<a>')).toMatch(/<a> is not closed/);
    expect(fails('<a/><b/>')).toMatch(/content after the root element/);
    expect(fails('<a><![CDATA[x</a>')).toMatch(/unclosed CDATA section/);
    expect(fails(`${'<a>'.repeat(120)}${'</a>'.repeat(120)}`)).toMatch(/nested over 100 deep/);
  });
});
