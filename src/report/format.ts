/**
 * Number formatting. `pyFixed` reproduces Python's `format(x, '.Nf')` exactly (rlm-code's CSV and
 * markdown use it): the exact binary value rounded half-to-even on true ties (0.0625 → "0.062" at 3
 * digits, where JavaScript's toFixed gives "0.063"), and a minus sign kept on negative zero.
 * Everything here is locale-free so reports are byte-for-byte reproducible.
 */

/** Python `'%.{digits}f' % x` (with `plus`, `'%+.{digits}f'`). */
export function pyFixed(x: number, digits: number, plus = false): string {
  if (Number.isNaN(x)) return plus ? '+nan' : 'nan';
  const negative = x < 0 || Object.is(x, -0);
  const sign = negative ? '-' : plus ? '+' : '';
  if (!Number.isFinite(x)) return `${sign}inf`;
  const abs = Math.abs(x);
  return sign + (nearTie(abs, digits) ? exactFixed(abs, digits) : abs.toFixed(digits));
}

/**
 * toFixed rounds the exact binary value correctly except on exact ties, where it rounds up and
 * Python rounds to even. Only values whose scaled fraction is within rounding noise of .5 can be
 * ties; they (and huge values) take the exact path.
 */
function nearTie(abs: number, digits: number): boolean {
  const scaled = abs * 10 ** digits;
  if (scaled >= 1e9) return true;
  return Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6;
}

function exactFixed(abs: number, digits: number): string {
  if (abs >= 1e21) return BigInt(abs).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
  // toFixed(100) is exact for every double this large (a double's binary fraction has at most
  // 1074 digits, but any value with more than 100 is < 1e-16 and can never sit on a rounding tie).
  const [int = '0', frac = ''] = abs.toFixed(100).split('.');
  let n = BigInt(int + frac.slice(0, digits));
  const first = frac[digits] ?? '0';
  const rest = frac.slice(digits + 1);
  if (first > '5' || (first === '5' && (/[1-9]/.test(rest) || n % 2n === 1n))) n += 1n;
  const s = n.toString().padStart(digits + 1, '0');
  return digits > 0 ? `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}` : s;
}

/** An integer with thousands separators: 418200 → "418,200". */
export function grouped(n: number): string {
  const neg = n < 0 ? '−' : '';
  return neg + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A signed value for display, with a true minus sign (U+2212) and "±0" never shown as "-0". */
export function signed(x: number, digits: number): string {
  const s = pyFixed(x, digits, true);
  if (/^[+-]0\.?0*$/.test(s)) return `+${s.slice(1)}`;
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/**
 * A delta as the report shows it next to a threshold. When rounding would show the delta equal to
 * the threshold although it is not (0.5000000000000004 against 0.5), the full value is shown, so a
 * failed gate never reads "+0.50 ≤ +0.50".
 */
export function deltaNearThreshold(delta: number, threshold: number, digits: number, scale = 1): string {
  const shown = signed(delta * scale, digits);
  if (delta !== threshold && shown === signed(threshold * scale, digits)) {
    const full = String(delta * scale);
    return full.startsWith('-') ? `−${full.slice(1)}` : `+${full}`;
  }
  return shown;
}
