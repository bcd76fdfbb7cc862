/**
 * The JUnit pair `npm run bench` reads: two reports of `tests` test cases each (the target: 50,000
 * must be read in under 2 s), shaped like real ones: 100 test cases per suite, classnames and
 * names with spaces, entities and " › ", about 2 % failures with a CDATA stack trace, 1 % skipped,
 * every 50th with properties and captured output. The candidate breaks one test per thousand.
 * Deterministic (a seeded generator), written afresh each run (a few MB, well under a second).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** mulberry32: a small seeded generator, so the files are the same on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STACK = `AssertionError: expected 41 to equal 42
    at Context.<anonymous> (test/suite.test.js:12:7)
    at process.processImmediate (node:internal/timers:476:21)`;

function testcase(i, outcome, rand) {
  const time = (rand() * 0.05).toFixed(6);
  const attrs = `classname="pkg.module_${Math.floor(i / 500)}.Class &amp; Co" name="test #${i} › handles &quot;case&quot; ${i % 7}" time="${time}"`;
  const extra =
    i % 50 === 0
      ? `<properties><property name="reward" value="${rand().toFixed(3)}"/></properties><system-out><![CDATA[log line for ${i}\n]]></system-out>`
      : '';
  if (outcome === 'failure')
    return `      <testcase ${attrs}><failure message="expected 41 to equal 42" type="AssertionError"><![CDATA[${STACK}]]></failure>${extra}</testcase>`;
  if (outcome === 'skipped') return `      <testcase ${attrs}><skipped message="not on CI"/>${extra}</testcase>`;
  return extra === '' ? `      <testcase ${attrs}/>` : `      <testcase ${attrs}>${extra}</testcase>`;
}

function report(tests, seed, variant) {
  const rand = random(seed);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="bench" tests="${tests}">`];
  for (let s = 0; s * 100 < tests; s++) {
    lines.push(`  <testsuite name="suite ${s}" tests="100" time="1.0">`);
    for (let i = s * 100; i < Math.min(tests, (s + 1) * 100); i++) {
      const r = rand();
      const broken = variant === 'candidate' && i % 1000 === 999;
      lines.push(testcase(i, broken || r < 0.02 ? 'failure' : r < 0.03 ? 'skipped' : 'passed', rand));
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/**
 * Writes the pair into `outDir`.
 * @returns {Promise<{baseline: string, candidate: string, bytes: {baseline: number, candidate: number}}>}
 */
export async function writeJunitPair({ outDir, tests, seed }) {
  await mkdir(outDir, { recursive: true });
  const out = { bytes: {} };
  for (const variant of ['baseline', 'candidate']) {
    const text = report(tests, seed, variant);
    const path = join(outDir, `junit-${variant}-${tests}.xml`);
    await writeFile(path, text);
    out[variant] = path;
    out.bytes[variant] = Buffer.byteLength(text);
  }
  return out;
}
