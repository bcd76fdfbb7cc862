/**
 * JUnit reports written by the real runners (fixtures/real/junit/README.md says which runner and
 * version wrote each, and what a correct reading is). Per file: the tests and how many passed, as
 * the README counts them, and the canonical summary as a golden; the same file on both sides
 * promotes with no finding that holds; each base/candidate pair holds on exactly the test the
 * README says breaks, with its report as a golden.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { expectCanonical, FIXTURES } from '../../helpers/adapter-files.js';
import { runCli } from '../../helpers/cli-run.js';
import { expectGolden } from '../../helpers/golden.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = join(FIXTURES, 'real', 'junit');
const load = (file: string) => asLoaded(file, loadSummary(join(dir, file), 'auto'), NO_FIELDS);

/** From the README's "What each file holds": test cases, and those that pass as written. */
const HOLDS: Record<string, { tests: number; passed: number }> = {
  'pytest-xunit1-base.xml': { tests: 13, passed: 9 },
  'pytest-xunit1-cand.xml': { tests: 13, passed: 8 },
  'pytest-xunit2-base.xml': { tests: 13, passed: 9 },
  'pytest-xunit2-cand.xml': { tests: 13, passed: 8 },
  'pytest-teardown.xml': { tests: 2, passed: 0 },
  'jest-junit-base.xml': { tests: 6, passed: 5 },
  'jest-junit-cand.xml': { tests: 6, passed: 4 },
  'jest-junit-ancestor-base.xml': { tests: 6, passed: 5 },
  'node-junit-base.xml': { tests: 7, passed: 5 },
  'node-junit-cand.xml': { tests: 7, passed: 4 },
  'node-junit-dup.xml': { tests: 2, passed: 2 },
  'gotestsum-base.xml': { tests: 8, passed: 7 },
  'gotestsum-cand.xml': { tests: 8, passed: 6 },
  'pw-junit-base.xml': { tests: 7, passed: 5 },
  'pw-junit-cand.xml': { tests: 7, passed: 4 },
  'vitest-junit-base.xml': { tests: 5, passed: 3 },
  'vitest-junit-cand.xml': { tests: 5, passed: 2 },
  'surefire__TEST-org.acme.FlakyTest.xml': { tests: 2, passed: 2 },
  'surefire__TEST-com.shape.CircleTest.xml': { tests: 8, passed: 6 },
  'surefire__TEST-NoPackageTest.xml': { tests: 3, passed: 0 },
  'surefire__TEST-classWithNoTests.NoMethodsTestCase.xml': { tests: 0, passed: 0 },
  'jenkins__junit-report-nested-testsuites.xml': { tests: 3, passed: 2 },
  'mocha-junit-reporter-latex-utensils.xml': { tests: 109, passed: 109 },
  'jest-junit-empty-title-base.xml': { tests: 7, passed: 7 },
  'jest-junit-empty-title-cand.xml': { tests: 7, passed: 4 },
  'mocha-junit-reporter-latex-utensils-first-of-2-fails.xml': { tests: 109, passed: 108 },
};

const stem = (file: string): string => file.replace(/\.xml$/, '');

describe('real JUnit reports: each file', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort();
  it('every fixture has its expectation', () => {
    expect(files).toEqual(Object.keys(HOLDS).sort());
  });

  it.each(files)('%s: its tests as the README counts them (golden)', (file) => {
    const s = load(file).summary;
    expect(s.format).toBe('junit');
    expect([s.cases.length, s.cases.filter((c) => c.completed).length]).toEqual([HOLDS[file]?.tests, HOLDS[file]?.passed]);
    expect(new Set(s.cases.map((c) => c.id)).size).toBe(s.cases.length);
    expectCanonical(`real-junit/${stem(file)}`, s);
  });

  it.each(files.filter((f) => HOLDS[f]?.tests !== 0))('%s against itself: promote, no finding holds', (file) => {
    const cmp = compareSummaries(load(file), load(file));
    expect(cmp.blocking_findings).toEqual([]);
    expect(cmp.verdict).toBe('promote');
  });

  it('a report with no test at all does not promote against itself', () => {
    const file = 'surefire__TEST-classWithNoTests.NoMethodsTestCase.xml';
    const cmp = compareSummaries(load(file), load(file));
    expect(cmp.verdict).toBe('hold');
    expect(cmp.blocking_findings.map((f) => f.code)).toContain('empty-run');
  });
});

