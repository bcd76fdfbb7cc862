/**
 * No sentence of the evidence contradicts the report's table (issue 42): for every evidence pair
 * and for the cases where a step count is known but no trajectory is (both sides, one side, a
 * trajectory shorter than the row's count), the rendered markdown report and the HTML page are read
 * back, and every step count, outcome and reward they state is checked against the regressed-cases
 * table's row of the case.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { loadSummary } from '../../../src/adapters/registry.js';
import { compareSummaries, type Comparison } from '../../../src/analysis/compare.js';
import { collectEvidence, regressedIds } from '../../../src/analysis/evidence/collect.js';
import type { Obj } from '../../../src/analysis/evidence/model.js';
import { parseTrajectory } from '../../../src/analysis/evidence/rlm-code.js';
import { gatherEvidence } from '../../../src/load/evidence.js';
import { renderEvidenceHtml } from '../../../src/report/evidence-html.js';
import { renderMarkdown } from '../../../src/report/markdown-report.js';
import { NO_FIELDS } from '../../../src/schema/pack.js';
import type { CaseResult } from '../../../src/schema/summary.js';
import { asLoaded } from '../../helpers/rlm-builder.js';

const dir = new URL('../../fixtures/evidence/', import.meta.url).pathname;
const opts = { format: 'auto' };
const RLM = {
  baseline: `${dir}rlm-code/baseline/rlm/benchmarks/bench_20261127_040327_458153.json`,
  candidate: `${dir}rlm-code/candidate/rlm/benchmarks/bench_20261127_040327_685468.json`,
};
const CANDIDATE_RUN = `${dir}rlm-code/candidate/rlm/runs/run_20261127_040327_744240.jsonl`;

function compared(b: string, c: string): Comparison {
  const cmp = compareSummaries(asLoaded(b, loadSummary(b, opts), NO_FIELDS), asLoaded(c, loadSummary(c, opts), NO_FIELDS));
  cmp.evidence = gatherEvidence(cmp, { baseline: b, candidate: c }, { baseline: opts, candidate: opts });
  return cmp;
}

/** The rlm-code pair with each side's trajectory as given: `undefined` none (the row only), else these events. */
function rlmWith(trajectories: { baseline?: Obj[]; candidate?: Obj[] }): Comparison {
  const cmp = compareSummaries(asLoaded('b', loadSummary(RLM.baseline, opts), NO_FIELDS), asLoaded('c', loadSummary(RLM.candidate, opts), NO_FIELDS));
  const rows = (file: string): Map<string, CaseResult> => new Map(loadSummary(file, opts).cases.map((c) => [c.id, { ...c, run_path: null }]));
  cmp.evidence = {
    cases: collectEvidence(cmp, regressedIds(cmp).ids, {
      rows: { baseline: rows(RLM.baseline), candidate: rows(RLM.candidate) },
      trajectory: (side) => {
        const events = trajectories[side];
        return events === undefined ? undefined : { events, missing: null };
      },
    }),
    more: 0,
  };
  return cmp;
}

interface TableRow {
  outcome: [string, string];
  reward: [string, string];
  steps: [number, number] | null;
}

const cells = (line: string): string[] => line.split(' | ').map((c) => c.replace(/^\| ?| ?\|$/g, '').trim());

