import { describe, expect, it } from 'vitest';

import { joinLines } from '../../../src/report/markdown/lines.js';

describe('joinLines', () => {
  it.each([0, 1, 999, 1000, 1001, 2500])('joins %i items as map and join would', (n) => {
    const items = Array.from({ length: n }, (_, i) => i);
    const render = (i: number): string => `| ${i} |`;
    expect(joinLines(items, render)).toBe(items.map(render).join('\n'));
  });
});