describe('real JUnit reports: what the runners write, read right', () => {
  const outcome = (file: string, id: string): unknown => load(file).summary.cases.find((c) => c.id === id)?.extra;

  it('pytest: a failed call and its teardown error are one test; xfail is skipped; properties are kept', () => {
    expect(outcome('pytest-teardown.xml', 'pytest › test_teardown › test_fails_and_teardown_errors')).toMatchObject({ outcome: 'failure', rows: 2 });
    expect(outcome('pytest-teardown.xml', 'pytest › test_teardown › test_passes_but_teardown_errors')).toMatchObject({ outcome: 'error' });
    expect(outcome('pytest-xunit1-base.xml', 'pytest › test_suite › test_xfail')).toMatchObject({ outcome: 'skipped', skip_type: 'pytest.xfail' });
    expect(outcome('pytest-xunit1-base.xml', 'pytest › test_suite › test_with_property')).toMatchObject({
      outcome: 'passed',
      properties: { reward: 0.75, model: 'gpt-4o' },
    });
  });

  it('Node: nested suites counted once, the top-level test read, the same name in two describe blocks two tests', () => {
    expect(load('node-junit-base.xml').summary.cases.map((c) => c.id)).toContain('retrieval › nested › test › deep');
    expect(outcome('node-junit-base.xml', 'test › top level')).toMatchObject({ outcome: 'passed' });
    expect(outcome('node-junit-base.xml', 'retrieval › test › todo')).toMatchObject({ outcome: 'skipped', skip_type: 'todo' });
    expect(load('node-junit-dup.xml').summary.cases.map((c) => c.id)).toEqual(['parser › test › works', 'renderer › test › works']);
  });

  it('Surefire: flaky attempts pass and say so; no classname: the suite is the class; a suite-level error is one failed test', () => {
    expect(outcome('surefire__TEST-org.acme.FlakyTest.xml', 'org.acme.FlakyTest › testFlaky')).toMatchObject({
      outcome: 'passed',
      flaky: 'passed after 4 failed attempts',
    });
    expect(outcome('surefire__TEST-com.shape.CircleTest.xml', 'com.shape.CircleTest › testProperties')).toMatchObject({ outcome: 'error' });
    expect(outcome('jenkins__junit-report-nested-testsuites.xml', 'test.AutomatedTests › test.db.DatabaseTest › test.3rdlevel › <init>')).toMatchObject({
      outcome: 'error',
    });
  });
});

/** base/cand pairs: the README's one broken test, and nothing else, regresses; the report as a golden. */
const PAIRS: [string, string, string, string][] = [
  ['pytest-xunit1', 'pytest-xunit1-base.xml', 'pytest-xunit1-cand.xml', 'pytest › test_suite › test_breaks_in_candidate'],
  ['pytest-xunit2', 'pytest-xunit2-base.xml', 'pytest-xunit2-cand.xml', 'pytest › test_suite › test_breaks_in_candidate'],
  ['jest-junit', 'jest-junit-base.xml', 'jest-junit-cand.xml', 'math › math nested group breaks in candidate'],
  ['node-junit', 'node-junit-base.xml', 'node-junit-cand.xml', 'retrieval › test › breaks in candidate'],
  ['gotestsum', 'gotestsum-base.xml', 'gotestsum-cand.xml', 'example.com/gt › TestBreaks'],
  ['pw-junit', 'pw-junit-base.xml', 'pw-junit-cand.xml', 'api.spec.js › checkout › breaks in candidate'],
  ['vitest-junit', 'vitest-junit-base.xml', 'vitest-junit-cand.xml', 'calc.test.js › calc > breaks in candidate'],
];

