/**
 * The case id of a promptfoo test: what the test is, not where it sits, so two outputs pair by test
 * even when promptfoo wrote them in another order or version. A test is named by its description,
 * else by its vars (`question=What is 2+2?`), else by its index (`test-3`, a test with neither).
 * Names given twice get a suffix that depends only on the tests, in test order, so it is the same
 * on both sides: the vars when they tell the tests apart (`capital [question=…]`), else `#2`, `#3`
 * (a repeated test: `--repeat`, or the same description and vars).
 */
import { createHash } from 'node:crypto';

import type { PromptfooTest } from './promptfoo-read.js';

/** Longer vars texts are cut, with a hash of the whole so different vars keep different names. */
const MAX_VARS_TEXT = 120;

/** The vars as `k=v, k2=v2` (keys sorted; non-strings as JSON); null when there are none. */
export function varsText(vars: Record<string, unknown> | null): string | null {
  if (vars === null) return null;
  const keys = Object.keys(vars).sort();
  if (keys.length === 0) return null;
  const text = keys.map((k) => `${k}=${typeof vars[k] === 'string' ? (vars[k] as string) : JSON.stringify(vars[k])}`).join(', ');
  if (text.length <= MAX_VARS_TEXT) return text;
  return `${text.slice(0, MAX_VARS_TEXT - 20)}… #${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
}

/** Each test's case id, by test index. */
export function testNames(tests: Iterable<PromptfooTest>): Map<number, string> {
  const used = new Set<string>();
  const names = new Map<number, string>();
  for (const t of [...tests].sort((a, b) => a.index - b.index)) {
    const vars = varsText(t.vars);
    const base = t.description ?? vars ?? `test-${t.index}`;
    let name = base;
    if (used.has(name) && t.description !== null && vars !== null) name = `${base} [${vars}]`;
    for (let n = 2; used.has(name); n++) name = `${base} #${n}`;
    used.add(name);
    names.set(t.index, name);
  }
  return names;
}
