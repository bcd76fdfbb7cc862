/**
 * `benchgate history FILE|GLOB...`: a branch's runs as a series (summary files of any format, a
 * benchgate history file, or github-action-benchmark's data.js), the shifts the change-point search
 * finds in it (history/shifts.ts) and, with the configuration's `regression_budget`, the budget since
 * the reference. The reference is resolved with `git rev-parse` in the current directory when it is
 * a tag, and who set it with `git log` on the configuration file; both "unknown" outside a checkout.
 * When a history file keeps merged PRs' verdicts, the gate's record (pipeline/real-effect.ts) judges
 * each against main's runs around its merge: the summary files given, by their commits (the history
 * entries keep figures only, not the cases a paired judgement needs).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';

import { readHead } from '../adapters/parsing/source.js';
import { loadSummary, type RunChoosers } from '../adapters/registry.js';
import { UsageError } from '../errors.js';
import { looksLikeBenchmarkData, parseBenchmarkData } from '../history/benchmark-data.js';
import { budgetHolds, type BudgetState, entryFigures, judgeBudget, type ReferenceMove, type RunFigures } from '../history/budget.js';
import type { GateRecord } from '../history/gate-record.js';
import { type GateVerdictEntry, looksLikeHistory, parseHistory } from '../history/history-file.js';
import { leaderboardEntry } from '../history/leaderboard.js';
import { entryPoints, findShifts, identityRuns, runIdentity, type SeriesPoint, type Shift, SHIFT_METRICS } from '../history/shifts.js';
import { expandInputs } from '../load/glob.js';
import { loadedOf } from '../load/load.js';
import { buildGateRecord } from '../pipeline/real-effect.js';
import { budgetSpecOf, type GateConfig, loadConfig, loadOptionsOf } from '../policy/config-file.js';
import { resolvePolicy } from '../policy/policy.js';
import { renderGateRecord } from '../report/gate-record-report.js';
import { metricName, renderBudget, renderShifts, shortSha } from '../report/history-report.js';
import { table } from '../report/markdown/markdown.js';
import { NO_FIELDS } from '../schema/pack.js';
import type { BenchmarkSummary } from '../schema/summary.js';
import { pyFixed } from '../stats/format.js';
import { configOf, oneOf, readCommandArgs } from './command-args.js';

export interface HistoryCommand {
  command: 'history';
  files: string[];
  config: { path: string; explicit: boolean };
  candidate: string | null;
  metrics: string[] | null;
  /** Shifts smaller than this fraction of the level before are not listed. */
  minChange: number;
  format: 'markdown' | 'json';
  inputFormat: string | null;
}

export const HISTORY_OPTIONS = ['config', 'candidate', 'metric', 'min-change', 'format', 'input-format'] as const;

/** A series point is one run per file: a file of several (a promptfoo output of several providers) cannot be one. */
const HISTORY_CHOOSERS: RunChoosers = {
  none: 'benchgate history reads one run per file: give one file per run (promptfoo: one provider per output), or rank them with benchgate leaderboard',
};

/** Parses the arguments after `history`; null means --help. */
export function parseHistoryArgs(args: readonly string[]): HistoryCommand | null {
  const read = readCommandArgs('history', args, HISTORY_OPTIONS);
  if (read === null) return null;
  const { values, files } = read;
  if (files.length === 0)
    throw new UsageError(`benchgate history needs the runs: summary files or globs, a history file or a data.js: 'benchgate history "runs/main-*.json"'`);
  const format = oneOf('format', values.get('format') ?? 'markdown', ['markdown', 'json'] as const);
  const metric = values.get('metric');
  const minChange = values.get('min-change') ?? '0%';
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(minChange);
  if (pct === null) throw new UsageError(`Invalid value ${JSON.stringify(minChange)} for --min-change: expected a percentage such as 5%`);
  return {
    command: 'history',
    files,
    config: configOf(values.get('config')),
    candidate: values.get('candidate') ?? null,
    metrics:
      metric === undefined
        ? null
        : metric
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    minChange: Number(pct[1]) / 100,
    format,
    inputFormat: values.get('input-format') ?? null,
  };
}

const metaString = (m: Readonly<Record<string, unknown>>, key: string): string | null => (typeof m[key] === 'string' ? (m[key] as string) : null);

