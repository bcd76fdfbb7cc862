// A format given by name (--input-format, the action's `format`, input.format) is read only when the
// file has its shape, and is refused otherwise with an InputError (exit 2) naming the file, what the
// format expects, what is there and the format the file looks like. Issue 42: tau-bench, terminal-bench
// and ctrf forced on another format's file crashed (exit 4, "rows.flatMap is not a function").
// The files are the real ones of __tests__/fixtures/real (their READMEs cite where each comes from).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { fileSource } from '../../../src/adapters/parsing/source.js';
import { ADAPTERS, loadSummary } from '../../../src/adapters/registry.js';
import { inputError } from '../../helpers/input-error.js';

const real = (rel: string): string => fileURLToPath(new URL(`../../fixtures/real/${rel}`, import.meta.url));

/** One real file of each format detection recognises, with that format. */
const FILES: readonly [string, string][] = [
  ['rlm-code', fileURLToPath(new URL('../../fixtures/rlm-code/reward_regression/baseline.json', import.meta.url))],
  ['promptfoo', real('promptfoo/out-single-a-0.121.20.json')],
  ['multihop-qa', real('hotpotqa/hotpot_qa_results.jsonl')],
  ['inspect-ai', real('llm-eval/inspect_log_read_sample.json')],
  ['lm-eval', real('llm-eval/lm-eval-0.4.2-llama-3-8b-gsm8k-results.json')],
  ['terminal-bench', real('agent-bench/terminal-bench-goose-claude-4-sonnet-run1.json')],
  ['tau-bench', real('agent-bench/tau-bench-gpt-4o-airline-trials-0-1.json')],
  ['swe-bench', real('agent-bench/swe-bench-report.json')],
  ['ctrf', real('agent-bench/ctrf-report.json')],
  ['junit', real('junit/jest-junit-base.xml')],
];

describe('a forced format checks the shape of the file', () => {
  it.each(FILES)('the %s file is detected as that format (the table is right)', (format, file) => {
    const source = fileSource(file);
    expect(ADAPTERS.find((a) => !a.byNameOnly && a.mismatch(source, { format: 'auto' }) === null)?.name).toBe(format);
  });

  const pairs = FILES.flatMap(([truth, file]) => ADAPTERS.filter((a) => a.name !== truth && a.name !== 'records').map((a) => [a.name, truth, file] as const));
  it.each(pairs)('forcing %s on the %s file is an InputError naming the file, the shape and the real format', (forced, truth, file) => {
    const adapter = ADAPTERS.find((a) => a.name === forced);
    const msg = inputError(() => loadSummary(file, forced));
    expect(msg.startsWith(`${file}: `)).toBe(true);
    // The format's own reader refusing a near miss names a field instead; only a file of another shape gets here.
    expect(msg).toContain(`expected ${adapter?.shape}, as the input format ${forced} given says`);
    expect(msg).toMatch(/; here: [^;]+; the file looks like [a-z-]+ input \(give that format, or auto\)$/);
    expect(msg).toContain(`looks like ${truth} input`);
  });

  it('names no format when the file matches none', () => {
    const msg = inputError(() => loadSummary(real('agent-bench/README.md'), 'tau-bench'));
    expect(msg).toMatch(/: expected tau-bench results: .*; here: .*; the file matches no format benchgate reads$/);
  });

  it('an XML file forced as a JSON format says it is XML', () => {
    const msg = inputError(() => loadSummary(real('junit/jest-junit-base.xml'), 'ctrf'));
    expect(msg).toMatch(/: expected a CTRF JSON test report: .*; here: not a JSON document \(xml\); the file looks like junit input/);
  });

  it('a JSON syntax error is said as such, whatever the format given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-forced-'));
    try {
      const file = join(dir, 'broken.json');
      writeFileSync(file, '[{"task_id": 1,');
      expect(inputError(() => loadSummary(file, 'tau-bench'))).toMatch(/broken\.json: not valid JSON at line 1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('github-action-benchmark with a direction checks the shape too, and is never what a file looks like', () => {
    const msg = inputError(() => loadSummary(real('agent-bench/ctrf-report.json'), 'github-action-benchmark-bigger'));
    expect(msg).toMatch(/expected github-action-benchmark custom JSON: .*; here: not a non-empty array; the file looks like ctrf input/);
    const gab = inputError(() => loadSummary(real('gab/customBiggerIsBetter_output.json'), 'junit'));
    expect(gab).toContain('the file looks like github-action-benchmark input');
  });
});
