/**
 * Python-compatible number rounding and JSON text, so generated benchmark summaries are
 * byte-for-byte what rlm-code's `json.dumps(payload, indent=2, ensure_ascii=False)` writes.
 *
 * JavaScript and Python disagree in two places that matter here: `JSON.stringify(1.0)` is `1`
 * where Python writes `1.0`, and `Math.round(x * 1e4) / 1e4` is not Python's `round(x, 4)`
 * (which rounds the exact binary value, half to even).
 */

/**
 * Python's `round(x, ndigits)` for a float: rounds the exact binary value of `x` to `ndigits`
 * decimals, ties to even, and returns the nearest double. Needed because rlm-code's aggregates
 * (`avg_reward`, `avg_steps`, latency percentiles) are rounded this way and the generated files
 * must agree with them to the last bit.
 * @param {number} x finite or not; non-finite values and |x| ≥ 2^52 are returned unchanged.
 * @param {number} ndigits decimals, 1..20.
 * @returns {number}
 */
export function pyRound(x, ndigits) {
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 52) return x;
  const negative = x < 0 || Object.is(x, -0);
  if (Math.abs(x) < 1e-14) return negative ? -0 : 0;
  // toFixed(100) is the exact decimal expansion for every double with |x| ≥ 2^-47.
  const [intPart, fracPart] = Math.abs(x).toFixed(100).split('.');
  let kept = BigInt(intPart + fracPart.slice(0, ndigits));
  const rest = fracPart.slice(ndigits);
  const half = '5'.padEnd(rest.length, '0');
  if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
  const digits = kept.toString().padStart(ndigits + 1, '0');
  const value = Number(`${digits.slice(0, -ndigits)}.${digits.slice(-ndigits)}`);
  return negative ? -value : value;
}

/**
 * Python's `repr(float)`: the shortest round-trip digits (the same digits JavaScript picks),
 * but integral values keep a `.0` and exponents start below 1e-4 and at 1e16 (`1e-05`, `1e+16`).
 * @param {number} x a finite double.
 * @returns {string}
 */
export function pyFloatRepr(x) {
  if (!Number.isFinite(x)) throw new RangeError(`JSON cannot hold ${x}`);
  const magnitude = Math.abs(x);
  if (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) {
    const [mantissa, exponent] = x.toExponential().split('e');
    const sign = exponent.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  if (Number.isInteger(x)) return `${Object.is(x, -0) ? '-0' : x}.0`;
  return String(x);
}

/**
 * Serialises `value` like Python's `json.dumps(value, indent=2, ensure_ascii=False)`.
 * JSON has no int/float distinction, so the caller names the keys whose numbers are Python
 * floats (`floatKeys`); every other number is written as an integer.
 * @param {unknown} value plain JSON data.
 * @param {{floatKeys: ReadonlySet<string>, level?: number}} options `level` is the current
 *   nesting depth, so a fragment (one case row) can be written already indented.
 * @returns {string} no trailing newline, like `json.dumps`.
 */
export function toPythonJson(value, { floatKeys, level = 0 }) {
  return serialize(value, '', level, floatKeys);
}

function serialize(value, key, level, floatKeys) {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    return floatKeys.has(key) ? pyFloatRepr(value) : String(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  const inner = '\n' + '  '.repeat(level + 1);
  const outer = '\n' + '  '.repeat(level);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => serialize(item, key, level + 1, floatKeys));
    return `[${inner}${items.join(',' + inner)}${outer}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const items = entries.map(([name, item]) => `${JSON.stringify(name)}: ${serialize(item, name, level + 1, floatKeys)}`);
  return `{${inner}${items.join(',' + inner)}${outer}}`;
}
