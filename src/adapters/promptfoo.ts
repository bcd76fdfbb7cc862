/**
 * promptfoo eval output (`promptfoo eval --output results.json`, versions 2 and 3): `results.results`
 * holds one result per test, prompt and provider. A file holds one run per provider: the provider
 * (its id or label) is chosen per side like a model (`--baseline-model` / `--candidate-model`). A
 * case is a test (its description, else `test-<index>`, and the prompt when there are several):
 * success is completion, score the reward, latency the duration, token usage the usage, cost kept
 * per case with the run's total when every result has one.
 */
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import type { LoadOptions } from './index.js';
import { caseOf, checkUniqueIds, numberField, Problems, stemOf, summaryOf, isObj, type Obj } from './records-common.js';
import type { Source } from './source.js';

export const PROMPTFOO_SHAPE = 'promptfoo eval output: a JSON object with `evalId` and `results.results` (one result per test, prompt and provider)';


function resultsOf(data: unknown): unknown[] | null {
  if (!isObj(data) || !isObj(data['results'])) return null;
  const list = data['results']['results'];
  return Array.isArray(list) ? list : null;
}

export function promptfooMismatch(source: Source): string | null {
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (!isObj(data) || !('evalId' in data)) return 'no `evalId`';
  return resultsOf(data) === null ? 'no `results.results` array' : null;
}

/** The provider of a result: its label when set, else its id. */
function providerOf(r: Obj): { id: string; label: string | null } | null {
  const p = r['provider'];
  if (typeof p === 'string') return { id: p, label: null };
  if (isObj(p) && typeof p['id'] === 'string') return { id: p['id'], label: typeof p['label'] === 'string' && p['label'] !== '' ? p['label'] : null };
  return null;
}

function caseId(r: Obj, i: number, prompts: number): string {
  const test = isObj(r['testCase']) ? r['testCase'] : {};
  const base = typeof test['description'] === 'string' && test['description'] !== '' ? test['description'] : `test-${typeof r['testIdx'] === 'number' ? r['testIdx'] : i}`;
  return prompts > 1 ? `${base} [prompt ${String(r['promptIdx'] ?? 0)}]` : base;
}

function toCase(p: Problems, place: string, r: Obj, id: string): CaseResult | null {
  if (typeof r['success'] !== 'boolean') return (p.add(place, 'success', 'true or false', r['success']), null);
  const score = r['score'] === undefined ? (r['success'] ? 1 : 0) : numberField(p, place, 'score', r['score']);
  const latency = r['latencyMs'] === undefined || r['latencyMs'] === null ? null : numberField(p, place, 'latencyMs', r['latencyMs'], { min: 0 });
  const cost = r['cost'] === undefined || r['cost'] === null ? null : numberField(p, place, 'cost', r['cost'], { min: 0 });
  const response = isObj(r['response']) ? r['response'] : {};
  const tokens = isObj(response['tokenUsage']) ? response['tokenUsage'] : null;
  const count = (k: string): number | undefined => (tokens === null || tokens[k] === undefined ? 0 : numberField(p, place, `response.tokenUsage.${k}`, tokens[k], { min: 0 }));
  const prompt = count('prompt');
  const completion = count('completion');
  if (score === undefined || latency === undefined || cost === undefined || prompt === undefined || completion === undefined) return null;
  const error = typeof r['error'] === 'string' && r['error'] !== '' ? r['error'] : null;
  const output = response['output'];
  const read = new Set(['response', 'success', 'score', 'latencyMs', 'cost', 'error', 'provider']);
  const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !read.has(k)));
  return caseOf({
    id, completed: r['success'], reward: score, duration_seconds: latency === null ? null : latency / 1000,
    usage: tokens === null ? null : { total_calls: 1, prompt_tokens: Math.round(prompt), completion_tokens: Math.round(completion), roles: null },
    error, final_response: typeof output === 'string' ? output : output === undefined || output === null ? null : JSON.stringify(output),
    extra: { ...rest, ...(cost === null ? {} : { cost_usd: cost }) },
  });
}

export function fromPromptfoo(source: Source, options: LoadOptions): BenchmarkSummary {
  const data = source.json();
  const list = resultsOf(data);
  if (list === null || !isObj(data)) throw new InputError(`${source.file}: expected ${PROMPTFOO_SHAPE}`);
  const p = new Problems(source.file);
  const providers = new Map<string, number>();
  const named = (pr: { id: string; label: string | null }): string => pr.label ?? pr.id;
  list.forEach((r, i) => {
    const pr = isObj(r) ? providerOf(r) : null;
    if (pr === null) p.add(`$.results.results[${i}]`, 'provider', 'a provider id or {id, label}', isObj(r) ? r['provider'] : r);
    else providers.set(named(pr), (providers.get(named(pr)) ?? 0) + 1);
  });
  p.check();
  const chosen = options.model ?? (providers.size === 1 ? ([...providers.keys()][0] as string) : null);
  const listed = [...providers].map(([k, n]) => `${JSON.stringify(k)} (${n} results)`).join(', ');
  if (chosen === null) throw new InputError(`${source.file}: holds ${providers.size} providers: ${listed}; choose one per side with --baseline-model / --candidate-model (input.baseline_model / input.candidate_model)`);
  const mine = list.map((r, i) => ({ r: r as Obj, i })).filter(({ r }) => { const pr = providerOf(r); return pr !== null && (pr.id === chosen || pr.label === chosen); });
  if (mine.length === 0) throw new InputError(`${source.file}: no results of provider ${JSON.stringify(chosen)}; the file holds ${listed}`);
  const prompts = new Set(mine.map(({ r }) => r['promptIdx'] ?? 0)).size;
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  for (const { r, i } of mine) {
    const place = `$.results.results[${i}]`;
    const c = toCase(p, place, r, caseId(r, i, prompts));
    if (c === null) continue;
    cases.push(c);
    ids.push({ id: c.id, place });
  }
  checkUniqueIds(p, ids);
  p.check();
  const costs = cases.map((c) => c.extra['cost_usd']);
  const metadata: Record<string, number | string> = { 'promptfoo.eval_id': String(data['evalId']) };
  if (costs.every((x) => typeof x === 'number')) metadata['cost_usd'] = costs.reduce<number>((a, x) => a + (x as number), 0);
  const results = data['results'] as Obj;
  const without = (o: Obj, key: string): Obj => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
  const resultsRest = without(results, 'results');
  const top = without(data, 'results');
  return summaryOf({ id: `${String(data['evalId'] ?? stemOf(source.file))} ${chosen}`, format: 'promptfoo', cases, run: { model: chosen, started_at: typeof results['timestamp'] === 'string' ? results['timestamp'] : null }, metadata, extra: { ...top, results: resultsRest } });
}
