/**
 * Cost: USD from the tokens a run used and a price table in the configuration (per model,
 * USD per million prompt and completion tokens), or from a cost the summary itself reports
 * (metadata `cost_usd`). The source is always said: `config`, `summary` or `unknown`; an unknown cost
 * is null, never 0, and a gate on it cannot pass.
 */
import type { PackedSummary } from '../../schema/pack.js';
import { completionTokensAt, hasUsage, promptTokensAt } from '../../schema/packed-rows.js';

/** USD per million tokens. */
export interface Price {
  prompt: number;
  completion: number;
}

export type PricingSource = 'config' | 'summary' | 'unknown';

export interface RunCost {
  model: string | null;
  source: PricingSource;
  /** The price used (source config), else null. */
  price: Price | null;
  /** USD for the whole run and per case on average; null when unknown. */
  total: number | null;
  per_case: number | null;
}

/** The price of a model: its exact name in the table (never an inherited key), else null. */
export function priceFor(model: string | null, pricing: Readonly<Record<string, Price>>): Price | null {
  return model !== null && Object.hasOwn(pricing, model) ? (pricing[model] as Price) : null;
}

/** The price of a run's model. */
export function priceOf(p: PackedSummary, pricing: Readonly<Record<string, Price>>): Price | null {
  return priceFor(p.head.run.model, pricing);
}

/** USD for prompt and completion tokens at a price per million. */
export function tokensCost(prompt: number, completion: number, price: Price): number {
  return (prompt * price.prompt + completion * price.completion) / 1e6;
}

/** USD of one case at a price; null when the case records no usage. */
export function caseCost(p: PackedSummary, i: number, price: Price): number | null {
  if (!hasUsage(p, i)) return null;
  return tokensCost(promptTokensAt(p, i), completionTokensAt(p, i), price);
}

export function runCost(p: PackedSummary, pricing: Readonly<Record<string, Price>>): RunCost {
  const model = p.head.run.model;
  const price = priceOf(p, pricing);
  const cases = p.ids.length;
  if (price !== null) {
    let total = 0;
    let priced = 0;
    for (let i = 0; i < cases; i++) {
      const usd = caseCost(p, i, price);
      if (usd === null) continue;
      total += usd;
      priced++;
    }
    // A run no case of which records usage has no tokens to price: its cost is not $0 but unknown.
    if (priced > 0) return { model, source: 'config', price, total, per_case: total / cases };
  }
  const reported = p.head.metadata['cost_usd'];
  if (typeof reported === 'number' && Number.isFinite(reported) && reported >= 0) {
    return { model, source: 'summary', price: null, total: reported, per_case: cases === 0 ? null : reported / cases };
  }
  return { model, source: 'unknown', price: null, total: null, per_case: null };
}
