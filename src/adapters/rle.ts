/**
 * RimWorld Learning Environment runs: a scenario's `<scenario>_summary.json`, a directory of them (one
 * run, each scenario a case), or `benchmark_history.jsonl` (the scenario lines of its newest benchmark
 * run). The composite score is the reward, the outcome the completion (`survived`, `completed`,
 * `success` or `win` count as completed), ticks the steps. Each scenario's cost is kept with its
 * pricing source; the run's cost is their sum only when every price was known (an `unknown` price
 * means the cost reads 0 only because it could not be priced: the run's cost is then unknown). The
 * metadata that decides comparability is carried: scoring version, seed, the DLL and save hashes
 * (the saves together as `dataset_hash`), fork commit, model and provider.
 */
import { createHash } from 'node:crypto';
import { InputError } from '../errors.js';
import type { BenchmarkSummary, CaseResult } from '../schema/summary.js';
import { caseOf, checkUniqueIds, numberField, Problems, stemOf, summaryOf, isObj, type Obj } from './records-common.js';
import { fileSource, type Source } from './source.js';

export const RLE_SHAPE = 'an RLE run: a <scenario>_summary.json (`scenario`, `outcome`, `composite_score`, `ticks_run`), a directory of them, or benchmark_history.jsonl';
const COMPLETED = new Set(['survived', 'completed', 'success', 'win', 'won']);
const SUMMARY_FILE = /_summary\.json$/;

const isScenario = (v: unknown): v is Obj => isObj(v) && 'composite_score' in v && 'outcome' in v && ('scenario' in v || 'scenario_name' in v);

export function rleMismatch(source: Source): string | null {
  if (source.kind === 'directory') return source.entries().some((n) => SUMMARY_FILE.test(n)) ? null : 'a directory without *_summary.json files';
  if (source.kind === 'json') return isScenario(source.json()) ? null : 'no `scenario`, `outcome` and `composite_score`';
  if (source.kind === 'jsonl') {
    for (const { text } of source.lines()) {
      if (text.trim() === '') continue;
      try {
        const r = JSON.parse(text) as unknown;
        return isObj(r) && (r['run_type'] === 'scenario' || r['run_type'] === 'benchmark') ? null : 'its first line has no run_type "scenario" or "benchmark"';
      } catch {
        return 'its first line is not JSON';
      }
    }
  }
  return `not an RLE summary (${source.kind})`;
}

interface Scenario {
  place: string;
  data: Obj;
}

/** One scenario run as a case. */
function toCase(p: Problems, s: Scenario): CaseResult | null {
  const r = s.data;
  const name = r['scenario'] ?? r['scenario_name'];
  if (typeof name !== 'string' || name === '') return (p.add(s.place, 'scenario', 'the scenario name', name), null);
  if (typeof r['outcome'] !== 'string') return (p.add(s.place, 'outcome', 'the outcome (a string such as "survived")', r['outcome']), null);
  const score = numberField(p, s.place, 'composite_score', r['composite_score']);
  const ticks = r['ticks_run'] === undefined ? 0 : numberField(p, s.place, 'ticks_run', r['ticks_run'], { min: 0 });
  const cost = isObj(r['cost']) ? r['cost'] : null;
  const usd = cost === null || cost['estimated_cost_usd'] === undefined ? null : numberField(p, s.place, 'cost.estimated_cost_usd', cost['estimated_cost_usd'], { min: 0 });
  if (score === undefined || ticks === undefined || usd === undefined) return null;
  const source = cost !== null && typeof cost['pricing_source'] === 'string' ? cost['pricing_source'] : 'unknown';
  const duration = typeof r['duration_seconds'] === 'number' && r['duration_seconds'] >= 0 ? r['duration_seconds'] : null;
  return caseOf({
    id: name, completed: COMPLETED.has(r['outcome'].toLowerCase()), reward: score, steps: Math.round(ticks), duration_seconds: duration,
    error: r['outcome'] === 'error' && typeof r['error'] === 'string' ? r['error'] : null,
    labels: { environment: 'rimworld', task_family: name, domain: null, split: null, length_bucket: null },
    extra: { ...r, ...(usd === null ? {} : { cost_usd: usd }), pricing_source: source },
  });
}

