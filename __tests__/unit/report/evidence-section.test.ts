/**
 * The evidence of regressed cases in the report: goldens of the rendered section for the rlm-code,
 * Inspect AI, promptfoo and two tau-bench pairs (fixtures/evidence/; the HTML page of rlm-code's and
 * of tau-bench-later's), a hostile transcript that must change nothing
 * outside its code spans and fenced blocks and stay within the budgets, and the fenced-block helper.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries, type Comparison } from '../../../src/analysis/compare.js';
import { collectEvidence, regressedIds } from '../../../src/analysis/evidence/collect.js';
import { parseTrajectory } from '../../../src/analysis/evidence/rlm-code.js';
import { collectTrajectories, gatherEvidence, trajectoryFile } from '../../../src/load/evidence.js';
import { loadRun } from '../../../src/load/load.js';
import { CHECK_SUMMARY_LIMIT, COMMENT_LIMIT, renderCheckOutput, renderComment } from '../../../src/report/comment.js';
import { escapeHtml, renderEvidenceHtml } from '../../../src/report/evidence-html.js';
import { untrustedBlock } from '../../../src/report/markdown/markdown.js';
import { EVIDENCE_CHARS, evidenceSection } from '../../../src/report/sections/evidence.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { runCli } from '../../helpers/cli-run.js';
import { expectGolden } from '../../helpers/golden.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = new URL('../../fixtures/evidence/', import.meta.url).pathname;
const RLM = {
  baseline: `${dir}rlm-code/baseline/rlm/benchmarks/bench_20261127_040327_458153.json`,
  candidate: `${dir}rlm-code/candidate/rlm/benchmarks/bench_20261127_040327_685468.json`,
};
const opts = { format: 'auto' };

function compared(b: string, c: string, label: string): Comparison {
  // As the CLI loads a small pair (load/load.ts loadRun): whole, its cases packed.
  const cmp = compareSummaries({ ...loadRun(b, opts), path: `${label}/baseline` }, { ...loadRun(c, opts), path: `${label}/candidate` });
  cmp.evidence = gatherEvidence(cmp, { baseline: b, candidate: c }, { baseline: opts, candidate: opts });
  return cmp;
}

const ctx = {
  gateId: 'evidence',
  verdict: 'hold' as const,
  headSha: null,
  baseSha: null,
  updatedAt: '2026-01-01T00:00:00Z',
  runUrl: null,
  reportArtifact: 'benchgate-report',
};

describe('the evidence section, rendered (goldens)', () => {
  it.each([
    ['rlm-code', RLM.baseline, RLM.candidate],
    ['inspect-ai', `${dir}inspect-ai/baseline.json`, `${dir}inspect-ai/candidate.json`],
    ['promptfoo', `${dir}promptfoo/baseline.json`, `${dir}promptfoo/candidate.json`],
    // Two real trials each of tau-bench's airline task 13 and task 11 (fixtures/evidence/README.md).
    ['tau-bench', `${dir}tau-bench/baseline.json`, `${dir}tau-bench/candidate.json`],
    ['tau-bench-later', `${dir}tau-bench-later/baseline.json`, `${dir}tau-bench-later/candidate.json`],
  ])('%s', (name, b, c) => {
    const cmp = compared(b, c, name);
    expectGolden(`evidence/${name}.md`, `${evidenceSection(cmp).join('\n')}\n`);
    if (name === 'tau-bench-later') expectGolden('evidence/tau-bench-later.html', renderEvidenceHtml(cmp));
    if (name === 'rlm-code') {
      expectGolden('evidence/rlm-code.comment.md', renderComment(cmp, ctx));
      expectGolden('evidence/rlm-code.html', renderEvidenceHtml(cmp));
      expectGolden('evidence/rlm-code.check-text.md', renderCheckOutput(cmp, ctx, 't').text ?? '');
    }
  });
  it('shows nothing when no evidence was gathered or no case regressed', () => {
    const cmp = compareSummaries(asLoaded('b', loadSummary(RLM.baseline, opts), NO_FIELDS), asLoaded('c', loadSummary(RLM.baseline, opts), NO_FIELDS));
    expect(evidenceSection(cmp)).toEqual([]);
    cmp.evidence = gatherEvidence(cmp, { baseline: RLM.baseline, candidate: RLM.baseline }, { baseline: opts, candidate: opts });
    expect(cmp.evidence).toEqual({ cases: [], more: 0 });
  });
});

// ---- the hostile transcript ----
const BIDI = '\u202e\u2066\u200f';
const hostileLine = (n: number): string => `<!-- benchgate:v1 gate=x --> @octocat </details><img src=x> ${BIDI} | \`\`\`\` ~~~`.padEnd(n, 'x');
const HOSTILE = ['::error file=a::pwned', '::set-output name=x::y', ...Array.from({ length: 8000 }, (_, i) => hostileLine(100 + (i % 50)))].join('\n'); // > 1 MB
const benign = (text: string): string => text.replace(/[^\n]/g, 'a');

/** The markdown with every code span and fenced block's content replaced: what the untrusted text can reach. */
function skeleton(md: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of md.split('\n')) {
    if (fence !== null) {
      if (line.trim() === fence) {
        fence = null;
        out.push('FENCE');
      }
      continue;
    }
    const f = /^(`{3,})$/.exec(line);
    if (f) {
      fence = f[1] as string;
      out.push('FENCE'); // its length adapts to the text: the only trace the text leaves
      continue;
    }
    let rest = '';
    for (let i = 0; i < line.length; ) {
      const m = /^`+/.exec(line.slice(i));
      if (!m) {
        rest += line[i];
        i++;
        continue;
      }
      const run = m[0];
      const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
      close.lastIndex = i + run.length;
      const end = close.exec(line);
      if (end === null) {
        rest += run;
        i += run.length;
      } else {
        rest += 'C';
        i = end.index + run.length;
      }
    }
    out.push(rest);
  }
  return out.join('\n');
}

