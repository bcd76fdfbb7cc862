import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

import { ROW_FIELDS } from '../../../src/adapters/formats/rlm-code-fields.js';
import { memoryLimitError, STREAM_SUMMARY_SCHEMA, streamable, streamPackRlmCode } from '../../../src/adapters/formats/rlm-code-stream.js';
import { loadPackedSummary } from '../../../src/adapters/registry.js';
import { COLUMNS } from '../../../src/schema/pack.js';
import { SUMMARY_SCHEMA } from '../../../src/schema/summary.js';

const tmp = mkdtempSync(join(tmpdir(), 'benchgate-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const root = new URL('../../fixtures/', import.meta.url).pathname;
const shared = new URL('../../../../shared/samples/', import.meta.url).pathname;

/** Every JSON file under `dir` (none when it does not exist). */
function jsonFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f))
      .filter((f) => statSync(f).isFile());
  } catch {
    return [];
  }
}

/** The full path's answer: its packed summary, or its error message. */
function full(file: string): { packed: unknown } | { error: string } {
  try {
    const packed = loadPackedSummary(file, 'auto');
    return packed.head.format === 'rlm-code' ? { packed } : { error: `read as ${packed.head.format}` };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The streaming reader agrees with the full path: the same packed summary, or null (the full path then answers). */
function agrees(file: string, chunk?: number): 'streamed' | 'left' {
  const want = full(file);
  const got = streamPackRlmCode(file, chunk);
  if (got === null) return 'left';
  expect('packed' in want ? want.packed : want).toEqual(got);
  return 'streamed';
}

describe('the streaming rlm-code reader', () => {
  it('names the same schema as the full reader, and keeps the strings the packed form keeps', () => {
    expect(STREAM_SUMMARY_SCHEMA).toBe(SUMMARY_SCHEMA);
    // The fields come from the one table; the strings it marks packed are the label columns and the error.
    const packed = Object.entries(ROW_FIELDS).filter(([, spec]) => 'packed' in spec && spec.packed);
    expect(packed.map(([key]) => key).sort()).toEqual([...COLUMNS, 'error'].sort());
  });

  it('reads every rlm-code fixture and sample as the full reader does, in chunks of any size', () => {
    const files = [
      ...jsonFiles(`${root}rlm-code`),
      ...jsonFiles(`${root}demo`),
      ...jsonFiles(`${root}adapters`),
      ...jsonFiles(`${shared}rlm-code`),
      ...jsonFiles(`${root}real`),
    ];
    let streamed = 0;
    for (const file of files) {
      for (const chunk of [undefined, 7, 64, 1000]) if (agrees(file, chunk) === 'streamed') streamed++;
    }
    // Most of them are plain rlm-code summaries, which it reads itself.
    expect(streamed).toBeGreaterThanOrEqual(40);
  });

  it('only takes the load options it handles', () => {
    expect(streamable({ format: 'auto' })).toBe(true);
    expect(streamable({ format: 'rlm-code', keep: { numbers: [], labels: [] } })).toBe(true);
    expect(streamable({ format: 'junit' })).toBe(false);
    expect(streamable({ format: 'auto', model: 'm' })).toBe(false);
    expect(streamable({ format: 'auto', keep: { numbers: ['score'], labels: [] } })).toBe(false);
  });

  it('says how much memory the cases need and what the limit is when they would not fit', () => {
    expect(memoryLimitError('big.json', 5_000_000_000, 1234, 4_000_000_000, 2 ** 31)).toBe(
      "big.json: 5000000000 bytes, 1234 cases read so far: loading them needs about 3815 MiB of memory, over this process's limit of 2048 MiB; raise the limit (NODE_OPTIONS=--max-old-space-size=MiB) or give a smaller file",
    );
  });
});

const label = fc.constantFrom('generic', 'harness', 'dspy', 'a"quote', 'tab\there', 'é', '日本', '\u2028', '');
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('line\nbreak', 'back\\slash', '\u0000', '😀', 'ü'));
const count = fc.oneof(fc.nat({ max: 1_000_000 }), fc.constantFrom(0, 2 ** 53 - 1));
const reward = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -5, max: 5 }),
  fc.constantFrom(0, -0, 1.8, -1, 0.9394, 1e-7, 123456789.12345679),
);
const counts = fc.record({ total_calls: count, prompt_tokens: count, completion_tokens: count });
const row = fc.record(
  {
    case_id: fc.string({ minLength: 1, maxLength: 10 }),
    completed: fc.boolean(),
    steps: count,
    total_reward: reward,
    duration_seconds: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e6 })),
    usage: fc.option(
      fc.record(
        {
          total_calls: count,
          prompt_tokens: count,
          completion_tokens: count,
          roles: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), counts, { maxKeys: 3 })),
        },
        { requiredKeys: ['total_calls', 'prompt_tokens', 'completion_tokens'] },
      ),
    ),
    error: fc.option(text),
    mode: fc.option(fc.constantFrom('native', 'harness', 'direct-llm')),
    environment: fc.option(label),
    description: fc.option(text),
    task_family: fc.option(label),
    domain: fc.option(label),
    split: fc.option(label),
    length_bucket: fc.option(label),
    expected_answer: fc.option(fc.oneof(text, fc.integer(), fc.boolean())),
    answer_match: fc.option(fc.boolean()),
    mcp_enabled: fc.option(fc.boolean()),
    mcp_server: fc.option(label),
    harness_strategy: fc.option(label),
    harness_tool_calls: count,
    mcp_tool_calls: count,
    codemode_chain_calls: count,
    codemode_search_calls: count,
    codemode_discovery_calls: count,
    codemode_guardrail_blocked: fc.boolean(),
  },
  { requiredKeys: ['case_id', 'completed', 'steps', 'total_reward'] },
);
const summary = fc.record(
  {
    benchmark_id: fc.option(fc.string({ minLength: 1, maxLength: 8 })),
    preset: fc.option(label),
    mode: fc.option(label),
    pack_paths: fc.array(text, { maxLength: 2 }),
    duration_seconds: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e6 })),
    total_cases: count,
    attempted_cases: count,
    completed_cases: count,
    avg_reward: reward,
    avg_steps: reward,
    latency_seconds: fc.record({ avg: reward, p50: reward, p95: reward, p99: reward, max: reward }),
    usage_totals: counts,
    cancelled: fc.boolean(),
    extra_field: fc.jsonValue({ maxDepth: 2 }),
    case_results: fc.array(row, { maxLength: 8 }),
  },
  { requiredKeys: ['case_results'] },
);