describe('real JUnit reports: base against candidate', () => {
  it.each(PAIRS)('%s: holds on the one test that broke (golden report)', (name, b, c, broken) => {
    const cmp = compareSummaries(load(b), load(c));
    expect(cmp.verdict).toBe('hold');
    expect(cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id)).toEqual([broken]);
    expect(cmp.cases.toArray().every((r) => r.in_baseline && r.in_candidate)).toBe(true);
    expect(cmp.blocking_findings).toEqual([]);
    expectGolden(`real-junit/${name}.md`, renderMarkdown(cmp, { version: 'test' }));
  });

  it('mocha-junit-reporter: the first of two same-title rows failing is a distinct test that regressed, not a retry', () => {
    const cmp = compareSummaries(load('mocha-junit-reporter-latex-utensils.xml'), load('mocha-junit-reporter-latex-utensils-first-of-2-fails.xml'));
    expect(cmp.rlm.case_summary.common_cases).toBe(109);
    expect(cmp.verdict).toBe('hold');
    expect(cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id)).toEqual(['Mocha Tests › bibtexParser › parse entry with command']);
  });

  it('jest-junit name="" (an empty title) is a test, and a failing test.each row of a repeated title holds', () => {
    const cmp = compareSummaries(load('jest-junit-empty-title-base.xml'), load('jest-junit-empty-title-cand.xml'));
    expect(cmp.rlm.case_summary.common_cases).toBe(7);
    expect(cmp.verdict).toBe('hold');
    expect(cmp.cases.filter((r) => r.completion_regression).map((r) => r.case_id)).toEqual([
      'parser › (empty name) #2',
      'parser › parses 2',
      'parser › same title',
    ]);
  });

  it('pytest xunit1 against xunit2 of the same run: the same 13 tests, the same outcomes', () => {
    const cmp = compareSummaries(load('pytest-xunit1-base.xml'), load('pytest-xunit2-base.xml'));
    expect(cmp.rlm.case_summary.common_cases).toBe(13);
    expect(cmp.verdict).toBe('promote');
  });
});

describe('real JUnit reports: what a test report does not record is unknown, never 0', () => {
  it('steps, LLM calls and tokens: unknown in the JSON report, the steps gate not judged with its reason; the leaderboard says unknown', async () => {
    const r = await runCli('compare', '--baseline', join(dir, 'jest-junit-base.xml'), '--candidate', join(dir, 'jest-junit-cand.xml'), '--format', 'json');
    expect(JSON.parse(r.stdout).unrecorded).toEqual({
      baseline: ['steps', 'calls', 'tokens'],
      candidate: ['steps', 'calls', 'tokens'],
      not_judged_gates: [{ gate: 'steps', reason: 'not judged: neither run records steps' }],
    });
    const lb = await runCli('leaderboard', join(dir, 'jest-junit-base.xml'), '--by', 'steps', '--format', 'json');
    expect(lb.code, lb.stderr).toBe(0);
    expect(JSON.parse(lb.stdout).entries).toMatchObject([{ steps: null, tokens: null }]);
    const significant = await runCli(
      'compare',
      '--baseline',
      join(dir, 'jest-junit-base.xml'),
      '--candidate',
      join(dir, 'jest-junit-cand.xml'),
      '--decide',
      'significant',
    );
    expect(significant.stdout).toContain('| Steps (mean) | unknown | unknown |  |  |  | ≤ +0.5; not judged: neither run records steps | ➖ |');
    const text = await runCli('leaderboard', join(dir, 'jest-junit-base.xml'));
    expect(text.stdout).toMatch(/83\.3% {2}unknown {2}unknown {2}unknown/);
  });
});