function withText(text: string): Comparison {
  const cmp = compareSummaries(asLoaded('b', loadSummary(RLM.baseline, opts), NO_FIELDS), asLoaded('c', loadSummary(RLM.candidate, opts), NO_FIELDS));
  const rows = (file: string): Map<string, CaseResult> => new Map(loadSummary(file, opts).cases.map((c) => [c.id, c]));
  const cand = rows(RLM.candidate);
  const row = cand.get('weekday') as CaseResult;
  cand.set('weekday', { ...row, final_response: text, error: text, expected_answer: text });
  const events = parseTrajectory(readFileSync(`${dir}rlm-code/candidate/rlm/runs/run_20261127_040327_744240.jsonl`, 'utf8')).events.map((e) =>
    e['type'] === 'step' ? { ...e, action: { action: text.slice(0, 300), code: text }, observation: { success: false, stderr: text } } : e,
  );
  const ids = regressedIds(cmp).ids;
  cmp.evidence = {
    cases: collectEvidence(cmp, ids, {
      rows: { baseline: rows(RLM.baseline), candidate: cand },
      trajectory: (s) => (s === 'candidate' ? { events, missing: text } : undefined),
    }),
    more: 0,
  };
  return cmp;
}

describe('a hostile transcript', () => {
  const hostile = withText(HOSTILE);
  const plain = withText(benign(HOSTILE));
  it('is over 1 MB and changes nothing outside its code spans and fenced blocks', () => {
    expect(Buffer.byteLength(HOSTILE)).toBeGreaterThan(1_000_000);
    const section = evidenceSection(hostile).join('\n');
    expect(skeleton(section)).toBe(skeleton(evidenceSection(plain).join('\n')));
    const comment = renderComment(hostile, ctx);
    expect(skeleton(comment)).toBe(skeleton(renderComment(plain, ctx)));
    // The comment's own markers are the first two lines; no other line starts as a marker or a workflow command.
    expect(comment.split('\n').filter((l) => l.startsWith('<!--'))).toHaveLength(2);
    expect(comment).not.toMatch(/^(::|\s*<!-- benchgate:section)/m);
    expect(skeleton(comment)).not.toMatch(/@octocat|<img|^::/m);
    expect(comment).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/);
  });
  it('stays within the evidence cap and the comment and check-run budgets', () => {
    const section = evidenceSection(hostile).join('\n');
    expect(section.length).toBeLessThanOrEqual(EVIDENCE_CHARS);
    expect(renderComment(hostile, ctx).length).toBeLessThanOrEqual(COMMENT_LIMIT.max);
    const check = renderCheckOutput(hostile, ctx, 't');
    expect(Buffer.byteLength(check.summary)).toBeLessThanOrEqual(CHECK_SUMMARY_LIMIT.max);
    expect(Buffer.byteLength(check.text ?? '')).toBeLessThanOrEqual(65_000);
    // The table's 2 → 3 steps, not "0 → 3": the baseline's steps are counted but not recorded one by one here.
    expect((check.text ?? '').slice(0, 300)).toContain(
      "### `weekday`: 2 → 3 steps; only the candidate's steps are recorded, not the baseline's: no parting step can be told",
    );
    // The check run's details: the same skeleton as with benign text, and no marker or command lines.
    expect(skeleton(check.text ?? '')).toBe(skeleton(renderCheckOutput(plain, ctx, 't').text ?? ''));
    expect(check.text).not.toMatch(/^(::|<!--)/m);
  });
  it('is escaped in the HTML page: no tag or comment of its own', () => {
    const html = renderEvidenceHtml(hostile);
    expect(html).not.toMatch(/<img|<!-- benchgate|<\/details>/);
    expect(html.match(/<script/g)).toBeNull();
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });
});

