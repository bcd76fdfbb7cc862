import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { deltaNearThreshold, grouped, pyFixed, signed } from '../../../src/stats/format.js';

interface Row {
  x: number;
  neg_zero: boolean;
  digits: number;
  plain: string;
  plus: string;
}
const rows = JSON.parse(readFileSync(new URL('../../fixtures/format/pyfixed.json', import.meta.url), 'utf8')) as Row[];

describe('pyFixed matches Python %.Nf (fixture from scripts/gen-pyfixed-fixture.py)', () => {
  it('agrees on every fixture row', () => {
    const bad = rows.filter((r) => {
      const x = r.neg_zero ? -0 : r.x;
      return pyFixed(x, r.digits) !== r.plain || pyFixed(x, r.digits, true) !== r.plus;
    });
    expect(bad.slice(0, 5)).toEqual([]);
    expect(rows.length).toBeGreaterThan(1000);
  });
  it('rounds exact ties half-to-even where toFixed rounds up', () => {
    expect((0.0625).toFixed(3)).toBe('0.063');
    expect(pyFixed(0.0625, 3)).toBe('0.062');
    expect([0.5, 1.5, 2.5, -2.5].map((x) => pyFixed(x, 0))).toEqual(['0', '2', '2', '-2']);
    expect([0.125, 0.375, 1.0625, 2.5e-5].map((x) => pyFixed(x, 2))).toEqual(['0.12', '0.38', '1.06', '0.00']);
    expect(pyFixed(4503599627370495.5, 0)).toBe('4503599627370496');
    expect(pyFixed(0.9395, 3)).toBe('0.940'); // not a tie: 0.9395 is a little above it in binary
    expect(pyFixed(1e21, 2)).toBe('1000000000000000000000.00');
    expect(pyFixed(-1.5e22, 1)).toBe('-15000000000000000000000.0');
    expect(pyFixed(-0.0, 4, true)).toBe('-0.0000');
    expect(pyFixed(Number.NaN, 2)).toBe('nan');
  });
});

describe('display helpers', () => {
  it('groups thousands without a locale', () => {
    expect(grouped(418200)).toBe('418,200');
    expect(grouped(999)).toBe('999');
    expect(grouped(-1234567)).toBe('−1,234,567');
  });
  it('signs with a true minus and never shows -0', () => {
    expect(signed(-0.0001, 2)).toBe('+0.00');
    expect(signed(-0.25, 2)).toBe('−0.25');
    expect(signed(0.333, 2)).toBe('+0.33');
  });
  it('shows the full delta when rounding would hide a threshold violation', () => {
    expect(deltaNearThreshold(0.5000000000000004, 0.5, 2)).toBe('+0.5000000000000004');
    expect(deltaNearThreshold(-0.050000000000000044, -0.05, 3)).toBe('−0.050000000000000044');
    expect(deltaNearThreshold(0.5, 0.5, 2)).toBe('+0.50');
    expect(deltaNearThreshold(0.51, 0.5, 2)).toBe('+0.51');
  });
});
