import { describe, expect, it } from 'vitest';

import { table, untrusted } from '../../../src/report/markdown/markdown.js';

/** Splits a GFM table row on unescaped pipes, as the table extension does. */
function cells(row: string): string[] {
  return row
    .slice(2, -2)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The fence and content of a single code span, or null if `s` is not exactly one code span. */
function codeSpan(s: string): { fence: string; body: string } | null {
  const m = /^(`+)([\s\S]*?)(`+)$/.exec(s);
  if (!m || m[1] !== m[3]) return null;
  const fence = m[1] as string;
  const body = m[2] as string;
  const runs = body.match(/`+/g) ?? [];
  if (runs.some((r) => r.length === fence.length)) return null;
  return { fence, body };
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '**bold** _em_ [link](https://evil.example) ![img](https://evil.example/x.png)',
  '@octocat please look',
  '#123 and GH-1',
  'a|b|c',
  'pipe\\|escaped',
  'back`tick',
  '``double``',
  '`starts and ends`',
  'line\nbreak\r\nand\ttab',
  '<!-- benchgate:v1 gate=other -->',
  '</details><details open>',
  'rtl \u202e gnp.exe',
  'nul\u0000bell\u0007',
  'www.evil.example https://evil.example',
  '   ',
  '| --- |',
  '&amp; &#124; &lt;',
];

describe('untrusted(): the one escaping function', () => {
  it.each(HOSTILE)('%j renders as exactly one safe code span', (value) => {
    const out = untrusted(value, { inTable: true });
    expect(out).not.toMatch(/[\r\n\u2028\u2029]/);
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/[\u0000-\u0008\u202a-\u202e\u2066-\u2069]/);
    const span = codeSpan(out);
    expect(span, out).not.toBeNull();
    const row = `| ${out} | after |`;
    expect(cells(row)).toHaveLength(2);
    expect(cells(row)[1]).toBe('after');
  });

  it('keeps the text readable: only what must change changes', () => {
    expect(untrusted('plain_id')).toBe('`plain_id`');
    expect(untrusted('back`tick')).toBe('``back`tick``');
    expect(untrusted('`x`')).toBe('`` `x` ``');
    expect(untrusted('a|b')).toBe('`a|b`');
    expect(untrusted('a|b', { inTable: true })).toBe('`a\\|b`');
    expect(untrusted('two\nlines')).toBe('`two lines`');
    expect(untrusted('rtl\u202eX')).toBe('`rtl\ufffdX`');
    expect(untrusted('')).toBe('*(empty)*');
  });

  it('caps the length in code points and marks the cut', () => {
    const out = untrusted('x'.repeat(500), { maxLength: 10 });
    expect(out).toBe('`xxxxxxxxx…`');
    expect(untrusted('😀'.repeat(12), { maxLength: 10 })).toBe(`\`${'😀'.repeat(9)}…\``);
  });

  it('gives plain ids the bare fence, and everything at the edges of "plain" the full treatment', () => {
    expect(untrusted('case_000123', { inTable: true, maxLength: 80 })).toBe('`case_000123`');
    expect(untrusted(' lead')).toBe('` lead`');
    expect(untrusted('trail ')).toBe('`trail `');
    expect(untrusted(' both ')).toBe('`  both  `');
    expect(untrusted('   ')).toBe('`     `');
    expect(untrusted('~}{_^]\\[@?>=<;:/.-,+*)(\'&%$#"!')).toBe('`~}{_^]\\[@?>=<;:/.-,+*)(\'&%$#"!`');
    expect(untrusted('x'.repeat(10), { maxLength: 10 })).toBe(`\`${'x'.repeat(10)}\``);
    expect(untrusted('x'.repeat(11), { maxLength: 10 })).toBe(`\`${'x'.repeat(9)}…\``);
    expect(untrusted('caf\u00e9')).toBe('`caf\u00e9`');
    expect(untrusted('del\u007f')).toBe('`del\ufffd`');
  });

  it('table() keeps one row per line and the declared alignment', () => {
    const lines = table(['A', 'B'], ['left', 'right'], [[untrusted('x|y', { inTable: true }), '1']]);
    expect(lines).toEqual(['| A | B |', '|:--|--:|', '| `x\\|y` | 1 |']);
  });
});
