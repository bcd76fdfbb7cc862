/**
 * The comparability fingerprint: the keys that must be equal for a fair comparison. The preset and
 * the case set have their own findings (preset-mismatch, missing-cases, new-cases); this checks the
 * rest: by default the scoring version, the dataset hash and the summary schema, plus the keys the
 * configuration requires; the dimension under comparison and the keys it allows may differ. Values
 * come from the summary (preset, mode, strategy, model, MCP server, schema) and from the metadata the
 * run mode stamps (the `fingerprint` input's keys such as seed, scoring_version, dataset_hash).
 */
import type { SummaryHead } from '../../schema/loaded.js';

export const DEFAULT_REQUIRED_KEYS: readonly string[] = ['scoring_version', 'dataset_hash', 'schema'];
/** Key names as the configuration may give them (they are shown in reports as they are). */
export const KEY_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export interface ComparabilityOptions {
  /** The dimension under comparison: never required to be equal. */
  compare?: string | null;
  /** Keys that must be equal besides the defaults. */
  require?: readonly string[];
  /** Keys allowed to differ (shown, never blocking). */
  allow?: readonly string[];
}

export interface KeyCheck {
  key: string;
  /** The value on each side as text; null when the side does not say. */
  baseline: string | null;
  candidate: string | null;
  allowed: boolean;
}

export interface Comparability {
  compare: string | null;
  /** The keys checked, in order. */
  keys: string[];
  /** The checked keys whose values differ (allowed or not). */
  differing: KeyCheck[];
}

/** A key's value in a summary, as text, or null when the summary does not say. */
function valueOf(s: SummaryHead, key: string): string | null {
  const run = s.run;
  const fromRun: Record<string, string | null | undefined> = {
    preset: run.preset,
    mode: run.mode,
    strategy: run.harness_strategy,
    harness_strategy: run.harness_strategy,
    mcp_server: run.mcp_server,
    model: run.model ?? undefined,
    schema: s.schema,
  };
  const direct = fromRun[key];
  if (direct !== undefined && direct !== null) return direct;
  const meta = s.metadata[key];
  return meta === undefined || meta === null ? null : String(meta);
}

export function checkComparability(b: SummaryHead, c: SummaryHead, options: ComparabilityOptions = {}): Comparability {
  const compare = options.compare ?? null;
  const allow = new Set(options.allow ?? []);
  const keys = [...new Set([...DEFAULT_REQUIRED_KEYS, ...(options.require ?? [])])].filter((k) => k !== compare);
  const differing: KeyCheck[] = [];
  for (const key of keys) {
    const baseline = valueOf(b, key);
    const candidate = valueOf(c, key);
    if (baseline !== candidate) differing.push({ key, baseline, candidate, allowed: allow.has(key) });
  }
  return { compare, keys, differing };
}
