// Regression tests for bugs found in src/adapters while writing adapters*.test.ts (all fixed): each
// failed against the first version of the adapters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { loadSummary, parseSummary } from '../../../src/adapters/registry.js';
import { inputError } from '../../helpers/input-error.js';

const NATIVE = fileURLToPath(new URL('../../fixtures/rlm-code/completion_regression_overall_improved/baseline.json', import.meta.url));
const NATIVE_TEXT = readFileSync(NATIVE, 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'benchgate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('adapter regressions', () => {
  // fromBenchgate reads `(data as { schema }).schema` without checking that data is an object.
  it('--input-format benchgate on a file containing `null` is an InputError, not a TypeError', () => {
    const file = join(tmp, 'null.json');
    writeFileSync(file, 'null');
    expect(inputError(() => loadSummary(file, 'benchgate'))).toMatch(/null\.json: .*expected .*benchgate/);
  });

  // The message claims another benchgate version wrote the file and prints `got undefined` (not JSON).
  it('--input-format benchgate on an rlm-code summary names what $.schema holds, and no other version', () => {
    const msg = inputError(() => parseSummary('base.json', JSON.parse(NATIVE_TEXT), 'benchgate'));
    expect(msg).toMatch(
      /^base\.json: expected a benchgate normalized summary: .*; here: no `schema: "benchgate\.summary\/…"`; the file looks like rlm-code input/,
    );
    expect(msg).not.toMatch(/got undefined/);
    expect(msg).not.toMatch(/another benchgate version/);
  });

  // locateJsonProblem is recursive: on broken JSON nested a few thousand levels deep it overflows the
  // stack (JSON.parse itself copes), and the RangeError escapes instead of an InputError.
  it('deeply nested broken JSON is an InputError, not a stack overflow', () => {
    const file = join(tmp, 'deep.json');
    writeFileSync(file, `{"case_results": ${'['.repeat(100_000)}`);
    expect(inputError(() => loadSummary(file))).toMatch(/deep\.json: not valid JSON/);
  });

  // A NaN literal anywhere is rejected, but 1e999 (= Infinity after JSON.parse) in a field the adapter
  // does not type as a number (expected_answer, unknown fields kept in `extra`) is accepted silently;
  // the normalized summary then writes it as null, so the round trip is not lossless.
  it('1e999 in expected_answer or an unknown row field is rejected, not kept as Infinity', () => {
    const text = NATIVE_TEXT.replace('"expected_answer": null', '"expected_answer": 1e999, "weight": -1e999');
    expect(text).not.toBe(NATIVE_TEXT);
    const file = join(tmp, 'inf-extra.json');
    writeFileSync(file, text);
    expect(inputError(() => loadSummary(file))).toMatch(/case "chunked_analysis" .*\$\.case_results\[0\]\.(expected_answer|weight).*finite/);
  });

  // fromBenchgate formats zod issues with the default `where`, so a bad case in a normalized summary
  // does not name its case id, and zod's own message is shown ("Invalid input: expected boolean,
  // received string, got …").
  it('a bad case in a benchgate summary is named by case id, in benchgate wording', () => {
    const s = JSON.parse(JSON.stringify(loadSummary(NATIVE))) as { cases: Record<string, unknown>[] };
    (s.cases[1] as Record<string, unknown>).completed = 'false';
    const msg = inputError(() => parseSummary('norm.json', s));
    expect(msg).toMatch(/case "iterative_refinement"/);
    expect(msg).toMatch(/expected a boolean/);
    expect(msg).not.toMatch(/Invalid input/);
  });

  it('duplicate ids in a benchgate summary name both positions', () => {
    const s = JSON.parse(JSON.stringify(loadSummary(NATIVE))) as { cases: Record<string, unknown>[] };
    (s.cases[2] as Record<string, unknown>).id = 'chunked_analysis';
    expect(inputError(() => parseSummary('norm.json', s))).toMatch(/\$\.cases\[0\].*\[2\]/);
  });

  // describeIssue only rewords messages that start with "expected "; zod's default type error for the
  // nested objects (usage, usage.roles.*, latency_seconds, usage_totals) slips through.
  it('usage of the wrong type is reported in benchgate wording, not zod wording', () => {
    const s = JSON.parse(NATIVE_TEXT) as { case_results: Record<string, unknown>[] };
    (s.case_results[1] as Record<string, unknown>).usage = 'n/a';
    const msg = inputError(() => parseSummary('base.json', s));
    expect(msg).toMatch(/^base\.json: case "iterative_refinement" \(\$\.case_results\[1\]\.usage\): expected /);
    expect(msg).not.toMatch(/Invalid input/);
  });
});
