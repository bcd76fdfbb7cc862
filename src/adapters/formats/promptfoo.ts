/**
 * promptfoo eval output (`promptfoo eval -o results.json` or `-o results.jsonl`; results versions 2
 * and 3, with or without `evalId`): a grid of tests × output columns, a column being a provider with
 * a prompt (promptfoo-read.ts). A side is a column chosen by provider (label or id), by prompt label,
 * or both (`--baseline-model` / `--baseline-prompt`, the same for the candidate); a file with one
 * provider needs no choice. Each test is a case named by what it is (promptfoo-names.ts), so two
 * outputs pair by test, not by position. `success` is completion; a failed assertion is a case not
 * completed, a provider error (`failureReason` 2) an error; score the reward, latency the duration,
 * token usage and cost read when present.
 */
import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, isObj, numberField, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import type { Source } from '../parsing/source.js';
import { chooserOf, type LoadOptions, type RunChoice, SeveralRuns } from '../types.js';
import { testNames } from './promptfoo-names.js';
import {
  gridOfRows,
  gridOfTable,
  jsonlRows,
  type PromptfooCell,
  type PromptfooColumn,
  type PromptfooGrid,
  type PromptfooTest,
  splitObjects,
} from './promptfoo-read.js';

export const PROMPTFOO_SHAPE =
  'promptfoo eval output: a JSON object with `results.results` and `evalId` or `results.version` (one result per test, prompt and provider), or its JSON Lines form (one result per line with `testIdx`, `promptIdx`, `provider`, `success`)';

/** A version-3 result row, as the JSON Lines output holds one per line. */
function isRow(r: unknown): r is Obj {
  return isObj(r) && typeof r['success'] === 'boolean' && r['provider'] !== undefined && ('testIdx' in r || 'promptIdx' in r || isObj(r['testCase']));
}