/** One summary file as a point: its commit (the metadata's, else the file's name), its figures and its fingerprint; and the summary itself, for the gate's record. */
function summaryRun(file: string, config: GateConfig, inputFormat: string | null): SummaryRun {
  const s = loadSummary(file, { ...loadOptionsOf(config, 'baseline', inputFormat), choose: HISTORY_CHOOSERS });
  const e = leaderboardEntry(file, s, config.pricing ?? {});
  const point = {
    commit: metaString(s.metadata, 'github.sha') ?? metaString(s.metadata, 'git.commit') ?? basename(file),
    when: e.started_at,
    identity: runIdentity(e.model, e.preset, s.metadata),
    values: entryFigures(e),
  };
  return { file, point, summary: s };
}

interface SummaryRun {
  file: string;
  point: SeriesPoint;
  summary: BenchmarkSummary;
}

interface Loaded {
  points: SeriesPoint[];
  metrics: Record<string, 'higher' | 'lower' | null>;
  /** The merged PRs' verdicts of the history files given. */
  verdicts: GateVerdictEntry[];
  /** The summary files, in run order: main's runs with their cases, for the record. */
  summaries: SummaryRun[];
}

/** The inputs, in the order given: a history file's or data.js's runs as they are; summaries by start time. */
function loadRuns(cmd: HistoryCommand, config: GateConfig): Loaded {
  const out: Loaded = { points: [], metrics: {}, verdicts: [], summaries: [] };
  const summaries: SummaryRun[] = [];
  for (const file of expandInputs('history', cmd.files, process.cwd())) {
    const head = statSync(file, { throwIfNoEntry: false })?.isFile() ? readHead(file) : '';
    if (looksLikeHistory(head)) {
      const h = parseHistory(readFileSync(file, 'utf8'), file);
      out.points.push(...entryPoints(h.entries));
      out.verdicts.push(...(h.verdicts ?? []));
      Object.assign(out.metrics, SHIFT_METRICS);
    } else if (looksLikeBenchmarkData(head)) {
      const data = parseBenchmarkData(readFileSync(file, 'utf8'), file);
      out.points.push(...data.points);
      Object.assign(out.metrics, data.metrics);
    } else {
      summaries.push(summaryRun(file, config, cmd.inputFormat));
      Object.assign(out.metrics, SHIFT_METRICS);
    }
  }
  // Summaries in the order they ran when each says when; otherwise in the order of the file names.
  if (summaries.every((r) => r.point.when !== null)) summaries.sort((a, b) => Date.parse(a.point.when as string) - Date.parse(b.point.when as string));
  out.points.push(...summaries.map((r) => r.point));
  out.summaries = summaries;
  if (cmd.metrics !== null) {
    const unknown = cmd.metrics.filter((m) => !(m in out.metrics));
    if (unknown.length > 0)
      throw new UsageError(
        `--metric ${unknown.map((m) => JSON.stringify(m)).join(', ')}: not in these runs; they have ${Object.keys(out.metrics).slice(0, 20).join(', ')}`,
      );
    out.metrics = Object.fromEntries(cmd.metrics.map((m) => [m, out.metrics[m] ?? null]));
  }
  return out;
}

