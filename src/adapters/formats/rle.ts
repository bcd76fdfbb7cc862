/**
 * RimWorld Learning Environment runs (AppSprout-dev/RLE), read as its code writes them:
 *
 * - `<scenario>_summary.json` (`scripts/run_scenario.py`): the run metadata at the top level
 *   (`tracking/metadata.py` `collect_metadata`: `timestamp`, git fields, `scoring_version`,
 *   `random_seed`, `rimapi_dll_sha256`, `rimapi_fork_commit`, …), then `scenario`, `model`,
 *   `provider`, `outcome` (`victory` / `defeat` / `timeout`, `scenarios/evaluator.py`),
 *   `final_score`, `ticks_run` and `cost_snapshot` (`tracking/cost_tracker.py` `CostSnapshot`, with
 *   `pricing_source` `openrouter_api` | `override` | `unknown`). A directory of them is one run.
 * - `benchmark_history.jsonl`: `run_scenario.py` appends each summary with `run_type: "scenario"`;
 *   `scripts/run_benchmark.py` appends one line per battery (`{...metadata, model, provider,
 *   scenarios: [{name, difficulty, outcome, score, ticks, elapsed_s, …}], cost_snapshot}`). Neither
 *   has a run id: a side takes the newest run, or the one its selector names (a timestamp or its
 *   prefix, a git commit), and the summary says which lines were taken.
 * - The documented layout (`metadata` / `config` objects, `composite_score`, `cost`,
 *   `benchmark_id`) is read too.
 *
 * A scenario is a case: `victory` is completed, the final score the reward, ticks the steps, the
 * snapshot's calls and tokens its usage. Each scenario's cost is kept with its pricing source; the
 * run's cost is their sum only when every price was known (`unknown` means the cost reads 0 only
 * because it could not be priced: the run's cost is then unknown). The metadata that decides
 * comparability is carried: scoring version, seed, the DLL hash, fork commit, model, provider, and
 * the scenarios' saves together as `dataset_hash`.
 */
import { createHash } from 'node:crypto';

import { InputError } from '../../errors.js';
import type { BenchmarkSummary, CaseResult } from '../../schema/summary.js';
import { caseOf, checkUniqueIds, firstOf, isObj, numberField, type Obj, Problems, stemOf, summaryOf } from '../parsing/records-common.js';
import { fileSource, type Source } from '../parsing/source.js';
import type { LoadOptions } from '../types.js';

export const RLE_SHAPE =
  'an RLE run: a <scenario>_summary.json (`scenario`, `outcome`, `final_score`, `ticks_run`), a directory of them, or benchmark_history.jsonl';
/** Outcomes that count as completed: evaluator.py's `victory`, and the documented layout's words. */
const COMPLETED = new Set(['victory', 'survived', 'completed', 'success', 'win', 'won']);
const SUMMARY_FILE = /_summary\.json$/;

const F = {
  name: ['scenario', 'scenario_name', 'name'],
  score: ['final_score', 'composite_score', 'score'],
  ticks: ['ticks_run', 'ticks'],
  duration: ['duration_seconds', 'elapsed_s', 'cost_snapshot.wall_time_s'],
  cost: ['cost_snapshot', 'cost'],
} as const;

const isScenario = (v: unknown): v is Obj =>
  isObj(v) &&
  typeof v['outcome'] === 'string' &&
  firstOf(v, ['scenario', 'scenario_name']) !== undefined &&
  firstOf(v, ['final_score', 'composite_score']) !== undefined;
/** A line `run_benchmark.py` appends: one battery of scenarios. */
const isBattery = (v: unknown): v is Obj =>
  isObj(v) && !('scenario' in v) && Array.isArray(v['scenarios']) && v['scenarios'].length > 0 && v['scenarios'].every(isObj);

export function rleMismatch(source: Source): string | null {
  if (source.kind === 'directory') return source.entries().some((n) => SUMMARY_FILE.test(n)) ? null : 'a directory without *_summary.json files';
  if (source.kind === 'json') return isScenario(source.json()) ? null : 'no `scenario`, `outcome` and `final_score`';
  if (source.kind === 'jsonl') {
    for (const { text } of source.lines()) {
      if (text.trim() === '') continue;
      try {
        const r = JSON.parse(text) as unknown;
        return isScenario(r) || isBattery(r) || (isObj(r) && r['run_type'] === 'benchmark')
          ? null
          : 'its first line is neither a scenario run (`scenario`, `outcome`, `final_score`) nor a battery (`scenarios`)';
      } catch {
        return 'its first line is not JSON';
      }
    }
  }
  return `not an RLE summary (${source.kind})`;
}