function firstRecord(source: Source): unknown {
  for (const { text } of source.lines()) {
    if (text.trim() === '') continue;
    try {
      return JSON.parse(splitObjects(text)[0] as string) as unknown;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function promptfooMismatch(source: Source): string | null {
  if (source.kind === 'jsonl') return isRow(firstRecord(source)) ? null : 'the first line is not a promptfoo result (`success`, `provider`, `testIdx`)';
  if (source.kind !== 'json') return `not a JSON document (${source.kind})`;
  const data = source.json();
  if (isRow(data)) return null;
  if (!isObj(data) || !isObj(data['results']) || !Array.isArray(data['results']['results'])) return 'no `results.results` array';
  return 'evalId' in data || typeof data['results']['version'] === 'number' ? null : 'no `evalId` or `results.version`';
}

function readGrid(source: Source, p: Problems): PromptfooGrid {
  if (source.kind === 'jsonl') return { layout: 'jsonl', ...gridOfRows(jsonlRows(source, p), null, p), top: null };
  const data = source.json();
  if (isRow(data)) return { layout: 'jsonl', ...gridOfRows([{ row: data, place: '$' }], null, p), top: null };
  if (!isObj(data) || !isObj(data['results']) || !Array.isArray(data['results']['results']))
    throw new InputError(`${source.file}: expected ${PROMPTFOO_SHAPE}`);
  const results = data['results'];
  if (results['version'] !== 3 && isObj(results['table'])) return { layout: 'v2', ...gridOfTable(data, results['table'], p), top: data };
  const rows = (results['results'] as unknown[]).map((row, i) => ({ row, place: `$.results.results[${i}]` }));
  return { layout: 'v3', ...gridOfRows(rows, results['prompts'], p), top: data };
}

const quote = (s: string): string => JSON.stringify(s);
const listOf = (xs: Iterable<string>): string => [...new Set(xs)].map(quote).join(', ');

/** The columns of one side: by provider (else prompt label) `model`, then by prompt label `prompt`. */
export function selectColumns(file: string, grid: PromptfooGrid, options: LoadOptions): PromptfooColumn[] {
  const { model, prompt } = options;
  const { columns } = grid;
  const held = `the file holds providers ${listOf(columns.map((c) => c.provider))} and prompts ${listOf(columns.flatMap((c) => (c.prompt === null ? [] : [c.prompt])))}`;
  let chosen = columns;
  if (model !== undefined) {
    const byProvider = columns.filter((c) => c.provider === model || c.providerId === model);
    const named = new Set(byProvider.map((c) => c.provider));
    if (named.size > 1)
      throw new InputError(
        `${file}: the provider id ${quote(model)} (${chooserOf(options, 'model')}) is shared by the providers labelled ${listOf(named)}; choose one by its label`,
      );
    chosen = byProvider.length > 0 ? byProvider : columns.filter((c) => c.prompt === model);
    if (chosen.length === 0) throw new InputError(`${file}: no provider or prompt label ${quote(model)} (${chooserOf(options, 'model')}); ${held}`);
  }
  if (prompt !== undefined) {
    chosen = chosen.filter((c) => c.prompt === prompt);
    if (chosen.length === 0)
      throw new InputError(
        `${file}: no prompt label ${quote(prompt)}${model === undefined ? '' : ` with ${quote(model)}`} (${chooserOf(options, 'prompt')}); ${held}`,
      );
  }
  if (model === undefined && prompt === undefined && new Set(chosen.map((c) => c.provider)).size > 1) {
    const providerOf = new Map(columns.map((c) => [c.index, c.provider]));
    const count = (name: string): number => grid.cells.filter((x) => providerOf.get(x.column) === name).length;
    const providers = [...new Set(chosen.map((c) => c.provider))];
    // Each provider is a run; a provider with several prompt labels, one run per prompt.
    const choices = providers.flatMap((model): RunChoice[] => {
      const labels = [...new Set(chosen.flatMap((c) => (c.provider === model && c.prompt !== null ? [c.prompt] : [])))];
      return labels.length > 1 ? labels.map((p) => ({ model, prompt: p })) : [{ model }];
    });
    throw new SeveralRuns(
      `${file}: holds ${providers.length} providers: ${providers.map((n) => `${quote(n)} (${count(n)} results)`).join(', ')}`,
      'providers',
      choices,
      options,
    );
  }
  if (chosen.length === 0) throw new InputError(`${file}: no results`);
  return chosen;
}

/** What tells the chosen columns apart, appended to the test's name when a side spans several. */
function columnSuffix(chosen: PromptfooColumn[]): (c: PromptfooColumn) => string {
  if (chosen.length === 1) return () => '';
  const providers = new Set(chosen.map((c) => c.provider)).size > 1;
  const prompts = new Set(chosen.map((c) => c.prompt)).size > 1;
  return (c) =>
    providers || prompts
      ? ` [${[providers ? c.provider : null, prompts ? `prompt ${c.prompt ?? ''}` : null].filter((x) => x !== null).join(', ')}]`
      : ` [column ${c.index}]`;
}

/** How a failed result failed: promptfoo's failureReason (1 assertion, 2 error), else a provider error it recorded. */
function failureOf(cell: PromptfooCell, success: boolean): 'assertion' | 'error' | null {
  if (success) return null;
  const r = cell.row;
  if (r['failureReason'] === 2) return 'error';
  if (r['failureReason'] === 1) return 'assertion';
  if (cell.table) return r['gradingResult'] === undefined || r['gradingResult'] === null ? 'error' : 'assertion';
  const response = isObj(r['response']) ? r['response'] : {};
  return typeof response['error'] === 'string' && response['error'] !== '' ? 'error' : 'assertion';
}

/** The error and output texts: a table output's text is `error\n---\noutput` when it failed. */
function textsOf(cell: PromptfooCell, success: boolean): { error: string | null; output: string | null } {
  const r = cell.row;
  const asText = (v: unknown): string | null => (typeof v === 'string' ? v : v === undefined || v === null ? null : JSON.stringify(v));
  if (cell.table) {
    const text = typeof r['text'] === 'string' ? r['text'] : '';
    const cut = success ? -1 : text.indexOf('\n---\n');
    return cut < 0 ? { error: null, output: text } : { error: text.slice(0, cut), output: text.slice(cut + 5) };
  }
  const response = isObj(r['response']) ? r['response'] : {};
  return { error: asText(r['error']) ?? asText(response['error']), output: asText(response['output']) };
}

interface Tokens {
  /** Null when unknown. */
  prompt: number | null;
  completion: number | null;
  total: number | null;
  cached: number | null;
  /** A field of them is not a count (the problem is added). */
  invalid: boolean;
}

/**
 * A row's token usage. promptfoo's TokenUsage has every count optional (src/types/shared.ts @
 * 01648fa49fb8c41a11e10dc26edf592278707a5b, `BaseTokenUsageSchema`: prompt, completion, cached,
 * total). A response served from promptfoo's cache has `{cached, total}` and no split
 * (src/providers/openai/util.ts @ 00e4b0f8619a9c9ff0b7a4ccd458d0d96b0785cd, `getTokenUsage`:
 * `cached ? { cached: total_tokens, total: total_tokens }`), and the row's own `tokenUsage` adds it
 * up as prompt 0 and completion 0 with `cached` the total (fixtures/real/promptfoo
 * out-cached-0.121.20.json). So the split is known only when both counts are there and, when some
 * tokens were cached, they add up to the total; else the case's usage is unknown, never 0, and the
 * total stays known (`extra.total_tokens`).
 */
function usageOf(key: string, tokens: Obj, optional: (key: string, v: unknown) => number | null | undefined): Tokens {
  const [prompt, completion, total, cached] = (['prompt', 'completion', 'total', 'cached'] as const).map((k) => optional(`${key}.${k}`, tokens[k]));
  if (prompt === undefined || completion === undefined || total === undefined || cached === undefined)
    return { prompt: null, completion: null, total: null, cached: null, invalid: true };
  const split = prompt !== null && completion !== null && !(cached !== null && cached > 0 && total !== null && prompt + completion < total);
  return { prompt: split ? prompt : null, completion: split ? completion : null, total, cached, invalid: false };
}

function toCase(p: Problems, cell: PromptfooCell, id: string, column: PromptfooColumn, test: PromptfooTest | undefined): CaseResult | null {
  const r = cell.row;
  const successKey = cell.table ? 'pass' : 'success';
  const success = r[successKey];
  if (typeof success !== 'boolean') return (p.add(cell.place, successKey, 'true or false', success), null);
  const optional = (key: string, v: unknown): number | null | undefined =>
    v === undefined || v === null ? null : numberField(p, cell.place, key, v, { min: 0 });
  const score = r['score'] === undefined || r['score'] === null ? (success ? 1 : 0) : numberField(p, cell.place, 'score', r['score']);
  const latency = optional('latencyMs', r['latencyMs']);
  const cost = optional('cost', r['cost']);
  const response = isObj(r['response']) ? r['response'] : {};
  const [tokensKey, tokens] = cell.table
    ? ['tokenUsage', r['tokenUsage']]
    : isObj(response['tokenUsage'])
      ? ['response.tokenUsage', response['tokenUsage']]
      : ['tokenUsage', r['tokenUsage']];
  const usage = isObj(tokens) ? usageOf(tokensKey, tokens, optional) : null;
  if (score === undefined || latency === undefined || cost === undefined || (usage !== null && usage.invalid)) return null;
  const failure = failureOf(cell, success);
  const texts = textsOf(cell, success);
  const grading = isObj(r['gradingResult']) ? r['gradingResult'] : null;
  return caseOf({
    id,
    completed: success,
    reward: score,
    duration_seconds: latency === null ? null : latency / 1000,
    usage:
      usage?.prompt == null || usage.completion == null
        ? null
        : { total_calls: 1, prompt_tokens: Math.round(usage.prompt), completion_tokens: Math.round(usage.completion), roles: null },
    error: failure === 'error' ? (texts.error ?? 'provider error') : null,
    description: test?.description ?? null,
    final_response: texts.output,
    extra: {
      testIdx: cell.test,
      promptIdx: cell.column,
      provider: column.provider,
      prompt: column.prompt,
      vars: test?.vars ?? null,
      ...(test?.metadata ? { test_metadata: test.metadata } : {}),
      failure,
      ...(failure === 'assertion' && typeof grading?.['reason'] === 'string' ? { failure_reason: grading['reason'] } : {}),
      ...(isObj(r['namedScores']) ? { namedScores: r['namedScores'] } : {}),
      ...(isObj(r['metadata']) ? { metadata: r['metadata'] } : {}),
      ...(cost === null ? {} : { cost_usd: cost }),
      // The split unknown (a cache hit), the total known: kept, never read as 0 prompt and 0 completion.
      ...(usage !== null && (usage.prompt == null || usage.completion == null) && usage.total != null ? { total_tokens: usage.total } : {}),
      ...(usage?.cached != null && usage.cached > 0 ? { cached_tokens: usage.cached } : {}),
    },
  });
}

export function fromPromptfoo(source: Source, options: LoadOptions): BenchmarkSummary {
  const p = new Problems(source.file);
  const grid = readGrid(source, p);
  p.check();
  const chosen = selectColumns(source.file, grid, options);
  const byIndex = new Map(chosen.map((c) => [c.index, c]));
  const names = testNames(grid.tests.values());
  const suffix = columnSuffix(chosen);
  const mine = grid.cells.filter((c) => byIndex.has(c.column)).sort((a, b) => a.test - b.test || a.column - b.column);
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  for (const cell of mine) {
    const column = byIndex.get(cell.column) as PromptfooColumn;
    const test = grid.tests.get(cell.test);
    const c = toCase(p, cell, `${names.get(cell.test) ?? `test-${cell.test}`}${suffix(column)}`, column, test);
    if (c === null) continue;
    cases.push(c);
    ids.push({ id: c.id, place: cell.place });
  }
  checkUniqueIds(p, ids);
  if (p.empty && cases.length === 0) p.note(`no results of ${chosen.map((c) => quote(c.provider)).join(', ')}`);
  p.check();
  return summaryOf(summaryParts(source, grid, chosen, cases));
}

function summaryParts(source: Source, grid: PromptfooGrid, chosen: PromptfooColumn[], cases: CaseResult[]): Parameters<typeof summaryOf>[0] {
  const providers = [...new Set(chosen.map((c) => c.provider))];
  const prompts = [...new Set(chosen.map((c) => c.prompt))];
  const top = grid.top ?? {};
  const results = isObj(top['results']) ? top['results'] : {};
  const evalId = typeof top['evalId'] === 'string' ? top['evalId'] : null;
  const side = [
    providers.length === 1 ? providers[0] : null,
    prompts.length === 1 && prompts[0] !== null && grid.columns.some((c) => c.prompt !== prompts[0]) ? `prompt ${prompts[0]}` : null,
  ]
    .filter((x) => x !== null && x !== undefined)
    .join(', ');
  const metadata: Record<string, number | string> = { 'promptfoo.layout': grid.layout };
  if (evalId !== null) metadata['promptfoo.eval_id'] = evalId;
  if (providers.length === 1) metadata['provider'] = providers[0] as string;
  if (prompts.length === 1 && prompts[0] !== null) metadata['prompt'] = prompts[0] as string;
  const costs = cases.map((c) => c.extra['cost_usd']);
  if (cases.length > 0 && costs.every((x) => typeof x === 'number')) metadata['cost_usd'] = costs.reduce<number>((a, x) => a + (x as number), 0);
  const keep = Object.fromEntries(Object.entries(results).filter(([k]) => k !== 'results' && k !== 'table'));
  const rest = Object.fromEntries(Object.entries(top).filter(([k]) => k !== 'results'));
  return {
    id: `${evalId ?? stemOf(source.file)} ${side || chosen.map((c) => c.provider).join('+')}`,
    format: 'promptfoo',
    cases,
    run: {
      model: providers.length === 1 ? (providers[0] as string) : null,
      started_at: typeof results['timestamp'] === 'string' ? results['timestamp'] : null,
    },
    metadata,
    extra: grid.top === null ? {} : { ...rest, results: keep },
  };
}
