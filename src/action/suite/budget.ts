/**
 * The run mode's spend cap: a budget in tokens or USD, after which the suite is stopped (its whole
 * process group, as on a timeout), what it wrote is kept, and the run is marked failed, so the gate
 * holds on an incomplete comparison rather than passing a partial one.
 *
 * benchgate cannot see the suite's LLM calls, so the suite reports its spend: it appends one JSON
 * object per line to the file named by BENCHGATE_USAGE_FILE, each with what it spent since the last
 * line: `prompt_tokens`, `completion_tokens` (or `tokens`), and optionally `cost_usd` and `model`.
 * A USD budget prices tokens with the configuration's `pricing` for the line's model (or the
 * `model` fingerprint key); spend that cannot be priced stops the suite: it is not known to be
 * under the cap, and it is never counted as $0.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';

import { type Price, priceFor, tokensCost } from '../../analysis/custom-gates/cost.js';
import { UsageError } from '../../errors.js';

export interface Budget {
  unit: 'tokens' | 'usd';
  limit: number;
}

/** `budget` input: "2000000 tokens", "2M tokens", "25 USD" or "$25". */
export function parseBudget(raw: string): Budget | null {
  const s = raw.trim();
  if (s === '') return null;
  const usd = /^(?:\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:usd|USD|\$))$/.exec(s);
  if (usd) return checked({ unit: 'usd', limit: Number(usd[1] ?? usd[2]) }, raw);
  const tokens = /^(\d+(?:\.\d+)?)\s*([kKmM]?)\s*tokens?$/.exec(s);
  if (tokens) return checked({ unit: 'tokens', limit: Number(tokens[1]) * (tokens[2] === '' ? 1 : /k/i.test(tokens[2] as string) ? 1e3 : 1e6) }, raw);
  throw new UsageError(
    `input "budget": expected an amount of tokens or US dollars, such as "2000000 tokens", "2M tokens", "25 USD" or "$25"; got ${JSON.stringify(raw)}`,
  );
}

function checked(b: Budget, raw: string): Budget {
  if (!(b.limit > 0) || !Number.isFinite(b.limit)) throw new UsageError(`input "budget": expected an amount above 0; got ${JSON.stringify(raw)}`);
  return b;
}

export interface Spend {
  tokens: number;
  usd: number;
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : v === undefined ? 0 : null);

/** The spend of one usage line, or why it cannot be counted. */
export function lineSpend(line: string, pricing: Readonly<Record<string, Price>>, defaultModel: string | null, unit: Budget['unit']): Spend | string {
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return 'a line that is not JSON';
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'a line that is not a JSON object';
  const d = data as Record<string, unknown>;
  const prompt = count(d['prompt_tokens']);
  const completion = count(d['completion_tokens']);
  const total = count(d['tokens']);
  const cost = d['cost_usd'] === undefined ? undefined : count(d['cost_usd']);
  if (prompt === null || completion === null || total === null || cost === null) return 'a line with a count that is not a number of at least 0';
  const tokens = prompt + completion + total;
  if (unit === 'tokens') return { tokens, usd: cost ?? 0 };
  if (cost !== undefined) return { tokens, usd: cost };
  if (tokens === 0) return { tokens, usd: 0 };
  const model = typeof d['model'] === 'string' ? d['model'] : defaultModel;
  const price = priceFor(model, pricing);
  if (price === null || total > 0)
    return `tokens that cannot be priced (${model === null ? 'no model named' : `no price for model ${JSON.stringify(model)} in the configuration's pricing`}${total > 0 ? ', or a plain `tokens` count' : ''})`;
  return { tokens, usd: tokensCost(prompt, completion, price) };
}

/** Follows the usage file as the suite appends to it: `poll` reads the new complete lines and returns the spend so far. */
export class UsageWatcher {
  private offset = 0;
  private carry = '';
  readonly spent: Spend = { tokens: 0, usd: 0 };
  /** Set when a line could not be counted: the suite is stopped for it. */
  problem: string | null = null;

  constructor(
    private readonly file: string,
    private readonly budget: Budget,
    private readonly pricing: Readonly<Record<string, Price>>,
    private readonly model: string | null,
  ) {}

  /** Why the suite must stop now, or null. */
  check(): string | null {
    this.poll();
    if (this.problem !== null) return this.problem;
    const used = this.budget.unit === 'tokens' ? this.spent.tokens : this.spent.usd;
    return used > this.budget.limit
      ? `it spent ${describeSpend(this.budget.unit, used)}, over its budget of ${describeSpend(this.budget.unit, this.budget.limit)}`
      : null;
  }

  poll(): void {
    let size: number;
    try {
      size = statSync(this.file).size;
    } catch {
      return; // nothing reported yet
    }
    if (size <= this.offset) return;
    const fd = openSync(this.file, 'r');
    try {
      const buf = Buffer.alloc(size - this.offset);
      const n = readSync(fd, buf, 0, buf.length, this.offset);
      this.offset += n;
      const lines = (this.carry + buf.subarray(0, n).toString('utf8')).split('\n');
      this.carry = lines.pop() ?? '';
      lines.forEach((line) => this.add(line));
    } finally {
      closeSync(fd);
    }
  }

  private add(line: string): void {
    if (line.trim() === '' || this.problem !== null) return;
    const spend = lineSpend(line, this.pricing, this.model, this.budget.unit);
    if (typeof spend === 'string') {
      this.problem = `BENCHGATE_USAGE_FILE has ${spend}, so its spend against the budget is unknown`;
      return;
    }
    this.spent.tokens += spend.tokens;
    this.spent.usd += spend.usd;
  }
}

export function describeSpend(unit: Budget['unit'], x: number): string {
  return unit === 'tokens' ? `${Math.round(x).toLocaleString('en-US')} tokens` : `$${x.toFixed(4).replace(/0{1,2}$/, '')}`;
}
