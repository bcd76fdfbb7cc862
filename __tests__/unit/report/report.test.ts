/**
 * Rendered reports against golden files (UPDATE_GOLDEN=1 npm test rewrites them), plus the README's
 * embedded sample report, which must be the golden file byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries } from '../../../src/analysis/compare.js';
import type { LoadedSummary } from '../../../src/analysis/model.js';
import type { CaseRow } from '../../../src/analysis/rlm/pair.js';
import type { Thresholds } from '../../../src/analysis/rlm/thresholds.js';
import { caseRowJson, renderJson, renderJsonChunks, toJsonReport } from '../../../src/report/json-report.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import { demoComparison } from '../../helpers/demo-pair.js';
import { readDocs } from '../../helpers/docs.js';
import { expectGolden, GOLDEN_DIR } from '../../helpers/golden.js';
import { asLoaded, loaded } from '../../helpers/rlm-builder.js';

const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const load = (rel: string): LoadedSummary => asLoaded(rel, loadSummary(`${fixtures}${rel}`), NO_FIELDS);

function samplePair(dir: string) {
  const thresholds = JSON.parse(readFileSync(`${fixtures}rlm-code/${dir}/thresholds.json`, 'utf8')) as Thresholds;
  return compareSummaries(load(`rlm-code/${dir}/baseline.json`), load(`rlm-code/${dir}/candidate.json`), { thresholds });
}

describe("markdown and JSON reports of rlm-code's sample pairs", () => {
  const samples = readdirSync(`${fixtures}rlm-code`).sort();
  it.each(samples)('%s', (dir) => {
    const cmp = samplePair(dir);
    expectGolden(`${dir}.md`, renderMarkdown(cmp));
    expectGolden(`${dir}.json`, renderJson(cmp));
  });
  it('a failed steps gate never reads as equal to its threshold', () => {
    const md = renderMarkdown(samplePair('steps_just_over_050'));
    expect(md).toMatch(/\| Steps \(mean\) \| 3\.00 \| 3\.51 \| \+0\.51 \| ≤ \+0\.5 \| ❌ \|/);
  });
});

describe('the demo report shown in the README', () => {
  // With the evidence fold, as `npm run demo` writes it (e2e/demo-doc.test.ts compares with a real run).
  const cmp = demoComparison();
  const md = renderMarkdown(cmp);
  it('matches its golden file', () => {
    expectGolden('demo.md', md);
  });
  it('is embedded in the README byte for byte', () => {
    const readme = readDocs();
    const m = /<!-- report-start -->\n([\s\S]*?)<!-- report-end -->/.exec(readme);
    expect(m, 'README has <!-- report-start --> … <!-- report-end -->').not.toBeNull();
    expect(m?.[1]).toBe(readFileSync(`${GOLDEN_DIR}demo.md`, 'utf8'));
  });
});

describe('reports under the significant policy', () => {
  it('the demo pair (10 cases: every sign pattern enumerated)', () => {
    const cmp = compareSummaries(load('demo/baseline.json'), load('demo/candidate.json'), { decide: 'significant' });
    expect(cmp.significance?.method).toBe('exact');
    expectGolden('demo-significant.md', renderMarkdown(cmp));
    expectGolden('demo-significant.json', renderJson(cmp));
  });
  it('three trials per side: the cases that completed less often, with pass@k, pass^k and noise marks', () => {
    const trial = (side: 'b' | 'c', t: number) =>
      loaded(
        {
          strategy: side === 'b' ? 'tool_call' : 'codemode',
          cases: Array.from({ length: 24 }, (_, i) => ({
            id: `case_${String(i).padStart(2, '0')}`,
            // Cases 0-3 always complete on the baseline; on the candidate, 0-1 never do, 2-3 fail once.
            completed: side === 'b' ? i < 4 || i % 3 !== t % 3 : i < 2 ? false : i < 4 ? t !== 1 : i % 3 !== (t + 1) % 3,
            steps: 3 + ((i + t) % 3),
          })),
        },
        `${side}${t}.json`,
      );
    const b = [0, 1, 2].map((t) => trial('b', t));
    const c = [0, 1, 2].map((t) => trial('c', t));
    const cmp = compareSummaries(b[0] as LoadedSummary, c[0] as LoadedSummary, { decide: 'significant', trials: { baseline: b, candidate: c } });
    expect(cmp.significance?.trials).toEqual({ baseline: 3, candidate: 3 });
    const md = renderMarkdown(cmp);
    expect(md).toContain('| `case_00` | 3/3 | 0/3 | 1.00 → 0.00 | 1.00 → 0.00 | p=0.05 |');
    expect(md).toContain('| `case_02` | 3/3 | 2/3 | 1.00 → 1.00 | 1.00 → 0.00 | ~ (p=0.5) |');
    expectGolden('trials-significant.md', md);
  });
});

/** Removes code spans (a run of n backticks up to the next run of exactly n), as CommonMark pairs them. */
function stripCodeSpans(md: string): string {
  let out = '';
  let i = 0;
  while (i < md.length) {
    const open = /`+/.exec(md.slice(i));
    if (!open) return out + md.slice(i);
    out += md.slice(i, i + open.index);
    const start = i + open.index + open[0].length;
    const close = new RegExp(`(?<!\`)${open[0]}(?!\`)`).exec(md.slice(start));
    if (!close) return out + md.slice(i + open.index);
    out += '<code/>';
    i = start + close.index + open[0].length;
  }
  return out;
}

