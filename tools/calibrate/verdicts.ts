/**
 * `npm run calibrate -- --only verdicts`: the cells of the default verdicts ("a verdict a team can live with").
 *
 * - default policy, A/A: how often an equal agent is promoted (non-inferiority margins), at 100, 400
 *   and 2,000 cases with one trial and at 400 with three; and a candidate exactly at the margin
 *   (its success probability lower by 5 points on average, proportionally), which must be promoted
 *   at most 5% of the time;
 * - a held-out-style suite: 6 task families of different difficulty (logit offsets −1.5 … +1.75,
 *   cases spread around them), no shock, A/A and 10 points worse, `--cluster auto`, next to McNemar;
 * - 6 families with a per-run family shock on the logit scale (SD 0.5 and 1.0; each side's each run
 *   draws its own), A/A and at the margin, `--cluster auto`;
 * - an outage: 3% of the candidate's cases hit an HTTP 429 on an equal agent (compareSummaries on
 *   rlm-code summaries): how often a 429 case is reported as a completion regression, and the verdicts.
 *
 * Options: --pairs N (pairs per cell; default --runs), --verdict-cells a,b (aa, heldout, shocks,
 * outage; and trials: the family cells with 3 trials per side, not in the default list).
 */
import { parseSummary } from '../../src/adapters/registry.js';
import { significantVerdict } from '../../src/analysis/compare.js';
import type { PairedCase, RunOutcomes, SideRuns, SignificanceOptions } from '../../src/analysis/model.js';
import { pairedCasesOf } from '../../src/analysis/paired-cases.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/rlm/thresholds.js';
import { rewardScale } from '../../src/analysis/significance/margins.js';
import { testGates } from '../../src/analysis/significance/significance.js';
import { judge } from '../../src/pipeline/judge.js';
import { resolvePolicy } from '../../src/policy/policy.js';
import { loadedWhole } from '../../src/schema/loaded.js';
import { NO_FIELDS } from '../../src/schema/pack.js';
import { clamp, type Draw, draw, evidence, mcnemarHolds, suiteProbabilities, uniform } from './simulate.js';

type Write = (s: string) => void;

/** BENCHGATE_CALIBRATE_NO_RUNS=1: withhold the runs, so the correlation check decides as before the variance components (for a before/after). */
const NO_RUNS = process.env['BENCHGATE_CALIBRATE_NO_RUNS'] === '1';
type Uniform = () => number;

/** A standard normal draw (Box–Muller) from a seeded uniform source. */
function gaussian(u: Uniform): number {
  const a = Math.max(u(), 1e-300);
  return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * u());
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));
const logit = (p: number): number => Math.log(p / (1 - p));

export interface VerdictScenario {
  cases: number;
  trials: number;
  /** Absolute drop of the candidate's success probability on every case (clamped at 0). */
  drop?: number;
  /** Relative drop so that the mean success probability falls by exactly this much: a candidate at the margin. */
  meanDrop?: number;
  /** Task families of different difficulty (0: none, the independent suite of simulate.ts). */
  families?: number;
  /** SD of the per-run family shock on the logit scale. */
  shockSd?: number;
}

const OFFSETS = [-1.5, -0.75, 0, 0.5, 1, 1.75];

/** Base success probabilities and family of each case. */
function suite(s: VerdictScenario, u: Uniform): { p: number[]; family: number[] } {
  const F = s.families ?? 0;
  if (F === 0) return { p: suiteProbabilities(s.cases, u), family: new Array<number>(s.cases).fill(0) };
  const family = Array.from({ length: s.cases }, (_, i) => Math.floor((i * F) / s.cases));
  const p = family.map((f) => logistic((OFFSETS[f % OFFSETS.length] as number) + 1.5 * gaussian(u)));
  return { p, family };
}

