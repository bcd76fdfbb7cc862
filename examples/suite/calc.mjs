// A tiny arithmetic evaluator for the `calc` tool: numbers, + - * /, unary minus and
// parentheses. It is a recursive-descent parser rather than eval so an agent's
// expression can never run code.

const TOKEN = /\s*(\d+(?:\.\d+)?|[-+*/()])/y;

function tokenize(expr) {
  const tokens = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(expr);
    if (!match) {
      if (expr.slice(start).trim() === '') break;
      throw new SyntaxError(`calc: unexpected input at ${start}: "${expr.slice(start, start + 10)}"`);
    }
    tokens.push(match[1]);
  }
  return tokens;
}

function createParser(tokens) {
  let pos = 0;
  const peek = () => tokens[pos];
  const take = () => tokens[pos++];

  function factor() {
    const token = take();
    if (token === '-') return -factor();
    if (token === '+') return factor();
    if (token === '(') {
      const value = sum();
      if (take() !== ')') throw new SyntaxError('calc: missing ")"');
      return value;
    }
    if (token !== undefined && /^\d/.test(token)) return Number(token);
    throw new SyntaxError(`calc: unexpected ${token === undefined ? 'end of expression' : `"${token}"`}`);
  }

  function product() {
    let value = factor();
    while (peek() === '*' || peek() === '/') {
      const op = take();
      const rhs = factor();
      if (op === '/' && rhs === 0) throw new RangeError('calc: division by zero');
      value = op === '*' ? value * rhs : value / rhs;
    }
    return value;
  }

  function sum() {
    let value = product();
    while (peek() === '+' || peek() === '-') {
      value = take() === '+' ? value + product() : value - product();
    }
    return value;
  }

  return { sum, done: () => pos === tokens.length };
}

/**
 * Evaluates an arithmetic expression. The result is rounded to 6 decimal places so
 * binary floating-point noise (4.9 + 4.2 = 9.100000000000001) never leaks into an
 * agent's final answer and makes the answer check flaky.
 * @param {string} expr e.g. "140 * 3.75"
 * @returns {number}
 * @throws {SyntaxError|RangeError} on anything that is not plain arithmetic
 */
export function evaluateExpression(expr) {
  const parser = createParser(tokenize(String(expr)));
  const value = parser.sum();
  if (!parser.done()) throw new SyntaxError('calc: trailing input after expression');
  return Math.round(value * 1e6) / 1e6;
}