/** The regressed-cases table of the markdown report, by case id. */
function regressedTable(md: string): Map<string, TableRow> {
  const lines = md.split('\n');
  const at = lines.indexOf('**Regressed cases**');
  expect(at).toBeGreaterThanOrEqual(0);
  const header = cells(lines[at + 2] as string);
  const out = new Map<string, TableRow>();
  for (const line of lines.slice(at + 4)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const get = (name: string): string => row[header.indexOf(name)] as string;
    const [rb, rc] = get('Reward').split(' → ') as [string, string];
    const steps = header.includes('Steps') ? (get('Steps').split(' → ').map(Number) as [number, number]) : null;
    out.set(get('Case').replace(/`/g, ''), { outcome: [get('Baseline'), get('Candidate')], reward: [rb, rc], steps });
  }
  return out;
}

/** Each case's folded evidence block: its summary line and its body. */
function folds(md: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of md.matchAll(/<details><summary>Evidence, regressed case \d+ of \d+: [^\n]*<\/summary>\n\nCase `([^`]+)`[\s\S]*?<\/details>/g))
    out.set(m[1] as string, m[0]);
  return out;
}

/** Every step count a text states, side by side ("2 → 3 steps") or per side ("baseline: trajectory, 2 steps"). */
function checkSteps(text: string, steps: [number, number] | null, where: string): void {
  expect(text, where).not.toMatch(/no steps recorded/i);
  if (steps === null) return;
  for (const m of text.matchAll(/(\d+) → (\d+) steps/g)) expect([Number(m[1]), Number(m[2])], `${where}: ${m[0]}`).toEqual(steps);
  for (const [k, side] of ['baseline', 'candidate'].entries()) {
    const said = new RegExp(`${side}: (?:trajectory, |case row, |no row, )(\\d+) steps?|${side}: trajectory of \\d+ steps? \\(the row counts (\\d+)\\)`).exec(
      text,
    );
    if (said !== null) expect(Number(said[1] ?? said[2]), `${where}: ${said[0]}`).toBe(steps[k]);
  }
}

const unescape = (html: string): string =>
  html.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] as string);

/** The HTML page's facts (outcome, reward, steps) and reason of the case, checked against the table row. */
function checkHtml(html: string, id: string, row: TableRow, reason: string): void {
  const art = new RegExp(`<article id="case-\\d+"><h2>Case <code>${id}</code></h2>[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
  expect(art, id).not.toBe('');
  const fact = (label: string): [string, string] => {
    const m = new RegExp(`<tr><th scope="row">${label}</th><td>(.*?)</td><td>(.*?)</td></tr>`).exec(art);
    return [m?.[1] ?? '', m?.[2] ?? ''];
  };
  const word = (cell: string): string => (/error/.test(cell) ? 'error' : /not completed/.test(cell) ? 'not completed' : 'completed');
  expect(fact('Outcome').map(word)).toEqual(row.outcome.map(word));
  expect(fact('Reward')).toEqual(row.reward);
  if (row.steps !== null) expect(fact('Steps').map(Number)).toEqual(row.steps);
  expect(unescape(/<p class="reason"><span class="kind">[a-z]+<\/span> (.*?)<\/p>/.exec(art)?.[1] ?? '')).toBe(reason);
  checkSteps(
    unescape(art.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).replace(/(baseline|candidate) (rlm-code|tau-bench|inspect-ai|promptfoo) · /gi, '$1: '),
    row.steps,
    `${id} (html)`,
  );
}

function checkReport(cmp: Comparison): number {
  const md = renderMarkdown(cmp);
  const table = regressedTable(md);
  const byCase = folds(md);
  const html = renderEvidenceHtml(cmp);
  let checked = 0;
  for (const e of cmp.evidence?.cases ?? []) {
    const row = table.get(e.case_id);
    const fold = byCase.get(e.case_id);
    expect(row, e.case_id).toBeDefined();
    expect(fold, e.case_id).toBeDefined();
    checkSteps(fold as string, (row as TableRow).steps, e.case_id);
    // The case's reward is the table's; a step's reward is named as such.
    expect(fold).not.toMatch(/^\| Reward \|/m);
    expect(fold).toContain(`: ${e.divergence.reason}</summary>`);
    checkHtml(html, e.case_id, row as TableRow, e.divergence.reason);
    // One highlighted step per side that has a parting step, and it is the one the markdown names.
    const parted = [...html.matchAll(/<li class="step [^"]*parted[^"]*" id="case-\d+-(baseline|candidate)-part"><div class="head"><b>Step (\d+)<\/b>/g)];
    const expected = (['baseline', 'candidate'] as const).flatMap((s) => {
      const st = e.divergence[`${s}_step`];
      return st === null ? [] : [[s, String(st.step)]];
    });
    expect(parted.map((m) => [m[1], m[2]])).toEqual(expected);
    checked++;
  }
  return checked;
}

describe('the evidence agrees with the table', () => {
  it.each(['rlm-code', 'inspect-ai', 'promptfoo', 'tau-bench', 'tau-bench-later'])('%s pair', (name) => {
    const [b, c] = name === 'rlm-code' ? [RLM.baseline, RLM.candidate] : [`${dir}${name}/baseline.json`, `${dir}${name}/candidate.json`];
    expect(checkReport(compared(b as string, c as string))).toBe(1);
  });

  const candidateEvents = parseTrajectory(readFileSync(CANDIDATE_RUN, 'utf8')).events;
  it('step counts known, no trajectory on either side: the counts, not "no steps recorded"', () => {
    const cmp = rlmWith({});
    expect(checkReport(cmp)).toBe(1);
    expect(cmp.evidence?.cases[0]?.divergence.reason).toBe('2 → 3 steps; no step-by-step trajectory is recorded; the final answers differ');
    expect(renderMarkdown(cmp)).toContain('baseline: case row, 2 steps, no step-by-step trajectory');
    expect(renderEvidenceHtml(cmp)).toContain('2 steps, but no step-by-step trajectory recorded.');
  });
  it('a trajectory on one side only: no parting told, the counts still the table’s', () => {
    const cmp = rlmWith({ candidate: candidateEvents });
    expect(checkReport(cmp)).toBe(1);
    expect(cmp.evidence?.cases[0]?.divergence.kind).toBe('unrecorded');
  });
  it('a trajectory shorter than the row’s count says both numbers', () => {
    const cmp = rlmWith({ candidate: candidateEvents.filter((e, i) => e['type'] !== 'step' || i < 2) });
    expect(checkReport(cmp)).toBe(1);
    expect(renderMarkdown(cmp)).toContain('candidate: trajectory of 2 steps (the row counts 3)');
  });
  it('the checker can fail: a fold that says "no steps recorded" beside 2 → 3 is caught', () => {
    const cmp = rlmWith({});
    const e = cmp.evidence?.cases[0];
    if (e !== undefined) e.divergence = { ...e.divergence, reason: 'no steps recorded; the final answers differ' };
    expect(() => checkReport(cmp)).toThrow(/no steps recorded/);
    const wrong = rlmWith({});
    const w = wrong.evidence?.cases[0];
    if (w !== undefined) w.divergence = { ...w.divergence, reason: '0 → 3 steps; only the candidate recorded steps' };
    expect(() => checkReport(wrong)).toThrow(/0 → 3 steps/);
  });
});