interface Scenario {
  place: string;
  /** The scenario's own fields. */
  data: Obj;
  /** Where its run metadata is: the scenario summary itself, or the battery line. */
  run: Obj;
}

/** One scenario run as a case. */
function toCase(p: Problems, s: Scenario): CaseResult | null {
  const r = s.data;
  const name = firstOf(r, F.name);
  if (name === undefined || typeof name.value !== 'string' || name.value === '') return (p.add(s.place, F.name[0], 'the scenario name', name?.value), null);
  if (typeof r['outcome'] !== 'string') return (p.add(s.place, 'outcome', 'the outcome (a string such as "victory")', r['outcome']), null);
  const scoreField = firstOf(r, F.score);
  const score = numberField(p, s.place, scoreField?.name ?? F.score[0], scoreField?.value);
  const ticksField = firstOf(r, F.ticks);
  const ticks = ticksField === undefined ? 0 : numberField(p, s.place, ticksField.name, ticksField.value, { min: 0 });
  const costField = firstOf(r, F.cost);
  const cost = costField !== undefined && isObj(costField.value) ? costField.value : null;
  const usd =
    cost === null || cost['estimated_cost_usd'] === undefined
      ? null
      : numberField(p, s.place, `${costField?.name ?? 'cost'}.estimated_cost_usd`, cost['estimated_cost_usd'], { min: 0 });
  const usage = cost === null ? null : usageOf(p, s.place, costField?.name ?? 'cost', cost);
  if (score === undefined || ticks === undefined || usd === undefined || usage === undefined) return null;
  const pricing = cost !== null && typeof cost['pricing_source'] === 'string' ? cost['pricing_source'] : 'unknown';
  const duration = firstOf(r, F.duration)?.value;
  return caseOf({
    id: name.value,
    completed: COMPLETED.has(r['outcome'].toLowerCase()),
    reward: score,
    steps: Math.round(ticks),
    duration_seconds: typeof duration === 'number' && duration >= 0 ? duration : null,
    usage,
    error: r['outcome'] === 'error' && typeof r['error'] === 'string' ? r['error'] : null,
    labels: {
      environment: 'rimworld',
      task_family: name.value,
      domain: typeof r['difficulty'] === 'string' ? r['difficulty'] : null,
      split: null,
      length_bucket: null,
    },
    extra: { ...r, ...(usd === null ? {} : { cost_usd: usd }), pricing_source: pricing },
  });
}

/** The calls and tokens of a cost snapshot (`num_calls`, `total_prompt_tokens`, `total_completion_tokens`); null when it records none. */
function usageOf(p: Problems, place: string, field: string, cost: Obj): CaseResult['usage'] | undefined {
  if (cost['num_calls'] === undefined && cost['total_prompt_tokens'] === undefined) return null;
  const out = { total_calls: 0, prompt_tokens: 0, completion_tokens: 0, roles: null };
  for (const [from, to] of [
    ['num_calls', 'total_calls'],
    ['total_prompt_tokens', 'prompt_tokens'],
    ['total_completion_tokens', 'completion_tokens'],
  ] as const) {
    if (cost[from] === undefined) continue;
    const n = numberField(p, place, `${field}.${from}`, cost[from], { min: 0 });
    if (n === undefined) return undefined;
    if (!Number.isInteger(n)) return (p.add(place, `${field}.${from}`, 'a whole number', cost[from]), undefined);
    out[to] = n;
  }
  return out;
}

/** The scenarios of a directory of summaries. */
function fromDirectory(source: Source): Scenario[] {
  return source
    .entries()
    .filter((n) => SUMMARY_FILE.test(n))
    .map((n) => {
      const file = source.sibling(n);
      const data = fileSource(file).json();
      if (!isObj(data)) throw new InputError(`${file}: expected an RLE scenario summary (a JSON object)`);
      return { place: n, data, run: data };
    });
}

