/**
 * Property tests (fast-check) of the XML reader and the JUnit adapter: any tree written as XML reads
 * back as itself; any text either reads or fails with an XmlError that names the line; any JUnit
 * report reads as its test cases whatever its count attributes say, pairs by place not by position,
 * and a test that stops passing is the one regression.
 */
import { join } from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { parseXml, type XmlElement, XmlError } from '../../../src/adapters/parsing/xml.js';
import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { tempFiles } from '../../helpers/adapter-files.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

/** Text of characters XML allows, with the ones that need escaping over-represented. */
const xmlText = fc
  .array(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('&', '<', '>', '"', "'", ']]>', '\n', '\t', '\r', ' ', '›', 'é', '😀', '&amp;')), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''));
const xmlName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/);

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

interface Tree {
  name: string;
  attributes: Record<string, string>;
  text: string;
  cdata: boolean;
  children: readonly Tree[];
}

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.record({
    name: xmlName,
    attributes: fc.dictionary(xmlName, xmlText, { maxKeys: 3 }),
    text: xmlText,
    cdata: fc.boolean(),
    children: fc.oneof({ maxDepth: 3, depthIdentifier: 'tree' }, fc.constant<Tree[]>([]), fc.array(tie('node'), { maxLength: 3 })),
  }),
})).node;

function write(t: Tree): string {
  const attrs = Object.entries(t.attributes)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const text = t.cdata && !t.text.includes(']]>') && !t.text.includes('\r') ? `<![CDATA[${t.text}]]>` : escapeText(t.text);
  return `<${t.name}${attrs}>${text}${t.children.map(write).join('')}</${t.name}>`;
}

const shape = (e: XmlElement): unknown => ({ name: e.name, attributes: e.attributes, text: e.text, children: e.children.map(shape) });
const expected = (t: Tree): unknown => ({ name: t.name, attributes: t.attributes, text: t.text, children: t.children.map(expected) });

describe('the XML reader, on any input', () => {
  it('reads any tree written as XML back as itself (attributes, text, CDATA, entities)', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(shape(parseXml(`<?xml version="1.0"?>\n${write(t)}\n`))).toEqual(expected(t));
      }),
    );
  });

  it('any text either reads or fails with an XmlError naming the line, never anything else', () => {
    const soup = fc
      .array(
        fc.oneof(
          fc.constantFrom('<a>', '</a>', '<b x="1"/>', '<!DOCTYPE a>', '&', '&lt;', '&bogus;', '<![CDATA[', ']]>', '<!--', '-->', '<?pi?>', '"', '='),
          fc.string({ maxLength: 4 }),
        ),
        { maxLength: 12 },
      )
      .map((p) => p.join(''));
    fc.assert(
      fc.property(soup, (text) => {
        try {
          parseXml(text);
        } catch (err) {
          expect(err).toBeInstanceOf(XmlError);
          expect((err as Error).message).toMatch(/^line \d+(, column \d+)?: \S/);
        }
      }),
    );
  });

  it('a well-formed document cut short fails with an XmlError', () => {
    fc.assert(
      fc.property(tree, fc.nat(), (t, n) => {
        const text = write(t);
        const cut = text.slice(0, n % text.length);
        expect(() => parseXml(cut)).toThrow(XmlError);
      }),
    );
  });
});

type Outcome = 'passed' | 'failure' | 'error' | 'skipped';
interface Test {
  suites: string[];
  classname: string;
  name: string;
  outcome: Outcome;
}

const label = fc
  .tuple(fc.stringMatching(/^[A-Za-z0-9_&<>"' é./-]{1,10}$/), fc.constantFrom('', '😀', '›'))
  .map(([s, u]) => `${s}${u}`.trim())
  .filter((s) => s !== '');
const testArb: fc.Arbitrary<Test> = fc.record({
  suites: fc.array(label, { maxLength: 2 }),
  classname: fc.oneof(fc.constant(''), label),
  name: label,
  outcome: fc.constantFrom<Outcome>('passed', 'passed', 'failure', 'error', 'skipped'),
});
const place = (t: Test): string => JSON.stringify([t.suites, t.classname, t.name]);
const tests = fc.uniqueArray(testArb, { selector: place, minLength: 1, maxLength: 12 });

const CHILD: Record<Outcome, string> = { passed: '', failure: '<failure message="expected 1"/>', error: '<error message="boom"/>', skipped: '<skipped/>' };

/** A report with each test in its own chain of suites, the count attributes set to `counts`. */
function report(list: readonly Test[], counts: number): string {
  const cases = list.map((t) => {
    const cls = t.classname === '' ? '' : ` classname="${escapeAttr(t.classname)}"`;
    const tc = `<testcase name="${escapeAttr(t.name)}"${cls} time="0.1">${CHILD[t.outcome]}</testcase>`;
    return t.suites.reduceRight((inner, s) => `<testsuite name="${escapeAttr(s)}" tests="${counts}" failures="${counts}">${inner}</testsuite>`, tc);
  });
  return `<testsuites tests="${counts}" failures="${counts}">${cases.join('\n')}</testsuites>`;
}

function load(xml: string) {
  const file = join(tempFiles({ 'r.xml': xml }), 'r.xml');
  return asLoaded(file, loadSummary(file), NO_FIELDS);
}

describe('the JUnit adapter, on any report', () => {
  it('reads every test once, passed only without failure, error or skip, whatever the counts say', () => {
    fc.assert(
      fc.property(tests, fc.nat(1000), (list, counts) => {
        const s = load(report(list, counts)).summary;
        expect(s.cases).toHaveLength(list.length);
        expect(new Set(s.cases.map((c) => c.id)).size).toBe(list.length);
        expect(s.cases.map((c) => c.extra['outcome'])).toEqual(list.map((t) => t.outcome));
        expect(s.cases.map((c) => c.error !== null)).toEqual(list.map((t) => t.outcome === 'error'));
        expect(s.reported.total_cases).toBe(list.length);
      }),
      { numRuns: 60 },
    );
  });

  it('pairs by place, not position: a report against itself reordered promotes with no finding', () => {
    fc.assert(
      fc.property(tests, fc.nat(1000), fc.nat(1000), (list, a, b) => {
        const cmp = compareSummaries(load(report(list, a)), load(report([...list].reverse(), b)));
        expect(cmp.findings.filter((f) => f.blocking)).toEqual([]);
        expect(cmp.rlm.case_summary.common_cases).toBe(list.length);
        expect(cmp.verdict).toBe('promote');
      }),
      { numRuns: 40 },
    );
  });

  it('a passing test that fails in the candidate is the one completion regression', () => {
    const withPass = tests.filter((l) => l.some((t) => t.outcome === 'passed'));
    fc.assert(
      fc.property(withPass, fc.nat(), fc.constantFrom<Outcome>('failure', 'error', 'skipped'), (list, pick, to) => {
        const passing = list.filter((t) => t.outcome === 'passed');
        const broken = passing[pick % passing.length] as Test;
        const cand = list.map((t) => (t === broken ? { ...t, outcome: to } : t));
        const cmp = compareSummaries(load(report(list, 0)), load(report(cand, 0)));
        const regressed = cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id);
        expect(regressed).toHaveLength(1);
        expect(regressed[0]?.endsWith(broken.name)).toBe(true);
        expect(cmp.verdict).toBe('hold');
      }),
      { numRuns: 40 },
    );
  });
});