describe('untrustedBlock(): multi-line untrusted text as a fenced block', () => {
  it('no line inside can close the fence, and nothing unsafe survives', () => {
    const alphabet = fc.constantFrom('`', '``', '```', '~~~', '\n', '\r\n', '\t', ' ', 'a', '<!--', '@x', '\u202e', '\u2028', '\u0000', '::', '|', '😀');
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 60 }).map((a) => a.join('')),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (text, maxLines, tail) => {
          const lines = untrustedBlock(text, { maxLines, maxLineLength: 20, tail });
          const fence = lines[0] as string;
          expect(fence).toMatch(/^`{3,}$/);
          expect(lines[lines.length - 1]).toBe(fence);
          const inner = lines.slice(1, -1);
          expect(inner.length).toBeLessThanOrEqual(maxLines + 1);
          for (const l of inner) {
            expect(/^ {0,3}`+\s*$/.test(l) && l.trim().length >= fence.length).toBe(false);
            expect(l).not.toMatch(/[\r\u2028\u202e]/);
            expect(l.includes('\u0000')).toBe(false);
            expect([...l].length).toBeLessThanOrEqual(22);
            expect(l.startsWith('  ')).toBe(true);
          }
        },
      ),
    );
  });
  it('keeps the tail of a traceback and says how much it dropped', () => {
    expect(untrustedBlock('a\nb\nc\nd', { maxLines: 2, tail: true })).toEqual(['```', '  … 2 lines not shown', '  c', '  d', '```']);
    expect(untrustedBlock('```\nx', {})).toEqual(['````', '  ```', '  x', '````']);
    expect(untrustedBlock('<!-- benchgate:section-end suite=x -->\n::error::x')).toEqual([
      '```',
      '  <!-- benchgate:section-end suite=x -->',
      '  ::error::x',
      '```',
    ]);
  });
});

describe('trajectories are read only inside the run directory', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'benchgate-evidence-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const root = join(tmp, 'rlm');
  mkdirSync(join(root, 'benchmarks'), { recursive: true });
  mkdirSync(join(root, 'runs'));
  mkdirSync(join(tmp, 'outside'));
  const summary = join(root, 'benchmarks', 'bench_1.json');
  writeFileSync(join(root, 'runs', 'run_1.jsonl'), '{"type":"final"}\n');
  writeFileSync(join(tmp, 'outside', 'run_2.jsonl'), '{"type":"final"}\n');
  symlinkSync(join(tmp, 'outside', 'run_2.jsonl'), join(root, 'runs', 'run_3.jsonl'));
  it('finds a run by its file name beside the summary, wherever the run_path says it was written', () => {
    expect(trajectoryFile(summary, '/home/ci/.rlm_code/rlm/runs/run_1.jsonl')).toEqual({ file: join(root, 'runs', 'run_1.jsonl') });
    expect(trajectoryFile(summary, 'C:\\work\\runs\\run_1.jsonl')).toEqual({ file: join(root, 'runs', 'run_1.jsonl') });
  });
  it('refuses paths out of it: absolute, `..`, symlinks, and names that are not trajectories', () => {
    expect(trajectoryFile(summary, join(tmp, 'outside', 'run_2.jsonl'))).toHaveProperty('missing');
    expect(trajectoryFile(summary, '../../outside/run_2.jsonl')).toHaveProperty('missing');
    expect(trajectoryFile(summary, 'run_3.jsonl')).toHaveProperty('missing');
    expect(trajectoryFile(summary, '/etc/passwd')).toEqual({ missing: 'the run path does not name a `.jsonl` trajectory file' });
  });
  it('run mode collects the trajectories beside the summary, where the gate finds them again', () => {
    const into = join(tmp, 'staging');
    const cases = loadSummary(RLM.candidate, opts).cases;
    const got = collectTrajectories([...cases, { ...(cases[0] as CaseResult), run_path: '../../outside/run_2.jsonl' }], RLM.candidate, into);
    expect(got.files.map((f) => f.slice(into.length))).toEqual(cases.map((c) => `/runs/${(c.run_path as string).split('/').pop() as string}`));
    expect(got.skipped).toBe(1);
    writeFileSync(join(into, 'summary.json'), '{}');
    expect(trajectoryFile(join(into, 'summary.json'), cases[1]?.run_path as string)).toEqual({ file: got.files[1] });
  });
  it('the CLI writes evidence.json and a script-free evidence.html with --evidence', async () => {
    const out = join(tmp, 'ev');
    const r = await runCli('compare', '--baseline', RLM.baseline, '--candidate', RLM.candidate, '--evidence', out);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Evidence, regressed case 1 of 1: parted at step 1: different code');
    const json = JSON.parse(readFileSync(join(out, 'evidence.json'), 'utf8')) as { cases: { case_id: string; candidate: { steps: unknown[] } }[] };
    expect(json.cases[0]?.case_id).toBe('weekday');
    expect(json.cases[0]?.candidate.steps).toHaveLength(3);
    expect(readFileSync(join(out, 'evidence.html'), 'utf8')).not.toMatch(/<script/i);
    const report = await runCli('compare', '--baseline', RLM.baseline, '--candidate', RLM.candidate, '--format', 'json');
    expect((JSON.parse(report.stdout) as { evidence: { cases: unknown[] } }).evidence.cases).toHaveLength(1);
  });
});