interface HistoryLine {
  line: number;
  data: Obj;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const stampOf = (d: Obj): string | null => text(d['timestamp']);
const commitOf = (d: Obj): string | null => text(d['git_commit']);

/** True when `selector` names this line: its timestamp or a prefix of it, its git commit (or a prefix of 4+ characters), or its benchmark id. */
function selects(selector: string, d: Obj): boolean {
  const stamp = stampOf(d);
  const commit = commitOf(d);
  return (
    (stamp !== null && stamp.startsWith(selector)) ||
    (commit !== null && selector.length >= 4 && (commit.startsWith(selector) || selector.startsWith(commit))) ||
    d['benchmark_id'] === selector
  );
}

/** The runs of a history file, for messages: each timestamp and commit once, newest last. */
function describeRuns(lines: readonly HistoryLine[]): string {
  const seen = [...new Set(lines.map((l) => `${stampOf(l.data) ?? '(no timestamp)'} (commit ${commitOf(l.data) ?? 'unknown'})`))];
  const shown = seen.slice(-10);
  return `${shown.join(', ')}${seen.length > shown.length ? ` and ${seen.length - shown.length} older` : ''}`;
}

/**
 * The run of a history file a side takes: the newest line's run, or the newest run `selector` names. A
 * battery line is one run; scenario lines form a run by their benchmark id when they have one, else
 * the run is the newest line of each scenario.
 */
function fromHistory(p: Problems, source: Source, selector: string | null): { scenarios: Scenario[]; battery: Obj | null; description: string; label: string } {
  const lines: HistoryLine[] = [];
  for (const { line, text: t } of source.lines()) {
    if (t.trim() === '') continue; // the file as RLE commits it starts with an empty line
    let r: unknown;
    try {
      r = JSON.parse(t);
    } catch (err) {
      p.note(`line ${line}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (isScenario(r) || isBattery(r)) lines.push({ line, data: r });
    else if (!(isObj(r) && r['run_type'] === 'benchmark'))
      p.add(`line ${line}`, null, 'a scenario run (`scenario`, `outcome`, `final_score`) or a battery (`scenarios`)', r);
  }
  p.check();
  if (lines.length === 0) throw new InputError(`${source.file}: the history holds no runs yet (no scenario or battery lines)`);
  const matching = selector === null ? lines : lines.filter((l) => selects(selector, l.data));
  const newest = matching.at(-1);
  if (newest === undefined)
    throw new InputError(
      `${source.file}: no run of the history matches ${JSON.stringify(selector)} (a timestamp or its prefix, or a git commit); it holds ${describeRuns(lines)}`,
    );
  let taken: HistoryLine[];
  let scenarios: Scenario[];
  if (isBattery(newest.data)) {
    taken = [newest];
    const run = newest.data;
    scenarios = (run['scenarios'] as Obj[]).map((data, i) => ({ place: `line ${newest.line}: scenarios[${i}]`, data, run }));
  } else {
    const id = newest.data['benchmark_id'];
    const pool = matching.filter((l) => !isBattery(l.data) && (id === undefined ? l.data['benchmark_id'] === undefined : l.data['benchmark_id'] === id));
    const byScenario = new Map<unknown, HistoryLine>();
    for (const l of pool) byScenario.set(l.data['scenario'] ?? l.data['scenario_name'], l);
    taken = [...byScenario.values()].sort((a, b) => a.line - b.line);
    scenarios = taken.map((l) => ({ place: `line ${l.line}`, data: l.data, run: l.data }));
  }
  const where = taken.length === 1 ? `line ${taken[0]?.line ?? ''}` : `lines ${taken.map((l) => l.line).join(', ')}`;
  const what = isBattery(newest.data)
    ? 'the battery'
    : typeof newest.data['benchmark_id'] === 'string'
      ? `benchmark ${newest.data['benchmark_id']}`
      : 'the newest run of each scenario';
  const last = taken.at(-1)?.data ?? newest.data;
  const label = `${stampOf(last) ?? `line ${newest.line}`}${commitOf(last) === null ? '' : ` (${commitOf(last) ?? ''})`}`;
  return {
    label,
    scenarios,
    battery: isBattery(newest.data) ? newest.data : null,
    description: `${what}${selector === null ? '' : ` matching ${JSON.stringify(selector)}`} of the history, ${where}: ${describeRuns(taken)}`,
  };
}

/** The metadata the runs are compared by; a key that differs between scenarios is an error. */
function runMetadata(p: Problems, scenarios: readonly Scenario[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const one = (key: string, paths: readonly string[]): void => {
    const values = new Set(scenarios.map((s) => firstOf(s.run, paths)?.value).filter((v) => typeof v === 'string' || typeof v === 'number'));
    if (values.size > 1) p.note(`the scenarios disagree on ${key} (${[...values].map((v) => JSON.stringify(v)).join(', ')}); one run has one ${key}`);
    const v = [...values][0];
    if (v !== undefined) out[key] = v as string | number;
  };
  one('scoring_version', ['scoring_version', 'metadata.scoring_version']);
  one('seed', ['random_seed', 'metadata.seed']);
  one('dll_hash', ['rimapi_dll_sha256', 'metadata.dll_hash']);
  one('fork_commit', ['rimapi_fork_commit', 'metadata.fork_commit']);
  one('model', ['model', 'config.model']);
  one('provider', ['provider', 'config.provider']);
  const saves = scenarios
    .map(
      (s) =>
        `${String(firstOf(s.data, F.name)?.value)}:${String(firstOf(s.data, ['save_sha256', 'scenario_save_sha256', 'metadata.save_hash', 'scenario_save_name'])?.value ?? '')}`,
    )
    .sort();
  out['dataset_hash'] = createHash('sha256').update(saves.join('\n')).digest('hex');
  return out;
}

/** The run's cost: a battery's own snapshot, else the sum of the scenarios' costs when every one was priced; null when unknown. */
function runCost(cases: readonly CaseResult[], battery: Obj | null): number | null {
  if (battery !== null) {
    const c = battery['cost_snapshot'];
    if (!isObj(c) || typeof c['estimated_cost_usd'] !== 'number' || c['estimated_cost_usd'] < 0 || c['pricing_source'] === 'unknown') return null;
    // Before pricing_source was recorded, a zero estimate for tokens spent means no price was found.
    if (c['estimated_cost_usd'] === 0 && typeof c['total_tokens'] === 'number' && c['total_tokens'] > 0 && c['pricing_source'] === undefined) return null;
    return c['estimated_cost_usd'];
  }
  const known = cases.length > 0 && cases.every((c) => c.extra['pricing_source'] !== 'unknown' && typeof c.extra['cost_usd'] === 'number');
  return known ? cases.reduce((a, c) => a + (c.extra['cost_usd'] as number), 0) : null;
}

export function fromRle(source: Source, options: LoadOptions = { format: 'rle' }): BenchmarkSummary {
  const p = new Problems(source.file);
  let scenarios: Scenario[];
  let description: string | null = null;
  let battery: Obj | null = null;
  let id = stemOf(source.file.replace(/[\\/]+$/, ''));
  if (source.kind === 'directory') scenarios = fromDirectory(source);
  else if (source.kind === 'jsonl') {
    const h = fromHistory(p, source, options.run ?? null);
    scenarios = h.scenarios;
    description = h.description;
    battery = h.battery;
    id = `${id} @ ${h.label}`;
  } else {
    const data = source.json();
    if (!isObj(data)) throw new InputError(`${source.file}: expected ${RLE_SHAPE}`);
    scenarios = [{ place: '$', data, run: data }];
  }
  const cases: CaseResult[] = [];
  const ids: { id: string; place: string }[] = [];
  for (const s of scenarios) {
    const c = toCase(p, s);
    if (c === null) continue;
    cases.push(c);
    ids.push({ id: c.id, place: s.place });
  }
  checkUniqueIds(p, ids);
  const metadata: Record<string, string | number> = runMetadata(p, scenarios);
  if (p.empty && cases.length === 0) p.note('no scenario summaries');
  p.check();
  const cost = runCost(cases, battery);
  if (cost !== null) metadata['cost_usd'] = cost;
  else metadata['pricing_source'] = 'unknown';
  const model = typeof metadata['model'] === 'string' ? metadata['model'] : null;
  return summaryOf({ id, format: 'rle', cases, run: { model, description }, metadata });
}