/** One simulated pair: the paired evidence over all trials, and each side's first trial. */
export function simulateVerdictPair(s: VerdictScenario, u: Uniform): { cases: PairedCase[]; first: { baseline: Draw; candidate: Draw }[]; runs: SideRuns } {
  const { p, family } = suite(s, u);
  const F = Math.max(1, s.families ?? 0);
  const sd = s.shockSd ?? 0;
  const shocks = () => Array.from({ length: s.trials }, () => Array.from({ length: F }, () => (sd === 0 ? 0 : sd * gaussian(u))));
  const bShock = shocks();
  const cShock = shocks();
  const mean = p.reduce((a, x) => a + x, 0) / p.length;
  const ratio = s.meanDrop === undefined ? 1 : 1 - s.meanDrop / mean;
  const shocked = (q: number, shock: number): number => (shock === 0 || q <= 0 || q >= 1 ? q : logistic(logit(q) + shock));
  const noLabels = { environment: null, task_family: null, domain: null, split: null, length_bucket: null };
  const cases: PairedCase[] = [];
  const first: { baseline: Draw; candidate: Draw }[] = [];
  const outcomes = (): RunOutcomes[] =>
    Array.from({ length: s.trials }, () => ({ completion: new Float64Array(p.length), reward: new Float64Array(p.length), steps: new Float64Array(p.length) }));
  const runs = { baseline: outcomes(), candidate: outcomes() };
  const record = (side: RunOutcomes[], i: number, trials: readonly Draw[]): void =>
    trials.forEach((r, t) => {
      const o = side[t] as RunOutcomes;
      o.completion[i] = r.ok ? 1 : 0;
      o.reward[i] = r.reward;
      o.steps[i] = r.steps;
    });
  p.forEach((q, i) => {
    const f = family[i] as number;
    const b = Array.from({ length: s.trials }, (_, t) => draw(shocked(q, (bShock[t] as number[])[f] as number), u));
    const c = Array.from({ length: s.trials }, (_, t) => {
      const base = shocked(q, (cShock[t] as number[])[f] as number);
      return draw(clamp(s.meanDrop === undefined ? base - (s.drop ?? 0) : base * ratio), u);
    });
    const labels = (s.families ?? 0) === 0 ? noLabels : { ...noLabels, task_family: `family_${f}` };
    cases.push({ id: `case_${i}`, labels, baseline: evidence(b), candidate: evidence(c) });
    record(runs.baseline, i, b);
    record(runs.candidate, i, c);
    first.push({ baseline: b[0] as Draw, candidate: c[0] as Draw });
  });
  return { cases, first, runs };
}

export interface VerdictCell {
  hold: number;
  inconclusive: number;
  promote: number;
  clustered: number;
  mcnemar: number;
}

export function runVerdictCell(s: VerdictScenario, pairs: number, seed: number, options: SignificanceOptions = {}): VerdictCell {
  const u = uniform(
    seed ^
      (s.cases * 7919) ^
      (s.trials * 104729) ^
      ((s.families ?? 0) * 15485863) ^
      Math.round(((s.shockSd ?? 0) + (s.drop ?? 0) * 7 + (s.meanDrop ?? 0) * 13) * 1e6),
  );
  const out: VerdictCell = { hold: 0, inconclusive: 0, promote: 0, clustered: 0, mcnemar: 0 };
  for (let r = 0; r < pairs; r++) {
    const { cases, first, runs } = simulateVerdictPair(s, u);
    if (mcnemarHolds(first, 0.05)) out.mcnemar++;
    // With 2+ trials a side, each run's outcomes, as compare.ts gives them (the per-run group noise is estimated from them).
    const given = s.trials >= 2 && !NO_RUNS ? { runs } : {};
    // The margins' reward scale from the baseline's rows, as compare.ts reads it (the per-case means of 3 trials span less).
    const marginScale = rewardScale(Float64Array.from(runs.baseline.flatMap((o) => Array.from(o.reward))));
    const res = testGates(
      pairedCasesOf(cases),
      DEFAULT_THRESHOLDS,
      { baseline: s.trials, candidate: s.trials },
      { cluster: 'auto', marginScale, ...given, ...options },
    );
    if (res.cluster.field !== null || res.method === 'variance-components') out.clustered++;
    out[
      significantVerdict(
        res.gates.some((g) => g.status === 'fail'),
        res.gates.some((g) => g.status === 'inconclusive'),
      )
    ]++;
  }
  return out;
}