/** The scenarios of a directory of summaries. */
function fromDirectory(source: Source): Scenario[] {
  return source.entries().filter((n) => SUMMARY_FILE.test(n)).map((n) => {
    const file = source.sibling(n);
    const data = fileSource(file).json();
    if (!isObj(data)) throw new InputError(`${file}: expected an RLE scenario summary (a JSON object)`);
    return { place: n, data };
  });
}

/** The scenario lines of the newest benchmark run of a history file (streamed). */
function fromHistory(p: Problems, source: Source): { scenarios: Scenario[]; benchmark: string } {
  const byRun = new Map<string, Scenario[]>();
  let newest: string | null = null;
  for (const { line, text } of source.lines()) {
    if (text.trim() === '') continue;
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch (err) {
      p.note(`line ${line}: not valid JSON (${(err as Error).message})`);
      continue;
    }
    if (!isObj(r) || r['run_type'] !== 'scenario') continue;
    const id = r['benchmark_id'];
    if (typeof id !== 'string' || id === '') continue; // a standalone scenario run, not part of a benchmark
    byRun.set(id, [...(byRun.get(id) ?? []), { place: `line ${line}`, data: r }]);
    newest = id;
  }
  p.check();
  if (newest === null) throw new InputError(`${source.file}: no scenario lines with a benchmark_id: the history holds no benchmark run (give a scenario's _summary.json or a directory of them instead)`);
  return { scenarios: byRun.get(newest) ?? [], benchmark: newest };
}

/** The metadata the runs are compared by; a key that differs between scenarios is an error. */
function runMetadata(p: Problems, scenarios: readonly Scenario[]): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const one = (key: string, pick: (d: Obj) => unknown): void => {
    const values = new Set(scenarios.map((s) => pick(s.data)).filter((v) => typeof v === 'string' || typeof v === 'number'));
    if (values.size > 1) p.note(`the scenarios disagree on ${key} (${[...values].map((v) => JSON.stringify(v)).join(', ')}); one run has one ${key}`);
    const v = [...values][0];
    if (v !== undefined) out[key] = v as string | number;
  };
  const meta = (d: Obj): Obj => (isObj(d['metadata']) ? d['metadata'] : {});
  const cfg = (d: Obj): Obj => (isObj(d['config']) ? d['config'] : {});
  one('scoring_version', (d) => meta(d)['scoring_version']);
  one('seed', (d) => meta(d)['seed']);
  one('dll_hash', (d) => meta(d)['dll_hash']);
  one('fork_commit', (d) => meta(d)['fork_commit']);
  one('model', (d) => cfg(d)['model']);
  one('provider', (d) => cfg(d)['provider']);
  const saves = scenarios.map((s) => `${String(s.data['scenario'] ?? s.data['scenario_name'])}:${String(meta(s.data)['save_hash'] ?? '')}`).sort();
  out['dataset_hash'] = createHash('sha256').update(saves.join('\n')).digest('hex');
  return out;
}

export function fromRle(source: Source): BenchmarkSummary {
  const p = new Problems(source.file);
  let scenarios: Scenario[];
  let description: string | null = null;
  if (source.kind === 'directory') scenarios = fromDirectory(source);
  else if (source.kind === 'jsonl') {
    const h = fromHistory(p, source);
    scenarios = h.scenarios;
    description = `benchmark ${h.benchmark} of the history`;
  } else {
    const data = source.json();
    if (!isObj(data)) throw new InputError(`${source.file}: expected ${RLE_SHAPE}`);
    scenarios = [{ place: '$', data }];
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
  const known = cases.every((c) => c.extra['pricing_source'] !== 'unknown' && typeof c.extra['cost_usd'] === 'number');
  if (known) metadata['cost_usd'] = cases.reduce((a, c) => a + (c.extra['cost_usd'] as number), 0);
  else metadata['pricing_source'] = 'unknown';
  const model = typeof metadata['model'] === 'string' ? metadata['model'] : null;
  return summaryOf({ id: stemOf(source.file.replace(/[\\/]+$/, '')), format: 'rle', cases, run: { model, description }, metadata });
}