/** JSON text in one of the ways a writer may lay it out, with the keys in another order. */
function serialize(value: unknown, indent: number, escapeAll: boolean): string {
  const out = JSON.stringify(value, null, indent);
  return escapeAll ? out.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : out;
}

describe('the streaming rlm-code reader on generated summaries', () => {
  let n = 0;
  const write = (text: string | Uint8Array): string => {
    const file = join(tmp, `gen-${n++}.json`);
    writeFileSync(file, text);
    return file;
  };

  it("gives the full reader's packed summary for valid ones, in chunks of any size", () => {
    fc.assert(
      fc.property(summary, fc.constantFrom(0, 1, 2), fc.boolean(), fc.integer({ min: 8, max: 300 }), (s, indent, escapeAll, chunk) => {
        const file = write(serialize(s, indent, escapeAll));
        agrees(file, chunk);
        agrees(file);
      }),
      { numRuns: 300 },
    );
  });

  it('packs as many rows as there are, whatever total_cases says of them (the columns are sized from it)', () => {
    fc.assert(
      fc.property(summary, fc.integer({ min: -3, max: 3 }), fc.integer({ min: 8, max: 300 }), (s, off, chunk) => {
        const rows = s.case_results.map((r, i) => ({ ...r, case_id: `case_${i}` }));
        const clean = { ...s, total_cases: Math.max(0, rows.length + off), extra_field: 1, case_results: rows };
        const file = write(serialize(clean, 2, false));
        agrees(file, chunk);
        agrees(file);
      }),
      { numRuns: 200 },
    );
  });

  it('reads rows laid out unlike the rows before them (the bytes between values change from row to row)', () => {
    // The reader remembers the bytes between two values from the rows (and files) before; here the
    // spacing changes at random places, and the files come one after another in other layouts.
    fc.assert(
      fc.property(
        summary,
        fc.constantFrom(0, 2, 4, '\t'),
        fc.array(fc.constantFrom(' ', '  ', '\n', '\t \r\n', ''), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 8, max: 300 }),
        (s, indent, spaces, chunk) => {
          const clean = { ...s, extra_field: 1, case_results: s.case_results.map((r, i) => ({ ...r, case_id: `case_${i}` })) };
          let n = 0;
          const text = JSON.stringify(clean, null, indent).replace(/":|,|\{/g, (m) => m + (spaces[n++ % spaces.length] as string));
          const file = write(text);
          // Valid ones it reads itself (a needless fallback would go unnoticed by agrees alone).
          if ('error' in full(file)) agrees(file, chunk);
          else expect(agrees(file, chunk)).toBe('streamed');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the valid summaries it is meant for itself', () => {
    fc.assert(
      fc.property(summary, (s) => {
        const clean = { ...s, extra_field: 1, case_results: s.case_results.map((r, i) => ({ ...r, case_id: `case_${i}` })) };
        const file = write(serialize(clean, 2, false));
        const want = full(file);
        if ('error' in want) return; // totals refused: then nothing is expected of it
        expect(agrees(file, 50)).toBe('streamed');
      }),
      { numRuns: 200 },
    );
  });

  it('leaves every broken file to the full reader (which says what is wrong), whatever the break', () => {
    fc.assert(
      fc.property(
        summary,
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('replace', 'cut', 'insert'),
        fc.integer({ min: 8, max: 200 }),
        (s, at, byte, how, chunk) => {
          const bytes = Buffer.from(serialize(s, 2, false));
          const i = at % bytes.length;
          const broken =
            how === 'cut'
              ? bytes.subarray(0, i)
              : how === 'insert'
                ? Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i)])
                : Buffer.from(bytes).fill(byte, i, i + 1);
          const file = write(broken);
          const want = full(file);
          const got = streamPackRlmCode(file, chunk);
          if ('error' in want) expect(got).toBeNull();
          else if (got !== null) expect(want.packed).toEqual(got);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('tells whether the ids are sorted by what they decode to, escapes included', () => {
    const base = { total_cases: 2, completed_cases: 2, avg_reward: 1, avg_steps: 1 };
    const ok = { completed: true, steps: 1, total_reward: 1 };
    const pairs: [string, string][] = [
      ['a', '\ue000'],
      ['a', '\ud83d\ude00'],
      ['a', 'b'],
      ['b', 'a'],
      ['é', 'ü'],
      ['a', '😀'],
      ['a', '\uffff'],
    ];
    for (const [one, two] of pairs) {
      for (const escapeAll of [false, true]) {
        const text = serialize(
          {
            ...base,
            case_results: [
              { case_id: one, ...ok },
              { case_id: two, ...ok },
            ],
          },
          2,
          escapeAll,
        );
        // Escape the second id's letters too, so that its bytes are all ASCII whatever it decodes to.
        const file = write(
          escapeAll ? text.replace(`"${two}"`, `"${[...two].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`) : text,
        );
        expect(agrees(file, 16), `${one} ${two}`).toBe('streamed');
      }
    }
  });

  it('leaves hand-picked traps to the full reader', () => {
    const base = { total_cases: 1, completed_cases: 1, avg_reward: 1, avg_steps: 1 };
    const ok = { case_id: 'a', completed: true, steps: 1, total_reward: 1 };
    const traps = [
      '',
      '  ',
      '[]',
      '{}',
      '{"case_results": {}}',
      JSON.stringify({ ...base, case_results: [{ ...ok, completed: 'false' }] }),
      JSON.stringify({ ...base, case_results: [ok, ok] }), // a duplicate id
      JSON.stringify({ ...base, case_results: [{ ...ok, steps: 1.5 }] }),
      JSON.stringify({ ...base, case_results: [{ ...ok, steps: -1 }] }),
      JSON.stringify({ ...base, case_results: [{ ...ok, case_id: '' }] }),
      JSON.stringify({ ...base, case_results: [{ ...ok, duration_seconds: -0.5 }] }),
      JSON.stringify({ ...base, case_results: [{ ...ok, usage: { total_calls: 1, prompt_tokens: 2 } }] }),
      JSON.stringify({ ...base, case_results: [{ ...ok, custom: 1 }] }), // a field benchgate does not name
      JSON.stringify({ ...base, case_results: [{ ...ok, expected_answer: [1] }] }),
      JSON.stringify({ ...base, schema: 'benchgate.summary/v1', case_results: [ok] }),
      JSON.stringify({ ...base, total_cases: 1.5, case_results: [ok] }),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"steps":1', '"steps":1,"steps":2'),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"total_reward":1', '"total_reward":1e999'),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"total_reward":1', '"total_reward":01'),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"total_reward":1', '"total_reward":1.'),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"total_reward":1', '"total_reward":NaN'),
      JSON.stringify({ ...base, case_results: [ok] }) + 'x',
      JSON.stringify({ ...base, case_results: [ok] }).replace('"a"', '"a\\x"'),
      JSON.stringify({ ...base, case_results: [ok] }).replace('"a"', '"\u0001"'),
      JSON.stringify({ ...base, case_results: [ok] }).replace(']', ',]'),
    ];
    for (const trap of traps) {
      const file = write(trap);
      expect(streamPackRlmCode(file, 16), trap).toBeNull();
      expect('error' in full(file) || trap.includes('custom') || trap.includes('[1]') || trap.includes('schema'), trap).toBe(true);
    }
    const latin = write(
      Buffer.concat([
        Buffer.from(JSON.stringify({ ...base, case_results: [{ ...ok, task: 'x' }] }).replace('"x"', '"')),
        Buffer.from([0xff]),
        Buffer.from('"}]}'),
      ]),
    );
    expect(streamPackRlmCode(latin, 16)).toBeNull();
    expect(full(latin)).toEqual({ error: expect.stringMatching(/invalid UTF-8 at byte \d+/) as unknown });
    const bom = write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ ...base, case_results: [ok] }))]));
    expect(agrees(bom, 8)).toBe('streamed');
  });
});