const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(1)}%`;

function row(w: Write, label: string, r: VerdictCell, n: number, extra = true): void {
  w(`| ${label} | ${pct(r.hold, n)} | ${pct(r.inconclusive, n)} | ${pct(r.promote, n)} |${extra ? ` ${pct(r.clustered, n)} | ${pct(r.mcnemar, n)} |` : ''}\n`);
}

function aaCells(w: Write, pairs: number, seed: number): void {
  w('**Default policy: an equal agent and one exactly at the margin** (independent cases, 5-point margins):\n\n');
  w('| Scenario | hold | inconclusive | promote |\n|:--|--:|--:|--:|\n');
  for (const [n, k] of [
    [100, 1],
    [400, 1],
    [2000, 1],
    [400, 3],
  ] as const) {
    row(w, `${n} cases, ${k} trial${k > 1 ? 's' : ''}, A/A`, runVerdictCell({ cases: n, trials: k }, pairs, seed), pairs, false);
  }
  for (const [n, k] of [
    [400, 1],
    [2000, 1],
    [400, 3],
  ] as const) {
    row(
      w,
      `${n} cases, ${k} trial${k > 1 ? 's' : ''}, 5 points worse on average (at the margin)`,
      runVerdictCell({ cases: n, trials: k, meanDrop: 0.05 }, pairs, seed),
      pairs,
      false,
    );
  }
  w('\n');
}

function familyCells(w: Write, pairs: number, seed: number, which: 'heldout' | 'shocks' | 'trials'): void {
  if (which === 'trials') {
    w(
      `**6 families with 3 trials per side** (each trial a run of its own, with its own family shocks), 400 cases, \`--cluster auto\`${NO_RUNS ? ', the runs withheld (the correlation check decides)' : ''}:\n\n`,
    );
    w(
      '| Scenario | hold | inconclusive | promote | clustered or per-run noise estimated | exact McNemar at 5% (first trials): hold |\n|:--|--:|--:|--:|--:|--:|\n',
    );
    row(w, 'held-out style, 10 points worse', runVerdictCell({ cases: 400, trials: 3, families: 6, drop: 0.1 }, pairs, seed), pairs);
    for (const sd of [0.5, 1]) {
      row(w, `shock SD ${sd}, A/A`, runVerdictCell({ cases: 400, trials: 3, families: 6, shockSd: sd }, pairs, seed), pairs);
      row(w, `shock SD ${sd}, at the margin`, runVerdictCell({ cases: 400, trials: 3, families: 6, shockSd: sd, meanDrop: 0.05 }, pairs, seed), pairs);
    }
    return void w('\n');
  }
  if (which === 'heldout') w('**Held-out-style suite**: 6 families of different difficulty, 400 cases, one trial, `--cluster auto`, no shock:\n\n');
  else w('**6 families with per-run shocks** on the logit scale (each run of each side draws its own), 400 cases, one trial, `--cluster auto`:\n\n');
  w('| Scenario | hold | inconclusive | promote | clustered | exact McNemar at 5%: hold |\n|:--|--:|--:|--:|--:|--:|\n');
  if (which === 'heldout') {
    row(w, 'A/A', runVerdictCell({ cases: 400, trials: 1, families: 6 }, pairs, seed), pairs);
    row(w, '10 points worse', runVerdictCell({ cases: 400, trials: 1, families: 6, drop: 0.1 }, pairs, seed), pairs);
    return void w('\n');
  }
  for (const sd of [0.5, 1]) {
    row(w, `shock SD ${sd}, A/A`, runVerdictCell({ cases: 400, trials: 1, families: 6, shockSd: sd }, pairs, seed), pairs);
    row(w, `shock SD ${sd}, at the margin`, runVerdictCell({ cases: 400, trials: 1, families: 6, shockSd: sd, meanDrop: 0.05 }, pairs, seed), pairs);
  }
  w('\n');
}