function git(args: string[]): string | null {
  const r = spawnSync('git', args, { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Who last changed the configuration's reference line, from `git log`; null outside a checkout. */
function referenceMove(configPath: string): ReferenceMove | null {
  const line = git(['log', '-1', '--format=%H%x09%an%x09%aI', '-G', '^\\s*reference\\s*:', '--', configPath]);
  const [commit, author, date] = (line ?? '').split('\t');
  return commit && /^[0-9a-f]{40,64}$/.test(commit) ? { commit, author: author || null, date: date || null } : null;
}

const figuresOf = (p: SeriesPoint): RunFigures => ({
  completion_rate: p.values['completion_rate'] ?? null,
  reward: p.values['reward'] ?? null,
  steps: p.values['steps'] ?? null,
  cost: p.values['cost'] ?? null,
});

/** The budget since the configuration's reference for the candidate (the newest run, or --candidate); null without a budget. */
function budgetState(cmd: HistoryCommand, config: GateConfig, points: readonly SeriesPoint[]): BudgetState | null {
  const spec = budgetSpecOf(config);
  if (spec === null) return null;
  const last = points[points.length - 1];
  const candidate = cmd.candidate !== null ? summaryRun(cmd.candidate, config, cmd.inputFormat).point : last;
  if (candidate === undefined) return null;
  const sha = /^[0-9a-f]{7,64}$/.test(spec.reference) ? spec.reference : git(['rev-parse', '--verify', '--quiet', `${spec.reference}^{commit}`]);
  const moved = cmd.config.explicit || statSync(cmd.config.path, { throwIfNoEntry: false }) ? referenceMove(cmd.config.path) : null;
  if (sha === null) {
    const problem = `the reference ${spec.reference} is not a commit here (run benchgate history in a checkout with the tag fetched, or name the commit)`;
    return judgeBudget(spec, { commit: null, runs: [], problem, moved }, figuresOf(candidate));
  }
  const runs = points.filter((p) => p.commit.startsWith(sha)).map(figuresOf);
  const commit = points.find((p) => p.commit.startsWith(sha))?.commit ?? sha;
  return judgeBudget(spec, { commit, runs, moved }, figuresOf(candidate));
}

const value = (metric: string, x: number | null | undefined): string =>
  x === null || x === undefined ? '' : metric === 'completion_rate' ? `${pyFixed(x * 100, 1)}%` : String(Number(x.toPrecision(5)));

/** The series as a table: every run, the metrics shown (at most 6), ◆ where a shift starts. */
function seriesTable(points: readonly SeriesPoint[], metrics: readonly string[], shifts: readonly Shift[]): string[] {
  const starts = new Set(shifts.map((s) => s.index));
  const shown = metrics.slice(0, 6);
  const rows = points.map((p, i) => [
    `${starts.has(i) ? '◆ ' : ''}${shortSha(p.commit, 60)}`,
    p.when?.slice(0, 10) ?? '',
    ...shown.map((m) => value(m, p.values[m])),
  ]);
  const more =
    metrics.length > shown.length ? [`${metrics.length - shown.length} more metrics are searched and not shown here (--metric picks them).`, ''] : [];
  return [...table(['Run', 'When', ...shown.map(metricName)], ['left', 'left', ...shown.map(() => 'right' as const)], rows), '', ...more];
}

/** The gate's record of the history files' verdicts, against the summaries given as main's runs (pipeline/real-effect.ts). */
function recordOf(verdicts: readonly GateVerdictEntry[], summaries: readonly SummaryRun[], config: GateConfig): GateRecord {
  const policy = resolvePolicy(config);
  const keep = loadOptionsOf(config, 'baseline').keep ?? NO_FIELDS;
  const runs = summaries.map((r) => ({ commit: r.point.commit, run: loadedOf(r.file, r.summary, keep) }));
  return buildGateRecord(verdicts, runs, policy);
}

/** Loads the runs, finds the shifts and the budget state; the text and whether the budget holds. */
export function runHistory(cmd: HistoryCommand): { text: string; holds: boolean } {
  const config = loadConfig(cmd.config.path, cmd.config.explicit) ?? {};
  const { points, metrics, verdicts, summaries } = loadRuns(cmd, config);
  const shifts = findShifts(points, metrics, { minChange: cmd.minChange });
  const budget = budgetState(cmd, config, points);
  const series = identityRuns(points);
  const holds = budget !== null && budgetHolds(budget);
  const record = verdicts.length === 0 ? null : recordOf(verdicts, summaries, config);
  if (cmd.format === 'json') {
    const text = JSON.stringify({ runs: points.length, series: series.map(([start, end]) => ({ start, end })), points, shifts, budget, record }, null, 2);
    return { text: `${text}\n`, holds };
  }
  const breaks = series.slice(1).map(([start]) => shortSha(points[start]?.commit ?? '', 60));
  const lines = [
    `## benchgate history: ${points.length} run${points.length === 1 ? '' : 's'}, ${series.length} series`,
    '',
    ...(breaks.length > 0
      ? [`A new series starts where the fingerprint (model, preset, scoring version, dataset, suite, tool) changes: at ${breaks.join(', ')}.`, '']
      : []),
    ...seriesTable(points, Object.keys(metrics), shifts),
    ...renderShifts(shifts, null, points.length),
    ...(budget === null ? [] : renderBudget(budget)),
    ...(record === null ? [] : renderGateRecord(record)),
  ];
  return { text: `${lines.join('\n')}\n`, holds };
}
