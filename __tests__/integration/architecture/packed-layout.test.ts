// The packed form's layout (schema/pack.ts: a case's numbers at SLOTS per row and SLOT offsets, its
// flags as FLAG bits) stays inside src/schema/. Everything else reads a row by name through
// schema/packed-rows.ts (rewardAt, hasUsage, promptTokensAt, NUMBER_AT[name], ...) and a
// reader that fills rows in place writes them through schema/pack-writer.ts (RowWriter), so the
// layout can change, and a per-case number be added, without the analysis, the history or the
// reports knowing. A static check over the text of every file under src/ outside src/schema/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ROOT } from '../../helpers/architecture.js';

/**
 * Files allowed to name the layout, and why: none. (The streaming rlm-code reader writes its rows
 * through schema/pack-writer.ts.) An entry must say why; the test below fails when an allowed file
 * no longer names the layout.
 */
const ALLOWED: Record<string, string> = {};

/** `SLOTS`, `SLOT.x` or `FLAG` (the names, not GATE_FLAGS or a FLAGS list). */
const LAYOUT = /\bSLOTS\b|\bSLOT\s*[.[]|\bFLAG\b/;

/** Every line under `dir` (repo-relative) outside src/schema/ that names the layout, as "file:line: text". */
function layoutUses(dir = 'src'): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
    const file = join(dir, entry);
    if (!file.endsWith('.ts') || file.startsWith('src/schema/')) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, k) => {
        if (LAYOUT.test(line)) found.push(`${file}:${k + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe("the packed form's layout", () => {
  it('is named only in src/schema/ (and the files allowed, for the reason given)', () => {
    const uses = layoutUses();
    const unexplained = uses.filter((u) => !Object.hasOwn(ALLOWED, u.slice(0, u.indexOf(':'))));
    expect(unexplained, 'read rows by name (schema/packed-rows.ts), write them through schema/pack-writer.ts').toEqual([]);
    // Every allowed file still names it (else its entry is stale: remove it).
    expect([...new Set(uses.map((u) => u.slice(0, u.indexOf(':'))))].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('is found where it is named: the pattern catches slot and bit arithmetic, not other names', () => {
    const hits = [
      'const x = p.numbers[i * SLOTS + SLOT.reward];',
      "import { FLAG } from '../schema/pack.js';",
      'if (f & FLAG.usage) k++;',
      'n[at + SLOT [key]] = 1;',
    ];
    const misses = [
      'export const GATE_FLAGS = [];',
      "const FLAGS = ['help'] as const;",
      'const slots = 3; // SLOTSIZE',
      'hasUsage(p, i) && promptTokensAt(p, i) > 0',
    ];
    expect(hits.filter((line) => !LAYOUT.test(line))).toEqual([]);
    expect(misses.filter((line) => LAYOUT.test(line))).toEqual([]);
    // And in the tree: the schema itself names it (the scan skips it on purpose).
    expect(layoutUses('src/schema').length).toBe(0);
    expect(readFileSync(join(ROOT, 'src/schema/pack.ts'), 'utf8')).toMatch(LAYOUT);
  });
});
