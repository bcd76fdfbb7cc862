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
  if (abs >= 1e21) return sign + largeFixed(abs, digits);
  const fixed = abs.toFixed(digits);
  return sign + (isTie(abs, digits) ? toEven(fixed) : fixed);
}

/**
 * True when `abs` lies exactly halfway between two `digits`-place decimals, the one case where
 * toFixed (which otherwise rounds the exact binary value correctly) differs from Python: it picks
 * the larger neighbour. abs·10^d = k + ½ exactly means abs·2^(d+1)·5^d is odd, which for a binary
 * fraction holds exactly when abs·2^(d+1) (an exact product) is an odd integer.
 */
function isTie(abs: number, digits: number): boolean {
  const y = abs * 2 ** (digits + 1);
  return Number.isInteger(y) && y % 2 === 1;
}

/** toFixed's result on a tie, rounded half-to-even instead: an odd last digit is one too large. */
function toEven(fixed: string): string {
  const last = fixed.charCodeAt(fixed.length - 1);
  return last % 2 === 1 ? fixed.slice(0, -1) + String.fromCharCode(last - 1) : fixed;
}

/** A double of 1e21 or more is a whole number, which toFixed would write in exponent notation. */
function largeFixed(abs: number, digits: number): string {
  return BigInt(abs).toString() + (digits > 0 ? `.${'0'.repeat(digits)}` : '');
}

/** An integer with thousands separators: 418200 → "418,200". */
export function grouped(n: number): string {
  const neg = n < 0 ? '−' : '';
  return neg + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A signed value for display, with a true minus sign (U+2212) and "±0" never shown as "-0". */
export function signed(x: number, digits: number): string {
  const s = pyFixed(x, digits, true);
  if (isSignedZero(s)) return `+${s.slice(1)}`;
  return s.charCodeAt(0) === MINUS ? `−${s.slice(1)}` : s;
}

const MINUS = 0x2d;

/** True for a zero as pyFixed writes it with a sign ("-0", "+0.000"): nothing but 0 and . after the sign. */
function isSignedZero(s: string): boolean {
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x30 && c !== 0x2e) return false;
  }
  return true;
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