/** An rlm-code summary of one run: case i completes when `ok(i)`; `outage(i)` gives it an HTTP 429 instead. */
function rlmRun(n: number, ok: (i: number) => boolean, outage: (i: number) => boolean): Record<string, unknown> {
  const rows = Array.from({ length: n }, (_, i) => {
    const err = outage(i);
    const done = !err && ok(i);
    return {
      case_id: `case_${String(i).padStart(4, '0')}`,
      description: '',
      task: '',
      mode: 'harness',
      environment: 'harness',
      completed: done,
      steps: err ? 0 : 3,
      total_reward: err ? -1 : done ? 1 : 0,
      final_response: '',
      duration_seconds: 1,
      ...(err ? { error: 'openai.RateLimitError: Error code: 429 - rate limit reached' } : {}),
    };
  });
  const sum = (k: string): number => rows.reduce((a, r) => a + (r[k as keyof (typeof rows)[number]] as number), 0);
  return {
    benchmark_id: 'sim',
    preset: 'suite',
    mode: 'harness',
    mcp_enabled: false,
    mcp_server: null,
    harness_strategy: 'tool_call',
    source: 'builtin',
    description: '',
    pack_paths: [],
    total_cases: n,
    attempted_cases: n,
    completed_cases: rows.filter((r) => r.completed).length,
    avg_reward: Number((sum('total_reward') / n).toFixed(4)),
    avg_steps: Number((sum('steps') / n).toFixed(2)),
    usage_totals: { total_calls: 0, prompt_tokens: 0, completion_tokens: 0 },
    cancelled: false,
    case_results: rows,
  };
}

function outageCell(w: Write, pairs: number, seed: number): void {
  const n = 400;
  const u = uniform(seed ^ 0x429);
  let reported = 0;
  const verdicts = { point: { hold: 0, inconclusive: 0, promote: 0 }, significant: { hold: 0, inconclusive: 0, promote: 0 } };
  for (let r = 0; r < pairs; r++) {
    const p = suiteProbabilities(n, u);
    const bOk = p.map((q) => u() < q);
    const cOk = p.map((q) => u() < q);
    const hit = new Set<number>();
    while (hit.size < 12) hit.add(Math.floor(u() * n)); // 3% of 400
    const load = (raw: Record<string, unknown>, path: string) => loadedWhole(path, parseSummary(path, raw), NO_FIELDS);
    const base = load(
      rlmRun(
        n,
        (i) => bOk[i] as boolean,
        () => false,
      ),
      'base.json',
    );
    const cand = load(
      rlmRun(
        n,
        (i) => cOk[i] as boolean,
        (i) => hit.has(i),
      ),
      'cand.json',
    );
    for (const decide of ['point', 'significant'] as const) {
      // The whole pipeline a gate runs (pipeline/judge.ts), with the default policy of each decide.
      const cmp = judge({ runs: { baseline: [base], candidate: [cand] }, policy: resolvePolicy(null, { decide }), design: { kind: 'fixed' } }).comparison;
      verdicts[decide][cmp.verdict]++;
      if (decide === 'point') reported += cmp.cases.filter((row) => row.completion_regression && row.candidate_error !== null).length > 0 ? 1 : 0;
    }
  }
  w("**An outage**: an equal agent on 400 cases, 3% of the candidate's cases hit an HTTP 429 (`openai.RateLimitError`):\n\n");
  w('| Policy | a 429 case reported as a completion regression | hold | inconclusive | promote |\n|:--|--:|--:|--:|--:|\n');
  for (const decide of ['point', 'significant'] as const) {
    const v = verdicts[decide];
    w(
      `| ${decide} | ${decide === 'point' ? pct(reported, pairs) : '–'} | ${pct(v.hold, pairs)} | ${pct(v.inconclusive, pairs)} | ${pct(v.promote, pairs)} |\n`,
    );
  }
  w('\n');
}

export function verdictSections(
  w: Write,
  argv: string[],
  runs: number,
  seed: number,
  option: (argv: string[], name: string, fallback: string) => string,
): void {
  const pairs = Number(option(argv, 'pairs', String(runs)));
  const cells = option(argv, 'verdict-cells', 'aa,heldout,shocks,outage').split(',');
  w(`Issue 31's cells: ${pairs} pairs per cell (--pairs), seed ${seed}, default gates and margins, 95%.\n\n`);
  if (cells.includes('aa')) aaCells(w, pairs, seed);
  if (cells.includes('heldout')) familyCells(w, pairs, seed, 'heldout');
  if (cells.includes('shocks')) familyCells(w, pairs, seed, 'shocks');
  if (cells.includes('trials')) familyCells(w, pairs, seed, 'trials');
  if (cells.includes('outage')) outageCell(w, pairs, seed);
}
