/**
 * Issue 44: every per-format fact lives in the format's registry entry (src/adapters/registry.ts,
 * `facts`). The code above the adapters reads the facts (`formatFacts(format)`), never a format's
 * name: a string literal naming a format there is a fact kept outside its entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ADAPTERS, formatFacts } from '../../../src/adapters/registry.js';
import { ROOT } from '../../helpers/architecture.js';

/** Every summary format an entry writes: the entries' names and the other formats they write. */
const FORMAT_NAMES = [...new Set(ADAPTERS.flatMap((a) => [a.name, ...Object.keys(a.writes ?? {})]))];

/** The layers above the adapters that judge and show a run (the CLI and the action name formats to load by). */
const ABOVE = ['src/load', 'src/analysis', 'src/history', 'src/policy', 'src/report'];

function literalsOf(text: string): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) continue; // comments cite formats by name
    const code = line.replace(/\s\/\/ .*$/, ''); // and so do trailing comments
    for (const m of code.matchAll(/(['"`])([a-z0-9-]+)\1/g)) if (FORMAT_NAMES.includes(m[2] as string)) out.push({ name: m[2] as string, line: i + 1 });
  }
  return out;
}

describe('per-format facts', () => {
  it('are read above the adapters through formatFacts, never keyed by a format name', () => {
    const found: string[] = [];
    for (const folder of ABOVE)
      for (const entry of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
        if (!entry.endsWith('.ts')) continue;
        const file = join(folder, entry);
        for (const { name, line } of literalsOf(readFileSync(join(ROOT, file), 'utf8'))) found.push(`${file}:${line} '${name}'`);
      }
    expect(found).toEqual([]);
  });

  it('finds a format name in code (the check can fail)', () => {
    expect(literalsOf("if (format === 'tau-bench') return x; // 'junit'")).toEqual([{ name: 'tau-bench', line: 1 }]);
  });

  it('are found for each summary format an entry writes, and none for a format no entry writes', () => {
    expect(formatFacts('lm-eval-results').benchmarkDirection).toBe('per-task');
    expect(formatFacts('github-action-benchmark-smaller').benchmarkDirection).toBe('smaller');
    expect(formatFacts('junit').outageSkips).toEqual(['provider timeout']);
    expect(formatFacts('some-other-tool')).toEqual({});
  });
});