describe('hostile strings from a summary cannot break the report', () => {
  const evil = {
    id: '<script>alert(1)</script>',
    preset: '**preset** [x](https://evil.example)',
    strategy: '@octocat`|',
  };
  const base = loaded({ id: evil.id, preset: evil.preset, strategy: 'tool_call', cases: [{ id: 'a|b\n| x | y |' }, { id: '<img src=x>' }, { id: 'ok' }] });
  const cand = loaded({
    id: 'bench_c',
    preset: evil.preset,
    strategy: evil.strategy,
    cases: [{ id: 'a|b\n| x | y |', error: '</details>\n\n# pwned @here' }, { id: 'ok' }, { id: '\u202eevil' }],
  });
  const md = renderMarkdown(compareSummaries(base, cand));

  it('matches its golden file', () => {
    expectGolden('hostile.md', md);
  });
  it('has no raw HTML or mention from the input outside code spans, and table rows keep their columns', () => {
    const outside = stripCodeSpans(md);
    expect(outside).not.toMatch(/<script|<img|<\/details>\s*# pwned|@octocat|@here|\[x\]\(https/);
    expect(md.split('\n').filter((l) => l.includes('pwned'))).toHaveLength(1);
    for (const block of md.split('\n\n')) {
      const rows = block.split('\n').filter((l) => l.startsWith('| '));
      if (rows.length === 0) continue;
      const widths = rows.map((r) => r.slice(2, -2).split(/(?<!\\)\|/).length);
      expect(new Set(widths).size, block).toBe(1);
    }
  });
  it('opens and closes every <details> outside code spans', () => {
    const outside = stripCodeSpans(md);
    expect(outside.match(/<details>/g)?.length).toBe(outside.match(/<\/details>/g)?.length);
  });
});

describe('the chunked JSON writer', () => {
  it('writes the report as valid JSON with one line per case, for full and empty runs', () => {
    const full = samplePair('steps_just_over_050');
    const empty = compareSummaries(loaded({ cases: [] }), loaded({ cases: [] }));
    for (const cmp of [full, empty]) {
      const text = renderJson(cmp);
      expect(JSON.parse(text)).toStrictEqual(JSON.parse(JSON.stringify(toJsonReport(cmp))));
      expect(text.split('\n').filter((l) => l.startsWith('    {"case_id":'))).toHaveLength(cmp.cases.length);
    }
    expect(renderJson(full)).toMatch(/^\{\n {2}"candidate_id": "bench_20260305_113000_902113",\n/);
    expect([...renderJsonChunks(full)].length).toBeGreaterThan(2);
  });
  it('writes rows across many chunks and rows larger than the room left in a chunk, byte for byte', () => {
    // ~40,000 rows of ~500 bytes: the rows fill and hand on many 1 MiB chunks; a 300 KB id and ids
    // with escapes and non-ASCII text fall on the way.
    const ids = Array.from({ length: 40_000 }, (_, i) =>
      i === 777 ? 'x'.repeat(300_000) : i % 997 === 0 ? `é"\\\u0001 ${i} 🎲` : `case-${String(i).padStart(6, '0')}-${'a'.repeat(i % 50)}`,
    );
    const side = (reward: (i: number) => number) =>
      loaded({ cases: ids.map((id, i) => ({ id, reward: reward(i), steps: i % 7, completed: i % 3 !== 0, error: i % 501 === 0 ? `bad\n${i}` : null })) });
    const cmp = compareSummaries(
      side((i) => i / 7),
      side((i) => (i % 5) - 0.1),
    );
    const pieces = [...renderJsonChunks(cmp)];
    expect(pieces.filter((p) => typeof p !== 'string').length).toBeGreaterThan(15);
    const text = renderJson(cmp);
    const report = toJsonReport(cmp);
    const rows = report.cases.map((row) => JSON.stringify(row)).join(',\n    ');
    const expected = JSON.stringify({ ...report, cases: [] }, null, 2).replace('\n  "cases": []', () => `\n  "cases": [\n    ${rows}\n  ]`);
    expect(text).toBe(`${expected}\n`);
  });
  it('builds each case row exactly as JSON.stringify would, hostile strings and -0 included', () => {
    const hostile = compareSummaries(
      loaded({
        cases: [
          { id: '"quoted"\\\n\u2028\u0000', reward: -0 },
          { id: 'b', error: 'x"y' },
        ],
      }),
      loaded({
        cases: [
          { id: 'b', reward: 1e-7 },
          { id: 'c', reward: 123456789.125 },
        ],
      }),
    );
    for (const cmp of [hostile, samplePair('steps_just_over_050')]) {
      for (const row of cmp.cases) expect(caseRowJson(row)).toBe(JSON.stringify(row));
    }
  });
  it('builds rows for every combination of the flags a row holds', () => {
    const base = samplePair('steps_just_over_050').cases.at(0);
    const flags = [
      'in_baseline',
      'in_candidate',
      'baseline_completed',
      'candidate_completed',
      'completion_regression',
      'reward_regression',
      'baseline_guardrail_blocked',
      'candidate_guardrail_blocked',
    ] as const;
    for (let bits = 0; bits < 1 << flags.length; bits++) {
      const row: CaseRow = { ...base, baseline_error: bits % 3 === 0 ? null : 'e', candidate_error: bits % 5 === 0 ? 'é\n' : null };
      flags.forEach((flag, i) => void (row[flag] = (bits & (1 << i)) !== 0));
      expect(caseRowJson(row)).toBe(JSON.stringify(row));
    }
  });
});
